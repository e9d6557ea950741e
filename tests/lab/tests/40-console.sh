#!/bin/bash
# SPDX-License-Identifier: MIT
# 40-console.sh - the full-screen console (rocescope with no command) on the
# lab's real RDMA devices, in a real terminal: a tmux session inside the VM
# (100x30, TERM from the image's terminfo), keys typed with send-keys, the
# screen read with capture-pane -p.  Every wait is a bounded poll.
#   Devices: rxe0 and rxe1 listed, port 1 ACTIVE on each (as sysfs says);
#   GIDs: index 1 recommended (-x 1) on rxe0 and, once picked, on rxe1;
#   Counters: the rxe hw_counters rcvd_pkts (rxe1) and sent_pkts (rxe0) show
#     0 pps while the lab is idle, a rate > 0 while ib_write_bw runs, and 0
#     again after it - the console keeps running and answers keys;
#   Overview: during the same runs rxe0/1 sends (TX > 0 Gb/s) and rxe1/1
#     receives (RX > 0 Gb/s), both with packets/s > 0;
#   q: the process ends with status 0.
. /lab-guest/tap.sh
plan 9
. /lab-guest/console.sh

# rate NAME - the rate/s figure of the hw counter row NAME on the screen
# ("   sent_pkts    hw   1.2 kpps    15600  _##" -> "1.2 kpps"; awk's r + 0
# reads the number); empty if the row is absent
rate() {
	awk -v c="$1" '{ for (i = 1; i < NF - 1; i++)
		if ($i == c && $(i + 1) == "hw") { print $(i + 2), $(i + 3); exit } }' \
		"$LAB_T/screen"
}
# wait_rate SECONDS NAME zero|nonzero - poll until the row's rate is that
wait_rate() {
	local n=$(( $1 * 4 )) r
	while [ $n -gt 0 ]; do
		screen
		r=$(rate "$2")
		if [ -n "$r" ]; then
			if [ "$3" = zero ]; then
				awk -v r="$r" 'BEGIN { exit !(r + 0 == 0) }' && return 0
			else
				awk -v r="$r" 'BEGIN { exit !(r + 0 > 0) }' && return 0
			fi
		fi
		sleep 0.25
		n=$((n - 1))
	done
	return 1
}
alive() { [ -n "$cpid" ] && kill -0 "$cpid" 2>/dev/null; }
# ov PORT N - the N-th figure after PORT on its Overview line ("rxe0/1 ACTIVE
# 10/- 0.1 1% 0.0 0% 3.4k": 3 TX, 5 RX, 7 pkt/s); empty if the row is absent
ov() {
	awk -v p="$1" -v n="$2" '{ for (i = 1; i + n <= NF; i++)
		if ($i == p) { print $(i + n); exit } }' "$LAB_T/screen"
}
# wait_ov SECONDS - poll until the Overview shows rxe0 sending and rxe1
# receiving: TX of rxe0, RX of rxe1 and both packet rates > 0 (Gb/s to one
# decimal: a second between two runs shows 0.0, so wait for a busy one)
wait_ov() {
	local n=$(( $1 * 4 ))
	while [ $n -gt 0 ]; do
		screen
		ov_fig="$(ov rxe0/1 3) $(ov rxe1/1 5) $(ov rxe0/1 7) $(ov rxe1/1 7)"
		awk -v f="$ov_fig" 'BEGIN { exit !(split(f, v, " ") == 4 &&
			v[1] + 0 > 0 && v[2] + 0 > 0 && v[3] + 0 > 0 && v[4] + 0 > 0) }' && return 0
		sleep 0.25
		n=$((n - 1))
	done
	return 1
}

# The pane's shell writes the console's pid, then execs it; when it exits
# the pane stays and shows its status.
console_start 100 30
diag "tmux $(tmux -V 2>&1), TERM=$term, $(wc -c <"$LAB_T/tmux.err") bytes of tmux errors"
diag_file "$LAB_T/tmux.err" 4
lab_wait 10 test -s "$LAB_T/con.pid"
cpid=$(cat "$LAB_T/con.pid" 2>/dev/null)

# --- Devices pane (2; the Overview is the first).  Start-up reads every GID slot (1024 on
# rxe) under TCG: allow it 60 s.
wait_for 60 'Ports \(2\)' && keys 2 &&
	wait_for 10 'RDMA devices and ports \(2\)' && wait_for 5 'port 1 +ACTIVE.*' &&
	wait_for 5 'netdev veth1'
n_act=$(grep -cE 'port 1 +ACTIVE' "$LAB_T/screen")
ok "$(grep -qE '^rxe0 ' "$LAB_T/screen" && grep -qE '^rxe1 ' "$LAB_T/screen" &&
	grep -q 'netdev veth0 UP' "$LAB_T/screen" && grep -q 'netdev veth1 UP' "$LAB_T/screen" &&
	[ "$n_act" = 2 ] && lab_port_active rxe0 && lab_port_active rxe1; echo $?)" \
	"console Devices: rxe0 (veth0) and rxe1 (veth1), port 1 ACTIVE on both"
[ "$n_act" = 2 ] || show_screen

