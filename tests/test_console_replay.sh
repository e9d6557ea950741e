#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console_replay.sh - recording and replaying in the console, in a
# real terminal (tmux, 80x24): a demo recording of 200 samples (made by
# tests/rec_demo.c, one second of the demo's clock apart) played with
# --replay (the replay line, pause, step forward and back, a jump to a
# time with the Counters pane's rate and total exact there - the total
# since the recording's start although the series was rebuilt from a
# checkpoint -, the speed, the rise marks, the end and playing again, the
# whole-run sparklines, the end said as the end, ASCII), a short
# recording on a wide terminal (no false drop in its sparklines), a
# damaged recording (said, with the samples skipped), W refused on a
# replay, and W recording the demo console to a file that plays back.  Every wait is a bounded poll.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"

# 200 samples of the demo one second of its clock apart, made at once
"${top_builddir:-.}/tests/rec_demo" "$tmp/d.rsrec" 200 >"$tmp/rec.out" 2>&1 ||
	{ cat "$tmp/rec.out"; exit 1; }

PAUSE=$(printf '\342\235\232\342\235\232')
PLAY=$(printf '\342\226\266')

start rep $UTF $UTF_ALL -- --replay "$tmp/d.rsrec"
wait_for rep ' demo-roce-01 [^ ]+ d\.rsrec [^ ]+ [0-9]+ problems'; ok $? "--replay: the status bar names the recording"
wait_for rep "^ $PLAY x1  [0-9:]{8}  \\+0:0[0-9]:[0-9]{2}/0:0[0-9]:[0-9]{2}  "
ok $? "the replay line: playing at x1, the sample's clock, its offset of the whole"
grep -Eq "[0-9]+ marks *$" "$tmp/screen"; ok $? "the replay line counts the rise marks"
keys rep Space
wait_for rep "^ $PAUSE x1 "; ok $? "Space pauses"
keys rep g '0%' Enter
wait_for rep ' \+0:00:00/'; ok $? "g 0%: the first sample"
keys rep .
wait_for rep ' \+0:00:01/'; ok $? ". steps one sample forward"
keys rep . . ,
wait_for rep ' \+0:00:02/'; ok $? ". . , : two forward, one back"

# Sample 160 of the demo (src/model/demo.c): mlx5_0 sends (1e9 + 25e6 *
# wave(t)) 4-byte words at tick t, wave a 40-tick triangle: at 160 the wave
# is 0 (4.0 GB/s = 32.0 Gb/s), and the 160 ticks sent 4 x (160e9 + 25e6 x
# 1600) bytes.
keys rep 4 g '+0:02:40' Enter
wait_for rep ' \+0:02:40/'; ok $? "g +0:02:40: sample 160"
wait_for rep '^   port_xmit_data +cnt +32\.0 Gb/s +800\.0 GB '
ok $? "Counters at sample 160: the rate, and the total since the start, exact"
grep '^   port_xmit_data' "$tmp/screen" | sed 's/^/# /'
grep -q "at +0:02:40, sample 161/" "$tmp/screen"; ok $? "g says where it went"
keys rep g '+0:00:30' Enter
wait_for rep '^   port_xmit_data +cnt +40\.0 Gb/s +155\.5 GB '
ok $? "and back at sample 30: 40.0 Gb/s (5.0 GB/s), 155.5 GB"
keys rep g 'soon' Enter
wait_for rep "not a time: 'soon'"; ok $? "g with a word that is not a time says so"

