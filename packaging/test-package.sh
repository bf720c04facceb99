#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors

# The package test (ctest label `package`, docs/packaging.md): builds the .deb with CPack,
# checks its control fields, its file list and lintian's verdict, unpacks it into a throwaway
# root and runs what it installed: both `--version`s, the explorer on the installed demo
# database under X, and the command line on the copy the explorer made of it.
#
#   test-package.sh SOURCE_DIR BUILD_DIR VERSION
#
# Leaves everything in BUILD_DIR/package-test/ for a look afterwards.
set -euo pipefail

source_dir=$1
build_dir=$2
version=$3
work=$build_dir/package-test
arch=$(dpkg --print-architecture) # amd64 on the project's machines
deb=$work/placement-explorer_${version}_${arch}.deb
root=$work/root

fail() { printf 'test-package: FAIL: %s\n' "$*" >&2; exit 1; }
step() { printf 'test-package: [%3ds] %s\n' "$SECONDS" "$*"; }

for tool in cpack dpkg-deb dpkg-shlibdeps dpkg-parsechangelog lintian appstreamcli sqlite3 readelf; do
  command -v "$tool" >/dev/null || fail "$tool is missing (./placement.sh test installs it)"
done
[ -n "${DISPLAY:-}" ] || fail "no X display for the explorer: run ctest under xvfb-run"
rm -rf "$work"
mkdir -p "$work"

step "building $(basename "$deb") with CPack"
cpack -G DEB --config "$build_dir/CPackConfig.cmake" -B "$work" >"$work/cpack.log" 2>&1 \
  || { cat "$work/cpack.log"; fail "cpack failed"; }
[ -f "$deb" ] || { ls "$work"; fail "cpack made no $(basename "$deb")"; }

step "control fields"
dpkg-deb --info "$deb" | tee "$work/info.txt"
field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = placement-explorer ] || fail "Package is '$(field Package)'"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', the project's is $version"
[ "$(field Architecture)" = "$arch" ] || fail "Architecture is '$(field Architecture)'"
[ "$(field Section)" = science ] || fail "Section is '$(field Section)'"
depends=$(field Depends)
# What the executables link (found by dpkg-shlibdeps) and the Qt plugins they load.
for needed in libc6 libstdc++6 libqt6core6 libqt6gui6 libqt6widgets6 libvtk9.1 libsqlite3-0 \
  libqt6svg6 qt6-qpa-plugins; do
  [[ ", $depends," == *", $needed "* || ", $depends," == *", $needed,"* ]] || fail "Depends lacks $needed: $depends"
done
[[ "$depends" != *-dev* ]] || fail "Depends names a development package: $depends"

step "file list"
dpkg-deb --contents "$deb" >"$work/contents.txt"
awk '$2 != "root/root" { print "not owned by root: " $0; bad = 1 } END { exit bad }' "$work/contents.txt" \
  || fail "files not owned by root/root"
awk '$1 !~ /^d/ { print $6 }' "$work/contents.txt" | sort >"$work/files.txt"
sort >"$work/expected-files.txt" <<'FILES'
./usr/bin/placement
./usr/bin/placement-explorer
./usr/share/applications/org.example.placement_explorer.desktop
./usr/share/doc/placement-explorer/changelog.gz
./usr/share/doc/placement-explorer/copyright
./usr/share/icons/hicolor/scalable/apps/placement-explorer.svg
./usr/share/man/man1/placement-explorer.1.gz
./usr/share/man/man1/placement.1.gz
./usr/share/metainfo/org.example.placement_explorer.metainfo.xml
./usr/share/placement-explorer/demo.sqlite
FILES
diff -u "$work/expected-files.txt" "$work/files.txt" || fail "the package's files are not the expected ones"
[ "$(grep -cE '^-rwxr-xr-x .* \./usr/bin/placement(-explorer)?$' "$work/contents.txt")" = 2 ] \
  || fail "the executables are not mode 0755"

step "the version in the changelog and the AppStream releases"
changelog_version=$(dpkg-parsechangelog -l "$source_dir/packaging/changelog" -S Version)
[ "$changelog_version" = "$version" ] \
  || fail "packaging/changelog's newest entry is $changelog_version, the project's version is $version: add an entry"
release=$(grep -o '<release version="[^"]*"' "$source_dir/packaging/org.example.placement_explorer.metainfo.xml" | head -n 1)
[ "$release" = "<release version=\"$version\"" ] \
  || fail "packaging/org.example.placement_explorer.metainfo.xml's newest release is not $version: add a <release>"

step "lintian"
# Errors fail; every warning kept must be listed, with its reason, in docs/packaging.md.
lintian --fail-on none --tag-display-limit 0 "$deb" >"$work/lintian.txt" 2>"$work/lintian-stderr.txt" \
  || { cat "$work/lintian-stderr.txt"; fail "lintian did not run"; }
