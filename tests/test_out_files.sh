#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_out_files.sh - every command that writes a file, against names
# planted by someone else (src/util_out.h, docs/architecture.md "Writing
# files"): a symbolic link at the output of snapshot -o, record -o and
# capture -w (and its rotated files) is refused, exit 1, the link and what
# it points to untouched; in a sticky directory anyone can write (as
# /tmp) another user's link, file or directory link is refused, a new
# name is created; a directory anyone can write that is not sticky is
# refused.  The cases with another owner need root (as CI runs) and are
# skipped otherwise.  The console's W and w are in test_console_outputs.sh.
. "${top_srcdir:-.}/tests/lib.sh"
[ -x "${ROCESCOPE:-}" ] || skip_all "ROCESCOPE is not set to the built binary"
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-out-XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
R=$ROCESCOPE
PCAP=$top_srcdir/tests/fixtures/pcaps/linlinw5-rdma_ib_tutorial/rdma_cm.pcap
VICTIM="root:x:0:0:root:/root:/bin/bash"

fresh_victim() { echo "$VICTIM" >"$T/passwd"; chmod 644 "$T/passwd"; }
victim_intact() { [ "$(cat "$T/passwd")" = "$VICTIM" ] && [ "$(stat -c %a "$T/passwd")" = 644 ]; }

# writer NAME PATH: run the writer NAME with its output at PATH
writer() {
	case $1 in
	snapshot) "$R" --demo snapshot -o "$2" ;;
	record) "$R" --demo record -o "$2" --interval 0.05 --duration 0.2 ;;
	capture) "$R" capture -r "$PCAP" -w "$2" ;;
	rotated) "$R" capture -r "$PCAP" -w "$2" --rotate 0.001 ;;
	esac
}

# ------------------------------------------------ a link at the output
for w in snapshot record capture; do
	fresh_victim
	ln -sf "$T/passwd" "$T/out.$w"
	writer $w "$T/out.$w" >"$T/out" 2>"$T/err"
	[ $? -eq 1 ] && victim_intact && [ -L "$T/out.$w" ] &&
		grep -q "out\.$w: a symbolic link: an output is never written through one" "$T/err"
	ok $? "$w: a symlink at the output is refused, exit 1, its target untouched"
	[ $? -eq 0 ] || sed 's/^/# /' "$T/err"
done
# rotation opens FILE.1 ...: a link there too
fresh_victim
rm -f "$T"/rot*
ln -s "$T/passwd" "$T/rot.pcap.1"
writer rotated "$T/rot.pcap" >/dev/null 2>"$T/err"
[ $? -eq 1 ] && victim_intact && grep -q 'rot\.pcap\.1: a symbolic link' "$T/err"
ok $? "capture --rotate: a link at FILE.1 is refused too, its target untouched"
# a dangling link: nothing is created where it points
ln -s "$T/made" "$T/dangling"
writer snapshot "$T/dangling" 2>/dev/null
[ $? -eq 1 ] && [ ! -e "$T/made" ]; ok $? "a dangling link: refused, nothing made where it points"

# --------------------------------------------------------- shared dirs
mkdir "$T/open" && chmod 777 "$T/open"
writer record "$T/open/r.rsrec" >/dev/null 2>"$T/err"
[ $? -eq 1 ] && [ ! -e "$T/open/r.rsrec" ] &&
	grep -q 'open/r.rsrec: its directory is writable by others and not sticky (mode 0777)' "$T/err"
ok $? "a directory anyone can write, not sticky: refused with the reason"
mkdir "$T/tmp" && chmod 1777 "$T/tmp"
for w in snapshot record capture; do
	writer $w "$T/tmp/new.$w" >/dev/null 2>&1 && [ -s "$T/tmp/new.$w" ]
	ok $? "$w: a new name in a sticky directory anyone can write is created"
done
if [ "$(id -u)" = 0 ]; then
	for w in snapshot record capture; do
		fresh_victim
		ln -sf "$T/passwd" "$T/tmp/theirs.$w" && chown -h 65534:65534 "$T/tmp/theirs.$w"
		writer $w "$T/tmp/theirs.$w" >/dev/null 2>"$T/err"
		[ $? -eq 1 ] && victim_intact && grep -q 'a symbolic link' "$T/err"
		ok $? "$w as root: another user's link in /tmp-like dir: refused, its target untouched"
		echo theirs >"$T/tmp/file.$w" && chown 65534:65534 "$T/tmp/file.$w"
		writer $w "$T/tmp/file.$w" >/dev/null 2>"$T/err"
		[ $? -eq 1 ] && [ "$(cat "$T/tmp/file.$w")" = theirs ] &&
			grep -q "file.$w: belongs to uid 65534, in a directory others can write" "$T/err"
		ok $? "$w as root: another user's file there: refused, untouched"
	done
	mkdir "$T/etc" && fresh_victim && cp "$T/passwd" "$T/etc/passwd"
	ln -s "$T/etc" "$T/tmp/dir" && chown -h 65534:65534 "$T/tmp/dir"
	writer snapshot "$T/tmp/dir/passwd" >/dev/null 2>"$T/err"
	[ $? -eq 1 ] && [ "$(cat "$T/etc/passwd")" = "$VICTIM" ] &&
		grep -q 'dir is a link of uid 65534 in a directory others can write: not followed' "$T/err"
	ok $? "as root: another user's link to a directory on the way: not followed"
else
	skip "another owner's names need root"
fi

plan "$rs_n"