keys rep g '0%' Enter ]
wait_for rep 'mark 1/[0-9]+: np_cnp_sent mlx5_0/1 \+[0-9]+$'
ok $? "]: the first mark, a congestion counter that began to rise (and others then)"
keys rep ]
wait_for rep 'mark ([2-9]|[1-9][0-9]+)/[0-9]+: ' && ! grep -q ' +0:00:01/' "$tmp/screen"
ok $? "]: the next moment a counter began to rise"
keys rep [
wait_for rep 'mark 1/[0-9]+: ' && grep -q ' +0:00:01/' "$tmp/screen"
ok $? "[: back to the previous moment, its first mark"
keys rep '>' '>'
wait_for rep "x4  "; ok $? "> >: four times the recorded pace"
keys rep '<' '<' '<'
wait_for rep "x0\\.5  "; ok $? "< < <: half of it"
keys rep g '100%' Enter
wait_for rep '^ end x0\.5 '; ok $? "g 100%: the end"
wait_for rep '~ end of the recording: Space plays it again' && ! grep -q 'press f' "$tmp/screen"
ok $? "the Counters pane says it is the end of the recording and what Space does (not 'frozen: press f')"
keys rep '>' '>' '>' '>' Space
wait_for rep "^ $PLAY x8 .* \\+0:00:0[0-9]/"; ok $? "Space at the end plays from the start again"
grep -q "$(printf '\342\226\262')" "$tmp/screen"; ok $? "the timeline shows the marks"
keys rep W
wait_for rep 'nothing to record: this is a replay'; ok $? "W on a replay: nothing to record"
keys rep q
wait_for rep '^EXITED 0'; ok $? "q quits with 0"

start asc LANG=C LC_ALL=C -- --replay "$tmp/d.rsrec"
wait_for asc '^ > x1  '; ok $? "ASCII: the replay line plays with '>'"
keys asc Space
wait_for asc '^ \|\| x1  ' && grep -q '\^' "$tmp/screen"
ok $? "ASCII: paused is '||', marks '^'"
keys asc q

# A recording shorter than the whole-run overview's 120 slices, on a wide
# terminal: the sparklines have one column per interval and no false drop
# to zero between the samples (the demo sends 4.1 to 6.0 GB/s: never below
# the fourth level).
"${top_builddir:-.}/tests/rec_demo" "$tmp/short.rsrec" 30 >/dev/null
start short $UTF $UTF_ALL -- --replay "$tmp/short.rsrec"
T resize-window -t short -x 200 -y 30
wait_for short ' 1 Overview' && keys short 4
LOW=$(printf '\342\226\201\|\342\226\202\|\342\226\203')
# the whole-run sparkline (29 glyphs of 3 bytes) once the replay has begun
wait_for short '^   port_xmit_data +cnt .*B  ([^ ]{3}){29}' &&
	spark=$(grep '^   port_xmit_data ' "$tmp/screen" | sed 's/.*B  //') &&
	! printf '%s' "$spark" | grep -q "$LOW"
ok $? "a short recording's sparkline: a column per interval, no false drop ($spark)"
keys short q

# A damaged recording (one byte changed in its middle) says so as the
# replay opens, with how many samples it skipped, and keeps it on the
# replay line; it still plays.
cp "$tmp/d.rsrec" "$tmp/bad.rsrec"
size=$(wc -c <"$tmp/bad.rsrec")
printf 'Z' | dd of="$tmp/bad.rsrec" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
skipped=$("$ROCESCOPE" counters --replay "$tmp/bad.rsrec" | sed -n 's/^the file is damaged at byte [0-9]* (.*): \([0-9]*\) samples\{0,1\} skipped$/\1/p; s/^the file is damaged .*: no sample lost$/0/p')
start bad $UTF $UTF_ALL -- --replay "$tmp/bad.rsrec"
wait_for bad "damaged recording: ${skipped:-X} samples? skipped"
ok $? "a damaged recording says so on the status line: ${skipped:-?} samples skipped"
wait_for bad "! damaged, ${skipped:-X} skipped *\$"
ok $? "and on the replay line"
keys bad q

# W on the demo: record to a file, stop, play it back.
start rec $UTF $UTF_ALL -- --demo
wait_for rec ' 1 Overview'
keys rec W
wait_for rec 'Record to: rocescope-demo-roce-01-[0-9]{8}-[0-9]{6}\.rsrec'
ok $? "W asks for the file, a dated name offered"
i=0; while [ $i -lt 60 ]; do keys rec BSpace; i=$((i + 1)); done
keys rec "$tmp/con.rsrec" Enter
wait_for rec " REC every 1 s "; ok $? "REC in the status bar while recording"
i=0
while [ $i -lt 300 ]; do
	"$ROCESCOPE" counters --replay "$tmp/con.rsrec" 2>/dev/null | grep -q '^recording: [3-9][0-9]* samples\|^recording: [1-9][0-9][0-9]* samples' && break
	sleep 0.1; i=$((i + 1))
done
keys rec W
wait_for rec 'recorded [0-9]+ samples \([0-9]+ kB\) to '; ok $? "W again stops, saying what was kept"
"$ROCESCOPE" counters --replay "$tmp/con.rsrec" | head -n 1 | grep -q '(ended, recorded from demo)'
ok $? "the console's recording plays back, ended"
keys rec q

plan "$rs_n"
