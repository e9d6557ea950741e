/* SPDX-License-Identifier: MIT */
/*
 * explain_report.h - the explanation of a pasted log as text: the causes
 * ranked, most likely first, each with its class, confidence and the
 * command that proves it; then every message recognised, once, with its
 * meaning, causes and tree; then a summary (docs/explain.md "Output").
 *
 * `rocescope explain` prints these lines and the console's explain view
 * shows the same ones, so both say the same thing.  The command is
 * `rocescope check --tree TREE [--peer IP] [-x N | -s BYTES]`, completed
 * from the wizard's trees (wizard/tree.h): --peer with the address the
 * log names when the tree needs a peer, the options its steps cannot
 * decide without, and the step's id in the tree.
 */
#ifndef RS_EXPLAIN_REPORT_H
#define RS_EXPLAIN_REPORT_H

#include <stddef.h>

#include "diag/explain.h"

/* One line of the text, without '\n', already escaped for a terminal. */
typedef void (*rs_explain_put)(void *arg, const char *line);

struct rs_explain_report;

struct rs_explain_report *rs_explain_report_new(int width);
void rs_explain_report_free(struct rs_explain_report *rp);

/*
 * The command that walks tree, into buf, with the peer when the tree needs
 * one ("IP" when peer is empty); *step gets the id of the step that runs
 * check, or NULL.  *needs_peer says whether the tree needs one.
 */
void rs_explain_report_cmd(struct rs_explain_report *rp, const char *tree, const char *check,
			   const char *peer, char *buf, size_t len, const char **step,
			   int *needs_peer);

/* The peer an item's lines name, else the first any line of the log names. */
const char *rs_explain_report_peer(const struct rs_explain_run *r,
				   const struct rs_explain_ranked *it);

/* The table's text after first (then indent), wrapped at the width. */
void rs_explain_report_wrap(struct rs_explain_report *rp, const char *first, const char *indent,
			    const char *text, rs_explain_put put, void *arg);

/* The whole explanation of a finished run, line by line. */
void rs_explain_report_text(struct rs_explain_report *rp, const struct rs_explain_run *r,
			    const struct rs_explain_limits *lim, rs_explain_put put, void *arg);

#endif
