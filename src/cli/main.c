/* SPDX-License-Identifier: MIT */
/*
 * main.c - command line entry: global options, then a subcommand from a
 * constant table.  With no subcommand rocescope opens the console.
 */
#include "util.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rs_cli {
	const char *root;
	const char *load;
	const char *peer;
	const char *output;
	int demo;
	int json;
};

struct rs_cmd {
	const char *name;
	const char *help;
	int (*run)(struct rs_cli *cli, int argc, char **argv);
};

static const struct rs_cmd rs_cmds[] = {
	{ NULL, NULL, NULL },
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: rocescope [OPTIONS] [COMMAND]\n"
		"Find out why RoCE v2 on this host does not connect or is not fast.\n\n"
		"Commands:\n");
	for (const struct rs_cmd *c = rs_cmds; c->name; c++)
		fprintf(f, "  %-10s %s\n", c->name, c->help);
	fprintf(f,
		"\nOptions:\n"
		"  -r, --root DIR     read sysfs/procfs under DIR instead of /\n"
		"  -l, --load FILE    read a saved snapshot instead of the live host\n"
		"      --demo         use the bundled demo host\n"
		"  -p, --peer IP      the peer to look a route up for\n"
		"  -j, --json         print JSON instead of text\n"
		"  -h, --help         show this help\n"
		"  -V, --version      show the version\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "root", required_argument, NULL, 'r' },
		{ "load", required_argument, NULL, 'l' },
		{ "demo", no_argument, NULL, 'D' },
		{ "peer", required_argument, NULL, 'p' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct rs_cli cli = { 0 };
	int c;

	while ((c = getopt_long(argc, argv, "+r:l:p:jhV", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			cli.root = optarg;
			break;
		case 'l':
			cli.load = optarg;
			break;
		case 'D':
			cli.demo = 1;
			break;
		case 'p':
			cli.peer = optarg;
			break;
		case 'j':
			cli.json = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("rocescope %s\n", PACKAGE_VERSION);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	rs_root_set(cli.root);
	if (optind >= argc) {
		usage(stderr);
		return 2;
	}
	for (const struct rs_cmd *cmd = rs_cmds; cmd->name; cmd++)
		if (!strcmp(cmd->name, argv[optind]))
			return cmd->run(&cli, argc - optind, argv + optind);
	fprintf(stderr, "rocescope: unknown command '%s' (see --help)\n", argv[optind]);
	return 2;
}
