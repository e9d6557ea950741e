#!/bin/bash
# SPDX-License-Identifier: MIT
# 50-capture.sh - rocescope capture on real RoCE v2 traffic: an ib_write_bw
# run (LAB_ITERS x 64 KiB, rxe0 -> rxe1, GID 1) captured on veth0 with
# `rocescope capture -i veth0 --summary --json -w`, while tcpdump captures
# UDP 4791 on the same interface as the reference:
#   the RoCE v2 count equals tcpdump's (minus what either dropped);
#   the opcodes are those of RDMA WRITE at path MTU 1024 and the ACKs, and
#     the request packets less the retransmitted ones are exactly 64 per
#     64 KiB message; every ICRC is valid;
#   the flows carry the QPs perftest really used (its own output says
#     which: the server's QPN is the WRITE's destination, the client's the
#     ACKs');
#   the written pcap reads back in tcpdump with the same frame count;
#   `capture -d rxe0` fails with the clear "no sniffer" message naming veth0.
# Every wait is a bounded poll; every RDMA command has its own timeout.
. /lab-guest/tap.sh
plan 9
R=$ROCESCOPE
rs_has_cmd capture || skip_all "rocescope has no 'capture' command"

jqt() { jq -e "$@" >/dev/null 2>&1; }
# count PCAP FILTER - frames tcpdump reads back
count() { tcpdump -Z root -nn -r "$1" "$2" 2>/dev/null | wc -l; }

"$R" capture -i veth0 --summary --json -w "$LAB_T/rs.pcap" >"$LAB_T/cap.json" 2>"$LAB_T/cap.err" &
cpid=$!
timeout 180 tcpdump -Z root -i veth0 -nn -U -w "$LAB_T/td.pcap" udp dst port 4791 2>"$LAB_T/td.err" &
tpid=$!
lab_wait 10 grep -q 'capturing on live veth0' "$LAB_T/cap.err"
r1=$?
lab_wait 10 grep -q listening "$LAB_T/td.err"
ok "$( [ $r1 = 0 ] && [ $? = 0 ]; echo $?)" "rocescope capture -i veth0 and tcpdump are both listening"

healthy_bw
rc=$?
show_out 4
# Both captures have seen the last frames once the run is over; stop them.
sleep 1
kill -INT $cpid $tpid 2>/dev/null
lab_wait 20 sh -c "! kill -0 $cpid 2>/dev/null"
wait $cpid
crc=$?
wait $tpid
ok "$( [ $rc = 0 ] && [ $crc = 0 ]; echo $?)" "ib_write_bw passes; SIGINT ends the capture with status 0"
diag_file "$LAB_T/cap.err" 3

roce=$(jq -r .roce "$LAB_T/cap.json" 2>/dev/null)
drops=$(jq -r '.drops // 0' "$LAB_T/cap.json" 2>/dev/null)
td=$(count "$LAB_T/td.pcap" "udp dst port 4791")
tddrop=$(sed -n 's/^\([0-9]*\) packets\{0,1\} dropped by kernel.*/\1/p' "$LAB_T/td.err")
diag "rocescope: $roce RoCE v2 (drops $drops); tcpdump: $td UDP 4791 (dropped ${tddrop:-?})"
ok "$( [ -n "$roce" ] && [ "$roce" -gt 0 ] &&
	[ $(( roce > td ? roce - td : td - roce )) -le $(( ${drops:-0} + ${tddrop:-0} )) ]; echo $?)" \
	"the RoCE v2 count equals tcpdump's on the same interface ($roce vs $td)"

jq -c '.opcodes' "$LAB_T/cap.json" 2>&1 | diag "$(cat)"
# Under TCG rxe retransmits (go-back-N from a NAKed PSN, often mid-message),
# so the count per opcode is not exact; what is: only WRITE First/Middle/
# Last and ACKs, at least one First and Last per message, and the request
# packets less the retransmitted ones are exactly LAB_ITERS x 64 (64 KiB at
# path MTU 1024), which also checks the retransmission count.
ok "$(jqt --argjson n "$LAB_ITERS" '(.opcodes | keys) == ["0x06", "0x07", "0x08", "0x11"] and
	.opcodes["0x06"] >= $n and .opcodes["0x08"] >= $n and .opcodes["0x07"] >= 62 * $n and
	([.flows[] | select(.src == "10.99.0.1") | .packets - .retransmissions] == [64 * $n])' \
	"$LAB_T/cap.json"; echo $?)" \
	"opcodes: only RDMA WRITE First/Middle/Last and ACKs; requests less retransmissions = $LAB_ITERS x 64"
ok "$(jqt '.icrc_bad == 0 and .icrc_ok == .roce and .malformed == 0' "$LAB_T/cap.json"; echo $?)" \
	"every ICRC is valid, nothing malformed"

# perftest prints its QPNs: "local address: LID 0000 QPN 0x0011 PSN ...".
qpn() { sed -n 's/.*local address:.*QPN \(0x[0-9a-fA-F]*\).*/\1/p' "$1" | head -n 1; }
sq=$(qpn "$LAB_T/srv.out")
cq=$(qpn "$LAB_T/cli.out")
hex6() { printf '0x%06x' "$1" 2>/dev/null; }
jq -c '.flows[] | {src, dst, dest_qp, packets, psn_gaps, retransmissions, naks}' "$LAB_T/cap.json" 2>&1 |
	head -n 4 | diag "$(cat)"
diag "perftest: server QPN $sq, client QPN $cq"
ok "$( [ -n "$sq" ] && [ -n "$cq" ] &&
	jqt --arg s "$(hex6 "$sq")" --arg c "$(hex6 "$cq")" '
	([.flows[] | select(.src == "10.99.0.1" and .dst == "10.99.0.2" and .dest_qp == $s)] | length == 1) and
	([.flows[] | select(.src == "10.99.0.2" and .dst == "10.99.0.1" and .dest_qp == $c)] | length == 1)' \
	"$LAB_T/cap.json"; echo $?)" \
	"flows: WRITEs to the server's QP, ACKs to the client's QP, as perftest reports them"
jq -c '.verdicts' "$LAB_T/cap.json" 2>&1 | diag "$(cat)"
ok "$(jqt '.verdicts.roce.seen == "v2" and .verdicts.roce.verdict == "pass"' "$LAB_T/cap.json"; echo $?)" \
	"the answer at the top: RoCE v2 seen"

n=$(count "$LAB_T/rs.pcap" "")
fr=$(jq -r .frames "$LAB_T/cap.json" 2>/dev/null)
ok "$( [ -n "$fr" ] && [ "$n" = "$fr" ]; echo $?)" "-w: tcpdump reads the written pcap, $n frames = $fr captured"

timeout 30 "$R" capture -d rxe0 -c 1 >/dev/null 2>"$LAB_T/sniff.err"
src=$?
diag_file "$LAB_T/sniff.err" 3
ok "$( [ $src = 1 ] && grep -q 'CAP_NET_RAW' "$LAB_T/sniff.err" &&
	grep -q 'rxe0 has no sniffer' "$LAB_T/sniff.err" && grep -q 'capture there with -i veth0' "$LAB_T/sniff.err"; echo $?)" \
	"capture -d rxe0: warned, then fails clearly (no sniffer on rxe: capture on veth0)"
