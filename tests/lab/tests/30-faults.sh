#!/bin/bash
# SPDX-License-Identifier: MIT
# 30-faults.sh - every fault helper of faults.sh really produces its fault,
# with the messages/counters docs/lab.md lists, and its undo gets a passing
# ib_write_bw back.  RDMA runs that the fault makes hang are bounded by
# FAULT_TIMEOUT; their control exchange goes over lo (127.0.0.1) where the
# fault is on the RDMA path only, so the hang is RDMA's and not TCP's.
. /lab-guest/tap.sh
plan 21
FT=${FAULT_TIMEOUT:-20}
LAB_ITERS=100

undo_check() { # undo_check NAME - after unfault_NAME, a healthy run passes
	healthy_bw
	local rc=$?
	[ $rc = 0 ] || show_out 4
	ok $rc "$1: after the undo ib_write_bw passes again"
}

# --- MTU mismatch: path MTU 4096 forced where one end is at 1500.
fault_mtu
lab_wait 10 sh -c 'ibv_devinfo -d rxe0 | grep -q "active_mtu:.*4096"'
d0=$(( $(cat /sys/class/net/veth0/statistics/rx_dropped) + $(cat /sys/class/net/veth1/statistics/tx_dropped) +
	$(cat /sys/class/net/veth0/statistics/tx_dropped) + $(cat /sys/class/net/veth1/statistics/rx_dropped) ))
e1=$(counter rxe0 send_err)
PERF_TIMEOUT=$FT perf_pair ibv_rc_pingpong -d rxe1 -g 1 -m 4096 -n 5 -- -d rxe0 -g 1 -m 4096 -n 5 127.0.0.1
rc=$?
d1=$(( $(cat /sys/class/net/veth0/statistics/rx_dropped) + $(cat /sys/class/net/veth1/statistics/tx_dropped) +
	$(cat /sys/class/net/veth0/statistics/tx_dropped) + $(cat /sys/class/net/veth1/statistics/rx_dropped) ))
e1b=$(counter rxe0 send_err)
diag "rc_pingpong -m 4096 rc $rc; veth drops $d0 -> $d1; rxe0 send_err $e1 -> $e1b"
show_out 4
ok "$( [ $rc != 0 ] && [ $((d1 - d0 + e1b - e1)) -gt 0 ]; echo $?)" \
	"mtu: veth0 at 9000, veth1 at 1500: rc_pingpong at MTU 4096 fails and frames are dropped"
# perftest under the same mismatch: each end clamps -m 4096 to its own
# active MTU (rxe1: 1024) and the two agree on the smaller, so it passes.
PERF_TIMEOUT=60 bw 1 1 10.99.0.2 -m 4096
rc=$?
n1024=$(grep -l 'Mtu *: 1024\[B\]' "$LAB_T/cli.out" "$LAB_T/srv.out" 2>/dev/null | wc -l)
grep -hE 'Requested mtu|Changing to active mtu|Mtu *:' "$LAB_T/srv.out" "$LAB_T/cli.out" | diag "$(cat)"
[ $rc = 0 ] || show_out 6
ok "$( [ $rc = 0 ] && [ "$PERF_SRV_RC" = 0 ] && [ "$n1024" = 2 ] &&
	grep -q 'Requested mtu is higher than active mtu' "$LAB_T/srv.out" &&
	grep -q 'Changing to active mtu' "$LAB_T/srv.out"; echo $?)" \
	"mtu: ib_write_bw -m 4096 says 'Requested mtu is higher than active mtu', 'Changing to active mtu', passes at 1024"
unfault_mtu
undo_check mtu

