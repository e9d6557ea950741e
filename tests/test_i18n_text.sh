#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_i18n_text.sh - what a Chinese reader sees beyond `check` (docs/i18n.md):
# in zh_CN.UTF-8 with the build's catalogue, explain --list, capture -r,
# a replay's problems, qps, bw --help, the usage errors and the tree's test
# line are Chinese (the verdicts the words 通过/警告/失败, never PASS/FAIL),
# while explain --list --json stays LANG=C's bytes; in the console (tmux,
# 80x24) the explain view names the cause's class in Chinese, counts the
# recognised lines in the right order, and a question's prompt ends with a
# Chinese colon.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"

R=$ROCESCOPE
unset LANGUAGE LC_ALL LC_MESSAGES LC_CTYPE
grep -q '^#define ENABLE_NLS 1' "$top_builddir/config.h" || skip_all "built with --disable-nls"
command -v msgfmt >/dev/null || skip_all "gettext (msgfmt) is not installed"
if ! locale -a 2>/dev/null | grep -qix 'zh_CN.utf-\{0,1\}8'; then
	mkdir -p "$tmp/loc"
	[ -f /usr/share/i18n/locales/zh_CN ] ||
		skip_all "no zh_CN locale and no /usr/share/i18n/locales/zh_CN to make one"
	localedef -i zh_CN -f UTF-8 "$tmp/loc/zh_CN.UTF-8" >/dev/null 2>&1 ||
		[ -f "$tmp/loc/zh_CN.UTF-8/LC_CTYPE" ] || skip_all "localedef could not make zh_CN.UTF-8"
	LOCPATH=$tmp/loc
	export LOCPATH
fi
mkdir -p "$tmp/msgs/zh_CN/LC_MESSAGES"
msgfmt -o "$tmp/msgs/zh_CN/LC_MESSAGES/rocescope.mo" "$top_srcdir/po/zh_CN.po" ||
	skip_all "msgfmt cannot compile po/zh_CN.po"
ROCESCOPE_LOCALEDIR=$tmp/msgs
export ROCESCOPE_LOCALEDIR
ZH=LANG=zh_CN.UTF-8
PCAP=$top_srcdir/tests/fixtures/pcaps/linlinw5-rdma_ib_tutorial/rdma_cm.pcap
REC=$top_srcdir/tests/fixtures/recordings/demo-v1.rsrec
PASTE=$top_srcdir/tests/fixtures/explain/pasted.log
# Chinese characters (CJK Unified Ideographs, UTF-8 E4-E9 lead bytes).
CJK=$(printf '[\344-\351][\200-\277][\200-\277]')

plan 13

# zh LANG CMD...: stdout to $tmp/out, stderr to $tmp/err, the exit code in rc.
zh() {
	_l=$1
	shift
	env LANG="$_l" "$R" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}

zh zh_CN.UTF-8 explain --list
sed -n 1,2p "$tmp/out" | grep -q '\[控制通道\]$' && sed -n 2p "$tmp/out" | LC_ALL=C grep -q "$CJK" &&
	! LC_ALL=C grep -q '\[control-channel\]' "$tmp/out"
ok $? "explain --list: each entry's class and meaning in Chinese"
zh C --json explain --list
cp "$tmp/out" "$tmp/json.C"
zh zh_CN.UTF-8 --json explain --list
cmp -s "$tmp/json.C" "$tmp/out" && grep -q '"class": *"control-channel"' "$tmp/out"
ok $? "explain --list --json: LANG=C's bytes in zh_CN.UTF-8 (the class stays English)"

zh zh_CN.UTF-8 capture -r "$PCAP" --summary
grep -q '^RoCE v2?  通过  ' "$tmp/out" && grep -q '^线路      警告  ' "$tmp/out" &&
	! grep -Eq 'PASS|WARN|^wire' "$tmp/out" && grep -q '^文件结束，共 96 个报文$' "$tmp/out"
