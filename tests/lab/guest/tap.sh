# SPDX-License-Identifier: MIT
# tests/lab/guest/tap.sh - TAP helpers and RDMA run helpers for lab tests.
#
# Sourced by every file in tests/lab/tests/ inside the VM.  Same shape as
# tests/lib.sh (plan/ok/skip/diag) plus helpers that run perftest and
# rocescope with a timeout each: under TCG on a shared host nothing may wait
# forever (perftest uses retry_cnt 7, which on rxe retries forever).
. /lab-guest/setup.sh
. /lab-guest/faults.sh

rs_n=0
plan() { echo "1..$1"; }
ok() { # ok STATUS DESCRIPTION
	rs_n=$((rs_n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $rs_n - $2"; else echo "not ok $rs_n - $2"; fi
}
skip() { rs_n=$((rs_n + 1)); echo "ok $rs_n # SKIP $1"; }
skip_all() { echo "1..0 # SKIP $1"; exit 0; }
diag() { local l; while IFS= read -r l; do printf '# %s\n' "$l"; done <<<"$*"; }
# diag_file FILE [N] - last N lines of FILE as TAP comments
diag_file() { tail -n "${2:-12}" "$1" 2>/dev/null | sed 's/^/#   /'; }

ROCESCOPE=${ROCESCOPE:-/usr/local/bin/rocescope}
LAB_T=${LAB_T:-/tmp/labt.$$}
mkdir -p "$LAB_T"

# rs_has_cmd NAME - does this rocescope build offer the subcommand?
rs_has_cmd() { "$ROCESCOPE" --help 2>&1 | grep -qE "^  $1( |$)"; }

# counter DEV NAME - one rxe hw counter
counter() { cat "/sys/class/infiniband/$1/ports/1/hw_counters/$2" 2>/dev/null || echo 0; }

# perf_pair TOOL SRV_ARGS -- CLI_ARGS : server on rxe1, client on rxe0 to
# 10.99.0.2, each under its own timeout.  Output in $LAB_T/srv.out and
# $LAB_T/cli.out; returns the client's exit status (124: timed out).
# PERF_TIMEOUT (default 60 s) bounds each side.
perf_pair() {
	local tool=$1 srv=() cli=() spid rc
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do srv+=("$1"); shift; done
	[ $# -gt 0 ] && shift
	cli=("$@")
	timeout "${PERF_TIMEOUT:-60}" $tool "${srv[@]}" >"$LAB_T/srv.out" 2>&1 &
	spid=$!
	# Wait until the server listens on its TCP control port.
	lab_wait 10 sh -c "netstat -ltn 2>/dev/null | grep -q ':${PERF_PORT:-18515} '"
	timeout "${PERF_TIMEOUT:-60}" $tool "${cli[@]}" >"$LAB_T/cli.out" 2>&1
	rc=$?
	wait $spid
	PERF_SRV_RC=$?
	return $rc
}

# bw SERVER_GID CLIENT_GID CONTROL_ADDR [EXTRA...] - one ib_write_bw run of
# LAB_ITERS (300) 64 KiB writes, rxe1 serving and rxe0 connecting to
# CONTROL_ADDR (10.99.0.2 sends the TCP exchange across the veth; 127.0.0.1
# keeps it on lo so a fault only hits the RDMA path).
LAB_ITERS=${LAB_ITERS:-300}
bw() {
	local sg=$1 cg=$2 addr=$3
	shift 3
	perf_pair ib_write_bw -d rxe1 -x "$sg" -n "$LAB_ITERS" -F "$@" -- \
		-d rxe0 -x "$cg" -n "$LAB_ITERS" -F "$@" "$addr"
}
# healthy_bw - the reference run every undo must get back to.
healthy_bw() { PERF_TIMEOUT=${PERF_TIMEOUT:-90} bw 1 1 10.99.0.2; }
# traffic_start / traffic_stop - RDMA traffic rxe0 -> rxe1 that lasts as
# long as a test needs it, however slow the machine: ib_write_bw runs of
# 4 s, one after the other, until traffic_stop.  traffic_stop waits for the
# run in progress and sets TRAFFIC_RUNS (runs done) and TRAFFIC_BAD (runs
# whose client or server failed; the last failure's client output is in
# $LAB_T/traffic-failed.out).  A test waits for the state it needs (a
# counter that moved, a rate on the screen), never for a duration.
traffic_loop() {
	local i=0 c
	while [ ! -e "$LAB_T/traffic.stop" ]; do
		i=$((i + 1))
		PERF_TIMEOUT=90 perf_pair ib_write_bw -d rxe1 -x 1 -D 4 -F -- \
			-d rxe0 -x 1 -D 4 -F 10.99.0.2
		c=$?
		echo "$i $c $PERF_SRV_RC" >>"$LAB_T/traffic.runs"
		[ $c = 0 ] && [ "$PERF_SRV_RC" = 0 ] || cp "$LAB_T/cli.out" "$LAB_T/traffic-failed.out"
	done
}
traffic_start() {
	rm -f "$LAB_T/traffic.stop"
	: >"$LAB_T/traffic.runs"
	traffic_loop &
	TRAFFIC_PID=$!
}
traffic_stop() {
	touch "$LAB_T/traffic.stop"
	wait "$TRAFFIC_PID"
	TRAFFIC_RUNS=$(wc -l <"$LAB_T/traffic.runs")
	TRAFFIC_BAD=$(awk '$2 != 0 || $3 != 0' "$LAB_T/traffic.runs" | wc -l)
	[ "$TRAFFIC_BAD" = 0 ] || { diag "a traffic run failed (client):"; diag_file "$LAB_T/traffic-failed.out" 6; }
}
# out_has REGEX - did the client or server print it?
out_has() { cat "$LAB_T/cli.out" "$LAB_T/srv.out" 2>/dev/null | grep -qE "$1"; }
show_out() {
	echo "# client:"; diag_file "$LAB_T/cli.out" "${1:-8}"
	echo "# server:"; diag_file "$LAB_T/srv.out" "${1:-8}"
}
