#!/bin/bash
# SPDX-License-Identifier: MIT
# 45-trees.sh - the troubleshooting trees on real Soft-RoCE devices, one
# kernel playing both hosts (the two-host matrix is tests/lab/pair/
# 20-matrix.sh): on the healthy lab (rocescope serve on the peer) no tree
# fails, the ping-pong and bandwidth steps run real tests; for every fault
# faults.sh makes, the tree a user would pick (rocescope check --tree,
# probes for real) must name the real cause by the first failing step's
# check or cause_check.  Each run is a table row (matrix.sh):
#   MATRIX | fault | tree | step | check | cause_check | verdict | right
# The peer's address is also this host's, but the policy routing sends it
# out of veth0: the route, neighbour and ARP checks judge a real path.
. /lab-guest/tap.sh
. /lab-guest/faults.sh
. /lab-guest/matrix.sh
plan 22
R=$ROCESCOPE
PEER=10.99.0.2

if ! rs_has_cmd check || ! "$R" help check 2>&1 | grep -q -- '--tree'; then
	for i in $(seq 22); do skip "rocescope check has no --tree"; done
	exit 0
fi

# rocescope serve on the peer, as the user starts it before walking a
# tree: the control-port step connects to it (a port probe, which serve
# does not count), and the ping-pong and bandwidth steps run their short
# tests against it.
serve() {
	timeout 400 "$R" serve -d rxe1 --timeout 300 --count 100 "$@" >"$LAB_T/srv.out" 2>&1 &
	SRV=$!
	lab_wait 30 sh -c "netstat -ltn 2>/dev/null | grep -q ':18515 '"
}
unserve() { kill "$SRV" 2>/dev/null; wait "$SRV" 2>/dev/null; }

# --- the healthy lab: no tree fails ---------------------------------------
serve
healthy connection-failure --peer $PEER -x 1
ok "$(jq -e '[.steps[] | select(.id == "ping" or .id == "control-port" or .id == "rdma-cm" or
	.id == "pingpong") | .verdict == "pass"] | all and length == 4' "$LAB_T/h.json" >/dev/null
	echo $?)" "healthy: ping, the control port, rdma_cm and the ping-pong pass for real"
healthy low-bandwidth --peer $PEER
healthy large-message-crash -s 1048576
healthy first-time-setup --peer $PEER

# --- one fault at a time ---------------------------------------------------
scenario neigh_bogus connection-failure net.peer_neigh \
	"neigh_bogus: net.peer_neigh (veth1 answers ARP with its own MAC)" --peer $PEER -x 1
scenario arp_unanswered connection-failure net.peer_neigh \
	"arp_unanswered (veth1 answers no ARP): net.peer_neigh" --peer $PEER -x 1
scenario arp_off connection-failure net.peer_neigh "arp_off: net.peer_neigh (NOARP, veth0's own MAC)" \
	--peer $PEER -x 1

fault_wrong_route
walk wrong_route connection-failure net.peer_route --peer $PEER -x 1
walk wrong_route low-bandwidth net.peer_route --peer $PEER
r2=$RIGHT
unfault_wrong_route
ok $((RIGHT | r2)) "wrong_route: net.peer_route, in connection-failure and low-bandwidth"

scenario addr_gone connection-failure net.addr "addr_gone (veth0 lost 10.99.0.1): net.addr, the walk runs" \
	--peer $PEER -x 1
scenario flux first-time-setup net.arp_flux \
	"flux (veth1's entry for 10.99.0.1 holds veth2's MAC): net.arp_flux" --peer $PEER
scenario default_route first-time-setup net.default_route_rdma \
	"default_route through veth0: the checklist's first latent warning" --peer $PEER

fault_mtu
lab_wait 10 sh -c 'ibv_devinfo -d rxe0 | grep -q "active_mtu:.*4096"'
walk mtu low-bandwidth net.pmtu --peer $PEER
unfault_mtu
ok $RIGHT "mtu (veth0 9000, veth1 1500): net.pmtu"

fault_port_down
lab_wait 20 sh -c '! grep -q ACTIVE /sys/class/infiniband/rxe0/ports/1/state'
walk port_down connection-failure port.not_active --peer $PEER -x 1
unfault_port_down
ok $RIGHT "port_down: port.not_active"

unserve
walk no_server connection-failure net.control_port --peer $PEER -x 1
serve
ok $RIGHT "no_server: net.control_port"

PRE=(capsh --drop=cap_ipc_lock -- -c 'ulimit -l 64 && exec "$@"' lab)
walk memlock large-message-crash host.memlock_small -s 1048576
PRE=()
ok $RIGHT "memlock (ulimit -l 64, no CAP_IPC_LOCK): host.memlock_small"

walk gid_missing connection-failure gid.user_index --peer $PEER -x 5
ok $RIGHT "gid_missing (-x 5): gid.user_index"

unserve
serve -x 0 --bind 0.0.0.0
walk gid_mismatch connection-failure peer.same_gid_type --peer $PEER -x 1
unserve
serve
ok $RIGHT "gid_mismatch (serve -x 0, client -x 1): the ping-pong's cause is peer.same_gid_type"

walk no_such_peer connection-failure net.peer_neigh --peer 10.99.0.77 -x 1
ok $RIGHT "a peer that does not exist (10.99.0.77): nobody answers ARP, net.peer_neigh"

# --- the text of a walk, and the undo ----------------------------------------
fault_neigh_bogus
timeout 300 "$R" check --tree first-time-setup --peer $PEER >"$LAB_T/text.out" 2>/dev/null
unfault_neigh_bogus
ok "$(grep -q '^ *[0-9]* FAIL  ping ' "$LAB_T/text.out" &&
	grep -q '^          cause (net.peer_neigh): the entry for 10.99.0.2 on veth0 holds 02:00:00:00:99:99' \
	"$LAB_T/text.out" && grep -q '^first to do: step [0-9]* (ping) - net.peer_neigh: ' "$LAB_T/text.out"
	echo $?)" "text: a failed symptom says its cause first, then the symptom"
diag_file "$LAB_T/text.out" 12
healthy connection-failure --peer $PEER -x 1
unserve
healthy_bw
ok $? "after the trees ib_write_bw still passes (nothing left behind)"
