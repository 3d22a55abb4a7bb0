#!/usr/bin/env bash
# Installs what SoftmaxLab needs (Debian 12), builds a Release build, and launches the app on its
# default scenario. Arguments are passed to the app (e.g. a .softmaxlab.json file).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
sml_install_packages
sml_build "$SML_ROOT/build/release" -DCMAKE_BUILD_TYPE=Release
exec "$SML_ROOT/build/release/app/softmaxlab" "$@"
