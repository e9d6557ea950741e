#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/lab/run.sh - run the Soft-RoCE lab: build (or reuse) the VM image,
# boot it under QEMU with no outside network, run the lab tests inside, and
# report their TAP plus one summary line "N passed, N failed, N skipped".
#
# Usage: run.sh [--rocescope PATH] [--bin PATH]... [--keep] [TEST.sh...]
#   TEST names are files in tests/lab/tests/ (one VM) or pair/NAME.sh for
#   tests/lab/pair/ (two VMs, docs/lab.md "Two hosts"); default: all, in
#   name order, the one-VM lab first.
#   --bin adds another program of the build to the guest's /usr/local/bin
#   (tests/probe_cli for 50-probes.sh); a test whose program is missing skips.
# Environment:
#   RS_LAB_CACHE     cache directory (default tests/lab/cache in the source)
#   RS_LAB_TIMEOUT   whole-VM wall clock limit in seconds (default 1800)
#   RS_LAB_TEST_TIMEOUT  per test file limit inside the VM (default 480)
#   RS_LAB_ACCEL     force "kvm" or "tcg" instead of probing
#   RS_LAB_QEMU      the qemu binary (default qemu-system-x86_64)
#   RS_LAB_REQUIRE=1 a lab that cannot start fails instead of skipping
# Exit: 0 all passed (or the lab was skipped), 1 any failure.
set -u -o pipefail

here=$(cd "$(dirname "$0")" && pwd)
rocescope=${ROCESCOPE:-}
keep=0
tests=()
bins=()
while [ $# -gt 0 ]; do
	case "$1" in
	--rocescope) rocescope=$2; shift 2 ;;
	--bin) bins+=("$2"); shift 2 ;;
	--keep) keep=1; shift ;;
	-h|--help) sed -n '2,/^set /p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) tests+=("$1"); shift ;;
	esac
done
cache=${RS_LAB_CACHE:-$here/cache}
vm_timeout=${RS_LAB_TIMEOUT:-1800}
test_timeout=${RS_LAB_TEST_TIMEOUT:-480}

t_start=$(date +%s.%N)
phase_t=$t_start
phase() { # phase NAME - print how long the phase that just ended took
	local now
	now=$(date +%s.%N)
	awk -v a="$phase_t" -v b="$now" -v n="$1" 'BEGIN { printf "lab: phase %-8s %6.1f s\n", n, b - a }'
	phase_t=$now
}
skipped_lab() {
	echo "lab: SKIP: $*"
	echo "0 passed, 0 failed, 1 skipped (lab could not start: $*)"
	[ "${RS_LAB_REQUIRE:-0}" = 1 ] && exit 1
	exit 0
}

qemu=${RS_LAB_QEMU:-qemu-system-x86_64}
command -v "$qemu" >/dev/null || skipped_lab "$qemu is not installed (apt-get install qemu-system-x86)"
command -v timeout >/dev/null || skipped_lab "timeout (coreutils) is missing"
[ -n "$rocescope" ] && [ -x "$rocescope" ] || skipped_lab "no rocescope binary (build it first, or pass --rocescope)"

# Phase 1: the base image (kernel, modules, Debian userspace).
img=$(bash "$here/build-image.sh" "$cache")
rc=$?
[ $rc = 77 ] && skipped_lab "image build: see the lab-image lines above"
[ $rc = 0 ] && [ -d "$img" ] || { echo "lab: image build failed (exit $rc)"; echo "0 passed, 1 failed, 0 skipped"; exit 1; }
phase image

