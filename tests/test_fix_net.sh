#!/bin/bash
# SPDX-License-Identifier: MIT
# test_fix_net.sh - `rocescope fix` on real network namespaces: each fault
# is made with `ip`/`sysctl`, planned, applied (the check passes after),
# and undone (what `ip` and procfs show is byte for byte what it was); a
# dry run changes nothing; an MTU the path does not carry is put back;
# the SSH session's interface is refused without --force; an apply
# killed (kill -9) half way is undone from its journal; one fix at a time;
# no privilege, no change; a file in /etc that is not ours is left alone.
#
# rocescope runs inside namespace A (fx_in, tests/fix_lib.sh) with an RDMA
# sysfs of Soft-RoCE devices on A's veths, since this kernel has no RDMA:
# the changes themselves (libnl, procfs in A's namespace) are real.
#
#   A a0 10.77.0.1/24  (rxe0) ==veth== b0 10.77.0.2  B
#     a1 10.77.0.11/24 (rxe1) ==veth== b1 10.77.0.12     a0, a1: one subnet
#     a2 10.79.0.1/24  (rxe2) ==veth== b2 10.79.0.2      the peer, MTU 9000
#     w0 10.88.0.1/24 (no RDMA) ==veth== wb 10.88.0.2
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/fix_lib.sh"
need_root_netns
command -v unshare >/dev/null || skip_all "unshare (util-linux) is not installed"
[ -d /etc/sysctl.d ] && [ -d /etc/security/limits.d ] ||
	skip_all "no /etc/sysctl.d or /etc/security/limits.d to stand in for"
