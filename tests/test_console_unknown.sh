#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console_unknown.sh - unknown is never bad, in the console: the
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
wait_text ib '! port not ACTIVE (DOWN): no physical link'
ok $? "the IB port DOWN is marked"
# (the "in use:" lines are the RDMA resources, which a tree does not record)
# count_is N PATTERN: N lines match grep -E PATTERN
count_is() { [ "$(grep -Ec -- "$2" "$tmp/screen")" = "$1" ]; }
# no_unknown_mark: only the RDMA resources' lines say "unknown"
no_unknown_mark() {
	count_is 2 '! port not ACTIVE' &&
		! grep -v '^ *in use: unknown: not recorded' "$tmp/screen" | grep -q 'unknown'
}
wait_until ib no_unknown_mark
ok $? "the ports without a state file get no '!' line"
wait_until ib count_is 2 '^  port 1  \? +LinkUp +Ethernet'
ok $? "their state is shown as '?'"
wait_all ib 'mlx5_2 +ConnectX-5' '! port not ACTIVE \(DOWN\)' -- 'RoCE v2 is weak'
ok $? "no 'RoCE v2 is weak' about the InfiniBand-only ConnectX-3"
keys ib q
wait_for ib 'EXITED 0'; ok $? "q: exits 0"

# The demo's problem port, every group on one screen.
start demo $UTF $UTF_ALL -- --demo
T resize-window -t demo -x 80 -y 70 2>/dev/null
wait_for demo 'mlx5_1'
keys demo 2 Down c
wait_for demo 'Counters of mlx5_1 port 1'; ok $? "Counters of the demo's mlx5_1"
# in_group HEADING COUNTER: COUNTER is listed under the group whose rule
# begins with HEADING (a regular expression)
in_group() {
	awk -v h="^─ $1" -v c="$2" '$0 ~ h { g = 1; next } /^─ / { g = 0 } g && $1 == c { f = 1 }
		END { exit !f }' "$tmp/screen"
}
wait_for demo '^─ Fatal QP errors \(QP in error state\) ─' &&
	wait_until demo in_group 'Fatal QP' req_transport_retries_exceeded
ok $? "Counters: 'Fatal QP errors' holds req_transport_retries_exceeded (not 'Other')"
wait_until demo in_group 'Link errors \\(cable, optics, flaps\\)' symbol_error
ok $? "Counters: 'Link errors' holds symbol_error (not 'Drops and buffers')"
keys demo q
wait_for demo 'EXITED 0'; ok $? "q: exits 0"

plan $rs_n
exit $rs_failed
