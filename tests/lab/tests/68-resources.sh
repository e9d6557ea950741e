#!/bin/bash
# SPDX-License-Identifier: MIT
# 68-resources.sh - the RDMA resources (QPs and their states, CQs, MRs,
# PDs) that rocescope reads from RDMA netlink (src/collect/rdma_res.c),
# against what iproute2's `rdma resource show` says on the same rxe
# devices: idle (the kernel's own GSI QPs) and while ib_write_bw runs (its
# QPs in RTS).  The raw replies are recorded into the shared folder
# (out/rdma-nl/{idle,busy}/) with rdma's outputs: the recorded twin's
# fixtures (tests/fixtures/roce-rxe/rdma-netlink/) come from here.
# rdma_nl_record reaches the guest through run.sh --bin.
. /lab-guest/tap.sh
. /lab-guest/rdma_res.sh
REC=/usr/local/bin/rdma_nl_record
[ -x "$REC" ] || skip_all "rdma_nl_record is not in the guest (run.sh --bin tests/rdma_nl_record)"
command -v rdma >/dev/null || skip_all "iproute2's rdma is not in the image"
plan 11
OUT=/lab/out/rdma-nl
R=$ROCESCOPE

# take NAME - rdma's view, the recorded replies, rocescope's JSON and text,
# then rdma's view again (a state that changed meanwhile is taken again).
take() {
	local d=$OUT/$1 try
	for try in 1 2 3; do
		rm -rf "$d" && mkdir -p "$d"
		rdma resource show >"$d/rdma-resource.txt" 2>&1
		rdma resource show qp >"$d/rdma-resource-qp.txt" 2>&1
		"$REC" "$d" >"$d/recorded.txt" 2>"$d/recorded.err"
		timeout 60 "$R" devices --json >"$d/devices.json" 2>&1
		timeout 60 "$R" devices >"$d/devices.txt" 2>&1
		rdma resource show >"$LAB_T/again.txt" 2>&1
		rdma resource show qp >"$LAB_T/again-qp.txt" 2>&1
		rdma_res_expect "$d/rdma-resource.txt" "$d/rdma-resource-qp.txt" >"$d/expected.txt"
		[ "$(rdma_res_expect "$LAB_T/again.txt" "$LAB_T/again-qp.txt")" = "$(cat "$d/expected.txt")" ] &&
			return 0
		diag "$1: the resources changed while they were read (try $try)"
	done
	return 1
}

# json_line DEV FILE - rocescope's resources of DEV in the expected format
json_line() {
	jq -r --arg d "$1" '.devices[] | select(.name == $d) | .resources as $r |
		"\(.name) qp \($r.qp) cq \($r.cq) mr \($r.mr) pd \($r.pd) " +
		([["RESET","INIT","RTR","RTS","SQD","SQE","ERR"][] as $s |
		  "\($s) \($r.qp_states[$s])"] | join(" "))' "$2"
}

check_state() { # check_state NAME DESCRIPTION
	local d=$OUT/$1 dev bad=0
	ok "$( [ -s "$d/expected.txt" ] && diff "$d/expected.txt" "$d/recorded.txt" >"$LAB_T/diff" ; echo $?)" \
		"$2: the recorded RDMA netlink replies parse to what 'rdma resource show' says"
	[ -s "$LAB_T/diff" ] && { diag_file "$LAB_T/diff" 10; diag_file "$d/recorded.err" 5; }
	for dev in rxe0 rxe1; do
		[ "$(json_line "$dev" "$d/devices.json")" = "$(grep "^$dev " "$d/expected.txt")" ] || bad=1
	done
	ok "$bad" "$2: rocescope devices --json shows the same QPs, states, CQs, MRs, PDs"
	[ $bad = 0 ] || { diag "$(cat "$d/expected.txt")"; diag "$(json_line rxe0 "$d/devices.json")"; }
}

take idle
check_state idle "idle"
diag "$(cat "$OUT/idle/expected.txt")"

