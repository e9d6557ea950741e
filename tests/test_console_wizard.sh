#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console_wizard.sh - the Wizard pane in a real terminal (tmux), 80x24:
# the tree list, a tree that asks for the peer, the cause and its remedy in
# view, the selected step's evidence, re-running a step, the checklist,
# copying the remedy (OSC 52, read back from tmux's paste buffer), a visible
# cut at the right edge, and a walk on a live host in two network
# namespaces where the ping probe runs in the background.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"

plan 18

# ---------------------------------------------------------------- demo host
start demo $UTF $UTF_ALL -- --demo
# OSC 52 from the program lands in tmux's paste buffer.
T set -g set-clipboard on
wait_for demo ' 1 Overview'
keys demo 7
wait_for demo 'Troubleshooting trees \(Enter runs one\)' &&
	grep -Eq '^ low-bandwidth +RoCE v2 is slower than the link \(asks for the peer\)' "$tmp/screen"
ok $? "6: the Wizard pane lists the trees"
keys demo Down Enter
wait_for demo 'Peer IP:'; ok $? "a tree that needs the peer opens the peer input line"
keys demo -l 192.168.100.20
keys demo Enter
wait_for demo '^─ Cause: step 9, pcie|^- Cause: step 9, pcie' &&
	grep -Eq '^ ! PCI link below max: 8.0 GT/s x8 of 8.0 GT/s x16 \(check slot, riser, BIOS\)' "$tmp/screen"
ok $? "low-bandwidth: the PCIe link is the cause, in view at 80x24"
grep -Eq '^ remedy: reseat the NIC in a x16 slot \(no narrower riser\), set the slot to its$' "$tmp/screen" &&
	grep -Eq '^ maximum PCIe speed in the BIOS; confirm with lspci -vv -s 0000:3b:00.0 \(LnkSta\)$' "$tmp/screen"
ok $? "the remedy is wrapped over two lines, not cut"
grep -q '^         seen:     /sys/bus/pci/devices/0000:3b:00.0: current_link_speed 8.0$' "$tmp/screen"
ok $? "the cause step is selected: what was seen opens under it"
wait_for demo '7 Wizard\(1!\)'; ok $? "the tab counts the cause"
grep -q '^ stopped at the cause after 9 steps' "$tmp/screen"; ok $? "the progress line says where the walk stopped"
keys demo Up
wait_for demo '^         seen:     /sys/class/net/ens1f0np0/ecn/roce_np/enable/3: 1,'
ok $? "Up: the step before opens with its evidence"
keys demo Enter
wait_for demo 're-running from step 8'; ok $? "Enter on a step re-runs the walk from it"
keys demo y
n=0
until T show-buffer 2>/dev/null | grep -q 'reseat the NIC'; do
	n=$((n + 1))
	[ $n -gt 300 ] && break
	T show-buffer >/dev/null 2>&1 || true
	sleep 0.1
done
[ "$(T show-buffer 2>/dev/null)" = "reseat the NIC in a x16 slot (no narrower riser), set the slot to its maximum PCIe speed in the BIOS; confirm with lspci -vv -s 0000:3b:00.0 (LnkSta)" ]
ok $? "y: the remedy reaches the terminal's clipboard (OSC 52)"
keys demo t
wait_for demo 'Troubleshooting trees'; ok $? "t: back to the tree list"
# The list's cursor is on the tree just left (low-bandwidth, the second).
keys demo Down Down Enter
# Its ping-pong and bandwidth steps replay the lab's recorded tests (the
# peer is set): the walk waits for each, then the tally counts them.
wait_for demo 'running the (latency|bandwidth) test, a replay' &&
	wait_for demo 'checklist: 14 of 24 done, 2 to do, 2 worth a look, 6 unknown'
ok $? "first-time-setup: a checklist with its tally"
keys demo t
wait_for demo 'Troubleshooting trees'
keys demo Up Up Up Enter
# A question wider than the pane is never cut silently: the selected
# step's wraps under itself, another step's row ends with the cut mark.
wait_for demo 'connection-failure: RoCE v2 does not connect' &&
	wait_for demo '^  7 !   arp-flux      Do RDMA interfaces sharing a subnet answer ARP for their' &&
	grep -A1 '^  7 !   arp-flux ' "$tmp/screen" | grep -Eq '^ {22}own address\? *$'
ok $? "the selected step's question wider than the pane wraps, whole"
keys demo Up
wait_for demo 'arp-flux +Do RDMA interfaces sharing a subnet answer ARP for .*(…|>)$'
ok $? "another step's question wider than the pane ends with the cut mark"
# A message that takes rows above the bar leaves the selected step taller
# than the rows left: the pane still shows it from its top, not blank.
keys demo Down W
wait_for demo 'Record to:' && keys demo C-u
i=0; while [ $i -lt 60 ]; do keys demo BSpace; i=$((i + 1)); done
keys demo -l '/nonexistent-directory-of-rocescope-tests/a-recording-with-a-long-name.rsrec'
keys demo Enter
wait_for demo 'nonexistent-directory-of-rocescope-tests' &&
	grep -q '^─ Steps ─\|^- Steps -' "$tmp/screen" &&
	grep -q '^  7 !   arp-flux      Do RDMA interfaces' "$tmp/screen"
ok $? "a step taller than the view shows from its top while a message takes rows"

# ---------------------------------------------------------------- live host
if [ "$(id -u)" != 0 ] || ! ip netns add rs-wz-a-$$ 2>/dev/null; then
	skip "live: needs root and network namespaces"
	skip "live: needs root and network namespaces"
	skip "live: needs root and network namespaces"
	exit 0
fi
A=rs-wz-a-$$
B=rs-wz-b-$$
trap 'T kill-server >/dev/null 2>&1; ip netns del $A 2>/dev/null; ip netns del $B 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
ip netns add "$B" &&
	ip -n "$A" link add a0 type veth peer name b0 netns "$B" &&
	ip -n "$A" addr add 10.78.0.1/24 dev a0 &&
	ip -n "$B" addr add 10.78.0.2/24 dev b0 &&
	ip -n "$A" link set a0 up && ip -n "$B" link set b0 up || exit 1
T new-session -d -s live -x 80 -y 24 "ip netns exec $A env LANG=C.UTF-8 LC_ALL=C.UTF-8 $ROCESCOPE --peer 10.78.0.2; echo EXITED \$?; sleep 600"
wait_for live 'live'
keys live 7 Enter
wait_for live 'Cause: step 5, route' &&
	grep -q '^ ! a0 is not an RDMA interface: RoCE to this peer cannot use it' "$tmp/screen"
ok $? "live: the route through a non-RDMA veth is the cause"
# first-time-setup goes on after it: the ping step runs its probe.
keys live t
wait_for live 'Troubleshooting trees'
keys live Down Down Down Enter
# The cursor starts on the first failure (no RDMA device here): walk it
# down to the ping step, one key and one look at a time.
down=0
until screen live >"$tmp/screen" &&
	grep -Eq '^ +13 ok +ping +The peer answers ping \(3\.1\)' "$tmp/screen"; do
	down=$((down + 1))
	[ $down -gt 60 ] && break
	keys live Down
	sleep 0.2
done
grep -Eq '^ +13 ok +ping +The peer answers ping \(3\.1\)' "$tmp/screen"
ok $? "live: the ping step ran its probe in the background and passed"
grep -q '10.78.0.2 answers ping: 3/3 replies from 10.78.0.2' "$tmp/screen"; ok $? "live: the probe's own words"
