#!/bin/bash
# test_collect_net.sh - the live network collectors (libnl-route-3 caches,
# RTM_GETROUTE peer lookup, SIOCETHTOOL) against real state built with `ip`
# in network namespaces of this run.  tests/net_probe prints what the
# collectors put in the snapshot; the kernel's own views (sysfs, `ip route
# get`, `ethtool -S`, `ethtool -a`) serve as independent references.
. "$top_srcdir/tests/lib.sh"
need_root_netns
PROBE="$top_builddir/tests/net_probe"
[ -x "$PROBE" ] || skip_all "tests/net_probe is not built"

A=rsna-$$
B=rsnb-$$
TMP=$(mktemp -d /tmp/rs-net-XXXXXX)
cleanup() {
	ip netns del "$A" 2>/dev/null
	ip netns del "$B" 2>/dev/null
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

inA() { ip netns exec "$A" "$@"; }
inB() { ip netns exec "$B" "$@"; }
# has FILE LINE: the probe printed exactly this line
has() { grep -qxF -- "$2" "$1"; }
# check DESCRIPTION FILE LINE, with the probe's lines on failure
check() {
	has "$2" "$3"
	ok $? "$1"
	has "$2" "$3" || diag "expected: $3" \
		"got: $(echo "$3" | cut -d' ' -f1-2 | xargs -I{} grep -F -- "{} " "$2" | head -3)"
}

setup() {
	ip netns add "$A" && ip netns add "$B" || return 1
	ip -n "$A" link set lo up
	ip -n "$B" link set lo up
	ip -n "$A" link add a0 type veth peer name b0 netns "$B" || return 1
	ip -n "$A" link set a0 mtu 9000
	ip -n "$A" addr add 10.77.0.1/24 dev a0
	ip -n "$A" addr add fd77::1/64 dev a0 nodad
	ip -n "$B" addr add 10.77.0.2/24 dev b0
	ip -n "$B" addr add fd77::2/64 dev b0 nodad
	ip -n "$A" link set a0 up
	ip -n "$B" link set b0 up
	ip -n "$A" route add default via 10.77.0.2
	ip -n "$A" route add 10.88.0.0/16 via 10.77.0.2 table 100
	ip -n "$A" route add 10.99.0.0/24 via 10.77.0.2 metric 50
	ip -n "$A" route add unreachable 198.51.100.0/24
	ip -n "$A" route add prohibit 198.51.101.0/24
	ip -n "$A" route add blackhole 198.51.102.0/24
	ip -n "$A" -6 route add default via fd77::2
	# A link that is down, and its peer (up, but its lower layer is down),
	# enslaved to a bridge.
	ip -n "$A" link add d0 type veth peer name d1 || return 1
	ip -n "$A" link add br0 type bridge || return 1
	ip -n "$A" link set d1 master br0
	ip -n "$A" link set d1 up
	# A link that will vanish during a counter refresh.
	ip -n "$A" link add x0 type veth peer name x1 || return 1
	ip -n "$A" link set x0 up
	# Neighbour resolution fails fast: one probe, 100 ms.
	inA sysctl -qw net.ipv4.neigh.a0.mcast_solicit=1 net.ipv4.neigh.a0.retrans_time_ms=100
}

setup || { echo "Bail out! cannot build the namespaces"; exit 1; }

# --- neighbours in every state we can produce -------------------------------
MAC_B=$(inB cat /sys/class/net/b0/address)
ip -n "$A" neigh add 10.77.0.50 lladdr 02:00:00:00:00:50 dev a0 nud permanent
ip -n "$A" neigh add 10.77.0.51 lladdr 02:00:00:00:00:51 dev a0 nud stale
ip -n "$A" neigh add 10.77.0.52 lladdr 02:00:00:00:00:52 dev a0 nud noarp
# A UDP datagram makes the kernel resolve the address: answered -> REACHABLE,
# unanswered -> INCOMPLETE, then FAILED.
inA bash -c 'echo x > /dev/udp/10.77.0.2/9; echo x > /dev/udp/10.77.0.60/9' 2>/dev/null
for i in $(seq 300); do
	ip -n "$A" neigh show 10.77.0.60 dev a0 | grep -q FAILED && break
	sleep 0.1
done
# The operational state follows carrier asynchronously (linkwatch): wait.
for i in $(seq 300); do
	[ "$(inA cat /sys/class/net/a0/operstate)" = up ] &&
		[ "$(inB cat /sys/class/net/b0/operstate)" = up ] && break
	sleep 0.1
done
# a0's IPv6 link-local address is tentative until duplicate address
# detection ends (about a second, much more on a loaded machine): until
# then the kernel will not route from it.  Wait for it to be usable.
lladdr_ready() {
	out=$(ip -n "$A" -6 addr show dev a0 scope link)
	case "$out" in *inet6*) ;; *) return 1 ;; esac
	case "$out" in *tentative*) return 1 ;; esac
	return 0
}
for i in $(seq 600); do
	lladdr_ready && break
	sleep 0.1