# --- GIDs pane of the default port (rxe0), then of rxe1 picked with Enter.
keys 3
wait_for 10 'GID table of rxe0 port 1 \(veth0\)'
ok "$(grep -qE 'use index 1: +-x 1 ' "$LAB_T/screen" &&
	grep -qE '^ +1 +RoCE v2 +veth0 .*10\.99\.0\.1 +<- use' "$LAB_T/screen"; echo $?)" \
	"console GIDs: rxe0 recommends index 1 (-x 1), the RoCE v2 entry of 10.99.0.1"
grep -q -- '<- use' "$LAB_T/screen" || show_screen
keys 2
wait_for 10 'RDMA devices and ports'
keys Down Enter
wait_for 10 'GID table of rxe1 port 1 \(veth1\)'
ok "$(grep -qE 'use index 1: +-x 1 ' "$LAB_T/screen" &&
	grep -qE '^ +1 +RoCE v2 +veth1 .*10\.99\.0\.2 +<- use' "$LAB_T/screen"; echo $?)" \
	"console GIDs: Enter on rxe1 in Devices shows its GIDs, index 1 (-x 1) recommended"
grep -q 'rxe1 port 1' "$LAB_T/screen" || show_screen

# --- Counters of rxe1 (the selected port): idle, then during traffic.
keys 4
wait_for 10 'Counters of rxe1 port 1 \(veth1\)' && wait_for 5 'rcvd_pkts +hw'
wait_rate 5 rcvd_pkts zero
idle1=$(rate rcvd_pkts)
# Traffic lasts until the test has seen what it needs, however slow this
# machine is (traffic_start in tap.sh); each run must pass.
traffic_start
wait_rate 120 rcvd_pkts nonzero
busy1=$(rate rcvd_pkts)
grep -E 'Counters of|rcvd_pkts|sent_pkts' "$LAB_T/screen" | diag "$(cat)"
ok "$(awk -v a="$idle1" -v b="$busy1" 'BEGIN { exit !(a != "" && a + 0 == 0 && b + 0 > 0) }'; echo $?)" \
	"console Counters of rxe1: rcvd_pkts ${idle1:-?} idle, ${busy1:-?} during ib_write_bw"

# Back to Devices, pick rxe0 with c: its counters while the run goes on.
keys 2
wait_for 10 'RDMA devices and ports'
keys Up c
wait_for 10 'Counters of rxe0 port 1 \(veth0\)' && wait_for 5 'sent_pkts +hw'
wait_rate 120 sent_pkts nonzero
busy0=$(rate sent_pkts)
grep -E 'Counters of|rcvd_pkts|sent_pkts' "$LAB_T/screen" | diag "$(cat)"

# --- Overview (1) during the same runs: rxe0 -> rxe1 on both ports' lines
# (rxe has no port_xmit_data: the figures come from veth0/veth1's bytes).
keys 1
wait_for 10 'Ports \(2\)'
wait_ov 120
grep -E 'rxe[01]/1' "$LAB_T/screen" | diag "$(cat)"
ok "$(awk -v f="$ov_fig" 'BEGIN { exit !(split(f, v, " ") == 4 && v[1] + 0 > 0 && v[2] + 0 > 0 &&
	v[3] + 0 > 0 && v[4] + 0 > 0) }'; echo $?)" \
	"console Overview: rxe0/1 TX ${ov_fig%% *} Gb/s, rxe1/1 RX > 0 and pkt/s > 0 on both during ib_write_bw"
grep -q 'rxe1/1' "$LAB_T/screen" || show_screen
keys 4
wait_for 10 'Counters of rxe0 port 1'
traffic_stop
diag "ib_write_bw -D 4 runs while the panes were read: $TRAFFIC_RUNS, failed: $TRAFFIC_BAD"
ok "$( [ "$TRAFFIC_RUNS" -ge 1 ] && [ "$TRAFFIC_BAD" = 0 ] && grep -q 'Counters of rxe0 port 1' "$LAB_T/screen" &&
	awk -v b="$busy0" 'BEGIN { exit !(b + 0 > 0) }'; echo $?)" \
	"console Counters of rxe0 (picked with c): sent_pkts ${busy0:-?} during the runs, which pass"

# After the runs: the rate falls back to 0 and the console still answers.
wait_rate 30 sent_pkts zero
after0=$(rate sent_pkts)
ok "$(awk -v a="$after0" 'BEGIN { exit !(a != "" && a + 0 == 0) }' && alive; echo $?)" \
	"console after the run: rxe0 sent_pkts back to ${after0:-?}, console still running"
keys 3
wait_for 10 'GID table of rxe0 port 1'
ok "$(grep -qE 'use index 1: +-x 1 ' "$LAB_T/screen" && alive; echo $?)" \
	"console still answers keys after the run (3: GIDs of rxe0)"

# --- q quits: the process is gone, exit status 0.
keys q
gone() { ! kill -0 "$cpid" 2>/dev/null; }
lab_wait 10 gone
wait_for 5 '^EXITED '
ok "$(gone && grep -qx 'EXITED 0' "$LAB_T/screen"; echo $?)" "console: q ends the process, exit status 0"
grep -q '^EXITED' "$LAB_T/screen" || show_screen
T kill-server >/dev/null 2>&1
