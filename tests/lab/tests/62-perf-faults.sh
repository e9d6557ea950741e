#!/bin/bash
# SPDX-License-Identifier: MIT
# 62-perf-faults.sh - each lab fault (guest/faults.sh) gives rocescope bw/lat
# its mapped message (docs/lab.md's fault table), and nothing hangs: our QPs
# use retry_cnt 6 and every phase has a timeout.  Where only the RDMA path
# is meant to break, the control connection goes over lo (serve --bind
# 0.0.0.0, client to 127.0.0.1), so the failure is RDMA's, not TCP's.
. /lab-guest/tap.sh
plan 16
R=$ROCESCOPE
rs_has_cmd bw || skip_all "rocescope has no bw command"
FT=${FAULT_TIMEOUT:-60}
jqt() { jq -e "$@" >/dev/null 2>&1; }
listening() { netstat -ltn 2>/dev/null | grep -q ":18515 "; }
serve_bg() { # serve_bg ARGS... - serve on rxe1, every interface, in the background
	timeout $FT "$R" serve -d rxe1 --bind 0.0.0.0 --timeout 40 "$@" >"$LAB_T/srv.out" 2>&1 &
	spid=$!
	lab_wait 60 listening || diag "serve does not listen: $(cat "$LAB_T/srv.out")"
}
serve_wait() { wait $spid; srv_rc=$?; }
# code FILE - the client's mapped failure (its own, or the one the peer reported)
code() { jq -r '.error.code + "/" + (.error.peer_code // "")' "$1" 2>/dev/null; }
# pids_of ARGS - the rocescope processes started as `rocescope ARGS...` (not
# their timeout(1) wrappers: killing those would leave rocescope running)
pids_of() {
	local p
	for p in /proc/[0-9]*; do
		tr '\0' ' ' <"$p/cmdline" 2>/dev/null | grep -q "^$R $1" && echo "${p#/proc/}"
	done
}
show() { jq -c '{ok, error}' "$1" 2>&1 | cut -c1-400 | diag "$(cat)"; diag_file "$LAB_T/srv.out" 3; }

# --- empty GID slot on both ends: QP to RTR fails
serve_bg -x 5
timeout $FT "$R" bw 127.0.0.1 -d rxe0 -x 5 -n 50 --json >"$LAB_T/c.json" 2>/dev/null
rc=$?
serve_wait
show "$LAB_T/c.json"
ok "$( [ $rc = 1 ] && case $(code "$LAB_T/c.json") in qp_rtr/*|peer_failed/qp_rtr) true ;; *) false ;; esac &&
	jqt '.error.message | test("RTR")' "$LAB_T/c.json"; echo $?)" \
	"gid_missing (-x 5): 'QP to RTR failed', what to check names the GID index"
ok "$( [ $srv_rc = 1 ] && grep -q 'RTR' "$LAB_T/srv.out"; echo $?)" "gid_missing: serve says RTR too, exit 1"

# --- wrong neighbour MAC: retry exceeded (status 12), not a hang
fault_neigh_bogus
serve_bg
t0=$(date +%s)
timeout $FT "$R" bw 127.0.0.1 -d rxe0 -x 1 -n 50 --json >"$LAB_T/c.json" 2>/dev/null
rc=$?
t1=$(date +%s)
serve_wait
show "$LAB_T/c.json"
ok "$( [ $rc = 1 ] && [ "$(code "$LAB_T/c.json")" = retry_exceeded/ ] &&
	jqt '.error.message | test("status 12")' "$LAB_T/c.json"; echo $?)" \
	"neigh_bogus: 'retry exceeded (work completion status 12)' after $((t1 - t0)) s"
ok "$( [ $srv_rc = 1 ] && grep -q 'the client failed: retry exceeded' "$LAB_T/srv.out"; echo $?)" \
	"neigh_bogus: serve reports the client's retry exceeded, exit 1"
unfault_neigh_bogus

# --- ARP off on veth0: the same family of failure
fault_arp_off
serve_bg
timeout $FT "$R" lat 127.0.0.1 -d rxe0 -x 1 -n 50 --json >"$LAB_T/c.json" 2>/dev/null
rc=$?
serve_wait
show "$LAB_T/c.json"
ok "$( [ $rc = 1 ] && case $(code "$LAB_T/c.json") in retry_exceeded/|qp_rtr/|stalled/) true ;; *) false ;; esac; echo $?)" \
	"arp_off: lat fails with a path failure ($(code "$LAB_T/c.json")), no hang"
