#!/bin/sh
# SPDX-License-Identifier: MIT
# test_cli.sh - the rocescope command line: options, exit codes, and the
# devices / gids / snapshot / counters views on the bundled demo host, a
# saved snapshot, a malformed one and the fixture trees.
. "$top_srcdir/tests/lib.sh"

R=$ROCESCOPE
JC=$top_builddir/tests/json_check
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-cli-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

plan 64

# --- options and exit codes ---------------------------------------------
$R --help >"$T/out" 2>"$T/err"
ok $? "--help exits 0"
grep -q '^Usage: rocescope' "$T/out" && grep -q 'gids' "$T/out" && [ ! -s "$T/err" ]
ok $? "--help prints the usage with the commands on stdout"
$R help >"$T/out2" 2>&1 && cmp -s "$T/out" "$T/out2"
ok $? "'rocescope help' is --help"
$R --version >"$T/out" 2>&1 && grep -Eq '^rocescope [0-9]+\.[0-9]+' "$T/out"
ok $? "--version prints the version"
# The commit: from .tarball-commit in a tree made by `make dist`, else from
# git when the source tree is a checkout (src/version.h).
if [ -f "$top_srcdir/.tarball-commit" ]; then
	want=$(cat "$top_srcdir/.tarball-commit")
elif [ "$(cd "$top_srcdir" && git rev-parse --show-toplevel 2>/dev/null)" = "$(cd "$top_srcdir" && pwd -P)" ]; then
	want=$(cd "$top_srcdir" && git rev-parse --short=12 HEAD)
else
	want=
fi
if [ -n "$want" ]; then
	grep -q "^rocescope [0-9.]* (commit ${want%-dirty}\(-dirty\)\{0,1\})\$" "$T/out"
	ok $? "--version names the commit it was built from ($want)"
else
	skip "--version commit: the source is neither a git checkout nor a dist tarball"
fi
$R gids --help >"$T/out" 2>&1 && grep -q 'rocescope .*gids' "$T/out"
ok $? "CMD --help prints that command's usage"
$R help counters >"$T/out" 2>&1 && grep -q -- '--interval' "$T/out"
ok $? "'help counters' names its options"
$R --frobnicate >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'frobnicate' "$T/err" && [ ! -s "$T/out" ]
ok $? "unknown option: exit 2, message on stderr"
$R --demo frobnicate >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && grep -q "unknown command 'frobnicate'" "$T/err"
ok $? "unknown command: exit 2, message on stderr"
$R --demo devices extra >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q "unexpected argument 'extra'" "$T/err"
ok $? "extra argument: exit 2"
$R --demo --interval 1 devices >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q 'does not apply' "$T/err"
ok $? "an option of another command is refused"
$R --demo counters --interval abc >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q "invalid value 'abc'" "$T/err"
ok $? "bad --interval value: exit 2"
$R --demo --load "$T/x.yaml" devices >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q 'choose one of' "$T/err"
ok $? "--demo with --load: exit 2"
$R --demo snapshot --json >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q 'YAML' "$T/err"
ok $? "snapshot --json is refused"
$R snapshot --help >"$T/out" 2>&1 && ! grep -q -- '--json' "$T/out" &&
	grep -q '^Global options: --root DIR, --load FILE, --demo, --replay FILE,$' "$T/out" &&
	grep -q '^                --peer IP, --help$' "$T/out"
ok $? "snapshot --help does not list --json, which it refuses"
: >"$T/help"
for c in "" devices gids snapshot counters check capture explain serve bw lat help; do
	$R help $c >>"$T/help" 2>&1 || echo "help $c failed" >>"$T/help"
done
! grep -q '[[:space:]]$' "$T/help" && awk 'length($0) > 80 { bad = 1 } END { exit bad }' "$T/help" &&
	! grep -q 'failed$' "$T/help"
ok $? "every help text: no trailing space, fits 80 columns"
$R help help >"$T/out" 2>&1 && grep -q '^Usage: rocescope help \[COMMAND\]$' "$T/out"
ok $? "'rocescope help help' explains help (exit 0)"
: >"$T/err"
for args in "--frob" "devices --frob" "devices -Z" "--peer" "counters -i" "--demo=1 devices" \
	"frob" "help frob" "devices extra" "--demo --interval 1 devices" "--demo counters -i x" \
	"--demo --load x devices" "--demo snapshot --json" "--demo check --peer nope"; do
	# shellcheck disable=SC2086 # the words are the arguments
	$R $args >/dev/null 2>>"$T/err"
