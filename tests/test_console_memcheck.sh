#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console_memcheck.sh - every pane and the help screen drawn, then
# refresh ticks, under valgrind memcheck, headless (ui/console_bench draws
# into a virtual terminal): no invalid access, no definite leak, on the
# demo host and on the fixture roots (mlx5, rxe, the prometheus mix).
. "${top_srcdir:-.}/tests/lib.sh"

command -v valgrind >/dev/null 2>&1 || skip_all "valgrind is not installed"
[ -z "${RS_SANITIZERS:-}" ] || skip_all "built with sanitizers: ASan checks memory instead of valgrind"
bench="$top_builddir/ui/console_bench"
[ -x "$bench" ] || skip_all "ui/console_bench is not built"
log=$(mktemp "${TMPDIR:-/tmp}"/rs-console-vg-XXXXXX)
trap 'rm -f "$log"' EXIT

run() { # run DESCRIPTION ARGS...
	d=$1
	shift
	LANG=C.UTF-8 LC_ALL=C.UTF-8 valgrind -q --leak-check=full \
		--errors-for-leak-kinds=definite --error-exitcode=9 \
		"$bench" --ticks 2 "$@" >/dev/null 2>"$log"
	r=$?
	ok $r "memcheck clean: $d"
	[ $r = 0 ] || sed 's/^/# /' "$log" | head -40
}

run "demo host" --demo
run "roce-cx5 root" --root "$top_srcdir/tests/fixtures/roce-cx5"
run "roce-rxe root" --root "$top_srcdir/tests/fixtures/roce-rxe"
run "prometheus root, 132x43" --root "$top_srcdir/tests/fixtures/prometheus" --cols 132 --rows 43
plan $rs_n
exit $rs_failed
