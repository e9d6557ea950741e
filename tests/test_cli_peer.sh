#!/bin/sh
# SPDX-License-Identifier: MIT
# test_cli_peer.sh - --peer on every source: an address or a usage error;
# on the demo, a saved file and a fixture root the route to the peer given
# is computed from the recorded routes (longest prefix, labelled so), never
# the recording's own peer; a peer that is this host is said to be; IPv6
# host routes are /128; the snapshot keeps the recording's own lookup.
. "$top_srcdir/tests/lib.sh"

R=$ROCESCOPE
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-peer-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

plan 13

# The demo's routes (profiles/demo/host.yaml): default via 10.20.0.1 on eno1
# (not RDMA), 192.168.100.0/24 on ens1f0np0 (metric 101) and ens1f1np1
# (102), 2001:db8:100::/64 likewise, no IPv6 default; its own recorded
# lookup is for 192.168.100.20.
"$R" --demo check --peer notanip >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q "^rocescope: --peer: 'notanip' is not an IPv4 or IPv6 address" "$T/err"
ok $? "--peer notanip: usage error, exit 2"
"$R" --demo devices --peer 10.0.0.300 >/dev/null 2>&1
[ $? -eq 2 ]
ok $? "--peer 10.0.0.300 (after the command): usage error, exit 2"

"$R" --demo check --peer 10.9.9.9 >"$T/out" 2>&1
grep -q '^FAIL  net.peer_route         10.9.9.9        eno1 is not an RDMA interface' "$T/out" &&
	grep -q "^      evidence: route computed from the recording's 4 IPv4 routes (longest prefix; policy rules are not recorded): dev eno1 src 10.20.0.15 via 10.20.0.1$" "$T/out" &&
	! grep -q 'net.peer_[a-z]* *192.168.100.20' "$T/out"
ok $? "demo --peer 10.9.9.9: the default route through eno1, computed and said so; the demo's own peer never shown"
"$R" --demo check --peer 192.168.100.77 >"$T/out" 2>&1
grep -q '^PASS  net.peer_route         192.168.100.77  peer 192.168.100.77 via RDMA interface ens1f0np0 (computed from the recorded routes)$' "$T/out" &&
	grep -q '^WARN  net.peer_neigh         192.168.100.77  no neighbour entry yet' "$T/out"
ok $? "demo --peer 192.168.100.77: the /24 on ens1f0np0 (lowest metric) wins; its neighbour looked up in the recording"
"$R" --demo check --peer 192.168.100.20 >"$T/out" 2>&1
"$R" --demo check --peer 192.168.100.20 --json >"$T/out.json" 2>&1
grep -q '^PASS  net.peer_route         192.168.100.20  peer 192.168.100.20 via RDMA interface ens1f0np0$' "$T/out" &&
	grep -q '"evidence": "route lookup (ip route get 192.168.100.20): dev ens1f0np0' "$T/out.json"
ok $? "demo --peer of the recording's own lookup: the recorded answer, not a computed one"

"$R" --demo check --peer 2001:db8:200::5 >"$T/out" 2>&1
grep -q 'remedy:   ip route add 2001:db8:200::5/128 dev RDMA_NETDEV' "$T/out" && ! grep -q '/32 dev' "$T/out"
ok $? "an IPv6 peer without a route: the remedy adds a /128 host route, not /32"
"$R" --demo check --peer 2001:db8:100::9 >"$T/out" 2>&1
grep -q '^PASS  net.peer_route         2001:db8:100::9  peer 2001:db8:100::9 via RDMA interface ens1f0np0' "$T/out"
ok $? "an IPv6 peer in the RDMA subnet: its /64 route"

"$R" --demo check --peer 127.0.0.1 >"$T/out" 2>&1
grep -q '^WARN  net.peer_route         127.0.0.1       127.0.0.1 is this host (loopback): RoCE cannot reach it$' "$T/out" &&
	grep -q "remedy:   give the peer's address" "$T/out" && ! grep -q 'ip route add 127' "$T/out" &&
	grep -q '^SKIP  net.peer_neigh         127.0.0.1       127.0.0.1 is this host: no neighbour to resolve' "$T/out"
ok $? "--peer 127.0.0.1: 'this host (loopback)', not 'route it via an RDMA netdev'"
"$R" --demo check --peer 192.168.100.1 >"$T/out" 2>&1
grep -q '^SKIP  net.peer_route         192.168.100.1   192.168.100.1 is this host (address of RDMA interface ens1f0np0)' "$T/out" &&
	"$R" --demo check --peer 10.20.0.15 2>&1 | grep -q '^WARN  net.peer_route         10.20.0.15      10.20.0.15 is this host (an address of eno1, not an RDMA interface)$'
ok $? "--peer one of the host's addresses: 'this host', on an RDMA interface a skip, elsewhere a warning"

"$R" --demo check --tree connection-failure --peer 10.9.9.9 >"$T/out" 2>&1
head -n 1 "$T/out" | grep -q 'peer 10.9.9.9)$' && grep -q 'eno1 is not an RDMA interface' "$T/out" &&
	! grep -q 'neighbour 192.168.100.20' "$T/out"
ok $? "check --tree on the demo: the route step is about the peer given"

"$R" --demo snapshot -o "$T/d.yaml" 2>/dev/null
"$R" --load "$T/d.yaml" check --peer 192.168.100.99 --json >"$T/out.json" 2>/dev/null
tr -d '\n' <"$T/out.json" | grep -q '"id": "net.peer_route",[^}]*"object": "192.168.100.99"[^}]*"evidence": "route computed from the recording'
ok $? "--load FILE --peer: computed from the file's routes, in JSON too"
"$R" --demo --peer 10.9.9.9 snapshot | grep -A2 '^peer:' | grep -q 'peer: "192.168.100.20"'
ok $? "snapshot --peer on a recording: the file keeps the recording's own lookup (a computed one is derived)"

fx=$top_srcdir/tests/fixtures/roce-rxe
"$R" --root "$fx" check --peer 10.99.0.2 >"$T/out" 2>&1
grep -q '^SKIP  net.peer_route         10.99.0.2       peer 10.99.0.2: the recording has no routes to look it up in' "$T/out"
ok $? "a fixture root without routes: the peer's route is unknown (skip), not a failure"
