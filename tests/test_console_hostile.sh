#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console_hostile.sh - the console's status bar on a tree whose
# hostname holds ESC, BEL, a C1 control and an invalid byte
# (tests/hostile_tree.sh): the name is shown escaped (at most 20
# characters, the last one the "more" glyph when it was cut), and every
# separator of the bar is still there (a raw control character drawn as ^[
# took two columns where one was counted and pushed the separator off).
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"
. "$top_srcdir/tests/hostile_tree.sh"

hostile_tree "$tmp/h" || exit 1
start h $UTF $UTF_ALL -- --root "$tmp/h"
wait_for h 'every 1 s'; ok $? "hostile hostname: the console starts, the status bar is drawn"
bar=$(tail -n 1 "$tmp/screen")
diag "status bar: $bar"
printf '%s\n' "$bar" | LC_ALL=C grep -q '^ host\\x1b\]2;x\\x07\\u0… │ root .*│ every 1 s │'
ok $? "status bar: the hostname escaped (cut at 20 characters, marked), the source and the interval between separators"
[ "$(printf '%s\n' "$bar" | LC_ALL=C.UTF-8 grep -o '│' | wc -l)" -ge 4 ]
ok $? "status bar: no separator lost (host, source, interval, count, keys)"
keys h q
wait_for h 'EXITED 0'; ok $? "quits"
plan $rs_n
