#!/usr/bin/env python3
"""Checks that ui/ is layered as docs/ARCHITECTURE.md says, from the #include lines alone.

    python3 scripts/check_layers.py [REPO_ROOT]

Every source file of ui/ lives in one of the folders of LAYERS (none at ui/'s top level), and a
file includes only
  - files of its own folder,
  - files of a folder of a lower rank (a smaller number below),
  - core/ headers, Qt, QCustomPlot, Eigen and the standard library (<...> or a core/ name).
A quoted include that names no file of ui/ or core/ is an error too, so a typo cannot hide an
upward include. Exits 1 with one line per offence, 0 with a one-line summary.
"""
import os
import re
import sys

# The ranks of docs/ARCHITECTURE.md ("ui/, by job"). Sub-folders of plots/ share one rank: each
# may include plots/ itself but not a sibling. document/commands ranks below document/: the
# commands edit a Scenario through CommandTarget and never see the document class.
LAYERS = {
    "style": 0,
    "document/commands": 1,
    "document": 2,
    "tables": 3,
    "widgets": 4,
    "export": 5,
    "plots": 6,
    "plots/attention": 7,
    "plots/keyspace": 7,
    "plots/mle": 7,
    "plots/maxent": 7,
    "plots/model": 7,
    "panels": 8,
    "window": 9,
}
SOURCE_ENDINGS = (".h", ".cpp")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def main() -> int:
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    ui = os.path.join(root, "ui")
    core = os.path.join(root, "core")
    errors = []
    checked = 0
    includes = 0
    for dirpath, _, filenames in os.walk(ui):
        folder = os.path.relpath(dirpath, ui).replace(os.sep, "/")
        for name in sorted(filenames):
            if not name.endswith(SOURCE_ENDINGS):
                continue
            path = f"ui/{name}" if folder == "." else f"ui/{folder}/{name}"
            if folder not in LAYERS:
                errors.append(f"{path}: not in a layer folder ({', '.join(LAYERS)})")
                continue
            checked += 1
            with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                text = f.read()
            for match in INCLUDE.finditer(text):
                includes += 1
                target = match.group(1)
                line = text.count("\n", 0, match.start()) + 1
                where = f"{path}:{line}: #include \"{target}\""
                if os.path.isfile(os.path.join(ui, target)):
                    target_folder = os.path.dirname(target) or "."
                    if target_folder not in LAYERS:
                        errors.append(f"{where}: not a layer folder")
                    elif target_folder != folder and LAYERS[target_folder] >= LAYERS[folder]:
                        errors.append(
                            f"{where}: {folder} (rank {LAYERS[folder]}) may not include "
                            f"{target_folder} (rank {LAYERS[target_folder]})")
                elif os.path.isfile(os.path.join(core, target)):
                    continue
                else:
                    errors.append(f"{where}: names no file of ui/ or core/ "
                                  "(ui/ headers are included by their path from ui/)")
    for message in errors:
        print(message)
    if errors:
        print(f"check_layers: {len(errors)} offence(s) in {checked} files", file=sys.stderr)
        return 1
    print(f"check_layers: {checked} ui/ files, {includes} includes, all downward")
    return 0


if __name__ == "__main__":
    sys.exit(main())
