#pragma once

#include <Eigen/Core>

#include <cstddef>

namespace sml {

/// A small process-wide pool of large row-major matrix buffers (issue 19, "stop paying page
/// faults").
///
/// Every edit makes a new Analysis whose m×T matrices (f and w: 2 MB each at T = 512, 32 MB at
/// T = 2048) come from fresh memory: glibc maps each one and the kernel faults and zeroes every
/// page of it on first touch, a quarter to half of the recompute at T = 512–2048 (measured in
/// docs/performance.md). An Analysis gives its matrices back here when it dies and the next one
/// takes them, with their pages already mapped.
///
/// Limits: only buffers of at least kMinBytes and at most kMaxBufferBytes are kept, at most
/// kMaxBuffers of them and kMaxTotalBytes in all (so T = 4096, 134 MB a matrix, is never held:
/// the peak-memory target of issue 5 stays met). Thread-safe (the analysis worker gives and
/// takes on its own thread).
class MatrixPool
{
public:
    using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

    static constexpr std::size_t kMinBytes = 256 * 1024;
    static constexpr std::size_t kMaxBufferBytes = 40 * 1024 * 1024;
    static constexpr std::size_t kMaxTotalBytes = 160 * 1024 * 1024;
    static constexpr int kMaxBuffers = 64; // a model of H heads gives back 2·H at a time

    /// A rows×cols matrix with unspecified contents: a pooled buffer of exactly that many
    /// entries when there is one (no allocation), else a fresh one.
    static RowMatrix take(Eigen::Index rows, Eigen::Index cols);
    /// Hands a matrix's buffer to the pool (or frees it when it is outside the limits); leaves
    /// `matrix` empty.
    static void give(RowMatrix &matrix);
    /// Frees every pooled buffer (tests, and the memory benchmark's baseline).
    static void clear();
    /// Bytes held by the pool now.
    static std::size_t heldBytes();
};

} // namespace sml
