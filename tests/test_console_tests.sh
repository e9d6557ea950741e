#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console_tests.sh - the console's Tests pane in a real terminal
# (tmux, 80x24): the demo's replays of a bandwidth and a latency run
# recorded in the Soft-RoCE lab (the replay label, both ends, a graph that
# moves, the figures, the outcome, again with Enter, stopped with k), the
# other panes live meanwhile, the wizard's test steps on the demo, a saved
# snapshot (tests need the live host), and a live host in two network
# namespaces without RDMA: the peer asked once, the options typed, the
# mapped failure (no device) in the pane with what to check, a child
# killed mid-run reported as such, k stopping one, the console running on;
# then the console under valgrind memcheck with the pane.  Every wait polls
# the screen.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"

R=$ROCESCOPE
skipn() { i=0; while [ $i -lt "$1" ]; do skip "$2"; i=$((i + 1)); done; }
# intervals NAME: the interval count the graph's footer shows now
intervals() { screen "$1" | sed -n 's/.*peak [^,]*, \([0-9]*\) intervals.*/\1/p' | head -1; }
# wait_intervals NAME N: poll until the graph shows more than N intervals
wait_intervals() { wait_above "$1" intervals "$2"; }
# graph NAME: the graph's rows (between its title and its footer)
graph() { screen "$1" | sed -n '/of each interval/,/ intervals$/p' | sed '1d;$d'; }

# ------------------------------------------------------------- demo replays
start demo $UTF $UTF_ALL -- --demo
wait_for demo ' 1 Overview' && keys demo 9
wait_for demo 'No test yet\. On the demo, b and l replay a bandwidth and a latency test'
ok $? "demo: 9 opens the Tests pane, which offers the recorded runs"
head -1 "$tmp/screen" | grep -q ' 9 Tests' && [ "$(head -1 "$tmp/screen" | wc -L)" -le 80 ]
ok $? "demo: nine tabs fit in 80 columns"
keys demo b
wait_for demo '^ REPLAY of a lab run \(Soft-RoCE rxe0 -> rxe1 under QEMU, recorded [0-9-]+\)$'
ok $? "b: the replay is labelled as a lab run, Soft-RoCE, with its date"
wait_for demo '^ running bw to 10\.99\.0\.2 for 8 s, 64 KiB messages \.\.\. [0-9.]+ s \(k stops\)' &&
	grep -q '^ rocescope bw 10.99.0.2 -d rxe0 -D 8 --interval 0.5' "$tmp/screen"
ok $? "what runs: bw to 10.99.0.2 for 8 s, and the command recorded"
wait_for demo '^ device +rxe0 port 1, GID 1 RoCE v2 +rxe1 port 1, GID 1 RoCE v2$' &&
	grep -Eq '^ address +10\.99\.0\.1 on veth0 +10\.99\.0\.2 on veth1$' "$tmp/screen" &&
	grep -Eq '^ MTU +1024 \(netdev 1500\) +1024 \(netdev 1500\)$' "$tmp/screen" &&
	grep -q '^ differences: none that matter' "$tmp/screen"
ok $? "both ends side by side: device, GID, address, MTU; no difference"
wait_intervals demo 1 && n1=$(intervals demo) && graph demo >"$tmp/g1" &&
	wait_intervals demo "$n1" && graph demo >"$tmp/g2" && ! cmp -s "$tmp/g1" "$tmp/g2"
ok $? "the graph moves (intervals ${n1:-?} -> $(intervals demo))"
grep -Eq '[▁▂▃▄▅▆▇█]' "$tmp/g2" && grep -Eq '^ +[0-9.]+ ' "$tmp/g2" && grep -q '^       0 ' "$tmp/g2"
ok $? "the graph has bars and its scale (the top value, 0)"
keys demo 4
wait_for demo 'Counters of mlx5_0 port 1'; ok $? "the Counters pane works while the test runs"
keys demo 9
wait_for demo '^ bandwidth [0-9.]+ Gb/s average, [0-9.]+ Gb/s peak, [0-9.e-]+ Mmsg/s$' &&
	grep -Eq '^   [0-9]+ x 64 KiB in [0-9.]+ s, [0-9.]+% of the 10 Gb/s port$' "$tmp/screen"
ok $? "the bandwidth figures: average, peak, message rate, share of the port"
wait_for demo '^ PASS  the bandwidth test passed \(replayed\)' &&
	grep -q '^ ran bw to 10.99.0.2 for 8 s' "$tmp/screen"
