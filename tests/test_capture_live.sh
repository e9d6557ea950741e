#!/bin/sh
# SPDX-License-Identifier: MIT
# test_capture_live.sh - `rocescope capture -i` on a real interface: two
# network namespaces joined by a veth pair; tests/helpers/roce_send sends
# crafted RoCE v2 from a real UDP socket (IPv4 and IPv6, a source port of
# 69, some with a wrong ICRC), and through a packet socket whole frames
# tagged VLAN 100 and QinQ 200/100 (whether or not the kernel has VLAN
# devices: the tags travel in the frames) and RoCE v1 frames; rocescope
# captures them on the other end.  Every ICRC computed over the kernel's own IP/UDP headers
# must check, the tagged frames must pass the BPF filter, the JSON must be
# valid, and -w must write what was seen.  Every wait is a bounded poll.
. "$top_srcdir/tests/lib.sh"

need_root_netns
R=$ROCESCOPE
JC=$top_builddir/tests/json_check
SEND=$top_builddir/tests/helpers/roce_send
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-caplive-$$.XXXXXX") || exit 1
A=rs-capA-$$
B=rs-capB-$$
cleanup() {
	[ -n "$cpid" ] && kill "$cpid" 2>/dev/null
	ip netns del $A 2>/dev/null
	ip netns del $B 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

plan 14

a() { ip netns exec $A "$@"; }
b() { ip netns exec $B "$@"; }
ip netns add $A && ip netns add $B &&
	ip link add vA netns $A type veth peer name vB netns $B &&
	a ip link set vA up && b ip link set vB up && a ip link set lo up && b ip link set lo up &&
	a ip addr add 10.77.0.1/24 dev vA && b ip addr add 10.77.0.2/24 dev vB &&
	a ip addr add fd77::1/64 dev vA nodad && b ip addr add fd77::2/64 dev vB nodad
ok $? "two namespaces and a veth pair between them"

# wait_for SECONDS CMD... - poll every 0.1 s
wait_for() {
	n=$(($1 * 10))
	shift
	while [ $n -gt 0 ]; do
		"$@" 2>/dev/null && return 0
		sleep 0.1
		n=$((n - 1))
	done
	return 1
}
alive() { kill -0 "$cpid" 2>/dev/null; }
dead() { ! kill -0 "$cpid" 2>/dev/null; }
# start ARGS... - rocescope capture -i vB in B, in the background, until ready
start() {
	# A fresh err file, or the poll below could read the last run's line.
	rm -f "$T/out" "$T/err"
	# Not through b(): a function in the background is a subshell, and the
	# signals of the last tests must reach rocescope (ip netns exec execs it).
	ip netns exec $B "$R" capture -i vB "$@" >"$T/out" 2>"$T/err" &
	cpid=$!
	wait_for 10 grep -q 'capturing on live vB' "$T/err"
}
# finish - wait for the capture to end by itself (its -c), at most 20 s
finish() {
	if wait_for 20 dead; then wait "$cpid"; rc=$?; else kill "$cpid"; wait "$cpid"; rc=124; fi
	cpid=
	return $rc
}
num() { sed -n "s/^  \"$2\": \\([0-9]*\\),\\{0,1\\}\$/\\1/p" "$1"; }

# Neighbours first, so no frame waits on ARP/ND while the capture counts.
a ping -c1 -W2 10.77.0.2 >/dev/null 2>&1; a ping -c1 -W2 fd77::2 >/dev/null 2>&1

# 10 + 2 bad (IPv4) + 5 sport 69 + 5 IPv6 + 5 VLAN + 5 QinQ + 3 RoCE v1 = 35
start -c 35 --summary --json -w "$T/live.pcap"
ok $? "capture -i vB is ready (its 'capturing on' line)"
a "$SEND" udp 10.77.0.1 10.77.0.2 --count 10 --bad 2 --qp 0x20 &&
	a "$SEND" udp 10.77.0.1 10.77.0.2 --sport 69 --count 5 --qp 0x21 &&
	a "$SEND" udp fd77::1 fd77::2 --count 5 --qp 0x22 &&
	a "$SEND" raw vA --vlan 100 --count 5 --qp 0x23 &&
	a "$SEND" raw vA --qinq 200 --vlan 100 --count 5 --qp 0x24 &&
	a "$SEND" raw vA --v1 --count 3 --qp 0x25
ok $? "roce_send: UDP sockets to port 4791, a packet socket for RoCE v1"
finish
rc=$?
diag "$(tail -n 3 "$T/err")"
ok $( [ $rc = 0 ] && "$JC" <"$T/out"; echo $?) "the capture ends by itself after 35 frames; summary JSON valid"
got="$(num "$T/out" frames) $(num "$T/out" roce) $(num "$T/out" roce_v1) $(num "$T/out" other)"
[ "$got" = "35 32 3 0" ]
ok $? "35 frames: 32 RoCE v2 (source port 69 included), 3 RoCE v1, nothing else ($got)"
got="$(num "$T/out" icrc_ok) $(num "$T/out" icrc_bad) $(num "$T/out" malformed)"
[ "$got" = "33 2 0" ]
ok $? "every ICRC over the kernel's headers checks, the 2 wrong ones are found ($got)"
[ "$(num "$T/out" vlan_tagged)" = 10 ]
ok $? "the VLAN and QinQ frames pass the BPF filter and are decoded (10 tagged)"
[ "$(num "$T/out" psn_gaps)" = 0 ] && [ "$(num "$T/out" retransmissions)" = 0 ] &&
	grep -q '"drops": 0' "$T/out" && grep -q '"dest_qp": "0x000022"' "$T/out" &&
	grep -q '"src": "fd77::1"' "$T/out"
ok $? "no PSN gap, no drop; the IPv6 flow is there"
$R capture -r "$T/live.pcap" --summary --json >"$T/back" 2>/dev/null &&
	[ "$(num "$T/back" frames)" = 35 ] && [ "$(num "$T/back" vlan_tagged)" = 10 ] &&
	[ "$(num "$T/back" icrc_bad)" = 2 ]
ok $? "-w live.pcap: the written file reads back the same (tags included)"

# Lines and JSON lines, live.
start -c 4
ok $? "capture -i vB (lines) is ready"
a "$SEND" udp 10.77.0.1 10.77.0.2 --sport 69 --count 4 --qp 0x30 --psn 0xfffffe
finish
[ $? = 0 ] && [ "$(wc -l <"$T/out")" = 4 ] &&
	grep -q '10.77.0.1 > 10.77.0.2 .* v2 RC SEND Only qp 0x000030 psn 16777214 ackreq payload 64 icrc ok' "$T/out"
ok $? "lines: 4 packets, decoded, PSN across the 24-bit wrap"
start -c 3 --json
a "$SEND" udp fd77::1 fd77::2 --count 3 --qp 0x31
finish
[ $? = 0 ] && "$JC" --lines <"$T/out" && [ "$(wc -l <"$T/out")" = 3 ] &&
	grep -q '"roce":"v2".*"ip_version":6.*"dest_qp":"0x000031".*"icrc":"ok"' "$T/out"
rc=$?
[ $rc = 0 ] || diag "$(cat "$T/err" "$T/out")"
ok $rc "--json: 3 valid JSON lines, IPv6, ICRC ok"

# Signals end a capture cleanly: SIGINT after the lines, SIGTERM with the summary.
start
a "$SEND" udp 10.77.0.1 10.77.0.2 --count 3 --qp 0x32
wait_for 10 sh -c "[ \$(wc -l <'$T/out') -ge 3 ]"
kill -INT "$cpid"
finish
rc=$?
[ $rc = 0 ] && grep -q '^rocescope: 3 frames, 3 RoCE v2' "$T/err"
rc=$?
[ $rc = 0 ] || diag "$(cat "$T/err")"
ok $rc "SIGINT ends the capture with exit 0 and its totals"
start --summary --json -w "$T/sig.pcap"
a "$SEND" udp 10.77.0.1 10.77.0.2 --count 3 --qp 0x33
# The pcap is flushed after every dispatch: 24 + 3 x (16 + 14 + 20 + 8 + 12 + 64 + 4).
wait_for 10 sh -c "[ \$(stat -c %s '$T/sig.pcap') -ge $((24 + 3 * 138)) ]"
kill -TERM "$cpid"
finish
[ $? = 0 ] && "$JC" <"$T/out" && [ "$(num "$T/out" frames)" = 3 ]
ok $? "SIGTERM ends it too, and the summary JSON is still printed (3 frames)"
