#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console_overview.sh - the Overview pane (ui/pane_overview*.c), the
# console's first tab, in a real terminal (tmux):
#   --demo at 80x24: the lines of mlx5_0/1 and mlx5_1/1 and the totals are
#     exact (the demo's counters are a pure function of the tick, one second
#     a tick: src/model/demo.c), with the PCIe '~' mark and the signal marks
#     '~' and '!'; s and S sort (order and message), / filters (message,
#     only the matching rows, empty clears), i hides idle ports, Enter and c
#     open the Counters of the port under the cursor; at 132 columns one
#     line a port with the signal columns;
#   a --root tree of 16 ports (tests/bench/gen_root.sh) at 80x24: 9 ports
#     (two lines each) fit, a mark says more is below, End reaches the last;
#     8 ports fit without scrolling; a port_xmit_data file the test keeps
#     growing makes that port sort first by TX with a figure > 0, and it is
#     the only one left when i hides the idle ports;
#   a device directory whose name holds ESC is shown escaped.
# On a --root tree the rates come from the real clock: only what does not
# depend on timing is asserted (the port is busy, sorts first, > 0); the
# exact figures are test_port_rates's (unit) and the demo's job here.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"

# ---------------------------------------------------------------- demo, exact
# The demo's figures at wave value w (0..20, the tick's triangle wave):
# mlx5_0 sends (10^9 + 25*10^6 w) words and receives (9*10^8 + 2*10^7 w)
# words a second (x 32 bits: 32 + 0.8 w and 28.8 + 0.64 w Gb/s), and
# 1854000 + 43900 w packets; CNPs sent 3w, handled 2w, ECN marks 3w.
# mlx5_1 moves 2.5*10^6 and 2*10^6 words (0.08, 0.064 Gb/s) and 17600
# packets, pause frames 1200 + 40 w, sequence errors 3 + 2, retransmissions
# and timeouts 5 + 1, drops 4 + 7 + 4 (+ 1 rx_dropped every fifth tick,
# when w is a multiple of 5).  Both slots are PCIe 8 GT/s x8: 63 Gb/s < 100
# (the '~').  The port lines are compared up to the sparkline (column 63).
want_demo() { # want_demo W WIDE(0|1)
	awk -v w="$1" -v wide="$2" 'function sig(v, m) { return v > 0 ? m v : "0" }
	function port(sel, name, tx, rx, pk) {
		return sprintf("%s %-10s %-6s %-10s%6s %5s %6s %5s %7s", sel, name, "ACTIVE",
			"100/63~", sprintf("%.1f", tx), sprintf("%.0f%%", tx),
			sprintf("%.1f", rx), sprintf("%.0f%%", rx), pk) }
	function sigs(a, b, c, d, e, f, g) {
		return sprintf("%8s%8s%8s%8s%8s%8s%8s", a, b, c, d, e, f, g) }
	BEGIN {
		tx = 32 + 0.8 * w; rx = 28.8 + 0.64 * w
		p0 = port("\342\226\266", "mlx5_0/1", tx, rx, sprintf("%.1fM", (1854000 + 43900 * w) / 1e6))
		s0 = sigs("0", sig(3 * w, "~"), sig(2 * w, "~"), sig(3 * w, "~"), "0", "0", "0")
		p1 = port(" ", "mlx5_1/1", 0.08, 0.064, "17.6k")
		s1 = sigs("~" sprintf("%.1fk", (1200 + 40 * w) / 1000), "0", "0", "0", "!5", "!6",
			"!" (w % 5 ? 15 : 16))
		if (wide) {
			print p0 "  " s0; print p1 "  " s1
		} else {
			print p0; printf "%13s%s\n", "", s0; print p1; printf "%13s%s\n", "", s1
		}
		ttx = tx + 0.08; trx = rx + 0.064
		printf "  %-10s %-6s %-10s%6s %5s %6s %5s %7s  ! 1 losing\n", "total", "2/2", "200",
			sprintf("%.1f", ttx), sprintf("%.0f%%", ttx / 2), sprintf("%.1f", trx),
			sprintf("%.0f%%", trx / 2), sprintf("%.1fM", (1871600 + 43900 * w) / 1e6)
	}'
}

# got_demo FILE WIDE: the port lines (cut before the sparkline), the lines
# under them (narrow) and the totals, trailing blanks removed
got_demo() {
	cut=$((63 + $2 * 58))
	LC_ALL=C.UTF-8 sed -n -E -e "/^. mlx5_[01]\/1 /{s/^(.{$cut}).*/\1/;s/ *\$//;p;}" \
		-e '/^ {13}.*[0-9]$/{s/ *$//;p;}' -e '/^  total /{s/ *$//;p;}' "$1"
}

