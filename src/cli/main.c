/* SPDX-License-Identifier: MIT */
/*
 * main.c - command line entry: options, then a subcommand from a constant
 * table.  With no subcommand rocescope opens the console (cli_run_console).
 *
 * Options are GNU-style and may come before or after the subcommand
 * (`rocescope --json gids` and `rocescope gids --json` are the same);
 * options that belong to one subcommand (-o, --interval, --count) are
 * refused elsewhere rather than silently ignored.  Exit codes: 0 done,
 * 1 failure, 2 usage error; every message goes to stderr.
 */
#include "cli/cli.h"
#include "ui/console.h"
#include "util.h"
#include "version.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Subcommand options: a bit each, and which commands accept them. */
enum {
	OPT_OUTPUT = 1 << 0,
	OPT_INTERVAL = 1 << 1,
	OPT_COUNT = 1 << 2,
};

struct rs_cmd {
	const char *name;
	const char *args;	/* shown in help */
	const char *help;
	unsigned opts;		/* OPT_* it accepts */
	int (*run)(struct rs_cli *cli, int argc, char **argv);
};

static const struct rs_cmd rs_cmds[] = {
	{ "devices", "", "RDMA devices, ports, PCI link, netdevs (ibstat + ibdev2netdev)",
	  0, rs_cmd_devices },
	{ "gids", "", "GID table and the GID index to use (show_gids)", 0, rs_cmd_gids },
	{ "snapshot", "[-o FILE]", "write the host's snapshot as YAML", OPT_OUTPUT,
	  rs_cmd_snapshot },
	{ "counters", "[--interval SEC] [--count N]", "per-second rates of counters that move",
	  OPT_INTERVAL | OPT_COUNT, rs_cmd_counters },
	{ "check", "", "every check: verdict, evidence, remedy (exit 1 when one fails)", 0,
	  rs_cmd_check },
	{ NULL, NULL, NULL, 0, NULL },
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: rocescope [OPTIONS] [COMMAND] [OPTIONS]\n"
		"Find out why RoCE v2 on this host does not connect or is not fast.\n"
		"Without a command, opens the console.\n\n"
		"Commands:\n");
	for (const struct rs_cmd *c = rs_cmds; c->name; c++)
		fprintf(f, "  %-9s %s\n", c->name, c->help);
	fprintf(f, "  %-9s %s\n", "help", "this help, or help for one command");
	fprintf(f,
		"\nOptions (before or after the command):\n"
		"  -r, --root DIR        read sysfs/procfs under DIR instead of /\n"
		"  -l, --load FILE       read a saved snapshot instead of the live host\n"
		"      --demo            use the bundled demo host\n"
		"  -p, --peer IP         the peer to look a route up for\n"
		"  -j, --json            print JSON instead of text\n"
		"  -o, --output FILE     snapshot: write to FILE (atomically), not stdout\n"
		"  -i, --interval SEC    counters: seconds between readings (default 1)\n"
		"  -c, --count N         counters: stop after N intervals (default: until ^C)\n"
		"  -h, --help            show this help\n"
		"  -V, --version         show the version and the git commit\n"
		"\nSee docs/cli.md, or `rocescope help COMMAND`.\n");
}

static void cmd_usage(FILE *f, const struct rs_cmd *c)
{
	fprintf(f, "Usage: rocescope [OPTIONS] %s %s\n%s.\n"
		"Global options: --root DIR, --load FILE, --demo, --peer IP, --json.\n",
		c->name, c->args, c->help);
}

