#!/bin/sh
# SPDX-License-Identifier: MIT
# test_capture_cli.sh - `rocescope capture` end to end, without a network:
# options and exit codes; every real capture of tests/fixtures/pcaps gives
# the frame, RoCE and opcode counts of its README, every ICRC valid; the
# crafted cases (tests/capture/make_cases) give their NAKs, gaps,
# retransmission, CNP, CE, VLAN, QinQ, IPv6, v1, bad ICRC, malformed
# counts; lines, JSON lines (validated) and the summary; -c; -w and its
# rotation read back (by rocescope and tcpdump); --speed; --filter; the
# messages for a missing file, a bad file, a missing device, no permission.
. "$top_srcdir/tests/lib.sh"

R=$ROCESCOPE
JC=$top_builddir/tests/json_check
MK=$top_builddir/tests/capture/make_cases
FIX=$top_srcdir/tests/fixtures/pcaps/linlinw5-rdma_ib_tutorial
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-capcli-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

plan 46

# num FILE KEY - a top-level number of a pretty-printed summary (indent 2)
num() { sed -n "s/^  \"$2\": \\([0-9]*\\),\\{0,1\\}\$/\\1/p" "$1"; }
# ops FILE - the top-level "opcodes" object as "0x04=10 0x11=10"
ops() {
	awk '/^  "opcodes": \{/ { f = 1; next } f && /^  \}/ { f = 0 }
		f { gsub(/[",]/, ""); sub(/: /, "="); gsub(/ /, ""); printf "%s%s", sep, $0; sep = " " }
		END { print "" }' "$1"
}
# obj FILE NAME - a top-level object's members as "k=v k=v"
obj() {
	awk -v n="$2" '$0 ~ "^  \"" n "\": \\{" { f = 1; next } f && /^  \}/ { f = 0 }
		f { gsub(/[",]/, ""); sub(/: /, "="); gsub(/ /, ""); printf "%s%s", sep, $0; sep = " " }
		END { print "" }' "$1"
}

# --- options and usage --------------------------------------------------
$R help capture >"$T/help" 2>&1 && grep -q -- '--interface NETDEV' "$T/help" &&
	grep -q -- '--device RDMA_DEV' "$T/help" && grep -q -- '--read FILE' "$T/help"
ok $? "help capture lists -i, -d, -r"
$R capture >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q 'give one of -i NETDEV, -d RDMA_DEV, -r FILE' "$T/err"
ok $? "no source: exit 2 with what to give"
$R capture -r "$FIX/rdma_cm.pcap" -i lo >/dev/null 2>&1
ok $(( $? != 2 )) "two sources: exit 2"
$R capture -r "$FIX/rdma_cm.pcap" --rotate 1 >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q 'need -w FILE' "$T/err"
ok $? "--rotate without -w: exit 2"
$R capture -i lo --speed 2 >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q 'needs -r FILE' "$T/err"
ok $? "--speed without -r: exit 2"
$R --root / capture -r "$FIX/rdma_cm.pcap" >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q 'does not apply' "$T/err"
ok $? "--root does not apply to capture"

# --- the real captures: the README's table, every ICRC valid ------------
check_fixture() { # FILE FRAMES UDP4791 OPCODES
	$R capture -r "$FIX/$1" --summary --json >"$T/$1.json" 2>"$T/err" || return 1
	"$JC" <"$T/$1.json" || return 1
	got="$(num "$T/$1.json" frames) $(num "$T/$1.json" roce) $(ops "$T/$1.json")"
	want="$2 $3 $4"
	[ "$got" = "$want" ] || { diag "$1: got '$got', want '$want'"; return 1; }
	[ "$(num "$T/$1.json" icrc_ok)" = "$3" ] && [ "$(num "$T/$1.json" icrc_bad)" = 0 ] &&
		[ "$(num "$T/$1.json" malformed)" = 0 ]
}
check_fixture pingpong_rc.pcap 31 20 "0x04=10 0x11=10"
ok $? "pingpong_rc.pcap: 31 frames, 20 RoCE v2, SEND Only 10, ACK 10, every ICRC valid"
check_fixture rdma_write_bw.pcap 60 20 "0x06=5 0x07=5 0x08=5 0x11=5"
ok $? "rdma_write_bw.pcap: WRITE First/Middle/Last 5 each, ACK 5, every ICRC valid"
check_fixture rdma_write_lat.pcap 45 20 "0x0a=10 0x11=10"
ok $? "rdma_write_lat.pcap: WRITE Only 10, ACK 10, every ICRC valid"
check_fixture rdma_send_bw.pcap 50 20 "0x00=5 0x01=5 0x02=5 0x11=5"
ok $? "rdma_send_bw.pcap: SEND First/Middle/Last 5 each, ACK 5, every ICRC valid"
check_fixture rdma_cm.pcap 96 96 "0x04=32 0x06=5 0x07=5 0x08=5 0x11=37 0x64=12"
ok $? "rdma_cm.pcap: 96 RoCE v2 with 12 CM MADs, every ICRC valid"
check_fixture nccl_node0.pcap 954 184 "0x06=8 0x07=48 0x09=8 0x0a=32 0x0b=24 0x11=64"
ok $? "nccl_node0.pcap: 184 of 954 frames RoCE v2, WRITE with Immediate, every ICRC valid"
grep -q '"dest_qp": "0x00001d"' "$T/nccl_node0.pcap.json" &&
	[ "$(grep -c '"dest_qp": "0x00001d"' "$T/nccl_node0.pcap.json")" -ge 2 ]
ok $? "nccl_node0.pcap: QP 0x1D on two hosts is two flows"
obj "$T/rdma_cm.pcap.json" cm | grep -q 'REQ=2 REP=2 RTU=2 DREQ=3 DREP=3'
ok $? "rdma_cm.pcap: CM messages named (REQ 2, REP 2, RTU 2, DREQ 3, DREP 3)"
grep -q '"verdict": "pass"' "$T/rdma_write_bw.pcap.json" && grep -q '"seen": "v2"' "$T/rdma_write_bw.pcap.json"
ok $? "rdma_write_bw.pcap: RoCE v2 seen, wire healthy"

# --- lines and JSON lines ------------------------------------------------
$R capture -r "$FIX/rdma_cm.pcap" >"$T/lines" 2>"$T/err"
[ $? -eq 0 ] && [ "$(wc -l <"$T/lines")" = 96 ] && grep -q '96 frames, 96 RoCE v2' "$T/err"
ok $? "lines: one per packet, totals on stderr"
head -n 1 "$T/lines" | grep -q 'v2 UD SEND Only qp 0x000001 psn 26 .*CM REQ service 0x0000000001064853 (TCP port 18515).* icrc ok'
ok $? "lines: the CM REQ with its ServiceID and port"
$R capture -r "$FIX/pingpong_rc.pcap" >"$T/l2" 2>/dev/null && [ "$(wc -l <"$T/l2")" = 20 ] &&
	$R capture -r "$FIX/pingpong_rc.pcap" --all >"$T/l3" 2>/dev/null && [ "$(wc -l <"$T/l3")" = 31 ] &&
	grep -q ' other IPv4 proto 6 ' "$T/l3"
ok $? "lines: RoCE only; --all adds the other frames"
$R capture -r "$FIX/nccl_node0.pcap" --json >"$T/jl" 2>/dev/null && "$JC" --lines <"$T/jl" &&
	[ "$(wc -l <"$T/jl")" = 184 ] && grep -q '"opcode":"0x0b","opcode_name":"RC RDMA WRITE Only with Immediate"' "$T/jl"
ok $? "--json: one valid JSON document per line, 184 packets"
$R capture -r "$FIX/rdma_cm.pcap" -c 5 >"$T/c5" 2>"$T/err" && [ "$(wc -l <"$T/c5")" = 5 ] &&
	grep -q '^rocescope: 5 frames' "$T/err"
ok $? "-c 5 stops after 5 frames"
$R capture -r "$FIX/rdma_write_bw.pcap" --summary >"$T/sum" 2>/dev/null &&
	grep -q '^RoCE v2?  PASS  RoCE v2: 20 packets' "$T/sum" &&
	grep -Eq '^  10\.1\.16\.62 +10\.1\.16\.61 +00001b +15 ' "$T/sum"
ok $? "--summary: the verdicts and the flow table"
awk 'length($0) > 80 && !/^(capture of|RoCE v2\?|wire|          [A-Z])/ { bad = 1 } END { exit bad }' "$T/sum"
ok $? "--summary: counts and tables fit 80 columns"

# --- the crafted cases ---------------------------------------------------
"$MK" "$T/cases.pcap" >/dev/null
$R capture -r "$T/cases.pcap" --summary --json >"$T/cases.json" 2>/dev/null && "$JC" <"$T/cases.json"
ok $? "crafted cases: summary is valid JSON"
got="$(num "$T/cases.json" frames) $(num "$T/cases.json" roce) $(num "$T/cases.json" roce_v1) $(num "$T/cases.json" other)"
[ "$got" = "29 27 1 1" ]
ok $? "crafted: 29 frames, 27 RoCE v2 (source port 69 included), 1 RoCE v1, 1 other ($got)"
[ "$(obj "$T/cases.json" naks)" = "psn_seq=1 invalid_request=1 remote_access=1 remote_op=1 invalid_rd=1" ] &&
	[ "$(num "$T/cases.json" rnr_naks)" = 1 ]
ok $? "crafted: each NAK code counted once, one RNR NAK"
got="$(num "$T/cases.json" psn_gaps) $(num "$T/cases.json" psn_missing) $(num "$T/cases.json" retransmissions) $(num "$T/cases.json" dup_acks)"
[ "$got" = "1 1 1 1" ]
ok $? "crafted: one PSN gap (1 missing), one retransmission, one duplicate ACK ($got)"
got="$(num "$T/cases.json" cnp) $(num "$T/cases.json" ecn_ce) $(num "$T/cases.json" vlan_tagged) $(num "$T/cases.json" icrc_bad) $(num "$T/cases.json" malformed)"
[ "$got" = "1 1 2 1 1" ]
ok $? "crafted: CNP 1, ECN CE 1, VLAN-tagged 2, bad ICRC 1, malformed 1 ($got)"
grep -q '"seen": "v1+v2"' "$T/cases.json" && grep -q '"id": "icrc_bad"' "$T/cases.json" &&
	grep -q '"id": "nak_error"' "$T/cases.json"
ok $? "crafted: v1 flagged, the wire fails on the bad ICRC and the error NAKs"

# --- writing, rotation, replay, filter -----------------------------------
$R capture -r "$FIX/pingpong_rc.pcap" --all -w "$T/out.pcap" >/dev/null 2>&1 &&
	$R capture -r "$T/out.pcap" --summary --json >"$T/out.json" 2>/dev/null &&
	[ "$(num "$T/out.json" frames)" = 31 ] && [ "$(ops "$T/out.json")" = "0x04=10 0x11=10" ]
ok $? "-w: the written pcap reads back with the same frames and opcodes"
if command -v tcpdump >/dev/null 2>&1; then
	n=$(tcpdump -nn -r "$T/out.pcap" 2>/dev/null | wc -l)
	[ "$n" = 31 ]
	ok $? "-w: tcpdump reads the written file ($n frames)"
else
	skip "tcpdump is not installed"
fi
$R capture -r "$FIX/nccl_node0.pcap" -w "$T/rot.pcap" --rotate 0.05 >/dev/null 2>&1
total=0
for f in "$T"/rot.pcap*; do
	n=$($R capture -r "$f" --summary --json 2>/dev/null | sed -n 's/^  "frames": \([0-9]*\),$/\1/p')
	total=$((total + ${n:-0}))
done
nfiles=$(ls "$T"/rot.pcap* | wc -l)
big=$(find "$T" -name 'rot.pcap*' -size +60k | wc -l)
[ "$nfiles" -ge 5 ] && [ "$total" = 954 ] && [ "$big" = 0 ]
ok $? "--rotate 0.05: $nfiles files of at most 50 kB, 954 frames in all"
$R capture -r "$FIX/nccl_node0.pcap" -w "$T/keep.pcap" --rotate 0.05 --keep 2 >/dev/null 2>&1
[ "$(ls "$T"/keep.pcap* | wc -l)" = 2 ]
ok $? "--keep 2: the names cycle, two files remain"
$R capture -r "$FIX/rdma_write_bw.pcap" --speed 1000 --summary --json >"$T/sp.json" 2>/dev/null &&
	[ "$(ops "$T/sp.json")" = "0x06=5 0x07=5 0x08=5 0x11=5" ] && grep -q '"source": "replay of ' "$T/sp.json"
ok $? "--speed 1000: a paced replay, labelled as one, same counts"
$R capture -r "$FIX/pingpong_rc.pcap" --filter 'tcp' --all --summary --json >"$T/f.json" 2>/dev/null &&
	[ "$(num "$T/f.json" frames)" = 11 ] && [ "$(num "$T/f.json" roce)" = 0 ]
ok $? "--filter tcp: only the 11 TCP frames, no RoCE"

# --- errors ----------------------------------------------------------------
$R capture -r "$T/nothere.pcap" >/dev/null 2>"$T/err"
[ $? -eq 1 ] && grep -q "cannot read $T/nothere.pcap" "$T/err"
ok $? "missing file: exit 1, named"
$R capture -r "$top_srcdir/README.md" >/dev/null 2>"$T/err"
[ $? -eq 1 ] && grep -q 'cannot read .*README.md' "$T/err"
ok $? "not a capture file: exit 1, named"

# --- damaged and hostile pcaps (rdma_cm.pcap: a 24-byte header, then records
# of a 16-byte header and 322 bytes first) ----------------------------------
CM=$FIX/rdma_cm.pcap
head -c 24 "$CM" >"$T/hdr.pcap"
head -c $((24 + 16 + 322 + 16 + 100)) "$CM" >"$T/cut.pcap"
head -c $((24 + 16 + 322 + 5)) "$CM" >"$T/cuthdr.pcap"
{ printf '\000\021\042\063'; tail -c +5 "$CM"; } >"$T/magic.pcap"
{ head -c 16 "$CM"; printf '\000\000\000\000'; tail -c +21 "$CM"; } >"$T/snap0.pcap"
{ head -c 16 "$CM"; printf '\144\000\000\000'; tail -c +21 "$CM"; } >"$T/snap100.pcap"
{ head -c $((24 + 16 + 322 + 8)) "$CM"; printf '\377\377\377\177\377\377\377\177'
  tail -c +$((24 + 16 + 322 + 16 + 1)) "$CM"; } >"$T/huge.pcap"
$R capture -r "$CM" >/dev/null 2>"$T/err" &&
	grep -q "^rocescope: file $CM: end of file after 96 packets\$" "$T/err" &&
	$R capture -r "$CM" --summary >"$T/sum" 2>/dev/null &&
	sed -n 3p "$T/sum" | grep -qx 'end of file after 96 packets' &&
	$R capture -r "$CM" --summary --json >"$T/e.json" 2>/dev/null && "$JC" <"$T/e.json" &&
	grep -A4 '"end": {' "$T/e.json" | tr -d ' \n' |
	grep -q '"end":{"state":"end_of_file","packets":96,"text":"endoffileafter96packets"}'
ok $? "the end of a file is said, with its packet count (stderr, --summary, --summary --json)"
$R capture -r "$T/hdr.pcap" --summary >"$T/sum" 2>"$T/err" &&
	grep -qx 'end of file after 0 packets' "$T/sum" && grep -q '^RoCE v2?  SKIP' "$T/sum"
ok $? "header only: end of file after 0 packets, exit 0, nothing judged"
$R capture -r "$T/cut.pcap" --summary --json >"$T/cut.json" 2>"$T/err"
[ $? -eq 1 ] && "$JC" <"$T/cut.json" &&
	grep -q "^rocescope: capture from file $T/cut.pcap: stopped at packet 2 of the file (1 read): truncated dump file; tried to read 322 captured bytes, only got 100\$" "$T/err" &&
	grep -A3 '"end": {' "$T/cut.json" | grep -q '"state": "failed"' &&
	grep -q '"text": "stopped at packet 2 of the file (1 read): truncated dump file' "$T/cut.json" &&
	[ "$(num "$T/cut.json" frames)" = 1 ]
ok $? "cut mid-packet: libpcap's reason and the packet number, exit 1, the summary of what was read"
$R capture -r "$T/cuthdr.pcap" >/dev/null 2>"$T/err"
[ $? -eq 1 ] && grep -q 'stopped at packet 2 of the file (1 read): truncated dump file; tried to read 16 header bytes, only got 5' "$T/err" &&
	! grep -q 'Input/output error' "$T/err"
ok $? "cut inside a record header: libpcap's reason, never 'Input/output error'"
$R capture -r "$T/huge.pcap" --json >"$T/jl" 2>"$T/err"
[ $? -eq 1 ] && [ "$(wc -l <"$T/jl")" = 1 ] && "$JC" --lines <"$T/jl" &&
	grep -q 'stopped at packet 2 of the file (1 read): invalid packet capture length 2147483647, bigger than snaplen of 262144' "$T/err"
ok $? "a huge caplen: stopped at packet 2 with libpcap's reason (JSON lines: the first packet)"
$R capture -r "$T/magic.pcap" >/dev/null 2>"$T/err"
[ $? -eq 1 ] && grep -q "cannot read $T/magic.pcap: unknown file format (not a pcap or pcapng capture)" "$T/err"
ok $? "bad magic: not a pcap or pcapng capture, exit 1"
$R capture -r "$T/snap0.pcap" --summary >"$T/sum" 2>/dev/null &&
	grep -q '^ICRC      96 ok, 0 bad, 0 unchecked; 0 malformed, 0 truncated' "$T/sum" &&
	$R capture -r "$T/snap100.pcap" --summary >"$T/sum" 2>/dev/null &&
	grep -q '^ICRC      55 ok, 0 bad, 41 unchecked; 0 malformed, 41 truncated' "$T/sum" &&
	grep -qx 'end of file after 96 packets' "$T/sum"
ok $? "snaplen 0 reads whole; caplen past a snaplen of 100: cut there, truncated (never malformed)"
$R capture -d mlx5_7 >/dev/null 2>"$T/err"
[ $? -eq 1 ] && grep -q "no RDMA device named 'mlx5_7'" "$T/err" && grep -q 'CAP_NET_RAW' "$T/err"
ok $? "-d on a missing device: the sniffer warning, then a clear failure"
$R capture -i nosuchdev0 >/dev/null 2>"$T/err"
[ $? -eq 1 ] && grep -q 'nosuchdev0' "$T/err"
ok $? "-i on a missing interface: exit 1, named"
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
	cp "$R" "$T/rocescope" && chmod 755 "$T" "$T/rocescope"
	setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
		"$T/rocescope" capture -i lo -c 1 >/dev/null 2>"$T/err"
	rc=$?
	[ $rc -eq 1 ] && grep -q 'permission denied: capturing needs root, or once as root: setcap cap_net_raw,cap_net_admin+eip' "$T/err"
	ok $? "no permission: says root or setcap cap_net_raw,cap_net_admin+eip (rc $rc)"
else
	skip "needs root and setpriv to run as an unprivileged user"
fi
