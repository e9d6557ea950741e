#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_vendors.sh - every RDMA driver, not only ConnectX, on the
# roce-vendors fixture (tests/fixtures/make-roce-trees.sh: one device per
# driver with the kernel's and the vendors' own counter names):
#   devices names the vendor and model (pci.ids), the PCI and RDMA driver
#     and the generation (Thor/Thor2, E810/X722, HIP09/HIP08), and says why
#     a model is unknown or pci.ids cannot be read;
#   while a writer makes bnxt_re, irdma and hns counters rise, counters
#     --json gives every rising byte, packet, CNP, ECN, sequence and
#     retransmit counter its meaning, bytes in bytes (port_xmit_data's words
#     x 4, from a saved snapshot: exact);
#   the Overview shows their TX and RX (hns: pkt/s, its TX "n/p"), marks
#     the rising signals and names the driver of what is "n/p"; the
#     Counters pane groups them by meaning and lists what hns does not
#     provide;
#   check sees bnxt_re's retransmissions rise and hns3's PFC frames on
#     priority 3 (its recorded ethtool -S); the exporter's meaning families.
# The rates come from the real clock: only what does not depend on timing
# is asserted (a figure > 0, a mark, a name), each polled for.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"

R=$ROCESCOPE
FX=$top_srcdir/tests/fixtures/roce-vendors
A=$tmp/a
cp -a "$FX" "$A"
IB=$A/sys/class/infiniband
hwc() { echo "$IB/$1/ports/1/hw_counters"; }

# writer PID-FILE FILE...: add 10^8 to each file every 0.05 s (bytes: 16
# Gb/s) until stopped
writer() {
	pidf=$1
	shift
	(
		while :; do
			for f in "$@"; do
				v=$(cat "$f") && echo $((v + 100000000)) >"$f.new" &&
					mv -f "$f.new" "$f"
			done
			sleep 0.05
		done
	) &
	echo $! >"$pidf"
}
stop_writer() { [ -s "$1" ] && kill "$(cat "$1")" 2>/dev/null; wait 2>/dev/null; rm -f "$1"; }
trap 'stop_writer "$tmp/w.pid"; T kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT INT TERM

# ------------------------------------------------------------- devices
$R --root "$A" devices >"$tmp/dev" 2>/dev/null
$R --root "$A" devices --json >"$tmp/dev.json" 2>/dev/null
"$top_builddir/tests/json_schema" "$top_srcdir/docs/cli.md" devices <"$tmp/dev.json"
ok $? "devices --json on every driver fits its schema (vendor, model, rdma_driver)"
grep -q '^bnxt_re0  Thor2 (BCM57608)$' "$tmp/dev" && grep -q '^bnxt_re1  Thor (BCM57508)$' "$tmp/dev" &&
	grep -q '^irdma0  E810-C$' "$tmp/dev" && grep -q '^irdma1  X722$' "$tmp/dev" &&
	grep -q '^hns_0  HIP09$' "$tmp/dev" && grep -q '^hns_1  HIP08$' "$tmp/dev" &&
	grep -q '^qedr0  FastLinQ QL45000$' "$tmp/dev" && grep -q '^siw0  Soft-iWARP$' "$tmp/dev"
ok $? "devices: the generation where it matters (Thor2/Thor, E810/X722, HIP09/HIP08 by revision)"
tr -d ' \n' <"$tmp/dev.json" >"$tmp/dev.flat"
grep -q '"name":"bnxt_re0"[^]]*"driver":"bnxt_en","rdma_driver":"bnxt_re"' "$tmp/dev.flat" &&
	grep -q '"name":"irdma1"[^]]*"driver":"i40e","rdma_driver":"irdma"' "$tmp/dev.flat" &&
	grep -q '"name":"hns_0"[^]]*"driver":"hns3","rdma_driver":"hns"' "$tmp/dev.flat" &&
	grep -q '"name":"siw0"[^]]*"rdma_driver":"siw"' "$tmp/dev.flat" &&
	grep -q '^  RDMA     mana_ib (Microsoft Azure Network Adapter RDMA)$' "$tmp/dev"
