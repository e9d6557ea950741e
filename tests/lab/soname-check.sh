#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/lab/soname-check.sh - fail when an ELF file in a root tree needs a
# shared library the tree does not hold.
#
# The lab's initramfs is assembled from unpacked .debs, not from an installed
# system, so a dependency dropped from the package list would only show up as
# "error while loading shared libraries" inside the VM, minutes later.  This
# check turns that into a build-time failure naming the missing soname.
#
# Usage: soname-check.sh TREE [FILE...]
#   With FILEs, checks only those (paths inside TREE); else every ELF file
#   under the tree's bin/sbin/lib directories.
#   --list TREE prints the sonames the tree provides (one per line), and
#   SONAMES_HAVE=FILE adds such a list to what TREE provides, so a single new
#   binary can be checked against a cached image without unpacking it.
set -eu -o pipefail
list=0
if [ "${1:-}" = --list ]; then list=1; shift; fi
tree=${1:?usage: soname-check.sh [--list] TREE [FILE...]}
shift

libdirs="lib lib64 usr/lib usr/lib64 lib/x86_64-linux-gnu usr/lib/x86_64-linux-gnu"
declare -A have
for d in $libdirs; do
	[ -d "$tree/$d" ] || continue
	while read -r n; do have[$n]=1; done < <(find "$tree/$d" -maxdepth 1 \( -type f -o -type l \) -printf '%f\n')
done
if [ -n "${SONAMES_HAVE:-}" ]; then
	while read -r n; do have[$n]=1; done <"$SONAMES_HAVE"
fi
if [ $list = 1 ]; then
	printf '%s\n' "${!have[@]}" | LC_ALL=C sort
	exit 0
fi

if [ $# -gt 0 ]; then
	files=$(for f in "$@"; do echo "$tree/$f"; done)
else
	files=$(find "$tree/bin" "$tree/sbin" "$tree/usr/bin" "$tree/usr/sbin" \
		"$tree/usr/local/bin" "$tree/lib" "$tree/usr/lib" -type f \
		\( -perm -u+x -o -name '*.so' -o -name '*.so.*' \) ! -name '*.ko*' \
		2>/dev/null || true)
fi

bad=0
for f in $files; do
	[ "$(head -c4 "$f" 2>/dev/null | od -An -c | tr -d ' ')" = '177ELF' ] || continue
	for so in $(readelf -d "$f" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
		if [ -z "${have[$so]:-}" ]; then
			echo "soname-check: ${f#"$tree"/} needs $so, not in the tree" >&2
			bad=1
		fi
	done
done
exit $bad
