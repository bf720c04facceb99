#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors

# The sweep of docs/benchmarks.md ("Sweeps"): 4 policies (first-fit, random, dual-ended, TA)
# x 3 speed-up scenarios (none, v1, v2) x 2 seeds on the two real traces (hpc2n.swf on a
# 120-node fat-tree, theta_2022.swf on a 4,608-node fat-tree: TA needs three levels), 48 points, run with one worker and then with two, back to back on fresh
# copies of the same database, and with --slurm through the localhost Slurm cluster of
# tests/slurm/cluster.sh (ports from 21800) end to end: submit, wait, collect.
#
#   bench/sweep-bench.sh [BUILD_DIR] [--no-slurm]   (default: build)
#
# Prints the wall times, the ratio, and checks that the three databases hold the same runs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=build
slurm=1
for arg in "$@"; do
  case "$arg" in
    --no-slurm) slurm=0 ;;
    *) build=$arg ;;
  esac
done
placement="$(pwd)/$build/bin/placement"
traces=tests/data/traces
[ -x "$placement" ] || { echo "sweep-bench.sh: $placement not built" >&2; exit 1; }
work=$(mktemp -d)
cluster="$work/cluster"
cleanup() {
  [ -d "$cluster" ] && tests/slurm/cluster.sh stop "$cluster" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

"$placement" import --db "$work/base.sqlite" --machine seth \
  --topology "fattree radix=20 pods=2 leaves-per-pod=6 nodes-per-leaf=10" "$traces/hpc2n.swf" >/dev/null 2>&1
"$placement" import --db "$work/base.sqlite" --machine theta \
  --topology "fattree radix=64 pods=8 leaves-per-pod=18 nodes-per-leaf=32" "$traces/theta_2022.swf" >/dev/null 2>&1

plan() { # DB -> the plan of the 48 points on DB
  cat <<JSON
{
  "name": "bench",
  "targets": [
    {"db": "$1", "machine": "seth", "cpus-per-node": 2,
     "policy": ["first-fit", "random", "dual-ended", "ta"], "speedup": ["none", "v1", "v2"], "seed": [1, 2]},
    {"db": "$1", "machine": "theta",
     "policy": ["first-fit", "random", "dual-ended", "ta"], "speedup": ["none", "v1", "v2"], "seed": [1, 2]}
  ]
}
JSON
}

seconds() { python3 -c 'import time; print(f"{time.time():.3f}")'; }

for workers in 1 2; do
  cp "$work/base.sqlite" "$work/jobs$workers.sqlite"
  plan "$work/jobs$workers.sqlite" >"$work/plan$workers.json"
  start=$(seconds)
  "$placement" sweep --plan "$work/plan$workers.json" --jobs "$workers" 2>"$work/sweep$workers.log"
  end=$(seconds)
  eval "wall$workers=$(python3 -c "print(f'{$end - $start:.1f}')")"
  grep -E "^sweep 'bench': [0-9]+ stored" "$work/sweep$workers.log" >&2
done
echo "--jobs 1: ${wall1} s; --jobs 2: ${wall2} s; ratio $(python3 -c "print(f'{$wall1 / $wall2:.2f}')")x"

runs_of() { # DB -> every run's name, point and a digest of its placements (job, start, end, nodes), sorted
  python3 - "$1" <<'PY'
import hashlib, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for name, point, run in db.execute(
        "SELECT name, json_extract(parameters, '$.sweep_point'), id FROM runs ORDER BY name"):
    digest = hashlib.sha256()
    for row in db.execute("SELECT job_id, start, end, hex(nodes) FROM placements WHERE run_id = ? ORDER BY job_id",
                          (run,)):
        digest.update(repr(row).encode())
    print(name, point, digest.hexdigest(), sep="|")
PY
}
runs_of "$work/jobs1.sqlite" >"$work/runs1"
runs_of "$work/jobs2.sqlite" >"$work/runs2"
cmp -s "$work/runs1" "$work/runs2" || { echo "sweep-bench.sh: --jobs 1 and --jobs 2 stored different runs" >&2; exit 1; }

[ "$slurm" = 1 ] || exit 0
tests/slurm/cluster.sh start "$cluster" --port-base 21800 --first-job-id 21800 >"$work/cluster.log" 2>&1 || {
  echo "sweep-bench.sh: no localhost Slurm cluster ($(tail -1 "$work/cluster.log"))" >&2
  exit 0
}
eval "$(tests/slurm/cluster.sh env "$cluster")"
cp "$work/base.sqlite" "$work/slurm.sqlite"
plan "$work/slurm.sqlite" >"$work/plan-slurm.json"
start=$(seconds)
"$placement" sweep --plan "$work/plan-slurm.json" --slurm --partition batch >/dev/null 2>"$work/submit.log"
while squeue -h -n sweep-bench 2>/dev/null | grep -q .; do sleep 1; done
"$placement" sweep --plan "$work/plan-slurm.json" --collect 2>"$work/collect.log"
end=$(seconds)
walls=$(python3 -c "print(f'{$end - $start:.1f}')")
cat "$work/collect.log" >&2
"$placement" sweep --plan "$work/plan-slurm.json" --status >&2 || true
echo "Slurm (128 emulated nodes on this machine): ${walls} s end to end; against --jobs 2: $(python3 -c "print(f'{$walls / $wall2:.2f}')")x the time"
runs_of "$work/slurm.sqlite" >"$work/runs-slurm"
cmp -s "$work/runs1" "$work/runs-slurm" || { echo "sweep-bench.sh: the Slurm sweep stored different runs" >&2; exit 1; }
