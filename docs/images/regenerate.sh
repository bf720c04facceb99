#!/usr/bin/env bash
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

db="$work/demo.sqlite"
"$build/bin/placement" demo "$db" >/dev/null
"$build/bin/placement" simulate --db "$db" --machine cab --policy ta --json /dev/null 2>/dev/null
"$build/bin/placement" simulate --db "$db" --machine cab --policy random --json /dev/null 2>/dev/null
shoot "$db" --machine cab --run "ta easy" --size 1280x800 --screenshot "$images/simulated-run-ta.png"
shoot "$db" --machine cab --run "random easy" --size 1280x800 --screenshot "$images/simulated-run-random.png"

# The dialogs, drawn by the GUI tests into build/tests/output/.
(cd "$build" && xvfb-run -a -s "-screen 0 1920x1200x24" ctest -R tst_mainwindow >/dev/null)
cp "$build/tests/output/simulate-dialog.png" "$build/tests/output/import-dialog.png" "$images/"
echo "regenerated: $(cd "$images" && ls *.png | tr '\n' ' ')"
