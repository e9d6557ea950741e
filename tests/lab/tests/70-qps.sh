#!/bin/bash
# SPDX-License-Identifier: MIT
# 70-qps.sh - the per-QP view (rocescope qps, the QPs pane) on real rxe
# QPs.  While ib_write_bw runs, its QPs are listed with PID, command, RTS
# and moving PSNs, in `qps --json` and on the console's QPs pane; once the
# client is killed they are gone (or in ERR) within a refresh; with the
# peer dropping every packet (a wrong neighbour MAC, so RDMA frames reach
# veth1 addressed to another host) the QP's retransmissions show.  rxe has
# no per-QP counters: a bind is refused by the kernel (kernel 6.1:
# ENOMEM) and said, and the port's counters stand in, marked "port".  The
# raw replies of each moment are recorded into out/qps/ with what
# iproute2's rdma printed: tests/fixtures/rdma-netlink/qps-* come from here.
. /lab-guest/tap.sh
. /lab-guest/console.sh
REC=/usr/local/bin/rdma_nl_record
[ -x "$REC" ] || skip_all "rdma_nl_record is not in the guest (run.sh --bin tests/rdma_nl_record)"
rs_has_cmd qps || skip_all "this rocescope has no qps command"
command -v jq >/dev/null || skip_all "jq is not in the image"
OUT=/lab/out/qps
R=$ROCESCOPE
plan 12
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
# client_pid FILE - the PID of the client's QP on rxe0 in a qps --json
client_pid() { jq -r '.qps[] | select(.device == "rxe0" and .type == "RC") | .pid' "$1" | head -n1; }
# qpj FILE FILTER - jq -e on FILE, quietly
qpj() { jq -e "$2" "$1" >/dev/null 2>&1; }
wait_traffic() { # wait_traffic - rxe0 sends
	local s0
	s0=$(counter rxe0 sent_pkts)
	lab_wait 60 sh -c "[ \"\$(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts)\" -gt $s0 ]"
}

record idle
ok "$(grep -q '^rxe0 qp 1 GSI RTS' "$OUT/idle/qps.txt"; echo $?)" "idle: the GSI QP of rxe0 is listed"
timeout 60 "$R" qps --json --interval 0 >"$LAB_T/idle.json" 2>/dev/null
ok "$(grep -q 'mode qp auto off' "$OUT/idle/rdma-statistic-qp-mode.txt" &&
	[ "$(jq -r '.devices[] | select(.name == "rxe0") | .counter_mode' "$LAB_T/idle.json")" = none ]
	echo $?)" \
	"the counter mode of rxe0's port is read (none), as rdma statistic qp mode says"

# --- ib_write_bw running -------------------------------------------------
PERF_TIMEOUT=120 perf_pair ib_write_bw -d rxe1 -x 1 -D 60 -F -- -d rxe0 -x 1 -D 60 -F 10.99.0.2 &
ppid=$!
wait_traffic
timeout 60 "$R" qps --json --interval 1 >"$LAB_T/busy.json" 2>"$LAB_T/busy.err"
cpid=$(client_pid "$LAB_T/busy.json")
grep -q 10.99.0.2 "/proc/${cpid:-0}/cmdline" 2>/dev/null || cpid=""	# the client, not the server
diag "client pid ${cpid:-?}; $(jq -c '[.qps[] | select(.kernel | not) | {device, lqpn, state, pid, comm, psn_moving, sq_psn}]' "$LAB_T/busy.json" 2>&1)"
ok "$(qpj "$LAB_T/busy.json" ".qps[] | select(.device == \"rxe0\" and .type == \"RC\" and
	.state == \"RTS\" and .pid == ${cpid:-0} and .comm == \"ib_write_bw\" and .psn_moving)"; echo $?)" \
	"qps --json: ib_write_bw's RC QP on rxe0 with its PID and command, RTS, PSNs moving"
ok "$(qpj "$LAB_T/busy.json" '.qps[] | select(.device == "rxe1" and .type == "RC" and
	.comm == "ib_write_bw" and .psn_moving)'; echo $?)" \
	"qps --json: the server's QP on rxe1 (RTR: its RQ PSN moves)"