ok $? "devices: the PCI function's driver and the RDMA driver of each"
if [ -r /usr/share/misc/pci.ids ]; then
	grep -q '^  NIC      Intel Corporation Ethernet Controller E810-C for QSFP$' "$tmp/dev" &&
		grep -q '^  NIC      Huawei Technologies Co., Ltd. HNS GE/10GE/25GE RDMA Network Controller$' "$tmp/dev" &&
		grep -q '^  NIC      Broadcom Inc. and subsidiaries BCM57508 NetXtreme-E' "$tmp/dev" &&
		grep -q '^  NIC      Broadcom Inc. and subsidiaries (device 14e4:1760 not in pci.ids ' "$tmp/dev" &&
		grep -q '^  NIC      (no PCI function (a software device))$' "$tmp/dev"
	ok $? "devices: vendor and model from pci.ids, and why a model is not there"
else
	skip "/usr/share/misc/pci.ids is not installed (Debian package pci.ids)"
fi
RS_PCI_IDS=$tmp/none $R --root "$A" devices 2>/dev/null | grep -q \
	"^  NIC      (PCI ID database unusable: $tmp/none: No such file or directory (the pci.ids package))$"
ok $? "devices: a pci.ids that cannot be read is said, the rest goes on"

# ---------------------------------------------- counters --json, rising
B=$(hwc bnxt_re0)
I=$(hwc irdma0)
H=$(hwc hns_0)
G=$(hwc irdma2)

# the counters that rise, but for hns3's ethtool -S (the console part drops it)
RISING="$B/tx_bytes $B/rx_bytes $B/tx_pkts $B/rx_pkts $B/tx_cnp_pkts $B/rx_cnp_pkts
$B/rx_ecn_marked_pkts $B/oos_drop_count $B/seq_err_naks_rcvd $B/to_retransmits $I/ip4OutOctets
$I/ip6OutOctets $I/ip4InOctets $I/ip4OutPkts $I/ip4InPkts $I/cnpSent $I/cnpHandled $I/RxECNMrkd
$I/RetransSegs $H/tx_pkt $H/rx_pkt $H/tx_cnp_pkt $H/rx_cnp_pkt"

# want DEV SET COUNTER UNIT MEANING DRIVER: the line seen with that meaning
want() {
	printf '"object":"%s","port":1,"set":"%s","counter":"%s","value":[0-9]+,"delta":[1-9][0-9]*,"rate":[0-9.e+]+,"unit":"%s","meaning":"%s","driver":"%s"\n' \
		"$1" "$2" "$3" "$4" "$5" "$6"
}
{
	for c in "tx_bytes bytes tx_bytes" "rx_bytes bytes rx_bytes" "tx_pkts packets tx_packets" \
		"rx_pkts packets rx_packets" "tx_cnp_pkts packets cnp_sent" \
		"rx_cnp_pkts packets cnp_handled" "rx_ecn_marked_pkts packets ecn_marked" \
		"oos_drop_count packets out_of_sequence" "seq_err_naks_rcvd count out_of_sequence" \
		"to_retransmits count timeout"; do
		set -- $c
		want bnxt_re0 hw_counters "$1" "$2" "$3" bnxt_re
	done
	for c in "ip4OutOctets bytes tx_bytes" "ip6OutOctets bytes tx_bytes" \
		"ip4InOctets bytes rx_bytes" "ip4OutPkts packets tx_packets" \
		"ip4InPkts packets rx_packets" "cnpSent packets cnp_sent" \
		"cnpHandled packets cnp_handled" "RxECNMrkd packets ecn_marked" \
		"RetransSegs packets retransmit"; do
		set -- $c
		want irdma0 hw_counters "$1" "$2" "$3" irdma
	done
	for c in "tx_pkt packets tx_packets" "rx_pkt packets rx_packets" \
		"tx_cnp_pkt packets cnp_sent" "rx_cnp_pkt packets cnp_handled"; do
		set -- $c
		want hns_0 hw_counters "$1" "$2" "$3" hns
	done
	want irdma2 hw_counters "NakSequenceError" count out_of_sequence irdma
	want irdma2 hw_counters RTO count timeout irdma
} >"$tmp/want"
# shellcheck disable=SC2086 # RISING is a list of paths without blanks
writer "$tmp/w.pid" $RISING "$G/Nak Sequence Error" "$G/RTO" \
	"$A/ethtool/enp31s0f0/stats/mac_rx_pfc_pri3_pkt_num" \
	"$A/ethtool/enp31s0f0/stats/mac_tx_total_oct_num"
