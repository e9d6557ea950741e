#!/bin/sh
# SPDX-License-Identifier: MIT
# test_cli_hostile.sh - no raw control byte from outside reaches the
# terminal.  Every command runs on a tree whose board_id, fw_ver, hostname,
# GID file, GID netdev and counter name hold ESC sequences, BEL, C1
# controls, a bidi override and invalid UTF-8 (tests/hostile_tree.sh), on
# a saved snapshot of it, on a snapshot file crafted with the same bytes
# in its strings and its errors, and with such bytes in file names and
# arguments; stdout and stderr of each must be clean (hostile_clean) and
# the text must show the bytes escaped (\x1b), not dropped.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/hostile_tree.sh"

R=$ROCESCOPE
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-hostile-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
ESC=$(printf '\033')
H=$T/h

plan 15

hostile_tree "$H" || exit 1

# run NAME ARGS...: run rocescope; stdout in $T/NAME.out, stderr in .err.
# A list of the runs whose output is not clean is kept in $T/dirty.  With
# yaml=--controls-only (a command whose stdout is YAML, which may carry a
# bidi override raw: a printable character to YAML, whose escaping is the
# snapshot writer's) only control bytes are looked for on stdout.
: >"$T/dirty"
yaml=
run() {
	name=$1
	shift
	"$R" "$@" >"$T/$name.out" 2>"$T/$name.err" </dev/null
	hostile_clean "$T/$name.out" $yaml || echo "$name (stdout)" >>"$T/dirty"
	hostile_clean "$T/$name.err" || echo "$name (stderr)" >>"$T/dirty"
}
# clean_runs WHAT: ok when no run since the last call wrote a raw byte.
clean_runs() {
	[ ! -s "$T/dirty" ]
	ok $? "$1"
	if [ -s "$T/dirty" ]; then diag "raw control bytes from: $(tr '\n' ',' <"$T/dirty")"; fi
	: >"$T/dirty"
}

# --- the views on the tree --------------------------------------------------
for j in "" --json; do
	run "devices$j" --root "$H" devices $j
	run "gids$j" --root "$H" gids $j
	run "check$j" --root "$H" check -i 0 $j
	run "setup$j" --root "$H" check --tree first-time-setup $j
	run "conn$j" --root "$H" check --tree connection-failure --peer 192.168.10.99 $j
	run "counters$j" --root "$H" counters -i 0.1 -c 1 $j
done
run exporter --root "$H" exporter --once
clean_runs "devices, gids, check, check --tree, counters and exporter --once on the tree (text and JSON): clean"
# The exposition format has no escape for ESC: the visible text \x1b, its
# backslash escaped as the format wants, so a scraper keeps every byte.
grep -q 'board_id="MT_\\\\x1b\]0;pwned\\\\x07' "$T/exporter.out"
ok $? "exporter: a control byte in a label is the visible \\x1b, escaped for the format"
grep -q 'PSID     MT_\\x1b\]0;pwned\\x07\\u009b2J\\xffend' "$T/devices.out" &&
	grep -q 'firmware 16\.\\x1b\[31m35\\x9d\.2000\\u202e' "$T/devices.out"
ok $? "devices: board_id and fw_ver shown escaped, whole"
grep -q 'ens1f0np0\\x1b\[2J' "$T/gids.out" && grep -q 'not a GID: "fe80:0000:0000:0000:\\x1b\[5m' "$T/gids.out"
ok $? "gids: the GID's netdev escaped, the bad GID file's note escaped"
grep -q '"board_id": "MT_\\u001b\]0;pwned\\u0007\\u009b2J\\ufffdend"' "$T/devices--json.out"
ok $? "devices --json: the JSON writer escapes ESC, BEL, C1; invalid UTF-8 is U+FFFD"

# --- snapshot, and views of the saved file ----------------------------------
yaml=--controls-only
run snap-stdout --root "$H" snapshot
yaml=
run snap-file --root "$H" snapshot -o "$T/h${ESC}x.yaml"
for v in devices gids check counters; do
	run "loaded-$v" --load "$T/h${ESC}x.yaml" $v
	run "loaded-$v-json" --load "$T/h${ESC}x.yaml" $v --json
done
clean_runs "snapshot (YAML on stdout, -o FILE with ESC in its name) and the views of the saved file: clean"
grep -q 'evil\\x1b\[31m' "$T/loaded-counters.out" && grep -q 'file .*h\\x1bx\.yaml' "$T/loaded-counters.out"
ok $? "counters of the saved file: the counter name and the file name escaped"

