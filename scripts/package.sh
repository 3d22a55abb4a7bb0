#!/usr/bin/env bash
# Builds the Debian package of SoftmaxLab (the portable Release build, CPack) and smoke-tests it
# (issue 7, "Desktop integration"):
#   1. dpkg-deb -I / -c: the control fields, the dependencies dpkg-shlibdeps found, and every
#      installed file (binary, .desktop, hicolor SVG icon, MIME type, lesson scenarios);
#   2. desktop-file-validate on the .desktop file, xmllint on the MIME type;
#   3. the package unpacked into an empty folder root (dpkg -x) and the unpacked binary run
#      headless: --report and --export of an installed lesson;
#   4. with --install (CI does this on its throwaway machine): apt-get installs the .deb with its
#      dependencies, /usr/bin/softmaxlab runs the same checks, the MIME database maps *.softmaxlab.json
#      to the desktop file, and the package is removed again.
#
#   scripts/package.sh [--install]     the .deb is left in build/release/
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

install=0
for arg in "$@"; do
  case "$arg" in
    --install) install=1 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "package.sh: unknown argument '$arg'" >&2; exit 64 ;;
  esac
done

sml_install_packages dpkg-dev desktop-file-utils libxml2-utils file shared-mime-info
build="$SML_ROOT/build/release" # the build scripts/test.sh tests; sml_build is incremental
sml_build "$build" -DCMAKE_BUILD_TYPE=Release
rm -f "$build"/softmaxlab_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
deb="$(ls "$build"/softmaxlab_*.deb)"
echo "package: $deb"

fail() { echo "package.sh: FAILED: $*" >&2; exit 1; }

# 1. Control fields and contents.
info="$(dpkg-deb -I "$deb")"
echo "$info" | grep -E '^ (Package|Version|Architecture|Depends|Installed-Size):'
for dep in libqt6widgets6 libqcustomplot2.1-qt6 qt6-qpa-plugins; do
  echo "$info" | grep -q "Depends:.*$dep" || fail "Depends lacks $dep"
done
contents="$(dpkg -c "$deb")"
for path in ./usr/bin/softmaxlab \
  ./usr/share/applications/io.github.softmaxlab.SoftmaxLab.desktop \
  ./usr/share/icons/hicolor/scalable/apps/softmaxlab.svg \
  ./usr/share/mime/packages/softmaxlab-mime.xml \
  ./usr/share/softmaxlab/scenarios/default.softmaxlab.json \
  ./usr/share/softmaxlab/scenarios/iris-kernel-smoother.softmaxlab.json \
  ./usr/share/doc/softmaxlab/MATH.md; do
  echo "$contents" | grep -q " $path\$" || fail "the package lacks $path"
done
echo "contents: $(echo "$contents" | wc -l) entries, every expected file present"

# 2. The desktop entry and the MIME type are valid.
desktop-file-validate "$SML_ROOT/resources/desktop/io.github.softmaxlab.SoftmaxLab.desktop"
xmllint --noout "$SML_ROOT/resources/desktop/softmaxlab-mime.xml"

# 3. Unpacked into an empty root, the program runs headless.
smoke() { # binary, scenario dir
  local bin="$1" scenarios="$2" out
  out="$(mktemp -d)"
  "$bin" --version | grep -q "SoftmaxLab" || fail "$bin --version"
  "$bin" --report "$scenarios/default.softmaxlab.json" >"$out/report.json"
  grep -q '"format"' "$out/report.json" || fail "$bin --report wrote no report"
  "$bin" --export "$out/views" "$scenarios/iris-kernel-smoother.softmaxlab.json" >/dev/null
  [ "$(ls "$out/views" | wc -l)" -ge 8 ] || fail "$bin --export wrote $(ls "$out/views" | wc -l) views"
  file "$out/views/attention-heatmap.png" | grep -q "PNG image data" || fail "no PNG exported"
  echo "smoke test passed: $bin (--version, --report, --export of $(ls "$out/views" | wc -l) views)"
  rm -rf "$out"
}
root="$(mktemp -d)"
dpkg -x "$deb" "$root"
smoke "$root/usr/bin/softmaxlab" "$root/usr/share/softmaxlab/scenarios"
rm -rf "$root"

# 4. A real install with apt (throwaway machines only).
if [ "$install" = 1 ]; then
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "$deb"
  smoke /usr/bin/softmaxlab /usr/share/softmaxlab/scenarios
  "${sudo[@]}" update-mime-database /usr/share/mime
  grep -q '^60:application/x-softmaxlab-scenario:\*\.softmaxlab\.json' /usr/share/mime/globs2 ||
    fail "the MIME database does not map *.softmaxlab.json"
  grep -q 'application/x-softmaxlab-scenario' /usr/share/applications/mimeinfo.cache 2>/dev/null ||
    "${sudo[@]}" update-desktop-database /usr/share/applications
  grep -q 'application/x-softmaxlab-scenario=.*io.github.softmaxlab.SoftmaxLab.desktop' \
    /usr/share/applications/mimeinfo.cache || fail "no desktop file opens *.softmaxlab.json"
  echo "MIME: *.softmaxlab.json is application/x-softmaxlab-scenario, opened by SoftmaxLab"
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get remove -y -qq softmaxlab
fi
echo "package.sh: OK"