done
lladdr_ready || diag "a0's link-local address is still tentative after 60 s"

# --- optional link kinds: VLAN and bond, skipped where the kernel has none --
VLAN_WHY=""
ip -n "$A" link add link a0 name a0.42 type vlan id 42 2>"$TMP/vlan.err" ||
	VLAN_WHY="no VLAN support here ($(head -1 "$TMP/vlan.err"))"
BOND_WHY=""
if ip -n "$A" link add bond7 type bond 2>"$TMP/bond.err"; then
	ip -n "$A" link add e0 type veth peer name e1
	ip -n "$A" link set e0 master bond7 || BOND_WHY="cannot enslave e0 to bond7"
else
	BOND_WHY="no bonding support here ($(head -1 "$TMP/bond.err"))"
fi

inA "$PROBE" --peer 192.0.2.55 --ethtool >"$TMP/a.out" 2>"$TMP/a.err"
ok $? "net_probe runs in namespace A"
SYS_AFTER_A=$(inA cat /sys/class/net/a0/statistics/rx_packets)
inB "$PROBE" --peer 203.0.113.9 >"$TMP/b.out" 2>"$TMP/b.err"
ok $? "net_probe runs in namespace B"

# --- links -------------------------------------------------------------------
MAC_A=$(inA cat /sys/class/net/a0/address)
IDX_A=$(inA cat /sys/class/net/a0/ifindex)
check "a0: veth, MAC, MTU 9000, up with carrier" "$TMP/a.out" \
	"link a0 ifindex=$IDX_A kind=veth mac=$MAC_A mtu=9000 operstate=UP up=1 carrier=1 master= vlan_id=-1 vlan_parent="
check "b0: MTU 1500 on the other end" "$TMP/b.out" \
	"link b0 ifindex=$(inB cat /sys/class/net/b0/ifindex) kind=veth mac=$MAC_B mtu=1500 operstate=UP up=1 carrier=1 master= vlan_id=-1 vlan_parent="
grep -q "^link d0 .* operstate=DOWN up=0 carrier=0 " "$TMP/a.out"
ok $? "d0 (set down): operstate DOWN, up=0, carrier=0"
grep -q "^link d1 .* operstate=LOWERLAYERDOWN up=1 carrier=0 master=br0 " "$TMP/a.out"
ok $? "d1 (peer down): LOWERLAYERDOWN, up=1, carrier=0, master br0"
[ "$(inA cat /sys/class/net/d1/operstate)" = lowerlayerdown ]
ok $? "the kernel agrees d1 is lowerlayerdown (sysfs)"
grep -q "^link br0 .* kind=bridge " "$TMP/a.out"
ok $? "br0 has kind bridge"
grep -q "^link lo ifindex=1 kind= mac=00:00:00:00:00:00 mtu=65536 operstate=UNKNOWN up=1 carrier=1 " "$TMP/a.out"
ok $? "lo: no kind, UNKNOWN operstate, up"
if [ -z "$VLAN_WHY" ]; then
	grep -q "^link a0.42 .* kind=vlan .* vlan_id=42 vlan_parent=a0$" "$TMP/a.out"
	ok $? "a0.42: VLAN id 42 on parent a0"
else
	skip "VLAN link: $VLAN_WHY"
fi
if [ -z "$BOND_WHY" ]; then
	grep -q "^link bond7 .* kind=bond " "$TMP/a.out" &&
		grep -q "^link e0 .* master=bond7 " "$TMP/a.out"
	ok $? "bond7 has kind bond and e0 names it as master"