tries=0
while :; do
	$R --root "$A" counters --json --interval 0.5 --count 3 2>"$tmp/cerr" >"$tmp/c.json"
	tr -d ' \n' <"$tmp/c.json" | sed 's/},{/}\n{/g' >"$tmp/c.flat"
	missing=0
	while IFS= read -r pat; do
		grep -Eq -- "$pat" "$tmp/c.flat" || { missing=1; last=$pat; }
	done <"$tmp/want"
	[ $missing = 0 ] && break
	tries=$((tries + 1))
	[ $tries -ge 10 ] && { diag "never seen: $last"; break; }
done
ok $missing "counters --json: every rising counter of bnxt_re, irdma (GEN2, GEN3) and hns has its meaning and driver"
"$top_builddir/tests/json_schema" "$top_srcdir/docs/cli.md" counters <"$tmp/c.json"
ok $? "counters --json with meanings fits its schema"
grep -Eq '"object":"enp31s0f0","port":null,"set":"ethtool","counter":"mac_tx_total_oct_num",.*"unit":"bytes","meaning":"tx_bytes","driver":null' "$tmp/c.flat" &&
	grep -Eq '"counter":"mac_rx_pfc_pri3_pkt_num",.*"meaning":null' "$tmp/c.flat"
ok $? "counters --json: hns3's recorded ethtool -S (MAC octets: tx_bytes; PFC frames: no meaning)"
$R --root "$A" snapshot -o "$tmp/snap.yaml" 2>/dev/null
$R --load "$tmp/snap.yaml" counters --json >"$tmp/s.json" 2>/dev/null
tr -d ' \n' <"$tmp/s.json" | grep -q '"object":"bnxt_re1","port":1,"set":"counters","counter":"port_xmit_data","value":4096000,"delta":null,"rate":null,"unit":"bytes","meaning":"tx_bytes","driver":"bnxt_re"'
ok $? "counters --json: bytes in bytes (bnxt_re's PMA port_xmit_data: 1024000 words = 4096000)"

# ------------------------------------------------------------ check
# Each rise is asserted in a check whose two readings saw the writer move
# that counter: a busy machine may let a second pass between its writes.
errors_rising() {
	grep -Eq 'counters.error_rising .*bnxt_re0 port 1.*(oos_drop_count|to_retransmits|seq_err_naks_rcvd)' "$1" ||
		grep -A3 'bnxt_re0 port 1' "$1" | grep -Eq 'error counters? rising: .*(oos_drop_count|to_retransmits)'
}
pause_rising() {
	grep -A3 'counters.pause_rising' "$1" | grep -q 'PFC pause frames on enp31s0f0, priority 3'
}
seen_err=1 seen_pause=1
for _ in 1 2 3 4 5 6 7 8 9 10; do
	$R --root "$A" check --interval 1 >"$tmp/chk" 2>&1
	errors_rising "$tmp/chk" && seen_err=0
	pause_rising "$tmp/chk" && seen_pause=0
	[ $seen_err = 0 ] && [ $seen_pause = 0 ] && break
done
ok $seen_err "check: bnxt_re's rising sequence errors and retransmissions are errors"
ok $seen_pause "check: hns3's PFC frames rising on priority 3 (mac_rx_pfc_pri3_pkt_num)"

# ---------------------------------------------------------- exporter
$R --root "$A" exporter --once >"$tmp/m.prom" 2>/dev/null
grep -q '^rocescope_rdma_cnp_sent_total{device="bnxt_re0",port="1",driver="bnxt_re",set="hw_counters",counter="tx_cnp_pkts"} [0-9]' "$tmp/m.prom" &&
	grep -q '^rocescope_rdma_cnp_sent_total{device="irdma0",port="1",driver="irdma",set="hw_counters",counter="cnpSent"} ' "$tmp/m.prom" &&
	grep -q '^rocescope_rdma_transmitted_bytes_total{device="irdma0",port="1",driver="irdma",set="hw_counters",counter="ip6OutOctets"} ' "$tmp/m.prom" &&
	grep -q '^rocescope_netdev_pfc_frames_received_total{netdev="enp31s0f0",priority="3"} ' "$tmp/m.prom" &&
	! grep -q '^rocescope_rdma_transmitted_bytes_total{.*counter="tx_roce_only_bytes"}' "$tmp/m.prom"
ok $? "exporter: one family per meaning with driver and counter labels; parts left out; hns3's PFC per priority"

