#!/bin/bash
# SPDX-License-Identifier: MIT
# 50-probes.sh - the active probes (src/probe/, docs/probes.md) against real
# rxe devices: rdma_cm resolution (the device, port and source GID the
# kernel picks, checked against sysfs), as root and as the real user lab,
# and what the probes say under the lab's faults (faults.sh).  probe_cli
# reaches the guest through run.sh --bin (make check-lab passes it).
. /lab-guest/tap.sh
P=/usr/local/bin/probe_cli
[ -x "$P" ] || skip_all "probe_cli is not in the guest (run.sh --bin tests/probe_cli)"
plan 24

# probe NAME ARGS... - one probe, bounded twice (its own bound, and timeout)
probe() {
	local name=$1
	shift
	timeout 60 "$P" "$@" >"$LAB_T/$name.out" 2>"$LAB_T/$name.err"
	echo $? >"$LAB_T/$name.rc"
	diag "$name: $(grep '^summary' "$LAB_T/$name.out")"
}
val() { awk -v k="$2" '$1 == k { sub(/^[^ ]* ?/, ""); print; exit }' "$LAB_T/$1.out"; }
is() { # is DESCRIPTION NAME KEY=VALUE...
	local desc=$1 name=$2 kv bad=""
	shift 2
	for kv in "$@"; do
		[ "$(val "$name" "${kv%%=*}")" = "${kv#*=}" ] ||
			bad="$bad ${kv%%=*}='$(val "$name" "${kv%%=*}")' (want '${kv#*=}')"
	done
	ok "$([ -z "$bad" ]; echo $?)" "$desc"
	[ -z "$bad" ] || { diag "$name:$bad"; diag_file "$LAB_T/$name.out" 40; diag_file "$LAB_T/$name.err" 5; }
}
# sysfs_agrees NAME - cm_sgid, cm_gid_type and cm_netdev are what sysfs
# says of cm_dev port cm_port index cm_sgid_index
sysfs_agrees() {
	local d i p g t n
	d=$(val "$1" cm_dev) p=$(val "$1" cm_port) i=$(val "$1" cm_sgid_index)
	g=$(cat "/sys/class/infiniband/$d/ports/$p/gids/$i" 2>/dev/null)
	t=$(cat "/sys/class/infiniband/$d/ports/$p/gid_attrs/types/$i" 2>/dev/null)
	n=$(cat "/sys/class/infiniband/$d/ports/$p/gid_attrs/ndevs/$i" 2>/dev/null)
	echo "sysfs $d port $p gid $i: $g, $t, $n" >"$LAB_T/sysfs"
	[ -n "$g" ] && [ "$g" = "$(val "$1" cm_sgid)" ] && [ "$t" = "$(val "$1" cm_gid_type)" ] &&
		[ "$n" = "$(val "$1" cm_netdev)" ]
}

# --- healthy lab -----------------------------------------------------------------
probe cm rdma_cm 10.99.0.2
is "rdma_cm 10.99.0.2: resolved to rxe0 port 1 on veth0 (the policy route)" cm \
	ok=1 cm_event=ROUTE_RESOLVED cm_dev=rxe0 cm_port=1 cm_netdev=veth0 dev=veth0
is "rdma_cm 10.99.0.2: source GID index 1, RoCE v2, ::ffff:10.99.0.1 -> ::ffff:10.99.0.2" cm \
	cm_sgid_index=1 cm_gid_type="RoCE v2" cm_sgid=0000:0000:0000:0000:0000:ffff:0a63:0001 \
	cm_dgid=0000:0000:0000:0000:0000:ffff:0a63:0002
sysfs_agrees cm
ok $? "rdma_cm 10.99.0.2: sysfs has that GID, type and netdev at that index"
diag "$(cat "$LAB_T/sysfs")"
probe cmback rdma_cm 10.99.0.1
is "rdma_cm 10.99.0.1: from the other end, rxe1 on veth1" cmback \
	ok=1 cm_event=ROUTE_RESOLVED cm_dev=rxe1 cm_port=1 cm_netdev=veth1 cm_sgid_index=1
as_user_lab timeout 60 "$P" rdma_cm 10.99.0.2 >"$LAB_T/cmuser.out" 2>"$LAB_T/cmuser.err"
is "rdma_cm as the user lab (no capability): the same answer" cmuser \
	ok=1 cm_event=ROUTE_RESOLVED cm_dev=rxe0 cm_sgid_index=1
probe ping ping 10.99.0.2
is "ping 10.99.0.2: 3/3 through veth0" ping ok=1 received=3 dev=veth0 src=10.99.0.1
probe pmtu pmtu 10.99.0.2
is "pmtu 10.99.0.2: 1472 at MTU 1500 on both ends" pmtu \
	ok=1 pmtu_payload=1472 pmtu_mtu=1500 local_mtu=1500 pmtu_limited=0
probe neigh neigh 10.99.0.2
is "neigh 10.99.0.2: REACHABLE on veth0 with veth1's MAC" neigh \
	ok=1 neigh_state=REACHABLE neigh_dev=veth0 neigh_mac="$(cat /sys/class/net/veth1/address)"
