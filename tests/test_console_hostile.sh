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
# bar_has BRE: the status bar (the last line) matches; bar_seps N: it has
# at least N separators
bar_has() { tail -n 1 "$tmp/screen" | LC_ALL=C grep -q -- "$1"; }
bar_seps() { [ "$(tail -n 1 "$tmp/screen" | LC_ALL=C.UTF-8 grep -o '│' | wc -l)" -ge "$1" ]; }
wait_until h bar_has '^ host\\x1b\]2;x\\x07\\u0… │ root .*│ every 1 s │'
ok $? "status bar: the hostname escaped (cut at 20 characters, marked), the source and the interval between separators"
diag "status bar: $(tail -n 1 "$tmp/screen")"
wait_until h bar_seps 4
ok $? "status bar: no separator lost (host, source, interval, count, keys)"
keys h q
wait_for h 'EXITED 0'; ok $? "quits"
plan $rs_n