static const struct rs_cmd *find_cmd(const char *name)
{
	for (const struct rs_cmd *c = rs_cmds; c->name; c++)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

/*
 * The hook for the full-screen console: the console helper replaces the
 * body of this function (and only this) with the call into ui/.
 */
static int cli_run_console(struct rs_cli *cli)
{
	struct rs_console_opts co = {
		.source = { .root = cli->root, .load = cli->load, .demo = cli->demo,
			    .peer = cli->peer },
	};

	if (cli->json) {
		fprintf(stderr, "rocescope: --json needs a command; the console is interactive\n");
		return RS_EXIT_USAGE;
	}
	return rs_console_run(&co);
}

static int parse_number(const char *opt, const char *arg, double *d, long *l)
{
	char *end;

	errno = 0;
	if (d) {
		*d = strtod(arg, &end);
		if (!errno && end != arg && !*end && isfinite(*d) && *d > 0 && *d <= 86400)
			return 0;
	} else {
		*l = strtol(arg, &end, 10);
		if (!errno && end != arg && !*end && *l > 0)
			return 0;
	}
	fprintf(stderr, "rocescope: %s: invalid value '%s' (%s)\n", opt, arg,
		d ? "seconds, > 0 and <= 86400" : "a whole number > 0");
	return -EINVAL;
}

/* Parse every option wherever it is; returns -1 to go on, else an exit code. */
static int parse_opts(int argc, char **argv, struct rs_cli *cli, unsigned *seen, int *help)
{
	static const struct option opts[] = {
		{ "root", required_argument, NULL, 'r' },
		{ "load", required_argument, NULL, 'l' },
		{ "demo", no_argument, NULL, 'D' },
		{ "peer", required_argument, NULL, 'p' },
		{ "json", no_argument, NULL, 'j' },
		{ "output", required_argument, NULL, 'o' },
		{ "interval", required_argument, NULL, 'i' },
		{ "count", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	opterr = 1;
	while ((c = getopt_long(argc, argv, "r:l:p:jo:i:c:hV", opts, NULL)) != -1) {
		switch (c) {
		case 'r': cli->root = optarg; break;
		case 'l': cli->load = optarg; break;
		case 'D': cli->demo = 1; break;
		case 'p': cli->peer = optarg; break;
		case 'j': cli->json = 1; break;
		case 'h': *help = 1; break;
		case 'o':
			cli->output = optarg;
			*seen |= OPT_OUTPUT;
			break;
		case 'i':
			*seen |= OPT_INTERVAL;
			if (parse_number("--interval", optarg, &cli->interval, NULL))
				return RS_EXIT_USAGE;
			break;
		case 'c':
			*seen |= OPT_COUNT;
			if (parse_number("--count", optarg, NULL, &cli->count))
				return RS_EXIT_USAGE;
			break;
		case 'V':
			if (rs_build_commit[0])
				printf("rocescope %s (commit %s)\n", PACKAGE_VERSION, rs_build_commit);
			else
				printf("rocescope %s\n", PACKAGE_VERSION);
			return RS_EXIT_OK;
		default:
			fprintf(stderr, "Try 'rocescope --help'.\n");
			return RS_EXIT_USAGE;
		}
	}
	return -1;
}

static int run_help(int argc, char **argv)
{
	const struct rs_cmd *c;

	if (argc < 2) {
		usage(stdout);
		return RS_EXIT_OK;
	}
	c = find_cmd(argv[1]);
	if (!c) {
		fprintf(stderr, "rocescope: unknown command '%s' (see --help)\n", argv[1]);
		return RS_EXIT_USAGE;
	}
	cmd_usage(stdout, c);
	return RS_EXIT_OK;
}

int main(int argc, char **argv)
{
	struct rs_cli cli = { .count = -1 };
	const struct rs_cmd *cmd;
	unsigned seen = 0;
	int help = 0, ret;

	ret = parse_opts(argc, argv, &cli, &seen, &help);
	if (ret >= 0)
		return ret;
	if (cli.demo + !!cli.load + !!cli.root > 1) {
		fprintf(stderr, "rocescope: choose one of --demo, --load FILE and --root DIR\n");
		return RS_EXIT_USAGE;
	}
	/* getopt_long moved the non-options to argv[optind..]. */
	argc -= optind;
	argv += optind;
	if (argc == 0) {
		if (help) {
			usage(stdout);
			return RS_EXIT_OK;
		}
		if (seen) {
			fprintf(stderr, "rocescope: -o, --interval and --count need a command\n");
			return RS_EXIT_USAGE;
		}
		rs_root_set(cli.root);
		return cli_run_console(&cli);
	}
	if (!strcmp(argv[0], "help"))
		return run_help(argc, argv);
	cmd = find_cmd(argv[0]);
	if (!cmd) {
		fprintf(stderr, "rocescope: unknown command '%s' (see --help)\n", argv[0]);
		return RS_EXIT_USAGE;
	}
	if (help) {
		cmd_usage(stdout, cmd);
		return RS_EXIT_OK;
	}
	if (argc > 1) {
		fprintf(stderr, "rocescope: %s: unexpected argument '%s'\n", cmd->name, argv[1]);
		return RS_EXIT_USAGE;
	}
	if (seen & ~cmd->opts) {
		fprintf(stderr, "rocescope: %s: option %s does not apply to it\n", cmd->name,
			(seen & ~cmd->opts & OPT_OUTPUT) ? "-o/--output" :
			(seen & ~cmd->opts & OPT_INTERVAL) ? "--interval" : "--count");
		return RS_EXIT_USAGE;
	}
	return cmd->run(&cli, argc, argv);
}