record busy
timeout 60 "$R" qps --bind --json --interval 0.5 >"$LAB_T/bind.json" 2>"$LAB_T/bind.err"
lq=$(jq -r '.qps[] | select(.device == "rxe0" and .type == "RC") | .lqpn' "$LAB_T/busy.json" | head -n1)
rdma statistic qp bind link rxe0/1 lqpn "${lq:-17}" >"$OUT/busy/rdma-bind.txt" 2>&1
echo "rc $?" >>"$OUT/busy/rdma-bind.txt"
diag "rocescope: $(jq -c .changes "$LAB_T/bind.json" 2>&1); rdma: $(tr '\n' ' ' <"$OUT/busy/rdma-bind.txt")"
ok "$(qpj "$LAB_T/bind.json" '.changes[] | select(test("rxe[01] cannot count per QP"))' &&
	qpj "$LAB_T/bind.json" '[.qps[] | select(.type == "RC")] | all(.rates_from == "port")'; echo $?)" \
	"qps --bind on rxe: the kernel's refusal is said, the port counters stand in"

console_start 80 24
wait_for 30 ' 1 Overview' && keys 0
wait_for 30 'rxe0/1:[0-9]+ +RC +RTS +moving'
ok $? "console: the QPs pane lists ib_write_bw's QP, RTS, PSNs moving"
grep -q 'ib_write_bw +pid [0-9]' "$LAB_T/screen" || grep -Eq 'ib_write_bw +pid' "$LAB_T/screen"
ok $? "console: grouped under ib_write_bw with its PID"
[ -s "$LAB_T/screen" ] && show_screen

# Kill the client: its QP is gone (or in ERR) within a refresh.
[ -n "$cpid" ] && kill -KILL "$cpid"
wait_for 20 'gone [0-9]+s|ERR [0-9]+s'
ok $? "console: the killed client's QP shows gone (or ERR) within a refresh"
show_screen
console_quit >/dev/null
wait $ppid
timeout 60 "$R" qps --json --interval 0 >"$LAB_T/after.json" 2>/dev/null
ok "$( ! qpj "$LAB_T/after.json" ".qps[] | select(.pid == ${cpid:-0} and .state == \"RTS\")"; echo $?)" \
	"qps --json: no QP of the killed client is left in RTS"

# --- the peer drops every packet -----------------------------------------
fault_neigh_bogus
r0=$(counter rxe0 completer_retry_err)
PERF_TIMEOUT=40 bw 1 1 127.0.0.1 &
bpid=$!
lab_wait 60 sh -c "[ \"\$(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/completer_retry_err)\" -gt $r0 ]"
timeout 60 "$R" qps --json --interval 2 >"$LAB_T/drop.json" 2>/dev/null
diag "$(jq -c '[.qps[] | select(.device == "rxe0" and .type == "RC") | {lqpn, state, psn_moving, rates, rates_from}]' "$LAB_T/drop.json" 2>&1)"
ok "$(qpj "$LAB_T/drop.json" '.qps[] | select(.device == "rxe0" and .type == "RC" and
	.rates.retrans > 0 and .rates_from == "port")'; echo $?)" \
	"peer dropping packets: the QP's retransmissions show (rxe: its port's completer_retry_err)"
timeout 60 "$R" check --interval 2 >"$LAB_T/check.txt" 2>/dev/null
grep -E 'qp\.(errors_rising|psn_stalled)' "$LAB_T/check.txt" | diag "$(cat)"
ok "$(grep -Eq '^WARN  qp\.errors_rising +rxe0 port 1( QP [0-9]+)?' "$LAB_T/check.txt"; echo $?)" \
	"check: qp.errors_rising names rxe0's QP (or its port)"
killall -q -KILL ib_write_bw 2>/dev/null
wait "$bpid" 2>/dev/null
lab_wait 20 sh -c '! pidof ib_write_bw'
unfault_neigh_bogus

# --- rdma_cm: the addresses of the QPs -----------------------------------
PERF_TIMEOUT=90 perf_pair ib_write_bw -d rxe1 -x 1 -R -D 30 -F -- -d rxe0 -x 1 -R -D 30 -F 10.99.0.2 &
ppid=$!
wait_traffic
record cm
timeout 60 "$R" qps --json --interval 0 >"$LAB_T/cm.json" 2>/dev/null
wait $ppid
ok "$(grep -Eq '^rxe0 qp [0-9]+ RC RTS .* cm 10\.99\.0\.1:[0-9]+ -> 10\.99\.0\.2:' "$OUT/cm/qps.txt" &&
	qpj "$LAB_T/cm.json" '.qps[] | select(.device == "rxe0" and (.src // "" | startswith("10.99.0.1:")) and
	(.dst // "" | startswith("10.99.0.2:")))'; echo $?)" \
	"ib_write_bw -R: the rdma_cm ID names the QP's addresses (as rdma resource show cm_id)"
diag_file "$OUT/cm/qps.txt" 6
