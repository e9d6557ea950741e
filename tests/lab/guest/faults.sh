# SPDX-License-Identifier: MIT
# tests/lab/guest/faults.sh - make one RoCE v2 fault at a time, and undo it.
#
# Each fault_X has an unfault_X that returns the lab to the healthy state of
# setup.sh (lab_reset undoes all of them at once).  Faults that live in the
# command line rather than in the system (GID index choice, memlock limit,
# no server) set variables or wrap a command instead.  LAB.md lists what
# each one prints; tests/lab/tests/30-faults.sh checks that it really does.

# MTU mismatch: veth0 (rxe0) at 9000 -> active_mtu 4096, veth1 (rxe1) stays
# 1500 -> active_mtu 1024.  A QP forced to path MTU 4096 then sends frames
# larger than the peer's MTU, which veth drops (veth0 tx_dropped).
fault_mtu() { ip link set veth0 mtu 9000; }
unfault_mtu() { ip link set veth0 mtu 1500; }

# Neighbour entry with a MAC nobody owns, pinned so ARP cannot repair it.
fault_neigh_bogus() { ip neigh replace 10.99.0.2 lladdr 02:00:00:00:99:99 dev veth0 nud permanent; }
unfault_neigh_bogus() { ip neigh del 10.99.0.2 dev veth0 2>/dev/null; ip neigh flush dev veth0; }

# Neighbour missing for good: veth0 neither asks nor answers ARP.
fault_arp_off() { ip neigh flush dev veth0; ip link set veth0 arp off; }
unfault_arp_off() { ip link set veth0 arp on; ip neigh flush dev veth0; }

# GID index choices (command-line faults): LAB_SRV_GID/LAB_CLI_GID are the
# -x values the tests pass to the server (rxe1) and the client (rxe0).
LAB_SRV_GID=1
LAB_CLI_GID=1
# Link-local (index 0) on the server, IPv4 (index 1) on the client.
fault_gid_mismatch() { LAB_SRV_GID=0; LAB_CLI_GID=1; }
unfault_gid_mismatch() { LAB_SRV_GID=1; LAB_CLI_GID=1; }
# An index whose slot is empty on both ends.
fault_gid_missing() { LAB_SRV_GID=5; LAB_CLI_GID=5; }
unfault_gid_missing() { LAB_SRV_GID=1; LAB_CLI_GID=1; }

# Port down: veth1 down takes both rxe ports down (veth0 loses carrier).
fault_port_down() { ip link set veth1 down; }
unfault_port_down() {
	ip link set veth1 up
	lab_wait 20 lab_port_active rxe0 && lab_wait 20 lab_port_active rxe1 &&
		lab_wait 20 lab_gid_ipv4_ready rxe1
}

# Small memlock without CAP_IPC_LOCK: root ignores RLIMIT_MEMLOCK while it
# holds the capability, so drop it from the bounding set first.  Scoped to
# one command: as_memlock_limited CMD ARGS...
as_memlock_limited() {
	capsh --drop=cap_ipc_lock -- -c 'ulimit -l 64 && exec "$@"' lab "$@"
}

# The same for a real non-root user: lab (uid 1000, /etc/passwd of the
# image) through capsh --user, which sets uid, gid and groups; the exec that
# follows as uid 1000 leaves no capability at all.  (Busybox's setpriv has
# no --reuid, util-linux is not in the image.)  ib_uverbs creates
# /dev/infiniband/uverbs* with mode 0666, so the user may open the device.
# as_user_lab [-l KIB] CMD ARGS... - run CMD as lab, with that memlock limit
as_user_lab() {
	local lim=""
	[ "$1" = -l ] && { lim=$2; shift 2; }
	capsh --user=lab -- -c "${lim:+ulimit -l $lim && }exec \"\$@\"" lab "$@"
}

# No server on the control port: nothing to set up - the client is simply
# started alone.  fault_no_server only makes sure nothing listens there.
fault_no_server() { killall -q -KILL ib_write_bw ibv_rc_pingpong 2>/dev/null; return 0; }
unfault_no_server() { return 0; }

# Route to the peer through the wrong interface: the policy table that
# sends traffic for 10.99.0.2 out of veth0 now points at a dummy device
# (not dummy0: loading the dummy module creates that one by itself).
fault_wrong_route() {
	ip link add wrongdev type dummy && ip link set wrongdev up &&
		ip route replace 10.99.0.2 dev wrongdev src 10.99.0.1 table 100
}
unfault_wrong_route() {
	ip link del wrongdev 2>/dev/null
	ip route replace 10.99.0.2 dev veth0 src 10.99.0.1 table 100
}

# Two RDMA interfaces in one subnet: a second veth pair whose veth2 takes
# 10.99.0.3/24 and an rxe2 device on it, next to rxe0 on 10.99.0.0/24.
fault_two_ifaces() {
	ip link add veth2 type veth peer name veth3 &&
		ip addr add 10.99.0.3/24 dev veth2 &&
		ip link set veth2 up && ip link set veth3 up &&
		rdma link add rxe2 type rxe netdev veth2 &&
		lab_wait 20 lab_port_active rxe2
}
unfault_two_ifaces() {
	rdma link del rxe2 2>/dev/null
	ip link del veth2 2>/dev/null
	return 0
}

# The RDMA netdev loses its IPv4 address (rxe drops its IPv4 GID with it).
fault_addr_gone() { ip addr del 10.99.0.1/24 dev veth0; }
unfault_addr_gone() {
	ip addr replace 10.99.0.1/24 dev veth0
	lab_routing
	lab_wait 20 lab_gid_ipv4_ready rxe0
}

# The default route through the RDMA port (a latent fault: nothing fails).
fault_default_route() { ip route replace default dev veth0; }
unfault_default_route() { ip route del default dev veth0 2>/dev/null; return 0; }

# ARP unanswered: the peer's end answers no ARP (veth1 arp off).
fault_arp_unanswered() { ip neigh flush dev veth0; ip link set veth1 arp off; }
unfault_arp_unanswered() { ip link set veth1 arp on; ip neigh flush dev veth0; ip neigh flush dev veth1; }

# ARP flux, what it leaves behind: two RDMA ports in one subnet
# (two_ifaces) and the peer's entry for our address (veth1's, here: one
# kernel plays both hosts) holding the MAC of our other port, veth2.  One
# kernel's veth pairs share no L2 segment, so it cannot make the flux
# itself (the two-host lab does); the entry is pinned for the walk.
fault_flux() {
	fault_two_ifaces &&
		ip neigh replace 10.99.0.1 lladdr "$(cat /sys/class/net/veth2/address)" dev veth1 \
			nud permanent
}
unfault_flux() { ip neigh del 10.99.0.1 dev veth1 2>/dev/null; unfault_two_ifaces; }
