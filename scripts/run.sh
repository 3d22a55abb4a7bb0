#!/usr/bin/env bash
# Installs what SoftmaxLab needs (Debian 12), builds a Release build tuned to this machine, and
# launches the app on its default scenario. Arguments are passed to the app (e.g. a
# .softmaxlab.json file).
#
# The build (build/native) uses -march=native and OpenMP: about twice as fast on large scenarios
# (docs/performance.md), but it only runs on CPUs like this one. A package ships the portable
# build (SOFTMAXLAB_NATIVE=OFF), which scripts/test.sh tests. bench/run.sh measures this build.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
sml_install_packages
sml_build "$SML_ROOT/build/native" -DCMAKE_BUILD_TYPE=Release -DSOFTMAXLAB_NATIVE=ON \
  -DSOFTMAXLAB_OPENMP=ON -DSOFTMAXLAB_BUILD_TESTS=OFF
exec "$SML_ROOT/build/native/app/softmaxlab" "$@"
