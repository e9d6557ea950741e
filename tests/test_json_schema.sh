#!/bin/sh
# SPDX-License-Identifier: MIT
# test_json_schema.sh - every JSON document and JSON line rocescope prints
# fits the schema docs/cli.md documents for it (tests/json_schema: every
# member listed, with one of its types, and every listed member there):
# the views on the demo, every fixture root, a hostile tree and saved
# snapshots; explain; capture's packet lines and summaries on every pcap;
# bw and lat (their failure here: no RDMA device) as documents and lines.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/hostile_tree.sh"

R=$ROCESCOPE
JS=$top_builddir/tests/json_schema
DOC=$top_srcdir/docs/cli.md
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-schema-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
PCAPS=$top_srcdir/tests/fixtures/pcaps

plan 17

# fits SCHEMA FILE [--lines]: the file fits the schema; misfits are kept.
: >"$T/misfits"
: >"$T/used"
fits() {
	echo "$1" >>"$T/used"
	if [ ! -s "$2" ]; then
		echo "$1: $2 is empty" >>"$T/misfits"
	elif ! "$JS" "$DOC" "$1" $3 <"$2" 2>>"$T/misfits"; then
		echo "  (in $2)" >>"$T/misfits"
	fi
}
# all_fit WHAT: ok when nothing misfit since the last call.
all_fit() {
	[ ! -s "$T/misfits" ]
	ok $? "$1"
	if [ -s "$T/misfits" ]; then diag "$(head -n 30 "$T/misfits")"; fi
	: >"$T/misfits"
}

