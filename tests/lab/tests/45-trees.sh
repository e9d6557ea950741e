#!/bin/bash
# SPDX-License-Identifier: MIT
# 45-trees.sh - the troubleshooting trees on real Soft-RoCE devices: on the
# healthy lab (rocescope serve on the peer) no tree fails, the ping-pong
# and bandwidth steps run real tests; for every fault faults.sh makes, the matching
# tree (rocescope check --tree, probes for real) stops at the step that
# names the real cause.  Each run's outcome goes to the log as a table row
# (fault, tree, step, verdict) - the table of docs/lab.md.
. /lab-guest/tap.sh
. /lab-guest/faults.sh
plan 19
R=$ROCESCOPE
PEER=10.99.0.2

if ! rs_has_cmd check || ! "$R" help check 2>&1 | grep -q -- '--tree'; then
	for i in $(seq 19); do skip "rocescope check has no --tree"; done
	exit 0
fi

# rocescope serve on the peer, as the user starts it before walking a
# tree: the control-port step connects to it (a port probe, which serve
# does not count), and the ping-pong and bandwidth steps run their short
# tests against it - N tests (default 1).
serve() {
	timeout 150 "$R" serve -d rxe1 --timeout 120 --count "${1:-1}" >"$LAB_T/srv.out" 2>&1 &
	SRV=$!
	lab_wait 30 sh -c "netstat -ltn 2>/dev/null | grep -q ':18515 '"
}
unserve() { kill "$SRV" 2>/dev/null; wait "$SRV" 2>/dev/null; }

# tree FAULT TREE ARGS... - run `rocescope check --tree TREE ARGS` (behind
# the command in the array PRE, if any); $LAB_T/tree.out holds the report,
# RC its exit status, CAUSE the step of the cause ("-" none), and the table
# row is logged.
PRE=()
tree() {
	local fault=$1 name=$2 verdict
	shift 2
	timeout 180 "${PRE[@]}" "$R" check --tree "$name" "$@" >"$LAB_T/tree.out" 2>"$LAB_T/tree.err"
	RC=$?
	CAUSE=$(sed -n 's/^cause: step [0-9]* (\([a-z-]*\)):.*/\1/p' "$LAB_T/tree.out")
	CAUSE=${CAUSE:--}
	case $RC in 0) verdict=pass ;; 1) verdict=fail ;; 3) verdict=warn ;; *) verdict="exit $RC" ;; esac
	diag "TABLE | $fault | $name | $CAUSE | $verdict | $(grep '^cause:' "$LAB_T/tree.out" | cut -c1-110)"
	[ "$RC" = 0 ] || [ "$RC" = 3 ] || { diag_file "$LAB_T/tree.out" 40; diag_file "$LAB_T/tree.err" 4; }
}
step_verdict() { # step_verdict ID -> PASS/WARN/FAIL/SKIP of that step
	awk -v id="$1" '$3 == id { print $2; exit }' "$LAB_T/tree.out"
}

# --- the healthy lab: no tree fails ---------------------------------------
serve
tree healthy connection-failure --peer $PEER -x 1
unserve
ok "$( { [ $RC = 0 ] || [ $RC = 3 ]; } && [ "$(step_verdict ping)" = PASS ] &&
	[ "$(step_verdict control-port)" = PASS ] && [ "$(step_verdict rdma-cm)" = PASS ] &&
	[ "$(step_verdict pingpong)" = PASS ]; echo $?)" \
	"healthy: connection-failure does not fail; ping, control port, rdma_cm and the ping-pong pass for real"
serve
tree healthy low-bandwidth --peer $PEER
unserve
ok "$( { [ $RC = 0 ] || [ $RC = 3 ]; } && [ "$(step_verdict path-mtu)" = PASS ]; echo $?)" \
	"healthy: low-bandwidth does not fail; the DF path MTU probe passes"
tree healthy large-message-crash -s 1048576
ok "$( [ $RC = 0 ] || [ $RC = 3 ]; echo $?)" "healthy: large-message-crash does not fail (root, 1 MiB)"
serve 2
tree healthy first-time-setup --peer $PEER
unserve
ok "$( [ $RC = 0 ] || [ $RC = 3 ]; echo $?)" "healthy: first-time-setup has nothing to do"

# --- one fault at a time ---------------------------------------------------
fault_mtu
lab_wait 10 sh -c 'ibv_devinfo -d rxe0 | grep -q "active_mtu:.*4096"'
tree mtu low-bandwidth --peer $PEER
unfault_mtu
ok "$( [ $RC = 1 ] && [ "$CAUSE" = path-mtu ] &&
	grep -Eq 'path MTU 150[0-9] < local MTU 9000' "$LAB_T/tree.out"; echo $?)" \
	"mtu (veth0 9000, veth1 1500): low-bandwidth stops at path-mtu, about 1500 < 9000"

fault_neigh_bogus
tree neigh_bogus connection-failure --peer $PEER -x 1
unfault_neigh_bogus
ok "$( [ $RC = 1 ] && [ "$CAUSE" = ping ] &&
	grep -q 'hand-set MAC (PERMANENT 02:00:00:00:99:99)' "$LAB_T/tree.out"; echo $?)" \
	"neigh_bogus: connection-failure stops at ping and names the hand-set MAC"

