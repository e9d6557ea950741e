#!/bin/bash
# SPDX-License-Identifier: MIT
# test_probe_net.sh - the active probes (src/probe/) against real network
# namespaces of this run, each fault made for real: the healthy path, an
# MTU mismatch between the two ends, a router with a smaller MTU, a peer
# address nobody answers, a neighbour with a wrong MAC, a STALE entry, a
# route through another interface, two interfaces in one subnet, an
# interface down, a closed port and a port a firewall drops.
# tests/probe_cli runs each probe and prints its fields; the assertions are
# on those, with the kernel's own tools (ping -M do, ip neigh) as
# independent references where they say the same thing.
#
#   A a0 10.77.0.1 fd77::1 ==veth== b0 10.77.0.2 fd77::2 B b2 10.78.0.1 ==veth== c0 10.78.0.2 C
#     a1 10.77.0.11        ==veth== b1 10.77.0.12   (section "two interfaces")
. "$top_srcdir/tests/lib.sh"
need_root_netns
P="$top_builddir/tests/probe_cli"
[ -x "$P" ] || skip_all "tests/probe_cli is not built"

A=rspa-$$
B=rspb-$$
C=rspc-$$
TMP=$(mktemp -d /tmp/rs-probe-XXXXXX)
LPID=""
cleanup() {
	[ -n "$LPID" ] && kill "$LPID" 2>/dev/null
	# RS_PROBE_KEEP=DIR keeps every probe's output (NAME.out) for a person.
	[ -n "${RS_PROBE_KEEP:-}" ] && mkdir -p "$RS_PROBE_KEEP" && cp "$TMP"/*.out "$RS_PROBE_KEEP"/
	ip netns del "$A" 2>/dev/null
	ip netns del "$B" 2>/dev/null
	ip netns del "$C" 2>/dev/null
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

inA() { ip netns exec "$A" "$@"; }
inB() { ip netns exec "$B" "$@"; }
inC() { ip netns exec "$C" "$@"; }

# probe NAME A|B ARGS... - run probe_cli in that namespace; output in $TMP/NAME.out
probe() {
	local name=$1 ns=$A
	[ "$2" = B ] && ns=$B
	shift 2
	ip netns exec "$ns" "$P" "$@" >"$TMP/$name.out" 2>"$TMP/$name.err"
	echo $? >"$TMP/$name.rc"
}
# val NAME KEY - the value probe NAME printed for KEY ("" when empty)
val() { awk -v k="$2" '$1 == k { sub(/^[^ ]* ?/, ""); print; exit }' "$TMP/$1.out"; }
# is DESCRIPTION NAME KEY=VALUE... - every key has exactly that value
is() {
	local desc=$1 name=$2 kv bad=""
	shift 2
	for kv in "$@"; do
		[ "$(val "$name" "${kv%%=*}")" = "${kv#*=}" ] ||
			bad="$bad ${kv%%=*}='$(val "$name" "${kv%%=*}")' (want '${kv#*=}')"
	done
	[ -z "$bad" ]
	ok $? "$desc"
	[ -z "$bad" ] || diag "$name:$bad" "summary: $(val "$name" summary)" \
		"error: $(val "$name" error)"
}
# says DESCRIPTION NAME TEXT - the summary contains TEXT
says() {
	case "$(val "$2" summary)" in *"$3"*) ok 0 "$1" ;;
	*) ok 1 "$1"; diag "$2 summary: $(val "$2" summary)" "want it to contain: $3" ;; esac
}
# wait_for SECONDS CMD... - poll a state every 0.1 s, bounded
wait_for() {
	local n=$(($1 * 10))
	shift
	while [ $n -gt 0 ]; do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.1
		n=$((n - 1))
	done
	return 1
}
# nobody NAME ARGS... - probe_cli in A as uid/gid 65534, no capability
nobody() {
	local name=$1
	shift
	inA setpriv --reuid=65534 --regid=65534 --clear-groups -- "$P" "$@" \
		>"$TMP/$name.out" 2>"$TMP/$name.err"
	echo $? >"$TMP/$name.rc"
}
oper_up() { [ "$(ip netns exec "$1" cat "/sys/class/net/$2/operstate")" = up ]; }
mac() { ip netns exec "$1" cat "/sys/class/net/$2/address"; }

setup() {
	local ns
	for ns in "$A" "$B" "$C"; do
		ip netns add "$ns" || return 1
		ip -n "$ns" link set lo up
	done
	ip -n "$A" link add a0 type veth peer name b0 netns "$B" || return 1
	ip -n "$B" link add b2 type veth peer name c0 netns "$C" || return 1
	ip -n "$A" link set a0 mtu 9000
	ip -n "$B" link set b0 mtu 9000
	ip -n "$A" addr add 10.77.0.1/24 dev a0
	ip -n "$A" addr add fd77::1/64 dev a0 nodad
	ip -n "$B" addr add 10.77.0.2/24 dev b0
	ip -n "$B" addr add fd77::2/64 dev b0 nodad
	ip -n "$B" addr add 10.78.0.1/24 dev b2
	ip -n "$C" addr add 10.78.0.2/24 dev c0
	for ns in "$A:a0" "$B:b0" "$B:b2" "$C:c0"; do
		ip -n "${ns%%:*}" link set "${ns#*:}" up
	done
	ip -n "$A" route add 10.78.0.0/24 via 10.77.0.2
	ip -n "$C" route add default via 10.78.0.1
	inB sysctl -qw net.ipv4.ip_forward=1
	# ICMP errors are rate limited per destination; the probes need each.
	for ns in "$A" "$B"; do
		ip netns exec "$ns" sysctl -qw net.ipv4.icmp_ratelimit=0 net.ipv6.icmp.ratelimit=0
	done
	# Neighbour resolution fails fast (one probe, 100 ms) and a STALE entry
	# is re-probed after 1 s instead of 5.
	inA sysctl -qw net.ipv4.neigh.a0.mcast_solicit=1 net.ipv4.neigh.a0.retrans_time_ms=100 \
		net.ipv4.neigh.a0.delay_first_probe_time=1
	# The carrier follows asynchronously (linkwatch): wait for it.
	wait_for 30 oper_up "$A" a0 && wait_for 30 oper_up "$B" b0 &&
		wait_for 30 oper_up "$B" b2 && wait_for 30 oper_up "$C" c0
}
setup || { echo "Bail out! cannot build the namespaces"; exit 1; }
MAC_B0=$(mac "$B" b0)

# A TCP server in B on 18515 (perftest's port) for the whole run.
# ip itself, not a subshell running it: LPID is the listener, killed at the end.
ip netns exec "$B" "$P" --listen 18515 --timeout 600000 >"$TMP/listen.out" 2>&1 &
LPID=$!
wait_for 30 grep -q '^listening 18515$' "$TMP/listen.out" || diag "the listener did not start"

# --- healthy: MTU 9000 on both ends -----------------------------------------
probe ping A ping 10.77.0.2
is "ping: 3/3 replies from a raw socket (root), via a0 from 10.77.0.1" ping \
	ok=1 sent=3 received=3 errors=0 dev=a0 src=10.77.0.1 method="raw socket" net_errno=0
says "ping: the summary counts the replies" ping "3/3 replies from 10.77.0.2 (0% lost)"
[ "$(cat "$TMP/ping.rc")" = 0 ]
ok $? "probe_cli exits 0 when the probe ran"
probe ping6 A ping fd77::2
is "ping IPv6: 3/3 replies" ping6 ok=1 sent=3 received=3 dev=a0 src=fd77::1
probe pingf A --fork --count 2 ping 10.77.0.2
is "ping in a child of the event loop, result parsed back: 2/2" pingf \
	ok=1 sent=2 received=2 dev=a0 timeout_ms=1400

probe pmtu A pmtu 10.77.0.2
is "pmtu: 8972 bytes of payload pass with DF, path MTU 9000 = a0's" pmtu \
	ok=1 pmtu_payload=8972 pmtu_mtu=9000 local_mtu=9000 pmtu_limited=0 pmtu_hop_mtu=0
inA ping -c1 -W2 -M do -s 8972 10.77.0.2 >/dev/null 2>&1
ok $? "ping -M do -s 8972 agrees (reference)"
probe pmtu6 A pmtu fd77::2
is "pmtu IPv6: 8952 bytes of payload (40 + 8 header bytes), path MTU 9000" pmtu6 \
	ok=1 pmtu_payload=8952 pmtu_mtu=9000 local_mtu=9000 pmtu_limited=0

probe neigh A neigh 10.77.0.2
is "neigh: 10.77.0.2 REACHABLE on a0 with b0's MAC" neigh \
	ok=1 neigh_state=REACHABLE neigh_mac="$MAC_B0" neigh_dev=a0 neigh_ip=10.77.0.2
inA ip neigh show 10.77.0.2 dev a0 | grep -q "lladdr $MAC_B0 "
ok $? "ip neigh agrees on the MAC (reference)"
probe neigh6 A neigh fd77::2
is "neigh IPv6: fd77::2 REACHABLE with b0's MAC (neighbour discovery)" neigh6 \
	ok=1 neigh_state=REACHABLE neigh_mac="$MAC_B0" neigh_dev=a0
probe neighgw A neigh 10.78.0.2
is "neigh behind a gateway: the next hop is the gateway 10.77.0.2" neighgw \
	ok=1 neigh_ip=10.77.0.2 neigh_dev=a0 neigh_mac="$MAC_B0"
says "neigh behind a gateway: the summary names it" neighgw "(gateway to 10.78.0.2)"

probe tcp A tcp 10.77.0.2
is "tcp: port 18515 open (the listener in B), from 10.77.0.1" tcp \
	ok=1 tcp=open tcp_port=18515 src=10.77.0.1 net_errno=0
probe tcp6 A tcp fd77::2
is "tcp IPv6: open" tcp6 ok=1 tcp=open src=fd77::1
probe refused A --port 18516 tcp 10.77.0.2
is "tcp: closed port 18516 refused (ECONNREFUSED)" refused ok=1 tcp=refused net_errno=111
says "tcp refused: says nobody listens" refused "nobody listens there"
if command -v nft >/dev/null && inB nft add table inet rsprobe 2>"$TMP/nft.err" &&
	inB nft add chain inet rsprobe in '{ type filter hook input priority 0; }' &&
	inB nft add rule inet rsprobe in tcp dport 18517 drop; then
	probe dropped A --port 18517 --timeout 1000 tcp 10.77.0.2
	is "tcp: a port nft drops times out (no answer at all)" dropped \
		ok=1 tcp=timeout net_errno=110 timeout_ms=1000
else
	skip "tcp timeout by a firewall: no nft here ($(head -c 80 "$TMP/nft.err" 2>/dev/null))"
fi

# --- no privilege: a ping socket where ping_group_range allows it ------------
inA sysctl -qw net.ipv4.ping_group_range="0 2147483647"
nobody pinguser ping 10.77.0.2
is "ping as nobody through a ping socket (ping_group_range)" pinguser \
	ok=1 received=3 method="ping socket"
nobody pmtuuser pmtu 10.77.0.2
is "pmtu as nobody through a ping socket: 8972" pmtuuser ok=1 pmtu_payload=8972 method="ping socket"
inA sysctl -qw net.ipv4.ping_group_range="1 0"
nobody pingdenied ping 10.77.0.2
is "ping as nobody, ping sockets refused: cannot run, EPERM" pingdenied ok=0 err=1
case "$(val pingdenied error)" in
*"ping_group_range, now '1 0', must include group 65534) or CAP_NET_RAW"*) r=0 ;; *) r=1 ;;
esac
ok $r "ping as nobody: the message names both ways (ping_group_range, CAP_NET_RAW)"
[ "$(cat "$TMP/pingdenied.rc")" = 1 ]
ok $? "probe_cli exits 1 when the probe could not run"
nobody neighuser neigh 10.77.0.2
is "neigh as nobody (netlink reads and UDP need no privilege)" neighuser ok=1 neigh_state=REACHABLE

# --- MTU mismatch: b0 at 1500, a0 at 9000 -------------------------------------
# A veth takes frames up to its MTU + 4 (the VLAN header allowance of
# is_skb_forwardable()): the path passes 1504-byte packets, and ping -M do
# agrees.  A switch port at 1500 would stop at 1472.
ip -n "$B" link set b0 mtu 1500
probe mism A pmtu 10.77.0.2
is "mismatch: limited below a0's 9000" mism ok=1 local_mtu=9000 pmtu_limited=1 pmtu_hop_mtu=0
pay=$(val mism pmtu_payload)
[ "${pay:-0}" -ge 1472 ] && [ "$pay" -le 1476 ] && [ "$(val mism pmtu_mtu)" = $((pay + 28)) ]
ok $? "mismatch: $pay bytes of payload pass (1472-1476 on a veth at 1500), path MTU $((pay + 28))"
says "mismatch: the summary says the MTUs differ" mism "the MTUs differ"
inA ping -c1 -W2 -M do -s "$pay" 10.77.0.2 >/dev/null 2>&1 &&
	! inA ping -c1 -W1 -M do -s $((pay + 1)) 10.77.0.2 >/dev/null 2>&1
ok $? "ping -M do: $pay passes, $((pay + 1)) does not (reference)"
probe mism6 A pmtu fd77::2
is "mismatch IPv6: limited, 20 bytes less than IPv4 (IPv6 header)" mism6 ok=1 pmtu_limited=1 \
	pmtu_payload=$((pay - 20)) pmtu_mtu=$((pay + 28))
probe mismB B pmtu 10.77.0.1
is "mismatch seen from the 1500 end: 1472 = its own MTU, not limited" mismB \
	ok=1 pmtu_payload=1472 pmtu_mtu=1500 local_mtu=1500 pmtu_limited=0
probe mismping A ping 10.77.0.2
is "mismatch: a small ping still passes" mismping ok=1 received=3
ip -n "$B" link set b0 mtu 9000

# --- a router with a smaller MTU: B forwards to C over 1500 --------------------
probe router A pmtu 10.78.0.2
is "router: 'fragmentation needed' with MTU 1500, 1472 pass" router \
	ok=1 pmtu_payload=1472 pmtu_mtu=1500 local_mtu=9000 pmtu_limited=1 pmtu_hop_mtu=1500
says "router: the summary names the announced MTU" router "a router announced MTU 1500"

# --- a peer address nobody answers ---------------------------------------------
probe nofail A neigh 10.77.0.60
is "no neighbour: FAILED, no MAC, on a0" nofail \
	ok=1 neigh_state=FAILED neigh_mac= neigh_first=NONE neigh_dev=a0 neigh_ip=10.77.0.60
says "no neighbour: the summary says nobody answered ARP" nofail "FAILED - nobody answered ARP"
probe noping A ping 10.77.0.60
is "no neighbour: ping 0 replies, host unreachable (EHOSTUNREACH)" noping \
	ok=1 received=0 net_errno=113
[ "$(val noping errors)" -ge 1 ] 2>/dev/null
ok $? "no neighbour: the echoes were answered by errors ($(val noping errors))"
probe notcp A tcp 10.77.0.60
is "no neighbour: tcp unreachable (EHOSTUNREACH)" notcp ok=1 tcp=unreachable net_errno=113
probe nopmtu A pmtu 10.77.0.60
is "no neighbour: pmtu unknown, host unreachable" nopmtu ok=1 pmtu_payload=0 net_errno=113

# --- a neighbour entry with a wrong MAC (the lab's neigh_bogus) --------------------
ip -n "$A" neigh replace 10.77.0.2 lladdr 02:00:00:00:99:99 dev a0 nud permanent
probe bogus A neigh 10.77.0.2
is "wrong MAC: PERMANENT 02:00:00:00:99:99" bogus \
	ok=1 neigh_state=PERMANENT neigh_mac=02:00:00:00:99:99 neigh_first=PERMANENT
probe bogusping A ping 10.77.0.2
is "wrong MAC: ping gets no reply and no error" bogusping ok=1 received=0 errors=0 net_errno=0
probe bogustcp A --timeout 1000 tcp 10.77.0.2
is "wrong MAC: tcp times out" bogustcp ok=1 tcp=timeout
ip -n "$A" neigh del 10.77.0.2 dev a0

# --- a STALE entry is verified, not taken as it is -----------------------------------
ip -n "$A" neigh replace 10.77.0.2 lladdr "$MAC_B0" dev a0 nud stale
probe stale A neigh 10.77.0.2
is "STALE before: re-probed by the kernel, REACHABLE after" stale \
	ok=1 neigh_first=STALE neigh_state=REACHABLE neigh_mac="$MAC_B0"

# --- the route goes through another interface (the lab's wrong_route) ---------------
# wrongdev leads to C, where nobody has 10.77.0.2; a host route sends the
# peer there.
ip -n "$A" link add wrongdev type veth peer name w0 netns "$C"
ip -n "$A" link set wrongdev up
ip -n "$C" link set w0 up
inA sysctl -qw net.ipv4.neigh.wrongdev.mcast_solicit=1 net.ipv4.neigh.wrongdev.retrans_time_ms=100
ip -n "$A" route add 10.77.0.2/32 dev wrongdev
wait_for 30 oper_up "$A" wrongdev
probe wrping A ping 10.77.0.2
is "wrong route: ping leaves through wrongdev, host unreachable" wrping \
	ok=1 dev=wrongdev received=0 net_errno=113
probe wrneigh A neigh 10.77.0.2
is "wrong route: the next hop's neighbour on wrongdev FAILED" wrneigh \
	ok=1 neigh_dev=wrongdev neigh_state=FAILED neigh_ip=10.77.0.2
probe wrtcp A tcp 10.77.0.2
is "wrong route: tcp unreachable, through wrongdev" wrtcp ok=1 tcp=unreachable dev=wrongdev
probe wrif A --if a0 ping 10.77.0.2
is "wrong route, --if a0: bound to a0 the echoes pass" wrif ok=1 dev=a0 received=3
ip -n "$A" link del wrongdev

# --- two interfaces in one subnet ------------------------------------------------------
ip -n "$A" link add a1 type veth peer name b1 netns "$B"
ip -n "$A" addr add 10.77.0.11/24 dev a1
ip -n "$B" addr add 10.77.0.12/24 dev b1
ip -n "$A" link set a1 up
ip -n "$B" link set b1 up
inA sysctl -qw net.ipv4.neigh.a1.mcast_solicit=1 net.ipv4.neigh.a1.retrans_time_ms=100
wait_for 30 oper_up "$A" a1 && wait_for 30 oper_up "$B" b1
MAC_B1=$(mac "$B" b1)
probe two A neigh 10.77.0.2
is "two interfaces: the kernel picks a0 (first connected route)" two ok=1 neigh_dev=a0 dev=a0
probe twoa1 A --if a1 neigh 10.77.0.2
is "two interfaces, via a1: B answers ARP for b0's address with b1's MAC (ARP flux)" twoa1 \
	ok=1 neigh_dev=a1 neigh_state=REACHABLE neigh_mac="$MAC_B1"
# Bound to a1, the echo leaves a1 but B answers through b0 (its first route
# to 10.77.0.11): the reply reaches a0, not the socket bound to a1 - as a
# RoCE reply would reach the other port.  ping -I a1 sees the same.
probe twoping A --if a1 ping 10.77.0.2
is "two interfaces, via a1: the replies come back on a0: none seen" twoping \
	ok=1 dev=a1 src=10.77.0.11 received=0
inA ping -c1 -W1 -I a1 10.77.0.2 >/dev/null 2>&1
[ $? != 0 ]
ok $? "ping -I a1 gets no reply either (reference)"
ip -n "$B" route add 10.77.0.11/32 dev b1 src 10.77.0.12
probe twofix A --if a1 ping 10.77.0.2
is "two interfaces, B routes 10.77.0.11 back through b1: 3/3 via a1" twofix \
	ok=1 dev=a1 src=10.77.0.11 received=3
inB sysctl -qw net.ipv4.conf.all.arp_ignore=1
ip -n "$A" neigh flush dev a1
probe twoign A --if a1 neigh 10.77.0.2
is "two interfaces, arp_ignore=1 on B: via a1 the neighbour FAILS" twoign \
	ok=1 neigh_dev=a1 neigh_state=FAILED
# The kernel's own "host unreachable" after a failed ARP goes to sockets
# not bound elsewhere: bound to a1, the ping sees silence (docs/probes.md).
probe twoignp A --if a1 ping 10.77.0.2
is "two interfaces, arp_ignore=1: ping via a1 gets nothing back" twoignp \
	ok=1 received=0
inB sysctl -qw net.ipv4.conf.all.arp_ignore=0
ip -n "$A" neigh flush dev a1

# --- an interface down ---------------------------------------------------------------
ip -n "$A" link set a0 down
probe dping A --if a0 ping 10.77.0.2
is "a0 down, --if a0: ping no route (ENETUNREACH), a0 down" dping \
	ok=1 received=0 net_errno=101 dev=a0 dev_up=0
says "a0 down: the summary says so" dping "a0 is down"
probe dneigh A --if a0 neigh 10.77.0.2
is "a0 down, --if a0: no next hop" dneigh ok=1 neigh_state= net_errno=101 dev_up=0
probe dtcp A --if a0 tcp 10.77.0.2
is "a0 down, --if a0: tcp unreachable" dtcp ok=1 tcp=unreachable net_errno=101
probe dpmtu A --if a0 pmtu 10.77.0.2
is "a0 down, --if a0: pmtu unknown, no route" dpmtu ok=1 pmtu_payload=0 net_errno=101
probe dmove A ping 10.77.0.2
is "a0 down: without --if the echoes move to a1, the other interface of the subnet" dmove \
	ok=1 dev=a1 src=10.77.0.11 received=3
ip -n "$A" link set a1 down
probe dnone A neigh 10.77.0.2
is "a0 and a1 down: no route at all" dnone ok=1 neigh_state= net_errno=101 dev=
ip -n "$A" link set a0 up
ip -n "$A" link set a1 up

# --- requests that cannot run ----------------------------------------------------------
probe noif A --if nosuch0 ping 10.77.0.2
is "an interface that does not exist: cannot run, ENODEV" noif ok=0 err=19 \
	error="no interface 'nosuch0' on this host"
inA "$P" bogus 10.77.0.2 >/dev/null 2>&1
[ $? = 2 ]
ok $? "an unknown probe kind is a usage error (exit 2)"

# --- memory: two probes under valgrind -----------------------------------------------
wait_for 30 oper_up "$A" a0
if [ -n "${RS_SANITIZERS:-}" ]; then
	skip "built with sanitizers: ASan checks memory instead of valgrind"
elif command -v valgrind >/dev/null; then
	r=0
	for k in neigh pmtu; do
		inA valgrind -q --leak-check=full --errors-for-leak-kinds=definite \
			--error-exitcode=9 "$P" "$k" 10.77.0.2 >"$TMP/vg.out" 2>"$TMP/vg.err" ||
			{ r=1; diag "$k: $(head -5 "$TMP/vg.err")"; }
	done
	ok $r "neigh and pmtu: no invalid access or definite leak under valgrind"
else
	skip "valgrind is not installed"
fi

plan "$rs_n"
exit 0
