#!/bin/sh
# SPDX-License-Identifier: MIT
# test_exporter.sh - `rocescope exporter`: its output passes `promtool check
# metrics` (demo, every fixture root, the live host, and as served), the
# OpenMetrics form passes the strict parser of python3-prometheus-client,
# many parallel scrapes while a --root tree's counters move (every scrape
# whole, every value never going down, the last value exact), hostile
# clients (slowloris, a huge request line, garbage, a client that never
# reads, more connections than the cap) neither stall nor crash it, its
# memory stays bounded, and it ends cleanly on SIGTERM.  Every wait is a
# bounded poll for a state; only loopback addresses are used.
. "$top_srcdir/tests/lib.sh"

R=$ROCESCOPE
C=$top_builddir/tests/scrape_client
FX=$top_srcdir/tests/fixtures
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-exp-$$.XXXXXX") || exit 1
EXP=
stop_exporter() {
	[ -n "$EXP" ] || return 0
	kill -TERM "$EXP" 2>/dev/null
	wait "$EXP"
	EXP_RC=$?
	EXP=
}
trap 'stop_exporter; rm -rf "$T"' EXIT

plan 31

PROMTOOL=$(command -v promtool)
# The strict OpenMetrics parser: Debian's python3-prometheus-client.
OMPY=
for py in /usr/bin/python3 python3; do
	if command -v "$py" >/dev/null &&
		"$py" -c 'import prometheus_client.openmetrics.parser' 2>/dev/null; then
		OMPY=$py
		break
	fi
done

promcheck() { # promcheck FILE DESCRIPTION
	if [ -z "$PROMTOOL" ]; then
		skip "$2: promtool is not installed (Debian package prometheus)"
		return
	fi
	"$PROMTOOL" check metrics <"$1" >"$T/promtool.out" 2>&1
	ok $? "$2"
	[ -s "$T/promtool.out" ] && diag "$(head -5 "$T/promtool.out")"
}

# start_exporter ARGS... - in the background on a free loopback port; waits
# (bounded) for the line that names the address, sets ADDR and EXP.
VG=
NSTART=0
start_exporter() {
	# a file of its own: the background shell may not have created (or
	# truncated) it yet when the loop below first reads it
	NSTART=$((NSTART + 1))
	err=$T/exp.$NSTART.err
	: >"$err"
	$VG "$R" "$@" 2>>"$err" &
	EXP=$!
	i=0
	ADDR=
	while [ $i -lt 300 ] && [ -z "$ADDR" ]; do
		ADDR=$(sed -n 's|.*exporter on http://\([^/]*\)/metrics.*|\1|p' "$err")
		[ -n "$ADDR" ] || { kill -0 "$EXP" 2>/dev/null || break; sleep 0.1; }
		i=$((i + 1))
	done
	[ -n "$ADDR" ] || { diag "exporter did not start: $(cat "$err")"; return 1; }
}