ok $? "the outcome: passed"
keys demo l
wait_for demo '^ running lat to 10\.99\.0\.2 for 5 s, 2 B messages' &&
	wait_for demo 'round trips per second of each interval'
ok $? "l: the latency replay, a graph of round trips per second"
wait_for demo '^ latency \(one way, us\): min [0-9.]+  median [0-9.]+  avg [0-9.]+$' &&
	grep -Eq '^   p99 [0-9.]+  max [0-9.]+   [0-9]+ round trips of 2 B$' "$tmp/screen" &&
	wait_for demo '^ PASS  the latency test passed'
ok $? "the latency figures: min, median, average, p99, max"
grep -q 'rxe0 has no completion timestamps' "$tmp/screen"
ok $? "the test's note (no completion timestamps on rxe) is shown"
keys demo Enter
wait_for demo '^ running lat to 10\.99\.0\.2'; ok $? "Enter runs the last test again"
keys demo k
wait_for demo '^ STOPPED +.*stopped.*no result for the checks'
ok $? "k stops it: stopped, no result for the checks"
keys demo b
wait_for demo '^ running bw' && keys demo b
wait_for demo 'a test runs already \(k stops it\)'; ok $? "one test at a time: a second one is refused"
keys demo k
wait_for demo 'STOPPED'

# The wizard's test steps replay the same runs (first-time-setup, a peer).
keys demo 7
wait_for demo 'Troubleshooting trees' && keys demo p
wait_for demo 'Peer IP:' && keys demo 192.168.100.20 Enter
wait_for demo 'looked up|peer set|route to 192\.168\.100\.20 comput' && keys demo Down Down Down Enter
wait_for demo 'running the latency test, a replay \(the Tests pane \(9\) shows it\)' &&
	head -1 "$tmp/screen" | grep -q ' 9 Test'
ok $? "wizard: the ping-pong step runs the latency test in the background"
wait_for demo 'running the bandwidth test, a replay' &&
	wait_for demo 'checklist: 14 of 24 done, 2 to do, 2 worth a look, 6 unknown'
ok $? "wizard: then the bandwidth step; the checklist counts both"
keys demo End
wait_for demo 'ok  pingpong' && grep -q 'a lab run, replayed: the ping-pong completed' "$tmp/screen"
ok $? "wizard: the ping-pong step passed, saying it is a replay"
keys demo q
wait_for demo 'EXITED 0'; ok $? "demo: quits"

# ------------------------------------------------------------- saved file
"$R" --demo snapshot -o "$tmp/snap.yaml" 2>/dev/null
start file $UTF $UTF_ALL -- --load "$tmp/snap.yaml"
wait_for file ' 1 Overview' && keys file 9
wait_for file 'Tests need the live host \(this is file'; ok $? "--load: tests need the live host"
keys file b
wait_for file '^ tests need the live host \(this is file ' && grep -q '^ rocescope bw PEER there$' "$tmp/screen"
ok $? "--load: b says where to run it"
keys file q; wait_for file 'EXITED 0'

# ------------------------------------------------------------- live host
if [ "$(id -u)" != 0 ] || ! command -v ip >/dev/null 2>&1 || ! ip netns add rs-ct-p-$$ 2>/dev/null; then
	skipn 9 "live: needs root and network namespaces"
	plan $rs_n
	exit $rs_failed
fi
ip netns del rs-ct-p-$$
A=rs-ctA-$$
B=rs-ctB-$$
trap 'T kill-server >/dev/null 2>&1; ip netns del $A 2>/dev/null; ip netns del $B 2>/dev/null; rm -rf "$tmp"' EXIT
ip netns add $A && ip netns add $B &&
	ip link add vA netns $A type veth peer name vB netns $B &&
	ip netns exec $A ip link set vA up && ip netns exec $B ip link set vB up &&
	ip netns exec $A ip addr add 10.78.0.1/24 dev vA && ip netns exec $B ip addr add 10.78.0.2/24 dev vB
