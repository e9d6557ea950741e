#!/bin/sh
# SPDX-License-Identifier: MIT
# test_explain.sh - `rocescope explain`: one line given as TEXT, a whole
# pasted log on standard input (several tools and noise: the causes ranked,
# then each message once at its first line, with its count), the context
# that changes a ranking, JSON, exit codes, usage errors, and hostile input
# - binary bytes, terminal escapes, NULs, a 10 MiB line, 40 MiB of input
# read whole - which must stay bounded, escaped and never crash.  The
# table, docs/explain.md and the trees must name the same entries.
. "$top_srcdir/tests/lib.sh"

R=$ROCESCOPE
JC=$top_builddir/tests/json_check
FX=$top_srcdir/tests/fixtures/explain
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-explain-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

# "LINE ID" for every message of a text output, at its first line, in order.
pairs() {
	awk '/^line [0-9]+/ { n = $2; sub(/:$/, "", n) }
	     /^  [a-z][a-z0-9_]*\.[a-z0-9_]+ \(/ { print n, $1 }' "$1"
}
# "CLASS ID" for every cause of the ranking, most likely first.
ranked() {
	sed -n 's/^  #[0-9]* \([a-z-]*\), [a-z]* confidence: \([a-z0-9_.]*\),.*/\1 \2/p' "$1"
}
# A status that came from a signal (a crash) rather than from the program.
crashed() { [ "$1" -ge 128 ]; }

# --- one line, as TEXT -----------------------------------------------------
$R explain "Couldn't connect to 10.99.0.2:18515" >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 0 ] && [ ! -s "$T/err" ] && grep -q "^line 1: Couldn't connect to 10.99.0.2:18515\$" "$T/out"
ok $? "TEXT: exit 0, the line echoed with its number"
grep -q '^  perftest.connect_failed (perftest' "$T/out" && grep -q '^  meaning: The client' "$T/out" &&
	grep -q '^    1\. the server side is not running' "$T/out" && grep -q '^    2\. ' "$T/out"
ok $? "TEXT: the entry, its meaning and its causes numbered in order"
grep -q '^  run: rocescope check --tree connection-failure --peer 10.99.0.2 -x N$' "$T/out" &&
	grep -q '^       step control-port: net.control_port$' "$T/out"
ok $? "TEXT: the tree to run (with the peer the line names) and the step that finds the cause"
grep -q '^1 of 1 line recognised (1 match, 1 message)$' "$T/out"
ok $? "TEXT: a summary line at the end"
[ "$(ranked "$T/out")" = "control-channel perftest.connect_failed" ] &&
	grep -q '^  #1 control-channel, high confidence: perftest.connect_failed, line 1$' "$T/out"
ok $? "TEXT: the ranking first: the cause's class, its confidence, the message"
awk 'length($0) > 80 && !/^line / { bad = 1 } END { exit bad }' "$T/out"
ok $? "TEXT: the explanation is wrapped at 80 columns"
$R explain Failed status 12: wr_id 0 syndrom 0x81 >"$T/out" 2>&1
[ $? -eq 0 ] && grep -q '^line 1: Failed status 12: wr_id 0 syndrom 0x81$' "$T/out" &&
	grep -q '^  wc.retry_exc_err (libibverbs) \[gid\]$' "$T/out" &&
	grep -q 'Work completion status 12, transport retry counter exceeded' "$T/out"
ok $? "TEXT without quotes: the words are joined; status 12 is retry exceeded"
$R explain "$(printf 'noise\nPort number 1 state is Down')" >"$T/out" 2>&1
[ $? -eq 0 ] && [ "$(pairs "$T/out")" = "2 perftest.port_down" ]
ok $? "TEXT with a newline in it: two lines, the second recognised"

