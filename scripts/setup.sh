#!/usr/bin/env bash
# Shared set-up for scripts/run.sh and scripts/test.sh: installs the Debian 12 packages the build
# needs (only those missing; sudo when not root), then configures and builds one build tree.
#
#   source scripts/setup.sh
#   sml_install_packages [extra packages...]
#   sml_build <build-dir> <cmake args...>
set -euo pipefail

SML_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SML_PACKAGES=(
  g++ cmake make pkg-config python3
  qt6-base-dev qt6-svg-dev libqcustomplot-dev libeigen3-dev libgl-dev
  fonts-dejavu-core
  librsvg2-bin poppler-utils   # rsvg-convert, pdftoppm, pdftotext: the export tests render SVG and PDF
)

sml_install_packages() {
  local wanted=("${SML_PACKAGES[@]}" "$@") missing=() pkg
  for pkg in "${wanted[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  echo "Installing: ${missing[*]}" >&2
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    sudo=(sudo)
  fi
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

sml_build() {
  local dir="$1"
  shift
  cmake -S "$SML_ROOT" -B "$dir" "$@"
  cmake --build "$dir" --parallel "$(nproc)"
}
