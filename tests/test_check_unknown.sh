#!/bin/sh
# SPDX-License-Identifier: MIT
# test_check_unknown.sh - verdicts do not invent evidence (issue 12), through
# the command line on fixture trees: a port whose state file is missing is a
# skip with the reason, in text and JSON; InfiniBand ports get no Ethernet
# remedies, no RoCE traps, no "RoCE v2 is weak" (the hand-made ib-mixed tree
# and the real Prometheus one); a single snapshot reports non-zero error
# totals as a warning; memlock says whom its verdict is about.
. "$top_srcdir/tests/lib.sh"

R=$ROCESCOPE
JC=$top_builddir/tests/json_check
fx=$top_srcdir/tests/fixtures
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-unknown-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

[ -d "$fx/ib-mixed/sys/class/infiniband" ] || skip_all "fixture ib-mixed missing"
plan 22

# finding FILE VERDICT ID OBJECT: the line of that finding (text view).
finding() {
	awk -v v="$2" -v id="$3" -v o="$4" '$1 == v && $2 == id &&
		substr($0, 30, length(o) + 1) == o " " { print; f = 1 } END { exit !f }' "$1"
}

# --- a missing state file: skip with the reason --------------------------
$R --root "$fx/ib-mixed" check --interval 0 >"$T/chk" 2>/dev/null
rc=$?
finding "$T/chk" SKIP port.not_active "mlx5_1 port 1" >"$T/l" &&
	grep -q 'state not readable: No such file or directory$' "$T/l" &&
	finding "$T/chk" SKIP port.not_active "mlx5_2 port 1" >/dev/null
ok $? "missing state file: port.not_active skips, saying why"
! grep -q 'FAIL  port.not_active.*unknown' "$T/chk" && ! grep -q '0: unknown' "$T/chk"
ok $? "missing state file: no failure, no invented '0: unknown' evidence"
[ $rc -eq 1 ] && grep -q '^2 fail, 3 warn, 18 pass, 74 skip (root ' "$T/chk"
ok $? "ib-mixed: the two real failures only (exit 1, counts)"
$R --root "$fx/ib-mixed" check --interval 0 --json >"$T/chkj" 2>/dev/null
"$JC" <"$T/chkj" && tr -d '\n' <"$T/chkj" | sed 's/},/}\n/g' |
	grep '"id": *"port.not_active"' | grep '"object": *"mlx5_1 port 1"' |
	grep '"verdict": *"skip"' | grep -q '"summary": *"state not readable: No such file or directory"'
ok $? "check --json: the same skip with the reason"

# --- InfiniBand ports: remedies that fit -----------------------------------
finding "$T/chk" FAIL port.not_active "mlx4_0 port 2" | grep -q 'no subnet manager' &&
	grep -A3 'port.not_active        mlx4_0 port 2' "$T/chk" |
	grep -q 'remedy:   run a subnet manager on the fabric (opensm'
ok $? "IB port in INIT: the subnet manager is the remedy"
grep -A3 'port.not_active        mlx5_0 port 1' "$T/chk" |
	grep -q 'remedy:   check the cable, transceiver and the switch port (ibstat mlx5_0 1'
ok $? "IB port DOWN: cable and ibstat"
! grep -E -A3 '(mlx4_0|mlx5_0) port' "$T/chk" | grep -q 'ip link set'
ok $? "no InfiniBand port gets 'ip link set'"
finding "$T/chk" SKIP nic.weak_roce_v2 mlx4_0 | grep -q 'InfiniBand ports only'
ok $? "mlx4 with InfiniBand ports only: nic.weak_roce_v2 does not fire"
$R --root "$fx/ib-mixed" devices >"$T/dev" 2>/dev/null &&
	grep -q '^mlx4_0  ConnectX-3$' "$T/dev" && ! grep -q 'RoCE v2 limited' "$T/dev"
ok $? "devices: the IB-only ConnectX-3 is not '(RoCE v2 limited)'"
if [ -d "$fx/prometheus/sys/class/infiniband/mlx4_0" ]; then
	$R --root "$fx/prometheus" check --interval 0 >"$T/pchk" 2>/dev/null
	finding "$T/pchk" SKIP nic.weak_roce_v2 mlx4_0 >/dev/null &&
		! grep -q '^WARN  nic.weak_roce_v2' "$T/pchk"
	ok $? "real Prometheus fixture: its IB ConnectX-3 is not warned about RoCE v2"
else
	skip "fixture prometheus missing"
fi

# --- GIDs of InfiniBand ports: as show_gids shows them ----------------------
$R --root "$fx/ib-mixed" gids >"$T/gids" 2>/dev/null
grep -Eq '^mlx4_0 +1 +0 +fe80:0000:0000:0000:0002:c903:00a1:b2c1 +v1 +-$' "$T/gids" &&
	grep -Eq '^mlx5_0 +1 +0 +fe80:0000:0000:0000:0c42:a103:00b1:c2d0 +v1 +-$' "$T/gids"
