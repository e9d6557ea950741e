#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console.sh - the console in a real terminal (tmux): every pane on the
# demo host (exact lines where the demo is fixed), help, the peer input
# line, freeze and interval keys, resize to too small and back, NO_COLOR, a
# non-UTF-8 locale, quitting (process gone, terminal restored), SIGINT and
# SIGSEGV, a saved snapshot, and the live host.  The fixture-root and
# hot-removal cases are in test_console_root.sh.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"

# ---------------------------------------------------------------- demo host
start demo $UTF $UTF_ALL -- --demo
wait_for demo ' 1 Overview' ; ok $? "demo: console starts on the Overview pane"
keys demo 2
wait_for demo 'RDMA devices and ports'; ok $? "2: the Devices pane, its title"
wait_for demo 'demo' ; ok $? "demo: status bar names the source"
wait_text demo "$(printf '\342\224\200')"; ok $? "demo: UTF-8 box drawing in a UTF-8 locale"

# The demo host is fixed (profiles/demo/host.yaml): its panes are exact,
# but for the FEC blocks and carrier changes it moves each tick (N).  Both
# devices with their NIC lines need 45 rows.
cat >"$tmp/devices.want" <<'WANT'
mlx5_0      ConnectX-5      fw 16.35.2000     PSID MT_0000000012
     PCI 0000:3b:00.0  8.0 GT/s x8 (max 8.0 GT/s x16)  mlx5_core
     NIC Mellanox Technologies MT27800 Family [ConnectX-5] (RDMA mlx5)
     in use: QPs 18 (INIT 1, RTS 17), CQs 12, MRs 8, PDs 3
     ! PCI link below max: 8.0 GT/s x8 of 8.0 GT/s x16 (check slot, riser, BIOS)
WANT
printf '%s\n' "$(printf '\342\226\266') port 1  ACTIVE   LinkUp    Ethernet  100 Gb/sec (4X EDR)" \
	>>"$tmp/devices.want"
cat >>"$tmp/devices.want" <<'WANT'
     netdev ens1f0np0 UP mtu 9000 -> RoCE MTU 4096  active_mtu 4096
     ens1f0np0 and its PCI function, recorded (demo):
     health  fw ok, fw_fatal ok, tx ok, rx ok, vnic ok
     FEC     RS, corrected N M, uncorrectable N
     module  SFF-8636 Mellanox MMA1B00-C100D 41.5 C, rx -0.7..-0.3 dBm
     link    N carrier changes, pause storms 0 warn 0 err, storm guard auto
     DCQCN   np 0x08 rp 0x08, CNP prio 6 DSCP 48, 17 params
     NUMA    node 0, CPUs 0-31, 4 IRQs, 0 off-node
     ~ ens1f0np0: CNPs go out on priority 6, which has no PFC

mlx5_1      ConnectX-5      fw 16.35.2000     PSID MT_0000000012
     PCI 0000:3b:00.1  8.0 GT/s x8 (max 8.0 GT/s x16)  mlx5_core
     NIC Mellanox Technologies MT27800 Family [ConnectX-5] (RDMA mlx5)
     in use: QPs 12 (INIT 1, RTS 9, ERR 2), CQs 8, MRs 4, PDs 3
     ! PCI link below max: 8.0 GT/s x8 of 8.0 GT/s x16 (check slot, riser, BIOS)
  port 1  ACTIVE   LinkUp    Ethernet  100 Gb/sec (4X EDR)
     netdev ens1f1np1 UP mtu 1500 -> RoCE MTU 1024  active_mtu 1024
     ~ ens1f1np1 MTU 1500 < 4200: RoCE MTU 1024, not 4096
     ens1f1np1 and its PCI function, recorded (demo):
     health  fw ok, fw_fatal ok, tx recovered (3), rx ok, vnic ok
     FEC     RS, corrected N M, uncorrectable N
     module  SFF-8636 Mellanox MMA1B00-C100D 48.2 C, rx -10.9..-0.3 dBm, 1 flags
     link    N carrier changes, pause storms 5 warn 0 err, storm guard auto
     DCQCN   np 0x00 rp 0x00, CNP prio 6 DSCP 48, 17 params
     NUMA    node 0, CPUs 0-31, 4 IRQs, 4 off-node
     ~ ens1f1np1: 0 pause storm errors, 5 warnings; PFC storm guard auto
