#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console_outputs.sh - the console's writers against a planted link
# (src/util_out.h): W (record) and the Capture pane's w (pcap) given a
# name that is a symbolic link say so on the status line, and the file
# the link points to is untouched; W never empties a file that exists;
# the console keeps working.  The same
# for the commands is in test_out_files.sh.  Every wait is a bounded poll.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"

VICTIM="root:x:0:0:root:/root:/bin/bash"
echo "$VICTIM" >"$tmp/passwd"
ln -s "$tmp/passwd" "$tmp/l.rsrec"
ln -s "$tmp/passwd" "$tmp/l.pcap"
erase() { i=0; while [ $i -lt "$2" ]; do keys "$1" BSpace; i=$((i + 1)); done; }

start out LANG=C.UTF-8 LC_ALL=C.UTF-8 -- --demo
wait_for out ' 1 Overview'
keys out W
wait_for out 'Record to: rocescope-demo-roce-01-' && erase out 60 && keys out "$tmp/l.rsrec" Enter
wait_for out 'cannot record: a symbolic link'
ok $? "W to a symlink: refused on the status line, saying it is a link"
[ "$(cat "$tmp/passwd")" = "$VICTIM" ] && ! grep -q ' REC ' "$tmp/screen"
ok $? "the link's target is untouched, nothing is recording"
cp "$top_srcdir/tests/fixtures/recordings/demo-v1.rsrec" "$tmp/old.rsrec"
keys out W
wait_for out 'Record to: rocescope-demo-roce-01-' && erase out 60 && keys out "$tmp/old.rsrec" Enter
wait_for out 'not emptied: the file exists'
ok $? "W to a file that exists: refused on the status line, never emptied"
cmp -s "$top_srcdir/tests/fixtures/recordings/demo-v1.rsrec" "$tmp/old.rsrec"
ok $? "the existing recording is untouched"
keys out 8
wait_for out 'Capture: replay of rdma_cm\.pcap'
keys out w
wait_for out 'Write to pcap file: rocescope-capture\.pcap' && erase out 30 && keys out "$tmp/l.pcap" Enter
wait_for out 'cannot write /tmp/rs-console-[^ ]*/l\.pcap: a symbolic link'
ok $? "w to a symlink: refused on the status line, saying it is a link"
[ "$(cat "$tmp/passwd")" = "$VICTIM" ]; ok $? "its target is untouched"
keys out q
wait_for out '^EXITED 0'; ok $? "the console still quits with 0"

plan "$rs_n"
