/* SPDX-License-Identifier: MIT */
/*
 * cli.h - the command-line framework: the global options, the table every
 * command is described by, and what the views share.
 *
 * A command is one constant struct rs_cmd (defined at the bottom of its
 * file) listed in main.c's table: its name, its positional arguments, its
 * own options as a table of struct rs_opt, a function that stores one of
 * those options and the function that runs it.  main.c parses the global
 * options, finds the command, parses the command's options with the same
 * tables that `rocescope help CMD` prints, so help cannot drift from what
 * is accepted.
 *
 * Exit codes of every command: 0 done, 1 failure (message on stderr),
 * 2 usage error.  Commands may define more (check: see its file).
 */
#ifndef RS_CLI_H
#define RS_CLI_H

#include <stdio.h>

#include "json.h"
#include "snapshot.h"
#include "termout.h"	/* every message and text line goes through rs_tprintf() */

enum {
	RS_EXIT_OK = 0,
	RS_EXIT_FAIL = 1,
	RS_EXIT_USAGE = 2,
	RS_EXIT_WARN = 3,	/* check --tree: warnings, no failure */
	RS_EXIT_NOT_RUN = 4,	/* check --tree: the tree could not run; fix: could not run */
	RS_EXIT_FIXED = 5,	/* fix: all fixed (a plan: all can be; undo: all put back) */
};

/* The global options, valid before or after the command. */
struct rs_cli {
	const char *root;	/* --root DIR */
	const char *load;	/* --load FILE */
	const char *replay;	/* --replay FILE */
	const char *peer;	/* --peer IP */
	int demo;		/* --demo */
	int json;		/* --json */
	const struct rs_cmd *cmd;	/* the command being run */
	int argc;			/* the whole command line, for records of what ran */
	char **argv;
};

/* One option of a command. */
struct rs_opt {
	const char *lname;	/* long name without the dashes: "interval" */
	int sname;		/* short letter, 0 when none */
	const char *arg;	/* argument name for help ("SEC"); NULL for a flag */
	const char *help;	/* one line */
	int id;			/* what the command's opt() is called with */
};

#define RS_CMD_JSON	0x1	/* --json applies */
#define RS_CMD_HOST	0x2	/* reads a host: --root, --load, --demo, --replay, --peer apply */

struct rs_cmd {
	const char *name;
	const char *args;	/* positional arguments for help: "PEER", "" */
	const char *help;	/* one line: what it does */
	unsigned flags;		/* RS_CMD_* */
	int min_args, max_args;	/* positional arguments accepted */
	const struct rs_opt *opts;	/* own options, ended by { NULL }; may be NULL */
	/* Store option id with its argument (NULL for a flag): 0, or
	 * RS_EXIT_USAGE after saying why on stderr. */
	int (*opt)(struct rs_cli *cli, int id, const char *arg);
	/* Run with the positional arguments only. */
	int (*run)(struct rs_cli *cli, int argc, char **argv);
};

/* The commands, in help order (main.c). */
extern const struct rs_cmd rs_cmd_devices;
extern const struct rs_cmd rs_cmd_gids;
extern const struct rs_cmd rs_cmd_qps;
extern const struct rs_cmd rs_cmd_snapshot;
extern const struct rs_cmd rs_cmd_counters;
extern const struct rs_cmd rs_cmd_record;
extern const struct rs_cmd rs_cmd_check;
extern const struct rs_cmd rs_cmd_fix;
extern const struct rs_cmd rs_cmd_exporter;
extern const struct rs_cmd rs_cmd_capture;
extern const struct rs_cmd rs_cmd_explain;
extern const struct rs_cmd rs_cmd_serve;
extern const struct rs_cmd rs_cmd_bw;
extern const struct rs_cmd rs_cmd_lat;

/*
 * Number parsing for option handlers: a decimal in (0, max] (seconds,
 * fractions allowed) or a whole number in [min, max].  On a bad value they
 * print "rocescope: --OPT: invalid value ..." and return RS_EXIT_USAGE.
 */
int rs_cli_seconds(const char *opt, const char *arg, double max, double *out);
/* --interval of the views that read twice: seconds as above, or "0" (one
 * reading). */
int rs_cli_interval(const char *arg, double *out);
int rs_cli_long(const char *opt, const char *arg, long min, long max, long *out);

#endif