# --- a pasted log on standard input -------------------------------------------
$R explain - <"$FX/pasted.log" >"$T/out" 2>"$T/err"
rc=$?
pairs "$T/out" >"$T/pairs"
[ $rc -eq 0 ] && diff "$FX/pasted.expected" "$T/pairs" >"$T/diff"
ok $? "pasted log on '-': each message once, at its first line ($(wc -l <"$T/pairs") messages)"
[ -s "$T/diff" ] && diag "$(cat "$T/diff")"
grep -q '^15 of 46 lines recognised (17 matches, 13 messages)$' "$T/out"
ok $? "pasted log: the summary counts lines, matches and messages"
grep -q '^  seen 2 times, last on line 30$' "$T/out" &&
	[ "$(grep -c '^  meaning: ' "$T/out")" = "$(wc -l <"$FX/pasted.expected")" ]
ok $? "pasted log: a message that comes again is explained once, with its count"
ranked "$T/out" >"$T/ranked"
[ "$(wc -l <"$T/ranked")" = 13 ] && [ "$(head -n 1 "$T/ranked")" = "gid perftest.gid_incompat" ] &&
	grep -qx 'pcie kernel.pcie_limited' "$T/ranked" && [ "$(tail -n 1 "$T/ranked")" = \
	"application wc.wr_flush_err" ]
ok $? "pasted log: 13 causes ranked, the one that names its cause first, flushed requests last"
sed -n '/^Most likely cause first:/,/^$/p' "$T/out" | grep -q '^     because the log shows' &&
	sed -n '/^Most likely cause first:/,/^$/p' "$T/out" | grep -q ' (GID index 0, line 8)$'
ok $? "pasted log: the ranking says which line of context changed a cause"
$R explain <"$FX/pasted.log" >"$T/out2" 2>&1 && cmp -s "$T/out" "$T/out2"
ok $? "no argument reads standard input too"
cat "$FX/pasted.log" | $R --json explain - >"$T/j" 2>"$T/err"
rc=$?
[ $rc -eq 0 ] && "$JC" <"$T/j"
ok $? "--json: exit 0, valid JSON (json_check)"
grep -q '"source": "stdin"' "$T/j" && grep -q '"lines": 46' "$T/j" &&
	grep -q '"recognised": 15' "$T/j" && grep -q '"input_cut": false' "$T/j" &&
	[ "$(sed -n '/^  "matches": \[/,/^  \]/p' "$T/j" | grep -c '^      "id": ')" = 13 ] &&
	grep -q '"distinct": 13' "$T/j" && grep -q '"match_count": 17' "$T/j"
ok $? "--json: source, counts, and 13 messages each once"
sed -n '/^  "ranked": \[/,/^  \]/p' "$T/j" >"$T/rk"
[ "$(grep -c '^      "rank": ' "$T/rk")" -gt 13 ] &&
	[ "$(grep -c '^      "alternative": false' "$T/rk")" = 13 ] &&
	grep -q '^      "alternative": true' "$T/rk" && grep -q '"id": "perftest.gid_incompat"' "$T/rk" &&
	grep -q '"confidence": "high"' "$T/rk" && grep -q '"because_line": 8' "$T/rk" &&
	grep -q '"class": "gid"' "$T/rk"
ok $? "--json: ranked, each with its class, confidence, step and the line that changed it"
# the other likely causes come after the 13 entries, each a class no entry had yet
awk '/^      "class": / { c = $2 } /^      "alternative": / { print c, $2 }' "$T/rk" |
	tr -d '",' >"$T/alt"
awk '$2 == "true" { if (seen[$1]++) bad = 1; t = 1 } $2 == "false" { if (t) bad = 1; seen[$1]++ }
     END { exit bad }' "$T/alt"
ok $? "--json: the other likely causes ranked after every entry, each class once"
grep -q '"count": 2' "$T/j" && grep -q '"last_line": 30' "$T/j" && grep -q '"rank": 1,' "$T/j"
ok $? "--json: a message's count and last line, its rank"
grep -E '^      "(line|id|tree|check)": ' "$T/j" | sed -n 1,4p | tr -d ' ,' >"$T/first"
printf '%s\n' '"line":6' '"id":"perftest.connect_failed"' '"tree":"connection-failure"' \
	'"check":"net.control_port"' | cmp -s - "$T/first"
