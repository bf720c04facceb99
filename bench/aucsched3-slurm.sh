#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors
#
# AUCSCHED3's Table 4 with real Slurm 22.05 beside the model (docs/simulation.md, "AUCSCHED3's
# Table 4 by cores and GPUs"): the paper's workloads run as sleep jobs on a localhost Slurm
# cluster shaped as the stand-in for its 1,024-node machine (tests/slurm/cluster.sh
# --aucsched3-machine: 16 cores and GRES gpu:3 a node, topology/tree, select/cons_tres,
# sched/backfill), then measured as the model's runs are. Run as root after a build:
#
#     bash bench/aucsched3-slurm.sh [build dir] [--workloads 1,3,5] [--seeds N] [--time-scale K]
#                                   [--out DIR] [--cluster DIR] [--no-model]
#
# Each job is submitted held as `sbatch -n cores [-N nodes] [--gres=gpu:g] --wrap 'sleep
# run/K'` with a time limit of run/K rounded up to whole minutes (Slurm counts limits in
# minutes), and a workload's jobs are released at once. `sacct` then gives DIR/w<W>-s<S>.sacct;
# a workload whose file exists is not run again. --cluster uses a cluster already started
# with --aucsched3-machine; otherwise one is started in a new DIR/cluster.XXXXXX and stopped
# at the end.
# The table (model and real Slurm) is printed last; see aucsched3_cores_table.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
build="$here/build"
if [[ $# -gt 0 && "$1" != --* ]]; then
    build="$1"
    shift
fi
workloads=1,3,5 seeds=1 scale=30 out="$PWD/aucsched3-slurm" cluster="" model=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --workloads) workloads=${2:?--workloads needs a list such as 1,3,5}; shift 2 ;;
        --seeds) seeds=${2:?--seeds needs a number}; shift 2 ;;
        --time-scale) scale=${2:?--time-scale needs a number}; shift 2 ;;
        --out) out=${2:?--out needs a directory}; shift 2 ;;
        --cluster) cluster=${2:?--cluster needs a directory}; shift 2 ;;
        --no-model) model=(--no-model); shift ;;
        *) echo "aucsched3-slurm.sh: unknown option '$1'" >&2; exit 2 ;;
    esac
done
[[ "$workloads" =~ ^[1-6](,[1-6])*$ ]] || { echo "aucsched3-slurm.sh: --workloads '$workloads': a list of 1..6" >&2; exit 2; }
[[ "$seeds" =~ ^[1-9][0-9]*$ ]] || { echo "aucsched3-slurm.sh: --seeds '$seeds' is not a positive number" >&2; exit 2; }
[[ "$scale" =~ ^[1-9][0-9]*$ ]] || { echo "aucsched3-slurm.sh: --time-scale '$scale' is not a positive whole number" >&2; exit 2; }
program="$build/bin/aucsched3_cores_table"
[[ -x "$program" ]] || { echo "aucsched3-slurm.sh: $program is missing: build the target aucsched3_cores_table first" >&2; exit 1; }
mkdir -p "$out"
out="$(cd "$out" && pwd)"
script="$here/tests/slurm/cluster.sh"
if [[ -z "$cluster" ]]; then
    cluster="$(mktemp -d "$out/cluster.XXXXXX")" # a cluster's directory serves one start
    bash "$script" start "$cluster" --aucsched3-machine --port-base 26800
    trap 'bash "$script" stop "$cluster"' EXIT
fi
eval "$(bash "$script" env "$cluster")"

say() { printf 'aucsched3-slurm.sh: %s\n' "$*" >&2; }

run_workload() {
    local w=$1 s=$2 file=$out/w$1-s$2.sacct ids=() id cores nodes gpus run sleep limit args
    while read -r id cores nodes gpus run; do
        sleep=$(awk -v r="$run" -v k="$scale" 'BEGIN { printf "%.3f", r / k }')
        limit=$(((run + 60 * scale - 1) / (60 * scale)))
        args=(-n "$cores")
        [[ "$nodes" -eq 0 ]] || args+=(-N "$nodes")
        [[ "$gpus" -eq 0 ]] || args+=("--gres=gpu:$gpus")
        ids+=("$(sbatch --parsable --hold -J "a3-w$w-s$s-j$id" -t "$limit" -o /dev/null -e /dev/null "${args[@]}" \
            --wrap "sleep $sleep")")
    done < <("$program" --print-jobs "$w" "$s")
    local list
    list=$(IFS=,; echo "${ids[*]}")
    say "workload $w seed $s: ${#ids[@]} jobs submitted held; releasing them"
    local begin=$SECONDS
    scontrol release "$list"
    while [[ -n "$(squeue -h -j "$list" -o %i 2>/dev/null)" ]]; do sleep 2; done
    say "workload $w seed $s: every job ended after $((SECONDS - begin)) s"
    # slurmdbd may lag behind slurmctld: wait until every job is there with its end.
    local tries=60
    while true; do
        sacct -P -n -X -j "$list" --format=JobName,Eligible,Start,End,NCPUS,NNodes,NodeList,AllocTRES,State \
            >"$file.part"
        [[ "$(grep -c . "$file.part")" -eq "${#ids[@]}" ]] && ! grep -q '|Unknown|' "$file.part" && break
        tries=$((tries - 1))
        [[ "$tries" -gt 0 ]] || { say "sacct did not list all ${#ids[@]} jobs of workload $w seed $s ($file.part)"; exit 1; }
        sleep 1
    done
    mv "$file.part" "$file"
}

for w in ${workloads//,/ }; do
    for ((s = 1; s <= seeds; ++s)); do
        [[ -e "$out/w$w-s$s.sacct" ]] || run_workload "$w" "$s"
    done
done
"$program" --workloads "$workloads" --seeds "$seeds" --window 10 --slurm "$out" --time-scale "$scale" "${model[@]}"
