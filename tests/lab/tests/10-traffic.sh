#!/bin/bash
# SPDX-License-Identifier: MIT
# 10-traffic.sh - real RoCE v2 traffic in the healthy lab: ib_write_bw
# between rxe0 and rxe1 passes, the rxe hw_counters move on both ends, and
# tcpdump on veth0 sees RoCE v2 (UDP 4791) frames; ibv_devinfo -v agrees with
# sysfs on what the lab is (the reference the rocescope tests compare with).
. /lab-guest/tap.sh
plan 8

ibv_devinfo -v -d rxe0 >"$LAB_T/devinfo0" 2>&1
ok "$(grep -q 'state:.*PORT_ACTIVE' "$LAB_T/devinfo0"; echo $?)" "ibv_devinfo: rxe0 port ACTIVE"
ok "$(grep -qE 'active_mtu:[[:space:]]+1024' "$LAB_T/devinfo0" &&
	grep -qE 'link_layer:[[:space:]]+Ethernet' "$LAB_T/devinfo0"; echo $?)" \
	"ibv_devinfo: rxe0 link_layer Ethernet, active_mtu 1024 at veth MTU 1500"
ok "$(grep -qE 'GID\[ *1\]:.*::ffff:10\.99\.0\.1, RoCE v2' "$LAB_T/devinfo0" &&
	[ "$(cat /sys/class/infiniband/rxe0/ports/1/gid_attrs/types/1)" = "RoCE v2" ]; echo $?)" \
	"GID 1 of rxe0 is ::ffff:10.99.0.1, RoCE v2 (ibv_devinfo and sysfs)"
grep -E 'GID\[' "$LAB_T/devinfo0" | diag "$(cat)"

s0=$(counter rxe0 sent_pkts) r1=$(counter rxe1 rcvd_pkts)
timeout 120 tcpdump -Z root -i veth0 -nn -U -w "$LAB_T/roce.pcap" udp port 4791 2>"$LAB_T/tcpdump.err" &
tpid=$!
timeout 120 tcpdump -Z root -i lo -nn -U -w "$LAB_T/lo.pcap" udp port 4791 2>"$LAB_T/tcpdump-lo.err" &
lpid=$!
lab_wait 10 grep -q listening "$LAB_T/tcpdump.err"
lab_wait 10 grep -q listening "$LAB_T/tcpdump-lo.err"
healthy_bw
rc=$?
sleep 1
kill -INT $tpid $lpid 2>/dev/null
wait $tpid $lpid
s0b=$(counter rxe0 sent_pkts) r1b=$(counter rxe1 rcvd_pkts)
show_out 6
ok "$rc" "ib_write_bw rxe0 -> rxe1, $LAB_ITERS x 64 KiB, GID index 1, passes"
ok "$( [ "$PERF_SRV_RC" = 0 ]; echo $?)" "the ib_write_bw server exits 0 too"
diag "rxe0 sent_pkts $s0 -> $s0b, rxe1 rcvd_pkts $r1 -> $r1b"
# 64 KiB at active MTU 1024 is 64 packets a write.
ok "$( [ $((s0b - s0)) -ge $((LAB_ITERS * 64)) ] && [ $((r1b - r1)) -ge $((LAB_ITERS * 64)) ]; echo $?)" \
	"hw_counters: rxe0 sent_pkts and rxe1 rcvd_pkts rise by >= iterations x 64"
# Debian's tcpdump drops to a "tcpdump" user the image does not have: -Z root.
td() { tcpdump -Z root "$@"; }
captured() { sed -n 's/^\([0-9]*\) packets\{0,1\} captured.*/\1/p' "$1"; }
td -nn -r "$LAB_T/roce.pcap" >"$LAB_T/roce.txt" 2>"$LAB_T/read.err"
n=$(wc -l <"$LAB_T/roce.txt")
v2=$(grep -c '10\.99\.0\.1\.[0-9]* > 10\.99\.0\.2\.4791: UDP' "$LAB_T/roce.txt")
diag "tcpdump on veth0: captured $(captured "$LAB_T/tcpdump.err"), read back $n, $v2 from 10.99.0.1 to 10.99.0.2:4791"
head -n 2 "$LAB_T/roce.txt" | diag "$(cat)"
diag_file "$LAB_T/read.err" 2
ok "$( [ "$v2" -ge 100 ]; echo $?)" "tcpdump on veth0 sees RoCE v2 (UDP 4791) frames 10.99.0.1 -> 10.99.0.2"
nlo=$(captured "$LAB_T/tcpdump-lo.err")
diag "tcpdump on lo: captured ${nlo:-?} frames on UDP 4791"
ok "$( [ "$nlo" = 0 ]; echo $?)" "lo carries no RoCE v2 frames (the pair really uses the veth)"
