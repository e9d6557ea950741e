#!/bin/bash
# SPDX-License-Identifier: MIT
# 70-qps.sh - the per-QP view (rocescope qps, the QPs pane) on real rxe
# QPs: while ib_write_bw runs, its QPs are listed with PID, command, RTS
# and moving PSNs; once the client is killed they are gone (or in ERR)
# within a refresh; with the peer dropping every packet (a wrong
# neighbour MAC) the QP's retransmits show.  rxe has no per-QP counters
# (no counter binding): what the kernel answers to a bind is recorded
# and the view says the port's counters stand in.  The raw replies are
# recorded into out/qps/ for the fixtures (tests/fixtures/rdma-netlink/).
. /lab-guest/tap.sh
REC=/usr/local/bin/rdma_nl_record
[ -x "$REC" ] || skip_all "rdma_nl_record is not in the guest (run.sh --bin tests/rdma_nl_record)"
OUT=/lab/out/qps
R=$ROCESCOPE
plan 3
mkdir -p "$OUT"

record() { # record NAME - every reply and rdma's view of the moment
	local d=$OUT/$1
	rm -rf "$d" && mkdir -p "$d"
	"$REC" "$d" >"$d/recorded.txt" 2>"$d/recorded.err"
	rdma resource show qp >"$d/rdma-resource-qp.txt" 2>&1
	rdma resource show cm_id >"$d/rdma-resource-cm_id.txt" 2>&1
	rdma statistic qp show >"$d/rdma-statistic-qp.txt" 2>&1
	rdma statistic qp mode >"$d/rdma-statistic-qp-mode.txt" 2>&1
}

record idle
ok "$(grep -q '^rxe0 qp 1 GSI RTS' "$OUT/idle/qps.txt"; echo $?)" "idle: the GSI QP of rxe0 is listed"
diag_file "$OUT/idle/qps.txt" 6

# ib_write_bw for 30 s, the plain exchange and the rdma_cm one (-R).
s0=$(counter rxe0 sent_pkts)
PERF_TIMEOUT=90 perf_pair ib_write_bw -d rxe1 -x 1 -D 30 -F -- -d rxe0 -x 1 -D 30 -F 10.99.0.2 &
ppid=$!
lab_wait 60 sh -c "[ \"\$(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts)\" -gt $s0 ]"
record busy
lq=$(awk '$1 == "rxe0" && $4 == "RC" { print $3; exit }' "$OUT/busy/qps.txt")
rdma statistic qp bind link rxe0/1 lqpn "${lq:-17}" >"$OUT/busy/bind.txt" 2>&1
echo "rc $?" >>"$OUT/busy/bind.txt"
diag "bind: $(cat "$OUT/busy/bind.txt")"
wait $ppid
ok "$(grep -Eq '^rxe0 qp [0-9]+ RC RTS pid [1-9]' "$OUT/busy/qps.txt"; echo $?)" \
	"during ib_write_bw: an RC QP of rxe0 in RTS with its PID"
diag_file "$OUT/busy/qps.txt" 8

s0=$(counter rxe0 sent_pkts)
PERF_TIMEOUT=90 perf_pair ib_write_bw -d rxe1 -x 1 -R -D 30 -F -- -d rxe0 -x 1 -R -D 30 -F 10.99.0.2 &
ppid=$!
lab_wait 60 sh -c "[ \"\$(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts)\" -gt $s0 ]"
record cm
wait $ppid
ok "$(grep -Eq '^rxe0 qp [0-9]+ RC RTS .* cm 10\.99\.0\.1:[0-9]+ -> 10\.99\.0\.2:' "$OUT/cm/qps.txt"; echo $?)" \
	"ib_write_bw -R: the rdma_cm ID names the QP's addresses"
diag_file "$OUT/cm/qps.txt" 8
diag_file "$OUT/cm/qps.err" 4
