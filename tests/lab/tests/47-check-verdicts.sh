#!/bin/bash
# SPDX-License-Identifier: MIT
# 47-check-verdicts.sh - `rocescope check` on the healthy Soft-RoCE pair
# (unknown is never bad): run as root it does not fail host.memlock_small - this
# process holds CAP_IPC_LOCK, and the verdict says it is then about other
# users' logins; the same check as user lab (no capability) is about that
# process's own 8 MiB; the ports are ACTIVE; one reading reports error
# totals without failing, two readings judge what rises.
. /lab-guest/tap.sh
plan 5
R=$ROCESCOPE

if ! rs_has_cmd check; then
	for i in 1 2 3 4 5; do skip "rocescope has no check command"; done
	exit 0
fi
# line FILE ID OBJECT - the finding's line of the text view
line() { awk -v id="$2" -v o="$3" '$2 == id && substr($0, 30, length(o) + 1) == o " "' "$1"; }

timeout 120 "$R" check >"$LAB_T/chk" 2>&1
m=$(line "$LAB_T/chk" host.memlock_small host)
diag "as root: $m"
ok "$( [ -n "$m" ] && ! grep -q '^FAIL' <<<"$m" && grep -q 'this process holds CAP_IPC_LOCK' <<<"$m"; echo $?)" \
	"root: host.memlock_small does not fail, and says this process holds CAP_IPC_LOCK"
ok "$( [ "$(line "$LAB_T/chk" port.not_active 'rxe0 port 1' | cut -c1-4)" = PASS ] &&
	[ "$(line "$LAB_T/chk" port.not_active 'rxe1 port 1' | cut -c1-4)" = PASS ]; echo $?)" \
	"root: both rxe ports ACTIVE"
r=$(line "$LAB_T/chk" counters.error_rising 'rxe0 port 1')
diag "two readings: $r"
ok "$( [ -n "$r" ] && ! grep -q '^FAIL' <<<"$r" &&
	line "$LAB_T/chk" counters.error_totals 'rxe0 port 1' | grep -q '^SKIP  counters.error_totals.*two readings'; echo $?)" \
	"two readings: error_rising judges (no failure on the idle pair), error_totals steps aside"

timeout 120 "$R" check --interval 0 >"$LAB_T/chk0" 2>&1
t=$(line "$LAB_T/chk0" counters.error_totals 'rxe0 port 1')
diag "one reading: $t"
ok "$( grep -Eq '^(PASS|WARN)  counters.error_totals' <<<"$t"; echo $?)" \
	"one reading: error totals are a pass or a warning, never a failure"

timeout 120 capsh --user=lab -- -c 'exec "$@"' lab "$R" check --interval 0 >"$LAB_T/chku" 2>&1
u=$(line "$LAB_T/chku" host.memlock_small host)
diag "as user lab: $u"
ok "$( grep -q 'this process (no CAP_IPC_LOCK): memlock soft' <<<"$u"; echo $?)" \
	"user lab: the verdict is about this process's own limit, without CAP_IPC_LOCK"
