#!/bin/sh
# SPDX-License-Identifier: MIT
# test_i18n_model.sh - texts worded below the checks reach the reader in
# their language while a finding's English copy stays English:
#   - gid.no_roce_v2's summary (rs_gid_pick_summary(), its reason too) and
#     a summary that names a pane (rs_pane_ref()) are translated in `check`
#     under LANG=zh_CN.UTF-8;
#   - a recording made in that locale keeps the same summaries in English;
#   - the tables marked with N_() (counter group and meaning names) are
#     what xgettext extracts, with the options of PROTOCOL/po/Makevars.
# The catalogue is a small one made here (msgfmt), so the test does not
# depend on po/; without msgfmt, or without a zh_CN.UTF-8 locale (made
# with localedef when the system has none), it skips and says why.
. "${top_srcdir:-.}/tests/lib.sh"

R=$ROCESCOPE
fx=$top_srcdir/tests/fixtures
W=$(mktemp -d "${TMPDIR:-/tmp}/rs-i18nm-$$.XXXXXX") || exit 1
on_exit 'rm -rf "$W"'

LC_ALL=C grep -q bindtextdomain "$R" || skip_all "rocescope is built without NLS"
command -v msgfmt >/dev/null 2>&1 || skip_all "msgfmt is not installed"
need_zh_locale "$W/loc"

mkdir -p "$W/cat/zh_CN/LC_MESSAGES"
cat >"$W/t.po" <<'EOF'
msgid ""
msgstr ""
"Project-Id-Version: rocescope-test\n"
"Language: zh_CN\n"
"MIME-Version: 1.0\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Content-Transfer-Encoding: 8bit\n"
"Plural-Forms: nplurals=1; plural=0;\n"

#, c-format
msgid "no GID index to use: %s"
msgstr "没有可用的 GID 索引：%s"

#, c-format
msgid "only RoCE v1 entries carry IPv4 on %s: RoCE v2 is not enabled or not supported"
msgstr "%s 上只有 RoCE v1 条目带 IPv4 地址：RoCE v2 未启用或不受支持"

#, c-format
msgid "use GID index %d"
msgstr "使用 GID 索引 %d"

#, c-format
msgid "no capture running: start one in the console's %s or run rocescope capture -i NETDEV"
msgstr "没有正在运行的抓包：在控制台的%s中启动，或运行 rocescope capture -i NETDEV"

#, c-format
msgid "the %s pane (%d, then %s)"
msgstr "%s面板（%d，然后按 %s）"

msgid "Capture"
msgstr "抓包"

#, c-format
msgid "/sys/class/infiniband/%s/ports/%u/gids: %zu valid entries; %s"
msgstr "/sys/class/infiniband/%s/ports/%u/gids：%zu 个有效条目；%s"
EOF
msgfmt -c -o "$W/cat/zh_CN/LC_MESSAGES/rocescope.mo" "$W/t.po" || skip_all "msgfmt cannot compile the test catalogue"
zh() { env LANG=zh_CN.UTF-8 LC_ALL= LANGUAGE= ROCESCOPE_LOCALEDIR="$W/cat" "$@"; }

# A port whose entries are all RoCE v1: gid.no_roce_v2 fails, with a reason.
cp -R "$fx/roce-cx5" "$W/v1" && chmod -R u+w "$W/v1"
for t in "$W"/v1/sys/class/infiniband/mlx5_0/ports/1/gid_attrs/types/*; do
	printf 'IB/RoCE v1\n' >"$t"
done

zh "$R" --root "$W/v1" check --interval 0 >"$W/check" 2>&1
# The evidence is worded by the check itself: when even it is English,
# the command does not translate at all (no catalogue bound).
grep -q '个有效条目' "$W/check" || skip_all "rocescope check does not translate (no catalogue bound)"

plan 7

grep -qF '个有效条目；ens1f0np0 上只有 RoCE v1 条目带 IPv4 地址' "$W/check"
ok $? "check in zh_CN: the evidence quotes the GID reason translated"
grep 'gid.no_roce_v2 .*mlx5_0 port 1' "$W/check" >"$W/gid"
grep -qF '没有可用的 GID 索引：ens1f0np0 上只有 RoCE v1 条目带 IPv4 地址：RoCE v2 未启用或不受支持' "$W/gid"
ok $? "check in zh_CN: gid.no_roce_v2's summary and its reason translated"
sed 's/^/# /' "$W/gid"
grep -q '使用 GID 索引 3' "$W/check"
ok $? "check in zh_CN: the other port's \"use GID index 3\" translated"

grep 'capture.roce_v2' "$W/check" >"$W/cap"
grep -qF '在控制台的抓包面板（8，然后按 s）中启动' "$W/cap"
ok $? "check in zh_CN: a summary naming a pane names it in Chinese"
sed 's/^/# /' "$W/cap"

zh "$R" --root "$W/v1" record -o "$W/v1.rsrec" --interval 0.05 --duration 0.2 >/dev/null 2>&1 &&
	"$R" counters --replay "$W/v1.rsrec" --json >"$W/rec.json" 2>/dev/null
ok $? "record in zh_CN, then counters --replay --json"
grep -qF '"summary": "no GID index to use: only RoCE v1 entries carry IPv4 on ens1f0np0: RoCE v2 is not enabled or not supported"' "$W/rec.json" &&
	! LC_ALL=C grep -q '"summary": "[^"]*[^ -~]' "$W/rec.json"
ok $? "the recording keeps gid.no_roce_v2's summary in English"

# The marked tables, as po/ extracts them.
if command -v xgettext >/dev/null 2>&1; then
	xgettext --from-code=UTF-8 --language=C --keyword=_ --keyword=N_ \
		--keyword=RS_FSUMMARY:2 --keyword=rs_trn:1,2 -o "$W/m.pot" \
		"$top_srcdir/src/model/counter_groups.c" "$top_srcdir/src/panes.c" 2>/dev/null
	grep -qx 'msgid "RDMA traffic"' "$W/m.pot" && grep -qx 'msgid "cnp_sent"' "$W/m.pot" &&
		grep -qx 'msgid "the %s pane (%d, then %s)"' "$W/m.pot" &&
		! grep -qx 'msgid "hw_counters"' "$W/m.pot"
	ok $? "xgettext finds the group and meaning names and the pane reference, not the set names"
else
	skip "xgettext is not installed"
fi
