#!/usr/bin/env bash
# Installs what SoftmaxLab needs (Debian 12), builds, and runs every test through ctest, headless
# (offscreen). Exits non-zero on any failure.
#
#   scripts/test.sh             Release build in build/release
#   scripts/test.sh --sanitize  ASan + UBSan build in build/sanitize
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

mode=release
for arg in "$@"; do
  case "$arg" in
    --sanitize) mode=sanitize ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "test.sh: unknown argument '$arg'" >&2; exit 64 ;;
  esac
done

sml_install_packages
# ui/ is layered (docs/ARCHITECTURE.md): no #include may point to a folder of a higher rank.
python3 "$SML_ROOT/scripts/check_layers.py" "$SML_ROOT"
export QT_QPA_PLATFORM=offscreen
if [ "$mode" = sanitize ]; then
  sml_build "$SML_ROOT/build/sanitize" -DCMAKE_BUILD_TYPE=Debug -DSOFTMAXLAB_SANITIZE=ON
  export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  ctest --test-dir "$SML_ROOT/build/sanitize" --output-on-failure --parallel "$(nproc)"
else
  sml_build "$SML_ROOT/build/release" -DCMAKE_BUILD_TYPE=Release
  ctest --test-dir "$SML_ROOT/build/release" --output-on-failure --parallel "$(nproc)"
fi