ok $? "--json: each match has line, id, tree and check"
grep -q '"text": "Couldn'"'"'t connect to 192.168.100.2:18515"' "$T/j" &&
	grep -q '"causes": \[' "$T/j" && grep -q '"meaning": "' "$T/j" &&
	grep -q '"run": "rocescope check --tree connection-failure --peer 192.168.100.2 -x N"' "$T/j" &&
	grep -q '"step": "control-port"' "$T/j" && grep -q '"peer": "192.168.100.2"' "$T/j"
ok $? "--json: the line's text, the meaning, the causes, the step and the command to run"

# --- nothing recognised, usage ------------------------------------------------
printf 'all good\n #bytes  #iterations  BW peak[Gb/sec]\n 65536  5000  23.51\n' |
	$R explain - >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 1 ] && grep -q '^nothing recognised in 3 lines' "$T/out"
ok $? "nothing recognised: says so, exit 1"
printf 'all good\n' | $R explain --json - >"$T/j" 2>&1
rc=$?
[ $rc -eq 1 ] && "$JC" <"$T/j" && grep -q '"matches": \[\]' "$T/j" && grep -q '"ranked": \[\]' "$T/j"
ok $? "nothing recognised, --json: valid JSON with no matches, exit 1"
printf 'inet6 fe80::1/64 scope link\nNCCL INFO NCCL_IB_GID_INDEX set by environment to 0.\n' |
	$R explain - >"$T/out" 2>&1
[ $? -eq 1 ] && grep -q '^nothing recognised in 2 lines' "$T/out"
ok $? "context alone (a link-local GID, GID index 0) is not an error: nothing recognised, exit 1"
$R explain - </dev/null >"$T/out" 2>&1
[ $? -eq 1 ] && grep -q '^nothing recognised in 0 lines' "$T/out"
ok $? "empty input: exit 1"
$R explain --list extra >/dev/null 2>"$T/err"
[ $? -eq 2 ] && grep -q 'takes no TEXT' "$T/err"
ok $? "--list with TEXT: usage error, exit 2"
fails=0
for opt in "--root /" "--demo" "--load x.yaml" "--peer 10.0.0.1"; do
	$R explain $opt "Couldn't allocate MR" >/dev/null 2>"$T/err"
	[ $? -eq 2 ] && grep -q 'does not apply' "$T/err" || fails=$((fails + 1))
done
[ $fails = 0 ]
ok $? "host options (--root, --demo, --load, --peer) are refused: explain reads no host"
$R explain --frobnicate x >/dev/null 2>&1
[ $? -eq 2 ]
ok $? "unknown option: exit 2"
$R help explain >"$T/out" 2>&1 && grep -q 'explain \[TEXT | -\]' "$T/out" &&
	grep -q -- '--list' "$T/out" && grep -q 'Global options: --json, --help$' "$T/out"
ok $? "help explain: [TEXT | -], --list, --json"
$R --help | grep -q '^  explain '
ok $? "--help lists explain"

# --- hostile input ----------------------------------------------------------
# Binary bytes around a real message: recognised; the echo has no raw
# control byte and is valid UTF-8; the JSON is valid.
{ head -c 300000 /dev/urandom; printf '\nCouldn'"'"'t allocate MR \033[2J\033]0;owned\007\377\376\n'; head -c 300000 /dev/urandom; } >"$T/bin"
$R explain - <"$T/bin" >"$T/out" 2>"$T/err"
rc=$?
! crashed $rc && grep -q '^  verbs.reg_mr ' "$T/out"
ok $? "binary input: no crash (exit $rc), the message in it recognised"
LC_ALL=C grep -q "$(printf '[\001-\011\013-\037\177]')" "$T/out"
[ $? -ne 0 ] && grep -q 'allocate MR \\x1b\[2J\\x1b]0;owned\\x07\\xff\\xfe$' "$T/out"
ok $? "binary input: escape sequences and invalid bytes echoed as \\xNN, no raw control byte"
if command -v iconv >/dev/null; then
	iconv -f UTF-8 -t UTF-8 <"$T/out" >/dev/null 2>&1
	ok $? "binary input: the text output is valid UTF-8"
else
	skip "iconv is not installed: UTF-8 validity not checked"