# --- wrong neighbour MAC: RDMA hangs (retry forever) while TCP works.
fault_neigh_bogus
s0=$(counter rxe0 sent_pkts) r1=$(counter rxe1 rcvd_pkts)
PERF_TIMEOUT=$FT bw 1 1 127.0.0.1
rc=$?
s0b=$(counter rxe0 sent_pkts) r1b=$(counter rxe1 rcvd_pkts)
diag "ib_write_bw rc $rc; rxe0 sent_pkts $s0 -> $s0b; rxe1 rcvd_pkts $r1 -> $r1b"
show_out 4
ok "$( [ $rc = 124 ] && [ $s0b -gt $s0 ] && [ $r1b = $r1 ]; echo $?)" \
	"neigh_bogus: ib_write_bw hangs (killed by timeout), rxe0 sends, rxe1 receives nothing"
unfault_neigh_bogus
undo_check neigh_bogus

# --- ARP off on veth0: no neighbour can be resolved.
fault_arp_off
s0=$(counter rxe0 sent_pkts) r1=$(counter rxe1 rcvd_pkts)
PERF_TIMEOUT=$FT bw 1 1 127.0.0.1
rc=$?
s0b=$(counter rxe0 sent_pkts) r1b=$(counter rxe1 rcvd_pkts)
diag "ib_write_bw rc $rc; rxe0 sent_pkts $s0 -> $s0b; rxe1 rcvd_pkts $r1 -> $r1b"
show_out 4
ok "$( [ $rc != 0 ] && [ $r1b = $r1 ]; echo $?)" "arp_off: ib_write_bw fails, rxe1 receives nothing"
unfault_arp_off
undo_check arp_off

# --- GID index mismatch: link-local (0) on the server, IPv4 (1) on the client.
fault_gid_mismatch
PERF_TIMEOUT=$FT bw $LAB_SRV_GID $LAB_CLI_GID 10.99.0.2
rc=$?
show_out 4
ok "$( [ $rc != 0 ] && out_has 'Found Incompatibility issue with GID types'; echo $?)" \
	"gid_mismatch: 'Found Incompatibility issue with GID types.'"
unfault_gid_mismatch
undo_check gid_mismatch

# --- GID index that does not exist.
fault_gid_missing
PERF_TIMEOUT=$FT bw $LAB_SRV_GID $LAB_CLI_GID 10.99.0.2
rc=$?
show_out 4
ok "$( [ $rc != 0 ] && out_has 'to RTR|Unable to Connect the HCA'; echo $?)" \
	"gid_missing: -x 5 fails to move the QP to RTR"
unfault_gid_missing

# --- port down.
fault_port_down
port0_down() { ! lab_port_active rxe0; }
lab_wait 10 port0_down
st=$(lab_port_state rxe0)
PERF_TIMEOUT=$FT bw 1 1 127.0.0.1
rc=$?
show_out 4
diag "rxe0 port state: $st"
ok "$( [ $rc != 0 ] && out_has 'Port number 1 state is Down'; echo $?)" \
	"port_down: 'Port number 1 state is Down'"
unfault_port_down
undo_check port_down

# --- small memlock without CAP_IPC_LOCK, on the client.
LAB_T_CLI="$LAB_T/cli.out"
timeout $FT ib_write_bw -d rxe1 -x 1 -n $LAB_ITERS -F >"$LAB_T/srv.out" 2>&1 &
spid=$!
lab_wait 10 sh -c "netstat -ltn | grep -q ':18515 '"
timeout $FT capsh --drop=cap_ipc_lock -- -c "ulimit -l 64 && exec ib_write_bw -d rxe0 -x 1 -n $LAB_ITERS -F 10.99.0.2" \
	>"$LAB_T/cli.out" 2>&1
rc=$?
kill $spid 2>/dev/null; wait $spid 2>/dev/null
show_out 4
ok "$( [ $rc != 0 ] && out_has "Couldn't allocate MR|failed to create mr|Failed to create MR"; echo $?)" \
	"memlock: 64 KiB limit without CAP_IPC_LOCK: 'Couldn't allocate MR'"