unfault_arp_off

# --- no server on the control port
fault_no_server
timeout $FT "$R" bw 10.99.0.2 -d rxe0 -n 50 >"$LAB_T/c.out" 2>&1
rc=$?
diag_file "$LAB_T/c.out" 3
ok "$( [ $rc = 1 ] && grep -q 'control port unreachable' "$LAB_T/c.out" &&
	grep -q 'connection refused' "$LAB_T/c.out" && grep -q 'rocescope serve' "$LAB_T/c.out"; echo $?)" \
	"no_server: 'control port unreachable ... connection refused', check names rocescope serve"

# --- memlock 64 KiB as user lab: MR failure with the limit and the need
serve_bg
as_user_lab -l 64 timeout $FT "$R" bw 10.99.0.2 -d rxe0 -x 1 -s 1048576 -n 10 >"$LAB_T/c.out" 2>&1
rc=$?
serve_wait
diag_file "$LAB_T/c.out" 4
ok "$( [ $rc = 1 ] && grep -q 'memory registration failed' "$LAB_T/c.out" &&
	grep -q 'memlock limit (ulimit -l) 64 KiB, the test needs 2048 KiB' "$LAB_T/c.out" &&
	grep -q 'limits.conf' "$LAB_T/c.out"; echo $?)" \
	"memlock as lab (ulimit -l 64): MR failure shows the limit (64 KiB) and the need (2048 KiB)"
ok "$( [ $srv_rc = 1 ] && grep -Eq '(client|peer) failed: memory registration failed' "$LAB_T/srv.out"; echo $?)" \
	"memlock: serve reports the client's MR failure"

# --- port down
fault_port_down
lab_wait 10 sh -c '! grep -q ACTIVE /sys/class/infiniband/rxe0/ports/1/state'
serve_bg -x 1
timeout $FT "$R" bw 127.0.0.1 -d rxe0 -x 1 -n 10 >"$LAB_T/c.out" 2>&1
rc=$?
serve_wait
diag_file "$LAB_T/c.out" 3
ok "$( [ $rc = 1 ] && grep -q 'port down' "$LAB_T/c.out" && grep -q 'rxe0 port 1 is .*not ACTIVE' "$LAB_T/c.out"; echo $?)" \
	"port_down: 'port down', rxe0 port 1 not ACTIVE"
unfault_port_down

# --- MTU mismatch: the views differ, the test runs at the smaller MTU
fault_mtu
lab_wait 10 sh -c 'ibv_devinfo -d rxe0 | grep -q "active_mtu:.*4096"'
serve_bg
timeout $FT "$R" bw 127.0.0.1 -d rxe0 -x 1 -n 100 -m 4096 >"$LAB_T/c.out" 2>&1
rc=$?
serve_wait
grep -E '^(difference|verdict)' "$LAB_T/c.out" | diag "$(cat)"
ok "$( [ $rc = 0 ] && grep -q '^difference: active_mtu: 4096 here, 1024 there' "$LAB_T/c.out" &&
	grep -q '^difference: netdev_mtu: 9000 here, 1500 there' "$LAB_T/c.out"; echo $?)" \
	"mtu: bw prints the MTU differences before the result and passes at the smaller MTU"
unfault_mtu

# --- GID types differ (link-local on the server, IPv4 on the client)
serve_bg -x 0
timeout $FT "$R" bw 127.0.0.1 -d rxe0 -x 1 -n 20 --timeout 10 >"$LAB_T/c.out" 2>&1
rc=$?
serve_wait
grep -E '^(difference|rocescope|  what)' "$LAB_T/c.out" | diag "$(cat)"
ok "$(grep -q '^difference: gid_family: IPv4 here, IPv6 link-local there' "$LAB_T/c.out"; echo $?)" \
	"gid_mismatch: 'difference: gid_family: IPv4 here, IPv6 link-local there' (exit $rc)"

