#!/bin/sh
# SPDX-License-Identifier: MIT
# test_cli_tree.sh - `rocescope check --tree` and `--profile` end to end:
# the shipped trees on the demo host (cause, remedy, exit codes, JSON), a
# site's own tree and profile files (valid, broken, hostile), and a walk on
# a live host in two network namespaces where the probes really run.
. "$top_srcdir/tests/lib.sh"

R=$ROCESCOPE
JC=$top_builddir/tests/json_check
P=$top_srcdir/profiles
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-tree-$$.XXXXXX") || exit 1
A=rs-tree-a-$$
B=rs-tree-b-$$
cleanup() {
	ip netns del "$A" 2>/dev/null
	ip netns del "$B" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT

plan 26

# --- the shipped trees on the demo -------------------------------------
$R --demo check --tree low-bandwidth --peer 192.168.100.20 >"$T/out" 2>"$T/err"
[ $? -eq 1 ] &&
	grep -qx 'low-bandwidth: RoCE v2 is slower than the link (mlx5_0 port 1, ens1f0np0; peer 192.168.100.20)' "$T/out" &&
	grep -qx '  9 FAIL  pcie           Did the PCIe link train at its full speed and width?' "$T/out" &&
	grep -qx 'cause: step 9 (pcie): PCI link below max: 8.0 GT/s x8 of 8.0 GT/s x16 (check slot, riser, BIOS)' "$T/out" &&
	grep -q '^remedy: reseat the NIC in a x16 slot' "$T/out"
ok $? "low-bandwidth on the demo: the PCIe link is the cause, with its remedy, exit 1"
grep -qx '          a recorded host cannot be probed: the pmtu probe needs the live host' "$T/out" &&
	grep -q '^  3 SKIP  path-mtu ' "$T/out"
ok $? "a recorded host: probe steps say they need the live host (skip, not fail)"
grep -qx '          seen:     /sys/bus/pci/devices/0000:3b:00.0: current_link_speed 8.0 GT/s PCIe, current_link_width 8; max_link_speed 8.0 GT/s PCIe, max_link_width 16' "$T/out" &&
	grep -q '^          expected: current speed and width equal to the maximum' "$T/out"
ok $? "the failing step shows what was seen and what was expected"
$R --demo check --tree low-bandwidth --peer 192.168.100.20 -d mlx5_1 --ib-port 1 >"$T/out" 2>&1
[ $? -eq 1 ] && grep -q '(mlx5_1 port 1, ens1f1np1; ' "$T/out" &&
	grep -q '^  2 WARN  mtu ' "$T/out" && grep -q '^  6 WARN  pfc ' "$T/out"
ok $? "-d/--ib-port: the walk is about that port (its small MTU and missing PFC warn)"
$R --demo check --tree low-bandwidth --peer 192.168.100.20 --json >"$T/j" 2>/dev/null
[ $? -eq 1 ] && "$JC" <"$T/j" &&
	tr -d ' \n' <"$T/j" | grep -q '"outcome":{"verdict":"fail","step":"pcie","check":"pci.link_degraded"'
ok $? "--tree --json: valid JSON, the outcome names the step and the check"
$R --demo check --tree connection-failure --peer 192.168.100.20 -x 0 >"$T/out" 2>&1
[ $? -eq 1 ] && grep -q '^cause: step 4 (user-index): GID index 0 is RoCE v1' "$T/out" &&
	grep -q '^remedy: use -x 3 (RoCE v2, 192.168.100.1 on ens1f0np0)' "$T/out"
ok $? "connection-failure with -x 0: the RoCE v1 index is the cause, -x 3 the remedy"
$R --demo check --tree connection-failure --peer 192.168.100.20 -x 3 >"$T/out" 2>&1
[ $? -eq 1 ] && grep -q '^  6 PASS  arp ' "$T/out" &&
	grep -qx 'cause: step 7 (arp-flux): ens1f0np0: strict rp_filter drops the replies that come back through the other port of the subnet' "$T/out"
ok $? "connection-failure with -x 3: past the neighbour, the shared subnet's strict rp_filter is the cause"
$R --demo check --tree connection-failure >"$T/out" 2>"$T/err"
[ $? -eq 4 ] && [ ! -s "$T/out" ] &&
	grep -qx "rocescope: the tree connection-failure needs the peer's address: --peer IP" "$T/err"
ok $? "a tree that needs the peer, without --peer: says so, exit 4"
$R --demo check --tree large-message-crash -s 1073741824 -t 512 -q 8 >"$T/out" 2>&1
[ $? -eq 0 ] && grep -qx '          memlock unlimited covers the 4194304 MiB the test pins' "$T/out" &&
	grep -q '^  4 PASS  size ' "$T/out"
ok $? "large-message-crash with -s -t -q: memlock and the device limits judged"
$R --demo check --tree first-time-setup --peer 192.168.100.20 >"$T/out" 2>"$T/err"
[ $? -eq 1 ] && [ "$(grep -c '^ *[0-9]* \(PASS\|WARN\|FAIL\|SKIP\)  ' "$T/out")" -eq 24 ] &&
	grep -q '^checklist: 14 of 24 done, 2 to do, 2 worth a look, 6 unknown' "$T/out" &&
	grep -q '^first to do: step 11 (arp-flux): ens1f0np0: strict rp_filter' "$T/out"
ok $? "first-time-setup is a checklist: every step runs, the tally and the first thing to do end it"
# Its test steps replay the lab's recorded runs on the demo, and say so.
grep -q '^ 23 PASS  pingpong ' "$T/out" &&
	grep -Eq '^          a lab run, replayed: the ping-pong completed: [0-9]+ round trips of 2 B' "$T/out" &&
	grep -q '^ 24 SKIP  bandwidth ' "$T/out" &&
	grep -Eq '^          a lab run, replayed: bandwidth [0-9.]+ Gb/s, not judged: rxe0 is software RoCE' "$T/out"
ok $? "demo: the ping-pong and bandwidth steps replay the lab's tests (rxe: shown, not judged)"
grep -q '^rocescope: running the latency test towards 192.168.100.20 (the demo replays a lab run)\.\.\.$' "$T/err" &&
	grep -q '^rocescope: running the bandwidth test towards 192.168.100.20' "$T/err"
ok $? "demo: the tests' progress goes to stderr"
$R --demo check --tree first-time-setup --peer 192.168.100.20 --json >"$T/j" 2>/dev/null
"$JC" <"$T/j" >/dev/null &&
	tr -d ' \n' <"$T/j" | grep -q '"id":"pingpong","check":"perf.pingpong",[^}]*"verdict":"pass",[^}]*"evidence":"replayofalabrun(Soft-RoCE'
ok $? "--json: the test step's verdict and its replay's evidence"
$R --demo check --tree nosuch >"$T/out" 2>"$T/err"
[ $? -eq 4 ] && grep -q "no tree 'nosuch' (connection-failure, low-bandwidth, large-message-crash, first-time-setup, or a FILE.yaml)" "$T/err"
ok $? "an unknown tree: the shipped ones are named, exit 4"

# --- a site's own files ---------------------------------------------------
cat >"$T/mine.yaml" <<'EOF'
tree: mine
title: Our two-step walk
kind: chain
steps:
  - id: dev
    check: device.none
    title: Is there a device?
    next: pci
  - id: pci
    check: pci.link_degraded
    title: Is the PCIe link full?
    next: end
EOF
$R --demo check --tree "$T/mine.yaml" >"$T/out" 2>&1
[ $? -eq 1 ] && grep -q '^mine: Our two-step walk ' "$T/out" && grep -q '^cause: step 2 (pci): ' "$T/out"
ok $? "a site's own tree file runs like a shipped one"
sed 's/next: end/next: dev/' "$T/mine.yaml" >"$T/cycle.yaml"
$R --demo check --tree "$T/cycle.yaml" >"$T/out" 2>"$T/err"
[ $? -eq 4 ] && [ ! -s "$T/out" ] &&
	grep -qx "rocescope: $T/cycle.yaml:9:5: step 'pci' leads back to a step before it: a tree has no cycle" "$T/err"
ok $? "a tree with a cycle is refused with file:line:col, nothing run, exit 4"
printf 'tree: t\ntitle: "\\e]0;owned\\a"\nsteps: []\n' >"$T/hostile.yaml"
$R --demo check --tree "$T/hostile.yaml" >"$T/out" 2>"$T/err"
[ $? -eq 4 ] && ! grep -q "$(printf '\033')" "$T/out" "$T/err" &&
	grep -q 'hostile.yaml:2:8: a control character in a value' "$T/err"
ok $? "a tree with escape sequences is refused; no escape reaches the terminal"
head -c 3000 /dev/urandom >"$T/noise.yaml"
$R --demo check --tree "$T/noise.yaml" >/dev/null 2>&1
[ $? -eq 4 ]
ok $? "random bytes as a tree: refused, exit 4, no crash"
$R --demo check --profile "$P/lossless.yaml" >"$T/out" 2>&1
[ $? -eq 1 ] &&
	grep -qx 'FAIL  profile.mtu            mlx5_1 port 1   ens1f1np1 MTU 1500, the site runs another' "$T/out" &&
	grep -qx 'PASS  profile.firmware       mlx5_0          firmware 16.35.2000 with mlx5_core: a known-good pair' "$T/out" &&
	grep -qx 'FAIL  qos.pfc                mlx5_1 port 1   no PFC on ens1f1np1: RoCE drops under congestion (fine for functional tests)' "$T/out"
ok $? "--profile lossless: the site's MTU, firmware and PFC priority are the expectation"
$R --demo check --profile "$P/lab.yaml" >"$T/out" 2>&1
grep -qx 'WARN  qos.pfc                mlx5_0 port 1   PFC on priority 3, but this fabric runs without it' "$T/out" &&
	grep -q '^FAIL  profile.mtu            mlx5_0 port 1   ens1f0np0 MTU 9000, the site runs another' "$T/out"
ok $? "--profile lab: PFC is unexpected there, MTU 1500 is the site's"
$R --demo check --profile "$T/none.yaml" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && [ ! -s "$T/out" ] && grep -q "none.yaml: No such file or directory" "$T/err"
ok $? "a missing profile: said, exit 2"
printf 'profile: x\nmtu: 12\n' >"$T/p.yaml"
$R --demo check --tree low-bandwidth --peer 192.168.100.20 --profile "$T/p.yaml" >"$T/out" 2>"$T/err"
[ $? -eq 4 ] && [ ! -s "$T/out" ] && grep -q "p.yaml:2:6: 'mtu'" "$T/err"
ok $? "an invalid profile with --tree: file:line:col, the tree does not run (exit 4)"

# --- a live host: two namespaces, the probes really run ----------------
if [ "$(id -u)" != 0 ] || ! command -v ip >/dev/null || ! ip netns add "$A" 2>/dev/null; then
	skip "live walk: needs root and network namespaces"
	skip "live walk: needs root and network namespaces"
	skip "live walk: needs root and network namespaces"
	skip "live walk: needs root and network namespaces"
	exit 0
fi
ip netns add "$B" &&
	ip -n "$A" link add a0 type veth peer name b0 netns "$B" &&
	ip -n "$A" addr add 10.77.0.1/24 dev a0 &&
	ip -n "$B" addr add 10.77.0.2/24 dev b0 &&
	ip -n "$A" link set lo up && ip -n "$B" link set lo up &&
	ip -n "$A" link set a0 up && ip -n "$B" link set b0 up || exit 1
# Wait for the state (the carrier of both ends), never for a time.
n=0
until ip -n "$A" link show a0 | grep -q 'LOWER_UP' && ip -n "$B" link show b0 | grep -q 'LOWER_UP'; do
	n=$((n + 1))
	[ $n -gt 500 ] && break
	ip -n "$A" link show a0 >/dev/null
done
ip netns exec "$A" "$R" check --tree first-time-setup --peer 10.77.0.2 >"$T/out" 2>"$T/err"
grep -q '^ *[0-9]* PASS  ping ' "$T/out" &&
	grep -q '10.77.0.2 answers ping: 3/3 replies from 10.77.0.2 (0% lost)' "$T/out"
ok $? "live: the ping step ran a real probe towards the peer namespace"
grep -q '^rocescope: running the ping probe towards 10.77.0.2\.\.\.' "$T/err"
ok $? "live: the probe's progress goes to stderr, stdout stays the report"
ip netns exec "$A" "$R" check --tree connection-failure --peer 10.77.0.2 >"$T/out" 2>"$T/err"
[ $? -eq 1 ] && grep -q '^  5 FAIL  route ' "$T/out" &&
	grep -qx 'cause: step 5 (route): a0 is not an RDMA interface: RoCE to this peer cannot use it' "$T/out" &&
	grep -q 'seen:     route lookup (ip route get 10.77.0.2): dev a0 src 10.77.0.1' "$T/out"
ok $? "live: the route through a non-RDMA veth is the cause, from a real route lookup"
# No route at all (the interface down, no default route): the lookup's
# refusal is the route step's finding, the walk runs, --json is printed.
ip -n "$A" link set a0 down
ip netns exec "$A" "$R" check --tree connection-failure --peer 10.77.0.2 --json >"$T/j" 2>"$T/err"
[ $? -eq 1 ] && "$JC" <"$T/j" >/dev/null &&
	tr -d '\n' <"$T/j" | grep -q '"check": "net.peer_route",[^}]*"verdict": "fail",[^}]*"summary": "peer 10.77.0.2: no route: Network is unreachable (ENETUNREACH' &&
	! grep -q 'collecting from' "$T/err"
ok $? "live: Network is unreachable is the route step's finding, not a failed collection (exit 1, JSON)"
