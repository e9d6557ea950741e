#!/bin/sh
# SPDX-License-Identifier: MIT
# test_cli_perf.sh - `rocescope serve`, `bw` and `lat` on a machine without
# RDMA (the lab runs them on real devices): perftest's options and their
# checks (exit 2), the mapped failure in text, --json and --json-lines
# (exit 1), and every JSON line parsed by the console's parser.
. "$top_srcdir/tests/lib.sh"

R=$ROCESCOPE
JC=$top_builddir/tests/json_check
PL=$top_builddir/tests/perf_lines
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-cliperf-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
[ -d /sys/class/infiniband ] && ls /sys/class/infiniband | grep -q . &&
	skip_all "this machine has RDMA devices: the no-device paths cannot be shown here"

plan 17

$R help bw >"$T/out" 2>&1
for o in '-d, --ib-dev' '-i, --ib-port' '-x, --gid-index' '-s, --size' '-n, --iters' \
	'-D, --duration' '-q, --qp' '-t, --tx-depth' '-m, --mtu' '-a, --all' '-p, --port' \
	'--json-lines' '--perftest'; do
	grep -q -- "$o" "$T/out" || { echo "# missing: $o"; false; } || break
done
ok $? "help bw: perftest's letters and long names, --json-lines, --perftest"
$R help serve >"$T/out" 2>&1 && grep -q -- '--bind ADDR' "$T/out" && grep -q -- '--count N' "$T/out" &&
	grep -q -- '-p, --port' "$T/out" && grep -q -- '--timeout SEC' "$T/out"
ok $? "help serve: --bind, -p, --count, --timeout"
$R --help | grep -Eq '^  (bw|lat|serve) '
ok $? "--help lists the test commands"

usage() { # usage DESCRIPTION ARGS... - exit 2 with a message
	d=$1
	shift
	$R "$@" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc = 2 ] && [ -s "$T/err" ] && [ ! -s "$T/out" ]
	ok $? "usage error, exit 2: $d ($(head -c 80 "$T/err"))"
}
usage "-m 1000 is not an MTU" bw 10.0.0.1 -m 1000
usage "-n and -D together" bw 10.0.0.1 -n 5 -D 1
usage "--json with --json-lines" bw 10.0.0.1 --json --json-lines
usage "lat has one QP" lat 10.0.0.1 -q 2
usage "bw needs PEER" bw
usage "serve takes no --json" serve --json
usage "--demo does not apply to bw" --demo bw 10.0.0.1

# No RDMA here: the mapped failure, exit 1, in every output form.
$R bw 127.0.0.1 >"$T/out" 2>"$T/err"
rc=$?
[ $rc = 1 ] && grep -q '^rocescope: bw: no RDMA device' "$T/err" && grep -q '^  check: ' "$T/err"
ok $? "bw without RDMA: 'no RDMA device', what to check, exit 1"
$R lat 127.0.0.1 --json >"$T/out" 2>"$T/err"
rc=$?
[ $rc = 1 ] && "$JC" <"$T/out" && grep -q '"ok": false' "$T/out" && grep -q '"code": "no_device"' "$T/out" &&
	grep -q '"remote": null' "$T/out"
ok $? "lat --json: one valid document, ok false, error code no_device"
$R bw 127.0.0.1 --json-lines >"$T/out" 2>"$T/err"
rc=$?
good=0
while IFS= read -r l; do printf '%s\n' "$l" | "$JC" >/dev/null 2>&1 || good=1; done <"$T/out"
[ $rc = 1 ] && [ $good = 0 ] && [ "$(wc -l <"$T/out")" -ge 2 ]
ok $? "bw --json-lines: every line is a valid JSON document"
"$PL" <"$T/out" >"$T/types"
rc=$?
sed 's/^/# /' "$T/types"
[ $rc = 0 ] && [ "$(head -n1 "$T/types")" = "start -" ] && [ "$(tail -n1 "$T/types")" = "error no_device" ]
ok $? "bw --json-lines: the console's parser reads start ... error no_device"
$R serve --timeout 1 >"$T/out" 2>"$T/err"
[ $? = 1 ] && grep -q 'no RDMA device' "$T/err"
ok $? "serve without RDMA: 'no RDMA device', exit 1"
$R serve --json-lines >"$T/out" 2>"$T/err"
[ $? = 1 ] && "$PL" <"$T/out" | tail -n1 | grep -q '^error no_device$'
ok $? "serve --json-lines: ends with an error line"
$R bw 127.0.0.1 --perftest >"$T/out" 2>"$T/err"
[ $? = 1 ] && grep -q 'no RDMA device' "$T/err"
ok $? "bw --perftest without RDMA: the same mapped failure"