# ib_write_bw for 30 s: its QPs stay in RTS while the state is taken.
s0=$(counter rxe0 sent_pkts)
PERF_TIMEOUT=90 perf_pair ib_write_bw -d rxe1 -x 1 -D 30 -F -- -d rxe0 -x 1 -D 30 -F 10.99.0.2 &
ppid=$!
lab_wait 60 sh -c "[ \"\$(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts)\" -gt $s0 ]"
take busy
busy_ok=$?
check_state busy "during ib_write_bw"
rts=$(awk '$1 == "rxe0" { for (i = 1; i < NF; i++) if ($i == "RTS") print $(i + 1) }' "$OUT/busy/expected.txt")
ok "$( [ $busy_ok = 0 ] && [ "${rts:-0}" -ge 2 ]; echo $?)" \
	"during ib_write_bw rxe0 has QPs in RTS beyond the GSI QP (RTS ${rts:-?})"
grep -E '^  in use ' "$OUT/busy/devices.txt" | head -2 | diag "$(cat)"
ok "$(grep -Eq '^  in use   QPs [0-9]+ \(.*RTS [0-9]+.*\), CQs [0-9]+, MRs [0-9]+, PDs [0-9]+$' "$OUT/busy/devices.txt"; echo $?)" \
	"devices (text): the in-use line with QPs by state"
# The least privilege the exporter runs with: a plain user reads them too.
capsh --user=lab -- -c "$R devices --json" >"$LAB_T/user.json" 2>"$LAB_T/user.err"
ok "$(jq -e '[.devices[].resources.known] | all' "$LAB_T/user.json" >/dev/null; echo $?)" \
	"a user without privileges reads the resources (no CAP_NET_ADMIN needed)"
# The exporter's text of the same moment (kept for promtool on the host:
# tests/fixtures/rdma-netlink/busy/metrics.prom), as root and as lab.
timeout 60 "$R" exporter --once >"$OUT/busy/metrics.prom" 2>"$LAB_T/exp.err"
capsh --user=lab -- -c "timeout 60 $R exporter --once" >"$LAB_T/user.prom" 2>>"$LAB_T/exp.err"
qrts=$(awk '$1 == "rocescope_rdma_queue_pairs{device=\"rxe0\",state=\"RTS\"}" { print $2 }' "$OUT/busy/metrics.prom")
ok "$( [ -n "$qrts" ] && [ "$qrts" -ge 2 ] &&
	grep -q '^rocescope_rdma_resources_known{device="rxe0"} 1$' "$LAB_T/user.prom" &&
	grep -q '^rocescope_port_roce_events_total{device="rxe0",port="1",counter="sent_pkts"} [1-9]' "$OUT/busy/metrics.prom"
	echo $?)" "exporter --once: rxe0's QPs in RTS ($qrts) and its hw counters, as root and as a user"
[ -s "$LAB_T/exp.err" ] && diag_file "$LAB_T/exp.err" 5
wait $ppid
ok $? "the ib_write_bw run itself passed"

# Served from the VM while traffic runs: two scrapes over plain TCP see
# rxe0's sent_pkts move (the session reads every second, scrapes only read).
scrape() { # scrape FILE - GET /metrics with HTTP/1.0 (the server closes after it)
	timeout 20 bash -c 'exec 3<>/dev/tcp/127.0.0.1/9479 &&
		printf "GET /metrics HTTP/1.0\r\n\r\n" >&3 && cat <&3' >"$1" 2>/dev/null
}
sent() { awk '$1 == "rocescope_port_roce_events_total{device=\"rxe0\",port=\"1\",counter=\"sent_pkts\"}" { print $2 }' "$1"; }
capsh --user=lab -- -c "exec $R exporter --interval 1" 2>"$LAB_T/served.err" &
epid=$!
lab_wait 30 grep -q 'exporter on http://127.0.0.1:9479/metrics' "$LAB_T/served.err"
traffic_start
lab_wait 120 sh -c "[ \"\$(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts)\" -gt $(counter rxe0 sent_pkts) ]"
scrape "$LAB_T/m1"
v1=$(sent "$LAB_T/m1")
moved=1
for i in $(seq 60); do
	scrape "$LAB_T/m2"
	v2=$(sent "$LAB_T/m2")
	[ -n "$v1" ] && [ -n "$v2" ] && [ "$v2" -gt "$v1" ] && { moved=0; break; }
	sleep 0.5
done
traffic_stop
kill "$epid" 2>/dev/null
wait "$epid"
erc=$?
ok "$( [ $moved = 0 ] && grep -q '^HTTP/1.1 200 OK' "$LAB_T/m2"; echo $?)" \
	"the exporter, run as user lab, serves rxe0's sent_pkts moving during ib_write_bw (${v1:-?} -> ${v2:-?})"
ok "$erc" "the exporter ends with 0 on SIGTERM"
