#!/bin/bash
# SPDX-License-Identifier: MIT
# 35-explain.sh - `rocescope explain` on what the real tools print here.
# Each fault of faults.sh that fails fast is made again; the client's and
# the server's output, exactly as perftest 4.5 / ibv_rc_pingpong / rdma_cm
# printed them, go through `rocescope explain --json -`, which must name
# the entries of that fault (docs/explain.md, docs/lab.md has the table).
# A healthy run's output must be recognised as nothing (exit 1).  Faults
# that make the tools hang (MTU with rc_pingpong, bogus neighbour, ARP off)
# print nothing to explain and are left to 30-faults.sh.
. /lab-guest/tap.sh
plan 10
R=$ROCESCOPE
FT=${FAULT_TIMEOUT:-20}
LAB_ITERS=100

rs_has_cmd explain || skip_all "rocescope has no 'explain' command"

# explain_out [FILE...] - the outputs (default: client and server) through
# explain --json; sets XRC (its exit status) and XIDS (the ids, sorted,
# one space apart) and shows the text version as TAP comments.
explain_out() {
	local files=("$@")
	[ ${#files[@]} = 0 ] && files=("$LAB_T/cli.out" "$LAB_T/srv.out")
	cat "${files[@]}" 2>/dev/null | "$R" explain --json - >"$LAB_T/x.json" 2>"$LAB_T/x.err"
	XRC=$?
	XIDS=$(jq -r '.matches[].id' "$LAB_T/x.json" 2>/dev/null | sort -u | tr '\n' ' ')
	XIDS=${XIDS% }
	cat "${files[@]}" 2>/dev/null | "$R" explain - 2>&1 | grep -E '^(line |  [a-z_]+\.|  run:)' |
		head -n 12 | diag "$(cat)"
	# Error-like lines the tools printed that explain left alone (for the
	# record).  Each is tried alone: a match depends on its line only, and
	# a repeated message is reported once, at its first line.
	cat "${files[@]}" 2>/dev/null |
		grep -iE 'fail|couldn|unable|error|can.t|cannot|invalid|refused|timed out|incompat|not found|abort' |
		while IFS= read -r l; do
			printf '%s\n' "$l" | "$R" explain - >/dev/null 2>&1 ||
				printf '  not recognised: %s\n' "$l"
		done | head -n 16 | diag "$(cat)"
}
# has ID... - every ID among XIDS, and the JSON valid with tree and check set
has() {
	local id
	[ "$XRC" = 0 ] || return 1
	for id in "$@"; do
		jq -e --arg id "$id" 'any(.matches[]; .id == $id and (.tree | length > 0) and
			(.check | length > 0) and (.line > 0))' "$LAB_T/x.json" >/dev/null || return 1
	done
}

# --- healthy: nothing to explain.
healthy_bw
rc=$?
explain_out
ok "$( [ $rc = 0 ] && [ "$XRC" = 1 ] && [ -z "$XIDS" ]; echo $?)" \
	"healthy ib_write_bw (client and server output): nothing recognised, exit 1"

# --- no server on the control port.
fault_no_server
timeout $FT ib_write_bw -d rxe0 -x 1 -n $LAB_ITERS -F 10.99.0.2 >"$LAB_T/cli.out" 2>&1
: >"$LAB_T/srv.out"
explain_out
ok "$(has perftest.connect_failed perftest.socket_init; echo $?)" \
	"no_server: $XIDS"
unfault_no_server

# --- GID types differ: link-local on the server, IPv4 on the client.
fault_gid_mismatch
PERF_TIMEOUT=$FT bw $LAB_SRV_GID $LAB_CLI_GID 10.99.0.2
explain_out
ok "$(has perftest.gid_incompat; echo $?)" "gid_mismatch: $XIDS"
unfault_gid_mismatch

# --- an empty GID slot.
fault_gid_missing
PERF_TIMEOUT=$FT bw $LAB_SRV_GID $LAB_CLI_GID 10.99.0.2
explain_out
ok "$(has verbs.modify_qp_rtr perftest.connect_hca; echo $?)" "gid_missing: $XIDS"
unfault_gid_missing

# --- ibv_rc_pingpong without -g: RoCE needs a GID.
PERF_TIMEOUT=$FT perf_pair ibv_rc_pingpong -d rxe1 -n 5 -- -d rxe0 -n 5 10.99.0.2
explain_out
ok "$(has verbs.modify_qp_rtr; echo $?)" "rc_pingpong without -g: $XIDS"

# --- port down.
fault_port_down
port0_down() { ! lab_port_active rxe0; }
lab_wait 10 port0_down
PERF_TIMEOUT=$FT bw 1 1 127.0.0.1
explain_out
ok "$(has perftest.port_down verbs.no_context; echo $?)" "port_down: $XIDS"
unfault_port_down

# --- small memlock without CAP_IPC_LOCK on the client; the server sees
# the client go away during the key exchange.
timeout $FT ib_write_bw -d rxe1 -x 1 -n $LAB_ITERS -F >"$LAB_T/srv.out" 2>&1 &
spid=$!
lab_wait 10 sh -c "netstat -ltn | grep -q ':18515 '"
timeout $FT capsh --drop=cap_ipc_lock -- -c "ulimit -l 64 && exec ib_write_bw -d rxe0 -x 1 -n $LAB_ITERS -F 10.99.0.2" \
	>"$LAB_T/cli.out" 2>&1
wait $spid	# it ends on its own when the client goes (its timeout bounds it)
explain_out "$LAB_T/cli.out"
ok "$(has verbs.reg_mr perftest.ib_resources; echo $?)" "memlock, client: $XIDS"
tree=$(jq -r '[.matches[] | select(.id == "verbs.reg_mr")][0] | .tree + " " + .check' "$LAB_T/x.json")
diag "verbs.reg_mr -> $tree"
explain_out "$LAB_T/srv.out"
ok "$(has perftest.read_keys; echo $?)" "memlock, server (the peer of the failure): $XIDS"

# --- MTU 9000 on one end, 1500 on the other, -m 4096: perftest clamps.
fault_mtu
lab_wait 10 sh -c 'ibv_devinfo -d rxe0 | grep -q "active_mtu:.*4096"'
PERF_TIMEOUT=60 bw 1 1 10.99.0.2 -m 4096
explain_out
ok "$(has perftest.mtu_higher; echo $?)" "mtu: $XIDS"
unfault_mtu

# --- rdma_cm to an address in the subnet where no host answers ARP.
timeout 90 ib_write_bw -d rxe0 -x 1 -R -n 10 10.99.0.77 >"$LAB_T/cli.out" 2>&1
: >"$LAB_T/srv.out"
explain_out
ok "$(has rdma_cm.addr_error; echo $?)" "rdma_cm, no host at the peer address: $XIDS"
