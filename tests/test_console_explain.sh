#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console_explain.sh - the console's explain view in a real terminal
# (tmux), 80x24: e opens it from any pane, a log typed into it (ended by
# Ctrl-D) or pasted into the Wizard pane (a bracketed paste) gives the same
# explanation `rocescope explain` prints, with the causes ranked; Enter
# runs the first cause's tree in the Wizard with the peer the log names;
# Esc closes it, Esc Esc cancels a paste, and a paste of nothing known
# says so.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"

plan 11

E12='NCCL WARN NET/IB : Got completion from peer 192.168.100.2<33092> with error 12, opcode 0, len 0, vendor err 129 (Recv)'
start demo $UTF $UTF_ALL -- --demo
wait_for demo ' 1 Overview'
keys demo e
wait_for demo '^ Explain a log: paste it here, then Ctrl-D' && grep -q '0 lines, 0 bytes so far' "$tmp/screen"
ok $? "e: the explain view opens from the Overview pane and waits for a paste"
keys demo -l "$E12"
keys demo Enter
keys demo -l ' GID index       : 0'
keys demo Enter
wait_for demo '^ 2 lines, [0-9]+ bytes so far'
ok $? "the view counts the lines as they come"
keys demo C-d
wait_for demo '^Most likely cause first:' &&
	grep -q '^  #1 gid, high confidence: wc.retry_exc_err, line 1' "$tmp/screen" &&
	grep -q 'GID index 0, line' "$tmp/screen"
ok $? "Ctrl-D: the causes ranked, the context that set the first one named"
grep -q '^ Explanation: #1 is gid; Enter runs connection-failure in the Wizard' "$tmp/screen" &&
	grep -q '^     run: rocescope check --tree connection-failure --peer 192.168.100.2 -x N' \
		"$tmp/screen"
ok $? "the first cause's tree is ready to run, with the command that proves it"
# (rows 5-22: row 23 holds the status message when the bar has no room
# for it beside the demo's problem count)
printf '%s\n%s\n' "$E12" ' GID index       : 0' | $ROCESCOPE explain - | head -n 18 |
	cut -c1-80 | sed 's/ *$//' >"$tmp/cli"
screen demo | sed -n '5,22p' | sed 's/ *$//' >"$tmp/tui"
diff "$tmp/cli" "$tmp/tui" >"$tmp/diff"
ok $? "the view shows the lines rocescope explain prints, at 80 columns"
[ -s "$tmp/diff" ] && diag "$(cat "$tmp/diff")"
keys demo Down Down
wait_for demo '^     because the log shows'
ok $? "Down scrolls the explanation"
keys demo Enter
wait_for demo 'connection-failure: RoCE v2 does not connect' &&
	grep -q 'peer 192.168.100.2' "$tmp/screen"
ok $? "Enter: the Wizard runs the tree, with the peer the log names"
# A bracketed paste into the Wizard pane (tmux sends the brackets when the
# console asked for them) opens the view and ends by itself.
T set-buffer "$(printf '%s\n%s\n' \
	'ib_log.c:246  UCX  ERROR mlx5_0: ibv_create_cq() failed: Cannot allocate memory. Please set max locked memory (ulimit -l) to unlimited (current: 64 kbytes)' \
	'Couldn'"'"'t allocate MR')"
T paste-buffer -p -t demo
wait_for demo '^  #1 memlock, high confidence: ucx.memlock'
ok $? "a paste into the Wizard pane opens the view and ends by itself: memlock first"
keys demo Escape
wait_gone demo '^ Explanation: ' && screen demo | grep -q 'connection-failure: RoCE v2 does not connect'
ok $? "Esc closes the view: the pane under it again"
keys demo e
wait_for demo 'Explain a log'
keys demo -l 'all good, nothing to see here'
keys demo Enter C-d
wait_for demo '^ Explanation: nothing recognised' &&
	grep -q 'nothing recognised in 1 line' "$tmp/screen"
ok $? "a paste of nothing known says so"
keys demo e
wait_for demo 'Explain a log'
keys demo -l 'Couldn'"'"'t allocate MR'
keys demo Escape Escape
wait_gone demo 'Explain a log' && ! screen demo | grep -q '^ Explanation:'
ok $? "Esc Esc cancels a paste"
exit $rs_failed
