#!/bin/bash
# SPDX-License-Identifier: MIT
# test_completion.sh - the bash completion (src/cli/rocescope.bash) driven
# as bash does it: bash-completion loaded, the script sourced, COMP_WORDS /
# COMP_CWORD / COMP_LINE set, the function that `complete -p rocescope`
# names called, COMPREPLY read.  The commands and options expected come
# from the program's own --help and `help CMD`, so a new command is
# checked without editing this test.  Argument kinds that no command takes
# yet (RDMA device, network interface, wizard tree, -r/-w files of a
# capture) are driven through a stub whose help adds such options.
. "$top_srcdir/tests/lib.sh"

BC=/usr/share/bash-completion/bash_completion
[ -r "$BC" ] || skip_all "bash-completion is not installed ($BC)"
COMPLETION=$top_builddir/src/cli/rocescope.bash
T=$(mktemp -d "${TMPDIR:-/tmp}/rs-comp-$$.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT

# rocescope on PATH, as a user has it.
mkdir -p "$T/bin" "$T/stub"
ln -s "$ROCESCOPE" "$T/bin/rocescope"
PATH=$T/bin:$PATH
. "$BC" >/dev/null 2>&1
. "$COMPLETION"

# comp LINE: complete at the end of LINE (a trailing space starts a new
# word); prints the candidates sorted, one per line.
comp() {
	local line=$1 fn
	read -r -a COMP_WORDS <<<"$line"
	[[ $line == *" " ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMP_LINE=$line
	COMP_POINT=${#line}
	COMPREPLY=()
	fn=$(complete -p rocescope | sed -n 's/.*-F \([^ ]*\) .*/\1/p')
	"$fn" rocescope "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
	printf '%s\n' "${COMPREPLY[@]}" | sed '/^$/d' | sort
}

# The help's commands and long options, read independently of the script.
help_cmds() {
	rocescope --help | awk '/^Commands:/ { c = 1; next } /^$/ { c = 0 } c { print $1 }' | sort
}
long_opts() { sed 's/(no --[a-z0-9-]*)//g' | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u; }
# The long options of `help CMD`, and those of the short options it gives
# alone ("[-o FILE]"), looked up in --help.
cmd_opts() {
	rocescope help "$1" | long_opts
	for s in $(rocescope help "$1" | grep -oE -- '(^|[[ (|])-[A-Za-z0-9]([] ,)]|$)' | tr -d '[](|), '); do
		# The command's own letter wins over the global one (main.c).
		rocescope help "$1" | grep -qE -- "^ +$s, --" && continue
		rocescope --help | grep -oE -- "^ +$s, --[a-z][a-z0-9-]*" | sed 's/.* //'
	done
}

complete -p rocescope 2>/dev/null | grep -q -- '-F _rocescope rocescope$'
ok $? "complete -p rocescope names the function _rocescope"

# --- commands and options, from the help ------------------------------------
[ "$(comp 'rocescope ')" = "$(help_cmds)" ] && [ -n "$(help_cmds)" ]
ok $? "rocescope <TAB>: every command of --help ($(echo $(help_cmds)))"
[ "$(comp 'rocescope g')" = gids ]
ok $? "rocescope g<TAB>: gids"
[ "$(comp 'rocescope help ')" = "$(help_cmds)" ]
ok $? "rocescope help <TAB>: the commands"
[ "$(comp 'rocescope --')" = "$(rocescope --help | long_opts)" ]
ok $? "rocescope --<TAB>: every long option of --help"
[ "$(comp 'rocescope --demo --json ch')" = check ]
ok $? "options before the command are skipped: --demo --json ch<TAB>"
[ "$(comp 'rocescope --load x.yaml d')" = devices ]
ok $? "an option's argument is not taken for the command: --load x.yaml d<TAB>"
bad=
for c in $(help_cmds); do
	[ "$c" = help ] && continue
	[ "$(comp "rocescope $c --")" = "$(cmd_opts "$c" | sort -u)" ] || bad="$bad $c"
done
[ -z "$bad" ]
ok $? "rocescope CMD --<TAB>: the long options of 'help CMD', for every command${bad:+ (wrong:$bad)}"
[ -z "$(comp 'rocescope gids --inter')" ] && [ "$(comp 'rocescope counters --inter')" = --interval ] &&
	[ -z "$(comp 'rocescope snapshot --js')" ]
ok $? "an option that does not apply is not offered (gids --inter, snapshot --js<TAB>)"

# --- files and directories ----------------------------------------------------
mkdir -p "$T/work/sub" && touch "$T/work/host.yaml" "$T/work/other.txt"
cd "$T/work" || exit 1
[ "$(comp 'rocescope --load ')" = "$(printf 'host.yaml\nother.txt\nsub')" ]
ok $? "--load <TAB>: files"
[ "$(comp 'rocescope -l h')" = host.yaml ]
ok $? "-l h<TAB>: files"
[ "$(comp 'rocescope --load=h')" = host.yaml ]
ok $? "--load=h<TAB>: files"
[ "$(comp 'rocescope snapshot -o ')" = "$(printf 'host.yaml\nother.txt\nsub')" ]
ok $? "snapshot -o <TAB>: files"
[ "$(comp 'rocescope snapshot --output o')" = other.txt ]
ok $? "snapshot --output o<TAB>: files"
[ "$(comp 'rocescope --root ')" = sub ]
ok $? "--root <TAB>: directories only"
[ -z "$(comp 'rocescope counters --interval ')" ] && [ -z "$(comp 'rocescope --peer ')" ]
ok $? "--interval, --peer <TAB>: nothing to guess"
cd "$T" || exit 1

# --- devices, interfaces, trees: a stub with the options to come ---------------
cat >"$T/stub/rocescope" <<EOF
#!/bin/sh
case "\$*" in
--help) "$ROCESCOPE" --help | sed '/^Commands:/a\\
  bw        bandwidth test\\
  capture   RoCE v2 capture' ;;
"help bw") printf '%s\n' 'Usage: rocescope bw [OPTIONS] [PEER]' \\
	'  -d, --device DEV      the RDMA device' \\
	'  -I, --netdev NETDEV   the interface' ;;
*) exec "$ROCESCOPE" "\$@" ;;
esac
EOF
chmod +x "$T/stub/rocescope"
PATH=$T/stub:$PATH
FIX=$top_srcdir/tests/fixtures
[ "$(comp "rocescope --root $FIX/roce-cx5 bw -d ")" = "$(printf 'mlx5_0\nmlx5_1')" ]
ok $? "bw -d <TAB>: RDMA devices of --root DIR (/sys/class/infiniband)"
[ "$(comp "rocescope --root=$FIX/roce-broken bw --device m")" = "$(printf 'mlx4_0\nmlx5_2')" ]
ok $? "bw --device m<TAB>: RDMA devices of --root=DIR"
[ "$(comp "rocescope --root $FIX/roce-cx5 bw -I ens1f0")" = "$(printf 'ens1f0np0\nens1f0np0.100')" ]
ok $? "bw -I ens1f0<TAB>: network interfaces (/sys/class/net)"
ls /sys/class/net | sort >"$T/netdevs"
[ "$(comp 'rocescope capture -i ')" = "$(cat "$T/netdevs")" ] && [ -s "$T/netdevs" ]
ok $? "capture -i <TAB>: this host's interfaces ($(echo $(cat "$T/netdevs")))"
[ "$(comp "rocescope --root $FIX/roce-cx5 capture -d ")" = "$(printf 'mlx5_0\nmlx5_1')" ]
ok $? "capture -d <TAB>: RDMA devices (the help's RDMA_DEV)"
mkdir -p "$T/data/trees" "$T/pcap"
for t in connection-failure low-bandwidth large-message-crash first-time-setup; do
	touch "$T/data/trees/$t.yaml"
done
_rocescope_datadir=$T/data
[ "$(comp 'rocescope check --tree ')" = "$(printf 'connection-failure\nfirst-time-setup\nlarge-message-crash\nlow-bandwidth')" ]
ok $? "check --tree <TAB>: the installed trees"
[ "$(comp 'rocescope check --tree l')" = "$(printf 'large-message-crash\nlow-bandwidth')" ]
ok $? "check --tree l<TAB>: the trees starting with l"
touch "$T/pcap/a.pcap" && cd "$T/pcap" || exit 1
[ "$(comp 'rocescope capture -r ')" = a.pcap ] && [ "$(comp 'rocescope capture -w ')" = a.pcap ] &&
	[ "$(comp 'rocescope check --profile ')" = a.pcap ]
ok $? "capture -r/-w, check --profile <TAB>: files"
[ "$(comp 'rocescope -r ')" = "" ] && mkdir d && [ "$(comp 'rocescope -r ')" = d ] &&
	[ "$(comp 'rocescope gids -r ')" = d ]
ok $? "-r <TAB> before a command, or after one without its own -r, is --root: directories"

plan "$rs_n"
