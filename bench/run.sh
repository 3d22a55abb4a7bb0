#!/usr/bin/env bash
# The benchmarks of issue 5 (docs/performance.md): builds SoftmaxLab in Release twice, tuned to
# this machine (-march=native + OpenMP, as scripts/run.sh does) and portable (the baseline a
# package would ship), then prints one table of medians over repeated runs, with every target
# and "met" or "missed".
#
#   bench/run.sh            the table
#   bench/run.sh --json     the same numbers as one JSON document
#   bench/run.sh --quick    shorter measurements, no portable build (for a try-out)
#
# Measures, for (T, d_k) ∈ {(3,2), (64,16), (512,64), (2048,64), (4096,64)}, m = T, d_v = d_k:
#   core     the recompute after one edit (validation + Analysis), bench/bench_core
#   window   edit → every visible view replotted, offscreen, on the real MainWindow, and the
#            longest stall of the GUI thread during a drag, bench/bench_window
#   start-up process start → first frame painted (default scenario; and a T = 4096 file),
#            with the window's bench-only first-paint probe, bench/startup.py
#   memory   peak RSS at T = 4096
#   peers    NumPy and PyTorch (float64, OpenBLAS) and a matplotlib Agg redraw, bench/peers.py
#
# Other processes skew every number: the load average before and after is printed with the
# table. Environment: SML_BENCH_OUT=DIR keeps the raw JSON lines in DIR.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/setup.sh"

json=0
quick=0
for arg in "$@"; do
  case "$arg" in
    --json) json=1 ;;
    --quick) quick=1 ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "bench/run.sh: unknown argument '$arg'" >&2; exit 64 ;;
  esac
done

# Progress goes to stderr; stdout carries only the table (or the JSON).
log() { echo "bench: $*" >&2; }

sml_install_packages python3-numpy python3-torch python3-matplotlib libopenblas0-pthread xauth
PY=/usr/bin/python3 # Debian's interpreter, which has numpy, torch and matplotlib

launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
jobs="$(nproc)"
build() { # dir, extra cmake args…
  local dir="$1"
  shift
  cmake -S "$SML_ROOT" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DSOFTMAXLAB_BUILD_TESTS=OFF \
    -DSOFTMAXLAB_BUILD_BENCH=ON "${launcher[@]}" "$@" >&2
  cmake --build "$dir" --parallel "$jobs" --target softmaxlab bench_core bench_window \
    bench_makefile >&2
}
native="$SML_ROOT/build/native" # the build scripts/run.sh makes
portable="$SML_ROOT/build/bench-portable"
log "building $native (-march=native, OpenMP)"
build "$native" -DSOFTMAXLAB_NATIVE=ON -DSOFTMAXLAB_OPENMP=ON
builds=(native)
if [ "$quick" = 0 ]; then
  log "building $portable (portable baseline, OpenMP)"
  build "$portable" -DSOFTMAXLAB_NATIVE=OFF -DSOFTMAXLAB_OPENMP=ON
  builds+=(portable)
fi

out="${SML_BENCH_OUT:-$(mktemp -d /tmp/softmaxlab-bench.XXXXXX)}"
mkdir -p "$out"
: >"$out/results.jsonl"
# A private home: no QSettings, recovery copies or recent files of a real session.
export HOME="$out/home" XDG_CONFIG_HOME="$out/home/.config" XDG_DATA_HOME="$out/home/.local/share"
export XDG_CACHE_HOME="$out/home/.cache" XDG_RUNTIME_DIR="$out/home/run"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
export QT_QPA_PLATFORM=offscreen

sizes=(3x2 64x16 512x64 2048x64 4096x64)
min_ms=800
runs=10
if [ "$quick" = 1 ]; then
  min_ms=250
  runs=4
fi

tag() { # adds "build": NAME to each JSON line of stdin
  "$PY" -c 'import json,sys
for l in sys.stdin:
    l = l.strip()
    if l.startswith("{"):
        o = json.loads(l); o.setdefault("build", sys.argv[1]); print(json.dumps(o), flush=True)' "$1"
}

