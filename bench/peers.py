#!/usr/bin/python3
"""Peers of bench/run.sh (issue 5), on the same machine in the same run.

Run with Debian's interpreter (/usr/bin/python3: python3-numpy, python3-torch,
python3-matplotlib). For each (T, d_k), m = T, d_v = d_k, float64, entries N(0, 1):

  - NumPy and PyTorch CPU: softmax(Q Kᵀ / τ) V plus the entropy of every row, each given its
    best footing (in-place NumPy; PyTorch's fused log_softmax under inference_mode, with 1 and
    with 2 threads, the faster kept). Both use the BLAS they are linked to; which one is printed
    (the shared object actually mapped into the process, numpy.show_config and
    torch.__config__.show()).
  - matplotlib (Agg): the same heatmap (imshow of W with a colour bar) plus an entropy line plot
    in one 1200×800 figure; "update" = set_data + canvas.draw() (a live figure), "notebook" =
    build the figure and draw it (re-running a notebook cell).

Prints one JSON object per line (like bench_core and bench_window).
"""
import argparse
import io
import json
import math
import os
import statistics
import sys
import time
from contextlib import redirect_stdout


def sizes(text):
    out = []
    for part in text.split(','):
        t, d = part.split('x')
        out.append((int(t), int(d)))
    return out


def repeat(body, min_reps=5, min_s=0.6, max_reps=200, warmup=1):
    for _ in range(warmup):
        body()
    times = []
    start = time.perf_counter()
    while len(times) < max_reps and (len(times) < min_reps or time.perf_counter() - start < min_s):
        t0 = time.perf_counter()
        body()
        times.append((time.perf_counter() - t0) * 1e3)
    return times


def mapped_blas():
    """The BLAS/LAPACK shared objects mapped into this process (resolved paths)."""
    libs = []
    with open('/proc/self/maps') as maps:
        for line in maps:
            path = line.split()[-1] if len(line.split()) >= 6 else ''
            name = os.path.basename(path)
            if any(k in name for k in ('blas', 'lapack', 'mkl', 'blis')) and path not in libs:
                libs.append(path)
    return libs


def numpy_attention(np, Q, K, V, tau):
    S = Q @ K.T
    S *= 1.0 / tau
    M = S.max(axis=1, keepdims=True)
    S -= M                      # s − M
    W = np.exp(S)
    Z = W.sum(axis=1, keepdims=True)
    W /= Z
    O = W @ V
    H = np.log(Z[:, 0]) - np.einsum('ij,ij->i', W, S)   # H = log S − Σ w (s − M)
    return W, O, H


def torch_attention(torch, Q, K, V, tau):
    S = (Q @ K.T) / tau
    L = torch.log_softmax(S, dim=1)
    W = torch.exp(L)
    O = W @ V
    H = -(W * L).sum(dim=1)
    return W, O, H


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--sizes', default='3x2,64x16,512x64,2048x64,4096x64')
    ap.add_argument('--min-s', type=float, default=0.6)
    ap.add_argument('--no-plot', action='store_true')
    args = ap.parse_args()

    import numpy as np
    import torch

    rng = np.random.default_rng(5)
    # Warm both BLAS up so that their libraries are mapped before we report them.
    a = rng.standard_normal((64, 64))
    _ = a @ a
    _ = torch.from_numpy(a) @ torch.from_numpy(a)

    buf = io.StringIO()
    with redirect_stdout(buf):
        np.show_config()
    numpy_config = [l.strip() for l in buf.getvalue().splitlines()
                    if 'libraries' in l or 'NOT AVAILABLE' not in l and 'blas' in l.lower()]
    torch_config = [l.strip() for l in torch.__config__.show().splitlines()
                    if 'BLAS' in l or 'OpenMP' in l or 'CPU capability' in l]
    torch_blas = ''
    for l in torch_config:
        for part in l.split(','):
            if 'BLAS_INFO' in part:
                torch_blas = part.strip()
    info = {
        'bench': 'peers-info',
        'python': sys.version.split()[0],
        'numpy': np.__version__,
        'torch': torch.__version__,
        'mapped_blas': mapped_blas(),
        'numpy_show_config_blas': numpy_config[:6],
        'torch_blas_info': torch_blas,
        'torch_default_threads': torch.get_num_threads(),
        'openblas_coretype': os.environ.get('OPENBLAS_CORETYPE', '(auto)'),
        'openblas_num_threads': os.environ.get('OPENBLAS_NUM_THREADS', '(default)'),
    }
    if not args.no_plot:
        import matplotlib
        matplotlib.use('Agg')
        info['matplotlib'] = matplotlib.__version__
    print(json.dumps(info), flush=True)

    if not args.no_plot:
        import matplotlib.pyplot as plt

    default_threads = torch.get_num_threads()
    for T, d in sizes(args.sizes):
        Q = rng.standard_normal((T, d))
        K = rng.standard_normal((T, d))
        V = rng.standard_normal((T, d))
        tau = math.sqrt(d)
        out = {'bench': 'peers', 'T': T, 'd_k': d}

        out['numpy_ms'] = statistics.median(
            repeat(lambda: numpy_attention(np, Q, K, V, tau), min_s=args.min_s))

        tq, tk, tv = (torch.from_numpy(x.copy()) for x in (Q, K, V))
        best = None
        for threads in sorted({1, 2, default_threads}):
            torch.set_num_threads(threads)
            with torch.inference_mode():
                ms = statistics.median(
                    repeat(lambda: torch_attention(torch, tq, tk, tv, tau), min_s=args.min_s))
            out[f'torch_{threads}thr_ms'] = ms
            if best is None or ms < best[0]:
                best = (ms, threads)
        torch.set_num_threads(default_threads)
        out['torch_ms'], out['torch_threads'] = best

        # Both peers agree (a check that they compute the same thing).
        Wn, On, Hn = numpy_attention(np, Q, K, V, tau)
        with torch.inference_mode():
            Wt, Ot, Ht = torch_attention(torch, tq, tk, tv, tau)
        out['peers_max_abs_diff'] = float(max(np.abs(Wn - Wt.numpy()).max(),
                                              np.abs(Hn - Ht.numpy()).max()))

        if not args.no_plot:
            def build():
                fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 8), dpi=100,
                                               gridspec_kw={'width_ratios': [3, 2]})
                im = ax1.imshow(Wn, aspect='auto', interpolation='nearest', cmap='viridis',
                                vmin=0, vmax=1)
                fig.colorbar(im, ax=ax1, label='weight w')
                ax1.set_xlabel('keys')
                ax1.set_ylabel('queries')
                ax1.set_title('Attention weights')
                line, = ax2.plot(np.arange(T), Hn, lw=1.5, label='entropy H')
                ax2.plot(np.arange(T), np.full(T, math.log(T)), '--', label='log |V|')
                ax2.set_xlabel('query')
                ax2.set_ylabel('H (nats)')
                ax2.legend()
                return fig, im, line

            fig, im, line = build()
            fig.canvas.draw()

            def update():
                im.set_data(Wn)
                line.set_ydata(Hn)
                fig.canvas.draw()

            out['mpl_update_ms'] = statistics.median(repeat(update, min_s=args.min_s))
            plt.close(fig)

            def notebook():
                f, _, _ = build()
                f.canvas.draw()
                plt.close(f)

            out['mpl_notebook_ms'] = statistics.median(repeat(notebook, min_s=args.min_s))
        print(json.dumps(out), flush=True)


if __name__ == '__main__':
    main()
