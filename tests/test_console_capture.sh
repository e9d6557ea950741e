#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console_capture.sh - the console's Capture pane in a real terminal
# (tmux): the demo's replay of a real capture (label, verdicts, the flows
# with the capture's own QPs, a moving packet list, filters, pause and
# resume, writing a pcap that tcpdump and rocescope read back, the sniffer
# question, help), a saved snapshot (no wire: a file is read instead), a
# live capture on a veth between two namespaces (tests/capture/roce_send
# sends the RoCE frames), and no permission (as nobody: the message, and
# the other panes still work).  Every wait polls the screen.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"

R=$ROCESCOPE
PCAPS=$top_srcdir/tests/fixtures/pcaps/linlinw5-rdma_ib_tutorial

# frames NAME: the frame count the pane shows now
frames() { screen "$1" | sed -n 's/^ \([0-9]*\) frames: .*/\1/p' | head -1; }
# wait_more NAME N: poll until the pane counts more than N frames
wait_more() { wait_above "$1" frames "$2"; }
# packet_lines NAME: the packet list (the lines under the " packets" header)
packet_lines() { screen "$1" | sed -n '/^ packets/,$p' | sed '1d;$d'; }
# skipn N WHY: skip N tests
skipn() { i=0; while [ $i -lt "$1" ]; do skip "$2"; i=$((i + 1)); done; }
# erase NAME N: N backspaces on the input line
erase() { i=0; while [ $i -lt "$2" ]; do keys "$1" BSpace; i=$((i + 1)); done; }

# ------------------------------------------------------------- demo replay
start demo $UTF $UTF_ALL -- --demo
wait_for demo ' 1 Overview' && keys demo 8
wait_for demo 'Capture: replay of rdma_cm\.pcap \(x1\)'
ok $? "demo: 7 opens the Capture pane, replaying the bundled capture, labelled"
wait_for demo 'rdma_cm\.pcap: github\.com/linlinw5/rdma_ib_tutorial, CC BY-SA 4\.0'
ok $? "demo: the capture's source and licence are on screen"
grep -q '8 Capture' "$tmp/screen" && [ "$(head -1 "$tmp/screen" | wc -L)" -le 80 ]
ok $? "demo: seven tabs fit in 80 columns"
wait_for demo 'RoCE v2\? +PASS +RoCE v2: [0-9]+ packets to UDP port 4791'
ok $? "verdict: RoCE v2, pass"
wait_for demo 'wire +WARN +no RoCE packet is ECN-capable \(ECT not set\)' &&
	! grep -q 'PASS.*DCQCN cannot' "$tmp/screen" &&
	wait_for demo 'rdma_cm\.pcap: github\.com/linlinw5/rdma_ib_tutorial, CC BY-SA 4\.0'
ok $? "verdict: the wire warns on its worst reason (Not-ECT: DCQCN cannot react), never under PASS; the credit stays at 80x24"
wait_for demo '^ 10\.1\.16\.61 +10\.1\.16\.62 +0x00003d ' &&
	grep -Eq '^ 10\.1\.16\.62 +10\.1\.16\.61 +0x00003b ' "$tmp/screen" &&
	grep -Eq '^ 10\.1\.16\.62 +10\.1\.16\.61 +0x00003c ' "$tmp/screen"
ok $? "flows: the capture's real QPs (0x3d, 0x3b, 0x3c) with their addresses"
grep -Eq '^ opcodes .*RC Acknowledge [0-9]+ .*RC SEND Only [0-9]+' "$tmp/screen"
ok $? "the opcode mix"
n0=$(frames demo)
packet_lines demo >"$tmp/list0"
wait_more demo "${n0:-0}" && packet_lines demo >"$tmp/list1" && ! cmp -s "$tmp/list0" "$tmp/list1"
ok $? "the packet list moves (frames ${n0:-?} -> $(frames demo))"
grep -Eq '^[0-9]+\.[0-9]{6} 10\.1\.16\.6[12] > 10\.1\.16\.6[12] dscp 0 Not-ECT v2 ' "$tmp/list1"
ok $? "packet lines as rocescope capture prints them"
T resize-window -t demo -x 132 -y 43
wait_for demo '0x00003e' && grep -Eq '^ 10\.1\.16\.61 +10\.1\.16\.62 +0x000001 ' "$tmp/screen" &&
	grep -q 'qp 0x00003' "$tmp/screen"
ok $? "132x43: all six flows, whole packet lines"
T resize-window -t demo -x 80 -y 24
wait_for demo 'more flows'; ok $? "80x24 again: the flows that do not fit are counted"

