#!/bin/bash
# SPDX-License-Identifier: MIT
# 20-rocescope.sh - rocescope on real RDMA devices: `devices` and `gids`
# (text and --json) agree with ibv_devinfo -v and sysfs on rxe0/rxe1, the GID
# it recommends is index 1 (the IPv4 RoCE v2 entry; a run with -x 1 works),
# `counters --interval 1` shows the rxe hw_counters moving during an
# ib_write_bw run, and `snapshot` records the lab.  A subcommand this build
# does not have yet is reported as skipped, with its name.
. /lab-guest/tap.sh
plan 13
R=$ROCESCOPE

need() { # need CMD N - skip N results when rocescope lacks CMD
	rs_has_cmd "$1" && return 0
	local i
	for ((i = 0; i < $2; i++)); do skip "rocescope has no '$1' command yet"; done
	return 1
}
# jq_has FILE FILTER - FILTER (jq -e) holds on FILE
jq_has() { jq -e "$2" "$1" >/dev/null 2>&1; }
# All values of keys matching a regex, anywhere in the document.
vals() { echo "[.. | objects | to_entries[] | select(.key | test(\"$1\")) | .value]"; }

ok "$("$R" --help >"$LAB_T/help" 2>&1; echo $?)" "rocescope --help runs in the VM (libraries resolve)"
diag "$(grep -A20 '^Commands:' "$LAB_T/help" | sed -n '2,/^$/p' | tr -s ' ' | tr '\n' ';')"

if need devices 4; then
	timeout 30 "$R" devices >"$LAB_T/dev.txt" 2>&1
	rc=$?
	diag_file "$LAB_T/dev.txt" 10
	ok "$( [ $rc = 0 ] && grep -qw rxe0 "$LAB_T/dev.txt" && grep -qw rxe1 "$LAB_T/dev.txt"; echo $?)" \
		"devices: lists rxe0 and rxe1"
	ok "$(grep -q ACTIVE "$LAB_T/dev.txt" && grep -qw 1024 "$LAB_T/dev.txt"; echo $?)" \
		"devices: shows port state ACTIVE and active MTU 1024 (ibv_devinfo: PORT_ACTIVE, 1024)"
	timeout 30 "$R" --json devices >"$LAB_T/dev.json" 2>"$LAB_T/dev.err"
	rc=$?
	ok "$( [ $rc = 0 ] && jq -e . "$LAB_T/dev.json" >/dev/null &&
		jq_has "$LAB_T/dev.json" '[.. | strings] | (index("rxe0") != null and index("rxe1") != null)'; echo $?)" \
		"devices --json: valid JSON naming rxe0 and rxe1"
	ok "$(jq_has "$LAB_T/dev.json" "$(vals '^active_mtu$') | index(1024) != null" &&
		jq_has "$LAB_T/dev.json" "$(vals '^(state_name|state)$') | (index(\"ACTIVE\") != null or index(4) != null)"; echo $?)" \
		"devices --json: active_mtu 1024 and state ACTIVE, as ibv_devinfo says"
fi

if need gids 4; then
	timeout 60 "$R" gids >"$LAB_T/gids.txt" 2>&1
	rc=$?
	diag_file "$LAB_T/gids.txt" 12
	ok "$( [ $rc = 0 ] && grep -q '10\.99\.0\.1' "$LAB_T/gids.txt" && grep -q '10\.99\.0\.2' "$LAB_T/gids.txt" &&
		grep -q 'v2' "$LAB_T/gids.txt"; echo $?)" \
		"gids: shows the IPv4 RoCE v2 entries of rxe0 (10.99.0.1) and rxe1 (10.99.0.2)"
	ok "$(grep -qE -- '-x 1\b' "$LAB_T/gids.txt"; echo $?)" "gids: recommends -x 1"
	timeout 60 "$R" --json gids >"$LAB_T/gids.json" 2>"$LAB_T/gids.err"
	rc=$?
	# sysfs is the reference: index 1 of rxe0 is the IPv4-mapped 10.99.0.1.
	ref=$(lab_gid rxe0 1)
	ok "$( [ $rc = 0 ] && jq_has "$LAB_T/gids.json" \
		"[.. | objects | select(.index? == 1) | [.. | strings] | (index(\"$ref\") != null or index(\"10.99.0.1\") != null or index(\"::ffff:10.99.0.1\") != null)] | any" &&
		jq_has "$LAB_T/gids.json" "[.. | objects | select(.index? == 0)] | length > 0"; echo $?)" \
		"gids --json: index 0 present, index 1 is ::ffff:10.99.0.1 ($ref in sysfs)"
	ok "$(jq_has "$LAB_T/gids.json" "$(vals 'recommend') | [.. | numbers] | index(1) != null"; echo $?)" \
		"gids --json: the recommended index is 1"
fi

if need counters 2; then
	timeout 120 ib_write_bw -d rxe1 -x 1 -D 8 -F >"$LAB_T/srv.out" 2>&1 &
	spid=$!
	lab_wait 10 sh -c "netstat -ltn | grep -q ':18515 '"
	timeout 120 ib_write_bw -d rxe0 -x 1 -D 8 -F 10.99.0.2 >"$LAB_T/cli.out" 2>&1 &
	cpid=$!
	sleep 2
	timeout 60 "$R" counters --interval 1 --count 4 >"$LAB_T/cnt.txt" 2>&1
	rc=$?
	timeout 60 "$R" --json counters --interval 1 --count 2 >"$LAB_T/cnt.json" 2>&1
	jrc=$?
	wait $cpid $spid
	diag_file "$LAB_T/cnt.txt" 15
	# A sent_pkts/rcvd_pkts line with a non-zero number after the name.
	ok "$( [ $rc = 0 ] && grep -E 'sent_pkts|rcvd_pkts' "$LAB_T/cnt.txt" |
		grep -qE '(sent|rcvd)_pkts[^0-9]*([1-9][0-9]*|[0-9]+\.[0-9]*[1-9])'; echo $?)" \
		"counters --interval 1: non-zero sent_pkts/rcvd_pkts rate during ib_write_bw"
	ok "$( [ $jrc = 0 ] && jq -s -e 'length > 0' "$LAB_T/cnt.json" >/dev/null &&
		jq -s -e '[.. | objects | to_entries[] | select(.key | test("rate")) | .value | numbers] | any(. > 0)' "$LAB_T/cnt.json" >/dev/null; echo $?)" \
		"counters --json: some rate is > 0 during the run"
fi

if need snapshot 2; then
	timeout 120 "$R" snapshot >"$LAB_T/snap.yaml" 2>"$LAB_T/snap.err"
	rc=$?
	ok "$( [ $rc = 0 ] && grep -q 'rxe0' "$LAB_T/snap.yaml" && grep -q 'veth0' "$LAB_T/snap.yaml"; echo $?)" \
		"snapshot: records rxe0 and its netdev veth0"
	timeout 60 "$R" --load "$LAB_T/snap.yaml" gids >"$LAB_T/gids-loaded.txt" 2>&1
	ok "$(grep -q '10\.99\.0\.1' "$LAB_T/gids-loaded.txt"; echo $?)" \
		"snapshot: loaded back, gids still shows 10.99.0.1"
fi
