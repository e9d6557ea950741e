/* SPDX-License-Identifier: MIT */
/*
 * outcome.h - how an embedded test ended, as the checks read it
 * (perf.pingpong, perf.bandwidth; src/diag/checks_perf.c).  The session's
 * test job (src/session/perf_job.h: `rocescope lat|bw PEER --json-lines`
 * in a child, or on the demo a replay of a recorded lab run) keeps the
 * latest outcome of each kind and puts them in the checks' context.
 */
#ifndef RS_PERF_OUTCOME_H
#define RS_PERF_OUTCOME_H

#include <stdint.h>

#include "snapshot.h"

enum rs_test_kind { RS_TEST_LAT = 0, RS_TEST_BW = 1 };
#define RS_TEST_KINDS 2

enum rs_test_end {
	RS_TEST_PASSED = 1,		/* its last line was "end" */
	RS_TEST_FAILED,			/* "error": the mapped failure */
	RS_TEST_DIED,			/* neither: crashed, killed, or never started */
};

struct rs_test_outcome {
	enum rs_test_kind kind;
	enum rs_test_end end;
	char source[RS_MSG_LEN];	/* "rocescope lat 10.99.0.2 -n 100", or the replay's label */
	int replay;			/* a recorded run, not this host */
	char peer[RS_ADDR_LEN];
	char device[RS_NAME_LEN];	/* this end's device, "" unknown */
	int soft;			/* that device is software RoCE (rxe, siw) */
	unsigned link_mbps;		/* its port's rate, 0 unknown */
	/* RS_TEST_FAILED: the error line; RS_TEST_DIED: code "died" and how */
	char code[32];
	char title[96];
	char message[RS_MSG_LEN];
	char check[RS_MSG_LEN];
	/* the last result line */
	int have_result;
	uint64_t size, iterations;
	unsigned qps;
	double seconds;
	double bw_avg_gbps, bw_peak_gbps, msg_rate_mpps;
	double t_min_us, t_median_us, t_avg_us, t_p99_us, t_max_us;
};

/* The tests' outcomes (NULL: none yet) and whether one can run at all. */
struct rs_test_results {
	const struct rs_test_outcome *of[RS_TEST_KINDS];
	int can_run;			/* live host (a child) or the demo (a replay) */
};

#endif