# wait_exact NAME WIDE: poll until the screen is the demo at some w; $w
wait_exact() {
	w=0
	while [ $w -le 20 ]; do
		want_demo $w "$2" >"$tmp/want.$w"
		w=$((w + 1))
	done
	i=0
	while [ $i -lt 300 ]; do
		screen "$1" >"$tmp/screen"
		got_demo "$tmp/screen" "$2" >"$tmp/got"
		w=0
		while [ $w -le 20 ]; do
			cmp -s "$tmp/want.$w" "$tmp/got" && return 0
			w=$((w + 1))
		done
		sleep 0.1
		i=$((i + 1))
	done
	diag "no w in 0..20 gives the screen; the lines were:"
	sed 's/^/#   |/' "$tmp/got"
	diag "w=5 would be:"
	sed 's/^/#   |/' "$tmp/want.5"
	return 1
}

# rows: the port names on the saved screen, top to bottom
rows() { LC_ALL=C.UTF-8 sed -n -E 's/^. (\S+\/[0-9]+) +[A-Z?].*/\1/p' "$tmp/screen" | tr '\n' ' '; }
# shows ROWS PATTERN...: the ports on the screen are ROWS, and every
# PATTERN matches
shows() {
	[ "$(rows)" = "$1" ] || return 1
	shift
	all_of "$@"
}
# ports_shown N [ABSENT...]: N port lines on the screen, and no ABSENT
ports_shown() {
	_c=$1
	shift
	[ "$(LC_ALL=C.UTF-8 grep -cE '^. mlx5_[0-9]+/1 ' "$tmp/screen")" = "$_c" ] && all_of -- "$@"
}

start demo $UTF $UTF_ALL -- --demo
wait_for demo '^─ Ports \(2\): Gb/s, per second; by name (─)+$'
ok $? "demo: the Overview is the first pane, its title"
wait_all demo '^ 1 Overview ' '^  port +state +link/PCIe +TX %link +RX %link +pkt/s  TX\+RX$' \
	'^ {16}pause cnp snt cnp hdl     ecn seq err retx/to   drops$'
ok $? "demo 80x24: the column heads on two lines (load, then the seven signals)"
wait_exact demo 0; ok $? "demo 80x24: both ports' lines and the totals exact (w=$w: Gb/s, % of link, pkt/s, PCIe ~, ~ and ! marks)"

keys demo s
wait_for demo 'by TX ─'; ok $? "s: sorted by TX (title)"
wait_until demo shows "mlx5_0/1 mlx5_1/1 " 'sorted by TX'
ok $? "s: the message, the busier port first ($(rows))"
keys demo S
wait_for demo 'by TX reversed ─'
wait_until demo shows "mlx5_1/1 mlx5_0/1 " 'sorted by TX, reversed' '^▶ mlx5_1/1 '
ok $? "S: the other way round, said so, the cursor on the new first row ($(rows))"
keys demo s s s s
wait_until demo shows "mlx5_0/1 mlx5_1/1 " 'by signals reversed ─'; ok $? "s x4: by signals, reversed: the port without loss first"
keys demo S
wait_for demo 'by signals ─'
wait_until demo shows "mlx5_1/1 mlx5_0/1 " 'sorted by signals' 'by signals ─'
ok $? "S: by signals: the port losing packets first, above the one with more congestion marks"
keys demo s
wait_for demo 'by name ─'; ok $? "s: back to by name after signals"

keys demo /
wait_for demo 'Ports matching'; ok $? "/: asks for a text"
keys demo -l 'MLX5_0'
keys demo Enter
wait_for demo "by name, matching 'MLX5_0' ─"
wait_until demo shows "mlx5_0/1 " "ports matching 'MLX5_0'" '^  total +1/2 '
ok $? "/ MLX5_0: the message, only that port (any case), totals of 1/2"
keys demo / BSpace BSpace BSpace BSpace BSpace BSpace
keys demo -l 'ens1f1'
keys demo Enter
wait_until demo shows "mlx5_1/1 " "matching 'ens1f1' ─"; ok $? "/ ens1f1: matches the netdev's name"
keys demo / BSpace BSpace BSpace BSpace BSpace BSpace
keys demo -l 'zzz'
keys demo Enter
wait_for demo 'no port shown: / changes the filter'; ok $? "/ zzz: nothing matches, said how to change it"
keys demo / BSpace BSpace BSpace Enter
wait_until demo shows "mlx5_0/1 mlx5_1/1 " 'by name ─' 'all ports'
ok $? "/ with an empty text: all ports again"

# the title says "idle hidden" only when a port is: none of the demo's is idle
keys demo i
wait_until demo shows "mlx5_0/1 mlx5_1/1 " 'idle ports hidden \(i shows them\)' 'by name ─'
ok $? "i: idle ports hidden, said so; both demo ports move, both stay"
keys demo i
wait_for demo 'idle ports shown'; ok $? "i again: idle ports shown"