done
[ "$(wc -l <"$T/err")" -ge 14 ] && ! grep -v '^rocescope: ' "$T/err"
ok $? "usage errors: one line each, all starting 'rocescope: ' (no ./path or 'devices:' from getopt)"

# --- devices ---------------------------------------------------------------
$R --demo devices >"$T/dev" 2>"$T/err"
ok $? "--demo devices exits 0"
grep -q '^mlx5_0  ConnectX-5' "$T/dev" && grep -q '^mlx5_1  ConnectX-5' "$T/dev" &&
	grep -q 'firmware 16.35.2000' "$T/dev" && grep -q 'PSID     MT_0000000012' "$T/dev"
ok $? "devices: generation, firmware, PSID"
grep -q 'PCI      0000:3b:00.1 \[15b3:1017\]  8 GT/s x8 (max 8 GT/s x16)  DEGRADED' "$T/dev"
ok $? "devices: degraded PCI link marked"
grep -q 'netdev ens1f0np0  MTU 9000  RoCE MTU 4096 (max 4096)' "$T/dev" &&
	grep -q 'netdev ens1f1np1  MTU 1500  RoCE MTU 1024 (max 4096)' "$T/dev"
ok $? "devices: netdev, its MTU and the RoCE MTU per port"
grep -q 'port 1   ACTIVE / LinkUp  Ethernet  100 Gb/sec (4X EDR)' "$T/dev"
ok $? "devices: port state, link layer, rate"
awk 'length($0) > 80 { bad = 1 } END { exit bad }' "$T/dev"
ok $? "devices: text fits 80 columns"
$R --demo devices --json >"$T/devj" && "$JC" <"$T/devj"
ok $? "devices --json is valid JSON"
grep -q '"degraded": true' "$T/devj" && grep -q '"netdev_mtu": 1500' "$T/devj"
ok $? "devices --json carries the same facts"

# --- gids ------------------------------------------------------------------
$R --demo gids >"$T/gids" 2>"$T/err"
ok $? "--demo gids exits 0"
head -1 "$T/gids" | grep -Eq '^DEV +PORT +INDEX +GID +IPv4 +VER +DEV'
ok $? "gids: show_gids header"
grep -q '^mlx5_0 port 1: use GID index 3 (RoCE v2, 192.168.100.1 on ens1f0np0): ib_write_bw -x 3 | NCCL_IB_GID_INDEX=3 | UCX_IB_GID_INDEX=3$' "$T/gids"
ok $? "gids: mlx5_0 recommends index 3 with the three settings"
grep -q '^mlx5_1 port 1: use GID index 3 (RoCE v2, 192.168.100.2 on ens1f1np1)' "$T/gids"
ok $? "gids: mlx5_1 recommends index 3"
grep -Eq '^mlx5_0 +1 +0 +fe80:0000:0000:0000:9a03:9bff:fe0a:1b2c +v1 +ens1f0np0 +trap: RoCE v1$' "$T/gids" &&
	grep -Eq '^mlx5_0 +1 +1 +fe80:.* +v2 +ens1f0np0 +trap: link-local$' "$T/gids" &&
	grep -Eq '^mlx5_0 +1 +2 +0000:0000:0000:0000:0000:ffff:c0a8:6401 +192\.168\.100\.1 +v1 +ens1f0np0 +trap: RoCE v1$' "$T/gids"
ok $? "gids: the trap rows (v1, link-local) are marked"
grep -Eq '^mlx5_0 +1 +3 +0000:0000:0000:0000:0000:ffff:c0a8:6401 +192\.168\.100\.1 +v2 +ens1f0np0 +use$' "$T/gids"
ok $? "gids: the recommended row is marked"
awk '$1 == "mlx5_0" && $2 == "1" && $3 ~ /^[0-9]+$/ { if ($3 + 0 < last) bad = 1; last = $3 + 0; n++ }
	END { exit bad || n != 6 }' "$T/gids"
