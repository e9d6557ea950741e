#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/lab/build-image.sh - build the Soft-RoCE lab's kernel + base initramfs.
#
# The lab boots a Debian kernel (the one linux-image-amd64 points to) whose
# rdma_rxe module turns veth ends into RoCE v2 devices.  Everything comes from
# Debian packages fetched with `apt-get download` and unpacked with `dpkg -x`:
# nothing is installed on the host.  The result is cached under
# $RS_LAB_CACHE/image-<key>/ where <key> hashes the exact package versions and
# this script, so a second run only asks apt-cache for versions (about 1 s).
#
# Usage: build-image.sh CACHE_DIR
# Prints the image directory (holding vmlinuz, base.cpio.gz, kver) on stdout.
# Exit 77 with a reason on stderr when the image cannot be built here (no
# package, download refused): the caller reports the lab as skipped.
set -eu -o pipefail

cache=${1:?usage: build-image.sh CACHE_DIR}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$cache/debs"
cache=$(cd "$cache" && pwd)

say() { printf 'lab-image: %s\n' "$*" >&2; }
# Two lab runs sharing a cache (CI matrix, several worktrees) must not
# download into or build the same directory at once.
if command -v flock >/dev/null 2>&1; then
	exec 8>"$cache/.lock"
	flock 8
fi
cannot() { say "SKIP: $*"; exit 77; }

for t in apt-get apt-cache dpkg-deb depmod modprobe cpio gzip readelf sha256sum; do
	command -v "$t" >/dev/null 2>&1 || cannot "host tool '$t' is missing"
done

# Userspace wanted in the guest; tmux, ncurses-base (terminfo) and libc-bin
# (the C.UTF-8 locale, without which tmux 3.3 will not start) give the
# console test a real terminal; iputils' ping, arping and tracepath are the
# two-host lab's references (busybox ping has no -M do).  Their dependencies are resolved through
# apt-cache below; EXCLUDE drops what a booted initramfs never runs (package
# management, perl, PAM, debconf) - the soname check catches a wrong drop.
WANT="busybox-static kmod jq libibverbs1 ibverbs-providers librdmacm1 ibverbs-utils
perftest iproute2 tcpdump ethtool libcap2-bin bash coreutils libnl-3-200
libnl-route-3-200 libyaml-0-2 libncursesw6 libtinfo6 libpcap0.8 libpci3 tmux ncurses-base
libc-bin iputils-ping iputils-arping iputils-tracepath"
EXCLUDE="adduser base-files cdebconf debconf debianutils dpkg gawk original-awk
mawk init-system-helpers install-info libdebian-installer4 libnewt0.52
libslang2 libtextwrap1 libfile-find-rule-perl libnumber-compare-perl
libtext-glob-perl perl perl-base perl-modules-5.36 libperl5.36 libgdbm6
libgdbm-compat4 passwd libsemanage-common libsemanage2 libsepol2
libpam-modules libpam-modules-bin libpam0g pci.ids readline-common tar
usr-is-merged usrmerge libelogind0 libmpfr6 libsigsegv2 libpam-runtime
sensible-utils"
# Kernel modules wanted; their dependencies come from modules.dep.  The
# two-host lab adds the virtio NIC (virtio_net, with net_failover and
# failover) and the qdiscs, filters and actions of its hop (netem, tbf,
# prio, ingress; basic + meta match; gact drop).
MODULES="rdma_rxe veth dummy ib_core ib_uverbs ib_umad rdma_cm rdma_ucm ib_cm iw_cm
udp_tunnel ip6_udp_tunnel crc32_generic af_packet 9p 9pnet 9pnet_virtio
virtio_pci virtio_ring virtio virtio_net net_failover failover sch_netem sch_tbf
sch_prio sch_ingress cls_basic em_meta act_gact"

# Resolving versions costs apt-cache a few seconds on a loaded machine; the
# answer only changes when the apt lists or this script do, so remember it.
lists_sig=$( { cat "$0"; ls -l --time-style=+%s /var/lib/apt/lists/ 2>/dev/null; } |
	sha256sum | cut -c1-16)