probe nohost rdma_cm 10.99.0.9
ok "$([ "$(val nohost ok)" = 1 ] && [ "$(val nohost cm_event)" != ROUTE_RESOLVED ] &&
	[ "$(val nohost net_errno)" = 110 ]; echo $?)" \
	"rdma_cm to an address nobody has: not resolved, timed out ($(val nohost cm_event))"

# --- the control port --------------------------------------------------------------
fault_no_server
probe refused tcp 10.99.0.2
is "tcp 18515 with no server: refused" refused ok=1 tcp=refused
timeout 30 ib_write_bw -d rxe1 -x 1 -n 5 >"$LAB_T/srv.out" 2>&1 &
spid=$!
lab_wait 10 sh -c "netstat -ltn 2>/dev/null | grep -q ':18515 '"
probe open tcp 10.99.0.2
is "tcp 18515 with an ib_write_bw server: open" open ok=1 tcp=open src=10.99.0.1
wait $spid
diag "the server after the probe's connection (exit $?): $(tail -n 2 "$LAB_T/srv.out" | tr '\n' ' ')"

# --- faults ---------------------------------------------------------------------------
fault_mtu
probe mtu pmtu 10.99.0.2
is "fault mtu: veth0 at 9000, veth1 at 1500: limited below 9000" mtu ok=1 local_mtu=9000 pmtu_limited=1
pay=$(val mtu pmtu_payload)
ok "$([ "${pay:-0}" -ge 1472 ] && [ "$pay" -le 1476 ]; echo $?)" \
	"fault mtu: $pay bytes pass (1472-1476: a veth takes MTU + 4)"
unfault_mtu

fault_neigh_bogus
probe bogus neigh 10.99.0.2
is "fault neigh_bogus: PERMANENT 02:00:00:00:99:99" bogus \
	ok=1 neigh_state=PERMANENT neigh_mac=02:00:00:00:99:99
probe bogusping ping 10.99.0.2
is "fault neigh_bogus: ping gets nothing back" bogusping ok=1 received=0
probe boguscm rdma_cm 10.99.0.2
is "fault neigh_bogus: rdma_cm still resolves (the MAC is not checked)" boguscm \
	ok=1 cm_event=ROUTE_RESOLVED cm_dev=rxe0
unfault_neigh_bogus

fault_arp_off
probe arpoff neigh 10.99.0.2
is "fault arp_off: the neighbour is NOARP with veth0's own MAC" arpoff \
	ok=1 neigh_state=NOARP neigh_mac="$(cat /sys/class/net/veth0/address)"
unfault_arp_off

fault_wrong_route
probe wrping ping 10.99.0.2
is "fault wrong_route: ping leaves through wrongdev, no reply" wrping ok=1 dev=wrongdev received=0
probe wrcm rdma_cm 10.99.0.2
ok "$([ "$(val wrcm ok)" = 1 ] && [ "$(val wrcm cm_event)" != ROUTE_RESOLVED ]; echo $?)" \
	"fault wrong_route: rdma_cm does not resolve through wrongdev ($(val wrcm cm_event), errno $(val wrcm net_errno))"
unfault_wrong_route

fault_port_down
probe downcm rdma_cm 10.99.0.2
ok "$([ "$(val downcm ok)" = 1 ] && [ "$(val downcm cm_event)" != ROUTE_RESOLVED ]; echo $?)" \
	"fault port_down: rdma_cm does not resolve ($(val downcm cm_event), errno $(val downcm net_errno))"
probe downping ping 10.99.0.2
is "fault port_down: ping gets nothing back" downping ok=1 received=0
unfault_port_down

fault_two_ifaces
probe twoneigh neigh 10.99.0.2
diag "$(ip neigh show; ip route get 10.99.0.2)"
probe twocm --timeout 20000 rdma_cm 10.99.0.2
diag "$(ip neigh show)"
is "fault two_ifaces: without an interface, still rxe0 on veth0" twocm \
	ok=1 cm_event=ROUTE_RESOLVED cm_dev=rxe0 cm_netdev=veth0
# From veth2 (10.99.0.3): ARP for 10.99.0.2 leaves veth2, and this host,
# which owns 10.99.0.2 on veth1, answers on veth3 with veth3's MAC (ARP
# flux, arp_ignore=0); rdma_cm then uses rxe2.  Bounded generously: veth2
# has just come up, and TCG is slow.
lab_wait 20 sh -c '[ "$(cat /sys/class/net/veth2/operstate)" = up ]'
probe twoneigh2 --if veth2 neigh 10.99.0.2
is "fault two_ifaces, from veth2: REACHABLE with veth3's MAC (ARP flux)" twoneigh2 \
	ok=1 neigh_dev=veth2 neigh_state=REACHABLE neigh_mac="$(cat /sys/class/net/veth3/address)"
probe twocm2 --if veth2 --timeout 20000 rdma_cm 10.99.0.2
is "fault two_ifaces, from veth2: rdma_cm picks rxe2, GID ::ffff:10.99.0.3" twocm2 \
	ok=1 cm_event=ROUTE_RESOLVED cm_dev=rxe2 cm_netdev=veth2 src=10.99.0.3 cm_sgid_index=1 \
	cm_sgid=0000:0000:0000:0000:0000:ffff:0a63:0003
unfault_two_ifaces
