#!/bin/sh
# SPDX-License-Identifier: MIT
# test_readme.sh - the README's two commands for a fresh clone work in
# either order on the same clone: the first builds out of tree (_build), and
# .ci/run's build step (.ci/build-tree) works even after the source
# directory itself was configured in place (an out-of-tree configure stops
# there with "source directory already configured").  Runs on a copy of the source.
. "$top_srcdir/tests/lib.sh"

readme=$top_srcdir/README.md
# As root on a fresh Debian there is no sudo: the commands may go without.
cmd1=$(grep -m1 -E '^    (sudo )?\.ci/install-deps && autoreconf -fi && ' "$readme" | sed 's/^ *//')
cmd2=$(grep -m1 -E '^    (sudo )?\.ci/run$' "$readme" | sed 's/^ *//')
if [ -z "$cmd1" ] || [ -z "$cmd2" ]; then
	# The README must give both: their absence is a failure, not a skip.
	plan 1
	ok 1 "README.md gives the two commands (setup and run, then the tests)"
	exit 0
fi
[ -x "$top_srcdir/.ci/build-tree" ] || skip_all ".ci/build-tree is not in this tree (a dist tarball has no .ci/)"
command -v make >/dev/null || skip_all "make is missing"

plan 5
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-readme-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

# The first command builds out of tree: the source directory stays clean.
case $cmd1 in
*"mkdir -p _build && cd _build && ../configure"*) ok 0 "README: the first command configures in _build, not in the source" ;;
*) ok 1 "README: the first command configures in _build, not in the source ($cmd1)" ;;
esac
[ "${cmd2#sudo }" = ".ci/run" ]; ok $? "README: the second command is .ci/run"

# A copy of the source as a clone has it (configure generated), without
# any build tree of ours.
src=$T/src
mkdir -p "$src"
(cd "$top_srcdir" && tar cf - --exclude='./_build*' --exclude='./_ci_build*' --exclude=./.git \
	--exclude=./tests/lab/cache --exclude='*.o' --exclude='*.a' .) | (cd "$src" && tar xf -)
if [ -f "$src/config.status" ]; then make -C "$src" distclean >/dev/null 2>&1; fi
[ -x "$src/configure" ] || skip_all "the copy has no configure script"

# Old habit first: configure in the source directory itself.
(cd "$src" && ./configure -q >"$T/inplace.log" 2>&1)
[ -f "$src/config.status" ]; ok $? "setup: the copy is configured in place"
# .ci/run's build step after it: it must not stop at "already configured".
RS_CONFIGURE_ONLY=1 "$src/.ci/build-tree" "$src/_ci_build" >"$T/ci.log" 2>&1 </dev/null
rc=$?
[ $rc -eq 0 ] && [ -f "$src/_ci_build/Makefile" ] && [ ! -f "$src/config.status" ] &&
	! grep -q 'already configured' "$T/ci.log"
ok $? ".ci/build-tree after an in-place configure: configures out of tree (exit $rc)"
# Then the README's first command's configure, on the same clone (the
# builds themselves are what make check and CI already do).
(mkdir -p "$src/_build" && cd "$src/_build" && ../configure -q) >"$T/first.log" 2>&1
rc=$?
[ $rc -eq 0 ] && [ -f "$src/_build/Makefile" ]
ok $? "then the README's first command configures in _build beside it (exit $rc)"
