#!/bin/sh
# SPDX-License-Identifier: MIT
# test_files_cli.sh - files, strings and parsing as the rocescope binary
# meets them: `snapshot -o` with writers at once, odd arguments and
# symlinks; a snapshot cut short; --root that is no host tree; long strings
# kept whole; counter files that hold no counter; a FIFO where a sysfs file
# should be; a saved snapshot that makes no sense.  The comment above each
# block says what goes wrong without the guard it tests.
. "$top_srcdir/tests/lib.sh"

R=$ROCESCOPE
JC=$top_builddir/tests/json_check
FX=$top_srcdir/tests/fixtures
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-files-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

plan 36

# --- snapshot -o -----------------------------------------------------------
# Before: every run wrote FILE.tmp, so runs at once tore each other's file.
# Four sources of different sizes, six writers a round, five rounds: every
# round leaves a file that loads, and no temporary file.
bad=0
for round in 1 2 3 4 5; do
	for src in "--demo" "--root $FX/roce-cx5" "--root $FX/prometheus" "--root $FX/roce-rxe" \
		"--root $FX/roce-broken" "--demo"; do
		# shellcheck disable=SC2086
		$R $src snapshot -o "$T/shared.yaml" 2>/dev/null &
	done
	wait
	$R --load "$T/shared.yaml" devices >/dev/null 2>"$T/err" || { bad=1; cat "$T/err"; }
done
ok $bad "six concurrent snapshot -o writers, five rounds: the file always loads"
[ -z "$(find "$T" -name '*.tmp*')" ]
ok $? "no temporary file is left behind"

$R --demo snapshot -o "" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'needs a file name' "$T/err" && [ ! -s "$T/out" ]
ok $? "-o \"\": usage error (exit 2)"
$R --demo snapshot -o "$T/a.yaml" -o "$T/b.yaml" >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q 'given twice' "$T/err" && [ ! -e "$T/a.yaml" ] && [ ! -e "$T/b.yaml" ]
ok $? "-o twice: usage error, nothing written"
$R --demo snapshot -o - >"$T/dash.yaml" 2>"$T/err" && $R --demo snapshot >"$T/plain.yaml" &&
	cmp -s "$T/dash.yaml" "$T/plain.yaml" && [ ! -e ./- ]
ok $? "-o - writes to standard output"
tail -n 1 "$T/plain.yaml" | grep -qx '\.\.\.'
ok $? "a saved snapshot ends with the '...' line"
echo old >"$T/real.yaml"
chmod 600 "$T/real.yaml"
ln -s real.yaml "$T/link.yaml"
$R --demo snapshot -o "$T/link.yaml" 2>"$T/err"
[ $? -eq 1 ] && [ -L "$T/link.yaml" ] && [ "$(cat "$T/real.yaml")" = old ] &&
	grep -q 'link.yaml: a symbolic link: an output is never written through one' "$T/err"
ok $? "-o naming a symlink: refused (exit 1), the link and its target untouched"
$R --demo snapshot -o "$T/real.yaml" 2>/dev/null &&
	cmp -s "$T/real.yaml" "$T/plain.yaml" && [ "$(stat -c %a "$T/real.yaml")" = 600 ]
ok $? "-o over a regular file replaces it, keeping its mode"

# --- a snapshot cut short ------------------------------------------------
# Before: `head -c 300` of a snapshot loaded as "No RDMA devices found", exit 0.
head -c 300 "$T/plain.yaml" >"$T/cut.yaml"
$R --load "$T/cut.yaml" devices >"$T/out" 2>"$T/err"
[ $? -eq 1 ] && grep -q "^rocescope: $T/cut.yaml:" "$T/err" && [ ! -s "$T/out" ]
ok $? "a snapshot cut at 300 bytes is refused, naming the file (exit 1)"
grep -v '^\.\.\.$' "$T/plain.yaml" >"$T/noend.yaml"
$R --load "$T/noend.yaml" check >"$T/out" 2>"$T/err"
[ $? -eq 1 ] && grep -q "incomplete snapshot: no '...' line" "$T/err" && ! grep -q device.none "$T/out"
ok $? "a snapshot without its end line: refused, check does not run"
printf '...\n' >>"$T/noend.yaml"
$R --load "$T/noend.yaml" devices >/dev/null 2>&1
ok $? "the same file with '...' appended loads (how an older complete file is accepted)"

# --- --root --------------------------------------------------------------
# Before: --root /nonexistent and --root "" were accepted ("" read the live host).
$R --root /nonexistent devices >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && grep -q -- '--root /nonexistent: No such file or directory' "$T/err" &&
	[ ! -s "$T/out" ]
