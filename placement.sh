#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors

# Placement Explorer: set up this machine, build, and open the explorer or run the tests.
#
#   ./placement.sh run    install what is missing, build, open the explorer on the demo data
#   ./placement.sh test   install what is missing, build, run the whole test suite
#
# Works on Debian 12. Installing packages needs root; when everything is already
# installed, any user can build and run.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

PACKAGES=(
  cmake ninja-build g++ make pkg-config
  qt6-base-dev qt6-qpa-plugins libqt6opengl6-dev qt6-svg-dev qt6-charts-dev
  libvtk9-dev libsqlite3-dev zlib1g-dev libbenchmark-dev libglpk-dev libxxhash-dev libarchive-dev
  libyaml-dev  # Slurm's topology.yaml (importers/SlurmTopologyYaml.h)
  libavcodec-dev libavformat-dev libswscale-dev ffmpeg  # replay videos (video/); ffprobe in the tests
  xvfb xauth libgl1-mesa-dri libglx-mesa0 fonts-dejavu-core
  clang-14 clang-format-14 libclang-rt-14-dev sqlite3 libhowardhinnant-date-dev tzdata
  dpkg-dev file lintian appstream poppler-utils  # poppler-utils: the report test renders PDF pages (pdftoppm)
  slurmctld slurmd slurmdbd slurm-client mariadb-server munge  # the slurm tests' localhost cluster (tests/slurm)
)
BUILD_DIR=build
XVFB_SCREEN="-screen 0 1920x1200x24"

say() { printf 'placement.sh: %s\n' "$*"; }
die() { printf 'placement.sh: error: %s\n' "$1" >&2; exit "${2:-1}"; }

usage() {
  cat <<'TXT'
Usage:
  ./placement.sh run [EXPLORER OPTIONS]   set up, build, open the explorer on the demo database
  ./placement.sh test                     set up, build, run the whole test suite
TXT
}

missing_packages() {
  local package
  for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q '^install ok installed$' \
      || printf '%s\n' "$package"
  done
}

install_dependencies() {
  [ -r /etc/debian_version ] && command -v dpkg-query >/dev/null \
    || die "this script sets up Debian 12 machines; this is not Debian (no /etc/debian_version)." 3
  local missing
  missing=$(missing_packages)
  [ -z "$missing" ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    die "these Debian packages are missing and installing them needs root:
  $(echo $missing)
Run this script as root (or: sudo apt-get install --no-install-recommends $(echo $missing))." 4
  fi
  say "installing $(echo "$missing" | wc -w) Debian packages: $(echo $missing)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $missing
}

build() {
  say "configuring and building in $BUILD_DIR/ (RelWithDebInfo)"
  cmake --preset release >/dev/null
  cmake --build --preset release -j "$(nproc)"
}

run_explorer() {
  if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    die "no display to open the explorer on (DISPLAY is not set).
The build is ready: $BUILD_DIR/bin/placement-explorer
On a headless machine, run it on a virtual display and save what it shows:
  xvfb-run -a -s '$XVFB_SCREEN' ./placement.sh run --screenshot main-window.png" 5
  fi
  exec "$BUILD_DIR/bin/placement-explorer" --demo "$@"
}

run_tests() {
  say "running the test suite under a virtual display (xvfb-run)"
  xvfb-run -a -s "$XVFB_SCREEN" ctest --preset release
  # The unit, importer, command-line and explorer tests again under AddressSanitizer and
  # UndefinedBehaviorSanitizer (the asan preset, build-asan/). Not again: the Slurm cluster,
  # the package and the fuzzing smoke run. The windowless tests run two at a time, the
  # windows one at a time. The seeded random actions on the window: 10,000 in the release
  # run above, 3,000 of them again here (the first 300 of each of the 10 seeds), where each
  # takes three to four times as long.
  say "building the asan preset (AddressSanitizer + UndefinedBehaviorSanitizer) in build-asan/"
  cmake --preset asan >/dev/null
  cmake --build --preset asan -j "$(nproc)"
  say "running the unit, importer and command-line tests under the sanitizers"
  local asan_status=0
  xvfb-run -a -s "$XVFB_SCREEN" ctest --preset asan -LE 'render|slurm|package|fuzz|bench' \
    -j "$(nproc)" || asan_status=$?
  say "running the explorer's tests under the sanitizers"
  # The summary line of ctest is the last thing printed.
  PLACEMENT_RANDOM_ACTIONS=3000 xvfb-run -a -s "$XVFB_SCREEN" ctest --preset asan -L render
  return "$asan_status"
}

command=${1:-}
[ $# -gt 0 ] && shift
case "$command" in
  run) install_dependencies; build; run_explorer "$@" ;;
  test) install_dependencies; build; run_tests ;;
  -h|--help|help) usage ;;
  *) usage >&2; exit 2 ;;
esac
