#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors

# The dragonfly table of docs/simulation.md: theta_2022.swf (ALCF Theta, node counts) replayed
# on the theta preset (Cray XC40 Aries dragonfly, 4,392 nodes) under EASY backfilling (window
# 50, seed 1) by first-fit (router order), group-packed, random routers and Slurm's
# topology/block best fit (the groups as base blocks), as Markdown.
#
#   bench/dragonfly-table.sh [BUILD_DIR]      (default: build)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:-build}
placement="$build/bin/placement"
traces=tests/data/traces
[ -x "$placement" ] || { echo "dragonfly-table.sh: $placement not built" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db="$work/dragonfly.sqlite"

"$placement" import --db "$db" --machine theta --topology theta "$traces/theta_2022.swf" >/dev/null 2>&1

row() { # policy
  local json="$work/run.json"
  "$placement" simulate --db "$db" --machine theta --policy "$1" --backfill easy --json "$json" 2>/dev/null
  python3 - "$json" "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
g = d["groups_per_job"]
print(f"| {sys.argv[2]} | {d['utilization']:.3f} | {d['mean_wait'] / 3600:.2f} | {d['mean_aph']:.2f} "
      f"| {g['mean']:.2f} | {d['scheduling_us_per_job']['mean']:.1f} |")
PY
}

echo "| policy | utilization, steady state | mean wait (h) | mean APH | groups per job (mean) | scheduling µs/job |"
echo "|---|---:|---:|---:|---:|---:|"
for policy in first-fit group-packed random-routers slurm-block random; do
  row "$policy"
done
