#!/bin/bash
# SPDX-License-Identifier: MIT
# 66-console-tests.sh - the console's Tests pane and the wizard's test steps
# on real Soft-RoCE devices (rxe0 -> rxe1):
#   - records a bandwidth and a latency run with --json-lines and the time
#     each line came (profiles/demo/README.tests: the demo replays them;
#     /lab/out/test-{bw,lat}.jsonl, kept with run.sh --keep);
#   - in a real terminal (tmux, 80x24), with `rocescope serve` on rxe1, the
#     Tests pane runs bw and lat to 10.99.0.2 (the peer asked once, the
#     options typed) and shows both ends, the figures and the outcome;
#   - `check --tree connection-failure --peer 10.99.0.2 -x 1` with a plain
#     `rocescope serve` running passes its ping-pong step (serve does not
#     count the control-port probe as a test), low-bandwidth's bandwidth
#     step runs a real test, and without a server first-time-setup's
#     ping-pong step fails with the mapped "nobody listens" message.
# Every wait is a bounded poll.
. /lab-guest/tap.sh
plan 11
. /lab-guest/console.sh
R=$ROCESCOPE
rs_has_cmd bw || skip_all "rocescope has no bw command"
listening() { netstat -ltn 2>/dev/null | grep -q ":${1:-18515} "; }
# serve_bg [N]: rocescope serve on rxe1 for N tests, in the background
serve_bg() {
	timeout 240 "$R" serve -d rxe1 --timeout 200 --count "${1:-1}" >"$LAB_T/srv.out" 2>&1 &
	spid=$!
	lab_wait 60 listening || diag "serve does not listen: $(cat "$LAB_T/srv.out")"
}
serve_end() { kill "$spid" 2>/dev/null; wait "$spid" 2>/dev/null; }

# --- recordings for the demo
# record FILE ARGS... - `rocescope ARGS --json-lines`, each line after the
# seconds since the start when it came (bash's microsecond clock).
record() {
	local f=$1 t0 now d l
	shift
	serve_bg
	t0=${EPOCHREALTIME/./}
	{
		echo "# label: a lab run (Soft-RoCE rxe0 -> rxe1 under QEMU, recorded $(date -u +%F)) | rocescope $*"
		echo "# tests/lab/tests/66-console-tests.sh: seconds since the start as each line came, the line"
		timeout 120 "$R" "$@" --json-lines 2>"$LAB_T/rec.err" | while IFS= read -r l; do
			now=${EPOCHREALTIME/./}
			d=$((now - t0))
			printf '%d.%03d %s\n' $((d / 1000000)) $(((d % 1000000) / 1000)) "$l"
		done
	} >"$f"
	wait $spid
}
record /lab/out/test-bw.jsonl bw 10.99.0.2 -d rxe0 -D 8 --interval 0.5
ok "$(grep -c '"type":"interval"' /lab/out/test-bw.jsonl | grep -qv '^[0-4]$' &&
	tail -n1 /lab/out/test-bw.jsonl | grep -q '"type":"end"'; echo $?)" \
	"recorded: bw -D 8 with its interval lines, ending with end"
record /lab/out/test-lat.jsonl lat 10.99.0.2 -d rxe0 -D 5 --interval 0.5
ok "$(grep -q '"type":"result","test":"lat"' /lab/out/test-lat.jsonl &&
	tail -n1 /lab/out/test-lat.jsonl | grep -q '"type":"end"'; echo $?)" \
	"recorded: lat -D 5 with its result, ending with end"

# --- the Tests pane, 80x24
erase() { local i; for ((i = 0; i < $1; i++)); do keys BSpace; done; }
serve_bg 2
console_start 80 24
diag_file "$LAB_T/tmux.err" 4
# Start-up reads every GID slot (1024 on rxe) under TCG: allow it 60 s.
wait_for 60 'Ports \(2\)' && keys 9 && wait_for 10 'No test yet' && keys b
wait_for 10 'Peer IP \(rocescope serve runs there\)' && keys 10.99.0.2 Enter
wait_for 10 'bw options' && erase 6 && keys -- '-D 4 --interval 0.5' Enter
wait_for 60 '^ running bw to 10\.99\.0\.2 for 4 s, 64 KiB messages'
ok $? "b: the peer asked once, the options typed; the pane says what runs"
[ $? = 0 ] || show_screen
wait_for 60 '^ device +rxe0 port 1, GID 1 RoCE v2 +rxe1 port 1, GID 1 RoCE v2' &&
	grep -Eq '^ address +10\.99\.0\.1 on veth0 +10\.99\.0\.2 on veth1' "$LAB_T/screen"
