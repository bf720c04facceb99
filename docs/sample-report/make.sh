#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors
#
# Makes docs/sample-report/cab-report.html and .pdf again: the demo database's Cab machine,
# its logged run beside TA and Jigsaw (EASY backfilling), snapshots at the busiest moment.
#   bash docs/sample-report/make.sh [BUILD_DIR]     (default: build)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
bin="$(cd "${1:-$here/../../build}" && pwd)/bin"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$bin/placement" demo "$work/demo.sqlite"
for policy in ta jigsaw; do
  "$bin/placement" simulate --db "$work/demo.sqlite" --machine cab --policy "$policy" > /dev/null
done
xvfb-run -a -s "-screen 0 1920x1200x24" "$bin/placement" report --db "$work/demo.sqlite" --machine cab \
  --runs "logged,ta easy,jigsaw easy" --out "$here/cab-report.html" --pdf "$here/cab-report.pdf"
