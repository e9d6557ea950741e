#!/bin/bash
# SPDX-License-Identifier: MIT
# test_tree_live.sh - the causes the trees name, each fault made for real
# between two network namespaces: a peer with its own kernel neighbour
# table, routes and ARP (what the one-host Soft-RoCE lab cannot give), a
# management network holding the default route as real hosts have.
# tests/tree_live walks the shipped trees with the real collectors, route
# lookup and probes, on an RDMA port made up on a0 (the host kernel has no
# RDMA); the assertion is on the check that names the cause.
#
#   A a0 10.77.0.1/24 ====veth==== b0 10.77.0.2/24 B
#     a2 10.77.0.3/24 ====veth==== b2 (bridged with b0 in br0: one L2)
#     m0 10.78.0.1/24 ====veth==== m1 10.78.0.2/24  (management, A's default)
. "$top_srcdir/tests/lib.sh"
need_root_netns
TL="$top_builddir/tests/tree_live"
P="$top_builddir/tests/probe_cli"
[ -x "$TL" ] || skip_all "tests/tree_live is not built"

A=rstla-$$
B=rstlb-$$
TMP=$(mktemp -d /tmp/rs-treelive-XXXXXX)
LPID=""
cleanup() {
	[ -n "$LPID" ] && kill "$LPID" 2>/dev/null
	ip netns del "$A" 2>/dev/null
	ip netns del "$B" 2>/dev/null
	[ -n "${RS_KEEP:-}" ] && cp -r "$TMP" "$RS_KEEP"; rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

inA() { ip netns exec "$A" "$@"; }
inB() { ip netns exec "$B" "$@"; }
# walk NAME TREE [ARGS] - tree_live in A towards B; output in $TMP/NAME
walk() {
	local name=$1 tree=$2
	shift 2
	inA "$TL" --rdma a0 --peer 10.77.0.2 --tree "$tree" "$@" >"$TMP/$name" 2>"$TMP/$name.err"
}
# first NAME - "STEP CHECK CAUSE" of the outcome
first() { awk '$1 == "outcome" { sub("step=", "", $3); sub("check=", "", $4);
	sub("cause=", "", $5); print $3, $4, $5 }' "$TMP/$1"; }
# expect DESCRIPTION NAME "STEP CHECK CAUSE"
expect() {
	[ "$(first "$2")" = "$3" ]
	ok $? "$1"
	[ "$(first "$2")" = "$3" ] || diag "wanted: $3" "got: $(first "$2")" "$(cat "$TMP/$2")"
}
wait_up() { # wait_up NS DEV - its carrier, never a fixed time
	local n=0
	until ip -n "$1" link show "$2" 2>/dev/null | grep -q LOWER_UP; do
		n=$((n + 1))
		[ $n -gt 500 ] && return 1
		ip -n "$1" link show "$2" >/dev/null
	done
}

setup() {
	ip netns add "$A" && ip netns add "$B" || return 1
	ip -n "$A" link set lo up && ip -n "$B" link set lo up
	ip -n "$A" link add a0 type veth peer name b0 netns "$B" &&
		ip -n "$A" link add a2 type veth peer name b2 netns "$B" &&
		ip -n "$A" link add m0 type veth peer name m1 netns "$B" || return 1
	ip -n "$B" link add br0 type bridge && ip -n "$B" link set b0 master br0 &&
		ip -n "$B" link set b2 master br0 || return 1
	ip -n "$A" addr add 10.77.0.1/24 dev a0
	ip -n "$A" addr add 10.78.0.1/24 dev m0
	ip -n "$B" addr add 10.77.0.2/24 dev br0
	ip -n "$B" addr add 10.78.0.2/24 dev m1
	for d in a0 m0; do ip -n "$A" link set "$d" up; done
	for d in b0 b2 br0 m1; do ip -n "$B" link set "$d" up; done
	ip -n "$A" route add default via 10.78.0.254 dev m0
	wait_up "$A" a0 && wait_up "$A" m0 && wait_up "$B" br0
}
setup || { echo "Bail out! cannot build the namespaces"; exit 1; }
# Something listens on B's control port, as rocescope serve would.
# ip itself, not a subshell running it: LPID is the listener, killed at the end.
ip netns exec "$B" "$P" --listen 18515 --timeout 600000 >/dev/null 2>&1 &
LPID=$!
n=0
until inA "$P" tcp 10.77.0.2 2>/dev/null | grep -q '^tcp open'; do
	n=$((n + 1))
	[ $n -gt 100 ] && break
done

plan 17

# --- healthy: no step fails in any tree --------------------------------
walk healthy connection-failure
! grep -q ' fail cause=' "$TMP/healthy" && grep -q '^step 8 ping net.ping pass' "$TMP/healthy" &&
	grep -q '^step 6 arp net.peer_neigh pass' "$TMP/healthy"
ok $? "healthy: no step of connection-failure fails (real ping, ARP and TCP towards B)"
walk healthy-setup first-time-setup
! grep -q ' fail cause=' "$TMP/healthy-setup"
ok $? "healthy: first-time-setup has no failing step"

# --- neighbour ---------------------------------------------------------
inA ip neigh replace 10.77.0.2 lladdr 02:00:00:00:99:99 dev a0 nud permanent
walk neigh connection-failure
expect "a hand-set neighbour MAC: the neighbour check names it (B answers ARP with its own)" \
	neigh "arp net.peer_neigh -"
walk neigh-setup first-time-setup
grep -q '^step [0-9]* ping net.ping fail cause=net.peer_neigh ' "$TMP/neigh-setup"
ok $? "the same in first-time-setup: ping fails first, its cause_check is net.peer_neigh"
inA ip neigh del 10.77.0.2 dev a0

inB ip link set br0 arp off
inA ip neigh flush dev a0
walk arp-unanswered connection-failure
expect "ARP unanswered (B ignores it): FAILED, the neighbour check" \
	arp-unanswered "arp net.peer_neigh -"
inB ip link set br0 arp on

inA ip link set a0 arp off
walk arp-off connection-failure
expect "ARP off on our port: the neighbour check (NOARP, our own MAC)" arp-off "arp net.peer_neigh -"
grep -q "a0 has ARP off" "$TMP/arp-off"
ok $? "ARP off: said in its words"
inA ip link set a0 arp on
inA ip neigh flush dev a0

# --- route and address -------------------------------------------------
inA ip route add 10.77.0.2/32 via 10.78.0.2 dev m0
walk wrong-route connection-failure
expect "the route through the management interface: the route check" wrong-route "route net.peer_route -"
walk wrong-route-bw low-bandwidth
expect "low-bandwidth towards the same peer: the route, not PCIe" wrong-route-bw "route net.peer_route -"
inA ip route del 10.77.0.2/32

inA ip addr del 10.77.0.1/24 dev a0
walk addr-gone connection-failure
expect "the RDMA netdev lost its IPv4 address: net.addr (the route now leaves by m0)" \
	addr-gone "address net.addr -"
inA ip addr add 10.77.0.1/24 dev a0

inA ip link set a0 down
walk port-down connection-failure
expect "port down: port.not_active, the walk runs to it" port-down "port port.not_active -"
inA ip link set a0 up
wait_up "$A" a0

# --- MTU and the default route ------------------------------------------
inA ip link set a0 mtu 9000
walk pmtu low-bandwidth
expect "9000 here, 1500 on B: the DF probe finds the path MTU, net.pmtu" pmtu "path-mtu net.pmtu -"
inA ip link set a0 mtu 1500

inA ip route replace default via 10.77.0.2 dev a0
walk default-route first-time-setup
expect "the default route through the RDMA port: the checklist's first latent warning" \
	default-route "default-route net.default_route_rdma -"
inA ip route replace default via 10.78.0.254 dev m0

# --- ARP flux, as B sees it --------------------------------------------
# a2 joins a0's subnet on the same wire (B's bridge); a0 stays silent to
# ARP, so a2 answers B for a0's address - the flux itself, in B's table.
inA ip addr add 10.77.0.3/24 dev a2
inA ip link set a2 up
wait_up "$A" a2
# Real flux comes and goes: an ARP request from A's a0 mends B's entry
# (the kernel takes the sender of a request as it is) until B asks again.
# A pins B's MAC, so it never asks during the walks.
bmac=$(inB cat /sys/class/net/br0/address)
inA ip neigh replace 10.77.0.2 lladdr "$bmac" dev a0 nud permanent
inA sysctl -qw net.ipv4.conf.a0.arp_ignore=8
inB ip neigh flush dev br0
inB ping -c1 -W2 10.77.0.1 >/dev/null 2>&1
seen=$(inB ip neigh show 10.77.0.1 dev br0 | awk '{ for (i = 1; i < NF; i++) if ($i == "lladdr") print $(i + 1) }')
a2mac=$(cat "/sys/class/net/a2/address" 2>/dev/null || inA cat /sys/class/net/a2/address)
[ -n "$seen" ] && [ "$seen" = "$a2mac" ]
ok $? "ARP flux made for real: B's entry for 10.77.0.1 holds a2's MAC ($seen)"
inA sysctl -qw net.ipv4.conf.a0.arp_ignore=0
inA "$TL" --rdma a0 --rdma a2 --peer 10.77.0.2 --tree connection-failure \
	--view-neigh "10.77.0.1=$seen" >"$TMP/flux" 2>"$TMP/flux.err"
expect "the peer's view of our address holds a2's MAC: net.arp_flux, naming a0 and a2" \
	flux "arp-flux net.arp_flux -"
grep -q "holds $seen, the MAC of a2" "$TMP/flux"
ok $? "ARP flux: the MAC and both interfaces said"
# Without the peer's view: the ping's replies come in by a2.
inA "$TL" --rdma a0 --rdma a2 --peer 10.77.0.2 --tree first-time-setup >"$TMP/flux-setup" \
	2>"$TMP/flux-setup.err"
grep -q '^step [0-9]* ping net.ping fail cause=net.arp_flux .*come in by a2' "$TMP/flux-setup"
ok $? "ARP flux seen from A alone: the ping's replies come in by a2, the ping's cause is net.arp_flux"
grep -q '^step [0-9]* ping net.ping fail' "$TMP/flux-setup" || diag "$(cat "$TMP/flux-setup")"
