#!/bin/bash
# SPDX-License-Identifier: MIT
# 72-fix.sh - `rocescope fix` for real on the Soft-RoCE pair (docs/fix.md):
# huge pages, the memlock of logins (and the running shell's own limit,
# which cannot change), loading rdma_ucm with libkmod, rdma_cm's default
# ToS in configfs, the RoCE MTU (rxe0's active_mtu 1024 -> 4096 through the
# netdev MTU, probed with a DF ping) - each applied, its check passing
# after, and undone; then an apply killed (kill -9) between its first and
# second change, which --undo completes from the journal.
. /lab-guest/tap.sh
plan 18
R=$ROCESCOPE
S=$LAB_T/fixstate
H=/sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages

if ! rs_has_cmd fix; then
	for i in $(seq 18); do skip "rocescope has no fix command"; done
	exit 0
fi
fix() { timeout 120 "$R" fix --state-dir "$S" "$@"; }
# run NAME ARGS... - fix ARGS; output in $LAB_T/NAME.out, status in $LAB_T/NAME.rc
run() {
	local name=$1
	shift
	fix "$@" >"$LAB_T/$name.out" 2>&1
	echo $? >"$LAB_T/$name.rc"
}
rc() { cat "$LAB_T/$1.rc"; }
has() { grep -qE -- "$2" "$LAB_T/$1.out"; }
show() { diag "$1 (exit $(rc "$1")):"; diag_file "$LAB_T/$1.out" "${2:-12}"; }
active_mtu() { ibv_devinfo -d "$1" 2>/dev/null | awk '/active_mtu/ { print $2; exit }'; }

# --- huge pages ------------------------------------------------------------
if [ -f "$H" ]; then
	echo 0 >"$H"
	run huge --set hugepages=16 --apply host.no_hugepages
	[ "$(rc huge)" = 5 ] && [ "$(cat "$H")" = 16 ] && has huge '^  PASS  host.no_hugepages' &&
		grep -qx 'vm.nr_hugepages = 16' /etc/sysctl.d/90-rocescope.conf
	ok $? "huge pages: 16 reserved through sysfs, at boot from sysctl.d, the check passes"
	[ "$(rc huge)" = 5 ] || show huge
	run hugeu --undo
	[ "$(rc hugeu)" = 5 ] && [ "$(cat "$H")" = 0 ] && [ ! -e /etc/sysctl.d/90-rocescope.conf ]
	ok $? "huge pages: undone (0 again, our file gone)"
else
	skip "huge pages: no 2 MiB huge pages in this kernel"
	skip "huge pages: no 2 MiB huge pages in this kernel"
fi

# --- memlock: other users' logins; the running shell keeps its limit ----------
run mem --apply host.memlock_small
[ "$(rc mem)" = 5 ] && has mem '^  PASS  host.memlock_small' &&
	grep -qx '\* soft memlock unlimited' /etc/security/limits.d/90-rocescope-memlock.conf &&
	has mem "the running shell's limit cannot change: log in again"
ok $? "memlock: logins get unlimited from limits.d, the check passes, the running shell is said to keep its limit"
[ "$(rc mem)" = 5 ] || show mem
u=$(capsh --user=lab -- -c 'ulimit -l' 2>/dev/null)
diag "user lab's shell, started after the fix without a login: ulimit -l $u"
[ -n "$u" ] && [ "$u" != unlimited ]
ok $? "memlock: a process started outside a login still has its old limit, as the fix said"
run memu --undo
[ "$(rc memu)" = 5 ] && [ ! -e /etc/security/limits.d/90-rocescope-memlock.conf ]
ok $? "memlock: undone (our file gone)"

# --- a module: rdma_ucm with rdma_rxe loaded --------------------------------------
if rmmod rdma_ucm 2>"$LAB_T/rmmod.err"; then
	timeout 120 "$R" check --interval 0 >"$LAB_T/mod.chk" 2>&1
	grep -Eq '^FAIL  host.module_missing +rdma_ucm .*rdma_rxe is: modprobe it' "$LAB_T/mod.chk"
	ok $? "modules: rdma_ucm unloaded, rdma_rxe loaded: the check fails"
	diag "$(grep -E 'module_missing +rdma_ucm' "$LAB_T/mod.chk")"
	run mod --apply host.module_missing
	[ "$(rc mod)" = 5 ] && [ -d /sys/module/rdma_ucm ] && has mod '^  PASS  host.module_missing +rdma_ucm' &&
		grep -qx rdma_ucm /etc/modules-load.d/rocescope.conf
	ok $? "modules: rdma_ucm loaded with libkmod (and at boot), the check passes"
	[ "$(rc mod)" = 5 ] || show mod
	run modu --undo
	[ "$(rc modu)" = 5 ] && [ ! -d /sys/module/rdma_ucm ] && [ ! -e /etc/modules-load.d/rocescope.conf ]
	ok $? "modules: undone (rdma_ucm unloaded again, our file gone)"
	[ -d /sys/module/rdma_ucm ] && show modu
	modprobe rdma_ucm
