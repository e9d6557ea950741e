#!/bin/sh
# SPDX-License-Identifier: MIT
# test_fix_root.sh - `rocescope --root DIR fix` on a fixture tree: the
# changes that are files - huge pages (sysfs), RoCE ECN (mlx5 sysfs),
# rdma_cm's default RoCE mode and ToS (configfs), the memlock of logins
# (limits.d) - written through the same code a live host gets, the checks
# passing after, and undo giving back the tree byte for byte (diff -r).
# Under a root nothing else changes: netlink, ioctl and module steps are
# refused, and the journal lives under the root.
. "$top_srcdir/tests/lib.sh"

R=$ROCESCOPE
JC=$top_builddir/tests/json_check
FX=$top_srcdir/tests/fixtures
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-fixroot-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
D=$T/root

plan 16

# Two ConnectX-5 ports (roce-cx5) on a host (host-mlx5): no huge pages,
# RoCE ECN off on every priority of ens1f0np0, rdma_cm of mlx5_0 on RoCE
# v1 with ToS 0; this process holds CAP_IPC_LOCK, so memlock is about
# other users' logins (8 MiB by the tree's limits.conf lines and defaults).
mkdir -p "$D"
cp -a "$FX/roce-cx5/." "$D/" && cp -a "$FX/host-mlx5/." "$D/" || exit 1
for h in "$D"/sys/kernel/mm/hugepages/*/nr_hugepages; do echo 0 >"$h"; done
for pt in roce_np roce_rp; do
	for p in 0 1 2 3 4 5 6 7; do
		mkdir -p "$D/sys/class/net/ens1f0np0/ecn/$pt/enable"
		echo 0 >"$D/sys/class/net/ens1f0np0/ecn/$pt/enable/$p"
	done
done
cm=$D/sys/kernel/config/rdma_cm/mlx5_0/ports/1
mkdir -p "$cm"
echo "IB/RoCE v1" >"$cm/default_roce_mode"
echo 0 >"$cm/default_roce_tos"
printf 'Name:\trocescope\nCapEff:\t0000000000004000\n' >"$D/proc/self/status"
printf '%s\n' "* soft memlock 8192" >"$D/etc/security/limits.d/20-small.conf"
cat >"$T/site.yaml" <<'EOF'
profile: site
pfc_priority: 3
ecn: true
roce_tos: 106
hugepages: 512
mtu: 9000
EOF
cp -a "$D" "$T/pristine"
fix() { "$R" --root "$D" fix --profile "$T/site.yaml" "$@"; }

fix >"$T/plan" 2>&1
rc=$?
[ $rc = 1 ] && grep -q 'echo 512 > /sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages' "$T/plan" &&
	grep -q 'echo 1 > /sys/class/net/ens1f0np0/ecn/roce_np/enable/3' "$T/plan" &&
	grep -q 'echo 1 > /sys/class/net/ens1f0np0/ecn/roce_rp/enable/3' "$T/plan" &&
	grep -q 'echo "RoCE v2" > /sys/kernel/config/rdma_cm/mlx5_0/ports/1/default_roce_mode' "$T/plan" &&
	grep -q 'echo "106" > /sys/kernel/config/rdma_cm/mlx5_0/ports/1/default_roce_tos' "$T/plan" &&
	grep -q 'write /etc/security/limits.d/90-rocescope-memlock.conf whole' "$T/plan"
ok $? "plan under a root: huge pages, ECN, rdma_cm, memlock; the site's values from the profile"
grep -q 'not planned: a fixture root (--root' "$T/plan" && grep -q 'MTU: 1500$' "$T/plan"
ok $? "plan under a root: the MTU (netlink) is not planned: it would change this host"
diff -r --no-dereference "$T/pristine" "$D" >/dev/null
ok $? "the plan changed nothing"

fix --apply host.no_hugepages qos.ecn rdma.cm_defaults host.memlock_small >"$T/apply" 2>&1
rc=$?
[ $rc = 5 ] && grep -q '^  PASS  host.no_hugepages ' "$T/apply" &&
	grep -q '^  PASS  qos.ecn .*mlx5_0 port 1 .*RoCE ECN on on priority 3' "$T/apply" &&
	grep -q '^  PASS  rdma.cm_defaults .*mlx5_0 port 1 .*rdma_cm defaults: RoCE v2, ToS 106' "$T/apply" &&
	grep -q '^  PASS  host.memlock_small ' "$T/apply"
ok $? "apply: every check it was for passes after (exit 5)"
[ $rc = 5 ] || diag "$(cat "$T/apply")"
[ "$(cat "$D/sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages")" = 512 ] &&
	[ "$(cat "$D/sys/class/net/ens1f0np0/ecn/roce_np/enable/3")" = 1 ] &&
	[ "$(cat "$D/sys/class/net/ens1f0np0/ecn/roce_rp/enable/2")" = 0 ] &&
	[ "$(cat "$cm/default_roce_mode")" = "RoCE v2" ] && [ "$(cat "$cm/default_roce_tos")" = 106 ]
ok $? "apply: the files hold the new values (only priority 3's ECN switches)"
printf '%s\n' "# Written by rocescope fix: rocescope fix --undo restores the previous content." \
	"* soft memlock unlimited" "* hard memlock unlimited" |
	cmp -s - "$D/etc/security/limits.d/90-rocescope-memlock.conf" &&
	grep -qx 'vm.nr_hugepages = 512' "$D/etc/sysctl.d/90-rocescope.conf"
ok $? "apply: memlock for logins in limits.d, huge pages at boot in sysctl.d, both marked ours"
grep -q 'the running shell.s limit cannot change: log in again' "$T/apply"
ok $? "apply: memlock says the running shell keeps its limit"
J=$D/var/lib/rocescope/changes/1.json
"$JC" <"$J" && grep -q '"root": "'"$D"'"' "$J" && grep -q '"old": "IB/RoCE v1"' "$J"
ok $? "the journal lives under the root, with the root and each old value"
fix --json --apply rdma.cm_defaults >"$T/again.json" 2>&1
[ $? = 0 ] && "$JC" <"$T/again.json" && grep -q '"plan": \[\]' "$T/again.json"
ok $? "applied again: nothing to do (exit 0), valid JSON"

"$R" --root "$D" fix --undo >"$T/undo" 2>&1
rc=$?
[ $rc = 5 ] && grep -q 'change set 1 undone: 7 of 7 changes put back' "$T/undo"
ok $? "undo: every change put back (exit 5)"
[ $rc = 5 ] || diag "$(cat "$T/undo")"
diff -r --no-dereference -x var "$T/pristine" "$D" >"$T/diff" 2>&1
ok $? "undo: the tree is byte for byte what it was (our files removed)"
[ -s "$T/diff" ] && diag "$(head -20 "$T/diff")"
"$R" --root "$T/pristine" fix --undo 1 --state-dir "$D/var/lib/rocescope" >"$T/wrongroot" 2>&1
[ $? = 4 ] && grep -q "was made under root $D, not $T/pristine" "$T/wrongroot"
ok $? "undo under another root is refused: the journal names its own (exit 4)"

# Not ours: a limits.d file of the same name, written by someone else.
printf '%s\n' "* soft memlock 64" >"$D/etc/security/limits.d/90-rocescope-memlock.conf"
cp "$D/etc/security/limits.d/90-rocescope-memlock.conf" "$T/theirs"
fix --apply host.memlock_small >"$T/theirs.out" 2>&1
rc=$?
[ $rc = 1 ] && grep -q 'exists and rocescope did not write it: left as it is' "$T/theirs.out" &&
	cmp -s "$T/theirs" "$D/etc/security/limits.d/90-rocescope-memlock.conf"
ok $? "a file of ours' name that is not ours is left alone (exit 1)"
rm "$D/etc/security/limits.d/90-rocescope-memlock.conf"

# A symlink where our file would be is never followed.
mkdir -p "$D/etc/sysctl.d"
ln -s "$T/elsewhere" "$D/etc/sysctl.d/90-rocescope.conf"
fix --apply host.no_hugepages >"$T/link.out" 2>&1
[ ! -e "$T/elsewhere" ] && [ -L "$D/etc/sysctl.d/90-rocescope.conf" ]
ok $? "a symlink in place of our file: not followed, nothing written through it"
rm "$D/etc/sysctl.d/90-rocescope.conf"
"$R" --root "$D" fix --undo >/dev/null 2>&1

# A world-writable state directory is refused (others could plant a journal).
mkdir -m 0777 "$T/open"
"$R" --root "$D" fix --undo --state-dir "$T/open" >"$T/open.out" 2>&1
[ $? = 4 ] && grep -q "group or others may write into it" "$T/open.out"
ok $? "a state directory others may write into is refused (exit 4)"
chmod 0700 "$T/open"

# --tree: a chain's cause only (the demo stops at ens1f0np0's ARP sysctls).
"$R" --demo fix --tree connection-failure --peer 192.168.100.20 >"$T/tree" 2>/dev/null
rc=$?
[ $rc = 5 ] && grep -q '^plan: 4 changes on demo' "$T/tree" &&
	[ "$(grep -cE '^ +[0-9]+  net.arp_flux +ens1f0np0$' "$T/tree")" = 4 ] &&
	! grep -q ens1f1np1 "$T/tree"
ok $? "--tree: the plan for the tree's cause, about its object only (exit 5)"
