/* SPDX-License-Identifier: MIT */
/*
 * console_bench.c - run console refresh ticks without a terminal, for
 * `make bench-console`.
 *
 * Usage: console_bench [--root DIR | --demo | --load FILE] [--ticks N]
 *                      [--cols C] [--rows R]
 * Opens the source like the console does, draws the Counters pane into a
 * virtual terminal writing to /dev/null, runs N ticks back to back (each a
 * counter refresh, the rate/history update and a full redraw), then prints
 * the peak resident memory (VmHWM of /proc/self/status).  Instructions per
 * tick come from callgrind: --toggle-collect=rs_console_bench_tick.
 */
#include "ui/console.h"
#include "util.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_status_field(const char *field)
{
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, field, strlen(field)))
			fputs(line, stdout);
	fclose(f);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "root", required_argument, NULL, 'r' },
		{ "load", required_argument, NULL, 'l' },
		{ "demo", no_argument, NULL, 'D' },
		{ "ticks", required_argument, NULL, 'n' },
		{ "cols", required_argument, NULL, 'c' },
		{ "rows", required_argument, NULL, 'R' },
		{ NULL, 0, NULL, 0 },
	};
	struct rs_console_opts co = { 0 };
	unsigned ticks = 100;
	int cols = 80, rows = 24, c;
	char err[256] = "";
	uint64_t t0, t1;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'r': co.root = optarg; break;
		case 'l': co.load = optarg; break;
		case 'D': co.demo = 1; break;
		case 'n': ticks = (unsigned)strtoul(optarg, NULL, 10); break;
		case 'c': cols = atoi(optarg); break;
		case 'R': rows = atoi(optarg); break;
		default:
			fprintf(stderr, "usage: console_bench [--root DIR|--demo|--load FILE] "
				"[--ticks N] [--cols C] [--rows R]\n");
			return 2;
		}
	}
	t0 = rs_now_ns();
	if (rs_console_bench(&co, ticks, cols, rows, err, sizeof(err)) < 0) {
		fprintf(stderr, "console_bench: %s\n", err);
		return 1;
	}
	t1 = rs_now_ns();
	printf("ticks: %u\n", ticks);
	printf("wall per tick: %.1f us\n", ticks ? (double)(t1 - t0) / 1e3 / ticks : 0.0);
	print_status_field("VmHWM");
	print_status_field("VmRSS");
	return 0;
}