fi
$R explain --json - <"$T/bin" >"$T/j" 2>&1
rc=$?
! crashed $rc && "$JC" <"$T/j"
ok $? "binary input, --json: no crash, valid JSON"
printf 'Couldn'"'"'t allocate\000MR\n' | $R explain - >"$T/out" 2>&1
[ $? -eq 0 ] && grep -q '^line 1: Couldn'"'"'t allocate\\x00MR$' "$T/out"
ok $? "a NUL byte is matched as a space and echoed as \\x00, never cutting the line"
# A 10 MiB line: matched on its first 4 KiB, said so; the output stays small.
{ printf 'Failed to modify QP 7 to RTR '; head -c 10485760 /dev/zero | tr '\0' A;
  printf ' Couldn'"'"'t allocate MR\nPort number 1 state is Down\n'; } >"$T/long"
len=$(($(head -n 1 "$T/long" | wc -c) - 1))
$R explain - <"$T/long" >"$T/out" 2>&1
rc=$?
[ $rc -eq 0 ] && [ "$(pairs "$T/out")" = "$(printf '1 verbs.modify_qp_rtr\n2 perftest.port_down')" ]
ok $? "a 10 MiB line: its beginning matched, the next line too"
grep -q "^line 1 (its first 4096 of $len bytes): Failed to modify QP 7 to RTR AAA" "$T/out" &&
	grep -q '^note: 1 line longer than 4096 bytes was matched on its beginning$' "$T/out" &&
	[ "$(wc -c <"$T/out")" -lt 20000 ]
ok $? "a 10 MiB line: the output says it was cut and stays small ($(wc -c <"$T/out") bytes)"
$R explain --json - <"$T/long" >"$T/j" 2>&1 && "$JC" <"$T/j" &&
	grep -q '"truncated": true' "$T/j" && grep -q "\"length\": $len" "$T/j" &&
	grep -q '"long_lines": 1' "$T/j"
ok $? "a 10 MiB line, --json: truncated, its full length, long_lines"
# 40 MiB: read whole, the message at its end found, the output small.
{ yes 'noise noise noise noise noise noise noise noise noise noise noise' | head -c 41943040;
  echo "Couldn't allocate MR"; } >"$T/big"
$R explain - <"$T/big" >"$T/out" 2>&1
rc=$?
last=$(wc -l <"$T/big")
[ $rc -eq 0 ] && grep -q "^  #1 memlock, medium confidence: verbs.reg_mr, line $last\$" "$T/out" &&
	! grep -q '^note:' "$T/out" && [ "$(wc -c <"$T/out")" -lt 4000 ]
ok $? "40 MiB of input: read whole, the message on its last line found"
$R explain --json - <"$T/big" >"$T/j" 2>&1
grep -q '"input_cut": false' "$T/j" && grep -q '"bytes": 41943061' "$T/j" &&
	grep -q '"input_max": 0' "$T/j"
ok $? "40 MiB, --json: no input_cut, every byte read, no limit"

# --- the context changes what a status means --------------------------------
E12='NCCL WARN NET/IB : Got completion from peer 10.0.0.2<33092> with error 12, opcode 0, len 0, vendor err 129 (Recv)'
ctx_first() { printf '%s\n' "$@" | $R explain - >"$T/out" 2>&1; ranked "$T/out" | head -n 1; }
[ "$(ctx_first "$E12")" = "gid wc.retry_exc_err" ]
ok $? "status 12 alone: the GID index first"
[ "$(ctx_first "NCCL WARN NET/IB : mlx5_0:1 Got async event : port error" "$E12" |
	cut -d' ' -f1)" = port ]
ok $? "status 12 with a port error in the log: the port first"
[ "$(ctx_first "rx_pause_ctrl_phy: 48151 under load" "$E12")" = "congestion wc.retry_exc_err" ] &&
	grep -q 'losses under load, line 1' "$T/out"
ok $? "status 12 with pause frames under load: congestion, with the line that says so"
# A listing in the paste: a port that is down explains the timeout.
[ "$(ctx_first '                        state:                  PORT_DOWN (1)' "$E12" |
	cut -d' ' -f1)" = port ]