{
  echo "{\"bench\": \"machine\", \"load_before\": \"$(cut -d' ' -f1-3 /proc/loadavg)\", \"date\": \"$(date -Iseconds)\", \"cpu\": \"$(lscpu | sed -n 's/^Model name: *//p' | head -1)\", \"cores\": $(nproc), \"flags_avx2\": $(grep -qw avx2 /proc/cpuinfo && echo true || echo false), \"flags_avx512f\": $(grep -qw avx512f /proc/cpuinfo && echo true || echo false), \"commit\": \"$(git -C "$SML_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)\", \"dirty\": $(git -C "$SML_ROOT" diff --quiet 2>/dev/null && echo false || echo true)}"
} >>"$out/results.jsonl"

for b in "${builds[@]}"; do
  dir="$native"; [ "$b" = portable ] && dir="$portable"
  log "core ($b)"
  "$dir/bench/bench_core" --min-ms "$min_ms" | tag "$b" >>"$out/results.jsonl"
  for size in "${sizes[@]}"; do
    T="${size%x*}"
    drag=()
    if [ "$T" -ge 512 ]; then drag=(--drag); fi
    log "window $size ($b)"
    "$dir/bench/bench_window" --size "$size" --min-ms "$min_ms" "${drag[@]}" 2>/dev/null |
      tag "$b" >>"$out/results.jsonl"
  done
  log "window model H=8 d_model=512 T=512 ($b)"
  "$dir/bench/bench_window" --model 8x512x512 --min-ms "$min_ms" --drag 2>/dev/null |
    tag "$b" >>"$out/results.jsonl"
  log "start-up ($b)"
  "$dir/bench/bench_makefile" 4096 64 "$out/t4096.softmaxlab.json"
  "$PY" "$SML_ROOT/bench/startup.py" "$dir/app/softmaxlab" --runs "$runs" --build "$b" \
    --label "default scenario" --T 3 >>"$out/results.jsonl"
  "$PY" "$SML_ROOT/bench/startup.py" "$dir/app/softmaxlab" "$out/t4096.softmaxlab.json" \
    --runs "$((runs / 2 > 2 ? runs / 2 : 3))" --build "$b" --label "open T=4096 file" --T 4096 \
    >>"$out/results.jsonl"
done

if command -v hyperfine >/dev/null; then
  log "start-up cross-check with hyperfine (process start → exit, after the first paint)"
  SOFTMAXLAB_BENCH_FIRST_PAINT=1 hyperfine --warmup 2 --runs "$runs" --style none \
    --export-json "$out/hyperfine.json" "$native/app/softmaxlab" >/dev/null 2>&1 || true
  if [ -s "$out/hyperfine.json" ]; then
    "$PY" -c 'import json,sys
r = json.load(open(sys.argv[1]))["results"][0]
print(json.dumps({"bench": "hyperfine", "build": "native", "median_ms": r["median"] * 1e3, "mean_ms": r["mean"] * 1e3, "runs": len(r["times"])}))' "$out/hyperfine.json" >>"$out/results.jsonl"
  fi
fi

peer_sizes="$(IFS=,; echo "${sizes[*]}")"
peer_min_s="$("$PY" -c "print($min_ms / 1000)")"
log "peers (NumPy, PyTorch, matplotlib) with OPENBLAS_CORETYPE=${OPENBLAS_CORETYPE:-auto}"
"$PY" "$SML_ROOT/bench/peers.py" --sizes "$peer_sizes" --min-s "$peer_min_s" |
  tag "openblas-${OPENBLAS_CORETYPE:-auto}" >>"$out/results.jsonl"
# OpenBLAS 0.3.21 predates this CPU; try its AVX-512 kernels too and keep the faster peer.
if grep -qw avx512f /proc/cpuinfo && [ "${OPENBLAS_CORETYPE:-}" != SkylakeX ]; then
  log "peers again with OPENBLAS_CORETYPE=SkylakeX"
  OPENBLAS_CORETYPE=SkylakeX "$PY" "$SML_ROOT/bench/peers.py" --sizes "$peer_sizes" \
    --min-s "$peer_min_s" --no-plot | tag openblas-SkylakeX >>"$out/results.jsonl"
fi

echo "{\"bench\": \"machine-after\", \"load_after\": \"$(cut -d' ' -f1-3 /proc/loadavg)\"}" \
  >>"$out/results.jsonl"
log "raw results in $out/results.jsonl"
if [ "$json" = 1 ]; then
  "$PY" "$SML_ROOT/bench/report.py" --json "$out/results.jsonl"
else
  "$PY" "$SML_ROOT/bench/report.py" "$out/results.jsonl"
fi
