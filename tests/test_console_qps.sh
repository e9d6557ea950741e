#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console_qps.sh - the QPs pane (key 0) and the Devices pane's NIC
# lines on the demo host: the QPs grouped by process and labelled as
# recorded, the QP with errors first, the QPs in ERR with how long, the
# stalled one; Enter shows the selected QP's owner, peer, counter values
# and finding, Enter again the list; k shows the kernel's QPs; b says a
# bind needs the live host; the NIC lines (health, FEC, module, flaps,
# DCQCN, NUMA) and their findings under the port; 40x10 keeps working.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"

start demo $UTF $UTF_ALL -- --demo
wait_for demo ' 1 Overview' && keys demo 0
wait_for demo '^─ Queue pairs: 29 shown of 31 \(recorded: demo\)'
ok $? "0: the QPs pane, labelled as recorded, the kernel's QPs left out"
wait_for demo '^ python3  pid 51002  CPUs 32-63 \(on 45, node 1\)$'
ok $? "grouped by process: python3 with its CPUs and where it runs"
# The selection stays on its QP while the order changes (the first
# reading has no rates yet): once QP 420 has its rates, Home takes the top.
wait_for demo '^.mlx5_1/1:420 +RC +RTS +moving +[0-9]+ +[0-9]+ +5\.0 '
keys demo Home
wait_for demo '^▶mlx5_1/1:420 +RC +RTS +moving +[0-9]+ +[0-9]+ +5\.0 +5\.0 +0\.0 +1\.0$'
ok $? "the QP with errors first, its rates from its own counter"
wait_for demo '^.mlx5_1/1:429 +RC +ERR [0-9]+s ' &&
	wait_for demo '^.mlx5_1/1:430 +RC +ERR [0-9]+s '
ok $? "the QPs in ERR, with how long"
wait_for demo '^.mlx5_1/1:423 +RC +RTS +still '	# from the demo's fifth tick
ok $? "the QP whose PSNs stopped: still"

keys demo Enter
wait_for demo '^ QP 420 of mlx5_1 port 1: RC \(Enter: back to the list\)$'
ok $? "Enter: the detail of QP 420"
wait_for demo '^ peer     QP 7100; rdma_cm 192\.168\.100\.2:50001 -> 192\.168\.100\.20:13337$' &&
	grep -q '^ counter  bound (id 1): the rates are this QP' "$tmp/screen" &&
	grep -Eq '^   packet_seq_err +[0-9]+$' "$tmp/screen"
ok $? "the detail: peer, the bound counter and its values"
grep -q '^ ~ mlx5_1 QP 420 of python3 (pid 51002): ' "$tmp/screen"
ok $? "the detail: the finding about the QP"
keys demo Enter
wait_for demo '^ DEV/PORT:QPN'
ok $? "Enter again: back to the list"

keys demo k
wait_for demo '^─ Queue pairs: 31 shown of 31 \(recorded: demo\)'
ok $? "k: the kernel's QPs shown too"
keys demo b
wait_for demo 'binding a counter needs the li'
ok $? "b on the demo: a bind needs the live host"

# The Devices pane, every line of the demo's ports on one screen.
start nic $UTF $UTF_ALL -- --demo
T resize-window -t nic -x 80 -y 60 2>/dev/null
wait_for nic ' 1 Overview' && keys nic 2
wait_for nic '^     ens1f1np1 and its PCI function, recorded \(demo\):$'
ok $? "Devices: the NIC lines, labelled as recorded"
# (FEC blocks and carrier changes move on the demo: numbers are patterns)
wait_for nic '^     health  fw ok, fw_fatal ok, tx recovered \(3\), rx ok, vnic ok$' &&
	grep -Eq '^     FEC     RS, corrected [0-9.]+ M, uncorrectable [0-9]+$' "$tmp/screen" &&
	grep -q '^     module  SFF-8636 Mellanox MMA1B00-C100D 48.2 C, rx -10.9..-0.3 dBm, 1 flags$' "$tmp/screen" &&
	grep -Eq '^     link    [0-9]+ carrier changes, pause storms 5 warn 0 err, storm guard auto$' "$tmp/screen" &&
	grep -q '^     DCQCN   np 0x00 rp 0x00, CNP prio 6 DSCP 48, 17 params$' "$tmp/screen" &&
	grep -q '^     NUMA    node 0, CPUs 0-31, 4 IRQs, 4 off-node$' "$tmp/screen"
ok $? "Devices: health, FEC, module, link flaps and pause storms, DCQCN, NUMA"
grep -q '^     ~ ens1f1np1: health reporter tx recovered from errors' "$tmp/screen" &&
	grep -Eq '^     ~ ens1f1np1: [0-9]+ uncorrectable FEC blocks' "$tmp/screen" &&
	grep -q '^     ~ ens1f1np1: module rx power low warning on lane 3' "$tmp/screen" &&
	grep -q '^     ~ ens1f0np0: CNPs go out on priority 6, which has no PFC$' "$tmp/screen" &&
	grep -q '^     ~ python3 (pid 51002) drives mlx5_1: last on CPU 45 (node 1)' "$tmp/screen"
ok $? "Devices: the findings under their port"
[ $? = 0 ] || sed 's/^/#   /' "$tmp/screen"
keys nic q
wait_for nic 'EXITED 0'; ok $? "q: exits 0"

# Too small, and back.
T resize-window -t demo -x 40 -y 10 2>/dev/null
wait_for demo 'Terminal too small: 40x10'
ok $? "40x10: too small, said"
T resize-window -t demo -x 80 -y 24 2>/dev/null
wait_for demo '^─ Queue pairs: 31 shown of 31'
ok $? "80x24 again: the QPs pane is back"
keys demo q
wait_for demo 'EXITED 0'; ok $? "q: exits 0"

plan $rs_n
exit $rs_failed