keys demo Down
wait_for demo '^▶ mlx5_1/1 '
keys demo Enter
wait_for demo '─ Counters of mlx5_1 port 1 \(ens1f1np1\)'
ok $? "Down, Enter: the Counters of the port under the cursor (mlx5_1)"
keys demo 1
wait_for demo '^▶ mlx5_1/1 ' && keys demo Up c
wait_for demo '─ Counters of mlx5_0 port 1 \(ens1f0np0\)'
ok $? "1, Up, c: the Overview kept its cursor; c opens the Counters of mlx5_0"

# 132 columns: one line a port, the signals beside the load.
keys demo 1
T resize-window -t demo -x 132 -y 24
wait_for demo '^  port +state +link/PCIe +TX %link +RX %link +pkt/s +pause cnp snt cnp hdl +ecn seq err retx/to +drops  TX\+RX$'
ok $? "132 columns: one line of heads, with the signal columns"
wait_exact demo 1; ok $? "132 columns: one exact line a port (w=$w), the totals"
wait_all demo '^  total ' -- '^ {13}.*[0-9]$'; ok $? "132 columns: no second line under a port"
keys demo q
wait_for demo 'EXITED 0'; ok $? "demo: q quits with status 0"

# ---------------------------------------------------------------- 16 ports
root="$tmp/r16"
sh "$top_srcdir/tests/bench/gen_root.sh" "$root" 16
start r16 $UTF $UTF_ALL -- --root "$root"
wait_for r16 'Ports \(16\)' && wait_until r16 all_of '^  total +16/16 +1600 ' '^  mlx5_8/1 ' '↓$' &&
	wait_until r16 ports_shown 9 'mlx5_9/1'
ok $? "16 ports at 80x24: 9 ports of two lines visible (mlx5_0 to mlx5_8), a mark says more is below"
wait_for r16 '^▶ mlx5_0/1   ACTIVE 100/-  '
ok $? "16 ports: no PCI function in the tree: the ceiling is '-' and nothing is marked"
keys r16 End
wait_for r16 '^▶ mlx5_15/1 '; ok $? "End: the last port"
wait_for r16 '↑$'; ok $? "End: a mark says more is above"
keys r16 Home
wait_for r16 '^▶ mlx5_0/1 '

# A counter the test moves: port_xmit_data of mlx5_11 grows by 5*10^7 words
# every 0.2 s (load, not a wait) until the checks are done.
f="$root/sys/class/infiniband/mlx5_11/ports/1/counters/port_xmit_data"
: >"$tmp/writing"
(v=$(cat "$f"); while [ -e "$tmp/writing" ]; do
	v=$((v + 50000000)); echo "$v" >"$f.new" && mv "$f.new" "$f"; sleep 0.2
done) &
writer=$!
keys r16 s
wait_for r16 'by TX ─' &&
	wait_for r16 '^▶ mlx5_11/1 +ACTIVE +100/- +([1-9][0-9]*\.[0-9]|0\.[1-9]) '
ok $? "a growing port_xmit_data: that port sorts first by TX, with a figure > 0"
keys r16 i
wait_until r16 shows "mlx5_11/1 " 'idle hidden ─' '^  total +1/16 '; ok $? "i: the 15 idle ports hidden, the busy one stays ($(rows))"
rm -f "$tmp/writing"
wait "$writer"
wait_for r16 'no port shown: i shows idle ports'
ok $? "the counter stops: the port is idle too, the pane says how to show them"
keys r16 q
wait_for r16 'EXITED 0'; ok $? "16 ports: q quits with status 0"

root8="$tmp/r8"
sh "$top_srcdir/tests/bench/gen_root.sh" "$root8" 8
start r8 $UTF $UTF_ALL -- --root "$root8"
wait_for r8 '^  total +8/8 ' && wait_until r8 ports_shown 8 '↓$' '↑$'
ok $? "8 ports at 80x24: all 8 visible, no scroll mark"
keys r8 q

# ---------------------------------------------------------------- hostile name
hroot="$tmp/h"
sh "$top_srcdir/tests/bench/gen_root.sh" "$hroot" 2
mv "$hroot/sys/class/infiniband/mlx5_1" "$hroot/sys/class/infiniband/$(printf 'e\033[2J')"
start h $UTF $UTF_ALL -- --root "$hroot"
wait_for h '^  total +2/2 '
wait_all h '^(▶| ) e\\x1b\[2J/1 +ACTIVE ' '^(▶| ) mlx5_0/1 ' '^  total +2/2 '
ok $? "a device named with ESC: shown escaped (e\\x1b[2J/1), the screen not cleared"
# the cursor is on the first row: the one of that name unless sorted after
has '^▶ e' || keys h Down
wait_for h '^▶ e\\x1b' && keys h Enter
wait_for h '─ Counters of e\\x1b\[2J port 1 '
ok $? "Enter on it: the Counters pane's title escapes it too"
keys h q

plan $rs_n
exit $rs_failed