# Filters, view-side: the ring and the flows.
keys demo /
wait_for demo 'Filter \(qp N, ip ADDR, op NAME\|0xNN\):' && keys demo 'qp 0x3b' Enter
wait_for demo 'packets matching qp 0x3b' && wait_for demo 'qp 0x00003b'
packet_lines demo >"$tmp/f"
[ -s "$tmp/f" ] && ! grep -v 'qp 0x00003b' "$tmp/f" | grep -q . &&
	! grep -q '0x00003d ' "$tmp/screen" && grep -Eq '^ 10\.1\.16\.62 +10\.1\.16\.61 +0x00003b ' "$tmp/screen"
ok $? "filter qp 0x3b: only its packets and its flow"
keys demo / ; erase demo 10; keys demo 'op write' Enter
wait_for demo 'packets matching op write' && wait_for demo 'RC RDMA WRITE'
packet_lines demo >"$tmp/f"
[ -s "$tmp/f" ] && ! grep -v 'RC RDMA WRITE' "$tmp/f" | grep -q .
ok $? "filter op write: only RDMA WRITE packets"
keys demo / ; erase demo 10; keys demo 'ip 10.1.16.99' Enter
wait_for demo 'no packet matches the filter' && grep -q 'no flow matches the filter' "$tmp/screen"
ok $? "filter on an address nobody uses: says nothing matches"
keys demo / ; erase demo 20; keys demo 'qp banana' Enter
wait_for demo "filter: 'banana' is not a valid qp"; ok $? "a bad filter is refused with the reason"
keys demo / ; erase demo 20; keys demo Enter
wait_for demo 'filter cleared'; ok $? "an empty filter clears it"

# Pause: the count stops (checked after a few round trips), resume moves on.
keys demo Space
wait_for demo 'PAUSED' && n1=$(frames demo) &&
	keys demo / && wait_for demo 'Filter \(' && keys demo Escape && wait_gone demo 'Filter \(' &&
	keys demo Right && wait_for demo 'from column 21' && keys demo Left &&
	wait_gone demo 'from column' && [ "$(frames demo)" = "$n1" ]
ok $? "Space pauses: the count stays at ${n1:-?}"
keys demo Space
wait_for demo 'capture resumed' && wait_more demo "${n1:-0}"
ok $? "Space resumes: packets come again"

# Write a pcap file across a restart of the loop, stop, read it back: the
# file tells what the pane told (no retransmission), every ICRC good.
# pass NAME: the replay's pass on screen (1 before the first restart)
pass() { screen "$1" | sed -n 's/^ [0-9]* frames: .*  pass \([0-9]*\).*/\1/p' | head -1; }
keys demo w
wait_for demo 'Write to pcap file: rocescope-capture\.pcap' && erase demo 30 &&
	keys demo "$tmp/out.pcap" Enter
wait_for demo 'writing out\.pcap \([0-9.]+ k?B; w stops\)'; ok $? "w: writing to the file, its size shown"
p0=$(pass demo)
# past the restart, and 40 frames into the new pass (its RC traffic, after the CM)
wait_above demo pass "${p0:-1}" && n2=$(frames demo) && wait_more demo "$((${n2:-0} + 40))" &&
	! grep -q 'end of file' "$tmp/screen"
ok $? "the demo's replay loops on (pass ${p0:-1} to $(pass demo)), never at an end of file"
keys demo w
wait_for demo 'stopped writing' &&
	grep -Eq 'wire +WARN +no RoCE packet is ECN-capable' "$tmp/screen" &&
	! grep -q 'retransmissions' "$tmp/screen"
ok $? "w again: stops writing; the pane saw no retransmission"
"$R" capture -r "$tmp/out.pcap" --summary --json >"$tmp/back.json" 2>/dev/null &&
	grep -Eq '"roce": [1-9]' "$tmp/back.json" && grep -q '"icrc_bad": 0' "$tmp/back.json" &&
	grep -q '"retransmissions": 0,' "$tmp/back.json" && grep -q '"dup_acks": 0,' "$tmp/back.json" &&
	grep -q '"psn_gaps": 0,' "$tmp/back.json" &&
	grep -A3 '"health"' "$tmp/back.json" | grep -q '"verdict": "warn"' &&
	grep -q '"id": "ecn_off"' "$tmp/back.json" && ! grep -q '"id": "retransmissions"' "$tmp/back.json" ||
	{ diag "$(grep -v '^    ' "$tmp/back.json")"; false; }
