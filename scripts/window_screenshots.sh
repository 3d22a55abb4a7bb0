#!/usr/bin/env bash
# Screenshots of the whole window under Xvfb before a release: light and dark theme, normal and
# presentation mode (F5), at device pixel ratio 1 and 2, at 1600x1000, one central tab. A short
# form of scripts/screenshot_set.sh (which takes every tab at 1280x800 and 1600x1000).
#
#   scripts/window_screenshots.sh [OUT_DIR] [VIEW_TAB] [SCENARIO_FILE]
#
# OUT_DIR defaults to /tmp/softmaxlab-window-shots; VIEW_TAB is the central tab shown (0 = the
# attention heatmap, 1 = Softmax = MLE = MaxEnt, 3 = likelihood landscape, 4 = maximum entropy).
set -euo pipefail
out="${1:-/tmp/softmaxlab-window-shots}"
SIZES=1600x1000 RATIOS="1 2" TABS="${2:-1}" \
  exec "$(dirname "${BASH_SOURCE[0]}")/screenshot_set.sh" "$out" "${3:-}"
