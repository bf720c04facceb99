#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors

# The AUCSCHED3 table of docs/simulation.md, in the spirit of the paper's Table 4 (Soner and
# Özturan §4): mean ± standard deviation of the lowest level common switch and of the spread
# over every job, with utilization and wait, for AUCSCHED3's auction against Slurm's
# topology/tree best fit under EASY backfilling (the paper's SLURM/Backfill), as Markdown.
#
#   bench/aucsched3-table.sh [BUILD_DIR]      (default: build; run ./placement.sh test or run first)
#
# hpc2n.swf (HPC2N Seth, 2 processors per node) replays on Seth's size as a switch tree (six
# leaf switches of 20 nodes under one switch, 120 nodes) and on a three-level fat-tree
# (radix 16, 2 pods x 8 leaves x 8 nodes, 128 nodes): the machines of tests/tst_simulator.cpp.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:-build}
placement="$build/bin/placement"
traces=tests/data/traces
[ -x "$placement" ] || { echo "aucsched3-table.sh: $placement not built" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db="$work/aucsched3.sqlite"

"$placement" import --db "$db" --machine seth-tree \
  --topology "switchtree parents=-1,0,0,0,0,0,0 nodes=0,20,20,20,20,20,20" "$traces/hpc2n.swf" >/dev/null 2>&1
"$placement" import --db "$db" --machine fattree-128 \
  --topology "fattree radix=16 pods=2 leaves-per-pod=8 nodes-per-leaf=8" "$traces/hpc2n.swf" >/dev/null 2>&1

row() { # machine policy backfill label
  local json="$work/run.json"
  "$placement" simulate --db "$db" --machine "$1" --cpus-per-node 2 --policy "$2" --backfill "$3" \
    --json "$json" --no-store 2>/dev/null
  python3 - "$json" "$1" "$4" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
l, s = d["lowest_common_switch"], d["spread"]
print(f"| hpc2n | {sys.argv[2]} | {sys.argv[3]} | {l['mean']:.2f} ± {l['sd']:.2f} | {s['mean']:.1f} ± {s['sd']:.1f} "
      f"| {d['utilization']:.3f} | {d['mean_wait'] / 3600:.2f} | {d['mean_bounded_slowdown']:.1f} "
      f"| {d['scheduling_us_per_job']['mean']:.0f} | {d['simulation_seconds']:.1f} |")
PY
}

echo "| trace | machine | policy | lowest level common switch | spread | utilization, steady state | mean wait (h) | mean bounded slowdown | scheduling µs/job | replay s |"
echo "|---|---|---|---:|---:|---:|---:|---:|---:|---:|"
for machine in seth-tree fattree-128; do
  row "$machine" aucsched3 auction "AUCSCHED3 (auction, window 51)"
  row "$machine" aucsched3 easy "AUCSCHED3 bids, window of one, EASY"
  row "$machine" slurm-tree easy "Slurm tree best fit, EASY (SLURM/Backfill)"
  row "$machine" slurm-tree fcfs "Slurm tree best fit, FCFS"
done