resolved="$cache/resolved-$lists_sig"
if [ -s "$resolved" ]; then
	vers=$(cat "$resolved")
	kpkg=$(sed -n 's/^\(linux-image-[^=]*\)=.*/\1/p' "$resolved" | grep -v '^linux-image-amd64$' | head -n1)
else
	kpkg=$(apt-cache depends linux-image-amd64 2>/dev/null |
		awk '$1 == "Depends:" && $2 ~ /^linux-image-/ { print $2; exit }') ||
		true
	[ -n "$kpkg" ] || cannot "apt-cache knows no linux-image-amd64 (no Debian sources?)"

	pkgs=$(apt-cache depends --recurse --no-recommends --no-suggests \
		--no-conflicts --no-breaks --no-replaces --no-enhances $WANT 2>/dev/null |
		grep -v '^[ <]' | sort -u | grep -vxF -f <(printf '%s\n' $EXCLUDE)) ||
		cannot "apt-cache cannot resolve the package list"
	pkgs="$pkgs $kpkg"

	# pkg=version for each, in one apt-cache call.
	vers=$(apt-cache show --no-all-versions $pkgs 2>/dev/null |
		awk '/^Package:/ { p = $2 } /^Version:/ { print p "=" $2 }' | sort -u)
	n_want=$(echo $pkgs | wc -w)
	n_have=$(printf '%s\n' "$vers" | grep -c = || true)
	[ "$n_want" = "$n_have" ] || cannot "apt-cache show found $n_have of $n_want packages"
	rm -f "$cache"/resolved-*
	printf '%s\n' "$vers" >"$resolved"
fi

key=$( { printf '%s\n' "$vers"; cat "$0" "$here/soname-check.sh"; } | sha256sum | cut -c1-16)
img="$cache/image-$key"
if [ -s "$img/base.cpio.gz" ] && [ -s "$img/vmlinuz" ] && [ -s "$img/sonames" ]; then
	say "cached image $img"
	touch "$img"	# in use: the newest stay (below)
	echo "$img"
	exit 0
fi

