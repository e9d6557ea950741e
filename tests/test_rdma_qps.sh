#!/bin/sh
# SPDX-License-Identifier: MIT
# test_rdma_qps.sh - the per-QP view through the recorded twin: the QP,
# CM ID and counter replies recorded in the lab (tests/lab/tests/70-qps.sh)
# parse to what iproute2's `rdma resource show qp` / `show cm_id` printed
# at the same moment; a --root tree with them shows ib_write_bw's QP with
# its owner and addresses in `qps` (text and JSON); a damaged recording is
# reported, not a crash.
. "$top_srcdir/tests/lib.sh"

R=$ROCESCOPE
REC=$top_builddir/tests/rdma_nl_record
JC=$top_builddir/tests/json_check
FX=$top_srcdir/tests/fixtures
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-qps-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

plan 8

# want QPS CMIDS PSN - rdma's lines in rdma_nl_record's QP line format:
#   link rxe0/1 lqpn 19 rqpn 19 type RC state RTS rq-psn 7720925
#     sq-psn 1017055 ... pid 684 comm ib_write_bw
#   link rxe0/1 cm-idn 1 lqpn 19 ... src-addr 10.99.0.1:53398 dst-addr ...
# become "rxe0 qp 19 RC RTS pid 684 sq_psn 1017055 rq_psn 7720925 cm
# 10.99.0.1:53398 -> 10.99.0.2:18515 counter 0"; PSN 0 leaves the PSNs
# out (a busy QP's moved on between rdma and the recording).
want() {
	awk -v psn="$3" -v cmf="$2" '
		FILENAME == cmf && $1 == "link" {
			split($2, l, "/")
			delete f
			for (i = 3; i < NF; i++)
				f[$i] = $(i + 1)
			if ("src-addr" in f)
				cm[l[1], f["lqpn"]] = f["src-addr"] " -> " f["dst-addr"]
			next
		}
		FILENAME != cmf && $1 == "link" {
			split($2, l, "/")
			delete f
			for (i = 3; i < NF; i++)
				f[$i] = $(i + 1)
			line = sprintf("%s qp %d %s %s pid %d", l[1], f["lqpn"],
				       f["type"], f["state"], f["pid"])
			if (psn)
				line = line sprintf(" sq_psn %d rq_psn %d", f["sq-psn"], f["rq-psn"])
			if ((l[1], f["lqpn"]) in cm)
				line = line " cm " cm[l[1], f["lqpn"]]
			print line " counter 0"
		}' "$2" "$1"
}
nopsn() { sed 's/ sq_psn [0-9]* rq_psn [0-9]*//'; }

for st in idle:1 busy:0 cm:1; do
	d=$FX/rdma-netlink/qps-${st%:*}
	psn=${st#*:}
	: >"$T/cm"
	[ -f "$d/rdma-resource-cm_id.txt" ] && cp "$d/rdma-resource-cm_id.txt" "$T/cm"
	want "$d/rdma-resource-qp.txt" "$T/cm" "$psn" >"$T/want"
	"$REC" --parse-qps "$d" rxe0 rxe1 2>"$T/err" >"$T/got.raw"
	if [ "$psn" = 1 ]; then cp "$T/got.raw" "$T/got"; else nopsn <"$T/got.raw" >"$T/got"; fi
	[ -s "$T/want" ] && diff "$T/want" "$T/got" >"$T/diff" && [ ! -s "$T/err" ]
	r=$?; ok $r "qps-${st%:*}: the recorded QP and CM ID replies parse to what rdma printed"
	[ $r = 0 ] || diag "$(cat "$T/diff" "$T/err")"
done

# A root: the rxe fixture's sysfs with the ib_write_bw -R moment.
mkdir -p "$T/root"
cp -R "$FX/roce-rxe/sys" "$T/root/"
cp -R "$FX/rdma-netlink/qps-cm/rdma-netlink" "$FX/rdma-netlink/qps-cm/proc" "$T/root/"
$R --root "$T/root" qps >"$T/qps" 2>&1 &&
	grep -Eq '^ib_write_bw +pid 684 +CPUs 0-1 \(last on 1\)$' "$T/qps" &&
	grep -Eq '^  rxe0/1:19 +RC +1017055 +7720925 .* port$' "$T/qps" &&
	grep -q '^    RTS; peer QP 19; 10.99.0.1:53398 -> 10.99.0.2:18515$' "$T/qps" &&
	grep -q '^rxe0: no per-QP counter bound (mode none): the port' "$T/qps"
r=$?; ok $r "qps on the recorded root: ib_write_bw's QP, owner, PSNs, addresses, counter mode"
[ $r = 0 ] || diag "$(cat "$T/qps")"

$R --root "$T/root" qps --json >"$T/qps.json" 2>&1 && "$JC" <"$T/qps.json" &&
	tr -d ' \n' <"$T/qps.json" >"$T/flat" &&
	grep -q '"lqpn":19,"type":"RC","state":"RTS","kernel":false,"pid":684,"comm":"ib_write_bw","rqpn":19,"sq_psn":1017055,"rq_psn":7720925' "$T/flat" &&
	grep -q '"src":"10.99.0.1:53398","dst":"10.99.0.2:18515"' "$T/flat"
ok $? "qps --json on the recorded root: the same QP and addresses, valid JSON"

# Damage: a cut QP reply and garbage for the CM IDs.
head -c 77 "$FX/rdma-netlink/qps-cm/rdma-netlink/qp-rxe0.nl" >"$T/root/rdma-netlink/qp-rxe0.nl"
$R --root "$T/root" qps >"$T/cut" 2>&1 &&
	grep -q 'rxe0: QPs unknown: recorded RES_QP_GET reply: malformed reply' "$T/cut"
r=$?; ok $r "a cut QP recording: said as malformed, exit 0"
[ $r = 0 ] || diag "$(cat "$T/cut")"
cp "$FX/rdma-netlink/qps-cm/rdma-netlink/qp-rxe0.nl" "$T/root/rdma-netlink/"
printf 'not netlink at all' >"$T/root/rdma-netlink/cm_id-rxe0.nl"
$R --root "$T/root" qps --json >"$T/bad.json" 2>&1 && "$JC" <"$T/bad.json" &&
	grep -q '"lqpn": 19' "$T/bad.json"
r=$?; ok $r "garbage CM IDs: the QPs still listed, valid JSON, exit 0"
[ $r = 0 ] || diag "$(cat "$T/bad.json")"

$R --root "$FX/roce-cx5" qps >"$T/cx5" 2>&1 &&
	grep -q 'not recorded' "$T/cx5"
r=$?; ok $r "a tree without recorded QP replies: unknown, not recorded"
[ $r = 0 ] || diag "$(cat "$T/cx5")"
