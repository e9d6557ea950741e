#!/bin/sh
# SPDX-License-Identifier: MIT
# test_console_fix.sh - the Wizard's fix in the console (80x24, tmux), on
# real network namespaces (tests/fix_lib.sh: RDMA sysfs of a Soft-RoCE
# device on A's veth a2): the cause of connection-failure is a hand-set
# wrong MAC for the peer (its neighbour step); the cause shows the plan and "a: apply this fix";
# a removes the entry in the background and the step re-runs and passes;
# u puts the entry back and the step fails again.  A step that warns (the
# MTU in low-bandwidth) asks on the input line for what only the site
# knows (its MTU), then applies it; u undoes it.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"
. "$top_srcdir/tests/fix_lib.sh"
need_root_netns
command -v unshare >/dev/null || skip_all "unshare (util-linux) is not installed"
[ -d /etc/sysctl.d ] && [ -d /etc/security/limits.d ] ||
	skip_all "no /etc/sysctl.d or /etc/security/limits.d to stand in for"

A=rsfc-a-$$
B=rsfc-b-$$
FX=$tmp/fx
P=10.79.0.2
trap 'T kill-server >/dev/null 2>&1; ip netns del $A 2>/dev/null; ip netns del $B 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM

plan 10

up() { [ "$(ip netns exec "$1" cat "/sys/class/net/$2/operstate")" = up ]; }
ip netns add "$A" && ip netns add "$B" &&
	ip -n "$A" link add a2 type veth peer name b2 netns "$B" &&
	ip -n "$A" addr add 10.79.0.1/24 dev a2 && ip -n "$B" addr add $P/24 dev b2 &&
	ip -n "$A" link set lo up && ip -n "$B" link set lo up &&
	ip -n "$B" link set b2 mtu 9000 &&
	ip -n "$A" link set a2 up && ip -n "$B" link set b2 up || exit 1
i=0
until up "$A" a2 && up "$B" b2; do
	i=$((i + 1))
	[ $i -gt 300 ] && break
	sleep 0.1
done
fx_dirs "$FX"
fx_rxe "$FX/class" rxe2 a2 0a4f:0001
ip -n "$A" neigh replace $P lladdr 02:00:00:00:00:99 dev a2 nud permanent
cat >"$tmp/run.sh" <<EOF
. "$top_srcdir/tests/fix_lib.sh"
exec_fx_in $A $FX env LANG=C.UTF-8 LC_ALL=C.UTF-8 RS_STATE_DIR=$tmp/state $ROCESCOPE --peer $P
EOF
T new-session -d -s fx -x 80 -y 24 "sh $tmp/run.sh; echo EXITED \$?; sleep 600"
wait_for fx 'live'
keys fx 7 Enter
wait_for fx 'Cause: step 6, arp' &&
	wait_for fx '^ a: apply this fix   u: undo   \(1 change; all of them: rocescope fix net\.peer_n' &&
	wait_for fx "^ fix: neighbour $P on a2: PERMANENT 02:00:00:00:00:99 -> removed"
ok $? "the cause (a hand-set MAC) shows its plan and a: apply this fix"
keys fx a
wait_for fx '^ fix net.peer_neigh: done \(exit 5\)'
ok $? "a: the fix ran in the background and said done"
wait_for fx 'Cause: step ([7-9]|1[0-9]), ' && ! grep -q 'Cause: step 6,' "$tmp/screen"
ok $? "a: the step re-ran and the neighbour passes now (the walk goes on past it)"
! ip -n "$A" neigh show $P dev a2 | grep -q PERMANENT
ok $? "a: the kernel has no hand-set entry any more"
keys fx u
wait_for fx '^ undo: done \(exit 5\)' && wait_for fx 'Cause: step 6, arp'
ok $? "u: undone, the step re-ran and fails again"
ip -n "$A" neigh show $P dev a2 | grep -q "lladdr 02:00:00:00:00:99 PERMANENT"
ok $? "u: the hand-set entry is back"

# A step that warns, with a value only the site knows: the MTU.
ip -n "$A" neigh del $P dev a2
keys fx t
wait_for fx 'Troubleshooting trees'
keys fx Down Enter
wait_for fx 'low-bandwidth: RoCE v2 is slower than the link' && wait_for fx 'stopped at the cause'
keys fx Home Down
wait_for fx '^ +2 ~ +mtu ' && wait_for fx "^ +fix: a2 MTU: the site's value is asked"
ok $? "a warning's plan is under the selected step: the MTU is not guessed"
keys fx a
wait_for fx "the site's mtu \(a profile value\): "
ok $? "a: the site's MTU is asked on the input line"
# first PATTERN: the walk re-runs to its cause, where the cursor goes; Home
# brings the first steps back into view (the route, then the MTU), as
# often as it takes (bounded).
first() {
	tries=0	# not n: keys() sets it
	while [ $tries -lt 120 ]; do
		keys fx Home
		screen fx >"$tmp/screen"
		grep -Eq -- "$1" "$tmp/screen" && return 0
		sleep 0.25
		tries=$((tries + 1))
	done
	return 1
}
keys fx 9000 Enter
wait_for fx '^ fix port.roce_mtu_small: done \(exit 5\)' && first '^ +2 ok +mtu ' &&
	ip -n "$A" link show a2 | grep -q ' mtu 9000 '
ok $? "the answer: the MTU applied (the DF probe passed), the step re-ran and passes"
keys fx u
wait_for fx '^ +undo: done \(exit 5\)' && first '^ +2 ~ +mtu ' &&
	ip -n "$A" link show a2 | grep -q ' mtu 1500 '
ok $? "u: the MTU is back to 1500, the step warns again"