WANT
T resize-window -t demo -x 80 -y 45 2>/dev/null
wait_for demo '~ python3 \(pid 51002\) drives mlx5_1'
wait_lines demo 3 34 "$tmp/devices.want" \
	's/corrected [0-9.]+ M, uncorrectable [0-9]+$/corrected N M, uncorrectable N/;
	s/^     link    [0-9]+ carrier/     link    N carrier/'
ok $? "demo: Devices pane, exact lines"
T resize-window -t demo -x 80 -y 24 2>/dev/null
wait_for demo '↓$'	# back at 24 rows: more below

keys demo Tab
wait_for demo 'GID table of'; ok $? "Tab: GIDs pane"
cat >"$tmp/gids.want" <<'WANT'
 use index 3:  -x 3   NCCL_IB_GID_INDEX=3   UCX_IB_GID_INDEX=3
   RoCE v2, 192.168.100.1 on ens1f0np0

 index type       netdev       vlan  address
    0  IB/RoCE v1 ens1f0np0    -     fe80::9a03:9bff:fe0a:1b2c  trap: RoCE v1
    1  RoCE v2    ens1f0np0    -     fe80::9a03:9bff:fe0a:1b2c  trap: link-local
    2  IB/RoCE v1 ens1f0np0    -     192.168.100.1  trap: RoCE v1
    3  RoCE v2    ens1f0np0    -     192.168.100.1  <- use
    4  IB/RoCE v1 ens1f0np0    -     2001:db8:100::1  trap: RoCE v1
    5  RoCE v2    ens1f0np0    -     2001:db8:100::1
WANT
wait_lines demo 3 12 "$tmp/gids.want"; ok $? "demo: GIDs pane, exact lines (index 3 recommended, traps marked)"
wait_for demo 'use index 3: +-x 3 +NCCL_IB_GID_INDEX=3 +UCX_IB_GID_INDEX=3'; ok $? "GIDs: the recommendation with its three settings"
keys demo 4
wait_for demo 'RDMA traffic'; ok $? "4: Counters pane, grouped"
wait_for demo 'rate +total +history'; ok $? "Counters: rate, total and history columns"
wait_for demo 'port_xmit_data +cnt +[0-9]+\.[0-9] Gb/s '; ok $? "Counters: data in Gb/s"
wait_for demo 'port_xmit_packets +cnt +[0-9]+\.[0-9] [kM]pps '; ok $? "Counters: packets in pps"
keys demo z
wait_for demo 'showing counters that moved'; ok $? "z: the counters that never moved are hidden"
wait_all demo 'port_xmit_data' -- 'multicast_rcv_packets'
ok $? "z: a zero counter is gone, a moving one stays"
keys demo z /
wait_for demo 'Search counters'; ok $? "/: asks what to search"
keys demo -l 'XMIT'
keys demo Enter
wait_for demo 'names with "XMIT"'; ok $? "/ XMIT: the search is shown"
wait_all demo 'port_xmit_data' 'port_xmit_wait' -- '^ +. +[a-z_]*rcv[a-z_]* '
ok $? "/ XMIT: only names with xmit (any case), from every group"
keys demo / BSpace BSpace BSpace BSpace Enter
wait_for demo 'search cleared'; ok $? "/ with an empty text: every counter again"
wait_for demo "$(printf '\342\226[\201-\210]')"; ok $? "Counters: UTF-8 sparkline"
wait_for demo '! mlx5_1 port 1: [0-9]+ error counters? rising'; ok $? "Counters: errors rising on another port are pointed at"
keys demo 2 Down c
wait_for demo 'Counters of mlx5_1 port 1'; ok $? "Devices, Down, c: counters of the second port"
wait_for demo '! out_of_sequence +hw'; ok $? "Counters: a rising error counter stands out"
keys demo 2 Up Enter
wait_for demo 'GID table of mlx5_0 port 1'; ok $? "Devices, Up, Enter: GIDs of the first port"
keys demo 5
wait_for demo 'RDMA interfaces'; ok $? "5: Network pane"
wait_text demo '! neigh 192.168.100.20 FAILED'; ok $? "Network: FAILED neighbour marked"
wait_text demo '~ ens1f0np0 and ens1f1np1 share the subnet'; ok $? "Network: shared subnet warned"
wait_text demo '5 Network(4!)'; ok $? "Network: 2 FAILED neighbours + 2 shared subnets counted on the tab"
keys demo 6
wait_for demo 'Kernel modules'; ok $? "6: Host pane"
wait_text demo 'Locked memory'; ok $? "Host: memlock section"
keys demo BTab
wait_for demo 'RDMA interfaces'; ok $? "Shift-Tab: back to Network"
keys demo 2
wait_for demo 'RDMA devices and ports'; ok $? "2: back to Devices"

