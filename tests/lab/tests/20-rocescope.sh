#!/bin/bash
# SPDX-License-Identifier: MIT
# 20-rocescope.sh - rocescope on real RDMA devices.  The references are
# ibv_devinfo -v and sysfs (tests may read tool text; the product may not):
#   devices (text, --json): rxe0/rxe1, their netdevs, port state, active MTU;
#   gids (text, --json): every valid GID slot, index 1 = ::ffff:10.99.0.x
#     RoCE v2, index 0 = link-local, recommended index 1 - and an
#     ib_write_bw with the recommended -x really passes;
#   counters --interval 1: rxe hw_counters sent_pkts/rcvd_pkts rates > 0
#     while ib_write_bw runs;
#   snapshot: records the lab, and --load of it shows the same GIDs.
# A subcommand this build does not have is reported as skipped, by name.
. /lab-guest/tap.sh
plan 16
R=$ROCESCOPE

need() { # need CMD N - skip N results when rocescope lacks CMD
	rs_has_cmd "$1" && return 0
	local i
	for ((i = 0; i < $2; i++)); do skip "rocescope has no '$1' command yet"; done
	return 1
}
jqt() { jq -e "$@" >/dev/null 2>&1; }
# ibv_devinfo's view of one port field: devinfo DEV FIELD
devinfo() { ibv_devinfo -v -d "$1" 2>/dev/null | awk -v f="$2:" '$1 == f { print $2; exit }'; }
# Valid (non-zero) GID slots of DEV port 1, from sysfs in one process.
sysfs_gid_count() {
	(cd "/sys/class/infiniband/$1/ports/1/gids" && cat $(ls | sort -n)) 2>/dev/null |
		grep -vc '^0000:0000:0000:0000:0000:0000:0000:0000$'
}

"$R" --help >"$LAB_T/help" 2>&1
ok $? "rocescope --help runs in the VM (its libraries resolve)"

if need devices 4; then
	timeout 60 "$R" devices >"$LAB_T/dev.txt" 2>&1
	rc=$?
	diag_file "$LAB_T/dev.txt" 14
	ok "$( [ $rc = 0 ] && grep -q '^rxe0\b' "$LAB_T/dev.txt" && grep -q '^rxe1\b' "$LAB_T/dev.txt" &&
		grep -q 'netdev veth0' "$LAB_T/dev.txt" && grep -q 'netdev veth1' "$LAB_T/dev.txt"; echo $?)" \
		"devices: rxe0 on veth0 and rxe1 on veth1"
	ok "$( [ "$(grep -cE 'port 1 +ACTIVE' "$LAB_T/dev.txt")" = 2 ] &&
		[ "$(grep -c 'RoCE MTU 1024' "$LAB_T/dev.txt")" = 2 ]; echo $?)" \
		"devices: both ports ACTIVE, RoCE MTU 1024"
	timeout 60 "$R" --json devices >"$LAB_T/dev.json" 2>"$LAB_T/dev.err"
	rc=$?
	ok "$( [ $rc = 0 ] && jqt '[.devices[].name] | sort == ["rxe0", "rxe1"]' "$LAB_T/dev.json"; echo $?)" \
		"devices --json: valid JSON, devices rxe0 and rxe1 (as /sys/class/infiniband)"
	jq -c '.devices[] | {name, port: (.ports[0] | {state, state_name, active_mtu, link_layer, netdev})}' \
		"$LAB_T/dev.json" 2>&1 | diag "$(cat)"
	good=0
	for d in rxe0 rxe1; do
		st=$(devinfo $d state)		# PORT_ACTIVE
		mtu=$(devinfo $d active_mtu)	# 1024
		ll=$(devinfo $d link_layer)	# Ethernet
		diag "ibv_devinfo $d: state $st active_mtu $mtu link_layer $ll"
		jqt --arg d $d --argjson m "${mtu:-0}" --arg ll "$ll" '.devices[] | select(.name == $d) |
			.ports[0] | .state_name == "ACTIVE" and .state == 4 and .active_mtu == $m and
			.link_layer == $ll and .netdev == ("veth" + ($d | ltrimstr("rxe")))' "$LAB_T/dev.json" &&
			[ "$st" = PORT_ACTIVE ] || good=1
	done
	ok $good "devices --json: state, active_mtu, link_layer, netdev agree with ibv_devinfo -v"
fi

