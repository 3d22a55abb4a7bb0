#!/usr/bin/python3
"""Start-up of bench/run.sh (issue 5): process start → first frame painted.

Runs `softmaxlab [FILE]` with SOFTMAXLAB_BENCH_FIRST_PAINT=1 (a bench-only switch: the window
prints the time since the process started at its first paint showing the open scenario's
Analysis, then quits; see ui/window/FirstPaintProbe.h) and SOFTMAXLAB_BENCH_T0_NS = CLOCK_MONOTONIC
just before the fork. Also records the wall time to exit and the child's peak RSS (wait4).

    startup.py APP [FILE] --runs N --label NAME      → one JSON line
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('app')
    ap.add_argument('file', nargs='?')
    ap.add_argument('--runs', type=int, default=10)
    ap.add_argument('--label', default='default scenario')
    ap.add_argument('--build', default='native')
    ap.add_argument('--T', type=int, default=3)
    args = ap.parse_args()

    first_paint, to_exit, rss = [], [], []
    for _ in range(args.runs):
        env = dict(os.environ)
        env['SOFTMAXLAB_BENCH_FIRST_PAINT'] = '1'
        t0 = time.monotonic_ns()
        env['SOFTMAXLAB_BENCH_T0_NS'] = str(t0)
        cmd = [args.app] + ([args.file] if args.file else [])
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        t1 = time.monotonic_ns()
        proc.returncode = os.waitstatus_to_exitcode(status)
        err = proc.stderr.read().decode('utf-8', 'replace')
        m = re.search(r'first-paint-ms=([0-9.]+)', err)
        if not m or proc.returncode != 0:
            print(json.dumps({'bench': 'startup', 'label': args.label, 'error': err[-2000:],
                              'exit': proc.returncode}), flush=True)
            return 1
        first_paint.append(float(m.group(1)))
        to_exit.append((t1 - t0) / 1e6)
        rss.append(usage.ru_maxrss / 1024.0)  # kB → MB
    print(json.dumps({
        'bench': 'startup', 'label': args.label, 'build': args.build, 'T': args.T,
        'runs': args.runs,
        'first_paint_ms': statistics.median(first_paint),
        'first_paint_min_ms': min(first_paint),
        'process_to_exit_ms': statistics.median(to_exit),
        'peak_rss_mb': max(rss),
    }), flush=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
