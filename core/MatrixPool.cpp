#include "MatrixPool.h"

#include <mutex>
#include <vector>

namespace sml {

namespace {

std::mutex gMutex;
std::vector<MatrixPool::RowMatrix> gBuffers; // guarded by gMutex; newest last

std::size_t bytesOf(const MatrixPool::RowMatrix &m)
{
    return std::size_t(m.size()) * sizeof(double);
}

std::size_t heldLocked()
{
    std::size_t total = 0;
    for (const MatrixPool::RowMatrix &b : gBuffers)
        total += bytesOf(b);
    return total;
}

} // namespace

MatrixPool::RowMatrix MatrixPool::take(Eigen::Index rows, Eigen::Index cols)
{
    RowMatrix out;
    const Eigen::Index size = rows * cols;
    if (std::size_t(size) * sizeof(double) >= kMinBytes) {
        const std::lock_guard<std::mutex> lock(gMutex);
        for (auto it = gBuffers.rbegin(); it != gBuffers.rend(); ++it) {
            if (it->size() == size) {
                out.swap(*it);
                gBuffers.erase(std::next(it).base());
                break;
            }
        }
    }
    out.resize(rows, cols); // keeps the storage when the number of entries is unchanged
    return out;
}

void MatrixPool::give(RowMatrix &matrix)
{
    const std::size_t bytes = bytesOf(matrix);
    if (bytes < kMinBytes || bytes > kMaxBufferBytes) {
        matrix.resize(0, 0);
        return;
    }
    RowMatrix victim; // freed outside the lock
    {
        const std::lock_guard<std::mutex> lock(gMutex);
        gBuffers.emplace_back();
        gBuffers.back().swap(matrix);
        while (int(gBuffers.size()) > kMaxBuffers || heldLocked() > kMaxTotalBytes) {
            victim.swap(gBuffers.front()); // the oldest goes
            gBuffers.erase(gBuffers.begin());
            RowMatrix().swap(victim);
        }
    }
    matrix.resize(0, 0);
}

void MatrixPool::clear()
{
    std::vector<RowMatrix> freed;
    {
        const std::lock_guard<std::mutex> lock(gMutex);
        freed.swap(gBuffers);
    }
}

std::size_t MatrixPool::heldBytes()
{
    const std::lock_guard<std::mutex> lock(gMutex);
    return heldLocked();
}

} // namespace sml
