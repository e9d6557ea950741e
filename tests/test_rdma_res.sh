#!/bin/sh
# SPDX-License-Identifier: MIT
# test_rdma_res.sh - the RDMA resources through the recorded twin: the
# replies recorded in the lab parse to exactly what iproute2's `rdma
# resource show` (and `show qp`) printed at the same moment; `--root`
# trees show them in `devices` (text and JSON); a tree without recorded
# replies says so, and a malformed one is reported, not a crash.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/lab/guest/rdma_res.sh"

R=$ROCESCOPE
REC=$top_builddir/tests/rdma_nl_record
JC=$top_builddir/tests/json_check
FX=$top_srcdir/tests/fixtures
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-res-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

plan 7

for st in idle busy; do
	mkdir -p "$T/$st/rdma-netlink"
	cp "$FX/rdma-netlink/$st/"*.nl "$T/$st/rdma-netlink/"
	"$REC" --parse "$T/$st" rxe0 rxe1 >"$T/$st.got" 2>"$T/$st.err"
	rdma_res_expect "$FX/rdma-netlink/$st/rdma-resource.txt" \
		"$FX/rdma-netlink/$st/rdma-resource-qp.txt" >"$T/$st.want"
	[ -s "$T/$st.want" ] && diff "$T/$st.want" "$T/$st.got" >"$T/$st.diff" && [ ! -s "$T/$st.err" ]
	ok $? "$st: the recorded replies parse to what 'rdma resource show' printed"
	[ -s "$T/$st.diff" ] && diag "$(cat "$T/$st.diff" "$T/$st.err")"
done

$R --root "$FX/roce-rxe" devices >"$T/dev" 2>&1 &&
	grep -q '^  in use   QPs 2 (RTS 2), CQs 2, MRs 1, PDs 2$' "$T/dev"
ok $? "devices on the rxe fixture: the in-use line from the recorded replies"
$R --root "$FX/roce-rxe" devices --json >"$T/dev.json" 2>&1 && "$JC" <"$T/dev.json" &&
	tr -d ' \n' <"$T/dev.json" | grep -q '"resources":{"known":true,"error":null,"qp":2,"cq":2,"mr":1,"pd":2,"cm_id":0,"ctx":1,"srq":0,"qp_states":{"RESET":0,"INIT":0,"RTR":0,"RTS":2,"SQD":0,"SQE":0,"ERR":0}}'
ok $? "devices --json: the resources object with QP states"

$R --root "$FX/roce-cx5" devices >"$T/cx5" 2>&1 &&
	grep -q '^  in use   unknown: not recorded (RDMA netlink is only read live)$' "$T/cx5"
ok $? "a tree without recorded replies: unknown, with the reason"

# A malformed recording: the fixture's sysfs with a garbled res.nl.
mkdir -p "$T/bad/rdma-netlink"
cp -R "$FX/roce-rxe/sys" "$T/bad/"
head -c 100 "$FX/rdma-netlink/busy/res.nl" >"$T/bad/rdma-netlink/res.nl"
$R --root "$T/bad" devices >"$T/bad.out" 2>&1 &&
	grep -q '^  in use   unknown: recorded RES_GET reply: malformed reply$' "$T/bad.out"
ok $? "a truncated recording: reported as malformed, exit 0"
printf 'garbage that is no netlink' >"$T/bad/rdma-netlink/res.nl"
$R --root "$T/bad" devices --json >"$T/bad.json" 2>&1 && "$JC" <"$T/bad.json"
ok $? "garbage instead of a recording: valid JSON, exit 0"