# --- the same for a real non-root user (lab, uid 1000), which has no
# CAP_IPC_LOCK to ignore the limit with.  A control run at the default limit
# first: the user can open the device, so the failure is the limit's.
lab_user_bw() { # lab_user_bw [-l KIB] - client on rxe0 as lab, server as root
	timeout $FT ib_write_bw -d rxe1 -x 1 -n $LAB_ITERS -F >"$LAB_T/srv.out" 2>&1 &
	spid=$!
	lab_wait 10 sh -c "netstat -ltn | grep -q ':18515 '"
	as_user_lab "$@" timeout $FT ib_write_bw -d rxe0 -x 1 -n $LAB_ITERS -F 10.99.0.2 \
		>"$LAB_T/cli.out" 2>&1
	rc=$?
	kill $spid 2>/dev/null; wait $spid 2>/dev/null
}
who=$(as_user_lab sh -c 'echo "uid $(id -u) memlock $(ulimit -l)" $(grep -E "^Cap(Prm|Eff)" /proc/self/status)')
diag "as lab: $who; $(ls -l /dev/infiniband/uverbs0 2>&1)"
lab_user_bw
show_out 2
ok "$( [ $rc = 0 ] && echo "$who" | grep -q '^uid 1000 .*CapPrm: 0000000000000000 CapEff: 0000000000000000'; echo $?)" \
	"memlock: as user lab (uid 1000, no capabilities) at the default limit ib_write_bw passes"
who=$(as_user_lab -l 64 sh -c 'echo "uid $(id -u) memlock $(ulimit -l)"')
lab_user_bw -l 64
show_out 4
ok "$( [ $rc != 0 ] && [ "$who" = "uid 1000 memlock 64" ] &&
	out_has "Couldn't allocate MR|failed to create mr|Failed to create MR"; echo $?)" \
	"memlock: as user lab with ulimit -l 64 ($who): 'Couldn't allocate MR'"

# --- no server on the control port.
fault_no_server
timeout $FT ib_write_bw -d rxe0 -x 1 -n $LAB_ITERS -F 10.99.0.2 >"$LAB_T/cli.out" 2>&1
rc=$?
: >"$LAB_T/srv.out"
show_out 4
ok "$( [ $rc != 0 ] && out_has "Couldn't connect to 10.99.0.2:18515"; echo $?)" \
	"no_server: 'Couldn't connect to 10.99.0.2:18515'"
unfault_no_server

# --- route to the peer through the wrong interface.  rxe looks its own
# route up with the output interface pinned to its netdev, so RoCE itself
# keeps working; what breaks is every IP exchange with the peer - ping and
# the TCP connection perftest (and most RDMA apps) set the QPs up with.
fault_wrong_route
dev=$(ip route get 10.99.0.2 2>/dev/null | head -n1)
t0=$(cat /sys/class/net/wrongdev/statistics/tx_packets)
ping -c2 -i0.3 -W1 10.99.0.2 >/dev/null 2>&1
prc=$?
t1=$(cat /sys/class/net/wrongdev/statistics/tx_packets)
diag "route: $dev; ping rc $prc; wrongdev tx_packets $t0 -> $t1"
ok "$(echo "$dev" | grep -q 'dev wrongdev' && [ $prc != 0 ] && [ $t1 -gt $t0 ]; echo $?)" \
	"wrong_route: 10.99.0.2 routes via wrongdev, ping fails, frames leave on wrongdev"
PERF_TIMEOUT=$FT bw 1 1 10.99.0.2
rc=$?
show_out 4
ok "$( [ $rc != 0 ]; echo $?)" "wrong_route: ib_write_bw whose TCP exchange goes to 10.99.0.2 fails (rc $rc)"
unfault_wrong_route
undo_check wrong_route

# --- two RDMA interfaces in one subnet.
fault_two_ifaces
routes=$(ip -4 route show 10.99.0.0/24 | wc -l)
devs=$(rdma link show | grep -c 'netdev veth[02] ')
ip -4 route show 10.99.0.0/24 | diag "$(cat)"
ok "$( [ "$routes" -ge 2 ] && [ "$devs" = 2 ] && lab_port_active rxe2; echo $?)" \
	"two_ifaces: rxe0 and rxe2 ACTIVE, two connected routes for 10.99.0.0/24"
unfault_two_ifaces
undo_check two_ifaces
