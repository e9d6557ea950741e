/* SPDX-License-Identifier: MIT */
/*
 * tree.h - the troubleshooting trees as data: profiles/trees/NAME.yaml,
 * loaded with libyaml (model/ydoc.h), validated, and compiled into the
 * binary so `rocescope check --tree NAME` works without an installation.
 *
 * A tree is a list of steps; the first is the start.  Each step names a
 * check (src/diag/check.c; a check that reads a probe makes the step run
 * the probe first) and where to go on each verdict:
 *
 *   tree: connection-failure
 *   title: RoCE v2 does not connect
 *   kind: chain          # chain: stop at the cause; checklist: run every step
 *   needs: peer          # optional: ask for the peer's address once
 *   steps:
 *     - id: ping
 *       check: net.ping
 *       title: Does the peer answer ping over IP?
 *       pass: gid        # a step id, or end
 *       warn: gid
 *       fail: end
 *       skip: gid        # optional; default: where pass goes
 *       next: gid        # optional: the default of every verdict not given
 *       latent: true     # optional: its warning is a fault waiting to happen
 *
 * Without pass/warn/fail, a chain's fail ends the tree and a checklist's
 * goes on to `next`.  Validation refuses, with file:line:col: unknown keys,
 * duplicate ids, a check that does not exist, a target that is not a step
 * or `end`, a step the start cannot reach, and a cycle.
 */
#ifndef RS_TREE_H
#define RS_TREE_H

#include <stddef.h>

#include "diag/check.h"

#define RS_TREE_END (-1)

enum rs_tree_kind {
	RS_TREE_CHAIN,
	RS_TREE_CHECKLIST,
};

struct rs_tree_node {
	char id[RS_NAME_LEN];
	const struct rs_check *check;
	char title[RS_TEXT_LEN];
	int next[RS_SKIP + 1];		/* step index per verdict, RS_TREE_END to stop */
	int latent;			/* a warning here is a fault waiting to happen */
	unsigned line;
};

struct rs_tree {
	char name[RS_NAME_LEN];
	char title[RS_TEXT_LEN];
	char file[RS_TEXT_LEN];		/* where it was loaded from */
	enum rs_tree_kind kind;
	int needs_peer;
	struct rs_tree_node *nodes;	/* nodes[0] is the start */
	size_t n;
};

/* The shipped trees, by name, NULL-terminated. */
extern const char *const rs_tree_names[];

/* Parse one tree; on failure -EINVAL with "name:line:col: why". */
int rs_tree_parse(struct rs_tree *t, const char *buf, size_t len, const char *name,
		  char *err, size_t errlen);
/* A shipped tree by name, or a file when name has a '/' or ends in .yaml. */
int rs_tree_load(struct rs_tree *t, const char *name, char *err, size_t errlen);
void rs_tree_free(struct rs_tree *t);
/* The step with that id, or -1. */
int rs_tree_find(const struct rs_tree *t, const char *id);

#endif
