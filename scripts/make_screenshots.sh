#!/usr/bin/env bash
# Regenerates the README's screenshots (docs/images/*.png) from the shipped lessons with
# `softmaxlab --export`, so they always show the current app. Builds build/release first (the same
# set-up as scripts/test.sh). Run it after changing a view, and commit the images.
#
#   scripts/make_screenshots.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
sml_install_packages
sml_build "$SML_ROOT/build/release" -DCMAKE_BUILD_TYPE=Release
app="$SML_ROOT/build/release/app/softmaxlab"
out="$SML_ROOT/docs/images"
mkdir -p "$out"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
export QT_QPA_PLATFORM=offscreen

# size  scenario  views (the README tour, in order; the derivation is text, on a taller page).
# scenario@N exports head N of a model lesson (--head N) as docs/images/<scenario>-head<N>-<view>.png.
shots=(
  "1000x640 default key-space weight-bars value-space maxent-entropy maxent-constraint"
  "1000x1000 default derivation"
  "1000x640 iris-kernel-smoother attention-heatmap value-space"
  "1000x640 free-variances weight-bars"
  "1000x640 sparse-attention alpha-sweep weight-bars key-space"
  "1000x640 sparse-attention-digits attention-heatmap"
  "1000x640 tiny-transformer-layer1@1 attention-heatmap"
  "1000x640 tiny-transformer-layer2@3 attention-heatmap"
  "1200x800 tiny-transformer-layer1 heads projections"
  "1200x800 tiny-transformer-layer2 heads"
)
for line in "${shots[@]}"; do
  read -r size scenario views <<<"$line"
  head_args=() name="$scenario"
  if [[ "$scenario" == *@* ]]; then
    head_args=(--head "${scenario#*@}")
    scenario="${scenario%@*}" name="${scenario}-head${head_args[1]}"
  fi
  rm -rf "$tmp/$name"
  "$app" --export "$tmp/$name" --size "$size" "${head_args[@]}" \
    "$SML_ROOT/resources/scenarios/$scenario.softmaxlab.json" 2>/dev/null
  for view in $views; do
    cp "$tmp/$name/$view.png" "$out/$name-$view.png"
    echo "docs/images/$name-$view.png"
  done
done

# The README's window in presentation mode, dark theme: the whole window at a projector's
# 1280x800 under Xvfb (one shot of scripts/screenshot_set.sh's set, tab 1 = Softmax = MLE =
# MaxEnt, the built-in figure).
sml_install_packages xvfb xauth xdotool imagemagick
SIZES=1280x800 THEMES=dark MODES=presentation TABS=1 RATIOS=1 SML_NO_BUILD=1 \
  env -u QT_QPA_PLATFORM "$SML_ROOT/scripts/screenshot_set.sh" "$tmp/window" "" >/dev/null
cp "$tmp/window/default/1280x800-dark-presentation-tab1@1x.png" "$out/window-dark-presentation.png"
echo "docs/images/window-dark-presentation.png"

# "Teach with a lesson": step 3 of the tour presented at 1280x800 (light theme), and page 4 of
# the tour exported with --export-lesson, rendered back to PNG with pdftoppm.
SIZES=1280x800 THEMES=light MODES=presentation TABS="" STEPS=3 RATIOS=1 SML_NO_BUILD=1 \
  env -u QT_QPA_PLATFORM "$SML_ROOT/scripts/screenshot_set.sh" "$tmp/lesson" "" >/dev/null
cp "$tmp/lesson/default/1280x800-light-presentation-step3@1x.png" "$out/lesson-presentation-step.png"
echo "docs/images/lesson-presentation-step.png"
"$app" --export-lesson "$tmp/tour.pdf" "$SML_ROOT/resources/scenarios/default.softmaxlab.json" >/dev/null
pdftoppm -f 4 -l 4 -singlefile -scale-to-x 1280 -scale-to-y 720 -png "$tmp/tour.pdf" "$tmp/page"
cp "$tmp/page.png" "$out/lesson-export-page.png"
echo "docs/images/lesson-export-page.png"