# ------------------------------------------------------------ console
# hns with no ethtool -S recorded: no byte counter at all
stop_writer "$tmp/w.pid"
rm -rf "$A/ethtool"
# shellcheck disable=SC2086
writer "$tmp/w.pid" $RISING
start v $UTF $UTF_ALL -- --root "$A"
wait_for v '^  total +11/11 '
ok $? "Overview: the 11 ports of 11 drivers"
grep -q 'n/p: not provided by this NIC (driver)' "$tmp/screen"
ok $? "Overview: the title says what n/p is"
# port DEV: filter the Overview to one port
port() {
	keys v /
	wait_for v 'Ports matching'
	keys v BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace
	keys v -l "$1"
	keys v Enter
	wait_for v "matching '$1'( ─|;)"
}
# sigs DEV: the line under the port's line (its signals)
sigs() { screen v | awk -v p=" $1/1 " 'index($0, p) { getline; print; exit }'; }
# wait_sigs DEV REGEX: poll until the port's signals line matches; it in $s
wait_sigs() {
	i=0
	while [ $i -lt 100 ]; do
		s=$(sigs "$1")
		echo "$s" | grep -Eq -- "$2" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
port bnxt_re0
wait_for v '^▶ bnxt_re0/1 +ACTIVE +200/504 +([1-9][0-9]*\.[0-9]|0\.[1-9]) +[0-9]+% +([1-9][0-9]*\.[0-9]|0\.[1-9]) '
ok $? "Overview: bnxt_re0's TX and RX from its hw_counters tx_bytes/rx_bytes"
wait_sigs bnxt_re0 '^ {13} +- +~[0-9.kMG]+ +~[0-9.kMG]+ +~[0-9.kMG]+ +![0-9.kMG]+ +![0-9.kMG]+ +0$'
ok $? "Overview: bnxt_re0's CNPs and ECN marked '~', sequence errors and retransmissions '!' ($s)"
port irdma0
wait_for v '^▶ irdma0/1 +ACTIVE +100/252 +([1-9][0-9]*\.[0-9]|0\.[1-9]) '
ok $? "Overview: irdma0's TX from ip4OutOctets + ip6OutOctets"
wait_sigs irdma0 '^   irdma +- +~[0-9.kMG]+ +~[0-9.kMG]+ +~[0-9.kMG]+ +n/p +![0-9.kMG]+ +0$'
ok $? "Overview: irdma0's CNP, ECN '~', retransmissions '!', no sequence counter: n/p (irdma) ($s)"
port hns_0
wait_for v '^▶ hns_0/1 +ACTIVE +100/252 +n/p +n/p +n/p +n/p +[1-9][0-9.]*[kMG]?( |$)'
ok $? "Overview: hns_0 has no byte counter: TX and RX n/p, its pkt/s from tx_pkt + rx_pkt"
wait_sigs hns_0 '^   hns +- +~[0-9.kMG]+ +~[0-9.kMG]+ +n/p +n/p +n/p +0$'
ok $? "Overview: hns_0's CNPs marked, ECN/sequence/retransmit n/p with the driver's name ($s)"
keys v Enter
wait_for v '─ Counters of hns_0 port 1 \(enp31s0f0\)'
wait_for v '─ Not provided by this NIC \(hns\)' &&
	wait_for v 'tx_bytes, rx_bytes, ecn_marked, out_of_sequence, retransmit, timeout'
ok $? "Counters pane: what hns does not provide, with the driver's name"
wait_for v '─ RDMA traffic' && wait_for v '^ +tx_pkt +hw '
ok $? "Counters pane: hns's packets under traffic"
# search (/) keeps the rows whose name has the text
search() {
	keys v /
	wait_for v 'Search counters'
	keys v BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace
	keys v -l "$1"
	keys v Enter
	wait_for v "names with \"$1\""
}
search cnp
wait_for v '─ Congestion \(ECN/CNP\)' && wait_for v '^ +tx_cnp_pkt +hw '
ok $? "Counters pane: hns's CNPs under congestion"
keys v 1
port bnxt_re0
keys v Enter
wait_for v '─ Counters of bnxt_re0 port 1'
search oos
wait_for v '─ RoCE errors and retransmissions' && wait_for v '^ ! oos_drop_count +hw ' &&
	search retrans && wait_for v '^ ! to_retransmits +hw '
ok $? "Counters pane: bnxt_re's sequence errors and retransmissions grouped as RoCE errors, marked rising"
keys v q
stop_writer "$tmp/w.pid"

plan $rs_n
exit $rs_failed