keys demo '?'
wait_for demo 'F10 +quit'; ok $? "?: help lists the keys"
wait_text demo 'Shift-Tab'; ok $? "help: from the key table"
keys demo Escape
wait_for demo 'RDMA devices and ports'; ok $? "Esc closes help"
keys demo F1
wait_for demo 'this help'; ok $? "F1: help"
keys demo q
wait_for demo 'RDMA devices and ports'; ok $? "q in help closes help only"

keys demo f
wait_for demo 'FROZEN'; ok $? "f: frozen shown in the status bar"
# frozen, nothing to do: the process sleeps in poll() (no busy waiting).
# The second is the window the CPU time is measured over, not a wait.
cpu() { awk '{ print $14 + $15 }' "/proc/$(cat "$tmp/demo.pid")/stat"; }
c0=$(cpu)
sleep 1
c1=$(cpu)
[ $((c1 - c0)) -le 2 ]; ok $? "frozen: no CPU used in 1 s ($((c1 - c0)) clock ticks)"
keys demo f
wait_for demo 'every 1 s'; ok $? "f again: resumed, interval 1 s"
keys demo +
wait_for demo 'every 2 s'; ok $? "+: interval 2 s"
keys demo - -
wait_for demo 'every 0.5 s'; ok $? "- -: interval 0.5 s"

keys demo p
wait_for demo 'Peer IP:'; ok $? "p: peer input line"
keys demo -l 'not-an-ip'
keys demo Enter
wait_for demo 'not an IP address'; ok $? "peer: bad address rejected with a message"
keys demo p
keys demo C-u
keys demo BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace
keys demo -l '10.0.0.2'
keys demo Enter 5
wait_for demo 'peer 10.0.0.2'; ok $? "peer: shown in the Network pane"
# The address typed before is selected: typing replaces it, never appends
# to it ("10.0.0.210.9.9.9"); the demo computes the route from its own routes.
keys demo p
wait_for demo 'Peer IP: 10\.0\.0\.2 +\(typing replaces it'; ok $? "p again: the peer typed before shown selected"
keys demo -l '10.9.9.9'
keys demo Enter
wait_all demo 'computed route: peer 10\.9\.9\.9 via eno1 src 10\.20\.0\.15 gateway 10\.20\.0\.1' \
	-- '10\.0\.0\.210\.9'
ok $? "peer: a new address replaces the one before; the route computed from the demo's routes, said so"
keys demo p
keys demo Right
keys demo -l '0'
wait_for demo 'Peer IP: 10\.9\.9\.90'; ok $? "peer: Right keeps the address to edit it"
keys demo Escape

keys demo 2
T resize-window -t demo -x 40 -y 10
wait_for demo 'Terminal too small: 40x10'; ok $? "resize to 40x10: too small message"
# At 20x5 the message still reads whole: wrapped at spaces, no word cut.
T resize-window -t demo -x 20 -y 5
# reads_as TEXT: the whole screen, lines joined and blanks squeezed, is TEXT
reads_as() { [ "$(tr '\n' ' ' <"$tmp/screen" | tr -s ' ' | sed 's/ $//')" = "$1" ]; }
wait_until demo reads_as "Terminal too small: 20x5. rocescope needs 80x24: enlarge it, or q quits."
ok $? "resize to 20x5: the too-small message fits, wrapped, every word whole"
T resize-window -t demo -x 80 -y 24
wait_for demo 'RDMA devices and ports'; ok $? "resize back to 80x24: recovers"
# 80 columns: every tab says what it is, the current one in full (short
# names from the pane table, src/panes.c).
wait_for demo '^ 1 Ovw 2 Devices\([0-9]+!\)  3 GID 4 Cnt(\([0-9]+!\))? 5 Net\([0-9]+!\) 6 Host 7 Wiz 8 Cap 9 Test 0( QPs)?(\([0-9]+!\))? *$'
ok $? "80x24: the tab bar names every pane (short names), the current one in full"
keys demo 4
wait_for demo '^ 1 Ovw 2 Dev\([0-9]+!\) 3 GID 4 Counters(\([0-9]+!\))?  5 Net'
ok $? "80x24: the current tab in full, wherever it is"
keys demo '?'
wait_for demo 'F10 +quit'
page_to demo '^ 5 Network    addresses, routes, neighbours of RDMA netdevs; the route to the$' &&
	wait_until demo line_then '^ 5 Network ' '^              peer$'
