/* SPDX-License-Identifier: MIT */
/*
 * test_checks_perf.c - the checks of the embedded tests' results
 * (src/diag/checks_perf.c): the ping-pong and bandwidth runs, passed,
 * failed and stopped.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture/capture.h"
#include "diag/check.h"
#include "model/demo.h"
#include "model/snapshot_yaml.h"
#include "tests/helpers/checks_ctx.h"
#include "util.h"

/* perf.pingpong on every outcome: none (recorded host, no peer, not run
 * yet), passed, the mapped failure, a child that died. */
static void test_pingpong(void **state)
{
	struct rs_test_results tr = { .can_run = 0 };
	struct rs_test_outcome o = { .kind = RS_TEST_LAT,
				     .end = RS_TEST_PASSED,
				     .source = "rocescope lat 10.99.0.2 -n 100",
				     .peer = "10.99.0.2",
				     .device = "rxe0",
				     .have_result = 1,
				     .size = 2,
				     .iterations = 100,
				     .t_min_us = 26.2,
				     .t_median_us = 29.8,
				     .t_avg_us = 31.0,
				     .t_p99_us = 40.5,
				     .t_max_us = 55.0 };
	const struct rs_finding *x;

	x = rs_cc_judge("perf.pingpong", "peer", RS_SKIP);
	assert_non_null(strstr(x->summary, "no peer given"));
	rs_cc.ctx.tests = &tr;
	x = rs_cc_judge("perf.pingpong", "peer", RS_SKIP);
	assert_non_null(strstr(x->summary, "a recorded host cannot run a test"));
	tr.can_run = 1;
	rs_cc.params.peer = "10.99.0.2";
	x = rs_cc_judge("perf.pingpong", "10.99.0.2", RS_SKIP);
	assert_non_null(strstr(x->summary, "no latency test has run: rocescope lat 10.99.0.2"));
	tr.of[RS_TEST_LAT] = &o;
	x = rs_cc_judge("perf.pingpong", "10.99.0.2", RS_PASS);
	assert_string_equal(x->summary,
			    "the ping-pong completed: 100 round trips of 2 B, one-way "
			    "latency median 29.80 us (min 26.20, p99 40.50, max 55.00)");
	assert_string_equal(x->evidence, "rocescope lat 10.99.0.2 -n 100: passed");
	o.replay = 1;
	x = rs_cc_judge("perf.pingpong", "10.99.0.2", RS_PASS);
	assert_non_null(strstr(x->summary, "a lab run, replayed: the ping-pong completed"));
	o = (struct rs_test_outcome){
		.kind = RS_TEST_LAT,
		.end = RS_TEST_FAILED,
		.source = "rocescope lat 10.99.0.2 -n 100",
		.code = "control_unreachable",
		.title = "control port unreachable",
		.message = "cannot connect to 10.99.0.2:18515: connection refused (nothing listens "
			   "there)",
		.check = "is rocescope serve running on the peer, on this port?"
	};
	x = rs_cc_judge("perf.pingpong", "10.99.0.2", RS_FAIL);
	assert_string_equal(
		x->summary,
		"the latency test failed: control port unreachable: cannot "
		"connect to 10.99.0.2:18515: connection refused (nothing listens there)");
	assert_string_equal(x->remedy, "is rocescope serve running on the peer, on this port?");
	assert_non_null(strstr(x->evidence, "error control_unreachable"));
	o.end = RS_TEST_DIED;
	RS_STRCPY(o.code, "died");
	RS_STRCPY(o.message, "killed by SIGSEGV (core dumped), and said nothing");
	x = rs_cc_judge("perf.pingpong", "10.99.0.2", RS_FAIL);
	assert_string_equal(x->summary, "the latency test ended without a result: killed by "
					"SIGSEGV (core dumped), and said nothing");
}

/* perf.bandwidth: a profile's floor, half the port's rate, software RoCE
 * and an unknown rate (shown, not judged), a failure, nothing yet. */
static void test_bandwidth(void **state)
{
	struct rs_test_results tr = { .can_run = 1 };
	struct rs_test_outcome o = { .kind = RS_TEST_BW,
				     .end = RS_TEST_PASSED,
				     .source = "rocescope bw 192.168.100.20 -D 2",
				     .peer = "192.168.100.20",
				     .device = "mlx5_0",
				     .link_mbps = 100000,
				     .have_result = 1,
				     .size = 65536,
				     .iterations = 350000,
				     .qps = 1,
				     .seconds = 2,
				     .bw_avg_gbps = 91.7,
				     .bw_peak_gbps = 92.1,
				     .msg_rate_mpps = 0.175 };
	const struct rs_finding *x;

	rs_cc.ctx.tests = &tr;
	rs_cc.params.peer = "192.168.100.20";
	x = rs_cc_judge("perf.bandwidth", "192.168.100.20", RS_SKIP);
	assert_non_null(strstr(x->summary, "no bandwidth test has run: rocescope bw"));
	tr.of[RS_TEST_BW] = &o;
	x = rs_cc_judge("perf.bandwidth", "192.168.100.20", RS_PASS);
	assert_string_equal(x->summary, "bandwidth 91.7 Gb/s reaches half of the 100 Gb/s port");
	assert_non_null(strstr(x->evidence, "91.7 Gb/s average, 92.1 peak"));
	o.bw_avg_gbps = 31.0;
	x = rs_cc_judge("perf.bandwidth", "192.168.100.20", RS_FAIL);
	assert_string_equal(x->summary, "bandwidth 31 Gb/s is below half of the 100 Gb/s port");
	assert_non_null(strstr(x->remedy, "low-bandwidth --peer 192.168.100.20"));
	rs_cc.profile.bandwidth_floor_gbps = 25;
	RS_STRCPY(rs_cc.profile.name, "lossless");
	rs_cc.params.profile = &rs_cc.profile;
	x = rs_cc_judge("perf.bandwidth", "192.168.100.20", RS_PASS);
	assert_string_equal(x->summary, "bandwidth 31 Gb/s reaches the site's floor 25 Gb/s "
					"(profile lossless)");
	rs_cc.profile.bandwidth_floor_gbps = 80;
	rs_cc_judge("perf.bandwidth", "192.168.100.20", RS_FAIL);
	rs_cc.params.profile = NULL;
	o.soft = 1;
	RS_STRCPY(o.device, "rxe0");
	x = rs_cc_judge("perf.bandwidth", "192.168.100.20", RS_SKIP);
	assert_non_null(strstr(x->summary, "not judged: rxe0 is software RoCE"));
	o.soft = 0;
	o.link_mbps = 0;
	x = rs_cc_judge("perf.bandwidth", "192.168.100.20", RS_SKIP);
	assert_non_null(strstr(x->summary, "the port's rate is unknown"));
	o.end = RS_TEST_FAILED;
	RS_STRCPY(o.title, "retry exceeded (work completion status 12)");
	RS_STRCPY(o.message, "packets lost on the path");
	RS_STRCPY(o.check, "neighbour (ARP), MTU on every hop, PFC/pause, the switch");
	x = rs_cc_judge("perf.bandwidth", "192.168.100.20", RS_FAIL);
	assert_string_equal(x->summary,
			    "the bandwidth test failed: retry exceeded (work completion "
			    "status 12): packets lost on the path");
	assert_string_equal(x->remedy, "neighbour (ARP), MTU on every hop, PFC/pause, the switch");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_pingpong, rs_cc_setup, rs_cc_teardown),
		cmocka_unit_test_setup_teardown(test_bandwidth, rs_cc_setup, rs_cc_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
