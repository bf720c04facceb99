#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors

# The repository stands on its own: no tracked file may point at material kept outside it
# (a sibling folder of reading material, its traces, its reference notes or its papers), and
# citations of the rules and format notes name their copies in the repository:
# docs/reference.md, docs/formats/*.md and tests/data/traces/README.md.
#
#   tests/check-self-contained.sh [SOURCE_DIR]
#
# Lists every offending line as FILE:LINE: TEXT and exits 1 if there is one. Checks the files
# git tracks; outside a git checkout (a source tarball), every file but build folders. Only
# the trace data (tests/data/traces/*, except its README) is skipped.
set -euo pipefail

source_dir=${1:-$(dirname "${BASH_SOURCE[0]}")/..}
cd "$source_dir"

list_files() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z
  else
    find . -path ./.git -prune -o -path './build*' -prune -o -type f -printf '%P\0'
  fi
}

# Perl-compatible patterns, written so that none of them matches its own text. Each comes
# after the folder whose files may use it as a relative link, or "-": documents in docs/ link
# the notes' index relatively, and the notes in docs/formats/ link each other by name.
checks=(
  # A sibling folder of the checkout, or an absolute path on one machine.
  '-' '\.\./shared\b'
  '-' 'shared/trac[e]'
  '-' '/work/\w'
  '-' 'SHARED_D[I]R'
  # The unabridged reference notes and their section citations: docs/reference.md §n.
  '-' 'REFERENCE\.md'
  '-' 'REFERENC[E] §'
  # Format notes named without their folder: docs/formats/NAME.md.
  'docs/' '(?<!docs/)formats/README\.md'
  'docs/formats/' '(?<![\w./-])(?:swf|slurm-sacct|slurm-jobcomp|slurm-hostlist|slurm-topology|moab-workload|torque-accounting|ibnetdiscover|cray-torus-coordinates)\.md'
  # The traces' notes without their folder: tests/data/traces/README.md.
  '-' '(?<!tests/data/)traces/README\.md'
  # Local copies of the papers: cite them by author, title and venue (docs/reference.md).
  '-' '\bseeds/(?:0\d\d|README)'
)

files=()
while IFS= read -r -d '' file; do
  case "$file" in
    tests/data/traces/README.md) ;;
    tests/data/traces/*) continue ;; # the trace data, copied byte for byte
  esac
  [ -f "$file" ] && files+=("$file")
done < <(list_files)

report=$(mktemp)
trap 'rm -f "$report"' EXIT
for ((i = 0; i < ${#checks[@]}; i += 2)); do
  relative=${checks[i]}
  pattern=${checks[i + 1]}
  for file in "${files[@]}"; do
    [[ "$relative" != - && "$file" == "$relative"* ]] || printf '%s\0' "$file"
  done | xargs -0 grep -P -n -I -H -- "$pattern" >>"$report" || true
done

if [ -s "$report" ]; then
  sort -u "$report"
  printf '\n%d line(s) point outside the repository or cite a note without its path in it.\n' \
    "$(sort -u "$report" | wc -l)" >&2
  printf 'Copy what is needed into the repository and cite it there (see CONTRIBUTING.md).\n' >&2
  exit 1
fi
printf 'self-contained: %d files checked, none refers to material outside the repository\n' "${#files[@]}"
