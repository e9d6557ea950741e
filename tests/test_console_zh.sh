#!/bin/sh
# SPDX-License-Identifier: MIT
#
# test_console_zh.sh - the console in Simplified Chinese (LANG=zh_CN.UTF-8)
# on the demo host, in tmux at 80x24 and at 120x40: every pane, the help,
# the explain view.  For each screen:
#   - it is the terminal's size: no line wider than the terminal in display
#     columns (GNU wc -L counts a CJK character as two), the status bar on
#     the last row (nothing wrapped);
#   - no U+FFFD and no broken UTF-8 (iconv reads it whole);
#   - the column headings start at the display column of the values under
#     them (Overview, GIDs, Counters, Capture, QPs);
#   - it is the golden screen tests/fixtures/console-zh/PANE-WxH.txt.
# The demo's counters move every second and its capture replays at its
# own pace: the console is frozen (f) and the capture paused (Space, once
# its second pass began: every frame seen) before a screen is read, and the golden comparison masks what still
# depends on when that happened: numbers become '#', a sparkline one
# block, the packet list one line.
#
# RS_UPDATE_GOLDEN=1 writes the goldens instead of comparing them (each
# screen's other assertions still run).  The catalogue: $ROCESCOPE_LOCALEDIR
# when it is set, else the build tree's po/zh_CN.gmo, else po/zh_CN.po
# compiled with msgfmt; without any, or without a zh_CN.UTF-8 locale (made
# with localedef when the system has none), the test skips and says why.
. "${top_srcdir:-.}/tests/lib.sh"
. "$top_srcdir/tests/console_lib.sh"
sock=rszh$$	# its own tmux server: console_lib's T uses $sock

LC_ALL=C grep -q bindtextdomain "$ROCESCOPE" || skip_all "rocescope is built without NLS"
command -v iconv >/dev/null 2>&1 || skip_all "iconv is not installed"

# The zh_CN.UTF-8 locale: the system's, or one made here.
need_zh_locale "$tmp/loc"

# The catalogue, as DIR/zh_CN/LC_MESSAGES/rocescope.mo.
if [ -z "${ROCESCOPE_LOCALEDIR:-}" ]; then
	ROCESCOPE_LOCALEDIR=$tmp/cat
	mkdir -p "$tmp/cat/zh_CN/LC_MESSAGES"
	mo=$tmp/cat/zh_CN/LC_MESSAGES/rocescope.mo
	if [ -f "${top_builddir:-.}/po/zh_CN.gmo" ]; then
		cp "$top_builddir/po/zh_CN.gmo" "$mo"
	elif [ -f "$top_srcdir/po/zh_CN.po" ]; then
		command -v msgfmt >/dev/null 2>&1 || skip_all "po/zh_CN.po but no msgfmt"
		msgfmt -o "$mo" "$top_srcdir/po/zh_CN.po" || skip_all "msgfmt cannot compile po/zh_CN.po"
	else
		skip_all "no zh_CN catalogue (neither po/zh_CN.gmo in the build tree nor po/zh_CN.po)"
	fi
fi
export ROCESCOPE_LOCALEDIR

golden_dir=$top_srcdir/tests/fixtures/console-zh
zh="LANG=zh_CN.UTF-8 LC_ALL= LANGUAGE= ${LOCPATH:+LOCPATH=$LOCPATH} ROCESCOPE_LOCALEDIR=$ROCESCOPE_LOCALEDIR"

# start_zh NAME W H: the demo console in Chinese in a W x H session.
# Each size gets its own session, started before the last size's is
# killed: killing a server's last session makes it exit, and a new-session
# that reaches it while it exits is lost with it ("server exited
# unexpectedly"), however long the test then waits.
start_zh() {
	T new-session -d -s "$1" -x "$2" -y "$3" \
		"sh -c 'ulimit -c 0; exec env $zh $ROCESCOPE --demo'; echo EXITED \$?; sleep 600"
}

# The display width of the widest line, the lines, and the display column
# where TEXT starts in the first line holding MATCH (-1: none).
max_width() { LC_ALL=C.UTF-8 wc -L <"$tmp/screen"; }
col_of() { # col_of MATCH TEXT
	_l=$(LC_ALL=C grep -F -m1 -- "$1" "$tmp/screen") || { echo -1; return; }
	case $_l in *"$2"*) ;; *) echo -1; return ;; esac
	printf '%s' "${_l%%"$2"*}" | LC_ALL=C.UTF-8 wc -L
}
# aligned HEADMATCH HEAD ROWMATCH VALUE: the heading and the value start
# at the same display column
aligned() {
	_h=$(col_of "$1" "$2")
	_v=$(col_of "$3" "$4")
	[ "$_h" -ge 0 ] && [ "$_h" = "$_v" ] && return 0
	diag "'$2' at column $_h, '$4' under it at column $_v"
	return 1
}

# What still moves, masked for the goldens (see the top of the file).
# The capture's packet lines become one line, its opcodes (ordered by
# their counts) the heading alone.
mask() {
	sed -E -e 's/ +$//' -e 's/[▁▂▃▄▅▆▇█]+/▁/g' -e 's/0x[0-9a-f]+/#/g' \
		-e 's/[0-9]+/#/g' -e 's/#[#.,:kMGx%+~!/-]*/#/g' -e 's/ +#/ #/g' "$@" |
		awk '/ dscp / { if (!p++) print " (packets)"; next }
		     /(Acknowledge|SEND|WRITE|READ)/ { print " " $1 " (opcodes)"; next }
		     { print }'
}

