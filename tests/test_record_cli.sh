#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_record_cli.sh - `rocescope record` and `counters --replay`
# (docs/recording.md): a demo recording read back whole (text and JSON);
# a fixture root whose counters this test moves, recorded and read back
# (every recorded value one the test wrote, in order, the last one exact);
# a recorder killed with -9 (the file loads); a file cut short and one
# with a changed byte and one with a bit flipped near its start (every
# sample the damage does not cost loads; the damage is named); an
# existing file (refused, --force, --append to the same host, to a killed
# recorder's file, to another host's, to format 1, to no file); the
# errors (no -o, a saved snapshot, a directory that does not exist, a
# full disk, not a recording, two sources).  The exact round trip at every
# sample and the cut at every byte offset are in test_recording.c.
. "${top_srcdir:-.}/tests/lib.sh"
[ -x "${ROCESCOPE:-}" ] || skip_all "ROCESCOPE is not set to the built binary"
JC=${top_builddir:-.}/tests/json_check
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-rec-XXXXXX") || exit 1
trap 'kill -9 $rec_pid 2>/dev/null; rm -rf "$T"' EXIT
R=$ROCESCOPE

# samples FILE: how many samples a replay of FILE prints (0 if none)
samples() { "$R" counters --replay "$1" 2>/dev/null | sed -n 's/^recording: \([0-9]*\) samples.*/\1/p'; }
# wait_samples FILE N: poll until FILE holds at least N samples (30 s at most)
wait_samples() {
	i=0
	while [ $i -lt 300 ]; do
		got=$(samples "$1")
		[ "${got:-0}" -ge "$2" ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# --------------------------------------------------------------- the demo
"$R" --demo record -o "$T/demo.rsrec" --interval 0.05 --duration 1 >"$T/out" 2>"$T/err"
ok $? "record --demo --duration 1: exit 0"
n=$(sed -n 's/^recorded \([0-9]*\) samples ([0-9]* kB) to .*demo.rsrec$/\1/p' "$T/out")
[ "${n:-0}" -ge 5 ]; ok $? "it says what it kept: '$(cat "$T/out")'"
grep -q 'recording demo every 0.05 s to' "$T/err"; ok $? "and what it records, on stderr"
"$R" counters --replay "$T/demo.rsrec" >"$T/text"
ok $? "counters --replay: exit 0"
grep -q "^recording: $n samples over [0-9.]* s from 20[0-9-]*T.*(ended, recorded from demo)" "$T/text"
ok $? "the head: $n samples, ended, from the demo"
[ "$(grep -c '^interval ' "$T/text")" = $((n - 1)) ]
ok $? "one interval per sample after the baseline"
# The demo is exact (src/model/demo.c): at tick 1 mlx5_0 sends 1e9 + 25e6
# words (x4 bytes) a second, from 102938475610 words; a tick lasts the
# interval, 0.05 s: 51 250 000 words.
sed -n '/^interval 1 /,/^$/p' "$T/text" |
	grep -q '^  mlx5_0/1   counters    port_xmit_data  *102989725610  *32.80 Gb/s$'
ok $? "interval 1: port_xmit_data's raw value and the demo's exact 4.1 GB/s (32.80 Gb/s)"
# The samples and their times are true: a tick of the demo lasts the
# interval, so 0.2 s apart over 2 s is about 11 samples spanning (n - 1) x
# 0.2 s, none later than the recording's end.
"$R" --demo record -o "$T/fast.rsrec" --interval 0.2 --duration 2 >/dev/null 2>&1
t1=$(date +%s)
head=$("$R" counters --replay "$T/fast.rsrec" | head -n 1)
fn=$(echo "$head" | sed -n 's/^recording: \([0-9]*\) samples over \([0-9.]*\) s from \([^ ]*\) .*/\1/p')
fspan=$(echo "$head" | sed -n 's/^recording: \([0-9]*\) samples over \([0-9.]*\) s from \([^ ]*\) .*/\2/p')
fstart=$(echo "$head" | sed -n 's/^recording: \([0-9]*\) samples over \([0-9.]*\) s from \([^ ]*\) .*/\3/p')
fend=$(( $(date -d "$fstart" +%s) + ${fspan%.*} ))
[ "${fn:-0}" -ge 5 ] && [ "${fn:-99}" -le 12 ] &&
	awk -v n="$fn" -v s="$fspan" 'BEGIN { d = s - (n - 1) * 0.2; exit !(d < 0.001 && d > -0.001) }' &&
	[ "$fend" -le $((t1 + 1)) ]
ok $? "record --interval 0.2 --duration 2 on the demo: $head"
grep -q '^  mlx5_0/1   counters    port_xmit_data  *102938475610$' "$T/text"
ok $? "the baseline: every counter's raw value (port_xmit_data 102938475610)"
"$R" counters --replay "$T/demo.rsrec" --json >"$T/json"
ok $? "counters --replay --json: exit 0"
"$JC" <"$T/json"; ok $? "the JSON is well formed"
grep -q '"tail": "ended"' "$T/json" && grep -q "\"samples\": $n," "$T/json"
ok $? "JSON: samples and tail"
grep -q '"counter": "out_of_sequence"' "$T/json" && grep -q '"marks": \[' "$T/json"
ok $? "JSON: the marks, the problem port's out_of_sequence among the counters"
grep -q '"id": "counters.error_rising"' "$T/json"
ok $? "JSON: the findings recorded, counters.error_rising among them"

# ------------------------------------------- a root whose counters move
sh "$top_srcdir/tests/bench/gen_root.sh" "$T/root" 2
ctr=$T/root/sys/class/infiniband/mlx5_0/ports/1/counters/port_xmit_data
hw=$T/root/sys/class/infiniband/mlx5_1/ports/1/hw_counters/out_of_sequence
echo 1000 >"$ctr"
"$R" --root "$T/root" record -o "$T/root.rsrec" --interval 0.1 >"$T/rout" 2>&1 &
rec_pid=$!
wait_samples "$T/root.rsrec" 2; ok $? "record --root: samples are being written"
written="1000"
for v in 5000 5000 90000 4294967295 12 777777777777; do
	have=$(samples "$T/root.rsrec")
	# replaced whole, as sysfs does: a reading never sees half a write
	echo "$v" >"$ctr.new" && mv "$ctr.new" "$ctr"
	echo "$v" >"$hw.new" && mv "$hw.new" "$hw"
	written="$written $v"
	wait_samples "$T/root.rsrec" $((have + 2)) || break
done
kill -INT $rec_pid; wait $rec_pid; rc=$?
ok $rc "Ctrl-C ends record with exit 0"
grep -q "^recorded [0-9]* samples ([0-9]* kB) to .*root.rsrec" "$T/rout"; ok $? "and it says what it kept"
# The values recorded for port_xmit_data, sample after sample.
"$R" counters --replay "$T/root.rsrec" |
	awk '$1 == "mlx5_0/1" && $2 == "counters" && $3 == "port_xmit_data" { print $4 }' \
	>"$T/seen"
echo "$written" | tr ' ' '\n' | awk '!s[$0]++' >"$T/wrote"
# every value seen is one written, in the order written (a 32-bit wrap and
# a reset included), and the last is the last written
awk 'NR == FNR { at[$1] = FNR; next } !($1 in at) || at[$1] < last { bad = 1 } { last = at[$1] }
     END { exit bad }' "$T/wrote" "$T/seen"
ok $? "every recorded port_xmit_data value is one the test wrote, in order ($(tr '\n' ' ' <"$T/seen"))"
[ "$(tail -n 1 "$T/seen")" = 777777777777 ] && [ "$(sort -u "$T/seen" | wc -l)" = 6 ]
ok $? "all six distinct values seen, the last one exact"
[ "$(sort -u "$T/seen" | wc -l)" = 6 ] || diag "seen: $(tr '\n' ' ' <"$T/seen")"
"$R" counters --replay "$T/root.rsrec" |
	sed -n '/rise mark/,$p' | grep -q 'mlx5_1/1 *hw_counters *out_of_sequence'
ok $? "out_of_sequence of mlx5_1 rising is a mark"
"$R" counters --replay "$T/root.rsrec" | grep -q '(ended, recorded from root '
ok $? "the file ended cleanly"

# ----------------------------------------------- killed, cut, changed
"$R" --demo record -o "$T/kill.rsrec" --interval 0.05 >/dev/null 2>&1 &
rec_pid=$!
wait_samples "$T/kill.rsrec" 5
kill -9 $rec_pid; wait $rec_pid 2>/dev/null
k=$(samples "$T/kill.rsrec")
[ "${k:-0}" -ge 5 ]; ok $? "a recorder killed with -9: its file loads ($k samples)"
"$R" counters --replay "$T/kill.rsrec" | head -n 1 | grep -Eq '(not ended|cut at byte)'
ok $? "and says it was not ended: $("$R" counters --replay "$T/kill.rsrec" | head -n 1)"

size=$(wc -c <"$T/demo.rsrec")
head -c $((size - 30)) "$T/demo.rsrec" >"$T/cut.rsrec"
"$R" counters --replay "$T/cut.rsrec" >"$T/cut.txt"
ok $? "a file cut 30 bytes short loads"
m=$(sed -n 's/^recording: \([0-9]*\) samples.*/\1/p' "$T/cut.txt")
grep -q "cut at byte [0-9]*: the file ends inside a record" "$T/cut.txt" && [ "$m" -le "$n" ]
ok $? "up to its last complete sample, saying where it was cut ($m samples)"
prev=0; bad=0
for cut in 0 7 8 100 1000 5000 9000 12000 $((size - 1)) $size; do
	[ $cut -le $size ] || continue
	head -c $cut "$T/demo.rsrec" >"$T/c.rsrec"
	"$R" counters --replay "$T/c.rsrec" >/dev/null 2>"$T/c.err"; rc=$?
	k=$(samples "$T/c.rsrec"); k=${k:-0}
	# fewer bytes never give more samples; no sample: exit 1 with a reason
	{ [ $k -ge $prev ] && { [ $k -gt 0 ] || { [ $rc = 1 ] && grep -q 'no complete sample' "$T/c.err"; }; }; } || bad=1
	prev=$k
done
ok $bad "cut at 10 offsets: never a crash, never more samples from fewer bytes"

cp "$T/demo.rsrec" "$T/bad.rsrec"
off=$((size - 400))	# in the last samples: the ones before it load
printf 'Z' | dd of="$T/bad.rsrec" bs=1 seek=$off conv=notrunc 2>/dev/null
"$R" counters --replay "$T/bad.rsrec" >"$T/bad.txt"
ok $? "a file with a changed byte loads"
grep -Eq "^the file is damaged at byte [0-9]+ \(record (header )?checksum mismatch\): ([0-9]+ samples? skipped|no sample lost)$" "$T/bad.txt"
ok $? "and says where it is damaged and what it cost: $(sed -n 2p "$T/bad.txt")"

# flip FILE OFFSET: flip the lowest bit of the byte at OFFSET
flip() {
	b=$(od -An -tu1 -j "$2" -N1 "$1" | tr -d ' ')
	printf "$(printf '\\%03o' $((b ^ 1)))" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}
# A recording of many samples with one bit flipped near its start (the
# magic, the host record, the schema) or in a sample: every sample the
# flip does not cost plays (a sample costs those up to the next key
# sample, at most 64); the damage is named, the skipped samples counted.
"$R" --demo record -o "$T/long.rsrec" --interval 0.01 --duration 1.5 >/dev/null 2>&1
L=$(samples "$T/long.rsrec")
lsize=$(wc -c <"$T/long.rsrec")
for off in 3 5000 9999 22000 $((lsize / 2)); do
	cp "$T/long.rsrec" "$T/flip.rsrec"
	flip "$T/flip.rsrec" $off
	"$R" counters --replay "$T/flip.rsrec" >"$T/flip.txt" 2>&1
	got=$(sed -n 's/^recording: \([0-9]*\) samples.*/\1/p' "$T/flip.txt")
	skipped=$(sed -n 's/^the file is damaged at byte [0-9]* (.*): \([0-9]*\) samples\{0,1\} skipped$/\1/p; s/^the file is damaged at byte [0-9]* (.*): no sample lost$/0/p' "$T/flip.txt")
	[ "${got:-0}" -ge $((L - 64)) ] && [ -n "$skipped" ] && [ $((got + skipped)) -eq "$L" ] &&
		{ [ $off -ge 22000 ] || [ "$skipped" -eq 0 ]; }
	ok $? "one bit flipped at byte $off of $lsize: ${got:-no} of $L samples play, ${skipped:-?} skipped and said"
done

# ------------------------------------------------- an existing file
# never emptied without a word: refused, --force empties, --append goes on
cp "$T/demo.rsrec" "$T/keep.rsrec"
"$R" --demo record -o "$T/keep.rsrec" --duration 0.2 >/dev/null 2>"$T/e"
[ $? = 1 ] && cmp -s "$T/demo.rsrec" "$T/keep.rsrec" &&
	grep -q 'keep.rsrec exists (a rocescope recording): --append continues a recording of this host, --force empties it' "$T/e"
ok $? "record -o an existing recording: refused (exit 1), untouched, --append and --force named"
echo "my notes" >"$T/notes.txt"
"$R" --demo record -o "$T/notes.txt" --duration 0.2 >/dev/null 2>"$T/e"
[ $? = 1 ] && [ "$(cat "$T/notes.txt")" = "my notes" ] && grep -q 'notes.txt exists (not a recording)' "$T/e"
ok $? "record -o an existing file that is not a recording: refused, untouched"
"$R" --demo record -o "$T/notes.txt" --append --duration 0.2 >/dev/null 2>"$T/e"
[ $? = 1 ] && [ "$(cat "$T/notes.txt")" = "my notes" ] &&
	grep -q 'notes.txt: not appended: not a rocescope recording' "$T/e"
ok $? "--append to a file that is not a recording: refused with the reason, untouched"
"$R" --demo record -o "$T/keep.rsrec" --force --interval 0.05 --duration 0.2 >"$T/o" 2>/dev/null
[ $? = 0 ] && k=$(samples "$T/keep.rsrec") && [ "$k" -lt "$n" ] && grep -q "^recorded $k samples" "$T/o"
ok $? "--force empties it and records anew ($k samples)"
k1=$k
"$R" --demo record -o "$T/keep.rsrec" --append --interval 0.05 --duration 0.2 >"$T/o" 2>"$T/e"
k2=$(samples "$T/keep.rsrec")
[ $? = 0 ] && grep -q "^rocescope: appending to .*keep.rsrec: a recording of this host with $k1 samples$" "$T/e" &&
	[ "$k2" -gt "$k1" ] && grep -q "in the file) to" "$T/o" &&
	"$R" counters --replay "$T/keep.rsrec" | head -n 1 | grep -q '(ended, recorded from demo)'
ok $? "--append goes on with a recording of the same host, says so on stderr ($k1 + $((k2 - k1)) samples)"
cp "$T/kill.rsrec" "$T/killed.rsrec"
kk=$(samples "$T/killed.rsrec")
"$R" --demo record -o "$T/killed.rsrec" --append --interval 0.05 --duration 0.2 >/dev/null 2>"$T/e"
[ $? = 0 ] && [ "$(samples "$T/killed.rsrec")" -gt "$kk" ] &&
	! "$R" counters --replay "$T/killed.rsrec" | grep -q 'damaged'
ok $? "--append to a recording whose recorder was killed: it goes on after its last whole record"
cp "$T/cut.rsrec" "$T/cut2.rsrec"
kc=$(samples "$T/cut2.rsrec")
"$R" --demo record -o "$T/cut2.rsrec" --append --interval 0.05 --duration 0.2 >/dev/null 2>"$T/e"
[ $? = 0 ] && grep -q "with $kc samples; its last [0-9]* bytes, a record cut short, dropped$" "$T/e" &&
	[ "$(samples "$T/cut2.rsrec")" -gt "$kc" ] &&
	! "$R" counters --replay "$T/cut2.rsrec" | grep -q 'damaged'
ok $? "--append to a file cut short: its cut record dropped, and said; then it goes on"
cp "$T/keep.rsrec" "$T/other.rsrec"
"$R" --root "$T/root" record -o "$T/other.rsrec" --append --duration 0.2 >/dev/null 2>"$T/e"
[ $? = 1 ] && cmp -s "$T/keep.rsrec" "$T/other.rsrec" &&
	grep -q 'not appended: it is a recording of demo-roce-01 (demo), this is ' "$T/e"
ok $? "--append to a recording of another host: refused with the reason, untouched"
cp "$top_srcdir/tests/fixtures/recordings/demo-v1.rsrec" "$T/v1.rsrec"
"$R" --demo record -o "$T/v1.rsrec" --append --duration 0.2 >/dev/null 2>"$T/e"
[ $? = 1 ] && cmp -s "$top_srcdir/tests/fixtures/recordings/demo-v1.rsrec" "$T/v1.rsrec" &&
	grep -q 'not appended: it is of format 1: appending writes format 2' "$T/e"
ok $? "--append to a recording of format 1: refused, untouched"
"$R" --demo record -o "$T/fresh.rsrec" --append --interval 0.05 --duration 0.1 >/dev/null 2>&1 &&
	[ "$(samples "$T/fresh.rsrec")" -ge 1 ]
ok $? "--append when the file is not there yet: a new recording"
"$R" --demo record -o "$T/x.rsrec" --append --force >/dev/null 2>"$T/e"
[ $? = 2 ] && [ ! -e "$T/x.rsrec" ] && grep -q -- '--force and --append: give one' "$T/e"
ok $? "--force with --append: usage error"

# ------------------------------------------------------------- errors
"$R" --demo record >/dev/null 2>"$T/e"; [ $? = 2 ] && grep -q 'needs -o FILE' "$T/e"
ok $? "record without -o: usage error"
"$R" --load "$T/demo.rsrec" record -o "$T/x" >/dev/null 2>"$T/e"; [ $? = 2 ]
ok $? "record --load: refused (a saved snapshot does not move)"
"$R" --demo record -o "$T/no/such/dir/x.rsrec" --duration 1 >/dev/null 2>"$T/e"
[ $? = 1 ] && grep -q 'No such file or directory' "$T/e"
ok $? "record into a missing directory: exit 1, says why"
if [ -w /dev/full ]; then
	"$R" --demo record -o /dev/full --duration 1 >/dev/null 2>"$T/e"
	[ $? = 1 ] && grep -q 'No space left on device' "$T/e"
	ok $? "record to a full disk (/dev/full): exit 1, says why"
else
	skip "no /dev/full here"
fi
mkfifo "$T/fifo"
"$R" --demo record -o "$T/fifo" --duration 1 >/dev/null 2>"$T/e"
[ $? = 1 ] && grep -q 'not a regular file' "$T/e" && [ -p "$T/fifo" ]
ok $? "record into a FIFO: refused, the FIFO left as it was"
"$R" counters --replay "$T/none.rsrec" >/dev/null 2>"$T/e"; [ $? = 1 ] && grep -q 'No such file' "$T/e"
ok $? "--replay of a missing file: exit 1"
"$R" --demo snapshot -o "$T/snap.yaml" && "$R" counters --replay "$T/snap.yaml" >/dev/null 2>"$T/e"
[ $? = 1 ] && grep -q 'not a rocescope recording' "$T/e"
ok $? "--replay of a snapshot: 'not a rocescope recording'"
"$R" --demo --replay "$T/demo.rsrec" counters >/dev/null 2>"$T/e"; [ $? = 2 ]
ok $? "--replay with --demo: usage error"
"$R" --replay "$T/demo.rsrec" devices | grep -q '^mlx5_0  ConnectX-5'
ok $? "devices --replay: the recorded host"

plan "$rs_n"
