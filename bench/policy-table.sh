#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors

# The policy table of docs/simulation.md: every allocator under EASY backfilling (window 50)
# on the two real traces without host lists, as Markdown.
#
#   bench/policy-table.sh [BUILD_DIR]      (default: build; run ./placement.sh test or run first)
#
# hpc2n.swf (HPC2N Seth, 120 nodes x 2 processors) replays on a 120-node three-level
# fat-tree (2 pods x 6 leaves x 10 nodes); theta_2022.swf (ALCF Theta, node counts) on the
# titan preset (25x16x24 torus, 19,200 nodes: the machine is 4.4 times Theta, so jobs rarely
# wait) and on a torus of Theta's size (12x12x16 routers x 2 = 4,608 nodes), under several
# node orders.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:-build}
placement="$build/bin/placement"
traces=tests/data/traces
[ -x "$placement" ] || { echo "policy-table.sh: $placement not built" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db="$work/policies.sqlite"

"$placement" import --db "$db" --machine seth \
  --topology "fattree radix=20 pods=2 leaves-per-pod=6 nodes-per-leaf=10" "$traces/hpc2n.swf" >/dev/null 2>&1
"$placement" import --db "$db" --machine titan --topology titan "$traces/theta_2022.swf" >/dev/null 2>&1
"$placement" import --db "$db" --machine torus-4608 \
  --topology "torus extents=12x12x16 wrap=yyy nodes-per-router=2" "$traces/theta_2022.swf" >/dev/null 2>&1

row() { # trace machine cpus policy order
  local json="$work/run.json"
  "$placement" simulate --db "$db" --machine "$2" --cpus-per-node "$3" --policy "$4" --order "$5" \
    --backfill easy --json "$json" 2>/dev/null
  python3 - "$json" "$1" "$2" "$4" "$5" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
policy = sys.argv[4] + ("" if sys.argv[5] == "index" else f" ({sys.argv[5]})")
s = d["scheduling_us_per_job"]
print(f"| {sys.argv[2]} | {sys.argv[3]} | {policy} | {d['utilization']:.3f} | {d['utilization_over_makespan']:.3f} "
      f"| {d['mean_wait'] / 3600:.2f} | {d['mean_bounded_slowdown']:.1f} | {d['mean_aph']:.2f} | {s['mean']:.1f} |")
PY
}

echo "| trace | machine | policy (node order) | utilization, steady state | utilization, makespan | mean wait (h) | mean bounded slowdown | mean APH | scheduling µs/job |"
echo "|---|---|---|---:|---:|---:|---:|---:|---:|"
for policy in first-fit random dual-ended slurm-tree ta; do
  row hpc2n seth 2 "$policy" index
done
for order in index xyz zyx hilbert alps alps-balanced; do
  row theta_2022 titan 1 first-fit "$order"
done
row theta_2022 titan 1 random index
row theta_2022 titan 1 dual-ended zyx
for order in index zyx hilbert alps alps-balanced; do
  row theta_2022 torus-4608 1 first-fit "$order"
done
row theta_2022 torus-4608 1 random index
row theta_2022 torus-4608 1 dual-ended zyx