cat "$work/lintian.txt"
! grep -q '^E: ' "$work/lintian.txt" || fail "lintian reports errors"
awk '$1 == "W:" { print $3 }' "$work/lintian.txt" | sort -u >"$work/lintian-warnings.txt"
while read -r tag; do
  grep -qF "\`$tag\`" "$source_dir/docs/packaging.md" \
    || fail "lintian warns '$tag' and docs/packaging.md does not say why it is kept: fix it or list it there"
done <"$work/lintian-warnings.txt"

step "unpacking into a throwaway root"
dpkg-deb -x "$deb" "$root"
# The metadata, the desktop entry it launches and their file names, as installed: nothing to report.
appstreamcli validate-tree --pedantic --no-net "$root" || fail "the AppStream metadata is not valid"
for binary in "$root"/usr/bin/*; do
  ! readelf -d "$binary" | grep -qE 'RPATH|RUNPATH' || fail "$binary has a library search path"
  ! ldd "$binary" | grep -E 'not found|'"$build_dir" || fail "$binary needs libraries no package provides"
done
if command -v apt-get >/dev/null; then
  # Can apt resolve Depends on this machine? (A simulation: nothing is installed.)
  apt-get install --simulate --no-install-recommends -q "$deb" >"$work/apt.txt" 2>&1 \
    || { cat "$work/apt.txt"; fail "apt-get cannot install the package's dependencies"; }
fi

step "the installed command line and explorer"
# Keep the explorer's settings and its copy of the demo out of the user's home.
home=$work/home
mkdir -p "$home"
export HOME=$home XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share XDG_CACHE_HOME=$home/.cache
unset XDG_DATA_DIRS XDG_CONFIG_DIRS
shown=$("$root/usr/bin/placement" --version)
[ "$shown" = "placement $version" ] || fail "placement --version shows '$shown'"
shown=$("$root/usr/bin/placement-explorer" --version)
[ "$shown" = "placement-explorer $version" ] || fail "placement-explorer --version shows '$shown'"

# Every command and option the installed `placement` lists is in its manual page.
manual=$(zcat "$root/usr/share/man/man1/placement.1.gz")
commands=$("$root/usr/bin/placement" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on { print $1 }')
[ -n "$commands" ] || fail "placement --help lists no commands"
for command in $commands; do
  section=$(awk -v name="$command" '/^\.S[HS] / { on = $0 ~ ("^\\.SS \"" name "[ \"]") } on' <<<"$manual")
  [ -n "$section" ] || fail "packaging/placement.1 has no section on the command '$command'"
  for option in $("$root/usr/bin/placement" "$command" --help | grep -oE -- '--[a-z][a-z-]+' | sort -u); do
    [[ "$option" == --help* ]] && continue
    grep -qF -- "${option//-/\\-}" <<<"$section" \
      || fail "packaging/placement.1 does not describe '$option' of 'placement $command'"
  done
done

manual=$(zcat "$root/usr/share/man/man1/placement-explorer.1.gz")
for option in $("$root/usr/bin/placement-explorer" --help | grep -oE -- '--[a-z][a-z-]+' | sort -u); do
  [[ "$option" == --help* ]] && continue
  grep -qF -- "${option//-/\\-}" <<<"$manual" || fail "packaging/placement-explorer.1 does not describe '$option'"
done

# A mark in the installed demo that only a copy of that file has: the explorer must find it
# relative to its own executable, as it would in /usr/share/placement-explorer.
shipped=$root/usr/share/placement-explorer/demo.sqlite
sqlite3 "$shipped" "INSERT INTO meta (key, value) VALUES ('package_test', 'installed copy')"
screenshot=$work/installed-explorer.png
timeout 120 "$root/usr/bin/placement-explorer" --demo --size 1024x700 --screenshot "$screenshot" \
  || fail "the installed explorer did not show the demo"
[ "$(stat -c %s "$screenshot")" -gt 20000 ] || fail "the explorer's screenshot $screenshot is (nearly) empty"
copy=$XDG_DATA_HOME/PlacementExplorer/placement-explorer/demo.sqlite
[ -f "$copy" ] || fail "the explorer made no copy of the demo in $copy"
[ "$(sqlite3 "$copy" "SELECT value FROM meta WHERE key = 'package_test'")" = "installed copy" ] \
  || fail "the explorer's demo is not a copy of the installed one"
"$root/usr/bin/placement" info "$copy" >"$work/info-demo.txt" || fail "placement info on the demo failed"
grep -q '^demo-torus: 3D torus 8x8x8' "$work/info-demo.txt" || { cat "$work/info-demo.txt"; fail "placement info on the demo"; }

step "passed ($(du -h "$deb" | cut -f1) package, screenshot in $screenshot)"
