#!/usr/bin/env bash
# Screenshots of the whole window under Xvfb: light and dark theme, normal and presentation mode
# (F5), at device pixel ratio 1 and 2 (QT_SCALE_FACTOR=2 on a screen twice as large), for
# looking at before a release (issue 7). Needs xvfb-run, xdotool and imagemagick's `import`
# (installed here if missing). Uses a throw-away HOME, so your own settings are not touched.
#
#   scripts/window_screenshots.sh [OUT_DIR] [VIEW_TAB] [SCENARIO_FILE]
#
# OUT_DIR defaults to /tmp/softmaxlab-window-shots; VIEW_TAB is the central tab shown (0 = the
# attention heatmap, 1 = Softmax = MLE = MaxEnt, 3 = likelihood landscape, 4 = maximum entropy).
# Files: window-<theme>-<mode>@<ratio>x.png.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
sml_install_packages xvfb xauth xdotool imagemagick
sml_build "$SML_ROOT/build/release" -DCMAKE_BUILD_TYPE=Release
app="$SML_ROOT/build/release/app/softmaxlab"
out="${1:-/tmp/softmaxlab-window-shots}"
tab="${2:-1}"
scenario="${3:-}"
mkdir -p "$out"

for ratio in 1 2; do
  for theme in light dark; do
    for mode in normal presentation; do
      home="$(mktemp -d)"
      mkdir -p "$home/.config/SoftmaxLab"
      printf '[style]\ntheme=%s\npresentationScale=1.5\n[window]\nviewTab=%s\n' "$theme" "$tab" \
        >"$home/.config/SoftmaxLab/SoftmaxLab.conf"
      key=""
      [ "$mode" = presentation ] && key='w=$(xdotool search --onlyvisible --name SoftmaxLab | head -1); xdotool windowfocus --sync $w key F5; sleep 3;'
      file="$out/window-$theme-$mode@${ratio}x.png"
      HOME="$home" QT_SCALE_FACTOR="$ratio" xvfb-run -a \
        -s "-screen 0 $((1600 * ratio))x$((1000 * ratio))x24" bash -c "
          '$app' $scenario & pid=\$!
          sleep 6; $key
          import -window root '$file'; kill \$pid" 2>/dev/null
      rm -rf "$home"
      echo "$file"
    done
  done
done
