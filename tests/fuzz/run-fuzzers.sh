#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors

# Builds the libFuzzer targets of tests/fuzz with clang and runs each for a while.
#
#   tests/fuzz/run-fuzzers.sh [SECONDS_PER_TARGET] [BUILD_DIR]
#
# SECONDS_PER_TARGET defaults to 10, BUILD_DIR to build/fuzz in the repository. Each target
# starts from its seeds (tests/fuzz/corpus/<target>/, only read) and keeps what it learns in
# BUILD_DIR/corpus/<target>/, so later runs go on from there. The first crash, sanitizer report,
# leak, timeout or broken invariant stops the run with a non-zero exit and the path of the
# input that reproduces it (BUILD_DIR/crashes/<target>/). See docs/fuzzing.md.
#
# Environment: FUZZ_TARGETS="fuzz_swf fuzz_sacct" runs only those; FUZZ_CC / FUZZ_CXX pick
# the compilers (default: clang / clang++, else clang-14 / clang++-14); FUZZ_JOBS sets the
# build's parallelism (default: all cores).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
seconds=${1:-10}
build_dir=${2:-$root/build/fuzz}

say() { printf 'run-fuzzers: %s\n' "$*"; }
die() { printf 'run-fuzzers: error: %s\n' "$1" >&2; exit "${2:-1}"; }

[[ $seconds =~ ^[1-9][0-9]*$ ]] || die "SECONDS_PER_TARGET must be a whole number of seconds, not '$seconds'" 2
mkdir -p "$build_dir"
build_dir=$(cd "$build_dir" && pwd)

first_command() {
  local candidate
  for candidate in "$@"; do
    if command -v "$candidate" >/dev/null 2>&1; then
      command -v "$candidate"
      return 0
    fi
  done
  return 1
}

cc=${FUZZ_CC:-$(first_command clang clang-14 || true)}
cxx=${FUZZ_CXX:-$(first_command clang++ clang++-14 || true)}
[ -n "$cc" ] && [ -n "$cxx" ] \
  || die "clang is missing; the fuzz targets need clang's libFuzzer.
On Debian 12: apt-get install --no-install-recommends clang-14 libclang-rt-14-dev
(./placement.sh test installs both)." 3
command -v cmake >/dev/null || die "cmake is missing (apt-get install cmake)" 3
command -v ninja >/dev/null || die "ninja is missing (apt-get install ninja-build)" 3

# A clear message when clang is there but its libFuzzer/sanitizer runtime is not.
probe_dir="$build_dir/probe"
mkdir -p "$probe_dir"
if [ ! -x "$probe_dir/probe" ] || [ "$cxx" -nt "$probe_dir/probe" ]; then
  printf 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }\n' \
    >"$probe_dir/probe.cpp"
  "$cxx" -fsanitize=fuzzer,address,undefined "$probe_dir/probe.cpp" -o "$probe_dir/probe" \
    >"$probe_dir/probe.log" 2>&1 \
    || die "$cxx cannot link a libFuzzer target with ASan and UBSan ($probe_dir/probe.log):
$(tail -n 3 "$probe_dir/probe.log")
On Debian 12 the runtimes are in: apt-get install --no-install-recommends libclang-rt-14-dev" 3
fi

jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
say "building the fuzz targets in $build_dir with $(basename "$cxx")"
build_log="$build_dir/build.log"
if ! { cmake -S "$here" -B "$build_dir" -G Ninja \
         -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
       && cmake --build "$build_dir" -j "$jobs"; } >"$build_log" 2>&1; then
  tail -n 40 "$build_log" >&2
  die "the build failed; the whole log is $build_log"
fi

mapfile -t listed <"$build_dir/fuzz-targets.txt"
selected=()
for entry in "${listed[@]}"; do
  name=${entry%% *}
  if [ -z "${FUZZ_TARGETS:-}" ] || [[ " $FUZZ_TARGETS " == *" $name "* ]]; then
    selected+=("$entry")
  fi
done
[ ${#selected[@]} -gt 0 ] || die "no target matches FUZZ_TARGETS='${FUZZ_TARGETS:-}'" 2

# Stack traces for UBSan reports; the fuzz build makes them fatal.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

say "running ${#selected[@]} targets for $seconds s each"
for entry in "${selected[@]}"; do
  name=${entry%% *}
  dictionary=${entry#* }
  seeds="$here/corpus/$name"
  corpus="$build_dir/corpus/$name"
  crashes="$build_dir/crashes/$name"
  log="$build_dir/logs/$name.log"
  mkdir -p "$corpus" "$crashes" "$(dirname "$log")"
  [ -d "$seeds" ] || die "$name has no seeds: add a few small inputs to $seeds"
  arguments=(-max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048
             -artifact_prefix="$crashes/" -print_final_stats=1)
  [ "$dictionary" != "-" ] && arguments+=(-dict="$dictionary")
  # New inputs go to the first folder only: the seeds in the repository are read, never written.
  if "$build_dir/bin/$name" "${arguments[@]}" "$corpus" "$seeds" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 || true)
    say "$name: ok, ${runs:-?} inputs, ${coverage:-cov: ?}, corpus $(find "$corpus" -type f | wc -l) files"
    continue
  fi
  echo >&2
  grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse|INITED|RELOAD)' "$log" | tail -n 60 >&2 || true
  echo >&2
  reproducer=$(sed -n "s/.*Test unit written to \(.*\)$/\1/p" "$log" | tail -n 1)
  if [ -n "$reproducer" ]; then
    die "$name failed. Reproducer: $reproducer
Run it again with: $build_dir/bin/$name $reproducer
Full log: $log"
  fi
  die "$name failed without writing a reproducer; full log: $log"
done
say "all targets ran $seconds s without a failure"
