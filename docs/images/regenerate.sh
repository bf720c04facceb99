#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors

# Regenerates the documentation images from a build (default build/): the explorer's own
# --screenshot on the demo database and on a stored simulated run, and the dialogs as the
# GUI tests draw them.
#
#   docs/images/regenerate.sh [BUILD_DIR]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
build=${1:-build}
images=docs/images
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
shoot() { xvfb-run -a -s "-screen 0 1920x1200x24" "$build/bin/placement-explorer" "$@" 2>/dev/null; }

shoot --demo --size 1280x800 --screenshot "$images/main-window.png"
shoot --demo --size 1280x800 --job 1076 --screenshot "$images/job-metrics.png"
shoot --demo --machine cab --job 5004 --size 1280x800 --screenshot "$images/timeline-gantt.png"
shoot --demo --machine cab --job 5153 --dock inspector --size 1600x1000 --screenshot "$images/job-table.png"

db="$work/demo.sqlite"
"$build/bin/placement" demo "$db" >/dev/null
"$build/bin/placement" simulate --db "$db" --machine cab --policy ta --json /dev/null 2>/dev/null
"$build/bin/placement" simulate --db "$db" --machine cab --policy random --json /dev/null 2>/dev/null
shoot "$db" --machine cab --run "ta easy" --size 1280x800 --screenshot "$images/simulated-run-ta.png"
shoot "$db" --machine cab --run "random easy" --size 1280x800 --screenshot "$images/simulated-run-random.png"
# Links owned by jobs under the isolating allocators (jobs twice as large: some span pods).
for policy in jigsaw laas; do
  "$build/bin/placement" simulate --db "$db" --machine cab --policy $policy --arrivals zero --scale-nodes 2 \
    --name "$policy x2" >/dev/null 2>&1
  shoot "$db" --machine cab --run "$policy x2" --links owner --size 1280x800 --screenshot "$images/links-$policy.png"
done
shoot --demo --machine demo-torus --links users --size 1280x800 --screenshot "$images/links-torus.png"
# A machine from a Slurm topology.conf: the real export of the localhost Slurm cluster
# (tests/data/slurm), its switch tree with the links its jobs can use.
site="$work/site.sqlite"
"$build/bin/placement" import --db "$site" --topology tests/data/slurm/topology.conf --machine localhost-slurm \
  tests/data/slurm/sacct-steps.txt >/dev/null
shoot "$site" --machine localhost-slurm --job 4102 --links users --size 1280x800 \
  --screenshot "$images/topology-conf.png"
# Where first-fit would have placed job 4102 when it started (the inspector's What if).
shoot "$site" --machine localhost-slurm --job 4102 --what-if first-fit --dock inspector --size 1600x1000 \
  --screenshot "$images/what-if.png"
shoot "$db" --machine cab --run "jigsaw x2" --side-by-side "laas x2" --size 1600x900 --screenshot "$images/compare.png"
shoot "$db" --machine cab --run "ta easy" --chart-run "random easy" --chart-run logged --dock charts --chart aph \
  --size 1600x1000 --screenshot "$images/charts.png"

"$build/bin/placement" sweep --db "$db" --machine cab --name policies --policy first-fit,ta,random \
  --speedup none,v1,v2 --seed 1 >/dev/null 2>&1
shoot "$db" --machine cab --sweep policies --dock runs --dock charts --chart sweep --size 1600x1000 \
  --screenshot "$images/sweep.png"

# A dragonfly: ALCF Theta's 2022 log (tests/data/traces) on the theta preset (Cray XC40 Aries),
# one week replayed under group-packed and random routers, links by how many jobs can use them.
theta="$work/theta.sqlite"
"$build/bin/placement" import --db "$theta" --machine theta --topology theta tests/data/traces/theta_2022.swf \
  >/dev/null 2>&1
for policy in group-packed random-routers; do
  "$build/bin/placement" simulate --db "$theta" --machine theta --policy $policy --from 2022-03-01 --to 2022-03-08 \
    --name "$policy, one week" --json /dev/null >/dev/null 2>&1
done
shoot "$theta" --machine theta --run "group-packed, one week" --side-by-side "random-routers, one week" \
  --links users --size 1600x1000 --screenshot "$images/dragonfly-compare.png"

# The dialogs, drawn by the GUI tests into build/tests/output/.

(cd "$build" && xvfb-run -a -s "-screen 0 1920x1200x24" ctest -R tst_mainwindow >/dev/null)
cp "$build/tests/output/simulate-dialog.png" "$build/tests/output/import-dialog.png" "$images/"
# The fragmentation inspector alone, as tst_inspector draws it (a TA run of the demo's Cab).
(cd "$build" && xvfb-run -a -s "-screen 0 1920x1200x24" ctest -R tst_inspector >/dev/null)
cp "$build/tests/output/inspector.png" "$images/"
echo "regenerated: $(cd "$images" && ls *.png | tr '\n' ' ')"
