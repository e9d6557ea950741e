#!/bin/sh
# SPDX-License-Identifier: MIT
# test_gid_views.sh - a port's GID table is one finding, in the same words
# in every view: `gids` (text and JSON), `check` (gid.no_roce_v2) and the
# console's GIDs and Devices panes.  A table that cannot be read (its
# directory or its entries unreadable: as nobody after chmod 000, since
# root reads through any mode; or entries that are not regular files,
# which stops root too) says so and is a skip, never "empty"; a port
# without link layer or netdev is "link layer unknown" everywhere.
. "$top_srcdir/tests/lib.sh"

R=$ROCESCOPE
fx=$top_srcdir/tests/fixtures
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-gidv-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
chmod 755 "$T"
nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all "$@"; }
as_nobody=0
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
	cp "$R" "$T/rocescope" && chmod 755 "$T/rocescope" && as_nobody=1
fi

# agree RUN...: for every port, gids' line says what check's gid.no_roce_v2
# says ("use GID index 3" begins "use GID index 3 (RoCE v2 ...): -x 3 ...");
# prints the ports that disagree.
agree() {
	"$@" gids 2>/dev/null | sed -n 's/^\([^ ]*\) port \([0-9]*\): /\1 \2\t/p' >"$T/g"
	"$@" check --interval 0 2>/dev/null |
		awk '$2 == "gid.no_roce_v2" { s = $0; sub(/^[^ ]+ +[^ ]+ +[^ ]+ port [0-9]+ +/, "", s)
			print $3 " " $5 "\t" s }' >"$T/c"
	[ -s "$T/g" ] && [ -s "$T/c" ] || { echo "no gids or check lines"; return; }
	awk -F '\t' 'NR == FNR { c[$1] = $2; next }
		!($1 in c) || index($2, c[$1]) != 1 { print $1 ": gids \"" $2 "\", check \"" c[$1] "\"" }
		{ seen[$1] = 1 }
		END { for (k in c) if (!(k in seen)) print k ": only in check" }' "$T/c" "$T/g"
}

# --- every fixture: the two commands agree on every port --------------------
: >"$T/bad"
for d in "$fx"/*/; do
	[ -d "$d/sys/class/infiniband" ] && agree "$R" --root "$d" >>"$T/bad"
done
agree "$R" --demo >>"$T/bad"
[ ! -s "$T/bad" ]; ok $? "gids and check say the same of every port of every fixture and the demo"
sed 's/^/# /' "$T/bad"

# roce-broken: its mlx4_0 has no gids/ directory; its mlx5_2 no link layer
"$R" --root "$fx/roce-broken" gids >"$T/out" 2>/dev/null
grep -qx 'mlx4_0 port 1: GID table not read: no gids/ directory in the snapshot' "$T/out" &&
	grep -qx 'mlx5_2 port 1: link layer unknown: no RoCE GID to choose' "$T/out" &&
	! grep -q 'empty\|has no netdev' "$T/out"
ok $? "gids: no gids/ directory is 'not read', no link layer is 'link layer unknown'"

# --- a port whose GID table cannot be read ----------------------------------
cp -R "$fx/roce-cx5" "$T/fifo" && chmod -R u+w "$T/fifo"
g=$T/fifo/sys/class/infiniband/mlx5_0/ports/1/gids
for f in "$g"/*; do rm -f "$f" && mkfifo "$f"; done
"$R" --root "$T/fifo" gids >"$T/out" 2>/dev/null
nent=$(ls "$g" | wc -l)
grep -qx "mlx5_0 port 1: GID table not read: $nent of $nent entries: not a regular file" "$T/out"
ok $? "entries that are not files (root reads through chmod): 'not read', and why"
[ -z "$(agree "$R" --root "$T/fifo")" ]; ok $? "... check says the same"
"$R" --root "$T/fifo" gids --json 2>/dev/null | tr -d '\n' | sed 's/},/}\n/g' |
	grep '"dev": *"mlx5_0", *"port": *1, *"state": *"unknown", *"index": *null' |
	grep -q "\"reason\": *\"GID table not read: $nent of $nent entries: not a regular file\""
ok $? "gids --json: state unknown, index null, the same reason"

if [ $as_nobody = 1 ]; then
	cp -R "$fx/roce-cx5" "$T/perm" && chmod -R a+rX "$T/perm"
	chmod 000 "$T/perm/sys/class/infiniband/mlx5_0/ports/1/gids"
	nobody "$T/rocescope" --root "$T/perm" gids >"$T/out" 2>/dev/null
	grep -qx 'mlx5_0 port 1: GID table not read: Permission denied' "$T/out" &&
		! grep -q 'empty' "$T/out"
	ok $? "as nobody, gids/ mode 000: 'GID table not read: Permission denied', not 'empty'"
	[ -z "$(agree nobody "$T/rocescope" --root "$T/perm")" ]; ok $? "... check says the same"
	nobody "$T/rocescope" --root "$T/perm" check --json 2>/dev/null | tr -d '\n' |
		sed 's/},/}\n/g' | grep '"id": *"gid.no_roce_v2"' | grep '"device": *"mlx5_0"' |
		grep '"verdict": *"skip"' | grep -q '"summary": *"GID table not read: Permission denied"'
	ok $? "check --json: a skip with the same summary"
	chmod 755 "$T/perm/sys/class/infiniband/mlx5_0/ports/1/gids"
	chmod 000 "$T/perm/sys/class/infiniband/mlx5_0/ports/1/gids"/*
	nobody "$T/rocescope" --root "$T/perm" gids >"$T/out" 2>/dev/null
	grep -qx "mlx5_0 port 1: GID table not read: $nent of $nent entries: Permission denied" "$T/out"
	ok $? "as nobody, every entry mode 000: 'not read: Permission denied', not 'empty'"
else
	skip "needs root and setpriv to run as an unprivileged user"
	skip "needs root and setpriv to run as an unprivileged user"
	skip "needs root and setpriv to run as an unprivileged user"
	skip "needs root and setpriv to run as an unprivileged user"
fi

# --- the console: the GIDs and Devices panes, the same words ----------------
if command -v tmux >/dev/null 2>&1; then
	. "$top_srcdir/tests/console_lib.sh"
	start gv $UTF $UTF_ALL -- --root "$T/fifo"
	wait_for gv ' 1 Overview' && keys gv 2
	wait_for gv "^     \? GID table not read: $nent of $nent entries: not a regular file"
	ok $? "Devices pane: under the port, the same words (a '?', not a problem)"
	keys gv Enter
	wait_for gv "^ \? GID table not read: $nent of $nent entries: not a regular file" &&
		! grep -q 'empty\|no valid GID entry' "$tmp/screen"
	ok $? "GIDs pane: the same words, not 'empty'"
	keys gv q
	wait_for gv 'EXITED 0'; ok $? "q: exits 0"
else
	skip "tmux is not installed"
	skip "tmux is not installed"
	skip "tmux is not installed"
fi

plan $rs_n
exit $rs_failed