if need gids 6; then
	timeout 120 "$R" gids >"$LAB_T/gids.txt" 2>&1
	rc=$?
	diag_file "$LAB_T/gids.txt" 8
	ok "$( [ $rc = 0 ] && grep -qE '^rxe0 +1 +1 +0000:0000:0000:0000:0000:ffff:0a63:0001 +10\.99\.0\.1 +v2' "$LAB_T/gids.txt" &&
		grep -qE '^rxe1 +1 +1 +0000:0000:0000:0000:0000:ffff:0a63:0002 +10\.99\.0\.2 +v2' "$LAB_T/gids.txt"; echo $?)" \
		"gids: index 1 is the RoCE v2 entry of 10.99.0.1 (rxe0) and 10.99.0.2 (rxe1)"
	ok "$(grep -q 'rxe0 port 1: use GID index 1 .*ib_write_bw -x 1' "$LAB_T/gids.txt" &&
		grep -q 'rxe1 port 1: use GID index 1 .*ib_write_bw -x 1' "$LAB_T/gids.txt"; echo $?)" \
		"gids: recommends index 1 (ib_write_bw -x 1) on both"
	timeout 120 "$R" --json gids >"$LAB_T/gids.json" 2>"$LAB_T/gids.err"
	rc=$?
	good=0
	for d in rxe0 rxe1; do
		n_sys=$(sysfs_gid_count $d)
		n_js=$(jq --arg d $d '[.gids[] | select(.dev == $d)] | length' "$LAB_T/gids.json" 2>/dev/null)
		g0=$(lab_gid $d 0) g1=$(lab_gid $d 1)
		diag "$d: sysfs $n_sys valid GIDs, rocescope $n_js; 0=$g0 1=$g1"
		[ "$n_sys" = "$n_js" ] && jqt --arg d $d --arg g0 "$g0" --arg g1 "$g1" '
			([.gids[] | select(.dev == $d and .index == 0)][0] |
				.gid == $g0 and .type == "RoCE v2" and .ipv4 == false) and
			([.gids[] | select(.dev == $d and .index == 1)][0] |
				.gid == $g1 and .type == "RoCE v2" and .ipv4 == true)' "$LAB_T/gids.json" || good=1
	done
	ok "$( [ $rc = 0 ] && [ $good = 0 ]; echo $?)" \
		"gids --json: same valid slots as sysfs; index 0 link-local and index 1 IPv4, both RoCE v2"
	ok "$(jqt '[.gids[] | select(.recommended) | "\(.dev):\(.index)"] | sort == ["rxe0:1", "rxe1:1"]' "$LAB_T/gids.json"; echo $?)" \
		"gids --json: exactly one recommended entry per device, index 1"
	ok "$(jqt '[.gids[] | select(.index == 0)] | all(.trap)' "$LAB_T/gids.json"; echo $?)" \
		"gids --json: the link-local index 0 entries are flagged as traps"
	x0=$(jq -r '.gids[] | select(.dev == "rxe0" and .recommended) | .index' "$LAB_T/gids.json" 2>/dev/null)
	x1=$(jq -r '.gids[] | select(.dev == "rxe1" and .recommended) | .index' "$LAB_T/gids.json" 2>/dev/null)
	if [ -n "$x0" ] && [ -n "$x1" ]; then
		LAB_ITERS=100 PERF_TIMEOUT=90 bw "$x1" "$x0" 10.99.0.2
		ok $? "ib_write_bw with the recommended indexes (-x $x1 / -x $x0) passes"
	else
		ok 1 "ib_write_bw with the recommended indexes: rocescope recommended none"
	fi
fi

if need counters 2; then
	# Traffic for as long as the two counters runs take (traffic_start).
	s0=$(counter rxe0 sent_pkts)
	traffic_start
	lab_wait 120 sh -c "[ \"\$(cat /sys/class/infiniband/rxe0/ports/1/hw_counters/sent_pkts)\" -gt $s0 ]"
	timeout 120 "$R" counters --interval 1 --count 3 >"$LAB_T/cnt.txt" 2>&1
	rc=$?
	timeout 120 "$R" --json counters --interval 1 --count 2 >"$LAB_T/cnt.json" 2>&1
	jrc=$?
	traffic_stop
	grep -E 'rxe[01]/1 +hw_counters +(sent|rcvd)_pkts' "$LAB_T/cnt.txt" | head -n 6 | diag "$(cat)"
	sent=$(awk '$1 == "rxe0/1" && $2 == "hw_counters" && $3 == "sent_pkts" && $4 + 0 > 0' "$LAB_T/cnt.txt" | wc -l)
	rcvd=$(awk '$1 == "rxe1/1" && $2 == "hw_counters" && $3 == "rcvd_pkts" && $4 + 0 > 0' "$LAB_T/cnt.txt" | wc -l)
	ok "$( [ $rc = 0 ] && [ "$sent" -ge 1 ] && [ "$rcvd" -ge 1 ]; echo $?)" \
		"counters --interval 1: rxe0 sent_pkts and rxe1 rcvd_pkts rates > 0 during ib_write_bw"
	ok "$( [ $jrc = 0 ] && jqt '[.readings[].counters[] | select(.object == "rxe0" and .counter == "sent_pkts") | .rate] | any(. > 0)' "$LAB_T/cnt.json"; echo $?)" \
		"counters --json: rxe0 sent_pkts rate > 0"
fi

if need snapshot 3; then
	timeout 120 "$R" snapshot -o "$LAB_T/snap.yaml" >"$LAB_T/snap.out" 2>&1
	rc=$?
	ok "$( [ $rc = 0 ] && grep -q 'rxe0' "$LAB_T/snap.yaml" && grep -q 'veth0' "$LAB_T/snap.yaml"; echo $?)" \
		"snapshot -o: records rxe0 and its netdev veth0"
	timeout 60 "$R" --load "$LAB_T/snap.yaml" --json gids >"$LAB_T/gids-loaded.json" 2>&1
	ok "$(jqt --slurpfile live "$LAB_T/gids.json" '[.gids[] | {dev, index, gid, type}] == [$live[0].gids[] | {dev, index, gid, type}]' "$LAB_T/gids-loaded.json"; echo $?)" \
		"snapshot: loaded back, gids --json lists the same entries as live"
	ok "$(grep -A1 'name: rdma_rxe$' "$LAB_T/snap.yaml" | grep -q 'loaded: 1'; echo $?)" \
		"snapshot: records rdma_rxe as loaded"
fi
