/* SPDX-License-Identifier: MIT */
/*
 * perf_lines.c - reads `rocescope bw|lat --json-lines` output on stdin and
 * parses every line with rs_perf_line_parse(), the parser the console
 * uses; prints "TYPE code" per line.  Exit 1 at the first line it cannot
 * parse, so tests hold the real output to the parser.
 */
#include <stdio.h>
#include <string.h>

#include "perf/jsonl.h"

int main(void)
{
	char line[8192];
	struct rs_perf_line l;
	unsigned n = 0;

	while (fgets(line, sizeof(line), stdin)) {
		n++;
		if (rs_perf_line_parse(line, strlen(line), &l)) {
			fprintf(stderr, "perf_lines: line %u does not parse: %s", n, line);
			return 1;
		}
		printf("%s %s\n", l.type_name, l.code[0] ? l.code : "-");
	}
	return 0;
}
