#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console_scale.sh - the console on a root of 3,000 devices answers
# while it reads them: the first screen comes with what is read so far and
# says "reading N of 3000 devices", 'q' and SIGTERM end it before the last
# device is read, and after the first collection a refresh (in slices too)
# does not hold the keys; the Network pane of a peer says it is not checked
# yet while no check has run.
#
# Nothing is timed: each step waits (a bounded poll of the screen) for what
# it asserts.  Before the collection ran in slices the console showed
# nothing until all 3,000 devices were read, so "reading" never appeared.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"

command -v perl >/dev/null 2>&1 || skip_all "perl is not installed"
plan 10
# 3,000 devices that share one device's files: class entries are symlinks
# in sysfs too, and the console reads each name's files all the same.  A
# root of 3,000 distinct trees would be 300,000 files on the disk.
root="$tmp/root"
sh "$top_srcdir/tests/bench/gen_root.sh" "$root" 1
(cd "$root/sys/class/infiniband" &&
	perl -e 'symlink("mlx5_0", "mlx5_$_") or die "$!\n" for 1..2999')

start big $UTF $UTF_ALL -- --root "$root" --peer 10.0.9.9
wait_for big 'reading [0-9]+ of 3000 devices'
ok $? "first screen while reading: reading N of 3000 devices"
grep -q 'mlx5_0' "$tmp/screen"; ok $? "first screen shows the devices read so far"
keys big 5
wait_for big 'peer 10\.0\.9\.9: not checked yet'
ok $? "Network pane while reading: the peer is not checked yet"
keys big q
wait_for big 'EXITED 0'; ok $? "q during the first collection: the console ends"
[ "$(T display -p -t big '#{alternate_on}')" = 0 ]; ok $? "q: terminal restored"

start term $UTF $UTF_ALL -- --root "$root"
wait_for term 'reading [0-9]+ of 3000 devices'; ok $? "second run: reading again"
kill -TERM "$(cat "$tmp/term.pid")"
wait_for term 'EXITED 143'; ok $? "SIGTERM during the first collection: exits with 128+15"

start run $UTF $UTF_ALL -- --root "$root"
wait_for run 'every 1 s'; ok $? "all 3000 devices read: the refresh runs"
keys run 2
wait_for run 'RDMA devices and ports \(3000\)'; ok $? "keys answer between refresh slices"
keys run q
wait_for run 'EXITED 0'; ok $? "q during refreshes: the console ends"
