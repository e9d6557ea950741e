#!/bin/sh
# SPDX-License-Identifier: MIT
# test_explain.sh - `rocescope explain`: one line given as TEXT, a whole
# pasted log on standard input (several tools and noise: the right entries
# in order with their line numbers), JSON, exit codes, usage errors, and
# hostile input - binary bytes, terminal escapes, NULs, a 10 MiB line,
# more than the 16 MiB it reads - which must stay bounded, escaped and
# never crash.  The table, docs/explain.md and the trees (when they exist)
# must name the same entries.
. "$top_srcdir/tests/lib.sh"

R=$ROCESCOPE
JC=$top_builddir/tests/json_check
FX=$top_srcdir/tests/fixtures/explain
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-explain-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

# "LINE ID" for every match of a text output, in order.
pairs() {
	awk '/^line [0-9]+/ { n = $2; sub(/:$/, "", n) }
	     /^  [a-z_]+\.[a-z0-9_]+( \(|:)/ { id = $1; sub(/:$/, "", id); print n, id }' "$1"
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
grep -q '^1 of 1 line recognised (1 match)$' "$T/out"
ok $? "TEXT: a summary line at the end"
awk 'length($0) > 80 && !/^line / { bad = 1 } END { exit bad }' "$T/out"
ok $? "TEXT: the explanation is wrapped at 80 columns"
$R explain Failed status 12: wr_id 0 syndrom 0x81 >"$T/out" 2>&1
[ $? -eq 0 ] && grep -q '^line 1: Failed status 12: wr_id 0 syndrom 0x81$' "$T/out" &&
	grep -q '^  wc.retry_exc_err (libibverbs)$' "$T/out" &&
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
ok $? "pasted log (perftest, dmesg, NCCL, noise) on '-': every match in order, with its line ($(wc -l <"$T/pairs") matches)"
[ -s "$T/diff" ] && diag "$(cat "$T/diff")"
grep -q '^15 of 46 lines recognised (17 matches)$' "$T/out"
ok $? "pasted log: the summary counts lines and matches"
grep -q '^  verbs.reg_mr: as on line 29 above$' "$T/out" &&
	[ "$(grep -c '^  meaning: ' "$T/out")" = "$(cut -d' ' -f2 "$FX/pasted.expected" | sort -u | wc -l)" ]
ok $? "pasted log: a message seen again points back instead of repeating its explanation"
$R explain <"$FX/pasted.log" >"$T/out2" 2>&1 && cmp -s "$T/out" "$T/out2"
ok $? "no argument reads standard input too"
cat "$FX/pasted.log" | $R --json explain - >"$T/j" 2>"$T/err"
rc=$?
[ $rc -eq 0 ] && "$JC" <"$T/j"
ok $? "--json: exit 0, valid JSON (json_check)"
grep -q '"source": "stdin"' "$T/j" && grep -q '"lines": 46' "$T/j" &&
	grep -q '"recognised": 15' "$T/j" && grep -q '"input_cut": false' "$T/j" &&
	[ "$(grep -c '^      "id": ' "$T/j")" = 17 ]
ok $? "--json: source, counts and 17 matches"
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
[ $rc -eq 1 ] && "$JC" <"$T/j" && grep -q '"matches": \[\]' "$T/j"
ok $? "nothing recognised, --json: valid JSON with no matches, exit 1"
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
# More than 16 MiB: the rest is not read, and that is said.
{ yes 'noise noise noise noise noise noise noise noise noise noise noise' | head -c 17825792;
  echo "Couldn't allocate MR"; } >"$T/big"
$R explain - <"$T/big" >"$T/out" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q '^note: the input was read up to 16 MiB; the rest was not read$' "$T/out"
ok $? "17 MiB of input: read up to 16 MiB, said so; the message past it is not read"
$R explain --json - <"$T/big" >"$T/j" 2>&1
grep -q '"input_cut": true' "$T/j" && grep -q '"bytes": 16777216' "$T/j"
ok $? "17 MiB, --json: input_cut and the bytes read"

# --- the table, its documentation and the trees agree -------------------------
$R explain --list >"$T/list" 2>&1
rc=$?
awk '/^[a-z_]+\.[a-z0-9_]+ / { print $1 }' "$T/list" >"$T/ids"
n=$(wc -l <"$T/ids")
[ $rc -eq 0 ] && [ "$n" -ge 60 ] && grep -qx 'wc.tm_rndv_incomplete' "$T/ids" &&
	grep -qx 'nccl.completion_error' "$T/ids"
ok $? "--list: every entry ($n), the 23 work-completion statuses among them"
$R explain --list --json >"$T/j" 2>&1 && "$JC" <"$T/j" &&
	[ "$(grep -c '"pattern": ' "$T/j")" = "$n" ]
ok $? "--list --json: valid, one object with its pattern per entry"
# Each entry's row in docs/explain.md names its tree and its check.
missing=$(awk '/^[a-z_]+\.[a-z0-9_]+ / { print $1, $2, $4 }' "$T/list" | while read -r id tree check; do
	grep "^| \`$id\` |" "$top_srcdir/docs/explain.md" | grep -q "| $tree | \`$check\`" || echo "$id"
done)
[ -z "$missing" ]
ok $? "docs/explain.md has a row for every entry, with its tree and check"
[ -n "$missing" ] && diag "no row, or another tree/check, in docs/explain.md: $(echo $missing)"
awk '/^[a-z_]+\.[a-z0-9_]+ / { print $2 }' "$T/list" | sort -u >"$T/trees"
printf '%s\n' connection-failure first-time-setup large-message-crash low-bandwidth | cmp -s - "$T/trees"
ok $? "every entry names one of the four trees"
# When the trees exist (profiles/trees/NAME.yaml), each step named must be in
# its tree; until then this is a skip.
if ls "$top_srcdir"/profiles/trees/*.yaml >/dev/null 2>&1; then
	bad=$(awk '/^[a-z_]+\.[a-z0-9_]+ / { print $2, $4 }' "$T/list" | sort -u |
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