ok $? "status 12 with ibv_devinfo showing PORT_DOWN: the port first"
# A line no tool prints: the errno names a class, low confidence; nothing else counts.
printf '%s\n' 'rdma_create_srq failed: Invalid argument' | $R explain - >"$T/out" 2>&1 &&
	grep -q 'resources, low confidence: errno.einval' "$T/out"
ok $? "an errno no entry knows in that wording: its class, low confidence"
printf '%s\n' 'Call to ibv_modify_qp failed with error Invalid argument' |
	$R --json explain - >"$T/j" 2>&1 && ! grep -q '"errno\.' "$T/j"
ok $? "a fallback gives way to a message entry on the same line"
printf '%s\n' 'NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [RO]; OOB eth0:10.0.0.1<0>' \
	'GID[  1]:		fe80::ac0:ebff:feda:1cfb, RoCE v2' | $R explain - >"$T/out" 2>&1
[ $? -eq 1 ] && grep -q 'nothing recognised' "$T/out"
ok $? "INFO lines and a GID table alone: still nothing recognised"
[ "$(ctx_first 'cma event RDMA_CM_EVENT_UNREACHABLE, error -110' \
	' GID: 254:128:00:00:00:00:00:00:02:02:c9:ff:fe:00:00:01')" = "gid rdma_cm.unreachable" ]
ok $? "an unreachable peer with a link-local GID in use: the GID"

# --- the table, its documentation and the trees agree -------------------------
$R explain --list >"$T/list" 2>&1
rc=$?
awk '/^[a-z][a-z0-9_]*\.[a-z0-9_]+ / { print $1 }' "$T/list" >"$T/ids"
n=$(wc -l <"$T/ids")
[ $rc -eq 0 ] && [ "$n" -ge 60 ] && grep -qx 'wc.tm_rndv_incomplete' "$T/ids" &&
	grep -qx 'nccl.completion_error' "$T/ids"
ok $? "--list: every entry ($n), the 23 work-completion statuses among them"
$R explain --list --json >"$T/j" 2>&1 && "$JC" <"$T/j" &&
	[ "$(grep -c '"pattern": ' "$T/j")" = "$n" ]
ok $? "--list --json: valid, one object with its pattern per entry"
# Each entry's row in docs/explain.md names its tree and its check.
missing=$(awk '/^[a-z][a-z0-9_]*\.[a-z0-9_]+ / { print $1, $2, $4 }' "$T/list" | while read -r id tree check; do
	grep "^| \`$id\` |" "$top_srcdir/docs/explain.md" | grep -q "| $tree | \`$check\`" || echo "$id"
done)
[ -z "$missing" ]
ok $? "docs/explain.md has a row for every entry, with its tree and check"
[ -n "$missing" ] && diag "no row, or another tree/check, in docs/explain.md: $(echo $missing)"
awk '/^[a-z][a-z0-9_]*\.[a-z0-9_]+ / { print $2 }' "$T/list" | sort -u >"$T/trees"
printf '%s\n' connection-failure first-time-setup large-message-crash low-bandwidth | cmp -s - "$T/trees"
ok $? "every entry names one of the four trees"
# When the trees exist (profiles/trees/NAME.yaml), each step named must be in
# its tree; until then this is a skip.
if ls "$top_srcdir"/profiles/trees/*.yaml >/dev/null 2>&1; then
	bad=$(awk '/^[a-z][a-z0-9_]*\.[a-z0-9_]+ / { print $2, $4 }' "$T/list" | sort -u |
		while read -r tree check; do
			f=$top_srcdir/profiles/trees/$tree.yaml
			[ -f "$f" ] && grep -q "$check" "$f" || echo "$tree/$check"
		done)
	[ -z "$bad" ]
	ok $? "every (tree, step) named is a step of that tree in profiles/trees/"
	[ -n "$bad" ] && diag "not found: $(echo $bad)"
else
	skip "profiles/trees/*.yaml not there yet: (tree, step) pairs not checked against the trees"
fi

plan "$rs_n"
