#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors

# The licence header of every source file (C++, CMake, shell, Python) in the repository:
#
#   packaging/spdx-headers.sh          add it where it is missing (files that have it are left alone)
#   packaging/spdx-headers.sh --check  list the files without it and exit 1 if there is one
#
# The header is two comment lines at the top (after a script's #! line), then a blank line:
#   // SPDX-License-Identifier: GPL-3.0-or-later
#   // SPDX-FileCopyrightText: 2026 Placement Explorer contributors
# The whole text of the licence is in LICENSE; docs/packaging.md says why it is this one.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
mode=${1:-add}
[[ "$mode" == add || "$mode" == --check ]] || { echo "usage: $0 [--check]" >&2; exit 2; }

license_line='SPDX-License-Identifier: GPL-3.0-or-later'
copyright_line='SPDX-FileCopyrightText: 2026 Placement Explorer contributors'
sources='(\.(cpp|h|py|sh|cmake)|(^|/)CMakeLists\.txt|^\.ci/run)$'

list_sources() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files
  else
    find . -path ./.git -prune -o -path './build*' -prune -o -type f -printf '%P\n'
  fi | grep -E "$sources" || true
}

comment_of() {
  case "$1" in
    *.cpp | *.h) printf '//' ;;
    *) printf '#' ;;
  esac
}

missing=0
while IFS= read -r file; do
  [ -f "$file" ] || continue
  comment=$(comment_of "$file")
  if head -n 4 "$file" | grep -qxF "$comment $license_line"; then
    continue
  fi
  if [ "$mode" = --check ]; then
    printf '%s: no "%s %s" at the top\n' "$file" "$comment" "$license_line"
    missing=$((missing + 1))
    continue
  fi
  updated=$(mktemp)
  {
    first=$(head -n 1 "$file")
    if [[ "$first" == '#!'* ]]; then
      printf '%s\n' "$first"
    fi
    printf '%s %s\n%s %s\n\n' "$comment" "$license_line" "$comment" "$copyright_line"
    if [[ "$first" == '#!'* ]]; then
      tail -n +2 "$file"
    else
      cat "$file"
    fi
  } >"$updated"
  cat "$updated" >"$file" # keeps the file's mode
  rm -f "$updated"
  printf 'added the header to %s\n' "$file"
done < <(list_sources)

if [ "$missing" -gt 0 ]; then
  printf '\n%d file(s) without the licence header: run packaging/spdx-headers.sh\n' "$missing" >&2
  exit 1
fi
