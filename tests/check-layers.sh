#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors

# The layers on every #include: a file may include headers of its own layer and of the layers
# below it, never above (CONTRIBUTING.md, "Layers"; the top-level CMakeLists.txt checks the
# same rules on the targets' link libraries at configure time).
#
#   core       the C++ standard library and GLPK only
#   store      + core, SQLite
#   importers  + core, store, zlib, libarchive, xxHash, date (no Qt)
#   services   + core, store, importers, xxHash (no Qt)
#   views      + core, Qt, VTK (no store, importers or app)
#   video      FFmpeg's libraries only (no other layer, no Qt or VTK)
#   app/cli    + core, store, importers, services, QtCore (no views, no video, no explorer windows)
#   app        everything above
#
#   tests/check-layers.sh [SOURCE_DIR]
#
# Prints each offending include as FILE:LINE: TEXT (why) and exits 1 if there is one.
set -euo pipefail

source_dir=${1:-$(dirname "${BASH_SOURCE[0]}")/..}
cd "$source_dir"

# Patterns of the includes a layer must not use (extended regular expressions, matched
# against the included name).
qt='Q[A-Za-z]+(/|$)|^qt|^Qt'
vtk='^vtk'
ffmpeg='^lib(av[a-z]+|swscale)/|^video/'
declare -A forbidden=(
  [core]="^(store|importers|services|views|app)/|$qt|$vtk|$ffmpeg|^sqlite3\.h$"
  [store]="^(importers|services|views|app)/|$qt|$vtk|$ffmpeg"
  [importers]="^(services|views|app)/|$qt|$vtk|$ffmpeg"
  [services]="^(views|app)/|$qt|$vtk|$ffmpeg"
  [views]="^(store|importers|services|app)/|$ffmpeg|^sqlite3\.h$"
  [video]="^(core|store|importers|services|views|app)/|$qt|$vtk|^sqlite3\.h$"
  [app/cli]="^(views|app/[A-Za-z]+\.h)|$vtk|$ffmpeg|^Q(Widget|Application|Gui|Painter|Image|Window|Dialog|MainWindow)|^Qt(Gui|Widgets|OpenGL|Charts)/"
)

status=0
for layer in core store importers services views video app/cli; do
  while IFS= read -r -d '' file; do
    line_number=0
    while IFS= read -r line; do
      line_number=$((line_number + 1))
      [[ $line =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*[\<\"]([^\>\"]+)[\>\"] ]] || continue
      included=${BASH_REMATCH[1]}
      if [[ $included =~ ${forbidden[$layer]} ]]; then
        printf '%s:%d: %s (%s/ must not include this)\n' "$file" "$line_number" "$line" "$layer"
        status=1
      fi
    done <"$file"
  done < <(find "$layer" -maxdepth 1 -type f \( -name '*.h' -o -name '*.cpp' \) -print0)
done
exit $status
