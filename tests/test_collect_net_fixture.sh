#!/bin/bash
# test_collect_net_fixture.sh - links of a fixture root (--root DIR), read
# from a small sys/class/net + proc/net/vlan tree made here: what a recorded
# host looks like to rs_collect_net when there is no kernel to ask.
. "$top_srcdir/tests/lib.sh"
PROBE="$top_builddir/tests/net_probe"
[ -x "$PROBE" ] || skip_all "tests/net_probe is not built"

ROOT=$(mktemp -d "${TMPDIR:-/tmp}"/rs-netfix-XXXXXX)
trap 'rm -rf "$ROOT"' EXIT

# mkif NAME IFINDEX MTU OPERSTATE FLAGS MAC [CARRIER]
mkif() {
	local d="$ROOT/sys/class/net/$1"

	mkdir -p "$d/statistics"
	echo "$2" >"$d/ifindex"
	echo "$3" >"$d/mtu"
	echo "$4" >"$d/operstate"
	echo "$5" >"$d/flags"
	echo "$6" >"$d/address"
	[ -n "$7" ] && echo "$7" >"$d/carrier"
	echo "INTERFACE=$1" >"$d/uevent"
	echo "IFINDEX=$2" >>"$d/uevent"
	for s in rx_bytes tx_bytes rx_packets tx_packets rx_errors tx_errors \
		rx_dropped tx_dropped rx_crc_errors rx_missed_errors multicast; do
		echo 0 >"$d/statistics/$s"
	done
}

mkif eth0 2 4200 up 0x1003 0c:42:a1:00:00:01 1
mkif eth1 3 1500 down 0x1002 0c:42:a1:00:00:02	# down: no carrier file
mkif bond0 5 9000 up 0x1403 0c:42:a1:00:00:01 1
mkif eth0.100 6 4200 up 0x1003 0c:42:a1:00:00:01 1
echo "DEVTYPE=bond" >>"$ROOT/sys/class/net/bond0/uevent"
echo "DEVTYPE=vlan" >>"$ROOT/sys/class/net/eth0.100/uevent"
ln -s ../bond0 "$ROOT/sys/class/net/eth0/master"
echo 123456789012 >"$ROOT/sys/class/net/eth0/statistics/rx_bytes"
echo 42 >"$ROOT/sys/class/net/eth0/statistics/rx_crc_errors"
echo garbage >"$ROOT/sys/class/net/eth1/mtu"
mkdir -p "$ROOT/proc/net/vlan"
printf '%s\n' "eth0.100  VID: 100	 REORDER_HDR: 1  dev->priv_flags: 1001" \
	"         total frames received            0" \
	"Device: eth0" \
	"INGRESS priority mappings: 0:0  1:0  2:0  3:0  4:0  5:0  6:0 7:0" \
	>"$ROOT/proc/net/vlan/eth0.100"

OUT="$ROOT/out"
"$PROBE" --root "$ROOT" --peer 10.0.0.1 --ethtool >"$OUT" 2>"$ROOT/err"
ok $? "net_probe runs on the fixture root"
grep -qxF "link eth0 ifindex=2 kind= mac=0c:42:a1:00:00:01 mtu=4200 operstate=UP up=1 carrier=1 master=bond0 vlan_id=-1 vlan_parent=" "$OUT"
ok $? "eth0: ifindex, MAC, MTU, UP, carrier, master from the symlink"
grep -qxF "link eth1 ifindex=3 kind= mac=0c:42:a1:00:00:02 mtu=0 operstate=DOWN up=0 carrier=0 master= vlan_id=-1 vlan_parent=" "$OUT"
ok $? "eth1: down, no carrier file, malformed mtu read as unknown (0)"
grep -q "^link bond0 ifindex=5 kind=bond .* mtu=9000 operstate=UP up=1 " "$OUT"
ok $? "bond0: kind from uevent DEVTYPE"
grep -qxF "link eth0.100 ifindex=6 kind=vlan mac=0c:42:a1:00:00:01 mtu=4200 operstate=UP up=1 carrier=1 master= vlan_id=100 vlan_parent=eth0" "$OUT"
ok $? "eth0.100: VLAN id and parent from proc/net/vlan"
grep -qxF "stat eth0 rx_bytes 123456789012" "$OUT" &&
	grep -qxF "stat eth0 rx_crc_errors 42" "$OUT"
ok $? "eth0 statistics values from statistics/"
[ "$(grep -c '^stat eth0 ' "$OUT")" = 11 ]
ok $? "every statistics file becomes a counter (11)"
! grep -q "^\(addr\|route\|neigh\|ethtool\) " "$OUT"
ok $? "no addresses, routes, neighbours or ethtool stats without a live kernel"
grep -qxF "pause eth0 known=0 autoneg=0 rx=0 tx=0" "$OUT"
ok $? "pause unknown on a fixture root"
! grep -q "^peer " "$OUT"
ok $? "no peer lookup on a fixture root (the recorded twin has no kernel to ask)"
"$ROCESCOPE" --root "$ROOT" --peer 10.0.0.1 check --interval 0 >"$ROOT/chk" 2>&1
grep -qx "SKIP  net.peer_route         10.0.0.1        peer 10.0.0.1: the recording has no routes to look it up in" "$ROOT/chk"
ok $? "the peer check on a fixture root: skipped, and why (unknown is not bad)"
grep -qxF "error sysfs eth1 mtu: not a decimal number" "$OUT"
ok $? "the malformed mtu file is reported"
[ "$(grep -c "^error " "$OUT")" = 1 ]
ok $? "no other collection error for the fixture tree"

# Counter refresh re-reads statistics/ only.
rm -f "$ROOT/marker"
{
	for i in $(seq 300); do [ -e "$ROOT/marker" ] && break; sleep 0.1; done
	echo 123456790000 >"$ROOT/sys/class/net/eth0/statistics/rx_bytes"
	echo go
} | "$PROBE" --root "$ROOT" --refresh "$ROOT/marker" >"$ROOT/r.out"
ok $? "net_probe --refresh runs on the fixture root"
grep -qxF "stat2 eth0 rx_bytes 123456790000" "$ROOT/r.out"
ok $? "refresh sees the new rx_bytes"

# A tree without sys/class/net: no links, and that is not an error.
EMPTY="$ROOT/empty"
mkdir -p "$EMPTY"
"$PROBE" --root "$EMPTY" >"$ROOT/e.out"
ok $? "net_probe runs on a root without sys/class/net"
[ ! -s "$ROOT/e.out" ]
ok $? "nothing collected, nothing reported"

plan "$rs_n"
exit 0