# The sources: the demo, every fixture root, a hostile tree, saved files.
hostile_tree "$T/hostile" || exit 1
"$R" --demo snapshot -o "$T/demo.yaml" 2>/dev/null
"$R" --root "$top_srcdir/tests/fixtures/roce-cx5" snapshot -o "$T/cx5.yaml" 2>/dev/null
"$R" --root "$T/hostile" snapshot -o "$T/hostile.yaml" 2>/dev/null
i=0
{
	echo --demo
	for d in "$top_srcdir"/tests/fixtures/*/; do
		[ -d "$d/sys" ] && echo "--root $d"
	done
	echo "--root $T/hostile"
	for f in demo cx5 hostile; do echo "--load $T/$f.yaml"; done
} >"$T/sources"
n_src=$(wc -l <"$T/sources")
while read -r src; do
	i=$((i + 1))
	# shellcheck disable=SC2086 # the source is two words
	"$R" $src devices --json >"$T/dev.$i" 2>/dev/null
	fits devices "$T/dev.$i"
	"$R" $src gids --json >"$T/gids.$i" 2>/dev/null
	fits gids "$T/gids.$i"
	"$R" $src qps -i 0.1 --json >"$T/qps.$i" 2>/dev/null
	fits qps "$T/qps.$i"
	"$R" $src check -i 0 --json >"$T/chk.$i" 2>/dev/null
	fits check "$T/chk.$i"
	"$R" $src check --tree connection-failure --peer 10.1.2.3 --json >"$T/tree.$i" 2>/dev/null
	fits check-tree "$T/tree.$i"
	"$R" $src check --tree first-time-setup --json >"$T/setup.$i" 2>/dev/null
	fits check-tree "$T/setup.$i"
	"$R" $src counters -i 0.1 -c 2 --json >"$T/cnt.$i" 2>/dev/null
	fits counters "$T/cnt.$i"
	"$R" $src fix --set mtu=9000 --json >"$T/fix.$i" 2>/dev/null
	fits fix "$T/fix.$i"
done <"$T/sources"
all_fit "the views (devices, gids, qps, check, check --tree, counters, fix) on $n_src sources fit their schemas"

# fix --apply, --undo, --list on a copy of a fixture root (its files change).
cp -a "$top_srcdir/tests/fixtures/host-mlx5" "$T/fixroot"
for h in "$T"/fixroot/sys/kernel/mm/hugepages/*/nr_hugepages; do echo 0 >"$h"; done
"$R" --root "$T/fixroot" fix --set hugepages=16 --apply host.no_hugepages --json \
	>"$T/fixa" 2>/dev/null
fits fix-apply "$T/fixa"
grep -q '"state": "applied"' "$T/fixa" || echo "fix-apply: no change applied in $T/fixa" >>"$T/misfits"
"$R" --root "$T/fixroot" fix --apply host.no_hugepages --json >"$T/fixa0" 2>/dev/null
fits fix-apply "$T/fixa0"
"$R" --root "$T/fixroot" fix --list --json >"$T/fixl" 2>/dev/null
fits fix-list "$T/fixl"
"$R" --root "$T/fixroot" fix --undo --json >"$T/fixu" 2>/dev/null
fits fix-undo "$T/fixu"
"$R" --root "$T/fixroot" fix --undo --json >"$T/fixu0" 2>/dev/null
fits fix-undo "$T/fixu0"
all_fit "fix --apply, --list, --undo (and with nothing to do) fit their schemas"

# The documented rules, on the demo and a fixture root.
grep -q '"schema_version": 1,' "$T/dev.1" && head -n 2 "$T/dev.1" | grep -q schema_version
ok $? "schema_version is the first member"
"$R" --root "$top_srcdir/tests/fixtures/roce-rxe" devices --json >"$T/rxe.json" 2>/dev/null
tr -d ' \n' <"$T/rxe.json" | grep -q '"degraded":null' &&
	tr -d ' \n' <"$T/rxe.json" | grep -q '"vendor_id":null,"device_id":null' &&
	tr -d ' \n' <"$T/rxe.json" | grep -q '"active_mtu":null,"max_mtu":null'
ok $? "devices --json on a root: no libibverbs, no PCI: active_mtu, ids, degraded are null, not 0/false"
grep -q '"gid_count": 6' "$T/dev.1" && ! grep -q '"gids":' "$T/dev.1"
ok $? "devices --json: ports[].gid_count (a count), no 'gids' member"
grep -q '"hostname": "demo-roce-01"' "$T/gids.1" && grep -q '"hostname": "demo-roce-01"' "$T/tree.1" &&
	grep -q '"hostname": "demo-roce-01"' "$T/cnt.1"
ok $? "gids, check --tree, counters --json carry the host name like devices and check"
"$R" --load "$T/demo.yaml" counters --json >"$T/static.json" 2>/dev/null
keys() { tr -d ' \n' <"$1" | sed 's/"readings":.*//; s/"[a-z_]*":/\n&/g' | sed -n 's/^"\([a-z_]*\)":.*/\1/p' | tr '\n' ' '; }
live=$(keys "$T/cnt.1") static=$(keys "$T/static.json")
[ "$live" = "$static" ] &&
	tr -d ' \n' <"$T/static.json" | grep -q '"static":true,"interval":null' &&
	tr -d ' \n' <"$T/static.json" | grep -q '"delta":null,"rate":null'
ok $? "counters --json: the same members live and static"
diag "counters members: live: $live" "counters members: static: $(echo "$static" | cut -c1-200)"
grep -q '"interval": 0.1,' "$T/cnt.1" && grep -Eq '"rate": [0-9]+\.[0-9]' "$T/cnt.1" &&
	! grep -Eq '"(rate|cur_gts|rate_gbps)": [0-9]+,?$' "$T/cnt.1" "$T/dev.1"
ok $? "a number member always has its fraction (8.0, not 8): one kind of number per member"

# explain, capture, bw/lat.
"$R" explain --json - <"$top_srcdir/tests/fixtures/explain/pasted.log" >"$T/x.json" 2>/dev/null
fits explain "$T/x.json"
"$R" explain --json "nothing to see" >"$T/x0.json" 2>/dev/null
fits explain "$T/x0.json"
"$R" explain --list --json >"$T/xl.json" 2>/dev/null
fits explain-list "$T/xl.json"
all_fit "explain --json (matches, none) and explain --list --json fit their schemas"
n=0
for f in "$PCAPS"/*/*.pcap "$PCAPS"/*.pcap*; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	"$R" capture -r "$f" --json --all >"$T/cap.$n" 2>/dev/null
	fits capture-packet "$T/cap.$n" --lines
	"$R" capture -r "$f" --summary --json >"$T/sum.$n" 2>/dev/null
	fits capture-summary "$T/sum.$n"
done
if [ -x "$top_builddir/tests/capture/make_cases" ]; then
	"$top_builddir/tests/capture/make_cases" "$T/crafted.pcap" >/dev/null 2>&1 &&
		"$R" capture -r "$T/crafted.pcap" --json --all >"$T/cap.c" 2>/dev/null &&
		fits capture-packet "$T/cap.c" --lines
fi
all_fit "capture --json lines and --summary --json on $n pcaps fit their schemas"
for t in bw lat; do
	"$R" $t 10.0.0.1 --json >"$T/$t.json" 2>/dev/null
	fits $t "$T/$t.json"
	"$R" $t 10.0.0.1 --json-lines >"$T/$t.jl" 2>/dev/null
	fits perf-line "$T/$t.jl" --lines
done
"$R" serve --json-lines --timeout 1 >"$T/serve.jl" 2>/dev/null
fits perf-line "$T/serve.jl" --lines
all_fit "bw and lat --json, bw, lat and serve --json-lines (their failure without RDMA) fit their schemas"

# Unknown is null, never a 0 that reads as a value: a test that found no
# device has no GID index; a GID table not read has no count; a capture of
# no frame has no duration.
tr -d ' \n' <"$T/bw.json" | grep -q '"local":{[^}]*"gid_index":null' &&
	tr -d ' \n' <"$T/lat.json" | grep -q '"local":{[^}]*"gid_index":null' &&
	tr -d ' \n' <"$T/bw.json" | grep -q '"memlock":null,"memlock_unlimited":null' &&
	! grep -q '"gid_index": 0' "$T/bw.json" "$T/lat.json"
ok $? "bw and lat --json without a device: gid_index and memlock_unlimited null, not 0/false"
"$R" --root "$top_srcdir/tests/fixtures/roce-broken" devices --json 2>/dev/null |
	tr -d ' \n' | sed 's/{"name":/\n&/g' | grep '"name":"mlx4_0"' | grep -q '"gid_tbl_len":null,"gid_count":null'
ok $? "devices --json: a port whose GID table was not read has gid_count null, not 0"
printf '\324\303\262\241\002\000\004\000\000\000\000\000\000\000\000\000\377\377\000\000\001\000\000\000' >"$T/empty.pcap"
"$R" capture -r "$T/empty.pcap" --summary --json >"$T/empty.json" 2>/dev/null
fits capture-summary "$T/empty.json"
tr -d ' \n' <"$T/empty.json" | grep -q '"frames":0,' &&
	tr -d ' \n' <"$T/empty.json" | grep -q '"duration":null'
ok $? "capture --summary --json of a file with no frame: duration null, not 0"
all_fit "... and that summary fits its schema"

# The checker can fail, and docs/cli.md has no schema that nothing checked.
printf '{"schema_version": 1, "source": "x", "hostname": null, "devices": [], "errors": [], "extra": 1}' >"$T/bad1"
printf '{"schema_version": 1.0, "source": "x", "hostname": null, "devices": [], "errors": []}' >"$T/bad2"
printf '{"schema_version": 1, "source": "x", "devices": [], "errors": []}' >"$T/bad3"
! "$JS" "$DOC" devices <"$T/bad1" 2>/dev/null && ! "$JS" "$DOC" devices <"$T/bad2" 2>/dev/null &&
	! "$JS" "$DOC" devices <"$T/bad3" 2>/dev/null
ok $? "json_schema rejects a member not in the schema, a number for an int, a missing member"
documented=$(sed -n 's/^```schema \([a-z-]*\)$/\1/p' "$DOC" | sort -u | tr '\n' ' ')
checked=$(sort -u "$T/used" | tr '\n' ' ')
[ "$documented" = "$checked" ]
ok $? "every schema in docs/cli.md is checked here ($documented)"
