# SPDX-License-Identifier: MIT
# tests/lab/guest/setup.sh - the lab topology, sourced by /init and by tests.
#
# One veth pair, an rxe (Soft-RoCE) device on each end, 10.99.0.1/24 on veth0
# (rxe0) and 10.99.0.2/24 on veth1 (rxe1).  On kernel 6.1 rxe works only in
# the initial network namespace, so both ends stay there; policy routing then
# makes ARP, ping and TCP between the two local addresses really cross the
# veth instead of lo (LAB.md "Topology"):
#   - the `local` rule moves from preference 0 to 1000,
#   - locally generated traffic to the peer address (iif lo) first hits a
#     table that routes it out of the other end's veth,
#   - accept_local=1 and rp_filter=0 let each end accept packets whose
#     source is one of our own addresses.
# lab_reset brings everything back to that healthy state; fault helpers
# (faults.sh) rely on it for their undo.

LAB_IP0=10.99.0.1
LAB_IP1=10.99.0.2

lab_sysctl() { echo "$2" >"/proc/sys/net/$1"; }

lab_wait() { # lab_wait SECONDS CMD... - poll CMD every 0.2 s
	local n=$(( $1 * 5 ))
	shift
	while [ $n -gt 0 ]; do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.2
		n=$((n - 1))
	done
	return 1
}

lab_port_state() { # lab_port_state rxeN -> "4: ACTIVE"
	cat "/sys/class/infiniband/$1/ports/1/state" 2>/dev/null
}
lab_port_active() { lab_port_state "$1" | grep -q ACTIVE; }
lab_gid() { cat "/sys/class/infiniband/$1/ports/1/gids/$2" 2>/dev/null; }
lab_gid_ipv4_ready() { lab_gid "$1" 1 | grep -q ':ffff:0a63:'; }

lab_routing() {
	local d
	for d in all default veth0 veth1; do
		lab_sysctl "ipv4/conf/$d/accept_local" 1
		lab_sysctl "ipv4/conf/$d/rp_filter" 0
	done
	ip rule add pref 1000 lookup local 2>/dev/null
	ip rule del pref 0 lookup local 2>/dev/null
	ip route replace "$LAB_IP1" dev veth0 src "$LAB_IP0" table 100
	ip route replace "$LAB_IP0" dev veth1 src "$LAB_IP1" table 101
	ip rule del pref 100 2>/dev/null
	ip rule del pref 101 2>/dev/null
	ip rule add pref 100 iif lo to "$LAB_IP1" lookup 100
	ip rule add pref 101 iif lo to "$LAB_IP0" lookup 101
}

lab_setup() {
	set -e
	ip link set lo up
	ip link add veth0 type veth peer name veth1
	ip addr add "$LAB_IP0/24" dev veth0
	ip addr add "$LAB_IP1/24" dev veth1
	ip link set veth0 up
	ip link set veth1 up
	lab_routing
	modprobe -a rdma_rxe ib_uverbs ib_umad rdma_ucm crc32_generic af_packet
	rdma link add rxe0 type rxe netdev veth0
	rdma link add rxe1 type rxe netdev veth1
	set +e
	lab_wait 20 lab_port_active rxe0 || { echo "rxe0 not ACTIVE"; return 1; }
	lab_wait 20 lab_port_active rxe1 || { echo "rxe1 not ACTIVE"; return 1; }
	lab_wait 20 lab_gid_ipv4_ready rxe0 || { echo "rxe0 has no IPv4 GID"; return 1; }
	lab_wait 20 lab_gid_ipv4_ready rxe1 || { echo "rxe1 has no IPv4 GID"; return 1; }
	ip -br addr
	ip rule
	rdma link
	ping -c1 -W2 "$LAB_IP1" || { echo "ping across the veth failed"; return 1; }
	ip neigh show dev veth0
	return 0
}

# Back to healthy after a test or fault: kill leftover RDMA tools, undo every
# fault this file's helpers can create.
lab_reset() {
	local p
	for p in ib_write_bw ib_write_lat ib_send_bw ib_read_bw ibv_rc_pingpong \
		ibv_ud_pingpong tcpdump rocescope tmux; do
		killall -q -KILL "$p" 2>/dev/null
	done
	rdma link del rxe2 2>/dev/null
	ip link del veth2 2>/dev/null
	ip link del wrongdev 2>/dev/null
	ip link set veth0 mtu 1500 arp on up 2>/dev/null
	ip link set veth1 mtu 1500 arp on up 2>/dev/null
	ip addr replace "$LAB_IP0/24" dev veth0 2>/dev/null
	ip addr replace "$LAB_IP1/24" dev veth1 2>/dev/null
	ip route del default dev veth0 2>/dev/null
	ip neigh flush dev veth0 nud all 2>/dev/null
	ip neigh flush dev veth1 nud all 2>/dev/null
	lab_routing
	lab_wait 20 lab_port_active rxe0
	lab_wait 20 lab_port_active rxe1
	lab_wait 20 lab_gid_ipv4_ready rxe0
	lab_wait 20 lab_gid_ipv4_ready rxe1
	return 0
}