else
	diag "rmmod rdma_ucm: $(cat "$LAB_T/rmmod.err")"
	for i in 1 2 3; do skip "modules: rdma_ucm cannot be unloaded here"; done
fi

# --- rdma_cm's default ToS (configfs) ---------------------------------------------
grep -q ' /sys/kernel/config configfs' /proc/mounts || mount -t configfs none /sys/kernel/config
G=/sys/kernel/config/rdma_cm/rxe0
if mkdir "$G" 2>"$LAB_T/cm.err" || [ -d "$G" ]; then
	tos0=$(cat "$G/ports/1/default_roce_tos")
	diag "rdma_cm rxe0 port 1: $(cat "$G/ports/1/default_roce_mode"), ToS $tos0"
	run cm --set roce_tos=106 --object "rxe0 port 1" --apply rdma.cm_defaults
	[ "$(rc cm)" = 5 ] && [ "$(cat "$G/ports/1/default_roce_tos")" = 106 ] &&
		has cm '^  PASS  rdma.cm_defaults +rxe0 port 1 +rdma_cm defaults: RoCE v2, ToS 106'
	ok $? "rdma_cm: the default ToS is the site's 106 in configfs, the check passes"
	[ "$(rc cm)" = 5 ] || show cm
	run cmu --undo
	[ "$(rc cmu)" = 5 ] && [ "$(cat "$G/ports/1/default_roce_tos")" = "$tos0" ]
	ok $? "rdma_cm: undone (ToS $tos0 again)"
	rmdir "$G"
else
	diag "mkdir $G: $(cat "$LAB_T/cm.err")"
	skip "rdma_cm: no configfs group here"
	skip "rdma_cm: no configfs group here"
fi

# --- the RoCE MTU through the netdev MTU ---------------------------------------------
m0=$(active_mtu rxe0)
diag "rxe0 active_mtu before: $m0"
# Both ends are this host's: veth1 first, with --force (its DF probe would
# need veth0 raised already), then veth0, probed towards 10.99.0.2.
run mtu1 --set mtu=9000 --object veth1 --force --apply port.roce_mtu_small
run mtu0 --peer "$LAB_IP1" --set mtu=9000 --object veth0 --apply port.roce_mtu_small
[ "$(rc mtu1)" = 5 ] && [ "$(rc mtu0)" = 5 ] &&
	has mtu0 "applied     veth0 MTU: 1500 -> 9000: the path to $LAB_IP1 carries 9000 \(DF probe\)" &&
	has mtu0 '^  PASS  port.roce_mtu_small +rxe0 port 1 +veth0 MTU 9000: RoCE MTU 4096'
ok $? "RoCE MTU: veth1, then veth0 probed with a DF ping: 9000, the check passes"
[ "$(rc mtu0)" = 5 ] || { show mtu1 6; show mtu0; }
lab_wait 10 sh -c '[ "$(ibv_devinfo -d rxe0 | awk "/active_mtu/ { print \$2; exit }")" = 4096 ]'
ok $? "RoCE MTU: rxe0's active_mtu is 4096 now (ibv_devinfo: $(active_mtu rxe0))"
run mtuu0 --undo
run mtuu1 --undo
[ "$(rc mtuu0)" = 5 ] && [ "$(rc mtuu1)" = 5 ] &&
	lab_wait 10 sh -c '[ "$(ibv_devinfo -d rxe0 | awk "/active_mtu/ { print \$2; exit }")" = '"$m0"' ]' &&
	ip link show veth0 | grep -q ' mtu 1500 ' && ip link show veth1 | grep -q ' mtu 1500 '
ok $? "RoCE MTU: both undone, active_mtu $m0 again"

# --- killed half way -----------------------------------------------------------------
if [ -f "$H" ]; then
	echo 0 >"$H"
	RS_FIX_TEST_STOP=before:2 "$R" fix --state-dir "$S" --set hugepages=8 --apply \
		host.no_hugepages >"$LAB_T/kill.out" 2>&1 &
	pid=$!
	lab_wait 60 sh -c "[ \"\$(awk '{ print \$3 }' /proc/$pid/stat)\" = T ]"
	ok $? "kill: the apply stops after the journal entry of its second change"
	kill -9 $pid
	wait $pid 2>/dev/null
	J=$S/changes/$(ls "$S/changes" | sort -n | tail -1)
	[ "$(cat "$H")" = 8 ] && grep -q '"state": "applied"' "$J" && grep -q '"state": "applying"' "$J"
	ok $? "kill -9: the first change made, the journal says the second was under way"
	run killu --undo
	[ "$(rc killu)" = 5 ] && [ "$(cat "$H")" = 0 ] && [ ! -e /etc/sysctl.d/90-rocescope.conf ]
	ok $? "kill -9: --undo completes from the journal (0 huge pages, no file)"
	[ "$(rc killu)" = 5 ] || show killu
else
	for i in 1 2 3; do skip "kill: no 2 MiB huge pages in this kernel"; done
fi
run list --list
[ "$(rc list)" = 0 ] && has list '\(undone\)'
ok $? "--list shows the change sets, each undone"
run none --undo
[ "$(rc none)" = 0 ] && has none 'nothing to undo'
ok $? "nothing left to undo"
