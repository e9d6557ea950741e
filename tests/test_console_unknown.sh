#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console_unknown.sh - the console's Devices pane only lays out the
# findings of the checks, so a port whose `state` file is missing (the
# ib-mixed fixture: two RoCE ports without one) shows "?" and no "!" line,
# while the real problems of the InfiniBand ports beside them are still
# marked, with their own words (issue 12).
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"

fx=$top_srcdir/tests/fixtures/ib-mixed
[ -d "$fx/sys/class/infiniband" ] || skip_all "fixture ib-mixed missing"
start ib $UTF $UTF_ALL -- --root "$fx"
# 60 rows: every device of the tree on one screen, no scrolling needed.
T resize-window -t ib -x 80 -y 60 2>/dev/null
wait_for ib 'mlx5_2 +ConnectX-5'; ok $? "ib-mixed: all four devices on the screen"
wait_for ib 'port not ACTIVE \(INIT\): the link is up, no subnet manager'
ok $? "the IB port in INIT is marked, the subnet manager named"
grep -q '! port not ACTIVE (DOWN): no physical link' "$tmp/screen"
ok $? "the IB port DOWN is marked"
[ "$(grep -c '! port not ACTIVE' "$tmp/screen")" = 2 ] && ! grep -q 'unknown' "$tmp/screen"
ok $? "the ports without a state file get no '!' line"
[ "$(grep -Ec '^  port 1  \? +LinkUp +Ethernet' "$tmp/screen")" = 2 ]
ok $? "their state is shown as '?'"
! grep -q 'RoCE v2 is weak' "$tmp/screen"
ok $? "no 'RoCE v2 is weak' about the InfiniBand-only ConnectX-3"
keys ib q
wait_for ib 'EXITED 0'; ok $? "q: exits 0"

plan $rs_n
exit $rs_failed