else
	skip "bond master: $BOND_WHY"
fi

# --- netdev statistics ---------------------------------------------------------
# carrier_changes (IFLA_CARRIER_CHANGES) is beside statistics/ in sysfs.
sed -n 's/^stat a0 \([^ ]*\) .*/\1/p' "$TMP/a.out" | grep -vx carrier_changes |
	sort >"$TMP/names.probe"
inA ls /sys/class/net/a0/statistics | sort >"$TMP/names.sysfs"
cmp -s "$TMP/names.probe" "$TMP/names.sysfs"
ok $? "a0 statistics carry the names of sys/class/net/a0/statistics ($(wc -l <"$TMP/names.probe"))"
P_RX=$(sed -n 's/^stat a0 rx_packets //p' "$TMP/a.out")
[ -n "$P_RX" ] && [ "$P_RX" -gt 0 ] && [ "$P_RX" -le "$SYS_AFTER_A" ] &&
	[ $((SYS_AFTER_A - P_RX)) -le 20 ]
ok $? "a0 rx_packets $P_RX matches sysfs read just after ($SYS_AFTER_A)"
grep -q "^ts a0 [1-9][0-9]* [1-9][0-9]*$" "$TMP/a.out"
ok $? "a0 statistics and ethtool readings carry a timestamp"

# --- addresses -----------------------------------------------------------------
check "a0 IPv4 address with prefix and scope" "$TMP/a.out" "addr a0 4 10.77.0.1/24 global"
check "a0 IPv6 address" "$TMP/a.out" "addr a0 6 fd77::1/64 global"
grep -q "^addr a0 6 fe80::[0-9a-f:]*/64 link$" "$TMP/a.out"
ok $? "a0 IPv6 link-local address with scope link"
check "lo IPv4 address with scope host" "$TMP/a.out" "addr lo 4 127.0.0.1/8 host"

# --- routes ----------------------------------------------------------------------
check "IPv4 default route" "$TMP/a.out" \
	"route 4 default gw=10.77.0.2 dev=a0 src= table=254 metric=0 scope=global type=unicast"
check "route in table 100" "$TMP/a.out" \
	"route 4 10.88.0.0/16 gw=10.77.0.2 dev=a0 src= table=100 metric=0 scope=global type=unicast"
check "route with metric 50" "$TMP/a.out" \
	"route 4 10.99.0.0/24 gw=10.77.0.2 dev=a0 src= table=254 metric=50 scope=global type=unicast"
check "connected route with preferred source" "$TMP/a.out" \
	"route 4 10.77.0.0/24 gw= dev=a0 src=10.77.0.1 table=254 metric=0 scope=link type=unicast"
check "unreachable route" "$TMP/a.out" \
	"route 4 198.51.100.0/24 gw= dev= src= table=254 metric=0 scope=global type=unreachable"
check "local route in table 255" "$TMP/a.out" \
	"route 4 10.77.0.1/32 gw= dev=a0 src=10.77.0.1 table=255 metric=0 scope=host type=local"
grep -q "^route 6 default gw=fd77::2 dev=a0 src= table=254 metric=[0-9]* scope=global type=unicast$" "$TMP/a.out"
ok $? "IPv6 default route"

# --- peer route lookup (RTM_GETROUTE) ------------------------------------------
ref=$(ip -n "$A" route get 192.0.2.55 | head -1)
check "peer via the default route: dev, source, gateway" "$TMP/a.out" \
	"peer 192.0.2.55 ok=1 dev=a0 src=10.77.0.1 gw=10.77.0.2 error="
case "$ref" in *"via 10.77.0.2 dev a0 src 10.77.0.1"*) r=0 ;; *) r=1 ;; esac
ok $r "ip route get agrees: $ref"
check "peer with no route: ok=0 and the kernel's reason" "$TMP/b.out" \
	"peer 203.0.113.9 ok=0 dev= src= gw= error=Network is unreachable"