ok $? "--root /nonexistent: exit 2, says why"
$R --root "" devices >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && grep -q -- '--root: empty directory name' "$T/err" && [ ! -s "$T/out" ]
ok $? "--root \"\": exit 2, not the live host"
mkdir "$T/nosys"
$R --root "$T/nosys" snapshot >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && grep -q 'no sys/ in it' "$T/err"
ok $? "--root of a directory without sys/: exit 2"
$R --root "$FX/roce-cx5/sys/class/infiniband/mlx5_0/fw_ver" devices >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q 'not a directory' "$T/err"
ok $? "--root of a file: exit 2"
bad=0
for d in "$FX"/*/; do
	case $d in */explain/ | */pcaps/ | */rdma-netlink/ | */recordings/ | */console-zh/) continue ;; esac
	[ -d "$d/sys" ] || { bad=1; echo "# $d has no sys/"; }
done
ok $bad "every fixture root under tests/fixtures has sys/"

# --- long strings --------------------------------------------------------
# Before: cut at 63 bytes without a sign in text, JSON and YAML.
hfi="HPE 100Gb 1-port OP101 QSFP28 x16 PCIe Gen3 with Intel Omni-Path Adapter"
$R --root "$FX/prometheus" devices >"$T/out" 2>&1 && grep -qF "PSID     $hfi" "$T/out"
ok $? "the 72-byte hfi1 board id is whole in text"
$R --root "$FX/prometheus" --json devices >"$T/out" 2>&1 && "$JC" <"$T/out" &&
	grep -qF "\"$hfi\"" "$T/out"
ok $? "... in JSON"
$R --root "$FX/prometheus" snapshot >"$T/out" 2>&1 && grep -qF "board_id: $hfi" "$T/out"
ok $? "... and in the YAML snapshot"

# A copy of the ConnectX-5 tree to break (sysfs trees are small).
H=$T/host
cp -a "$FX/roce-cx5" "$H"
DEV=$H/sys/class/infiniband/mlx5_0
P=$DEV/ports/1
long=$(printf 'MT_%0200d' 7)
printf '%s\n' "$long" >"$DEV/board_id"
$R --root "$H" snapshot >"$T/snap.yaml" 2>"$T/err"
ok $? "a 203-byte board id: the snapshot is written"
grep -q "board_id: MT_0000.*…$" "$T/snap.yaml" &&
	grep -q "message: .board_id: too long for its field: cut (ends with …)" "$T/snap.yaml"
ok $? "... kept cut with an ellipsis, and a note says so"
$R --load "$T/snap.yaml" devices >"$T/out" 2>&1 && grep -q 'PSID     MT_0000.*…$' "$T/out"
ok $? "... the saved snapshot loads and shows the cut"

# An IPoIB hardware address is 20 bytes (59 characters): it was cut at 23.
ipoib=80:00:00:48:fe:80:00:00:00:00:00:00:0c:42:a1:03:00:65:e7:a2
echo "$ipoib" >"$H/sys/class/net/bond0/address"
ln=$(printf 'n%069d' 0)
mkdir -p "$H/sys/class/net/$ln"
$R --root "$H" snapshot >"$T/snap.yaml" 2>"$T/err" && grep -qx "  mac: \"\{0,1\}$ipoib\"\{0,1\}" "$T/snap.yaml"
ok $? "a 59-character IPoIB address is whole"
grep -q "link name of 70 bytes left out (at most 63): n0000" "$T/snap.yaml" && ! grep -q "name: $ln" "$T/snap.yaml"
ok $? "a link name longer than any kernel's is left out with a note, not cut"
rmdir "$H/sys/class/net/$ln"

# --- counter files -------------------------------------------------------
# Before: -5 became 18446744073709551611, 010 octal 8, abc/empty/26 digits vanished.
echo 010 >"$P/counters/port_rcv_data"
echo -5 >"$P/hw_counters/out_of_buffer"
echo abc >"$P/hw_counters/out_of_sequence"
: >"$P/hw_counters/rnr_nak_retry_err"
echo 12345678901234567890123456 >"$P/hw_counters/packet_seq_err"
$R --root "$H" snapshot >"$T/snap.yaml" 2>"$T/err"
ok $? "bad counter files: the snapshot is written"
sed -n '/^- name: mlx5_0$/,/^- name: mlx5_1$/p' "$T/snap.yaml" >"$T/dev0.yaml"
grep -q '^        port_rcv_data: 10$' "$T/dev0.yaml"
ok $? "010 is decimal 10, not octal 8"
! grep -Eq '18446744073709551611|out_of_buffer: |out_of_sequence: |packet_seq_err: |rnr_nak_retry_err: ' "$T/dev0.yaml"
ok $? "-5, abc, empty and 26 digits are not stored as numbers"
grep -F 'port 1 hw_counters: 4 files hold no counter' "$T/snap.yaml" | grep -F 'out_of_buffer ("-5": negative)' |
	grep -F 'out_of_sequence ("abc": not a decimal number)' | grep -F 'packet_seq_err ("12345678901234567890123456": more than 2^64 - 1)' |
	grep -qF 'rnr_nak_retry_err (empty)'
