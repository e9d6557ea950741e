# SPDX-License-Identifier: MIT
# tests/lab/guest/pair.sh - the two-host lab (docs/lab.md "Two hosts"),
# sourced by /init and by the tests in both VMs.
#
# Two VMs, each its own kernel, joined by QEMU socket netdevs on 127.0.0.1
# (run.sh): A eth0 10.99.0.1/24 (rxe0) <-> B eth0 10.99.0.2/24 (rxe0), a
# management network eth1 10.98.0.1/24 <-> 10.98.0.2/24 holding each host's
# default route (via 10.98.0.254, which nobody answers), and on A a second
# port eth2 on the same wire as eth0 (A's QEMU joins eth0, eth2 and the wire
# in one hub: one L2 segment), down until the ARP flux fault brings it up.
# Interfaces are found by their MAC (run.sh sets them) and renamed.
#
# The control channel survives a broken data link: a 9p folder both VMs
# mount on /lab; A writes a request file (a temporary name, then rename),
# B's agent (pair_agent) polls for it every 50 ms, runs it and writes its
# output and exit status back.  on_b runs a command on B from A.
#
# Healthy: MTU 9000 on both eth0 (rxe active_mtu 4096) with a tbf qdisc of
# 100 mbit, without which the UDP wire loses 10-20 % of rxe's bursts
# (LAB.md); arp_ignore/arp_announce 0, rp_filter 0 (the kernel's defaults).

. /lab-guest/setup.sh	# lab_wait

PAIR_A=10.99.0.1
PAIR_B=10.99.0.2
PAIR_A2=10.99.0.3
PAIR_MGMT_A=10.98.0.1
PAIR_MGMT_B=10.98.0.2
PAIR_REQ=/lab/req
PAIR_ROLE=${PAIR_ROLE:-$(sed -n 's/.*rs_role=\([ab]\).*/\1/p' /proc/cmdline 2>/dev/null)}

pair_active() { grep -q ACTIVE "/sys/class/infiniband/$1/ports/1/state" 2>/dev/null; }
pair_inactive() { ! pair_active "$1"; }
pair_gid_ready() { grep -q ':ffff:0a63:' "/sys/class/infiniband/$1/ports/1/gids/1" 2>/dev/null; }

