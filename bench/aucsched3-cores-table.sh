#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors
#
# AUCSCHED3's Table 4 by the model of cores and GPUs (docs/simulation.md, "AUCSCHED3's
# Table 4 by cores and GPUs"): workloads 1-6 of Soner & Özturan on their 1,024-node machine
# (16 cores and 3 GPUs a node), 7 seeds each, AUCSCHED3's auction against the model of
# Slurm's backfill with topology/tree (cons_tres 22.05 best fit under EASY), beside the
# paper's numbers. Run after a build:
#
#     bash bench/aucsched3-cores-table.sh [build dir] [--seeds N] [--window W] [--node-limit B] [--workloads 1,2,...]
#
# The defaults are the ones of the table in docs/simulation.md: 7 seeds, a window of 10.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
build="$here/build"
if [[ $# -gt 0 && "$1" != --* ]]; then
    build="$1"
    shift
fi
program="$build/bin/aucsched3_cores_table"
if [[ ! -x "$program" ]]; then
    echo "aucsched3-cores-table.sh: $program is missing: build the target aucsched3_cores_table first" >&2
    exit 1
fi
exec "$program" --seeds 7 --window 10 "$@"