ok $? "... and one note names each with its value and why"

# --- a FIFO where a sysfs file should be ----------------------------------
# Before: open() of the FIFO blocked for ever.
NET=$H/sys/class/net/bond0
rm -f "$DEV/fw_ver" "$P/counters/port_xmit_data" "$P/gids/1" "$NET/mtu" "$NET/statistics/rx_bytes"
mkdir -p "$H/proc/sys/kernel" "$H/etc/security"
mkfifo "$DEV/fw_ver" "$P/counters/port_xmit_data" "$P/gids/1" "$NET/mtu" \
	"$NET/statistics/rx_bytes" "$H/proc/meminfo" "$H/proc/sys/kernel/hostname" \
	"$H/etc/os-release" "$H/etc/security/limits.conf"
timeout 60 $R --root "$H" snapshot >"$T/snap.yaml" 2>"$T/err"
ok $? "FIFOs in sysfs, procfs and etc: the snapshot finishes (60 s bound)"
n=0
for note in 'cannot read fw_ver: not a regular file' 'port_xmit_data (not a regular file)' \
	'gid 1: cannot read: not a regular file' 'mtu: not a regular file' \
	'rx_bytes (not a regular file)' '/proc/meminfo: not a regular file' \
	'/proc/sys/kernel/hostname: not a regular file' \
	'/etc/os-release, /usr/lib/os-release: not a regular file' \
	'/etc/security/limits.conf: not a regular file'; do
	grep -qF "$note" "$T/snap.yaml" || { n=$((n + 1)); echo "# no note: $note"; }
done
[ $n -eq 0 ]
ok $? "... each is named in a note: not a regular file"
timeout 60 $R --root "$H" devices >/dev/null 2>&1
ok $? "... devices finishes too"

# --- a saved snapshot that makes no sense ---------------------------------
# Before: two devices of one name loaded; GID index 70000 was recommended (-x 70000).
sed 's/^- name: mlx5_1$/- name: mlx5_0/' "$T/plain.yaml" >"$T/dup.yaml"
$R --load "$T/dup.yaml" devices >/dev/null 2>"$T/err"
[ $? -eq 1 ] && grep -q "$T/dup.yaml:[0-9]*:[0-9]*: a second device named 'mlx5_0'" "$T/err"
ok $? "two devices of one name: refused with file:line:column"
cat >"$T/gid.yaml" <<'EOF'
devices:
- name: mlx5_0
  ports:
  - num: 1
    state: 4
    link_layer: Ethernet
    netdev: eth0
    gids:
    - {index: 70000, gid: "0000:0000:0000:0000:0000:ffff:0a00:0001", type: RoCE v2, netdev: eth0, ip: "10.0.0.1", ipv4: 1}
...
EOF
$R --load "$T/gid.yaml" check >"$T/out" 2>"$T/err"
[ $? -eq 1 ] && grep -q "$T/gid.yaml:[0-9]*:[0-9]*: 'index': 70000 is out of range (0..65535)" "$T/err" &&
	! grep -q -- '-x 70000' "$T/out"
ok $? "GID index 70000: refused, never recommended as -x 70000"
# A PCIe speed no kernel prints (1e308, .inf GT/s): refused, the field named.
for v in 1e308 .inf; do
	sed "0,/^    cur_gts: .*/s//    cur_gts: $v/" "$T/plain.yaml" >"$T/gts.yaml"
	$R --load "$T/gts.yaml" devices >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc -eq 1 ] && [ ! -s "$T/out" ] &&
		grep -q "$T/gts.yaml:[0-9]*:[0-9]*: 'cur_gts': $v is out of range (0 (unknown) or a PCIe speed the kernel prints: 2.5, 5, 8, 16, 32, 64 or 128 GT/s)" "$T/err"
	ok $? "cur_gts $v: refused at file:line:col with the field named, nothing printed"
done
sed 's/^taken_at: .*/taken_at: "2026-02-30T10:00:00Z"/' "$T/plain.yaml" >"$T/date.yaml"
$R --load "$T/date.yaml" devices >/dev/null 2>"$T/err"
[ $? -eq 1 ] && grep -q "'2026-02-30T10:00:00Z' is not a UTC time" "$T/err"
ok $? "taken_at February 30: refused"