ok $? "capture -r: the verdicts, the wire's label and the end of the file in Chinese"

zh zh_CN.UTF-8 --replay "$REC" counters
grep -q '^    失败 pci\.link_degraded ' "$tmp/out" && ! grep -Eq '^    (FAIL|WARN) ' "$tmp/out" &&
	grep -q '^基线：第 1 个采样' "$tmp/out"
ok $? "a replay's problems: the verdict column and the baseline line in Chinese"

zh zh_CN.UTF-8 --demo qps
grep -q '^    RTS，PSN 在前进；对端 QP 7100；192\.168\.100\.2:50001 -> ' "$tmp/out" &&
	grep -q '^    ERR 已 [0-9]* 秒' "$tmp/out" && ! grep -Eq 'PSNs moving|ERR for' "$tmp/out"
ok $? "qps: each QP's status in Chinese, one sentence"

zh zh_CN.UTF-8 help bw
grep -q '^  -s, --size BYTES       消息大小' "$tmp/out" &&
	! grep -Eq '^  (-., )?--[a-z-]+( [A-Z]+)? +[a-z]+ [a-z]' "$tmp/out"
ok $? "bw --help: every option's help in Chinese (the shared perftest ones too)"
grep -q '^全局选项：--json、--help$' "$tmp/out"
ok $? "bw --help: the global options one Chinese list (no ASCII '--json, ')"

zh zh_CN.UTF-8 check --bogus=1
c_rc=$(env LANG=C "$R" check --bogus=1 >/dev/null 2>&1; echo $?)
[ "$(cat "$tmp/err")" = "rocescope：check：未知选项 '--bogus'（见 rocescope help check）" ] &&
	[ "$rc" = "$c_rc" ]
ok $? "a bad option: one Chinese sentence (the command and the option in it), LANG=C's exit code"
zh zh_CN.UTF-8 -Z
[ "$(cat "$tmp/err")" = "rocescope：未知选项 -Z（见 rocescope --help）" ]
ok $? "a bad option before the command: one Chinese sentence"

zh zh_CN.UTF-8 --demo check --tree first-time-setup --peer 192.168.100.20
grep -q '^rocescope：正在向 192\.168\.100\.20 运行延迟测试（演示主机回放一次实验室运行）\.\.\.$' "$tmp/err" &&
	! grep -q 'the demo replays' "$tmp/err"
ok $? "check --tree: the demo's test line in Chinese, the kind of test translated"

# The console: the explain view and a question's prompt.
c_seen=$(env LANG=C "$R" explain - <"$PASTE" | sed -n 's/^\([0-9]*\) of \([0-9]*\) lines recognised.*/\1\/\2/p')
start zh $ZH "ROCESCOPE_LOCALEDIR=$tmp/msgs" ${LOCPATH:+"LOCPATH=$LOCPATH"} -- --demo
wait_text zh ' 1 概览'
keys zh e
wait_text zh '解释日志：粘贴到这里，然后按 Ctrl-D'
T load-buffer -b zhpaste "$PASTE"
T paste-buffer -p -b zhpaste -t zh
keys zh C-d
wait_text zh "explain：已识别 $c_seen 行"
ok $? "explain view: the recognised lines of all, in that order ($c_seen, as LANG=C counts them)"
keys zh Escape e
wait_text zh '解释日志：粘贴到这里'
keys zh -l 'ib_log.c:246  UCX  ERROR mlx5_0: ibv_create_cq() failed: Cannot allocate memory. Please set max locked memory (ulimit -l) to unlimited (current: 64 kbytes)'
keys zh Enter C-d
wait_text zh '解释：#1 是 锁定内存；Enter 在向导中运行 large-message-crash'
ok $? "explain view: the first cause's class in Chinese"
keys zh Escape p
wait_for zh '^ 对端 IP：  '
ok $? "a question's prompt ends with a Chinese colon"
exit $rs_failed
