#!/bin/bash
# SPDX-License-Identifier: MIT
# pair/25-matrix.sh - the fault matrix on two hosts, second half (the
# first and the row format: 20-matrix.sh): the MTU of the far end and of a
# hop, the port, the control port, memlock, the GID index and the two
# ends' GID types; the healthy pair again at the end.
. /lab-guest/tap.sh
. /lab-guest/pair.sh
. /lab-guest/matrix.sh
plan 8
B=$PAIR_B

serve_b
UNDO=pair_reset
scenario mtu low-bandwidth net.pmtu "MTU 9000 on A, 1500 on B: net.pmtu (the DF probe)" --peer $B
scenario hop_mtu low-bandwidth net.pmtu "a hop of MTU 1500 between two 9000 ends: net.pmtu" \
	--peer $B
scenario port_down connection-failure port.not_active \
	"A's port down: port.not_active (the walk runs to it)" --peer $B -x 1

unserve_b
walk no_server connection-failure net.control_port --peer $B -x 1
serve_b
ok $RIGHT "nobody serves on B: net.control_port"

PRE=(capsh --user=lab -- -c 'ulimit -l 64 && exec "$@"' lab)
walk memlock large-message-crash host.memlock_small -s 1048576
PRE=()
ok $RIGHT "memlock 64 KiB for the user lab: host.memlock_small"

walk gid_index connection-failure gid.user_index --peer $B -x 5
ok $RIGHT "the GID index on an empty entry (-x 5): gid.user_index"

serve_b -x 0 --bind 0.0.0.0
walk gid_types connection-failure peer.same_gid_type --peer $B -x 1
serve_b
ok $RIGHT "B serves its link-local entry, A its IPv4 one: the ping-pong fails, cause peer.same_gid_type"

healthy connection-failure --peer $B -x 1
unserve_b