# A snapshot file is anyone's: escapes in its strings and in its errors.
"$R" --demo snapshot -o "$T/d.yaml" 2>/dev/null
sed -e 's/^  hostname: demo-roce-01$/  hostname: "demo\\e]0;owned\\a\\u009b2J\\x85"/' \
	-e '0,/fw_ver: "16.35.2000"/s//fw_ver: "16.\\e[5m35\\u202e"/' \
	-e '0,/excessive_buffer_overrun_errors: 0/s//"evil\\e[31m": 5/' \
	-e 's/^errors: \[\]$/errors:\n- area: rdma\n  source: "sysfs\\e[31m"\n  object: "mlx5_0\\a"\n  message: "bad \\e]2;title\\a \\u202e text\\ttab\\nline"/' \
	"$T/d.yaml" >"$T/crafted.yaml"
for v in devices gids check counters; do
	run "crafted-$v" --load "$T/crafted.yaml" $v
	run "crafted-$v-json" --load "$T/crafted.yaml" $v --json
done
run crafted-tree --load "$T/crafted.yaml" check --tree low-bandwidth --peer 192.168.100.20
yaml=--controls-only
run crafted-snap --load "$T/crafted.yaml" snapshot
yaml=
clean_runs "a crafted snapshot file (escapes in hostname, fw_ver, a counter name, an error): clean"
grep -qx 'note: sysfs\\x1b\[31m mlx5_0\\x07: bad \\x1b\]2;title\\x07 \\u202e text\\ttab\\nline' "$T/crafted-devices.out"
ok $? "the collection notes (rs_view_print_errors) are escaped, tab and newline included"
grep -q '"hostname": "demo\\u001b\]0;owned\\u0007\\u009b2J\\u0085"' "$T/crafted-gids-json.out"
ok $? "gids --json carries the (escaped) host name like the other views"

# --- the other commands and the error messages ------------------------------
cp "$top_srcdir/tests/fixtures/pcaps/linlinw5-rdma_ib_tutorial/pingpong_rc.pcap" "$T/p${ESC}[2J.pcap"
run cap capture -r "$T/p${ESC}[2J.pcap"
run cap-sum capture -r "$T/p${ESC}[2J.pcap" --summary
run cap-json capture -r "$T/p${ESC}[2J.pcap" --summary --json
run cap-missing capture -r "$T/gone${ESC}]0;x.pcap"
run explain explain "$(printf 'Port number 1 state is Down \033]0;x\007 \302\233 \377')"
run explain-json explain --json "$(printf 'Port number 1 state is Down \033]0;x\007')"
run bw bw "$(printf '10.0.0.1\033[2J')"
clean_runs "capture, explain, bw with escapes in file names, text and the peer: clean"
grep -q 'capture of .*p\\x1b\[2J\.pcap' "$T/cap-sum.out"
ok $? "capture --summary: the file name escaped"

run e-cmd "$(printf 'dev\033[2Jices')"
run e-opt --demo devices "--x$(printf '\033')[2J"
run e-short --demo counters "-$(printf '\033')"
run e-load --load "$T/no${ESC}]0;x.yaml" devices
run e-root --root "$T/no${ESC}]0;x" devices
run e-peer --demo check --peer "$(printf '1.2.3.4\033[2J')"
run e-help help "$(printf '\033[2Jx')"
run e-profile --demo check --profile "$T/p${ESC}[2J.yaml"
run e-tree --demo check --tree "$T/t${ESC}[2J.yaml"
run e-int --demo counters -i "$(printf '1\033[2J')"
clean_runs "usage errors and failures naming what was given (command, option, file, peer): clean"
grep -q "^rocescope: unknown command 'dev\\\\x1b\[2Jices'" "$T/e-cmd.err" &&
	grep -q "^rocescope: devices: unknown option '--x\\\\x1b\[2J'" "$T/e-opt.err"
ok $? "usage errors: 'rocescope:' and the argument escaped (not getopt's raw echo)"

# --- the rule behind it: text of the CLI goes through rs_tprintf ------------
# A printf-family call with a %s that is not rs_tprintf, or a puts, fputs or
# fwrite without a comment saying why its text is safe, is reported.
bad=$(cd "$top_srcdir" && { grep -n 'printf(.*%[-0-9.*]*s' src/cli/*.c |
	grep -v 'rs_tprintf\|rs_vtprintf\|rs_tasprintf\|snprintf\|rs_xasprintf'
	grep -n '[^_a-z]puts(\|fputs(\|fwrite(' src/cli/*.c | grep -v '/\*'; })
[ -z "$bad" ]
ok $? "src/cli prints outside text through rs_tprintf (or says why a line is safe)"
if [ -n "$bad" ]; then diag "$bad"; fi