# Phase 2: the overlay - /init, guest helpers, the tests and rocescope - as a
# second cpio the kernel unpacks over the base one.  Rebuilt every run (a few
# files) so edits to tests and a fresh rocescope always reach the guest.
run=$(mktemp -d "${TMPDIR:-/tmp}/rs-lab.XXXXXX")
qpids=()
cleanup_vms() {
	local qpid
	# Each VM's pid is timeout(1)'s, which passes TERM on to qemu; KILL only
	# if that was not enough.
	for qpid in ${qpids[@]+"${qpids[@]}"}; do
		kill -0 "$qpid" 2>/dev/null || continue
		kill -TERM "$qpid" 2>/dev/null
		for _ in 1 2 3 4 5 6; do
			kill -0 "$qpid" 2>/dev/null || break
			sleep 0.5
		done
		pkill -KILL -P "$qpid" 2>/dev/null
		kill -KILL "$qpid" 2>/dev/null
	done
	qpids=()
}
cleanup() {
	cleanup_vms
	[ $keep = 1 ] && echo "lab: kept $run" || rm -rf "$run"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

ov="$run/overlay"
mkdir -p "$ov/usr/local/bin" "$ov/lab-guest" "$ov/lab-tests" "$run/share/out"
cp "$here/guest/init" "$ov/init"
cp "$here/guest/"*.sh "$ov/lab-guest/"
cp "$here/tests/"*.sh "$ov/lab-tests/"
mkdir -p "$ov/lab-tests/pair"
cp "$here/pair/"*.sh "$ov/lab-tests/pair/" 2>/dev/null
cp "$rocescope" "$ov/usr/local/bin/rocescope"
chmod 755 "$ov/init" "$ov/usr/local/bin/rocescope"
progs=(usr/local/bin/rocescope)
for b in ${bins[@]+"${bins[@]}"}; do
	[ -x "$b" ] || { echo "lab: --bin $b: no such program (build it first)"; continue; }
	cp "$b" "$ov/usr/local/bin/" && progs+=("usr/local/bin/$(basename "$b")")
done
# Their libraries must come from the image; check before booting.
if [ ! -s "$img/sonames" ] ||
	! SONAMES_HAVE="$img/sonames" bash "$here/soname-check.sh" "$ov" "${progs[@]}"; then
	echo "lab: ${progs[*]#usr/local/bin/} need a library the image lacks (add its package to build-image.sh)"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi
(cd "$ov" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) | gzip -1 >"$run/overlay.cpio.gz"
cat "$img/base.cpio.gz" "$run/overlay.cpio.gz" >"$run/initrd.gz"
# The run keeps its own kernel: another run sharing the cache may replace
# the image while this one still has a VM to boot.
cp "$img/vmlinuz" "$run/vmlinuz"
kver=$(cat "$img/kver")

# The one-VM tests are tests/lab/tests/NAME.sh, the two-host ones
# tests/lab/pair/NAME.sh, named pair/NAME.sh.
if [ ${#tests[@]} = 0 ]; then
	for f in "$here/tests/"*.sh; do tests+=("$(basename "$f")"); done
	for f in "$here/pair/"*.sh; do [ -f "$f" ] && tests+=("pair/$(basename "$f")"); done
fi
single=() pair=()
for t in "${tests[@]}"; do
	case $t in
	pair/*) [ -f "$here/$t" ] || { echo "lab: no such lab test: $t"; exit 1; }
		pair+=("${t#pair/}") ;;
	*) [ -f "$here/tests/$t" ] || { echo "lab: no such lab test: $t"; exit 1; }
		single+=("$t") ;;
	esac
done
mkdir -p "$run/pshare/out" "$run/pshare/req"
{
	echo "RS_TESTS=\"${single[*]}\""
	echo "RS_TEST_TIMEOUT=$test_timeout"
} >"$run/share/job.conf"
{
	echo "RS_PAIR_TESTS=\"${pair[*]}\""
	echo "RS_TEST_TIMEOUT=$test_timeout"
} >"$run/pshare/job.conf"
phase overlay

# Phase 3: boot.  KVM only when the CPU advertises vmx/svm and /dev/kvm
# opens: on these machines /dev/kvm may exist without them and a KVM guest
# then hangs in early boot (LAB.md).
accel=${RS_LAB_ACCEL:-}
if [ -z "$accel" ]; then
	accel=tcg
	if grep -qwE 'vmx|svm' /proc/cpuinfo && (exec 9<>/dev/kvm) 2>/dev/null; then
		accel=kvm
	fi
fi
# qopts SMP MEM - the accelerator's options for one VM
qopts() {
	if [ "$accel" = kvm ]; then
		echo "-accel kvm -cpu host -smp $1 -m $2"
	else
		echo "-accel tcg,thread=multi -cpu max -smp $1 -m $2"
	fi
}
qemu_run() { # qemu_run CONSOLE SHARE CMDLINE ARGS... - one VM in the background
	local con=$1 share=$2 cmdline=$3
	shift 3
	timeout -s KILL "$vm_timeout" "$qemu" "$@" -nographic -no-reboot \
		-kernel "$run/vmlinuz" -initrd "$run/initrd.gz" \
		-append "console=ttyS0 quiet loglevel=4 panic=-1 rdinit=/init $cmdline" \
		-virtfs "local,path=$share,mount_tag=lab,security_model=none,id=lab" \
		</dev/null >"$con" 2>&1 &
}
qemu_wait() { # wait for every VM started; their exit statuses in qrcs
	local p
	qrcs=()
	for p in "${qpids[@]}"; do
		wait "$p"
		qrcs+=($?)
	done
	qpids=()
}

if [ ${#single[@]} -gt 0 ]; then
	echo "lab: booting kernel $kver with $accel, ${#single[@]} test file(s), limit ${vm_timeout}s"
	# shellcheck disable=SC2046
	qemu_run "$run/console.log" "$run/share" "" $(qopts 2 2G) -nic none
	qpids=($!)
	# Show the guest's own progress lines live; the full log stays there.
	tail -n +1 -f --pid="${qpids[0]}" "$run/console.log" 2>/dev/null |
		grep --line-buffered -ao 'lab-guest:.*' &
	qemu_wait
	qrc=${qrcs[0]}
	wait 2>/dev/null
	phase boot+run
fi

# The two hosts: their wires are UDP sockets on 127.0.0.1 only (LAB.md),
# on ports free now (/proc/net/udp); A's QEMU joins its eth0, its eth2 and
# the wire in one hub.  One core and 1 GiB each.
udp_free() { ! awk -v p="$(printf '%04X' "$1")" 'NR > 1 { split($2, a, ":"); if (a[2] == p) f = 1 } END { exit !f }' /proc/net/udp /proc/net/udp6 2>/dev/null; }
pair_ports() {
	local b i
	for _ in 1 2 3 4 5 6 7 8; do
		b=$(( 20000 + (RANDOM % 2000) * 4 ))
		for i in 0 1 2 3; do udp_free $((b + i)) || continue 2; done
		echo "$b"
		return 0
	done
	return 1
}
pair_boot() {
	local b w="127.0.0.1" nic="virtio-net-pci,romfile="
	b=$(pair_ports) || { echo "lab: no free UDP ports on 127.0.0.1 for the two-host lab"; return 1; }
	echo "lab: booting two hosts (kernel $kver, $accel), ${#pair[@]} test file(s), wires on $w:$b-$((b + 3))"
	# shellcheck disable=SC2046
	qemu_run "$run/console-a.log" "$run/pshare" "rs_role=a" $(qopts 1 1G) -nic none \
		-netdev "socket,id=wire,udp=$w:$((b + 1)),localaddr=$w:$b" \
		-netdev hubport,id=hw,hubid=0,netdev=wire \
		-netdev hubport,id=d0,hubid=0 -device "$nic,netdev=d0,mac=52:54:00:99:00:01,addr=0x4" \
		-netdev "socket,id=mgmt,udp=$w:$((b + 3)),localaddr=$w:$((b + 2))" \
		-device "$nic,netdev=mgmt,mac=52:54:00:98:00:01,addr=0x5" \
		-netdev hubport,id=d2,hubid=0 -device "$nic,netdev=d2,mac=52:54:00:99:00:03,addr=0x6"
	qpids=($!)
	# shellcheck disable=SC2046
	qemu_run "$run/console-b.log" "$run/pshare" "rs_role=b" $(qopts 1 1G) -nic none \
		-netdev "socket,id=wire,udp=$w:$b,localaddr=$w:$((b + 1))" \
		-device "$nic,netdev=wire,mac=52:54:00:99:00:02,addr=0x4" \
		-netdev "socket,id=mgmt,udp=$w:$((b + 2)),localaddr=$w:$((b + 3))" \
		-device "$nic,netdev=mgmt,mac=52:54:00:98:00:02,addr=0x5"
	qpids+=($!)
	tail -n +1 -f --pid="${qpids[0]}" "$run/console-a.log" 2>/dev/null |
		grep --line-buffered -ao 'lab-guest:.*' | sed -u 's/^/[a] /' &
	# A ends the run; B halts when A tells it (the 9p request), or is
	# stopped 30 s after A.
	wait "${qpids[0]}"
	qrcs=($?)
	for _ in $(seq 60); do
		kill -0 "${qpids[1]}" 2>/dev/null || break
		sleep 0.5
	done
	qpids=("${qpids[1]}")
	cleanup_vms
	wait 2>/dev/null
}
if [ ${#pair[@]} -gt 0 ]; then
	pair_boot
	prc=${qrcs[0]:-1}
	phase pair
fi

# Phase 4: results.  Each test file's TAP is counted; a test file that was
# killed, exited non-zero or printed fewer results than its plan adds a
# failure, so a hang or crash can never look like a pass.
pass=0 fail=0 skip=0
# vm_failed OUT QRC CONSOLE WHAT - the VM did not finish, or its setup failed
vm_failed() {
	local out=$1 rc=$2 con=$3 what=$4 f
	if [ ! -f "$out/done" ]; then
		echo "not ok - the $what did not finish (qemu exit $rc; 137 = killed after ${vm_timeout}s)"
		fail=$((fail + 1))
		echo "lab: last console lines:"
		tail -n 30 "$con" | sed 's/^/  | /'
	fi
	for f in "$out"/setup*.rc; do
		[ -f "$f" ] && [ "$(cat "$f")" != 0 ] || continue
		echo "not ok - topology setup failed in the $what ($(basename "$f" .rc)):"
		sed 's/^/  | /' "${f%.rc}.log" | tail -n 30
		fail=$((fail + 1))
	done
}
# result OUT NAME - count one test file's TAP
result() {
	local out=$1 name=$2 counts p f s n plan rc t0 t1 dur
	echo "# --- $name"
	if [ ! -f "$out/$name.rc" ]; then
		if [ -f "$out/done" ] || [ -f "$out/$name.tap" ]; then
			echo "not ok - $name did not complete"
			fail=$((fail + 1))
		fi
		return
	fi
	cat "$out/$name.tap"
	counts=$(awk '
		/^1\.\.0/ && /# [Ss][Kk][Ii][Pp]/ { s++; n++; plan = 1; next }
		/^1\.\.[0-9]+/ { plan = substr($1, 4) + 0 }
		/^ok / && /# [Ss][Kk][Ii][Pp]/ { s++; n++; next }
		/^ok / { p++; n++; next }
		/^not ok / && /# TODO/ { n++; next }
		/^not ok / { f++; n++ }
		END { printf "%d %d %d %d %d\n", p, f, s, n, plan }' "$out/$name.tap")
	read -r p f s n plan <<<"$counts"
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
	rc=$(cat "$out/$name.rc")
	read -r t0 t1 <"$out/$name.time" 2>/dev/null || { t0=0; t1=0; }
	dur=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
	echo "# $name: exit $rc, $n result(s) of plan $plan, ${dur} s guest time"
	if [ "$rc" = 137 ]; then
		echo "not ok - $name killed after ${test_timeout}s"
		fail=$((fail + 1))
	elif [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		echo "not ok - $name exited $rc"
		fail=$((fail + 1))
	fi
	if [ "$n" != "$plan" ] && [ "$rc" != 137 ]; then
		echo "not ok - $name printed $n results for a plan of $plan"
		fail=$((fail + 1))
	fi
	if [ -s "$out/$name.err" ] && { [ "$rc" != 0 ] || [ "$f" != 0 ]; }; then
		echo "# $name stderr (last lines):"
		tail -n 15 "$out/$name.err" | sed 's/^/#   /'
	fi
}
if [ ${#single[@]} -gt 0 ]; then
	vm_failed "$run/share/out" "$qrc" "$run/console.log" VM
	for t in "${single[@]}"; do result "$run/share/out" "${t%.sh}"; done
fi
if [ ${#pair[@]} -gt 0 ]; then
	vm_failed "$run/pshare/out" "$prc" "$run/console-a.log" "two-host lab"
	for t in "${pair[@]}"; do result "$run/pshare/out" "pair-${t%.sh}"; done
fi
phase results
awk -v a="$t_start" -v b="$(date +%s.%N)" 'BEGIN { printf "lab: total %.1f s\n", b - a }'
echo "$pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