ok $? "both ends' views side by side (rxe0 here, rxe1 there)"
wait_for 90 '^ PASS  the bandwidth test passed \(exit 0\)' &&
	grep -Eq '^ bandwidth [0-9.]+ Gb/s average, [0-9.]+ Gb/s peak' "$LAB_T/screen" &&
	grep -Eq ' [0-9]+ intervals$' "$LAB_T/screen"
r=$?
grep -E '^ (bandwidth|PASS|FAIL)|intervals$' "$LAB_T/screen" | diag "$(cat)"
ok $r "the bandwidth test passes: its figures, its graph's intervals"
[ $r = 0 ] || show_screen
keys l
wait_for 10 'lat options' && erase 6 && keys -- '-n 2000' Enter
wait_for 90 '^ PASS  the latency test passed \(exit 0\)' &&
	grep -Eq '^ latency \(one way, us\): min [0-9.]+  median [0-9.]+  avg [0-9.]+' "$LAB_T/screen" &&
	grep -Eq '^   p99 [0-9.]+  max [0-9.]+   2000 round trips of 2 B' "$LAB_T/screen"
r=$?
grep -E '^ (latency|   p99|PASS|FAIL)' "$LAB_T/screen" | diag "$(cat)"
ok $r "l: the latency test passes: min, median, average, p99, max of 2000 round trips"
[ $r = 0 ] || show_screen
serve_end
console_quit
ok $? "console: q ends the process, exit status 0"

# --- the wizard's test steps, from the command line
step_verdict() { awk -v id="$1" '$3 == id { print $2; exit }' "$LAB_T/tree.out"; }
tree() { # tree NAME ARGS...
	timeout 240 "$R" check --tree "$@" >"$LAB_T/tree.out" 2>"$LAB_T/tree.err"
	RC=$?
	diag_file "$LAB_T/tree.out" 6
}
serve_bg 1
tree connection-failure --peer 10.99.0.2 -x 1
serve_end
ok "$( { [ $RC = 0 ] || [ $RC = 3 ]; } && [ "$(step_verdict control-port)" = PASS ] &&
	[ "$(step_verdict pingpong)" = PASS ] &&
	grep -Eq 'the ping-pong completed: 100 round trips of 2 B, one-way latency median' "$LAB_T/tree.out"; echo $?)" \
	"check --tree connection-failure -x 1, one plain serve: control port and ping-pong pass"
grep -q 'client 1: connected and closed without a word' "$LAB_T/srv.out" &&
	grep -q 'client 1: test done' "$LAB_T/srv.out"
ok $? "serve did not count the control-port probe as its one test"
diag_file "$LAB_T/srv.out" 4
serve_bg 1
tree low-bandwidth --peer 10.99.0.2
serve_end
ok "$( { [ $RC = 0 ] || [ $RC = 3 ]; } && [ "$(step_verdict bandwidth)" = SKIP ] &&
	grep -Eq 'bandwidth [0-9.]+ Gb/s, not judged: rxe0 is software RoCE' "$LAB_T/tree.out" &&
	grep -q 'running the bandwidth test towards 10.99.0.2' "$LAB_T/tree.err"; echo $?)" \
	"low-bandwidth: the bandwidth step runs a real test (rxe: shown, not judged)"
tree first-time-setup --peer 10.99.0.2
ok "$( [ $RC = 1 ] && [ "$(step_verdict pingpong)" = FAIL ] &&
	grep -q 'the latency test failed: control port unreachable' "$LAB_T/tree.out" &&
	grep -q 'rocescope serve' "$LAB_T/tree.out"; echo $?)" \
	"no server: the ping-pong step fails with the mapped message (start rocescope serve)"
grep -A3 ' pingpong ' "$LAB_T/tree.out" | diag "$(cat)"
