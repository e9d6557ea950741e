#!/bin/bash
# SPDX-License-Identifier: MIT
# 52-console-capture.sh - the console's Capture pane on real RoCE v2
# traffic, in a real terminal (tmux inside the VM, 100x30):
#   8 opens the pane, which captures the selected port's netdev (rxe0's
#     veth0) by itself;
#   an ib_write_bw run (rxe0 -> rxe1) shows up as the flows of the QPs
#     perftest itself reports (WRITEs to the server's QPN, ACKs to the
#     client's), with the RoCE v2 verdict on top;
#   a filter on the server's QP leaves only its packets, as the CLI
#     prints them;
#   -d rxe0 asks first, then says rxe has no sniffer; q quits with 0.
# Every wait is a bounded poll of the screen.
. /lab-guest/tap.sh
plan 6
. /lab-guest/console.sh
rs_has_cmd capture || skip_all "rocescope has no 'capture' command"

erase() { local i; for ((i = 0; i < $1; i++)); do keys BSpace; done; }

console_start 100 30
diag_file "$LAB_T/tmux.err" 4

# Start-up reads every GID slot (1024 on rxe) under TCG: allow it 60 s.
wait_for 60 'Ports \(2\)' && keys 8
wait_for 20 'Capture: live veth0' && wait_for 10 'No RoCE|0 frames|frames:'
ok "$(grep -q 'Capture: live veth0' "$LAB_T/screen"; echo $?)" \
	"8: the Capture pane captures rxe0's netdev (veth0) by itself"
grep -q 'Capture: live veth0' "$LAB_T/screen" || show_screen

healthy_bw
rc=$?
show_out 4
# perftest prints its QPNs: "local address: LID 0000 QPN 0x0011 PSN ...".
qpn() { sed -n 's/.*local address:.*QPN \(0x[0-9a-fA-F]*\).*/\1/p' "$1" | head -n 1; }
sq=$(printf '0x%06x' "$(qpn "$LAB_T/srv.out")" 2>/dev/null)
cq=$(printf '0x%06x' "$(qpn "$LAB_T/cli.out")" 2>/dev/null)
diag "perftest: server QPN $sq, client QPN $cq"
wait_for 60 "^ 10\\.99\\.0\\.1 +10\\.99\\.0\\.2 +$sq " &&
	wait_for 30 "^ 10\\.99\\.0\\.2 +10\\.99\\.0\\.1 +$cq "
r=$?
grep -E '^ (src|10\.99)|frames:' "$LAB_T/screen" | diag "$(cat)"
ok "$( [ $rc = 0 ] && [ $r = 0 ]; echo $?)" \
	"ib_write_bw passes; the pane shows its flows: WRITEs to $sq, ACKs to $cq"
[ $r = 0 ] || show_screen

ok "$(grep -Eq 'RoCE v2\? +PASS +RoCE v2: [0-9]+ packets' "$LAB_T/screen" &&
	grep -Eq 'wire +(PASS|WARN|FAIL) ' "$LAB_T/screen"; echo $?)" \
	"the verdicts on top: RoCE v2 seen (pass), the wire judged"
grep 'RoCE v2?\|wire ' "$LAB_T/screen" | diag "$(cat)"

keys /
wait_for 10 'Filter \(' && keys "qp $sq" Enter
wait_for 10 "packets matching qp $sq" && wait_for 10 "RC RDMA WRITE (First|Middle|Last) qp $sq"
sed -n '/^ packets/,$p' "$LAB_T/screen" | sed '1d;$d' >"$LAB_T/list"
ok "$( [ -s "$LAB_T/list" ] && ! grep -v "qp $sq" "$LAB_T/list" | grep -q . &&
	grep -Eq '^[0-9]+\.[0-9]{6} 10\.99\.0\.1 > 10\.99\.0\.2 dscp [0-9]+ [A-Za-z0-9()-]+ v2 RC RDMA WRITE' "$LAB_T/list"; echo $?)" \
	"filter qp $sq: only the WRITEs to the server's QP, lines as rocescope capture prints them"
head -n 3 "$LAB_T/list" | diag "$(cat)"

keys i
wait_for 10 'Capture -i NETDEV' && erase 12 && keys -- '-d rxe0' Enter
wait_for 10 'y: start the sniffer on rxe0' && keys y
wait_for 20 'rxe0 has no sniffer'
ok "$(grep -q 'rxe0 has no sniffer' "$LAB_T/screen" && grep -q 'CAP_NET_RAW' "$LAB_T/screen" ||
	grep -q 'rxe0 has no sniffer' "$LAB_T/screen"; echo $?)" \
	"-d rxe0: asked first, then the pane says rxe has no sniffer"
grep -q 'no sniffer' "$LAB_T/screen" || show_screen

console_quit
ok $? "console: q ends the process, exit status 0"
grep -q '^EXITED' "$LAB_T/screen" || show_screen
