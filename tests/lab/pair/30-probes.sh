#!/bin/bash
# SPDX-License-Identifier: MIT
# pair/30-probes.sh - the probes whose truth needs a remote peer
# (docs/probes.md), with iputils as the reference: the neighbour probe's
# own ARP question (arping asks the same), the path MTU through a hop
# smaller than both ends (ping -M do), and the ping's replies that come in
# by another port under ARP flux (tcpdump sees them there).  probe_cli
# reaches the guest through run.sh --bin.
. /lab-guest/tap.sh
. /lab-guest/pair.sh
P=/usr/local/bin/probe_cli
[ -x "$P" ] || skip_all "probe_cli is not in the guest (run.sh --bin tests/probe_cli)"
plan 8
BMAC=52:54:00:99:00:02

probe() { # probe NAME ARGS... - output in $LAB_T/NAME.out
	local name=$1
	shift
	timeout 60 "$P" "$@" >"$LAB_T/$name.out" 2>"$LAB_T/$name.err"
	diag "$name: $(grep '^summary' "$LAB_T/$name.out")"
}
val() { awk -v k="$2" '$1 == k { sub(/^[^ ]* ?/, ""); print; exit }' "$LAB_T/$1.out"; }
arping_mac() { # the MAC that answers iputils arping for $1 out of eth0
	timeout 10 arping -c1 -w3 -I eth0 "$1" 2>/dev/null |
		sed -n 's/.*\[\([0-9a-fA-F:]*\)\].*/\1/p' | head -n1 | tr 'A-F' 'a-f'
}

probe neigh --if eth0 neigh $PAIR_B
ok "$( [ "$(val neigh neigh_mac)" = $BMAC ] && [ "$(val neigh neigh_arp)" = answered ] &&
	[ "$(val neigh neigh_arp_mac)" = $BMAC ] && [ "$(arping_mac $PAIR_B)" = $BMAC ]; echo $?)" \
	"neigh: B's MAC in the entry and in the answer to our ARP probe, as arping says"

fault_neigh_bogus
probe bogus --if eth0 neigh $PAIR_B
ok "$( [ "$(val bogus neigh_state)" = PERMANENT ] && [ "$(val bogus neigh_mac)" = 02:00:00:00:99:99 ] &&
	[ "$(val bogus neigh_arp_mac)" = $BMAC ] && [ "$(arping_mac $PAIR_B)" = $BMAC ]; echo $?)" \
	"neigh_bogus: the entry holds 02:00:00:00:99:99, the wire answers with B's MAC (arping agrees)"
ok "$(grep -q 'ARP is answered by 52:54:00:99:00:02, not by the entry' "$LAB_T/bogus.out"; echo $?)" \
	"neigh_bogus: the probe's summary says the entry is not the wire's"
pair_reset

probe pmtu --if eth0 pmtu $PAIR_B
ok "$( [ "$(val pmtu pmtu_mtu)" = 9000 ] && [ "$(val pmtu pmtu_limited)" = 0 ]; echo $?)" \
	"pmtu: 9000 end to end (ping -M do -s 8972 passes in 10-pair)"
fault_hop_mtu
probe hop --if eth0 pmtu $PAIR_B
ping -c1 -W2 -M do -s 1472 $PAIR_B >/dev/null 2>&1
r1=$?
ping -c1 -W2 -M do -s 1473 $PAIR_B >/dev/null 2>&1
r2=$?
pair_reset
ok "$( [ "$(val hop pmtu_mtu)" = 1500 ] && [ "$(val hop pmtu_limited)" = 1 ] &&
	[ "$(val hop local_mtu)" = 9000 ] && [ $r1 = 0 ] && [ $r2 != 0 ]; echo $?)" \
	"a hop of MTU 1500: the probe finds 1500 < 9000, as ping -M do (1472 passes, 1473 lost)"

# ARP flux: B sends A's replies to eth2's MAC.
fault_flux
timeout 20 tcpdump -Z root -n -i eth2 -c 3 icmp and dst $PAIR_A >"$LAB_T/td" 2>&1 &
td=$!
lab_wait 10 sh -c "grep -q 'listening on' $LAB_T/td"
probe flux --if eth0 ping $PAIR_B
wait $td
ok "$( [ "$(val flux received)" = 0 ] && [ "$(val flux stray_replies)" = 3 ] &&
	[ "$(val flux reply_dev)" = eth2 ]; echo $?)" \
	"flux: none of the replies comes back to eth0; 3 come in by eth2"
ok "$(grep -c 'ICMP echo reply' "$LAB_T/td" | grep -qx '[1-9][0-9]*'; echo $?)" \
	"flux: tcpdump on eth2 sees the echo replies to 10.99.0.1 arrive there"
ok "$(grep -q 'came in by eth2 instead' "$LAB_T/flux.out"; echo $?)" \
	"flux: the ping's summary says where they came in"
pair_reset
