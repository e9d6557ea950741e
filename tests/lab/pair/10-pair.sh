#!/bin/bash
# SPDX-License-Identifier: MIT
# pair/10-pair.sh - the two-host lab itself (docs/lab.md "Two hosts"): the
# peer is really remote (its own kernel, ARP, routes, MTU), the control
# channel survives a broken data link, the hop between them (a smaller
# MTU, loss) does what it should, RDMA runs between the two rxe devices,
# and rocescope serve on B tells A what B's ARP made of A's address.
. /lab-guest/tap.sh
. /lab-guest/pair.sh
plan 11
R=$ROCESCOPE

# The kernel's own answer: a real route out of eth0, not "local".
ip route get $PAIR_B >"$LAB_T/rg" 2>&1
ok "$(grep -q "dev eth0 src $PAIR_A" "$LAB_T/rg" && ! grep -q '^local' "$LAB_T/rg"; echo $?)" \
	"A: ip route get 10.99.0.2 leaves by eth0 from 10.99.0.1 (the peer is not this host)"
ping -c1 -W2 $PAIR_B >/dev/null 2>&1
ok "$(ip neigh show $PAIR_B dev eth0 | grep -q 'lladdr 52:54:00:99:00:02'; echo $?)" \
	"A: B's MAC in A's own neighbour table"
ok "$(on_b "ping -c2 -W2 $PAIR_A" >"$LAB_T/pb" 2>&1; echo $?)" "B pings A back (the command ran on B)"
ok "$(ping -c1 -W2 -M do -s 8972 $PAIR_B >/dev/null 2>&1 &&
	ping -c1 -W2 -M do -s 8973 $PAIR_B 2>&1 | grep -q 'message too long, mtu=9000'; echo $?)" \
	"DF: 8972 bytes pass at MTU 9000, 8973 are too long"

# The control channel is 9p, not the wire: it works with eth0 down on B.
on_b "ip link set eth0 down" >/dev/null
out=$(on_b "ip -br link show eth0")
on_b "ip link set eth0 up" >/dev/null
ok "$(echo "$out" | grep -q DOWN && lab_wait 30 ping -c1 -W1 $PAIR_B; echo $?)" \
	"the control channel answers while B's data link is down"

# The hop: a smaller MTU on the way, then loss.
hop_mtu 1500
ok "$(ping -c1 -W2 -M do -s 1472 $PAIR_B >/dev/null 2>&1 &&
	! ping -c1 -W2 -M do -s 1473 $PAIR_B >/dev/null 2>&1; echo $?)" \
	"hop MTU 1500: 1472 bytes pass, 1473 are lost silently (a black hole, both ends 9000)"
hop_clear
hop_loss 30
ping -q -c 40 -i 0.05 -W1 $PAIR_B >"$LAB_T/loss" 2>&1
hop_clear
ok "$(grep -Eq ' [1-9][0-9]?(\.[0-9]+)?% packet loss' "$LAB_T/loss"; echo $?)" \
	"hop loss 30 %: ping loses some, not all ($(grep -o '[0-9.]*% packet loss' "$LAB_T/loss"))"

# RDMA between the two kernels.
on_b_bg bw "exec timeout 90 ib_write_bw -d rxe0 -x 1 -n 200" >/dev/null
on_b -t 30 "lab_wait 20 sh -c \"netstat -ltn | grep -q :18515\"" >/dev/null
timeout 90 ib_write_bw -d rxe0 -x 1 -n 200 $PAIR_B >"$LAB_T/bw" 2>&1
ok $? "ib_write_bw from A's rxe0 to B's rxe0 passes"
diag "$(grep -E '^ *65536' "$LAB_T/bw" | head -1)"

# serve on B: A's test sees B's own neighbour entry for A's address.
serve_b
timeout 120 "$R" lat $PAIR_B -n 100 --json >"$LAB_T/lat.json" 2>"$LAB_T/lat.err"
rc=$?
ok "$( [ $rc = 0 ] && jq -e '.remote.hostname == "lab-b" and .remote.device == "rxe0"' \
	"$LAB_T/lat.json" >/dev/null; echo $?)" "rocescope lat A -> serve on B passes, B's view names lab-b"
mac=$(cat /sys/class/net/eth0/address)
ok "$(jq -e --arg m "$mac" '.remote.neigh_ip == "10.99.0.1" and .remote.neigh_mac == $m' \
	"$LAB_T/lat.json" >/dev/null; echo $?)" \
	"B's view carries its neighbour entry for 10.99.0.1: A's eth0 MAC ($mac)"
timeout 200 "$R" check --tree connection-failure --peer $PAIR_B -x 1 --json >"$LAB_T/cf.json" 2>/dev/null
rc=$?
unserve_b
ok "$( { [ $rc = 0 ] || [ $rc = 3 ]; } && jq -e '[.steps[] | select(.verdict == "fail")] | length == 0' \
	"$LAB_T/cf.json" >/dev/null; echo $?)" "healthy pair: connection-failure has no failing step (exit $rc)"
[ $rc = 0 ] || [ $rc = 3 ] || jq -c '.steps[] | [.id, .verdict, .summary]' "$LAB_T/cf.json" | sed 's/^/# /'