ok $? "the file written across loop restarts reads back as the pane saw it: no retransmission, gap or duplicate ACK, every ICRC good"
if command -v tcpdump >/dev/null 2>&1; then
	tcpdump -nr "$tmp/out.pcap" 'udp dst port 4791' 2>/dev/null | grep -q 'UDP'
	ok $? "tcpdump reads the written file"
else
	skip "tcpdump is not installed"
fi

# The sniffer asks first; the demo host has no such device, so it fails clearly.
keys demo i
wait_for demo 'Capture -i NETDEV \| -d RDMA_DEV \| -r FILE:' && erase demo 5 &&
	keys demo -- '-d mlx5_0' Enter
wait_for demo 'CAP_NET_RAW' && wait_for demo 'y: start the sniffer on mlx5_0'
ok $? "-d: the sniffer's warning and a question before it starts"
keys demo n
wait_for demo 'the sniffer was not started' && wait_for demo 'replay of rdma_cm'
ok $? "any other key: not started, the replay goes on"
keys demo i; wait_for demo 'Capture -i' && erase demo 5 && keys demo -- '-d mlx5_0' Enter
wait_for demo 'y: start' && keys demo y
wait_for demo 'mlx5_0' && wait_for demo 'No capture running'
ok $? "y: the sniffer on a device that is not there fails with a message"
keys demo s
wait_for demo 'Capture: replay of rdma_cm'; ok $? "s starts the replay again"
keys demo 2
wait_for demo 'RDMA devices and ports'; ok $? "the other panes work while the capture runs"
keys demo '?'
# Page down until the Capture keys show; the pane's heading may be on the
# page before them (the help grows as panes gain keys): keep every page.
: >"$tmp/help.all"
wait_for demo 'Help' && i=0 && while [ $i -lt 20 ] && ! screen demo | tee -a "$tmp/help.all" | grep -q 'pause / resume the capture'; do
	keys demo NPage; i=$((i + 1)); sleep 0.1
done
wait_for demo 'pause / resume the capture' && cat "$tmp/screen" >>"$tmp/help.all" &&
	grep -q '8 Capture' "$tmp/help.all"
ok $? "help lists the Capture pane and its keys"
keys demo '?'
wait_for demo 'RDMA devices and ports'
keys demo q
wait_for demo 'EXITED 0'; ok $? "demo: quits"

# ------------------------------------------------------------- saved file
"$R" --demo snapshot -o "$tmp/snap.yaml" 2>/dev/null
start file $UTF $UTF_ALL -- --load "$tmp/snap.yaml"
wait_for file ' 1 Overview' && keys file 8
wait_for file 'Live capture needs the live host'; ok $? "--load: no wire, says so"
keys file s
wait_for file 'Capture -i NETDEV' && erase file 5 && keys file -- "-i eth0" Enter
wait_for file 'live capture needs the live host \(source: file'
ok $? "--load: -i is refused, naming the source"
keys file i; wait_for file 'Capture -i' && erase file 5 && keys file -- "-r $PCAPS/rdma_write_bw.pcap" Enter
wait_for file 'Capture: file .*rdma_write_bw\.pcap' && wait_for file ' 60 frames: 20 RoCE v2, 0 v1, 40 other' &&
	grep -Eq '0x00001b +15 ' "$tmp/screen"
ok $? "--load: a capture file is read (60 frames, QP 0x1b with 15 packets)"
wait_for file '^ end of file after 60 packets' && ! grep -q 'capturing' "$tmp/screen"
ok $? "--load: the end of the file is said, with its count; no 'capturing' after it"
head -c $((24 + 16 + 322 + 16 + 100)) "$PCAPS/rdma_cm.pcap" >"$tmp/cut.pcap"
T resize-window -t file -x 132 -y 43	# the reason on one line
keys file i; wait_for file 'Capture -i' && erase file 5 && keys file -- "-r $tmp/cut.pcap" Enter
wait_for file 'cut\.pcap: stopped at packet 2 of the file \(1 read\): truncated dump file' &&
	wait_for file ' 1 frames: 1 RoCE v2' && ! grep -q 'capturing' "$tmp/screen"
ok $? "--load: a file cut mid-packet says libpcap's reason and where, keeps the packet read"
keys file q; wait_for file 'EXITED 0'; ok $? "--load: quits"