ok $? "80x24 help: a long line wraps under its column, not cut"
keys demo Home
wait_for demo 'F10 +quit'
page_to demo '^ b            bandwidth test to the peer \(options as for rocescope bw: -s -D -q$' &&
	wait_until demo line_then '^ b ' '^              -n\)$'
ok $? "80x24 help: the keys' lines wrap too"
keys demo End
wait_for demo '<- use +the recommended RoCE v2 GID index'; ok $? "End: the end of the help"
keys demo q 5 End
wait_for demo '^ ~ ens1f0np0 and ens1f1np1 share the subnet of 192\.168\.100\.1/24: replies may$' &&
	wait_for demo '^   leave by the wrong port'
ok $? "80x24 Network: a finding wraps under its text, readable whole"
# A message longer than the bar leaves it gets rows of its own: the reason
# at its end is read, not cut.
keys demo W
wait_for demo 'Record to:' && keys demo C-u
i=0; while [ $i -lt 60 ]; do keys demo BSpace; i=$((i + 1)); done
keys demo -l '/nonexistent-directory-of-rocescope-tests/a-recording-with-a-long-name.rsrec'
keys demo Enter
# message_whole: the rows from "cannot record:" to the bar hold the reason
# and the whole name, and the bar is still the last line
message_whole() {
	sed -n '/^ cannot record:/,$p' "$tmp/screen" | sed '$d' | tr '\n' ' ' | tr -s ' ' >"$tmp/msg" &&
		grep -q 'No such file or directory' "$tmp/msg" &&
		grep -q '/nonexistent-directory-of-rocescope-tests/a-recording-with-a-long-name\.rsrec' "$tmp/msg" &&
		tail -1 "$tmp/screen" | grep -q '?:help q:quit'
}
wait_until demo message_whole
ok $? "80x24: a long status message wraps above the bar, its reason whole"
keys demo 2
wait_all demo 'RDMA devices and ports' -- 'cannot record'
ok $? "the next key clears it, the pane has its rows back"
T resize-window -t demo -x 132 -y 43
wait_for demo 'RDMA devices and ports'; ok $? "resize to 132x43: redrawn"
wait_for demo '^ 1 Overview   2 Devices\([0-9]+!\)   3 GIDs   4 Counters\([0-9]+!\)   5 Network\([0-9]+!\)   6 Host   7 Wizard   8 Capture   9 Tests'
ok $? "132x43: tab bar on top, every tab named"

rss=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$(cat "$tmp/demo.pid")/status")
diag "console peak resident memory after the session: ${rss:-?} kB"
if [ -n "${RS_SANITIZERS:-}" ]; then
	skip "resident memory: built with sanitizers (ASan's shadow memory counts)"
else
	[ -n "$rss" ] && [ "$rss" -lt 16384 ]; ok $? "resident memory under 16 MiB (${rss:-?} kB)"
fi
keys demo q
wait_for demo 'EXITED 0'; ok $? "q: quits with status 0"
pid=$(cat "$tmp/demo.pid")
! kill -0 "$pid" 2>/dev/null; ok $? "q: the process is gone"
[ "$(T display -p -t demo '#{alternate_on}')" = 0 ]; ok $? "q: terminal restored (alternate screen off)"
[ "$(T display -p -t demo '#{cursor_flag}')" = 1 ]; ok $? "q: cursor visible again"

# ---------------------------------------------------------------- signals
start int $UTF $UTF_ALL -- --demo
wait_for int ' 1 Overview'
keys int C-c
wait_for int 'EXITED 130'; ok $? "Ctrl-C (SIGINT): exits with 128+2"
[ "$(T display -p -t int '#{alternate_on}')" = 0 ]; ok $? "SIGINT: terminal restored"
start hup $UTF $UTF_ALL -- --demo
wait_for hup ' 1 Overview'
kill -HUP "$(cat "$tmp/hup.pid")"
wait_for hup 'EXITED 129'; ok $? "SIGHUP (SSH gone): exits with 128+1"
[ "$(T display -p -t hup '#{alternate_on}')" = 0 ]; ok $? "SIGHUP: terminal restored"
start segv $UTF $UTF_ALL -- --demo
wait_for segv ' 1 Overview'
kill -SEGV "$(cat "$tmp/segv.pid")"
wait_for segv 'EXITED 139'; ok $? "SIGSEGV: re-raised, default action (status 139)"
[ "$(T display -p -t segv '#{alternate_on}')" = 0 ]; ok $? "SIGSEGV: terminal restored first"