R=$ROCESCOPE
JC=$top_builddir/tests/json_check
A=rsfx-a-$$
B=rsfx-b-$$
T=$(mktemp -d /tmp/rs-fix-XXXXXX)
FX=$T/fx
S=$T/state
P=10.79.0.2
PID=""
cleanup() {
	[ -n "$PID" ] && kill -9 "$PID" 2>/dev/null
	ip netns del "$A" 2>/dev/null
	ip netns del "$B" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

plan 58

inA() { ip netns exec "$A" "$@"; }
fix() { fx_in "$A" "$FX" "$R" fix --state-dir "$S" "$@"; }
# run NAME ARGS... - fix ARGS in A; output in $T/NAME.out, .err, .rc
run() {
	local name=$1
	shift
	fix "$@" >"$T/$name.out" 2>"$T/$name.err"
	echo $? >"$T/$name.rc"
}
rc() { cat "$T/$1.rc"; }
has() { grep -qF -- "$2" "$T/$1.out"; }
# What the changes touch, as the kernel's tools show it, and our files.
state() {
	inA ip -d link show
	inA ip -4 route show table all
	inA ip neigh show nud permanent
	for i in all a0 a1 a2 w0; do
		for k in rp_filter arp_ignore arp_announce; do
			echo "$i.$k=$(inA cat /proc/sys/net/ipv4/conf/$i/$k)"
		done
	done
	(cd "$FX/etc" && find . -type f | sort | while read -r f; do echo "== $f"; cat "$f"; done)
}
same() { # same DESCRIPTION FILE - the state now is FILE's, byte for byte
	state >"$T/now"
	cmp -s "$2" "$T/now"
	ok $? "$1"
	cmp -s "$2" "$T/now" || diag "$(diff "$2" "$T/now" | head -20)"
}
up() { [ "$(ip netns exec "$1" cat "/sys/class/net/$2/operstate")" = up ]; }
wait_for() { # wait_for TENTHS CMD... - poll a state, bounded
	local n=$1
	shift
	while [ "$n" -gt 0 ]; do
		"$@" 2>/dev/null && return 0
		sleep 0.1
		n=$((n - 1))
	done
	return 1
}

setup() {
	local ns l
	for ns in "$A" "$B"; do
		ip netns add "$ns" || return 1
		ip -n "$ns" link set lo up
		# No IPv6: its link-local addresses come and go on their own.
		ip netns exec "$ns" sysctl -qw net.ipv6.conf.all.disable_ipv6=1 \
			net.ipv6.conf.default.disable_ipv6=1 net.ipv4.icmp_ratelimit=0
	done
	ip -n "$A" link add a0 type veth peer name b0 netns "$B" &&
		ip -n "$A" link add a1 type veth peer name b1 netns "$B" &&
		ip -n "$A" link add a2 type veth peer name b2 netns "$B" &&
		ip -n "$A" link add w0 type veth peer name wb netns "$B" || return 1
	ip -n "$A" addr add 10.77.0.1/24 dev a0
	ip -n "$A" addr add 10.77.0.11/24 dev a1
	ip -n "$A" addr add 10.79.0.1/24 dev a2
	ip -n "$A" addr add 10.88.0.1/24 dev w0
	ip -n "$B" addr add 10.77.0.2/24 dev b0
	ip -n "$B" addr add 10.77.0.12/24 dev b1
	ip -n "$B" addr add 10.79.0.2/24 dev b2
	ip -n "$B" addr add 10.88.0.2/24 dev wb
	# a0 and a1 are at the site's MTU: only a2's is wrong.
	ip -n "$A" link set a0 mtu 9000
	ip -n "$A" link set a1 mtu 9000
	ip -n "$B" link set b2 mtu 9000
	for l in a0 a1 a2 w0; do ip -n "$A" link set "$l" up; done
	for l in b0 b1 b2 wb; do ip -n "$B" link set "$l" up; done
	for l in a0 a1 a2 w0; do wait_for 300 up "$A" "$l" || return 1; done
	for l in b0 b1 b2 wb; do wait_for 300 up "$B" "$l" || return 1; done
	fx_dirs "$FX"
	fx_rxe "$FX/class" rxe0 a0 0a4d:0001
	fx_rxe "$FX/class" rxe1 a1 0a4d:000b
	fx_rxe "$FX/class" rxe2 a2 0a4f:0001
}
setup || { echo "Bail out! cannot build the namespaces"; exit 1; }

# The faults: strict rp_filter on a1 (a0 and a1 share a subnet, arp_ignore
# and arp_announce at their defaults 0), a hand-set wrong MAC for the peer.
inA sysctl -qw net.ipv4.conf.a1.rp_filter=1
ip -n "$A" neigh replace $P lladdr 02:00:00:00:00:99 dev a2 nud permanent
state >"$T/faults"

# --- the plan, and --dry-run changes nothing ---------------------------------
run dry --dry-run --set mtu=9000 --peer $P
[ "$(rc dry)" = 1 ] && has dry "ip link set a2 mtu 9000" &&
	has dry "ip neigh del $P dev a2" && has dry "sysctl -w net.ipv4.conf.a1.rp_filter=2" &&
	has dry "sysctl -w net.ipv4.conf.a0.arp_ignore=1" &&
	has dry "write /etc/sysctl.d/90-rocescope.conf whole"
ok $? "dry run: MTU, the hand-set neighbour and the ARP sysctls planned with their commands"
has dry "not planned: needs the site's count: --profile FILE with hugepages: N, or --set hugepages=N"
ok $? "dry run: huge pages are not guessed: not planned, the key to give said (so exit 1)"
has dry "a2 MTU: 1500 -> 9000" && has dry "neighbour $P on a2: PERMANENT 02:00:00:00:00:99 -> " &&
	has dry "persists: no, runtime only" && has dry "persists: yes, at boot, from /etc/sysctl.d/90-rocescope.conf"
ok $? "dry run: current and new values, and whether each lasts across a reboot"
same "dry run: nothing changed (links, routes, neighbours, sysctls, /etc)" "$T/faults"
[ ! -e "$S/changes" ]
ok $? "dry run: no change set in the journal"
run dryj --set mtu=9000 --peer $P --json
[ "$(rc dryj)" = 1 ] && "$JC" <"$T/dryj.out" &&
	tr -d ' \n' <"$T/dryj.out" | grep -q '"kind":"neigh","what":"neighbour10.79.0.2ona2","netdev":"a2"' &&
	tr -d ' \n' <"$T/dryj.out" | grep -q '"outcome":"somecannotbefixed"'
ok $? "plan --json: valid, each change with its kind, the outcome"
run noprof --peer $P port.roce_mtu_small
[ "$(rc noprof)" = 1 ] && has noprof "needs the site's MTU: --profile FILE with mtu: N, or --set mtu=N"
ok $? "no site MTU given: the MTU is not guessed, the plan says which key to give (exit 1)"

# --- a wrong permanent neighbour entry ---------------------------------------
run neigh --peer $P --apply net.ping
[ "$(rc neigh)" = 5 ] && has neigh "applied     neighbour $P on a2: PERMANENT 02:00:00:00:00:99" &&
	grep -q "^  PASS  net.ping .* $P answers ping" "$T/neigh.out"
ok $? "neighbour: the hand-set entry removed, ping re-run passes (exit 5)"
! inA ip neigh show $P dev a2 | grep -q PERMANENT
ok $? "neighbour: the kernel has no hand-set entry any more"
run neighu --undo
[ "$(rc neighu)" = 5 ] && has neighu "undone      neighbour $P on a2: back to PERMANENT 02:00:00:00:00:99"
ok $? "neighbour: undone (exit 5)"
same "neighbour: undo puts everything back byte for byte" "$T/faults"
ip -n "$A" neigh del $P dev a2
state >"$T/flux"

# --- ARP flux: two ports in one subnet ---------------------------------------
run flux --apply net.arp_flux
[ "$(rc flux)" = 5 ] && grep -q "^  PASS  net.arp_flux .* a0 answers ARP for its own address only" "$T/flux.out" &&
	grep -q "^  PASS  net.arp_flux .* a1 answers ARP for its own address only" "$T/flux.out"
ok $? "ARP flux: applied, the check passes on both ports (exit 5)"
[ "$(inA cat /proc/sys/net/ipv4/conf/a1/rp_filter)" = 2 ] &&
	[ "$(inA cat /proc/sys/net/ipv4/conf/a0/arp_ignore)" = 1 ] &&
	[ "$(inA cat /proc/sys/net/ipv4/conf/a1/arp_announce)" = 2 ] &&
	[ "$(cat /proc/sys/net/ipv4/conf/all/arp_ignore)" = "$(cat /proc/sys/net/ipv4/conf/all/arp_ignore)" ]
ok $? "ARP flux: procfs of namespace A says rp_filter 2, arp_ignore 1, arp_announce 2"
printf '%s\n' "# Written by rocescope fix: rocescope fix --undo restores the previous content." \
	"net.ipv4.conf.a0.arp_ignore = 1" "net.ipv4.conf.a0.arp_announce = 2" \
	"net.ipv4.conf.a1.rp_filter = 2" "net.ipv4.conf.a1.arp_ignore = 1" \
	"net.ipv4.conf.a1.arp_announce = 2" | cmp -s - "$FX/etc/sysctl.d/90-rocescope.conf"
ok $? "ARP flux: /etc/sysctl.d/90-rocescope.conf holds the marker and the five settings"
"$JC" <"$S/changes/2.json" && grep -q '"who": "root (uid 0)' "$S/changes/2.json" &&
	grep -q '"state": "applied"' "$S/changes/2.json" && grep -q '"started": "20' "$S/changes/2.json"
ok $? "ARP flux: the journal is JSON with who, when, each old and new value and its state"
run fluxu --undo
[ "$(rc fluxu)" = 5 ]
ok $? "ARP flux: undone (exit 5)"
same "ARP flux: undo puts every value back byte for byte, and our file away" "$T/flux"

# --- a file in /etc that is not ours ------------------------------------------
printf '%s\n' "# the site's own" "net.ipv4.conf.a1.rp_filter = 1" >"$FX/etc/sysctl.d/90-rocescope.conf"
state >"$T/foreign"
run foreign --apply net.arp_flux
[ "$(rc foreign)" = 1 ] && has foreign "rocescope did not write it: left as it is" &&
	grep -qx "net.ipv4.conf.a1.rp_filter = 1" "$FX/etc/sysctl.d/90-rocescope.conf" &&
	[ "$(inA cat /proc/sys/net/ipv4/conf/a1/rp_filter)" = 2 ]
ok $? "a file in /etc without our marker is left alone (the runtime change made, exit 1)"
run foreignu --undo
same "and its undo leaves that file as it was" "$T/foreign"
rm "$FX/etc/sysctl.d/90-rocescope.conf"

# --- the MTU, probed with a DF ping to the peer --------------------------------
run mtu --set mtu=9000 --peer $P --apply port.roce_mtu_small profile.mtu
[ "$(rc mtu)" = 5 ] && has mtu "applied     a2 MTU: 1500 -> 9000: the path to $P carries 9000 (DF probe)" &&
	grep -q "^  PASS  port.roce_mtu_small .* a2 MTU 9000: RoCE MTU 4096" "$T/mtu.out" &&
	grep -q "^  PASS  profile.mtu .* a2 MTU 9000" "$T/mtu.out"
ok $? "MTU: raised to the site's 9000, the DF probe passes, both checks pass (exit 5)"
inA ip link show a2 | grep -q " mtu 9000 "
ok $? "MTU: the kernel says 9000"
run mtuu --undo
same "MTU: undo puts 1500 back" "$T/flux"
ip -n "$B" link set b2 mtu 1500
state >"$T/small"
run mtusmall --set mtu=9000 --peer $P --apply port.roce_mtu_small
[ "$(rc mtusmall)" = 1 ] && grep -Eq "failed      a2 MTU: 1500 -> 9000: the path to $P carries only 150[04] \\(DF probe\\): MTU 1500 put back" "$T/mtusmall.out"
ok $? "MTU: a peer at 1500: the DF probe fails, the old MTU is put back (exit 1)"
same "MTU: after that nothing is changed" "$T/small"
run mtuforce --set mtu=9000 --peer $P --force --apply port.roce_mtu_small
[ "$(rc mtuforce)" = 5 ] && inA ip link show a2 | grep -q " mtu 9000 "
ok $? "MTU: --force keeps the change the peer does not carry yet (the peer is next)"
run mtuforceu --undo
ip -n "$B" link set b2 mtu 9000
run nopeer --set mtu=9000 --apply port.roce_mtu_small
[ "$(rc nopeer)" = 1 ] && has nopeer "an MTU change is probed first with a DF ping to the peer: give --peer IP"
ok $? "MTU without a peer to probe: refused (exit 1)"
same "MTU: no change without the probe" "$T/flux"

# --- the SSH session's interface ------------------------------------------------
SSH_CONNECTION="$P 50022 10.79.0.1 22" run ssh --set mtu=9000 --peer $P --apply port.roce_mtu_small
[ "$(rc ssh)" = 1 ] && has ssh "refused: a2 carries your SSH session (from $P); --force to change it anyway"
ok $? "SSH: the interface that reaches the SSH client is refused (exit 1)"
same "SSH: nothing changed" "$T/flux"
SSH_CONNECTION="$P 50022 10.79.0.1 22" run sshf --set mtu=9000 --peer $P --force --apply port.roce_mtu_small
[ "$(rc sshf)" = 5 ]
ok $? "SSH: --force changes it"
grep -q '"who": "root (uid 0), SSH from 10.79.0.2"' "$S/changes/$(ls "$S/changes" | sort -n | tail -1)"
ok $? "SSH: the journal says who, from where"
run sshfu --undo
same "SSH: and undo puts it back" "$T/flux"

# --- a route through the wrong interface ---------------------------------------
ip -n "$A" route add $P/32 dev w0
state >"$T/route"
run route --peer $P --apply net.peer_route
[ "$(rc route)" = 5 ] && has route "applied     route to $P/32: dev w0 -> $P/32 dev a2 src 10.79.0.1" &&
	grep -q "^  PASS  net.peer_route " "$T/route.out"
ok $? "route: the route to the peer replaced through the RDMA interface, the check passes (exit 5)"
inA ip route get $P | grep -q "dev a2 src 10.79.0.1"
ok $? "route: ip route get says dev a2"
run routeu --undo
same "route: undo puts the wrong route back with every attribute" "$T/route"
ip -n "$A" route del $P/32 dev w0
# No route to exactly the peer: ours is added beside the wider ones, and undo deletes it.
ip -n "$A" route add 10.79.0.0/28 dev w0
state >"$T/route2"
run route2 --peer $P --apply net.peer_route
[ "$(rc route2)" = 5 ] && has route2 "no route to exactly $P -> $P/32 dev a2 src 10.79.0.1"
ok $? "route: a wider wrong route: a host route added (exit 5)"
run route2u --undo
same "route: undo deletes the route it added" "$T/route2"
ip -n "$A" route del 10.79.0.0/28 dev w0

# --- killed half way: the journal undoes it --------------------------------------
(RS_FIX_TEST_STOP=before:2 exec_fx_in "$A" "$FX" "$R" fix --state-dir "$S" --apply \
	net.arp_flux >"$T/kill.out" 2>&1) &
PID=$!
stopped() { [ "$(awk '{ print $3 }' "/proc/$PID/stat")" = T ]; }
# Each of ip, unshare and sh execs the next: $PID is rocescope itself.
wait_for 600 stopped
ok $? "kill: the apply stops after its second journal entry (RS_FIX_TEST_STOP)"
run locked --apply net.arp_flux
[ "$(rc locked)" = 4 ] && grep -q "another rocescope fix is running" "$T/locked.err"
ok $? "one fix at a time: a second one is refused while the first holds the lock (exit 4)"
kill -9 $PID
wait $PID 2>/dev/null
PID=""
J="$S/changes/$(ls "$S/changes" | sort -n | tail -1)"
grep -c '"state": "applied"' "$J" | grep -qx 1 && grep -c '"state": "applying"' "$J" | grep -qx 1
ok $? "kill: the journal says one change made, one under way"
[ "$(inA cat /proc/sys/net/ipv4/conf/a0/arp_ignore)" = 1 ]
ok $? "kill: the first change had been made"
run killu --undo
[ "$(rc killu)" = 5 ] && has killu "undone      net.ipv4.conf.a0.arp_ignore: back to 0"
ok $? "kill: --undo completes from the journal (exit 5)"
same "kill: everything as before the apply" "$T/flux"
run killu2 --undo
[ "$(rc killu2)" = 0 ] && has killu2 "nothing to undo"
ok $? "undo again: nothing left to undo (exit 0)"

# --- no privilege ----------------------------------------------------------------
if command -v setpriv >/dev/null; then
	fx_in "$A" "$FX" setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all -- \
		"$R" fix --state-dir "$T/nobody" --apply net.arp_flux >"$T/nobody.out" 2>"$T/nobody.err"
	r=$?
	[ $r = 4 ] && grep -q "needs CAP_NET_ADMIN (for net.ipv4.conf.a0.arp_ignore and 4 more)" "$T/nobody.err" &&
		grep -q "run as root" "$T/nobody.err" && [ ! -e "$T/nobody" ]
	ok $? "no privilege: said before anything (which capability, for what), exit 4, no journal"
else
	skip "setpriv is not installed"
fi
same "no privilege: nothing changed" "$T/flux"

# --- DCB and pause: a veth has neither; the real requests and their answers --------
FA=$top_builddir/tests/fix_act
if [ -x "$FA" ]; then
	inA "$FA" pfc a0 >"$T/pfc.out" 2>&1
	r=$?
	[ $r = 1 ] && grep -qx "error DCB of a0: the driver has no DCB (EOPNOTSUPP)" "$T/pfc.out"
	ok $? "PFC through DCB netlink: a veth's driver answers EOPNOTSUPP, said so"
	inA "$FA" trust a0 dscp >"$T/trust.out" 2>&1
	grep -qx "error DCB of a0: the driver has no DCB (EOPNOTSUPP)" "$T/trust.out"
	ok $? "DSCP trust through DCB netlink: the same answer"
	inA "$FA" pause a0 "autoneg off rx on tx on" >"$T/pause.out" 2>&1
	grep -qx "error ethtool -a a0: Operation not supported" "$T/pause.out"
	ok $? "802.3x pause through ETHTOOL_GPAUSEPARAM: not supported by a veth, said so"
	inA "$FA" mtu a0 >"$T/mtuo.out" 2>&1 && grep -qx "old 9000" "$T/mtuo.out"
	ok $? "the MTU action reads what the kernel says (a0: 9000)"
else
	for i in 1 2 3 4; do skip "tests/fix_act is not built"; done
fi

# --- the journal, and bad input -------------------------------------------------------
run list --list
[ "$(rc list)" = 0 ] && has list "(undone)" && has list "fix --state-dir $S --apply net.arp_flux"
ok $? "--list: each change set, who ran what, undone or not"
run listj --list --json
"$JC" <"$T/listj.out" && grep -q '"change_sets"' "$T/listj.out"
ok $? "--list --json: valid"
run bad nosuch.check
[ "$(rc bad)" = 2 ] && grep -q "no check 'nosuch.check'" "$T/bad.err"
ok $? "an unknown check id: exit 2"
run norule device.none
[ "$(rc norule)" = 2 ] && grep -q "device.none has no fix" "$T/norule.err"
ok $? "a check without a fix: exit 2, said"
run badset --set mtu=12
[ "$(rc badset)" = 2 ] && grep -q "'mtu': '12' is not a number from 576 to 65536" "$T/badset.err"
ok $? "--set with a bad value: the profile's own check says why, exit 2"
"$R" --demo fix --apply >"$T/demo.out" 2>"$T/demo.err"
[ $? = 2 ] && grep -q "a recorded host cannot be changed" "$T/demo.err"
ok $? "--demo --apply: refused, exit 2"
printf 'not json' >"$S/changes/99.json"
run badj --undo 99
[ "$(rc badj)" = 4 ] && grep -q "99.json" "$T/badj.err"
ok $? "a broken journal: said with its file, exit 4"
same "at the end: every value as before the fixes" "$T/flux"
