/* SPDX-License-Identifier: MIT */
/*
 * perf_out.h - the state of a test's output, shared by perf_out.c (the
 * events as they come) and perf_out_end.c (the verdict, the failure, the
 * JSON document).
 */
#ifndef RS_CLI_PERF_OUT_H
#define RS_CLI_PERF_OUT_H

#include "cli/perf_cli.h"
#include "print.h"

#define MAX_RESULTS 32
#define MAX_NOTES 8

struct rs_perf_out {
	enum rs_perf_out_mode mode;
	int tty;
	const char *cmd, *peer;
	unsigned port;
	struct rs_perf_params p;
	struct rs_perf_report rep;
	int have_views;
	struct rs_perf_view local, remote;
	struct rs_perf_diff diffs[RS_PERF_MAX_DIFFS];
	int n_diffs;
	char notes[MAX_NOTES][RS_PERF_MSG_LEN];
	int n_notes;
	struct rs_perf_bw_result bw[MAX_RESULTS];
	struct rs_perf_lat_result lat[MAX_RESULTS];
	int n_res;
	const char *tool;		/* "rocescope", "perftest" */
	struct rs_pr text;		/* the events as they come (text mode) */
};

/* Percent of the local port's line rate, -1 when the rate is unknown. */
double rs_perf_out_line_rate_pct(const struct rs_perf_out *o, double gbps);
/*
 * Text and the --json document print the same things at different times
 * (text as the events come, the document at the end): each is one
 * function for both, given the printer of the moment.
 */
/* One end's view: text's "local ..." line (side), or the member key. */
void rs_perf_out_view(struct rs_pr *p, const char *key, const char *side,
		      const struct rs_perf_view *v);
/* A difference between the views: a "difference:" line, or an element. */
void rs_perf_out_diff(struct rs_pr *p, const struct rs_perf_diff *d);
/* A bandwidth result: its row of the table, or the members of a result. */
void rs_perf_out_bw(struct rs_pr *p, const struct rs_perf_out *o,
		    const struct rs_perf_bw_result *r);
/* A latency result: its row (and the round trip line), or the members. */
void rs_perf_out_lat(struct rs_pr *p, const struct rs_perf_out *o,
		     const struct rs_perf_lat_result *r);

#endif
