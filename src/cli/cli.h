/* SPDX-License-Identifier: MIT */
/*
 * cli.h - what the subcommands of main.c share: the parsed global options
 * and opening the snapshot source they name.
 *
 * Exit codes of every command: 0 done, 1 failure (message on stderr),
 * 2 usage error.
 */
#ifndef RS_CLI_H
#define RS_CLI_H

#include <stdio.h>

#include "cli/json.h"
#include "model/source.h"
#include "snapshot.h"

enum {
	RS_EXIT_OK = 0,
	RS_EXIT_FAIL = 1,
	RS_EXIT_USAGE = 2,
};

struct rs_cli {
	const char *root;
	const char *load;
	const char *peer;
	const char *output;	/* snapshot -o FILE */
	double interval;	/* counters --interval SEC; 0 = not given */
	long count;		/* counters --count N; -1 = not given */
	int demo;
	int json;
};

/*
 * Open the source the options name into s (gids_only: the fast path of the
 * gids view).  On failure prints "rocescope: ..." on stderr and returns
 * RS_EXIT_FAIL (or RS_EXIT_USAGE for conflicting options); 0 on success.
 */
int rs_cli_open(const struct rs_cli *cli, int gids_only, struct rs_source *src,
		struct rs_snapshot *s);

/* "note: SOURCE OBJECT: MESSAGE" for every collection error, on f. */
void rs_cli_print_errors(const struct rs_snapshot *s, FILE *f);

/* "errors": [...] member of a JSON view, the same notes as text. */
void rs_cli_json_errors(struct rs_json *j, const struct rs_snapshot *s);
/* Finish a JSON document: 0, or RS_EXIT_FAIL when the writer saw misuse. */
int rs_cli_json_done(struct rs_json *j);

int rs_cmd_devices(struct rs_cli *cli, int argc, char **argv);
int rs_cmd_gids(struct rs_cli *cli, int argc, char **argv);
int rs_cmd_snapshot(struct rs_cli *cli, int argc, char **argv);
int rs_cmd_counters(struct rs_cli *cli, int argc, char **argv);
int rs_cmd_check(struct rs_cli *cli, int argc, char **argv);

#endif
