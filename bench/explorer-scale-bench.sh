#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors

# The explorer on a year-scale run (docs/benchmarks.md, "The explorer on millions of
# jobs"): a RICC-2010-like trace of JOBS jobs (bench/ArchiveLikeTrace.cpp) imported for
# jigsaw-1458, replayed with first-fit and EASY, then opened on that run; the explorer's own
# "first frame after" and "jobs shown after" times and the process's peak resident memory,
# RUNS times (also for the same trace logged with start times: its first-fit run and its
# logged run; and for the logged run of a Slurm log of as many jobs that names their nodes,
# bench/slurm-log.py, and of one whose serial jobs share nodes, with its first-fit run); then the resident memory 15 s after opening (every metric in), with the
# jobs running at the cursor listed and with every job listed (--all-jobs), and for the logs.
# Reference in the same run: the bundled demo opened the same way.
#
#   bench/explorer-scale-bench.sh [BUILD_DIR] [JOBS] [RUNS]   (defaults: build 3000000 3)
#
# Needs a display (run it under xvfb-run).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:-build}
jobs=${2:-3000000}
runs=${3:-3}
bin="$(pwd)/$build/bin"
for tool in placement placement-explorer scale_bench jobtable_bench; do
  [ -x "$bin/$tool" ] || { echo "explorer-scale-bench.sh: $bin/$tool not built" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config"

prepare() { "$@" >>"$work/prepare.log" 2>&1 || { cat "$work/prepare.log" >&2; exit 1; }; }
prepare "$bin/scale_bench" --jobs "$jobs" --write-swf "$work/trace.swf" --policies first-fit
prepare "$bin/placement" import --db "$work/run.sqlite" --machine ricc --topology jigsaw-1458 "$work/trace.swf"
prepare "$bin/placement" simulate --db "$work/run.sqlite" --machine ricc --policy first-fit --backfill easy
# The same trace as a log that says when each job started (an archive log does; the
# generated one does not): waits made up as (job number x 7919) mod 3600 s. The explorer
# then also reads the logged schedule, for the logged run and for the Runs dock's row of it.
awk '/^;/ {print; next} {$3 = ($1 * 7919) % 3600; print}' "$work/trace.swf" >"$work/started.swf"
rm -f "$work/trace.swf"
prepare "$bin/placement" import --db "$work/started.sqlite" --machine ricc --topology jigsaw-1458 "$work/started.swf"
prepare "$bin/placement" simulate --db "$work/started.sqlite" --machine ricc --policy first-fit --backfill easy
rm -f "$work/started.swf"
# A Slurm log of as many jobs that names each job's nodes (bench/slurm-log.py: 1,458 nodes of
# 8 cores, a job of several nodes often on scattered ones): its logged run is the explorer's
# largest, every job with its node list and its cores.
prepare python3 bench/slurm-log.py "$jobs" "$work/slurm.log" "$work/topology.conf"
prepare "$bin/placement" import --db "$work/slurm.sqlite" --machine c1458 --topology "$work/topology.conf" \
  --cores-per-node 8 "$work/slurm.log"
rm -f "$work/slurm.log"
# The same with a third of the jobs serial, one core each, packed onto shared nodes
# (--shared): the logged run merges the shared nodes of the jobs the import marked, and a
# first-fit run's Runs dock row reads them again in passes.
prepare python3 bench/slurm-log.py "$jobs" "$work/shared.log" "$work/shared.conf" --shared
prepare "$bin/placement" import --db "$work/shared.sqlite" --machine c1458 --topology "$work/shared.conf" \
  --cores-per-node 8 "$work/shared.log"
rm -f "$work/shared.log"
prepare "$bin/placement" simulate --db "$work/shared.sqlite" --machine c1458 --policy first-fit --backfill easy
prepare "$bin/placement" demo "$work/demo.sqlite"

measure() { # label, explorer arguments...
  local label=$1
  shift
  for ((i = 1; i <= runs; ++i)); do
    /usr/bin/time -f '%M' -o "$work/rss" "$bin/placement-explorer" "$@" --startup-report --size 1280x800 \
      >"$work/out" 2>/dev/null
    # The jobs are read while the window opens: the frame that shows them comes after (the
    # same frame for a run read before the first frame).
    first=$(sed -n 's/^first frame after \([0-9.]*\) ms$/\1/p' "$work/out")
    shown=$(sed -n 's/^jobs shown after \([0-9.]*\) ms$/\1/p' "$work/out")
    printf '%s\t%s\t%s\t%s\n' "$label" "$first" "${shown:-$first}" "$(( $(tail -1 "$work/rss") / 1024 ))"
  done
}
settled() { # label, explorer arguments...: resident memory once opened and its peak so far
  local label=$1 pid status
  shift
  for ((i = 1; i <= runs; ++i)); do
    "$bin/placement-explorer" "$@" --size 1280x800 >/dev/null 2>&1 &
    pid=$!
    sleep 15
    status=$(cat "/proc/$pid/status")
    kill "$pid"
    wait "$pid" || true
    printf '%s\t%s\t%s\n' "$label" "$(( $(awk '/^VmRSS/ {print $2}' <<<"$status") / 1024 ))" \
      "$(( $(awk '/^VmHWM/ {print $2}' <<<"$status") / 1024 ))"
  done
}
printf 'what\tfirst frame ms\tjobs shown ms\tpeak MiB\n'
measure demo "$work/demo.sqlite"
measure "$jobs jobs" "$work/run.sqlite" --machine ricc --run "first-fit easy"
measure "$jobs jobs, log with starts: first-fit run" "$work/started.sqlite" --machine ricc --run "first-fit easy"
measure "$jobs jobs, log with starts: logged run" "$work/started.sqlite" --machine ricc
measure "$jobs jobs, Slurm log with node lists: logged run" "$work/slurm.sqlite" --machine c1458
measure "$jobs jobs, Slurm log with shared nodes: logged run" "$work/shared.sqlite" --machine c1458
measure "$jobs jobs, Slurm log with shared nodes: first-fit run" "$work/shared.sqlite" --machine c1458 \
  --run "first-fit easy"
printf '\nwhat\tMiB 15 s after opening\tpeak MiB\n'
settled demo "$work/demo.sqlite"
settled "$jobs jobs" "$work/run.sqlite" --machine ricc --run "first-fit easy"
settled "$jobs jobs, every job listed" "$work/run.sqlite" --machine ricc --run "first-fit easy" --all-jobs
settled "$jobs jobs, log with starts: first-fit run" "$work/started.sqlite" --machine ricc --run "first-fit easy"
settled "$jobs jobs, log with starts: logged run" "$work/started.sqlite" --machine ricc
settled "$jobs jobs, Slurm log with node lists: logged run" "$work/slurm.sqlite" --machine c1458
settled "$jobs jobs, Slurm log with shared nodes: logged run" "$work/shared.sqlite" --machine c1458
settled "$jobs jobs, Slurm log with shared nodes: first-fit run" "$work/shared.sqlite" --machine c1458 \
  --run "first-fit easy"
printf '\n'
"$bin/jobtable_bench" "$work/run.sqlite" --machine ricc --run "first-fit easy"
