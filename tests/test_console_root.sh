#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console_root.sh - the console on a copy of a fixture root
# (tests/fixtures/roce-cx5, or a generated one): a counter file that grows
# makes its error line stand out; a device directory removed while the
# console runs is shown as gone and nothing crashes; R reloads without it;
# SIGTERM restores the terminal and shows the stderr kept meanwhile.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"

# ---------------------------------------------------------------- fixture root
root="$tmp/root"
if [ -d "$top_srcdir/tests/fixtures/roce-cx5/sys" ]; then
	cp -a "$top_srcdir/tests/fixtures/roce-cx5" "$root"
else
	sh "$top_srcdir/tests/bench/gen_root.sh" "$root" 2
fi
start root $UTF $UTF_ALL -- --root "$root"
wait_for root 'mlx5_1'; ok $? "root: both devices listed"
grep -q 'mlx5_0' "$tmp/screen"; ok $? "root: mlx5_0 listed"
wait_for root 'root'; ok $? "root: status bar names the source"
keys root 3
wait_for root 'Counters of mlx5_0'; ok $? "root: counters of the first port"
f=$(ls -d "$root"/sys/class/infiniband/mlx5_0/ports/1/hw_counters/out_of_sequence)
echo $(( $(cat "$f") + 5000 )) >"$f"
wait_for root '! out_of_sequence'; ok $? "root: an error counter that moves stands out"
keys root 1
rm -rf "$root/sys/class/infiniband/mlx5_1"
wait_for root 'mlx5_1 gone'; ok $? "root: removed device shown as gone"
wait_for root 'device gone'; ok $? "root: gone is a marked problem"
pid=$(cat "$tmp/root.pid")
kill -0 "$pid"; ok $? "root: still running after the removal"
keys root R
wait_for root 'RDMA devices and ports \(1\)'; ok $? "R: reload drops the removed device"
wait_for root 'reloaded: 1 devices'; ok $? "R: says so in the status bar"
kill -TERM "$pid"
wait_for root 'EXITED 143'; ok $? "SIGTERM: exits with 128+15"
grep -q 'rocescope: device mlx5_1 is gone' "$tmp/screen"; ok $? "SIGTERM: stderr kept during the session is shown after"
[ "$(T display -p -t root '#{alternate_on}')" = 0 ]; ok $? "SIGTERM: terminal restored"

plan $rs_n
exit $rs_failed
