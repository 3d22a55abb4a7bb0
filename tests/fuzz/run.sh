#!/usr/bin/env bash
# Fuzzes the three readers of untrusted input with libFuzzer (issue 6, "Fuzzing"):
#   scenario  ScenarioIo::parse   (fuzz_scenario.cpp, dictionary json.dict)
#   csv       CsvMatrix::parse    (fuzz_csv.cpp,      dictionary csv.dict)
#   npy       NpyMatrix::parse    (fuzz_npy.cpp,      dictionary npy.dict)
#
#   tests/fuzz/run.sh SECONDS [TARGET...]     default: all three, one after the other
#
# Builds with clang-14 -fsanitize=fuzzer,address,undefined, compiling core/*.cpp directly against
# Qt6Core and Eigen (Qt itself is not instrumented, so progress is judged by the coverage of our
# own code). Runs each target for SECONDS on a working corpus in $SML_FUZZ_DIR/corpus/<target>,
# seeded from tests/fuzz/corpus/<target> (valid and near-valid files), the bad-input catalog
# tests/data/bad/<target> and, for scenarios, the numerical extremes of tests/data/extremes.
# Then replays each working corpus through a build with -fprofile-instr-generate
# -fcoverage-mapping and prints the exec counts and the line coverage of core/ (llvm-profdata-14,
# llvm-cov-14).
#
# Environment:
#   SML_FUZZ_DIR      work directory (default build/fuzz)
#   SML_FUZZ_JOBS     targets run at once (default 1; this project's machines have 2 cores)
#   SML_FUZZ_MAX_LEN  libFuzzer -max_len (default 16384)
#   SML_FUZZ_COVERAGE 0 skips the coverage build and report
#
# A crash leaves its input in $SML_FUZZ_DIR/artifacts/<target>/ and makes the script exit 1.
# Keep every crash input, once fixed, in tests/fuzz/crashes/: ctest replays that directory.
set -euo pipefail

usage() { sed -n '2,24p' "$0"; }
if [ $# -lt 1 ] || ! [[ "$1" =~ ^[0-9]+$ ]]; then
  usage >&2
  exit 64
fi
seconds="$1"
shift
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(scenario csv npy)
fi
for t in "${targets[@]}"; do
  case "$t" in scenario|csv|npy) ;; *) echo "run.sh: unknown target '$t'" >&2; exit 64 ;; esac
done

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${SML_FUZZ_DIR:-$root/build/fuzz}"
jobs="${SML_FUZZ_JOBS:-1}"
maxlen="${SML_FUZZ_MAX_LEN:-16384}"
coverage="${SML_FUZZ_COVERAGE:-1}"
cxx=clang++-14
mkdir -p "$out"

for tool in "$cxx" llvm-profdata-14 llvm-cov-14 pkg-config; do
  command -v "$tool" >/dev/null || { echo "run.sh: $tool not found (apt-get install clang-14 libclang-rt-14-dev llvm-14)" >&2; exit 1; }
done

# shellcheck disable=SC2207
qt_cflags=($(pkg-config --cflags Qt6Core))
# shellcheck disable=SC2207
qt_libs=($(pkg-config --libs Qt6Core))
common=(-std=c++20 -g -fPIC -fno-omit-frame-pointer -I"$root/core" -I/usr/include/eigen3
        "${qt_cflags[@]}" -DQT_NO_DEBUG_OUTPUT -w)
declare -A flavour_flags=(
  [asan]="-O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined"
  [cov]="-O1 -fsanitize=fuzzer-no-link -fprofile-instr-generate -fcoverage-mapping"
)
declare -A flavour_link=(
  [asan]="-fsanitize=fuzzer,address,undefined"
  [cov]="-fsanitize=fuzzer -fprofile-instr-generate"
)

# Compiles SOURCE into OBJECT when the object is older than the source or any header it may use
# (core/, tests/fuzz/ and tests/core/JsonChecks.h).
compile() {
  local flavour="$1" src="$2" obj="$3"
  if [ -f "$obj" ] && [ "$obj" -nt "$src" ] && [ -z "$(find "$root/core" "$here" "$root/tests/core/JsonChecks.h" -name '*.h' -newer "$obj" | head -1)" ]; then
    return 0
  fi
  # shellcheck disable=SC2086
  "$cxx" "${common[@]}" ${flavour_flags[$flavour]} -c "$src" -o "$obj"
}