ok $? "gids: IB GIDs are v1 (no types file too), no trap note"
grep -Eq '^mlx5_1 +1 +1 +fe80:.* +v2 +ens5f1np1 +trap: link-local$' "$T/gids"
ok $? "gids: a RoCE port's link-local entry is still a trap"
$R --root "$fx/ib-mixed" gids --json >"$T/gj" 2>/dev/null && "$JC" <"$T/gj" &&
	tr -d '\n' <"$T/gj" | sed 's/},/}\n/g' | grep '"dev": *"mlx4_0"' |
	grep '"type": *"IB/RoCE v1"' | grep -q '"trap": *false'
ok $? "gids --json: the IB entry's type and no trap"
grep -q '^note: sysfs mlx5_1: port 1 state: No such file or directory$' "$T/chk" &&
	! grep -q 'cannot read type' "$T/chk"
ok $? "notes: the missing state file, but no 'cannot read type' for an IB port without gid_attrs"

# --- incomplete trees: unknown GID tables, unparseable state ----------------
if [ -d "$fx/roce-broken/sys/class/infiniband" ]; then
	$R --root "$fx/roce-broken" check --interval 0 >"$T/bchk" 2>/dev/null
	finding "$T/bchk" SKIP port.not_active "mlx5_2 port 1" |
		grep -q 'state not readable: cannot parse "garbage"'
	ok $? "roce-broken: an unparseable state is a skip with the reason"
	finding "$T/bchk" SKIP gid.no_roce_v2 "mlx4_0 port 1" |
		grep -q 'GID table not read: no gids/ directory in the snapshot'
	ok $? "roce-broken: no gids/ directory is not an empty GID table"
else
	skip "fixture roce-broken missing"
	skip "fixture roce-broken missing"
fi

# --- error counters of a single snapshot -------------------------------------
$R --demo check --interval 0 >"$T/d0" 2>/dev/null
finding "$T/d0" WARN counters.error_totals "mlx5_1 port 1" |
	grep -q '21 error counters not 0 since the last reset .*: req_cqe_error, req_cqe_flush_error, req_transport_retries_exceeded, link_downed and 17 more$' &&
	grep -A1 'error_totals  mlx5_1 port 1' "$T/d0" |
	grep -q 'evidence: hw_counters/req_cqe_error = 12, .* and 13 more (totals since'
ok $? "--interval 0: non-zero error totals are a warning with evidence"
$R --demo snapshot -o "$T/s.yaml" 2>/dev/null && $R --load "$T/s.yaml" check >"$T/l0" 2>/dev/null
finding "$T/l0" WARN counters.error_totals "mlx5_1 port 1" >/dev/null &&
	finding "$T/l0" SKIP counters.error_rising "mlx5_1 port 1" >/dev/null
ok $? "a saved snapshot: totals warn, rising skips"
$R --demo check >"$T/d1" 2>/dev/null
finding "$T/d1" SKIP counters.error_totals "mlx5_1 port 1" >/dev/null &&
	finding "$T/d1" FAIL counters.error_rising "mlx5_1 port 1" >/dev/null &&
	finding "$T/d1" WARN counters.pause_rising "mlx5_1 port 1" | grep -q '802.3x (global) pause frames'
ok $? "two readings: rising fails, totals step aside, global pause named"

# --- memlock: whom the verdict is about --------------------------------------
root=$T/host
cp -R "$fx/host-mlx5" "$root"
mkdir -p "$root/proc/self"
printf 'Name:\trocescope\nCapEff:\t000001ffffffffff\n' >"$root/proc/self/status"
$R --root "$root" check --interval 0 >"$T/m" 2>/dev/null
finding "$T/m" WARN host.memlock_small host |
	grep -q "this process holds CAP_IPC_LOCK: no limit applies to it; other users' logins get 256 MiB (/etc/security/limits.d/9-late.conf)"
ok $? "memlock as root: a warning about the other users, with the file"
printf '* soft memlock unlimited\n' >"$root/etc/security/limits.d/9-late.conf"
$R --root "$root" check --interval 0 >"$T/m" 2>/dev/null
finding "$T/m" PASS host.memlock_small host | grep -q "other users' logins get unlimited"
ok $? "memlock as root, logins unlimited: a pass (a healthy root pair does not fail)"
printf 'Name:\trocescope\nCapEff:\t0000000000000000\n' >"$root/proc/self/status"
$R --root "$root" check --interval 0 >"$T/m" 2>/dev/null
finding "$T/m" FAIL host.memlock_small host | grep -q 'this process (no CAP_IPC_LOCK): memlock soft 8 MiB'
ok $? "memlock without CAP_IPC_LOCK: this process's 8 MiB fails"