fault_arp_off
tree arp_off connection-failure --peer $PEER -x 1
unfault_arp_off
ok "$( [ $RC = 1 ] && [ "$CAUSE" = ping ] && grep -q 'veth0 has ARP off (NOARP)' "$LAB_T/tree.out"; echo $?)" \
	"arp_off: connection-failure stops at ping: veth0 has ARP off"

serve
tree gid_mismatch connection-failure --peer $PEER -x 0
unserve
ok "$( [ "$(step_verdict user-index)" = WARN ] && grep -q 'GID index 0 is link-local' "$LAB_T/tree.out" &&
	grep -q 'use -x 1 ' "$LAB_T/tree.out"; echo $?)" \
	"gid_mismatch (-x 0 here, 1 there): the user-index step warns: link-local, use -x 1"

tree gid_missing connection-failure --peer $PEER -x 5
ok "$( [ $RC = 1 ] && [ "$CAUSE" = user-index ] && grep -q 'GID index 5 is empty on rxe0 port 1' "$LAB_T/tree.out"; echo $?)" \
	"gid_missing (-x 5): connection-failure stops at user-index: the entry is empty"

fault_port_down
lab_wait 20 sh -c '! grep -q ACTIVE /sys/class/infiniband/rxe0/ports/1/state'
tree port_down connection-failure --peer $PEER -x 1
unfault_port_down
ok "$( [ $RC = 1 ] && [ "$CAUSE" = port ]; echo $?)" \
	"port_down (veth1 down): connection-failure stops at the port step (rxe0 not ACTIVE)"

# as_memlock_limited (faults.sh), spelt out: timeout cannot run a function.
PRE=(capsh --drop=cap_ipc_lock -- -c 'ulimit -l 64 && exec "$@"' lab)
tree memlock large-message-crash -s 1048576
PRE=()
ok "$( [ $RC = 1 ] && { [ "$CAUSE" = memlock ] || [ "$CAUSE" = memlock-test ]; } &&
	grep -q 'memlock 64 KiB\|64 KiB' "$LAB_T/tree.out"; echo $?)" \
	"memlock (ulimit -l 64, no CAP_IPC_LOCK): large-message-crash stops at memlock"

fault_no_server
tree no_server connection-failure --peer $PEER -x 1
ok "$( [ $RC = 1 ] && [ "$CAUSE" = control-port ] && grep -q 'nobody listens on the control port' "$LAB_T/tree.out"; echo $?)" \
	"no_server: connection-failure stops at control-port: nobody listens"

fault_wrong_route
tree wrong_route connection-failure --peer $PEER -x 1
unfault_wrong_route
ok "$( [ $RC = 1 ] && [ "$CAUSE" = ping ] &&
	grep -q 'the route leaves through wrongdev, which is not an RDMA interface' "$LAB_T/tree.out"; echo $?)" \
	"wrong_route: connection-failure stops at ping: the route leaves through wrongdev"

fault_two_ifaces
serve 2
tree two_ifaces first-time-setup --peer $PEER
unserve
"$R" check >"$LAB_T/check.out" 2>&1
unfault_two_ifaces
ok "$( [ "$(step_verdict subnet)" = WARN ] && grep -q 'veth0 and veth2 share the subnet of 10.99.0.1/24\|veth2 and veth0 share the subnet' "$LAB_T/check.out"; echo $?)" \
	"two_ifaces: the subnet step warns; check names veth0 and veth2 in one subnet"

# --- the JSON of a real walk, and the undo ------------------------------------
serve
timeout 180 "$R" check --tree connection-failure --peer $PEER -x 1 --json >"$LAB_T/tree.json" 2>/dev/null
rc=$?
unserve
ok "$( { [ $rc = 0 ] || [ $rc = 3 ]; } && jq -e '.tree == "connection-failure" and (.steps | length) > 5 and
	(.steps[] | select(.id == "ping") | .verdict == "pass" and (.evidence | test("ping probe")))' \
	"$LAB_T/tree.json" >/dev/null; echo $?)" "check --tree --json: the steps run, the ping probe's evidence"
serve
tree undo connection-failure --peer $PEER -x 1
unserve
ok "$( [ $RC = 0 ] || [ $RC = 3 ]; echo $?)" "after every undo the healthy lab passes connection-failure again"

# --- probes against faults directly (their evidence, beside the trees) -----
fault_mtu
lab_wait 10 sh -c 'ibv_devinfo -d rxe0 | grep -q "active_mtu:.*4096"'
timeout 120 "$R" check --tree low-bandwidth --peer $PEER --json >"$LAB_T/mtu.json" 2>/dev/null
unfault_mtu
# A veth takes frames up to its MTU + 4 (docs/probes.md): 1504, not 1500.
ok "$(jq -e '.outcome.step == "path-mtu" and (.outcome.cause | test("path MTU 150[0-9] < local MTU 9000"))' "$LAB_T/mtu.json" >/dev/null; echo $?)" \
	"mtu: the JSON outcome names path-mtu and the path's MTU"
tree no_such_peer connection-failure --peer 10.99.0.77 -x 1
ok "$( [ $RC = 1 ] && [ "$CAUSE" = ping ]; echo $?)" "a peer that does not exist: connection-failure stops at ping"
healthy_bw
ok $? "after the trees ib_write_bw still passes (nothing left behind)"