ok $? "live: two namespaces and a veth"
# A stand-in for a test that hangs: it says it started, then waits; the
# screen test kills it (or k stops it) mid-run.
cat >"$tmp/hang" <<EOF
#!/bin/sh
echo \$\$ >$tmp/hang.pid
echo '{"type":"start","test":"bw","peer":"10.78.0.2","port":18515,"size":65536,"iterations":0,"duration_s":30,"qps":1,"sweep":false,"verb":"write"}'
exec sleep 120
EOF
chmod 755 "$tmp/hang"
ROCESCOPE="ip netns exec $A $R" start live $UTF $UTF_ALL --
wait_for live ' 1 Overview' && keys live 9
wait_for live 'No test yet\. b runs a bandwidth test' && keys live b
wait_for live 'Peer IP \(rocescope serve runs there\):' && keys live 10.78.0.2 Enter
wait_for live 'bw options \(as rocescope bw PEER: -s -D -q -n \.\.\.\): -D 5'
ok $? "live: b asks for the peer once, then the options, as the CLI takes them"
keys live BSpace 2 Enter
wait_for live '^ FAIL  no RDMA device: no RDMA device on this host \[no_device\]' &&
	grep -q '^ check: is the device there (`rocescope devices`, -d DEV)?' "$tmp/screen" &&
	grep -q '^ rocescope bw 10.78.0.2 -D 2' "$tmp/screen"
ok $? "live: the child fails with the mapped message and what to check"
wait_for live '9 Tests\(1!\)'; ok $? "live: the tab counts the failed test (perf.bandwidth)"
keys live l
wait_for live 'lat options' && keys live Enter
# The bw run's failure stays on screen until the lat run replaces it:
# wait for the lat command first, then for its own outcome.
wait_for live '^ rocescope lat 10\.78\.0\.2 -D 5$' && wait_for live '^ FAIL  no RDMA device'
ok $? "live: l asks only for the options now (the peer is known)"
keys live 2
wait_for live 'RDMA devices and ports'; ok $? "live: the console keeps running"
keys live q; wait_for live 'EXITED 0'
# Killed mid-run, and stopped with k: the stand-in instead of rocescope.
ROCESCOPE="ip netns exec $A env RS_TEST_PROGRAM=$tmp/hang $R --peer 10.78.0.2" start kill $UTF $UTF_ALL --
wait_for kill ' 1 Overview' && keys kill 9 b && wait_for kill 'bw options' && keys kill Enter
wait_for kill '^ running bw to 10\.78\.0\.2 for 30 s, 64 KiB messages' && [ -s "$tmp/hang.pid" ] &&
	kill -KILL "$(cat "$tmp/hang.pid")"
wait_for kill '^ FAIL  the test ended without a result: killed by SIGKILL, and said nothing'
ok $? "live: a child killed mid-run is reported as such, with its signal"
rm -f "$tmp/hang.pid"
keys kill Enter
wait_for kill '^ running bw to 10\.78\.0\.2' && keys kill k
wait_for kill '^ STOPPED +.*stopped, killed by SIGTERM'
ok $? "live: k stops a running test (SIGTERM)"
keys kill q; wait_for kill 'EXITED 0'

# ------------------------------------------------------------- memcheck
if command -v valgrind >/dev/null 2>&1 && [ -z "${RS_SANITIZERS:-}" ]; then
	VG="valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=9"
	ROCESCOPE="$VG --log-file=$tmp/vg.log $R" start vg $UTF $UTF_ALL -- --demo
	wait_for vg ' 1 Overview' && keys vg 9 b && wait_for vg 'PASS  the bandwidth test' &&
		keys vg l && wait_for vg 'running lat' && keys vg k && wait_for vg STOPPED &&
		keys vg 7 && wait_for vg 'Troubleshooting' && keys vg q
	wait_for vg 'EXITED [0-9]'
	grep -q 'EXITED 0' "$tmp/screen"
	ok $? "memcheck: the console with the Tests pane (replays, stop) is clean"
	[ -s "$tmp/vg.log" ] && sed 's/^/# /' "$tmp/vg.log" | head -40
	ROCESCOPE="ip netns exec $A $VG --log-file=$tmp/vg2.log $R --peer 10.78.0.2" start vg2 $UTF $UTF_ALL --
	wait_for vg2 ' 1 Overview' && keys vg2 9 b && wait_for vg2 'bw options' && keys vg2 Enter &&
		wait_for vg2 'FAIL  no RDMA device' && keys vg2 q
	wait_for vg2 'EXITED [0-9]'
	grep -q 'EXITED 0' "$tmp/screen"
	ok $? "memcheck: the console running a real test child (live) is clean"
	[ -s "$tmp/vg2.log" ] && sed 's/^/# /' "$tmp/vg2.log" | head -40
else
	skipn 2 "valgrind is not installed, or the build has sanitizers"
fi

plan $rs_n
exit $rs_failed