# ------------------------------------------------------------- live veth
if [ "$(id -u)" = 0 ] && command -v ip >/dev/null 2>&1 && ip netns add rs-cc-probe-$$ 2>/dev/null; then
	ip netns del rs-cc-probe-$$
	A=rs-ccA-$$
	B=rs-ccB-$$
	trap 'T kill-server >/dev/null 2>&1; ip netns del $A 2>/dev/null; ip netns del $B 2>/dev/null; rm -rf "$tmp"' EXIT
	ip netns add $A && ip netns add $B &&
		ip link add vA netns $A type veth peer name vB netns $B &&
		ip netns exec $A ip link set vA up && ip netns exec $B ip link set vB up &&
		ip netns exec $A ip addr add 10.78.0.1/24 dev vA && ip netns exec $B ip addr add 10.78.0.2/24 dev vB &&
		ip netns exec $A ping -c1 -W2 10.78.0.2 >/dev/null 2>&1
	ok $? "live: two namespaces and a veth"
	ROCESCOPE="ip netns exec $B $R" start live $UTF $UTF_ALL --
	wait_for live ' 1 Overview' && keys live 8
	wait_for live 'no RDMA port to capture on'; ok $? "live, no RDMA port: says so, offers i"
	keys live i; wait_for live 'Capture -i' && erase live 5 && keys live -- '-i nosuch0' Enter
	wait_for live "no network interface named 'nosuch0' \(ip -br link lists them\)"
	ok $? "live: an interface that does not exist is named"
	keys live i; wait_for live 'Capture -i' && erase live 5 && keys live -- '-i vB' Enter
	wait_for live 'Capture: live vB'; ok $? "live: capturing on vB"
	ip netns exec $A "$top_builddir/tests/capture/roce_send" udp 10.78.0.1 10.78.0.2 --count 20 --qp 0x4d
	wait_for live '^ 10\.78\.0\.1 +10\.78\.0\.2 +0x00004d +20 ' &&
		wait_for live ' 20 frames: 20 RoCE v2' && grep -q 'drops 0+0' "$tmp/screen"
	ok $? "live: the flow of the 20 frames sent, libpcap's drops shown (0)"
	wait_for live 'RoCE v2\? +PASS'; ok $? "live: verdict RoCE v2"
	keys live q; wait_for live 'EXITED 0'; ok $? "live: quits"
else
	skipn 7 "needs root and network namespaces (live veth)"
fi

# ------------------------------------------------------------- no permission
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
	cp "$R" "$tmp/rocescope" && chmod 755 "$tmp" "$tmp/rocescope"
	ROCESCOPE="setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all $tmp/rocescope" \
		start perm $UTF $UTF_ALL --
	wait_for perm ' 1 Overview' && keys perm 8 && wait_for perm 'Capture' && keys perm i &&
		wait_for perm 'Capture -i' && erase perm 5 && keys perm -- '-i lo' Enter
	wait_for perm 'permission denied: capturing needs root, or once as root:' &&
		wait_for perm 'setcap cap_net_raw,cap_net_admin\+eip'
	ok $? "no permission: the pane says root or the setcap line"
	keys perm 6
	wait_for perm 'Kernel|kernel'; ok $? "no permission: the other panes still work"
	keys perm q; wait_for perm 'EXITED 0'; ok $? "no permission: quits cleanly"
else
	skipn 3 "needs root and setpriv to run as an unprivileged user"
fi

# ------------------------------------------------------------- memcheck
if command -v valgrind >/dev/null 2>&1 && [ -z "${RS_SANITIZERS:-}" ]; then
	ROCESCOPE="valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=9 --log-file=$tmp/vg.log $R" \
		start vg $UTF $UTF_ALL -- --demo
	wait_for vg ' 1 Overview' && keys vg 8 && wait_for vg 'RoCE v2\? +PASS' &&
		keys vg / && wait_for vg 'Filter' && keys vg 'op ack' Enter &&
		wait_for vg 'matching op ack' && keys vg Space && wait_for vg PAUSED &&
		keys vg w && wait_for vg 'Write to' && erase vg 30 && keys vg "$tmp/vg.pcap" Enter &&
		wait_for vg 'writing' && keys vg Space && wait_for vg 'capture resumed' &&
		keys vg s && wait_for vg 'No capture running' && keys vg q
	wait_for vg 'EXITED [0-9]'
	grep -q 'EXITED 0' "$tmp/screen"
	ok $? "memcheck: the console with the Capture pane (replay, filter, pause, write, stop) is clean"
	[ -s "$tmp/vg.log" ] && sed 's/^/# /' "$tmp/vg.log" | head -40
else
	skip "valgrind is not installed, or the build has sanitizers"
fi

plan $rs_n
exit $rs_failed