start badterm TERM=no-such-terminal -- --demo
wait_for badterm 'EXITED 1'; ok $? "unknown TERM: exit 1"
wait_text badterm "cannot drive terminal type 'no-such-terminal'"; ok $? "unknown TERM: says why"

# ---------------------------------------------------------------- colours
# escapes NAME PATTERN... [-- ABSENT...]: the screen with its attributes
# as escape sequences (capture-pane -e) has every PATTERN and no ABSENT
escapes() {
	_e=$1
	shift
	T capture-pane -e -p -t "$_e" >"$tmp/screen" && all_of "$@"
}
ESC=$(printf '\033')
COLOUR="$ESC\\[([0-9;]*;)?(3[0-7]|4[0-7])(;[0-9;]*)?m"
COLOUR256="$ESC\\[([0-9;]*;)?(3[0-7]|4[0-7]|38;5|48;5)(;[0-9;]*)?m"
REVERSE="$ESC\\[([0-9;]*;)?7(;[0-9;]*)?m"
start col $UTF $UTF_ALL -- --demo
wait_for col ' 1 Overview'
wait_until col escapes col "$COLOUR"; ok $? "colours used by default"
start nocol NO_COLOR=1 $UTF $UTF_ALL -- --demo
wait_for nocol ' 1 Overview'
wait_until nocol escapes nocol "$REVERSE" -- "$COLOUR256"; ok $? "NO_COLOR: no colour escape"
wait_until nocol escapes nocol "$REVERSE"; ok $? "NO_COLOR: reverse video instead"

# ---------------------------------------------------------------- ASCII
start ascii LANG=C LC_ALL=C -- --demo
wait_for ascii 'Ports \(2\)'; ok $? "LANG=C: starts"
keys ascii 4
wait_for ascii 'RDMA traffic'
# a rate shows once two readings were taken: the sparkline has samples then
wait_all ascii 'port_xmit_data +cnt +[0-9.]+ [kMGT]?b/s' -- "$(printf '[\200-\377]')"
ok $? "LANG=C: no UTF-8 byte on the screen"
wait_text ascii '- RDMA traffic ---'; ok $? "LANG=C: ASCII rules"
keys ascii q
wait_for ascii 'EXITED 0'; ok $? "LANG=C: quits"

# ---------------------------------------------------------------- saved file
# A snapshot saved by `rocescope snapshot` opens static: no refresh timer.
"$ROCESCOPE" --demo snapshot -o "$tmp/snap.yaml" 2>/dev/null
start file $UTF $UTF_ALL -- --load "$tmp/snap.yaml" --peer 192.168.100.20
wait_for file '\(static\)'; ok $? "--load: status bar says the file is static"
wait_text file 'mlx5_1'; ok $? "--load: the saved devices"
keys file 5
wait_for file 'peer 192.168.100.20 via ens1f0np0'; ok $? "--load: the recorded peer lookup is shown"
keys file q
wait_for file 'EXITED 0'; ok $? "--load: quits"
printf 'version: 1\nnot_a_field: [\n' >"$tmp/bad.yaml"
start bad $UTF $UTF_ALL -- --load "$tmp/bad.yaml"
wait_for bad 'EXITED 1'; ok $? "--load of a malformed file: exit 1, no screen"
wait_text bad 'bad.yaml'; ok $? "--load of a malformed file: the message names the file"

# ---------------------------------------------------------------- live host
# This machine has no RDMA device; the network side is real.  A peer typed
# with p is looked up by the kernel (rs_collect_net with the peer).
start live $UTF $UTF_ALL --
wait_for live 'Ports \(0\)'; ok $? "live: starts on this host (no RDMA port: an empty Overview)"
wait_text live 'no RDMA port'; ok $? "live: the Overview says there is no RDMA port"
wait_for live 'live'; ok $? "live: status bar says live"
keys live p
keys live -l 127.0.0.1
keys live Enter 5
wait_for live 'peer 127.0.0.1 via lo'; ok $? "live: the kernel's route to the peer"
wait_text live '! 127.0.0.1 is this host (loopback): RoCE cannot reach it'
ok $? "live: a peer that is this host is said to be (not 'route it via an RDMA netdev')"
keys live q
wait_for live 'EXITED 0'; ok $? "live: quits"

plan $rs_n
exit $rs_failed
