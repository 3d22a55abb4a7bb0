#!/usr/bin/env bash
# The whole set of window screenshots a teacher would look at before a lecture: every central tab,
# with the docks as they open, at a projector's 1280x800 and at 1600x1000, in normal and
# presentation mode (F5), light and dark, for each scenario given (default: the built-in figure
# of MATH.md §6 B and the iris lesson). Real windows under Xvfb, captured with `import -window
# root`; a throw-away HOME for each shot, so your own settings are not touched. Open the PNGs and
# look at them: a passing widget test does not show a clipped label.
#
#   scripts/screenshot_set.sh [OUT_DIR] [SCENARIO_FILE...]
#
# OUT_DIR defaults to /tmp/softmaxlab-screenshot-set. Files:
#   <scenario>/<W>x<H>-<theme>-<mode>-tab<N>@<R>x.png   (N = 0 attention weights … 7 derivation,
#   8 heads, 9 projections: the model views, a note on a plain scenario, so TABS="8 9" with a
#   model scenario such as tests/data/model/worked-example-d.softmaxlab.json)
# In presentation mode F5 opens a scenario's lesson (the start-up figure's is the tour) at its
# step 1; PageUp leaves it, so the tab shots show the scenario itself, on tab N.
#   <scenario>/<W>x<H>-<theme>-presentation-step<S>@<R>x.png   with STEPS="1 2 …": lesson step S
# Environment: SIZES, THEMES, MODES and TABS narrow the set (space-separated, e.g. TABS="3 4");
# STEPS adds the presented lesson steps (none by default; TABS="" leaves the tabs out);
# RATIOS="1 2" adds device pixel ratio 2 (QT_SCALE_FACTOR=2 on a screen twice as large).
# SML_NO_BUILD=1 uses the build/release binary as it is (no rebuild first).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
sml_install_packages xvfb xauth xdotool imagemagick
[ -n "${SML_NO_BUILD:-}" ] || sml_build "$SML_ROOT/build/release" -DCMAKE_BUILD_TYPE=Release
app="$SML_ROOT/build/release/app/softmaxlab"
out="${1:-/tmp/softmaxlab-screenshot-set}"
shift || true
scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=("" "$SML_ROOT/resources/scenarios/iris-kernel-smoother.softmaxlab.json")
sizes=(${SIZES:-1280x800 1600x1000})
themes=(${THEMES:-light dark})
modes=(${MODES:-normal presentation})
tabs=(${TABS-0 1 2 3 4 5 6 7 8 9})
steps=(${STEPS:-})
ratios=(${RATIOS:-1})

for scenario in "${scenarios[@]}"; do
  name="default"
  [ -n "$scenario" ] && name="$(basename "$scenario" .softmaxlab.json)"
  mkdir -p "$out/$name"
  for size in "${sizes[@]}"; do
   for ratio in "${ratios[@]}"; do
    screen="$((${size%x*} * ratio))x$((${size#*x} * ratio))"
    for theme in "${themes[@]}"; do
      for mode in "${modes[@]}"; do
        shots=()
        for tab in "${tabs[@]}"; do shots+=("tab$tab"); done
        if [ "$mode" = presentation ]; then
          for step in "${steps[@]}"; do shots+=("step$step"); done
        fi
        for shot in "${shots[@]}"; do
          tab=0 keys=""
          case "$shot" in
            tab*) tab="${shot#tab}"; [ "$mode" = presentation ] && keys="F5 Prior" ;;
            step*) keys="F5"; for ((k = 1; k < ${shot#step}; ++k)); do keys+=" Next"; done ;;
          esac
          home="$(mktemp -d)"
          mkdir -p "$home/.config/SoftmaxLab"
          printf '[style]\ntheme=%s\npresentationScale=1.5\n[window]\nviewTab=%s\n' "$theme" "$tab" \
            >"$home/.config/SoftmaxLab/SoftmaxLab.conf"
          key=""
          [ -n "$keys" ] && key='w=$(xdotool search --onlyvisible --name SoftmaxLab | head -1); for k in '"$keys"'; do xdotool windowfocus --sync $w key $k; sleep 1; done; sleep 1;'
          file="$out/$name/$size-$theme-$mode-$shot@${ratio}x.png"
          HOME="$home" QT_SCALE_FACTOR="$ratio" xvfb-run -a -s "-screen 0 ${screen}x24" bash -c "
            '$app' ${scenario:+\"$scenario\"} & pid=\$!
            for i in {1..80}; do xdotool search --onlyvisible --name SoftmaxLab >/dev/null 2>&1 && break; sleep 0.25; done
            sleep 2; $key
            import -window root '$file'; kill \$pid" 2>/dev/null
          rm -rf "$home"
          echo "$file"
        done
      done
    done
   done
  done
done
