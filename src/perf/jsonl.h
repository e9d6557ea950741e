/* SPDX-License-Identifier: MIT */
/*
 * jsonl.h - the machine-readable progress of `rocescope bw|lat
 * --json-lines` (docs/tests.md "JSON lines"): one JSON object per line,
 * written whole with one write(2) so a reader never sees half a line, and
 * a small pure parser for those lines so the console does not write its
 * own.
 *
 * Every line has "type": start, view (side local|remote), diff, note,
 * interval, result, then exactly one of end (success) or error (the mapped
 * failure) as the last line.  A stream without one of those two ended
 * because the child crashed or was killed.  Values are flat (strings,
 * numbers, booleans, null) except "hist", an array of counts.
 */
#ifndef RS_PERF_JSONL_H
#define RS_PERF_JSONL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "perf/engine.h"
#include "perf/proto.h"

/* ----- writer */
struct rs_jl {
	FILE *mem;
	char *buf;
	size_t len;
	int n;			/* members so far */
};

void rs_jl_begin(struct rs_jl *jl, const char *type);
void rs_jl_str(struct rs_jl *jl, const char *key, const char *val);
void rs_jl_num(struct rs_jl *jl, const char *key, double val);
void rs_jl_u64(struct rs_jl *jl, const char *key, uint64_t val);
void rs_jl_int(struct rs_jl *jl, const char *key, int64_t val);
void rs_jl_bool(struct rs_jl *jl, const char *key, int val);
void rs_jl_hist(struct rs_jl *jl, const char *key, const uint64_t *v, size_t n);
/* Close the object and write it as one line to fd (one write). 0 or -errno. */
int rs_jl_end(struct rs_jl *jl, int fd);

/* ----- parser */
enum rs_perf_line_type {
	RS_LINE_UNKNOWN = 0,
	RS_LINE_START,
	RS_LINE_VIEW,
	RS_LINE_DIFF,
	RS_LINE_NOTE,
	RS_LINE_INTERVAL,
	RS_LINE_RESULT,
	RS_LINE_END,
	RS_LINE_ERROR,
};

struct rs_perf_line {
	enum rs_perf_line_type type;
	char type_name[16];
	char test[16];			/* "bw", "lat" */
	char tool[16];			/* "rocescope", "perftest" (result lines) */
	char peer[RS_PERF_STR_LEN];
	char side[16];			/* view: "local", "remote" */
	struct rs_perf_view view;
	/* interval and result */
	uint64_t size, iterations, n;
	double duration_s;		/* start */
	uint64_t qps;			/* start */
	double t_s, gbps, mpps;
	double bw_avg_gbps, bw_peak_gbps, msg_rate_mpps;
	double t_min_us, t_median_us, t_avg_us, t_p99_us, t_p999_us, t_max_us;
	double wire_rtt_us, host_rtt_us, line_rate_pct;
	uint64_t hist[RS_PERF_HIST_BUCKETS];
	size_t n_hist;
	/* diff */
	char what[32], local[RS_PERF_STR_LEN], remote[RS_PERF_STR_LEN];
	/* note, error */
	char text[RS_PERF_MSG_LEN];
	char code[32], peer_code[32];
	char title[96];			/* error: the failure's title */
	char message[RS_PERF_MSG_LEN];
	char check[RS_PERF_MSG_LEN];
	uint64_t exit_code;
};

/*
 * Parse one line (without or with its newline).  0, or -EINVAL when it is
 * not one JSON object of known shape (bad syntax, a string longer than its
 * field, nesting).  Unknown keys are skipped: newer writers may add some.
 */
int rs_perf_line_parse(const char *line, size_t len, struct rs_perf_line *out);

#endif
