#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors

# Every C++ source of the repository is formatted as .clang-format says (clang-format 14,
# Debian 12's). Prints each file that differs, with the first lines of the difference, and
# exits 1 if there is one. To fix: tests/check-format.sh --fix
#
#   tests/check-format.sh [--fix] [SOURCE_DIR]
set -euo pipefail

fix=false
if [[ ${1:-} == --fix ]]; then
  fix=true
  shift
fi
source_dir=${1:-$(dirname "${BASH_SOURCE[0]}")/..}
cd "$source_dir"

clang_format=$(command -v clang-format-14 || command -v clang-format || true)
if [[ -z $clang_format ]]; then
  echo "check-format: clang-format-14 is not installed (apt-get install clang-format-14)" >&2
  exit 2
fi

list_sources() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z -- '*.cpp' '*.h'
  else
    find . -path ./.git -prune -o -path './build*' -prune -o -type f \( -name '*.cpp' -o -name '*.h' \) -printf '%P\0'
  fi
}

if $fix; then
  list_sources | xargs -0 -r -n 40 -P "$(nproc)" "$clang_format" -i --style=file
  exit 0
fi

# One pass over every file, 40 files a process on every core (--dry-run names the files
# that differ), then the difference of each of those.
mapfile -t unformatted < <(list_sources | xargs -0 -r -n 40 -P "$(nproc)" "$clang_format" --dry-run --style=file 2>&1 \
  | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: warning: code should be clang-formatted.*/\1/p' | sort -u)
difference=$(mktemp)
trap 'rm -f "$difference"' EXIT
status=0
for file in "${unformatted[@]}"; do
  "$clang_format" --style=file "$file" | diff -u "$file" - >"$difference" 2>&1 || true
  echo "$file is not formatted as .clang-format says:"
  head -n 20 "$difference" | sed 's/^/    /'
  status=1
done
exit $status
