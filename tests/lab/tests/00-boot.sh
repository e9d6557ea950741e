#!/bin/bash
# SPDX-License-Identifier: MIT
# 00-boot.sh - the lab itself works: an rxe device is ACTIVE on each veth
# end, each has its IPv4-mapped GID, and ping between the two addresses
# really crosses the veth (the veth0 tx counter moves, not only lo).
. /lab-guest/tap.sh
plan 4
ok "$( [ -d /sys/class/infiniband/rxe0 ] && [ -d /sys/class/infiniband/rxe1 ]; echo $?)" \
	"rxe0 and rxe1 exist"
ok "$(lab_port_active rxe0 && lab_port_active rxe1; echo $?)" "both ports ACTIVE"
ok "$(lab_gid rxe0 1 | grep -qx '0000:0000:0000:0000:0000:ffff:0a63:0001' &&
	lab_gid rxe1 1 | grep -qx '0000:0000:0000:0000:0000:ffff:0a63:0002'; echo $?)" \
	"GID index 1 is ::ffff:10.99.0.1 on rxe0 and ::ffff:10.99.0.2 on rxe1"
tx0=$(cat /sys/class/net/veth0/statistics/tx_packets)
ping -c3 -i0.2 -W2 10.99.0.2 >"$LAB_T/ping" 2>&1
prc=$?
tx1=$(cat /sys/class/net/veth0/statistics/tx_packets)
diag "ping rc $prc, veth0 tx_packets $tx0 -> $tx1"
ok "$( [ $prc = 0 ] && [ $((tx1 - tx0)) -ge 3 ]; echo $?)" "ping 10.99.0.2 crosses veth0"
