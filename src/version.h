/* SPDX-License-Identifier: MIT */
/*
 * version.h - the git commit this binary was built from, for --version.
 *
 * src/version.c is generated at every `make` by src/local.mk (rewritten
 * only when the commit changes): in a git checkout it is the checked-out
 * commit, "-dirty" when tracked files differ from it; in a tree unpacked
 * from `make dist` it is the commit recorded in .tarball-commit when the
 * tarball was made; elsewhere it is empty.
 */
#ifndef RS_VERSION_H
#define RS_VERSION_H

/* 12 hex digits, maybe "-dirty"; "" when unknown. */
extern const char rs_build_commit[];

#endif