build() {
  local flavour="$1" dir="$out/$1"
  mkdir -p "$dir/obj"
  local jobs_list=()
  for src in "$root"/core/*.cpp "$here"/fuzz_*.cpp; do
    jobs_list+=("$src" "$dir/obj/$(basename "$src" .cpp).o")
  done
  echo "== building $flavour targets in $dir" >&2
  local i pids=() n=0 maxp
  maxp="$(nproc)"
  for ((i = 0; i < ${#jobs_list[@]}; i += 2)); do
    compile "$flavour" "${jobs_list[i]}" "${jobs_list[i+1]}" &
    pids+=($!)
    n=$((n + 1))
    if [ "$n" -ge "$maxp" ]; then
      wait "${pids[0]}"
      pids=("${pids[@]:1}")
      n=$((n - 1))
    fi
  done
  for p in "${pids[@]}"; do wait "$p"; done
  local core_objs=()
  for src in "$root"/core/*.cpp; do core_objs+=("$dir/obj/$(basename "$src" .cpp).o"); done
  for t in "${targets[@]}"; do
    # shellcheck disable=SC2086
    "$cxx" ${flavour_link[$flavour]} "$dir/obj/fuzz_$t.o" "${core_objs[@]}" "${qt_libs[@]}" -o "$dir/fuzz_$t"
  done
}

build asan
if [ "$coverage" != 0 ]; then
  build cov
fi

dict_of() {
  case "$1" in scenario) echo "$here/json.dict" ;; *) echo "$here/$1.dict" ;; esac
}

seeds_of() {
  echo "$here/corpus/$1" "$root/tests/data/bad/$1"
  if [ "$1" = scenario ]; then echo "$root/tests/data/extremes"; fi
}

run_target() {
  local t="$1"
  mkdir -p "$out/corpus/$t" "$out/artifacts/$t" "$out/log"
  echo "== fuzzing $t for $seconds s (log: $out/log/$t.log)" >&2
  local rc=0
  ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$out/asan/fuzz_$t" -max_total_time="$seconds" -max_len="$maxlen" -timeout=20 \
      -rss_limit_mb=2048 -print_final_stats=1 -dict="$(dict_of "$t")" \
      -artifact_prefix="$out/artifacts/$t/" "$out/corpus/$t" $(seeds_of "$t") \
      >"$out/log/$t.log" 2>&1 || rc=$?
  echo "$rc" >"$out/log/$t.rc"
}

pids=()
for t in "${targets[@]}"; do
  run_target "$t" &
  pids+=($!)
  if [ "${#pids[@]}" -ge "$jobs" ]; then
    wait "${pids[0]}"
    pids=("${pids[@]:1}")
  fi
done
for p in "${pids[@]}"; do wait "$p"; done

status=0
echo
echo "== results ($seconds s per target)"
for t in "${targets[@]}"; do
  rc="$(cat "$out/log/$t.rc")"
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log/$t.log" | tail -1)"
  rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$out/log/$t.log" | tail -1)"
  edges="$(grep -o 'cov: [0-9]*' "$out/log/$t.log" | tail -1 | cut -d' ' -f2)"
  units="$(find "$out/corpus/$t" -type f | wc -l)"
  printf '%-9s execs %-12s exec/s %-7s edges %-6s corpus %-6s exit %s\n' \
    "$t" "${execs:-?}" "${rate:-?}" "${edges:-?}" "$units" "$rc"
  if [ "$rc" != 0 ]; then
    status=1
    echo "   crash or invariant broken; see $out/log/$t.log and $out/artifacts/$t/" >&2
    grep -m5 -E 'ERROR|runtime error|invariant broken|SUMMARY' "$out/log/$t.log" >&2 || true
  fi
done

if [ "$coverage" != 0 ]; then
  echo
  echo "== line coverage of core/ (corpus replayed through the coverage build)"
  rm -f "$out/cov/"*.profraw
  objects=()
  for t in "${targets[@]}"; do
    LLVM_PROFILE_FILE="$out/cov/$t.profraw" ASAN_OPTIONS=detect_leaks=0 \
      "$out/cov/fuzz_$t" -runs=0 -max_len="$maxlen" -timeout=60 "$out/corpus/$t" $(seeds_of "$t") \
      >"$out/log/$t.cov.log" 2>&1 || true
    llvm-profdata-14 merge -sparse "$out/cov/$t.profraw" -o "$out/cov/$t.profdata"
    echo "-- $t"
    llvm-cov-14 report "$out/cov/fuzz_$t" -instr-profile="$out/cov/$t.profdata" \
      "$root"/core/*.cpp | sed -e "s|$root/||"
    objects+=(-object "$out/cov/fuzz_$t")
  done
  llvm-profdata-14 merge -sparse "$out/cov/"*.profraw -o "$out/cov/all.profdata"
  echo "-- all targets together"
  llvm-cov-14 report "${objects[@]:1}" -instr-profile="$out/cov/all.profdata" \
    "$root"/core/*.cpp | sed -e "s|$root/||"
fi
exit "$status"
