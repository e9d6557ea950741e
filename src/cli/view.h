/* SPDX-License-Identifier: MIT */
/*
 * view.h - what every view command does around its own output: open the
 * host the global options name, start the JSON document (with its
 * "source"), and at the end print the collection notes (text) or the
 * "errors" member (JSON), close the document and free everything.  A view
 * only writes what is its own, from one loop for text and JSON alike.
 */
#ifndef RS_CLI_VIEW_H
#define RS_CLI_VIEW_H

#include "cli/cli.h"
#include "model/source.h"

struct rs_view {
	struct rs_cli *cli;
	struct rs_source src;
	struct rs_snapshot snap;
	struct rs_json json;
	struct rs_json *j;		/* &json with --json, NULL for text */
};

/*
 * Open the source (gids_only: the fast path of `gids`).  With --json, the
 * document is open with "source" written.  RS_EXIT_OK, or RS_EXIT_FAIL
 * after saying why on stderr (nothing to close then).
 */
int rs_view_open(struct rs_view *v, struct rs_cli *cli, int gids_only);

/*
 * Notes or "errors", end of the JSON document, free.  Returns ret, or
 * RS_EXIT_FAIL when the JSON writer saw misuse (a bug: said on stderr).
 */
int rs_view_close(struct rs_view *v, int ret);

/* "note: SOURCE OBJECT: MESSAGE" for every collection error, on f. */
void rs_view_print_errors(const struct rs_snapshot *s, FILE *f);

#endif