# The interface whose MAC is $1.
pair_if_of() {
	local d
	for d in /sys/class/net/*; do
		[ "$(cat "$d/address" 2>/dev/null)" = "$1" ] && { basename "$d"; return 0; }
	done
	return 1
}

# Rename the NICs of PAIR_MAC0..2 to eth0..2: first to temporary names,
# so no final name is taken.
pair_rename() {
	local n mac i
	for i in 0 1 2; do
		mac=$(eval echo "\$PAIR_MAC$i")
		[ -n "$mac" ] || continue
		n=$(pair_if_of "$mac") || continue
		ip link set "$n" down
		ip link set "$n" name "pairtmp$i"
	done
	for i in 0 1 2; do
		ip link show "pairtmp$i" >/dev/null 2>&1 && ip link set "pairtmp$i" name "eth$i"
	done
	return 0
}

# The tbf that keeps rxe's bursts within what the UDP wire carries.
pair_qdisc() { tc qdisc replace dev eth0 root tbf rate 100mbit burst 64kb latency 400ms; }

pair_setup() {
	local me peer mgmt
	set -e
	ip link set lo up
	modprobe -a virtio_net sch_tbf sch_netem sch_prio sch_ingress cls_basic em_meta act_gact
	if [ "$PAIR_ROLE" = a ]; then
		PAIR_MAC0=52:54:00:99:00:01 PAIR_MAC1=52:54:00:98:00:01 PAIR_MAC2=52:54:00:99:00:03
		me=$PAIR_A peer=$PAIR_B mgmt=$PAIR_MGMT_A
	else
		PAIR_MAC0=52:54:00:99:00:02 PAIR_MAC1=52:54:00:98:00:02 PAIR_MAC2=
		me=$PAIR_B peer=$PAIR_A mgmt=$PAIR_MGMT_B
	fi
	lab_wait 20 pair_if_of "$PAIR_MAC0"
	pair_rename
	ip link set eth0 mtu 9000
	ip addr add "$me/24" dev eth0
	ip addr add "$mgmt/24" dev eth1
	ip link set eth0 up
	ip link set eth1 up
	ip route add default via 10.98.0.254 dev eth1
	pair_qdisc
	modprobe -a rdma_rxe ib_uverbs ib_umad rdma_ucm crc32_generic af_packet
	rdma link add rxe0 type rxe netdev eth0
	set +e
	lab_wait 30 pair_active rxe0 || { echo "rxe0 not ACTIVE"; return 1; }
	lab_wait 30 pair_gid_ready rxe0 || { echo "rxe0 has no IPv4 GID"; return 1; }
	ip -br link
	ip -br addr
	rdma link
	lab_wait 60 ping -c1 -W1 "$peer" || { echo "no ping to $peer over eth0"; return 1; }
	ip neigh show dev eth0
	return 0
}

# ------------------------------------------------------------ the channel

# on_b [-t SECONDS] CMD... - run CMD (a bash command line) on B, print its
# output, return its exit status (124: not done within SECONDS, 60).
PAIR_N=0
on_b() {
	local t=60 id f n
	[ "$1" = -t ] && { t=$2; shift 2; }
	PAIR_N=$((PAIR_N + 1))
	id="$$.$PAIR_N"
	f="$PAIR_REQ/$id"
	printf '%s\n' ". /lab-guest/pair.sh" "$*" >"$PAIR_REQ/.$id.tmp"
	echo "$t" >"$PAIR_REQ/.$id.t"
	mv "$PAIR_REQ/.$id.t" "$f.t"
	mv "$PAIR_REQ/.$id.tmp" "$f.req"
	n=$(( (t + 10) * 20 ))
	while [ ! -f "$f.rc" ] && [ $n -gt 0 ]; do
		sleep 0.05
		n=$((n - 1))
	done
	[ -f "$f.out" ] && cat "$f.out"
	if [ ! -f "$f.rc" ]; then
		rm -f "$f".*
		return 124
	fi
	n=$(cat "$f.rc")
	rm -f "$f".*
	return "$n"
}

# B's agent: run each request under its own timeout until "halt".
pair_agent() {
	local r id t
	mkdir -p "$PAIR_REQ"
	while :; do
		for r in "$PAIR_REQ"/*.req; do
			[ -f "$r" ] || continue
			id=${r%.req}
			t=$(cat "$id.t" 2>/dev/null || echo 60)
			timeout -s KILL "$t" bash "$r" >"$id.out.tmp" 2>&1 </dev/null
			echo $? >"$id.rc.tmp"
			mv "$id.out.tmp" "$id.out"
			mv "$id.rc.tmp" "$id.rc"
			rm -f "$r"
		done
		[ -f "$PAIR_REQ/halt" ] && return 0
		sleep 0.05
	done
}

# on_b_bg NAME CMD... - start CMD on B in the background (its output in
# /tmp/NAME.log on B); pair_stop NAME ends it.
on_b_bg() {
	local name=$1
	shift
	on_b "setsid bash -c '$*' >/tmp/$name.log 2>&1 </dev/null & echo \$! >/tmp/$name.pid"
}
pair_stop() { # pair_stop NAME (on this host)
	[ -f "/tmp/$1.pid" ] && kill "$(cat "/tmp/$1.pid")" 2>/dev/null
	rm -f "/tmp/$1.pid"
	return 0
}

# serve_b [ARGS] - rocescope serve on B, many tests, until stopped; waits
# until it listens.
serve_b() {
	on_b "pair_stop serve; killall -q rocescope; true" >/dev/null
	on_b_bg serve "exec rocescope serve -d rxe0 --count 1000 --timeout 900 $*" >/dev/null
	on_b -t 40 "lab_wait 30 sh -c \"netstat -ltn | grep -q :18515\"" >/dev/null
}
unserve_b() { on_b "pair_stop serve; killall -q rocescope; true" >/dev/null; }

# ------------------------------------------------------------ the hop

# hop_mtu N - a hop between the hosts that drops frames longer than N (IP
# length) on both receivers: virtio_net accepts frames longer than its
# MTU, a switch port or NIC of MTU N does not (LAB.md).  hop_mtu_one N on
# this host only.
hop_mtu_one() {
	tc qdisc replace dev eth0 ingress
	tc filter replace dev eth0 parent ffff: protocol ip pref 10 basic \
		match "meta(pkt_len gt $1)" action drop
}
hop_mtu() { hop_mtu_one "$1" && on_b "hop_mtu_one $1"; }
# hop_loss PERCENT - the hop loses that share of the frames, both ways.
hop_loss_one() { tc qdisc replace dev eth0 root netem loss "$1%" rate 100mbit; }
hop_loss() { hop_loss_one "$1" && on_b "hop_loss_one $1"; }
hop_clear_one() { tc qdisc del dev eth0 ingress 2>/dev/null; pair_qdisc; }
hop_clear() { hop_clear_one; on_b hop_clear_one >/dev/null; }

# ------------------------------------------------------------ faults
# Each fault_X has an unfault_X; pair_reset undoes all of them on both
# hosts.  The side a fault lives on is in its name's comment.

# A: the peer's neighbour entry is a MAC nobody has, pinned.
fault_neigh_bogus() { ip neigh replace $PAIR_B lladdr 02:00:00:00:99:99 dev eth0 nud permanent; }
# B: ARP requests are lost before B sees them (another VLAN, a filter).
fault_arp_unanswered() {
	on_b "tc qdisc replace dev eth0 ingress && tc filter replace dev eth0 parent ffff: \
		protocol arp pref 5 basic action drop"
	ip neigh flush dev eth0
}
# A: ARP off on the RDMA port.
fault_arp_off() { ip neigh flush dev eth0; ip link set eth0 arp off; }
# A: the route to B through the management network (via B's address there).
fault_wrong_route() { ip route replace $PAIR_B/32 via $PAIR_MGMT_B dev eth1; }
# A: the RDMA netdev loses its IPv4 address (its GID goes with it).
fault_addr_gone() { ip addr del $PAIR_A/24 dev eth0; }
# A: the port down.
fault_port_down() { ip link set eth0 down; lab_wait 20 pair_inactive rxe0; }
# A: the default route through the RDMA port (nothing fails yet).
fault_default_route() { ip route replace default via $PAIR_B dev eth0; }
# B: MTU 1500 where A has 9000, its NIC dropping longer frames.
fault_mtu() { on_b "ip link set eth0 mtu 1500 && hop_mtu_one 1500"; }
# Both: a hop of MTU 1500 between two 9000 ends.
fault_hop_mtu() { hop_mtu 1500; }
# A: a second RDMA port in the subnet on the same wire (eth2, rxe1), and
# ARP flux as it happens: both ports answer B's ARP for 10.99.0.1, eth0
# late (netem 300 ms), so B takes eth2's MAC for eth0's address.  Real flux
# comes and goes: an ARP request from A's eth0 mends B's entry (the kernel
# takes a request's sender as it is) until B asks again; A pins B's MAC
# (nud permanent, the right one), so it never asks during a walk.
fault_flux() {
	ip neigh replace $PAIR_B lladdr 52:54:00:99:00:02 dev eth0 nud permanent &&
		ip link set eth2 mtu 9000 && ip addr add $PAIR_A2/24 dev eth2 &&
		ip link set eth2 up && rdma link add rxe1 type rxe netdev eth2 &&
		lab_wait 30 pair_active rxe1 &&
		tc qdisc replace dev eth0 root netem delay 300ms rate 100mbit &&
		on_b "ip neigh flush dev eth0; ping -c1 -W3 $PAIR_A >/dev/null; true"
}
# B's entry for A's address, as B's kernel holds it now.
pair_b_neigh_of_a() {
	on_b "ip neigh show $PAIR_A dev eth0" |
		awk '{ for (i = 1; i < NF; i++) if ($i == "lladdr") print $(i + 1) }'
}

# Both hosts back to healthy.
pair_reset_one() {
	local p
	for p in ib_write_bw ib_write_lat ibv_rc_pingpong tcpdump; do
		killall -q -KILL "$p" 2>/dev/null
	done
	rdma link del rxe1 2>/dev/null
	ip addr flush dev eth2 2>/dev/null
	ip link set eth2 down 2>/dev/null
	ip link set eth0 mtu 9000 arp on up
	ip addr replace "$1/24" dev eth0
	ip route del "$2/32" 2>/dev/null
	ip route replace default via 10.98.0.254 dev eth1
	tc qdisc del dev eth0 ingress 2>/dev/null
	pair_qdisc
	ip neigh flush dev eth0 nud all
	lab_wait 30 pair_active rxe0
	lab_wait 30 pair_gid_ready rxe0
	return 0
}
pair_reset() {
	pair_reset_one $PAIR_A $PAIR_B
	on_b -t 90 "pair_reset_one $PAIR_B $PAIR_A" >/dev/null
	lab_wait 20 ping -c1 -W1 $PAIR_B
}
