/* SPDX-License-Identifier: MIT */
/*
 * rec_demo.c - `rec_demo FILE N`: the demo session recorded for N samples
 * one second of its clock apart, without waiting for the clock: the file
 * `rocescope --demo record -o FILE --interval 1` writes in N - 1 seconds
 * (the same session, recorder and demo ticks; only the wall clock of the
 * host record differs).  The console's replay tests play it: a long run
 * of whole seconds, made in a moment.
 */
#include <stdio.h>
#include <stdlib.h>

#include "session/record_job.h"
#include "session/session.h"
#include "util.h"

int main(int argc, char **argv)
{
	struct rs_session_opts o = { .demo = 1, .scope = RS_SCOPE_ALL, .history = 120 };
	struct rs_session s;
	char err[RS_MSG_LEN], msg[RS_MSG_LEN];
	long n = argc == 3 ? strtol(argv[2], NULL, 10) : 0;

	if (n < 1) {
		fprintf(stderr, "usage: rec_demo FILE SAMPLES\n");
		return 2;
	}
	if (rs_session_open(&s, &o, err, sizeof(err)) < 0) {
		fprintf(stderr, "rec_demo: %s\n", err);
		return 1;
	}
	rs_session_set_interval(&s, 1000);
	if (rs_session_record_start(&s, argv[1], RS_REC_NEW, err, sizeof(err))) {
		fprintf(stderr, "rec_demo: %s\n", err);
		rs_session_close(&s);
		return 1;
	}
	for (long i = 1; i < n; i++)
		rs_session_refresh(&s);
	if (rs_session_record_stop(&s, msg, sizeof(msg))) {
		fprintf(stderr, "rec_demo: %s\n", msg);
		rs_session_close(&s);
		return 1;
	}
	printf("%s\n", msg);
	rs_session_close(&s);
	return 0;
}