# --- the route to the peer through the wrong interface: the control
# connection gets no answer (a TCP failure, named as such, after --timeout)
fault_wrong_route
serve_bg
timeout $FT "$R" bw 10.99.0.2 -d rxe0 -x 1 -n 10 --timeout 5 --json >"$LAB_T/c.json" 2>/dev/null
rc=$?
kill $spid 2>/dev/null; kill $(pids_of serve) 2>/dev/null; wait $spid 2>/dev/null
show "$LAB_T/c.json"
ok "$( [ $rc = 1 ] && [ "$(code "$LAB_T/c.json")" = control_timeout/ ] &&
	jqt '.error.message | test("no answer from 10.99.0.2:18515")' "$LAB_T/c.json"; echo $?)" \
	"wrong_route: 'control port does not answer' (no answer from 10.99.0.2:18515)"
unfault_wrong_route

# --- two RDMA interfaces in one subnet: without -d the device is the one
# the route to the peer leaves by (rxe0 on veth0), not rxe2 on veth2
fault_two_ifaces
serve_bg
timeout $FT "$R" bw 10.99.0.2 -n 50 --json >"$LAB_T/c.json" 2>/dev/null
rc=$?
serve_wait
jq -c '{ok, local: .local.device, netdev: .local.netdev, gid: .local.gid_index}' "$LAB_T/c.json" 2>&1 | diag "$(cat)"
ok "$( [ $rc = 0 ] && jqt '.ok and .local.device == "rxe0" and .local.netdev == "veth0" and .local.gid_index == 1' "$LAB_T/c.json"; echo $?)" \
	"two_ifaces: bw without -d uses rxe0 (the route's netdev veth0), not rxe2 in the same subnet"
unfault_two_ifaces

# --- the server vanishes mid-test (SIGKILL): the client says so, quickly
serve_bg
timeout $FT "$R" bw 127.0.0.1 -d rxe0 -x 1 -D 20 --json >"$LAB_T/c.json" 2>/dev/null &
cpid=$!
lab_wait 30 grep -q 'client 1:' "$LAB_T/srv.out"
sleep 3
kill -KILL $(pids_of serve) 2>/dev/null
wait $cpid
rc=$?
show "$LAB_T/c.json"
ok "$( [ $rc = 1 ] && [ "$(code "$LAB_T/c.json")" = peer_closed/ ]; echo $?)" \
	"server killed mid-test: the client says the peer closed the connection (not the 20 s run, not a hang)"

# --- the client vanishes mid-test: serve reports it and exits 1.  The
# client runs without a timeout(1) wrapper (its own -D and --timeout bound
# it), so $! is rocescope itself and the kill cannot miss it.
serve_bg
"$R" lat 127.0.0.1 -d rxe0 -x 1 -D 20 >/dev/null 2>&1 &
cpid=$!
lab_wait 30 grep -q 'client 1:' "$LAB_T/srv.out"
sleep 2
kill -KILL $cpid 2>/dev/null
diag "killed the client (pid $cpid): $?"
wait $cpid 2>/dev/null
serve_wait
diag_file "$LAB_T/srv.out" 3
ok "$( [ $srv_rc = 1 ] && grep -Eq 'the peer closed the connection|went silent' "$LAB_T/srv.out"; echo $?)" \
	"client killed mid-test: serve says the peer closed the connection (not a path failure), exit 1"

# --- Ctrl-C on the client: interrupted, and the server is told.  Through
# timeout(1), which gives its child the default SIGINT: a background job of
# a non-interactive shell starts with SIGINT ignored, and an ignored signal
# never reaches the loop's signalfd.
serve_bg
timeout $FT "$R" bw 127.0.0.1 -d rxe0 -x 1 -D 20 >"$LAB_T/c.out" 2>&1 &
cpid=$!
lab_wait 30 grep -q 'client 1:' "$LAB_T/srv.out"
sleep 2
kill -INT $(pids_of bw) 2>/dev/null
wait $cpid
rc=$?
serve_wait
diag "client exit $rc, serve exit $srv_rc"
diag_file "$LAB_T/c.out" 2
diag_file "$LAB_T/srv.out" 3
ok "$( [ $rc = 1 ] && grep -q 'interrupted' "$LAB_T/c.out" && [ $srv_rc = 1 ] &&
	grep -q 'the client failed: interrupted' "$LAB_T/srv.out"; echo $?)" \
	"SIGINT: the client stops ('interrupted'), serve is told and exits 1"