ok $? "gids: rows in numeric index order"
# A 15-character netdev name (enP1p216s0f0np0: PCI domain naming) and a
# long device name: the columns are sized from the data, every row lines
# up under the header (VER and NOTE start where the header says).
cp -a "$top_srcdir/tests/fixtures/roce-cx5" "$T/long" && chmod -R u+w "$T/long" &&
	for f in "$T"/long/sys/class/infiniband/mlx5_0/ports/1/gid_attrs/ndevs/*; do
		[ -s "$f" ] && echo enP1p216s0f0np0 >"$f"; done &&
	mv "$T/long/sys/class/infiniband/mlx5_1" "$T/long/sys/class/infiniband/mlx5_bond_10" &&
	$R --root "$T/long" gids >"$T/lg" 2>"$T/err" &&
	grep -q ' enP1p216s0f0np0 ' "$T/lg" && grep -q '^mlx5_bond_10 ' "$T/lg" &&
	awk 'NR == 1 { ver = index($0, " VER "); note = index($0, " NOTE") }
		NR > 1 && NF >= 6 && $2 ~ /^[0-9]+$/ { n++
			if (substr($0, ver + 1, 1) != "v" && substr($0, ver + 1, 1) != "?") bad = 1
			if (length($0) > note && substr($0, note, 1) != " ") bad = 1 }
		/^$/ { exit } END { exit bad || n < 4 }' "$T/lg"
ok $? "gids: a 15-character netdev and a long device name keep every column aligned"
$R --demo gids --json >"$T/gj" && "$JC" <"$T/gj"
ok $? "gids --json is valid JSON"
$R --json --demo gids >"$T/gj2" && cmp -s "$T/gj" "$T/gj2"
ok $? "--json before or after the command gives the same output"
grep -q '"perftest": "-x 3"' "$T/gj" && grep -q '"nccl": "NCCL_IB_GID_INDEX=3"' "$T/gj" &&
	grep -q '"ucx": "UCX_IB_GID_INDEX=3"' "$T/gj"
ok $? "gids --json carries the settings"
printf '{"a": [1, 2,]}' | "$JC" 2>/dev/null
[ $? -eq 1 ]
ok $? "json_check rejects invalid JSON (the check can fail)"

# --- snapshot / load ----------------------------------------------------------
$R --demo snapshot -o "$T/snap.yaml" 2>"$T/err" && [ -s "$T/snap.yaml" ] && [ ! -e "$T/snap.yaml.tmp" ]
ok $? "snapshot -o FILE writes the file"
$R --load "$T/snap.yaml" devices >"$T/dev2" 2>"$T/err" && cmp -s "$T/dev" "$T/dev2"
ok $? "--load of the saved snapshot shows the same devices as --demo"
$R --demo snapshot >"$T/snap2.yaml" && cmp -s "$T/snap.yaml" "$T/snap2.yaml"
ok $? "snapshot to stdout equals snapshot -o"
grep -q '^  NIC      Mellanox Technologies MT27800 Family \[ConnectX-5\]$' "$T/dev"
ok $? "devices names the demo's NIC as pci.ids does"
grep -Ev '^ *(vendor|device)_name:' "$T/snap.yaml" >"$T/nonames.yaml"
$R --load "$T/nonames.yaml" devices >"$T/out" 2>"$T/err" &&
	grep -q '^  NIC      (not named: the snapshot carries no PCI names)$' "$T/out"
ok $? "a snapshot without PCI names says so, not an empty NIC line"
printf 'version: 1\ndevices:\n  - name: [oops\n' >"$T/bad.yaml"
$R --load "$T/bad.yaml" devices >"$T/out" 2>"$T/err"
[ $? -eq 1 ] && grep -Eq "bad\.yaml:[0-9]+:[0-9]+: " "$T/err"
ok $? "--load of a malformed file: line:col message, exit 1"
$R --load "$T/missing.yaml" devices >/dev/null 2>"$T/err"
[ $? -eq 1 ] && grep -q 'missing.yaml' "$T/err"
ok $? "--load of a missing file: exit 1, names the file"

# --- counters -------------------------------------------------------------------
$R --demo counters --interval 0.2 --count 3 >"$T/cnt" 2>"$T/err"
ok $? "counters on the demo exits 0"
rate() { # rate INTERVAL OBJECT COUNTER -> the rate column
	awk -v n="$1" -v o="$2" -v c="$3" '/^interval / { cur = $2 }
		cur == n && $1 == o && $3 == c { print $4, $5 }' "$T/cnt"
}
# 4 100 000 000 B/s (port_xmit_data in 4-byte words, scaled) = 32.8 Gb/s
[ "$(rate 1 mlx5_0/1 port_xmit_data)" = "32.80 Gb/s" ] &&
	[ "$(rate 2 mlx5_0/1 port_xmit_data)" = "33.60 Gb/s" ] &&
	[ "$(rate 3 mlx5_0/1 port_xmit_data)" = "34.40 Gb/s" ] &&
	[ "$(rate 1 mlx5_1/1 port_rcv_data)" = "64.00 Mb/s" ]
ok $? "counters: exact demo data rates in Gb/s (bits, SI; 4-byte words scaled)"
[ "$(rate 1 mlx5_0/1 port_xmit_packets)" = "1.00 Mpps" ] &&
	[ "$(rate 1 mlx5_0/1 port_rcv_packets)" = "897.50 kpps" ]
ok $? "counters: packet counters in pps"
# a tick of the demo lasts the interval: 3 errors a second are 0.6 in
# 0.2 s, whole counts only when the interval is a whole second
$R --demo counters --interval 1 --count 3 >"$T/cnt1" 2>/dev/null
rate1() { awk -v n="$1" -v o="$2" -v c="$3" '/^interval / { cur = $2 }
		cur == n && $1 == o && $3 == c { print $4, $5 }' "$T/cnt1"; }
[ "$(rate1 2 mlx5_1/1 out_of_sequence)" = "3.00 /s" ] &&
	[ "$(rate1 3 mlx5_1/1 local_ack_timeout_err)" = "1.00 /s" ] &&
	[ "$(rate1 1 ens1f1np1 rx_pause_ctrl_phy)" = "1240.00 /s" ] &&
	[ "$(rate 1 ens1f1np1 rx_pause_ctrl_phy)" = "1240.00 /s" ]
ok $? "counters: the problem port's errors and pause frames rise"
[ "$(grep -c '^interval ' "$T/cnt")" = 3 ] && ! grep -q 'symbol_error' "$T/cnt"
ok $? "counters: one block per interval, only counters that moved"
$R --demo counters --interval 0.1 --count 2 --json >"$T/cj" && "$JC" <"$T/cj" &&
	grep -q '"rate": 4200000000' "$T/cj"
ok $? "counters --json is valid JSON with the rates"
tr -d ' \n' <"$T/cj" | grep -Eq '"counter":"port_xmit_data","value":[0-9]+,"delta":420000000,"rate":4200000000(\.0+)?,"unit":"bytes"' &&
	tr -d ' \n' <"$T/cj" | grep -Eq '"counter":"port_xmit_packets","value":[0-9]+,"delta":[0-9]+,"rate":[0-9.]+,"unit":"packets"'
ok $? "counters --json: exact rates in bytes (not bits) and packets, with the unit"
$R --load "$T/snap.yaml" counters --count 2 >"$T/cs" 2>&1 &&
	grep -q '^counters are static' "$T/cs" && grep -Eq 'port_xmit_data +411753902440 B' "$T/cs"
ok $? "counters on a file: static totals"

# --- fixture roots --------------------------------------------------------
fx=$top_srcdir/tests/fixtures
if [ -d "$fx" ] && ls "$fx"/*/sys/class/infiniband >/dev/null 2>&1; then
	bad=0
	for root in "$fx"/*/; do
		[ -d "$root/sys/class/infiniband" ] || continue
		$R --root "$root" devices >"$T/fd" 2>"$T/fe" || bad=1
		$R --root "$root" gids --json >"$T/fg" 2>>"$T/fe" && "$JC" <"$T/fg" || bad=1
		[ -s "$T/fd" ] || bad=1
	done
	ok $bad "devices and gids run on every fixture tree"
else
	skip "no fixture trees under tests/fixtures yet"
fi
if [ -d "$fx/roce-cx5/sys/class/infiniband" ]; then
	$R --root "$fx/roce-cx5" devices 2>/dev/null |
		grep -q 'PCI      0000:a2:00.0 \[15b3:1017\]  8 GT/s x8 (max 16 GT/s x16)  DEGRADED'
	ok $? "fixture roce-cx5: degraded PCI link from sysfs"
	$R --root "$fx/roce-cx5" gids >"$T/fg" 2>/dev/null &&
		grep -q '^mlx5_0 port 1: use GID index 3 (RoCE v2, 192.168.10.11 on ens1f0np0)' "$T/fg" &&
		grep -q '^mlx5_1 port 1: use GID index 3 (RoCE v2, 10.20.0.11 on bond0)' "$T/fg"
	ok $? "fixture roce-cx5: GID index per port, bond netdev included"
else
	skip "fixture roce-cx5 missing"
	skip "fixture roce-cx5 missing"
fi
if [ -d "$fx/roce-rxe/sys/class/infiniband" ]; then
	$R --root "$fx/roce-rxe" gids 2>/dev/null |
		grep -q '^rxe0 port 1: use GID index 1 (RoCE v2, 10.99.0.1 on veth0)'
	ok $? "fixture roce-rxe: Soft-RoCE index 1 (rxe has no v1 twins)"
else
	skip "fixture roce-rxe missing"
fi

# --- check -----------------------------------------------------------------
$R --demo check >"$T/chk" 2>"$T/err"
[ $? -eq 1 ] && [ ! -s "$T/err" ]
ok $? "--demo check: exit 1 (a check fails), nothing on stderr"
grep -qx 'FAIL  pci.link_degraded      mlx5_1          PCI link below max: 8.0 GT/s x8 of 8.0 GT/s x16 (check slot, riser, BIOS)' "$T/chk" &&
	grep -qx '      remedy:   reseat the NIC in a x16 slot (no narrower riser), set the slot to its maximum PCIe speed in the BIOS; confirm with lspci -vv -s 0000:3b:00.1 (LnkSta)' "$T/chk"
ok $? "check: the degraded PCI link with its remedy"
grep -qx 'WARN  port.roce_mtu_small    mlx5_1 port 1   ens1f1np1 MTU 1500 < 4200: RoCE MTU 1024, not 4096' "$T/chk" &&
	grep -qx '      evidence: /sys/class/net/ens1f1np1/mtu: 1500 -> RoCE MTU 1024' "$T/chk" &&
	grep -q '^      remedy:   ip link set ens1f1np1 mtu 9000 ' "$T/chk"
ok $? "check: the small MTU with evidence and the command to run"
grep -qx 'PASS  host.memlock_small     host            this process (no CAP_IPC_LOCK): memlock soft unlimited, hard unlimited' "$T/chk" &&
	grep -qx '9 fail, 15 warn, 38 pass, 22 skip (demo)' "$T/chk"
ok $? "check: passes listed, counts at the end"
$R --demo check --json >"$T/chkj"
[ $? -eq 1 ] && "$JC" <"$T/chkj" &&
	grep -q '"id": *"net.neigh_failed"' "$T/chkj" &&
	tr -d ' \n' <"$T/chkj" | grep -q '"counts":{"pass":38,"warn":15,"fail":9,"skip":22}'
ok $? "check --json: valid JSON, findings and counts, exit 1"
if [ -d "$fx/roce-rxe/sys/class/infiniband" ]; then
	$R --root "$fx/roce-rxe" check >"$T/chk" 2>/dev/null
	[ $? -eq 0 ] && grep -qx 'SKIP  net.shared_subnet      host            no addresses in the snapshot' "$T/chk" &&
		grep -qx 'SKIP  pci.link_degraded      rxe0            no PCI function (virtual)' "$T/chk" &&
		grep -q '^0 fail, 2 warn, 9 pass, 43 skip (root ' "$T/chk"
	ok $? "check on fixture roce-rxe: no fail (exit 0), skips where the tree has no data"
else
	skip "fixture roce-rxe missing"
fi
if [ -d "$fx/roce-cx5/sys/class/infiniband" ]; then
	$R --root "$fx/roce-cx5" check >"$T/chk" 2>/dev/null
	[ $? -eq 1 ] && grep -qx 'FAIL  pci.link_degraded      mlx5_0          PCI link below max: 8.0 GT/s x8 of 16.0 GT/s x16 (check slot, riser, BIOS)' "$T/chk" &&
		grep -qx 'WARN  port.roce_mtu_small    mlx5_1 port 1   bond0 MTU 1500 < 4200: RoCE MTU 1024, not 4096' "$T/chk"
	ok $? "check on fixture roce-cx5: degraded PCI link fails (exit 1), bond0 MTU warned"
else
	skip "fixture roce-cx5 missing"
fi