ip -n "$B" route get 203.0.113.9 2>&1 | grep -q "Network is unreachable"
ok $? "ip route get agrees the network is unreachable"
inA "$PROBE" --peer fd77::2 >"$TMP/a6.out"
check "IPv6 peer on the link" "$TMP/a6.out" "peer fd77::2 ok=1 dev=a0 src=fd77::1 gw= error="
inA "$PROBE" --peer 198.51.100.7 >"$TMP/au.out"
check "peer behind an unreachable route" "$TMP/au.out" \
	"peer 198.51.100.7 ok=0 dev= src= gw= error=No route to host"
inA "$PROBE" --peer 198.51.101.7 >"$TMP/ap.out"
check "peer behind a prohibit route" "$TMP/ap.out" \
	"peer 198.51.101.7 ok=0 dev= src= gw= error=Permission denied"
inA "$PROBE" --peer 198.51.102.7 >"$TMP/ah.out"
check "peer behind a blackhole route" "$TMP/ah.out" \
	"peer 198.51.102.7 ok=0 dev= src= gw= error=Invalid argument"
# a0's own link-local address is the source; it exists once the link is up
# and stays tentative until DAD ends (about a second): wait for that state.
ll_ready() { ip -n "$A" -6 addr show dev a0 scope link | grep -v tentative | grep -q 'inet6 fe80'; }
for _ in $(seq 100); do ll_ready && break; sleep 0.1; done
inA "$PROBE" --peer 'fe80::99%a0' >"$TMP/ak.out"
grep -q "^peer fe80::99%a0 ok=1 dev=a0 src=fe80::[0-9a-f:]* gw= error=$" "$TMP/ak.out"
ok $? "scoped link-local peer fe80::99%a0 leaves through a0"
inA "$PROBE" --peer 10.77.0.1 >"$TMP/al.out"
check "own address goes through lo" "$TMP/al.out" "peer 10.77.0.1 ok=1 dev=lo src=10.77.0.1 gw= error="
inA "$PROBE" --peer not-an-address >"$TMP/ab.out"
check "a bad address gives ok=0 and says why" "$TMP/ab.out" \
	"peer not-an-address ok=0 dev= src= gw= error=not an IPv4 or IPv6 address: 'not-an-address'"

# --- neighbours ---------------------------------------------------------------------
check "REACHABLE neighbour with its MAC" "$TMP/a.out" "neigh a0 4 10.77.0.2 mac=$MAC_B state=REACHABLE"
check "PERMANENT neighbour" "$TMP/a.out" "neigh a0 4 10.77.0.50 mac=02:00:00:00:00:50 state=PERMANENT"
check "STALE neighbour" "$TMP/a.out" "neigh a0 4 10.77.0.51 mac=02:00:00:00:00:51 state=STALE"
check "NOARP neighbour" "$TMP/a.out" "neigh a0 4 10.77.0.52 mac=02:00:00:00:00:52 state=NOARP"
check "FAILED neighbour has no MAC" "$TMP/a.out" "neigh a0 4 10.77.0.60 mac= state=FAILED"

# --- ethtool: statistics and pause against ethtool(8) -------------------------------
inA ethtool -S a0 | sed -n 's/^ *\([^:]*\): \([0-9]*\)$/\1 \2/p' >"$TMP/ethtool.ref"
sed -n 's/^ethtool a0 //p' "$TMP/a.out" >"$TMP/ethtool.probe"
cmp -s <(cut -d' ' -f1 "$TMP/ethtool.ref") <(cut -d' ' -f1 "$TMP/ethtool.probe")
ok $? "a0 ethtool stat names equal ethtool -S ($(wc -l <"$TMP/ethtool.ref") names)"
paste -d' ' "$TMP/ethtool.ref" "$TMP/ethtool.probe" |
	awk '{ d = $2 - $4; if (d < 0) d = -d; if ($1 != $3 || d > 20) bad = 1 } END { exit bad }'
ok $? "a0 ethtool stat values match ethtool -S (within 20)"
grep -q "^ethtool a0 peer_ifindex $(inB cat /sys/class/net/b0/ifindex)$" "$TMP/a.out"
ok $? "a0 peer_ifindex is b0's ifindex"
pause_ref=$(inA ethtool -a a0 2>&1)
case "$pause_ref" in
*"not supported"*)
	check "pause unsupported on veth: known=0" "$TMP/a.out" "pause a0 known=0 autoneg=0 rx=0 tx=0" ;;
