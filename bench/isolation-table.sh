#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors

# The side-by-side table of docs/simulation.md ("Isolating policies side by side"): average
# utilization over the steady state of Baseline (first-fit), TA, LaaS, Jigsaw and LC+S, all
# under EASY backfilling with a window of 50 (Jigsaw HPDC'21 §5.4.3), with LaaS's share of
# the machine allocated but idle and the number of LC+S searches its 5 s timeout cut off, as
# Markdown.
#
#   bench/isolation-table.sh [BUILD_DIR]      (default: build; run ./placement.sh test or run first)
#
# (a) Jigsaw's synthetic trace (§5.1: 10,000 jobs, sizes exponential with mean 16, run times
#     uniform 20-3000 s, every job arriving at 0; seed 1) on jigsaw-1024, the paper's machine
#     for it (`placement simulate --synthetic 10000,1,16`);
# (b) hpc2n.swf (HPC2N Seth, 2 processors per node, jobs of up to 120 nodes) on a 128-node
#     three-level fat-tree (radix 16, 2 pods x 8 leaves x 8 nodes): the fat-tree that
#     bench/aucsched3-table.sh and tests/tst_simulator.cpp replay hpc2n on. A Jigsaw-sized tree
#     (jigsaw-1458) would hold the whole trace at once: no job would wait, there would be no
#     steady state, and every policy would show the same utilization. As logged, hpc2n's
#     arrivals leave the machine idle much of the time; the third block also replays it with
#     every job arriving at 0, as Jigsaw §6.1 does with Thunder and Atlas "for heavier load".
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:-build}
placement="$build/bin/placement"
traces=tests/data/traces
[ -x "$placement" ] || { echo "isolation-table.sh: $placement not built" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
db="$work/isolation.sqlite"

"$placement" import --db "$db" --machine fattree-128 \
  --topology "fattree radix=16 pods=2 leaves-per-pod=8 nodes-per-leaf=8" "$traces/hpc2n.swf" >/dev/null 2>&1

row() { # trace machine label policy [placement simulate arguments...]
  local trace=$1 machine=$2 label=$3 policy=$4
  shift 4
  local json="$work/run.json"
  "$placement" simulate --policy "$policy" --backfill easy --window 50 --json "$json" "$@" 2>/dev/null
  python3 - "$json" "$trace" "$machine" "$label" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
idle = f"{d['internal_fragmentation']:.3f}" if d["policy"] == "laas" else "—"
lcs = d.get("lcs")
timeouts = f"{lcs['timeouts']} of {lcs['searches']}" if lcs else "—"
s = d["scheduling_us_per_job"]
print(f"| {sys.argv[2]} | {sys.argv[3]} | {sys.argv[4]} | {d['utilization']:.3f} | {idle} | {timeouts} "
      f"| {s['mean'] / 1000:.2f} | {s['p99'] / 1000:.2f} | {d['makespan'] / 3600:.1f} | {d['simulation_seconds']:.1f} |")
PY
}

policies=("first-fit:Baseline (first-fit)" "ta:TA" "laas:LaaS" "jigsaw:Jigsaw" "lcs:LC+S")

echo "| trace | machine | policy | utilization, steady state | allocated but idle | LC+S searches cut off | scheduling ms/job, mean | p99 | makespan h | replay s |"
echo "|---|---|---|---:|---:|---:|---:|---:|---:|---:|"
for entry in "${policies[@]}"; do
  row "synthetic (Jigsaw §5.1)" jigsaw-1024 "${entry#*:}" "${entry%%:*}" --synthetic 10000,1,16 --machine jigsaw-1024
done
for entry in "${policies[@]}"; do
  row hpc2n fattree-128 "${entry#*:}" "${entry%%:*}" --db "$db" --machine fattree-128 --cpus-per-node 2 --no-store
done
for entry in "${policies[@]}"; do
  row "hpc2n, all arrivals at 0" fattree-128 "${entry#*:}" "${entry%%:*}" --db "$db" --machine fattree-128 \
    --cpus-per-node 2 --arrivals zero --no-store
done