# --- the text, from every source ------------------------------------------
$R --demo exporter --once >"$T/demo.prom" 2>"$T/err"
ok $? "exporter --once on the demo exits 0"
promcheck "$T/demo.prom" "promtool check metrics passes on the demo host's metrics"
bad=0
for root in "$FX"/*/; do
	[ -d "$root/sys/class/infiniband" ] || continue
	$R --root "$root" exporter --once >"$T/fx.prom" 2>>"$T/err" || bad=1
	if [ -n "$PROMTOOL" ]; then
		"$PROMTOOL" check metrics <"$T/fx.prom" >"$T/promtool.out" 2>&1 ||
			{ bad=1; diag "$root: $(head -3 "$T/promtool.out")"; }
	fi
done
ok $bad "exporter --once on every fixture root${PROMTOOL:+ passes promtool}"
$R exporter --once >"$T/live.prom" 2>"$T/err"
ok $? "exporter --once on the live host exits 0"
promcheck "$T/live.prom" "promtool check metrics passes on the live host's metrics"
promcheck "$FX/rdma-netlink/busy/metrics.prom" \
	"promtool check metrics passes on a real RDMA host's metrics (rxe, during ib_write_bw, from the lab)"
$R exporter --listen nowhere >/dev/null 2>"$T/err"
[ $? -eq 1 ] && grep -q 'nowhere: not ADDR:PORT' "$T/err"
ok $? "a bad --listen: exit 1, says what is expected"

# The default: the loopback only, port 9479 (in a network namespace of its
# own, so nothing else on this machine can hold the port).
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null && unshare -n true 2>/dev/null; then
	unshare -n sh -c 'ip link set lo up 2>/dev/null
		"$0" --demo exporter 2>"$1/def.err" & p=$!
		i=0
		until grep -q "exporter on" "$1/def.err" || [ $i -ge 300 ]; do sleep 0.1; i=$((i + 1)); done
		"$2" 127.0.0.1:9479 get /metrics >/dev/null 2>&1
		r=$?
		kill $p
		wait $p
		exit $r' "$R" "$T" "$C"
	ok "$(  [ $? = 0 ] && grep -q 'exporter on http://127.0.0.1:9479/metrics' "$T/def.err"; echo $?)" \
		"by default it listens on 127.0.0.1:9479"
else
	skip "default address: needs root and unshare for a network namespace of its own"
fi

# --- served, on the demo ----------------------------------------------------
if start_exporter --demo exporter --listen 127.0.0.1:0 --interval 0.2 --timeout 1 \
	--max-connections 8; then
	# wait for a reading: rates appear after the first refresh
	i=0
	until "$C" "$ADDR" get /metrics >"$T/served.prom" 2>/dev/null &&
		grep -q '^rocescope_port_transmit_bytes_per_second{device="mlx5_0",port="1"} 4[0-9]00000000$' "$T/served.prom" ||
		[ $i -ge 300 ]; do sleep 0.1; i=$((i + 1)); done
	grep -q '^rocescope_port_transmit_bytes_per_second{device="mlx5_0",port="1"} 4[0-9]00000000$' "$T/served.prom"
	ok $? "GET /metrics serves the demo's rates (exact: 4.1e9 + 1e8 per tick)"
	# The QP top list: mlx5_1's QP 420 retransmits 5/s by its own counter,
	# its two QPs in ERR; the NIC's health beside it.
	grep -q '^rocescope_qp_errors_per_second{device="mlx5_1",port="1",lqpn="420",pid="51002",comm="python3",kind="retrans",source="qp"} 5$' "$T/served.prom" &&
		grep -q '^rocescope_qp_error_state_seconds{device="mlx5_1",port="1",lqpn="429",' "$T/served.prom" &&
		grep -q '^rocescope_nic_health_reporter_errors_total{netdev="ens1f1np1",reporter="tx",port="65535"} 3$' "$T/served.prom" &&
		grep -q '^rocescope_nic_module_flag{netdev="ens1f1np1",flag="rx power low",lane="3",severity="warning"} 1$' "$T/served.prom" &&
		grep -q '^rocescope_nic_fec_uncorrectable_blocks_total{netdev="ens1f1np1"} 2' "$T/served.prom"
	ok $? "the QP top list (retransmits of QP 420, the QPs in ERR) and the NIC's health"
	promcheck "$T/served.prom" "promtool check metrics passes on the served metrics"
	"$C" "$ADDR" get /metrics om >"$T/served.om" 2>/dev/null
	if [ -n "$OMPY" ]; then
		"$OMPY" -c 'import sys
from prometheus_client.openmetrics.parser import text_string_to_metric_families as p
n = len(list(p(open(sys.argv[1]).read())))
print(n, "families")' "$T/served.om" >"$T/om.out" 2>&1 && tail -c 6 "$T/served.om" | grep -q '^# EOF$'
		ok $? "Accept: application/openmetrics-text: the strict OpenMetrics parser reads it ($(cat "$T/om.out" | tail -1))"
	else
		skip "OpenMetrics: python3-prometheus-client is not installed"
	fi
	"$C" "$ADDR" get / >"$T/page" 2>/dev/null && grep -q 'href="/metrics"' "$T/page"
	ok $? "GET / is a short page pointing to /metrics"
	printf 'DELETE /metrics HTTP/1.1\r\nHost: a\r\n\r\n' | "$C" "$ADDR" raw >"$T/raw" 2>&1
	grep -q '^HTTP/1.1 405 Method Not Allowed$' "$T/raw" &&
		printf 'GET /nope HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n' | "$C" "$ADDR" raw | grep -q '^HTTP/1.1 404 Not Found$'
	ok $? "other methods 405, other paths 404"

	# Request smuggling (RFC 9112 6.3): framing a proxy could read otherwise
	# is refused and the connection closed (raw exits 0 only on a close).
	smug() { # smug STATUS REQUEST: the answer is STATUS, then a close
		printf "$2" | timeout 60 "$C" "$ADDR" raw >"$T/smug" 2>&1 &&
			grep -q "^HTTP/1.1 $1 " "$T/smug" || { diag "$2: $(cat "$T/smug")"; return 1; }
	}
	smug 400 'GET /metrics HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello' &&
		smug 400 'GET /metrics HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 5\r\n\r\nhello' &&
		smug 400 'GET /metrics HTTP/1.1\r\nHost: a\r\nContent-Length: x\r\n\r\n' &&
		smug 400 'GET /metrics HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n' &&
		smug 501 'GET /metrics HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n' &&
		smug 400 'GET /metrics HTTP/1.1\r\nHost : a\r\n\r\n' &&
		smug 400 'GET /metrics HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n' &&
		smug 400 'GET /metrics HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n' &&
		smug 400 'GET /metrics HTTP/1.1\r\nX-A: b\rc\r\nHost: a\r\n\r\n' &&
		smug 400 'GET /metrics HTTP/1.1\r\n\r\n' &&
		smug 200 'GET http://a/metrics HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhi'
	ok $? "two Content-Lengths, a list, TE with CL, a space before the colon, obs-fold, two Hosts, a bare CR, no Host: 400; TE: 501; each closed"

	# --- hostile clients, while good ones scrape -------------------------
	"$C" "$ADDR" slow 6 >"$T/slow" 2>&1 &
	slow=$!
	timeout 120 "$C" "$ADDR" load 2 100 >"$T/load" 2>&1
	lrc=$?
	wait $slow
	src=$?
	ok "$( [ $lrc = 0 ] && [ $src = 0 ]; echo $?)" \
		"6 slowloris connections are dropped at the timeout ($(cat "$T/slow")) while 200 scrapes pass"
	head -c 100000 /dev/zero | tr '\0' a | timeout 60 "$C" "$ADDR" raw >"$T/raw" 2>&1
	ok "$(grep -q '^HTTP/1.1 431 ' "$T/raw"; echo $?)" "a 100 kB request line: 431 and the connection closed"
	printf 'GET /%s HTTP/1.1\r\n\r\n' "$(head -c 600 /dev/zero | tr '\0' b)" |
		timeout 60 "$C" "$ADDR" raw >"$T/raw" 2>&1
	ok "$(grep -q '^HTTP/1.1 414 ' "$T/raw"; echo $?)" "a path past 256 bytes: 414 and closed"
	{ head -c 3000 /dev/urandom; printf '\r\n\r\n'; } | timeout 60 "$C" "$ADDR" raw >"$T/raw" 2>&1
	r1=$?
	printf 'hello\0world\r\n\r\n' | timeout 60 "$C" "$ADDR" raw >"$T/raw2" 2>&1
	ok "$( [ $r1 = 0 ] && grep -q '^HTTP/1.1 400 ' "$T/raw2"; echo $?)" \
		"garbage and NUL bytes: 400 (or closed), never a crash"
	timeout 120 "$C" "$ADDR" stall >"$T/stall" 2>&1
	ok $? "a client that never reads is dropped ($(cat "$T/stall"))"
	timeout 60 "$C" "$ADDR" cap 10 >"$T/cap" 2>&1 && grep -q '^over the cap: 503$' "$T/cap"
	ok $? "past --max-connections: 503, and served again once they close"
	"$C" "$ADDR" get /metrics >"$T/after" 2>/dev/null &&
		grep -Eq '^rocescope_exporter_timed_out_connections_total [1-9]' "$T/after" &&
		grep -Eq '^rocescope_exporter_rejected_connections_total [1-9]' "$T/after" &&
		grep -Eq '^rocescope_exporter_bad_requests_total [1-9]' "$T/after"
	ok $? "still serving after all that, and its own counters say what happened"
	stop_exporter
	ok "$EXP_RC" "SIGTERM: exit 0 (the sanitizer build: no leak either)"
else
	for i in $(seq 14); do skip "the exporter did not start"; done
fi

# --- parallel scrapes while a --root tree's counters move -----------------
cp -R "$FX/roce-rxe" "$T/root"
hw=$T/root/sys/class/infiniband/rxe0/ports/1/hw_counters
echo 1000 >"$hw/sent_pkts"
if start_exporter --root "$T/root" exporter --listen 127.0.0.1:0 --interval 0.2; then
	PFX='rocescope_port_roce_events_total{device="rxe0",port="1",counter="sent_pkts"} '
	rss0=$(awk '/^VmRSS/ { print $2 }' "/proc/$EXP/status")
	# the counter moves by renames (atomic, as sysfs reads are) while 8
	# clients scrape; every scrape is checked whole and never going down
	( v=1000; while [ $v -lt 1400 ]; do v=$((v + 1)); echo $v >"$hw/sent_pkts.t";
	  mv "$hw/sent_pkts.t" "$hw/sent_pkts"; done ) &
	writer=$!
	timeout 300 "$C" "$ADDR" load 8 250 "$PFX" >"$T/load" 2>&1
	lrc=$?
	wait $writer
	diag "$(cat "$T/load")"
	ok $lrc "8 clients x 250 scrapes while the counters move: all whole, none going down"
	i=0
	until "$C" "$ADDR" get /metrics 2>/dev/null | grep -qxF "${PFX}1400" || [ $i -ge 300 ]; do
		sleep 0.1; i=$((i + 1)); done
	"$C" "$ADDR" get /metrics >"$T/root.prom" 2>/dev/null
	grep -qxF "${PFX}1400" "$T/root.prom"
	ok $? "the last value written is served exactly after the next refresh"
	promcheck "$T/root.prom" "promtool check metrics passes on the --root tree's served metrics"
	timeout 300 "$C" "$ADDR" load 4 500 >/dev/null 2>&1
	rss1=$(awk '/^VmRSS/ { print $2 }' "/proc/$EXP/status")
	diag "VmRSS $rss0 kB after start, $rss1 kB after 4000 scrapes"
	if [ -n "$RS_SANITIZERS" ]; then
		skip "memory growth: ASan's quarantine holds freed memory (leaks are checked at exit)"
	else
		ok "$( [ $((rss1 - rss0)) -lt 4096 ]; echo $?)" \
			"memory bounded: VmRSS grew $((rss1 - rss0)) kB over 4000 scrapes (< 4 MiB)"
	fi
	stop_exporter
else
	for i in 1 2 3 4; do skip "the exporter did not start"; done
fi

# --- rates by meaning on every driver: the roce-vendors tree, moving ------
cp -R "$FX/roce-vendors" "$T/vend"
vib=$T/vend/sys/class/infiniband
if start_exporter --root "$T/vend" exporter --listen 127.0.0.1:0 --interval 0.2; then
	# bnxt_re counts bytes as tx_bytes, irdma as ip4OutOctets + ip6OutOctets,
	# hns only packets (its bytes are hns3's ethtool -S, the wire); qedr none:
	# each rate gauge comes from the counters of its meaning
	( while :; do
		for f in bnxt_re0/ports/1/hw_counters/tx_bytes irdma0/ports/1/hw_counters/ip4OutOctets \
			hns_0/ports/1/hw_counters/tx_pkt; do
			v=$(cat "$vib/$f") && echo $((v + 1000000)) >"$vib/$f.t" && mv "$vib/$f.t" "$vib/$f"
		done
		sleep 0.05
	done ) &
	writer=$!
	rated() {
		grep -Eq '^rocescope_port_transmit_bytes_per_second\{device="bnxt_re0",port="1"\} [1-9]' "$1" &&
			grep -Eq '^rocescope_port_transmit_bytes_per_second\{device="irdma0",port="1"\} [1-9]' "$1" &&
			grep -Eq '^rocescope_port_transmit_packets_per_second\{device="hns_0",port="1"\} [1-9]' "$1" &&
			grep -Eq '^rocescope_port_transmit_utilization_ratio\{device="bnxt_re0",port="1"\} [0-9]' "$1" &&
			! grep -q '^rocescope_port_transmit_bytes_per_second{device="qedr0"' "$1"
	}
	i=0
	until "$C" "$ADDR" get /metrics >"$T/vend.prom" 2>/dev/null && rated "$T/vend.prom" ||
		[ $i -ge 300 ]; do sleep 0.1; i=$((i + 1)); done
	kill $writer
	wait $writer 2>/dev/null
	rated "$T/vend.prom"
	ok $? "rates by meaning: bnxt_re tx_bytes, irdma ip4+ip6 octets, hns packets; none for qedr"
	promcheck "$T/vend.prom" "promtool check metrics passes on every driver's served metrics"
	stop_exporter
else
	for i in 1 2; do skip "the exporter did not start"; done
fi

# --- valgrind: no invalid access, no leak, under scrapes and bad clients --
if [ -n "$RS_SANITIZERS" ]; then
	skip "valgrind: this is the sanitizer build (ASan checks instead)"
elif ! command -v valgrind >/dev/null; then
	skip "valgrind is not installed"
else
	VG="valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=9 \
--log-file=$T/vg.log"
	if start_exporter --demo exporter --listen 127.0.0.1:0 --interval 0.2 --timeout 1; then
		timeout 120 "$C" "$ADDR" load 2 20 >/dev/null 2>&1
		printf 'garbage\r\n\r\n' | timeout 60 "$C" "$ADDR" raw >/dev/null 2>&1
		timeout 60 "$C" "$ADDR" slow 2 >/dev/null 2>&1
		stop_exporter
		ok "$( [ "$EXP_RC" = 0 ] && [ ! -s "$T/vg.log" ]; echo $?)" \
			"valgrind: no error and no leak after scrapes, garbage and slowloris"
		[ -s "$T/vg.log" ] && diag "$(head -20 "$T/vg.log")"
	else
		skip "the exporter did not start under valgrind"
	fi
	VG=
fi

# --- the systemd unit the packages ship -----------------------------------
if command -v systemd-analyze >/dev/null; then
	sed "s|@BINDIR@|$top_builddir|g" "$top_srcdir/docs/packaging/rocescope-exporter.service.in" \
		>"$T/rocescope-exporter.service"
	systemd-analyze verify --man=no "$T/rocescope-exporter.service" >"$T/verify" 2>&1
	vrc=$?
	systemd-analyze security --offline=true --threshold=25 "$T/rocescope-exporter.service" \
		>"$T/security" 2>&1
	src=$?
	ok "$( [ $vrc = 0 ] && [ $src = 0 ]; echo $?)" \
		"the systemd unit verifies, and its exposure is low ($(tail -1 "$T/security" | sed 's/.*: \([0-9.]*\) \([A-Z]*\).*/\1 \2/'))"
	[ $vrc = 0 ] || diag "$(cat "$T/verify")"
else
	skip "the systemd unit: systemd-analyze is not installed"
fi
