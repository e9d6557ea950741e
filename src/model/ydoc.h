/* SPDX-License-Identifier: MIT */
/*
 * ydoc.h - a small YAML document as a tree of nodes with their positions,
 * for the hand-written data files (site profiles, troubleshooting trees).
 *
 * libyaml parses; this keeps what was read (scalars, sequences, mappings)
 * with each node's line and column, so a loader can check what it expects
 * and say "file:line:col: what is wrong" about any node.  Bounded: a file
 * of at most 1 MiB, 64 levels, 100 000 nodes; anchors and aliases are
 * refused (data files have no need of them, and they are how a small file
 * becomes a large tree).
 */
#ifndef RS_YDOC_H
#define RS_YDOC_H

#include <stddef.h>

enum rs_ynode_kind {
	RS_Y_SCALAR,
	RS_Y_SEQ,
	RS_Y_MAP,
};

struct rs_ynode {
	enum rs_ynode_kind kind;
	unsigned line, col;		/* 1-based */
	char *text;			/* scalar: its value; NUL-terminated */
	struct rs_ynode **items;	/* sequence: elements; mapping: key, value, key, value... */
	size_t n;
};

struct rs_ydoc {
	char name[256];			/* the file name, for messages */
	struct rs_ynode *root;		/* NULL for an empty document */
};

/* Parse buf (len bytes); on failure -EINVAL with "name:line:col: why". */
int rs_ydoc_parse(struct rs_ydoc *d, const char *buf, size_t len, const char *name,
		  char *err, size_t errlen);
int rs_ydoc_load_file(struct rs_ydoc *d, const char *path, char *err, size_t errlen);
void rs_ydoc_free(struct rs_ydoc *d);

/* The value of key in mapping m, or NULL. */
const struct rs_ynode *rs_ymap_get(const struct rs_ynode *m, const char *key);
/* "name:line:col: " + message into err; returns -EINVAL. */
int rs_yerr(const struct rs_ydoc *d, const struct rs_ynode *n, char *err, size_t errlen,
	    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

#endif
