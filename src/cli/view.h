/* SPDX-License-Identifier: MIT */
/*
 * view.h - what every view command does around its own output: open a
 * session on the host the global options name, start the JSON document
 * (with its "source"), and at the end print the collection notes (text) or
 * the "errors" member (JSON), close the document and the session.  A view
 * only writes what is its own, from one loop for text and JSON alike, and
 * reads everything from the session: it never calls a collector.
 */
#ifndef RS_CLI_VIEW_H
#define RS_CLI_VIEW_H

#include "cli/cli.h"
#include "print.h"
#include "session/session.h"

struct rs_view {
	struct rs_cli *cli;
	struct rs_session sess;
	struct rs_json json;
	struct rs_json *j;		/* &json with --json, NULL for text */
	struct rs_pr pr;		/* text or JSON, as the view prints both */
};

/*
 * Open the session (RS_SCOPE_GIDS: the fast path of `gids`; history 0).
 * With --json the document is open with "source" written.  RS_EXIT_OK, or
 * RS_EXIT_FAIL after saying why on stderr (nothing to close then).
 */
int rs_view_open(struct rs_view *v, struct rs_cli *cli, enum rs_scope scope);

/*
 * A second reading of the counters interval_s after the first (at once for
 * the demo, whose clock is its own; never for a saved file), so the checks
 * see what is rising.  Ctrl-C ends the wait: RS_EXIT_FAIL then.
 */
int rs_view_second_reading(struct rs_view *v, double interval_s);

/*
 * Notes or "errors", end of the JSON document, close.  Returns ret, or
 * RS_EXIT_FAIL when the JSON writer saw misuse (a bug: said on stderr).
 */
int rs_view_close(struct rs_view *v, int ret);

/*
 * `check --tree NAME`: walk the tree on the open session (probes run in a
 * child each, waited for), print the steps and the outcome.  Returns
 * RS_EXIT_OK, RS_EXIT_WARN, RS_EXIT_FAIL or RS_EXIT_NOT_RUN.
 */
int rs_view_tree(struct rs_view *v, const char *tree, const char *dev, unsigned port);

/*
 * `fix --tree NAME`: walk the tree as check --tree does (quietly with
 * --json), and give the ids of the checks to fix and the objects their
 * findings are about: a chain's cause, or a checklist's steps that warn or
 * fail (ids are the check table's own strings).  RS_EXIT_OK, or RS_EXIT_NOT_RUN after saying why.
 */
int rs_view_tree_causes(struct rs_view *v, const char *name, const char **ids,
			char (*objects)[RS_TEXT_LEN], size_t max, size_t *n);

/*
 * `counters --replay FILE`: every sample of the recording at once, the
 * first whole, the others' changes; the marks and the findings
 * (view_replay.c).
 */
int rs_view_counters_replay(struct rs_view *v);

/* "mlx5_0/1" for a port's counters, "eth2" for a netdev's: text's OBJECT. */
void rs_view_owner(const char *object, unsigned port, char *buf, size_t len);
/*
 * A counter's first members (object, port, set, counter) in the object it
 * opens (the caller adds the rest and closes it); text: the columns
 * "  OBJECT SET COUNTER " that `counters` and `counters --replay` share.
 */
void rs_view_print_ctr_head(struct rs_pr *p, const struct rs_series_set *set,
			    const struct rs_series_ctr *c);
/*
 * A finding's evidence, what a good host has and its remedy: JSON members
 * (null when empty); text the lines fmt[0], fmt[1], fmt[2] (fmt NULL: no
 * text), each only when there is something to say.
 */
void rs_view_print_advice(struct rs_pr *p, const struct rs_finding *f, const char *const *fmt);

/* Every collection error: "note: SOURCE OBJECT: MESSAGE" lines, or the
 * "errors" member of a JSON view. */
void rs_view_print_errors(struct rs_pr *p, const struct rs_snapshot *s);

#endif