*)
	onoff() { echo "$pause_ref" | grep -q "^$1:[[:space:]]*on" && echo 1 || echo 0; }
	check "pause settings match ethtool -a" "$TMP/a.out" \
		"pause a0 known=1 autoneg=$(onoff Autonegotiate) rx=$(onoff RX) tx=$(onoff TX)" ;;
esac
! grep -q "^error" "$TMP/a.out"
ok $? "no collection error in namespace A"
grep "^error" "$TMP/a.out" | head -3 | while read -r l; do diag "$l"; done

# --- memory: the whole collection under valgrind ---------------------------------
if [ -n "${RS_SANITIZERS:-}" ]; then
	skip "built with sanitizers: ASan checks memory instead of valgrind"
elif command -v valgrind >/dev/null; then
	inA valgrind -q --leak-check=full --errors-for-leak-kinds=definite \
		--error-exitcode=9 "$PROBE" --peer 192.0.2.55 --ethtool >/dev/null 2>"$TMP/vg.err"
	ok $? "no invalid access or definite leak under valgrind"
	[ -s "$TMP/vg.err" ] && diag "$(head -5 "$TMP/vg.err")"
else
	skip "valgrind is not installed"
fi

# --- counter refresh --------------------------------------------------------------------
rm -f "$TMP/marker"
{
	for i in $(seq 300); do [ -e "$TMP/marker" ] && break; sleep 0.1; done
	inA bash -c 'for i in 1 2 3 4 5; do printf "%1000s" x > /dev/udp/10.77.0.2/9; done'
	ip -n "$A" link del x0
	echo go
} | inA "$PROBE" --ethtool --refresh "$TMP/marker" >"$TMP/r.out"
ok $? "net_probe --refresh runs"
t1=$(sed -n 's/^stat a0 tx_packets //p' "$TMP/r.out")
t2=$(sed -n 's/^stat2 a0 tx_packets //p' "$TMP/r.out")
[ -n "$t1" ] && [ -n "$t2" ] && [ $((t2 - t1)) -ge 5 ]
ok $? "refreshed tx_packets grew by the 5 datagrams sent ($t1 -> $t2)"
read -r _ _ s1 e1 <<<"$(grep '^ts a0 ' "$TMP/r.out")"
read -r _ _ s2 e2 <<<"$(grep '^ts2 a0 ' "$TMP/r.out")"
[ "${s2:-0}" -gt "${s1:-0}" ] && [ "${e2:-0}" -gt "${e1:-0}" ]
ok $? "statistics and ethtool values were re-read (newer timestamps)"
cmp -s <(sed -n 's/^ethtool a0 \([^ ]*\) .*/\1/p' "$TMP/r.out") \
	<(sed -n 's/^ethtool2 a0 \([^ ]*\) .*/\1/p' "$TMP/r.out")
ok $? "ethtool names are stable across the refresh"
cmp -s <(sed -n 's/^\(stat\|ethtool\) x0 //p' "$TMP/r.out") \
	<(sed -n 's/^\(stat2\|ethtool2\) x0 //p' "$TMP/r.out") &&
	grep -q "^stat2 x0 rx_packets " "$TMP/r.out"
ok $? "x0, deleted before the refresh, keeps its last values"
! grep -q "^error" "$TMP/r.out"
ok $? "a vanished link is no error (netlink nor ethtool ENODEV)"
grep "^error" "$TMP/r.out" | head -3 | while read -r l; do diag "$l"; done

# --- cost of the once-a-second refresh ---------------------------------------------
# A figure, not an assertion on time (this machine may be loaded): the
# refresh covers every link, and what it cost is printed.
for i in $(seq 0 19); do ip -n "$B" link add v$i type veth peer name w$i; done
read -r _ nl calls us <<<"$(inB "$PROBE" --ethtool --bench 20)"
[ "${nl:-0}" -ge 42 ] && [ "${calls:-0}" = 20 ]
ok $? "a counter refresh covers all $nl links (netlink + ethtool), 20 times"
diag "counter refresh of $nl links: ${us} us per refresh (make bench has the figures)"

plan "$rs_n"
exit 0
