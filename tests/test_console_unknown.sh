#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console_unknown.sh - the console after issue 12's checks: the
# Devices pane only lays out the findings of the checks, so a port whose
# `state` file is missing (the ib-mixed fixture: two RoCE ports without
# one) shows "?" and no "!" line, while the real problems of the
# InfiniBand ports beside them are still marked, with their own words; the
# Counters pane groups fatal QP errors and link errors under their names.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"

fx=$top_srcdir/tests/fixtures/ib-mixed
[ -d "$fx/sys/class/infiniband" ] || skip_all "fixture ib-mixed missing"
start ib $UTF $UTF_ALL -- --root "$fx"
# 60 rows: every device of the tree on one screen, no scrolling needed.
T resize-window -t ib -x 80 -y 60 2>/dev/null
wait_for ib ' 1 Overview' && keys ib 2
wait_for ib 'mlx5_2 +ConnectX-5'; ok $? "ib-mixed: all four devices on the screen"
wait_for ib 'port not ACTIVE \(INIT\): the link is up, no subnet manager'
ok $? "the IB port in INIT is marked, the subnet manager named"
grep -q '! port not ACTIVE (DOWN): no physical link' "$tmp/screen"
ok $? "the IB port DOWN is marked"
# (the "in use:" lines are the RDMA resources, which a tree does not record)
[ "$(grep -c '! port not ACTIVE' "$tmp/screen")" = 2 ] &&
	! grep -v '^ *in use: unknown: not recorded' "$tmp/screen" | grep -q 'unknown'
ok $? "the ports without a state file get no '!' line"
[ "$(grep -Ec '^  port 1  \? +LinkUp +Ethernet' "$tmp/screen")" = 2 ]
ok $? "their state is shown as '?'"
! grep -q 'RoCE v2 is weak' "$tmp/screen"
ok $? "no 'RoCE v2 is weak' about the InfiniBand-only ConnectX-3"
keys ib q
wait_for ib 'EXITED 0'; ok $? "q: exits 0"

# The demo's problem port, every group on one screen.
start demo $UTF $UTF_ALL -- --demo
T resize-window -t demo -x 80 -y 70 2>/dev/null
wait_for demo 'mlx5_1'
keys demo 2 Down c
wait_for demo 'Counters of mlx5_1 port 1'; ok $? "Counters of the demo's mlx5_1"
wait_for demo '^─ Fatal QP errors \(QP in error state\) ─' &&
	awk '/^─ Fatal QP/ { g = 1; next } /^─ / { g = 0 } g && $1 == "req_transport_retries_exceeded" { f = 1 }
		END { exit !f }' "$tmp/screen"
ok $? "Counters: 'Fatal QP errors' holds req_transport_retries_exceeded (not 'Other')"
awk '/^─ Link errors \(cable, optics, flaps\)/ { g = 1; next } /^─ / { g = 0 } g && $1 == "symbol_error" { f = 1 }
	END { exit !f }' "$tmp/screen"
ok $? "Counters: 'Link errors' holds symbol_error (not 'Drops and buffers')"
keys demo q
wait_for demo 'EXITED 0'; ok $? "q: exits 0"

plan $rs_n
exit $rs_failed
