/* SPDX-License-Identifier: MIT */
/*
 * perftest.h - run perftest's ib_write_bw / ib_write_lat (or ib_read_bw)
 * as a reference next to rocescope's own test: build its command line from
 * the same options, run it as a child of the event loop, read its final
 * result table from its output.  Reading perftest's text is fine here: it
 * is the reference being compared with, not a source of host facts.
 */
#ifndef RS_PERF_PERFTEST_H
#define RS_PERF_PERFTEST_H

#include "perf/engine.h"
#include "perf/fail.h"
#include "perf/proto.h"

#define RS_PERFTEST_MAX_ARGS 40
#define RS_PERFTEST_MAX_ROWS 32

struct rs_perftest_cmd {
	const char *argv[RS_PERFTEST_MAX_ARGS];
	char store[RS_PERFTEST_MAX_ARGS][RS_PERF_STR_LEN];
	int argc;
};

/* One row of perftest's result table. */
struct rs_perftest_row {
	uint64_t size, iterations;
	double bw_peak_gbps, bw_avg_gbps, msg_rate_mpps;	/* bw */
	double t_min_us, t_max_us, t_typical_us, t_avg_us, t_stdev_us, t_p99_us, t_p999_us;
};

struct rs_perftest_result {
	int lat;
	int n;
	struct rs_perftest_row rows[RS_PERFTEST_MAX_ROWS];
};

/*
 * The perftest command for the same test: ib_write_bw, ib_read_bw or
 * ib_write_lat with -d -i -x -s -n|-D -q -t -m -a -p -F (and --report_gbits
 * for bandwidth), and the peer (NULL: the server side).  gid_index < 0 and
 * dev NULL are left to perftest.  0, or -EINVAL for a test perftest has no
 * tool for.
 */
int rs_perftest_cmd(const struct rs_perf_params *p, const char *dev, unsigned port,
		    int gid_index, unsigned tcp_port, const char *peer,
		    struct rs_perftest_cmd *cmd);

/* Parse perftest's output (whole text).  0, or -ENOENT when it printed
 * no result table (it failed: its own message says why). */
int rs_perftest_parse(const char *out, int lat, struct rs_perftest_result *r);

/*
 * Run cmd as a child (PATH searched) with a timeout, capture up to 256 KiB
 * of its stdout+stderr into *out (malloc'd, NUL-terminated, caller frees),
 * parse it.  0, or -1 with e set (not installed, failed, timed out).
 */
int rs_perftest_run(const struct rs_perftest_cmd *cmd, int lat, uint64_t timeout_ns,
		    struct rs_perftest_result *r, char **out, struct rs_perf_error *e);

#endif