# check_screen LABEL W H: the assertions on $tmp/screen for one screen.
check_screen() {
	_w=$(max_width)
	[ "$_w" -le "$2" ] && [ "$(wc -l <"$tmp/screen")" -eq "$3" ] &&
		LC_ALL=C grep -q '^ demo-roce-01 ' "$tmp/screen" &&
		[ "$(tail -1 "$tmp/screen" | cut -c1-13)" = " demo-roce-01" ]
	ok $? "$1 ${2}x$3: fits (widest line $_w columns), the status bar on the last row"
	! LC_ALL=C grep -q "$(printf '\357\277\275')" "$tmp/screen" &&
		iconv -f UTF-8 -t UTF-8 "$tmp/screen" >/dev/null 2>&1
	ok $? "$1 ${2}x$3: no U+FFFD, no broken character"
	_g=$golden_dir/$1-${2}x$3.txt
	mask "$tmp/screen" >"$tmp/masked"
	if [ -n "${RS_UPDATE_GOLDEN:-}" ]; then
		mkdir -p "$golden_dir" && cp "$tmp/masked" "$_g"
		ok $? "$1 ${2}x$3: golden written ($_g)"
	else
		cmp -s "$_g" "$tmp/masked"
		_r=$?
		[ $_r -eq 0 ] || { diff "$_g" "$tmp/masked" | sed 's/^/# /'; }
		ok $_r "$1 ${2}x$3: the golden screen"
	fi
}

# not_drawn LABEL N: a screen never came: its N assertions fail (the plan
# still holds, and each says which screen it was).
not_drawn() {
	_i=0
	while [ $_i -lt "$2" ]; do
		ok 1 "$1: not drawn"
		_i=$((_i + 1))
	done
}

# show NAME KEY PATTERN: press KEY and wait until PATTERN is on a screen
# that stays (drawn whole).
show() {
	keys "$1" "$2"
	wait_until "$1" shown "$1" "$3"
}
shown() { has "$2" && settled "$1"; }

# panes: key, golden name, what says it is drawn (grep -E)
panes='1 overview 端口（2）
2 devices RDMA.设备和端口
3 gids 的.GID.表
4 counters 的计数器
5 network RDMA.接口
6 host 内核模块
7 wizard 排查树（Enter.运行）
8 capture 已暂停
9 tests 还没有测试
0 qps 队列对：显示'

plan 88

prev=
for size in 80x24 120x40; do
	W=${size%x*}
	H=${size#*x}
	s=zh$W
	start_zh "$s" "$W" "$H" && wait_for "$s" '^ 1 概览'
	ok $? "$size: the console starts in Chinese (the tab bar)"
	[ -z "$prev" ] || T kill-session -t "$prev"
	prev=$s
	keys "$s" f
	wait_text "$s" '已冻结'
	ok $? "$size: f freezes the counters (the status bar says so)"
	while read -r key name what; do
		if [ "$name" = capture ]; then
			# from its second pass on, every frame of the replay
			# has been seen: the same flows and verdicts every run
			keys "$s" 8
			wait_text "$s" '遍' && keys "$s" Space
		else
			keys "$s" "$key"
		fi
		if ! wait_until "$s" shown "$s" "$what"; then
			case $name in
			overview | gids | counters | capture | qps)
				not_drawn "$name $size" 4 ;;
			*)	not_drawn "$name $size" 3 ;;
			esac
			continue
		fi
		check_screen "$name" "$W" "$H"
		case $name in
		overview)
			aligned '链路/PCIe' '端口' 'mlx5_0/1' 'mlx5_0/1' &&
				aligned '链路/PCIe' '状态' 'mlx5_0/1' 'ACTIVE' &&
				aligned '链路/PCIe' '链路/PCIe' 'mlx5_0/1' '100/63~'
			ok $? "overview $size: headings over their values" ;;
		gids)
			aligned '类型' '类型' ' 3  RoCE v2' 'RoCE v2' &&
				aligned '类型' 'netdev' ' 3  RoCE v2' 'ens1f0np0' &&
				aligned '类型' '地址' ' 3  RoCE v2' '192.168.100.1'
			ok $? "gids $size: headings over their values" ;;
		counters)
			aligned '来源' '计数器' 'port_rcv_data' 'port_rcv_data' &&
				aligned '来源' '来源' 'port_rcv_data' 'cnt'
			ok $? "counters $size: headings over their values" ;;
		capture)
			aligned '目的 QP' '源' '0x0000' '10.' &&
				aligned '目的 QP' '目的 QP' '0x0000' '0x0000'
			ok $? "capture $size: headings over their values" ;;
		qps)
			aligned 'QPN' '设备/端口:QPN' 'mlx5_' 'mlx5_' &&
				aligned 'QPN' '状态' ' RTS ' 'RTS'
			ok $? "qps $size: headings over their values" ;;
		esac
	done <<EOF
$panes
EOF
	keys "$s" '?'
	if wait_until "$s" shown "$s" '^ 按键 +（Up/Down'; then
		check_screen help "$W" "$H"
	else
		not_drawn "help $size" 3
	fi
	keys "$s" q
	keys "$s" e
	if wait_until "$s" shown "$s" '解释日志：粘贴到这里'; then
		check_screen explain "$W" "$H"
	else
		not_drawn "explain $size" 3
	fi
	keys "$s" Escape Escape
	wait_all "$s" '^ 1 ' -- '解释日志'
	ok $? "$size: Esc Esc leaves the explain view"
done