# deb file name for pkg=version: the epoch colon is URL-encoded by apt.
deb_of() {
	local p=${1%%=*} v=${1#*=}
	v=${v//:/%3a}
	ls "$cache/debs/${p}_${v}_"*.deb 2>/dev/null | head -n1
}

missing=""
for pv in $vers; do
	[ -n "$(deb_of "$pv")" ] || missing="$missing $pv"
done
if [ -n "$missing" ]; then
	say "downloading$(echo $missing | wc -w | sed 's/^/ /') packages"
	# apt drops to the _apt user for downloads; as root in a cwd _apt cannot
	# write, that fails, so keep the download as the calling user.
	(cd "$cache/debs" && apt-get download -q -o APT::Sandbox::User="$(id -un)" \
		$missing >&2) || cannot "apt-get download failed (no network to the Debian mirror?)"
fi

t0=$(date +%s)
work=$(mktemp -d "$cache/build.XXXXXX")
trap 'rm -rf "$work"' EXIT
tree="$work/tree"
mkdir -p "$tree"

# Kernel: unpack once per version (about 400 MB), then take only what we need.
kver_pkg=${kpkg#linux-image-}
kdir="$cache/kernel-$(deb_of "$(printf '%s\n' "$vers" | grep "^$kpkg=")" | sha256sum | cut -c1-12)"
if [ ! -d "$kdir/lib/modules" ]; then
	say "unpacking $kpkg"
	rm -rf "$kdir.tmp"
	dpkg-deb -x "$(deb_of "$(printf '%s\n' "$vers" | grep "^$kpkg=")")" "$kdir.tmp"
	# The package ships no modules.dep: its postinst runs depmod.
	depmod -b "$kdir.tmp" "$(ls "$kdir.tmp/lib/modules" | head -n1)"
	mv "$kdir.tmp" "$kdir"
fi
kver=$(ls "$kdir/lib/modules" | head -n1)
[ -n "$kver" ] && [ -f "$kdir/boot/vmlinuz-$kver" ] || cannot "kernel package $kpkg has no vmlinuz/modules"
[ "$kver" = "$kver_pkg" ] || say "note: package $kpkg holds kernel $kver"

# Userspace packages.
for pv in $vers; do
	case "$pv" in "$kpkg="*) continue ;; esac
	dpkg-deb -x "$(deb_of "$pv")" "$tree"
done
rm -rf "$tree/usr/share/doc" "$tree/usr/share/man" "$tree/usr/share/info" \
	"$tree/usr/share/locale" "$tree/usr/share/lintian" "$tree/usr/share/bash-completion"
# iconv modules and tc's ATM plugin (needs libatm) are never used in the lab.
rm -rf "$tree/usr/lib/x86_64-linux-gnu/gconv" "$tree/usr/lib/x86_64-linux-gnu/tc/q_atm.so"

# Modules and their dependencies, resolved by the host's modprobe against the
# package's own modules.dep.
mods=""
for m in $MODULES; do
	out=$(modprobe -d "$kdir" -S "$kver" --show-depends "$m" 2>&1) ||
		cannot "modprobe cannot resolve module $m: $out"
	mods="$mods
$out"
done
mkdir -p "$tree/lib/modules/$kver"
printf '%s\n' "$mods" | awk '$1 == "insmod" { print $2 }' | sort -u |
while read -r ko; do
	rel=${ko#"$kdir"/}
	mkdir -p "$tree/$(dirname "$rel")"
	cp "$ko" "$tree/$rel"
done
for f in modules.builtin modules.builtin.modinfo modules.order; do
	[ -f "$kdir/lib/modules/$kver/$f" ] && cp "$kdir/lib/modules/$kver/$f" "$tree/lib/modules/$kver/"
done
depmod -b "$tree" "$kver"
n_ko=$(find "$tree/lib/modules" -name '*.ko*' | wc -l)

# busybox applets for every command no package provides.
bb="$tree/bin/busybox"
[ -x "$bb" ] || cannot "busybox-static did not unpack /bin/busybox"
have_cmd() {
	local d
	for d in bin sbin usr/bin usr/sbin; do
		[ -e "$tree/$d/$1" ] || [ -L "$tree/$d/$1" ] && return 0
	done
	return 1
}
for a in $("$bb" --list-full); do
	have_cmd "$(basename "$a")" && continue
	mkdir -p "$tree/$(dirname "$a")"
	ln -s /bin/busybox "$tree/$a"
done

# Minimal /etc a root shell, capsh and a non-root test user need.
mkdir -p "$tree/etc" "$tree/proc" "$tree/sys" "$tree/dev" "$tree/tmp" \
	"$tree/run" "$tree/lab" "$tree/root" "$tree/var/run"
cat >"$tree/etc/passwd" <<'EOF'
root:x:0:0:root:/root:/bin/bash
lab:x:1000:1000:lab user:/tmp:/bin/bash
nobody:x:65534:65534:nobody:/nonexistent:/bin/false
EOF
cat >"$tree/etc/group" <<'EOF'
root:x:0:
lab:x:1000:
nogroup:x:65534:
EOF
printf '127.0.0.1 localhost\n10.99.0.1 lab0\n10.99.0.2 lab1\n' >"$tree/etc/hosts"
ldconfig -r "$tree" 2>/dev/null || say "note: ldconfig -r failed; relying on default paths"

# Every NEEDED soname of every ELF file must resolve inside the tree.
bash "$here/soname-check.sh" "$tree" || cannot "initramfs tree is missing shared libraries (see above)"

mkdir -p "$work/out"
cp "$kdir/boot/vmlinuz-$kver" "$work/out/vmlinuz"
bash "$here/soname-check.sh" --list "$tree" >"$work/out/sonames"
echo "$kver" >"$work/out/kver"
printf '%s\n' "$vers" >"$work/out/packages"
(cd "$tree" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) | gzip -1 >"$work/out/base.cpio.gz"
rm -rf "$img"
mv "$work/out" "$img"
# Older images only waste space (about 23 MB each); the two newest stay, so
# branches sharing a cache with another package list do not rebuild in turn.
ls -dt "$cache"/image-* 2>/dev/null | tail -n +3 | while read -r old; do
	[ "$old" = "$img" ] || rm -rf "$old"
done
say "built $img: kernel $kver, $n_ko modules, $(echo $vers | wc -w) packages," \
	"initramfs $(du -k "$img/base.cpio.gz" | cut -f1) KiB in $(( $(date +%s) - t0 )) s"
echo "$img"
