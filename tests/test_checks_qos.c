/* SPDX-License-Identifier: MIT */
/*
 * test_checks_qos.c - the QoS checks (src/diag/checks_qos.c) on the demo host
 * (its QoS story: PFC and DSCP trust on mlx5_0, 802.3x pause only on
 * mlx5_1) and edited copies of it: 802.3x pause, PFC, DSCP trust, ECN -
 * for the pass and every failure each check knows.
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

static void test_flow_control(void **state)
{
	const struct rs_finding *x;

	x = rs_cc_judge("qos.pause", "mlx5_0 port 1", RS_PASS);
	assert_string_equal(x->summary, "PFC on priority 3");
	x = rs_cc_judge("qos.pause", "mlx5_1 port 1", RS_PASS);
	assert_non_null(strstr(x->summary, "802.3x pause on"));
	/* neither: a warning with the command */
	rs_cc_link("ens1f1np1")->pause.rx = rs_cc_link("ens1f1np1")->pause.tx = 0;
	x = rs_cc_judge("qos.pause", "mlx5_1 port 1", RS_WARN);
	assert_non_null(strstr(x->remedy, "ethtool -A ens1f1np1 rx on tx on"));
	/* both 802.3x and PFC */
	rs_cc_link("ens1f0np0")->pause.rx = 1;
	x = rs_cc_judge("qos.pause", "mlx5_0 port 1", RS_WARN);
	assert_non_null(strstr(x->summary, "both on"));
	/* a driver without DCB nor pause: unknown, not bad */
	rs_cc_link("ens1f1np1")->dcb.known = 0;
	rs_cc_link("ens1f1np1")->pause.known = 0;
	RS_STRCPY(rs_cc_link("ens1f1np1")->dcb.error,
		  "the driver does not answer DCB (EOPNOTSUPP)");
	x = rs_cc_judge("qos.pause", "mlx5_1 port 1", RS_SKIP);
	assert_non_null(strstr(x->summary, "EOPNOTSUPP"));
	/* 802.3x off and DCB not read: PFC may be on, so "no flow control"
	 * would be a guess (unknown is never bad) */
	rs_cc_link("ens1f1np1")->pause.known = 1;
	RS_STRCPY(rs_cc_link("ens1f1np1")->dcb.error,
		  "not recorded: DCB is only read from a live host");
	x = rs_cc_judge("qos.pause", "mlx5_1 port 1", RS_SKIP);
	assert_string_equal(x->summary,
			    "flow control of ens1f1np1 unknown: 802.3x pause off, "
			    "PFC unknown: not recorded: DCB is only read from a live host");
	assert_string_equal(x->remedy, "");
	/* a driver without DCB has no PFC: no flow control at all is a fact */
	RS_STRCPY(rs_cc_link("ens1f1np1")->dcb.error,
		  "the driver does not answer DCB (EOPNOTSUPP)");
	rs_cc_judge("qos.pause", "mlx5_1 port 1", RS_WARN);
}

static void test_pfc_trust_ecn(void **state)
{
	const struct rs_finding *x;

	rs_cc_judge("qos.pfc", "mlx5_0 port 1", RS_PASS);
	x = rs_cc_judge("qos.pfc", "mlx5_1 port 1", RS_WARN);
	assert_non_null(strstr(x->remedy, "mlnx_qos -i ens1f1np1 --pfc 0,0,0,1,0,0,0,0"));
	rs_cc_judge("qos.trust", "mlx5_0 port 1", RS_PASS);
	rs_cc_judge("qos.trust", "mlx5_1 port 1", RS_PASS); /* pcp, but no PFC to miss */
	rs_cc_judge("qos.ecn", "mlx5_0 port 1", RS_PASS);
	rs_cc_judge("qos.ecn", "mlx5_1 port 1", RS_WARN);
	/* PFC with PCP trust on an untagged port: RoCE misses the priority */
	RS_STRCPY(rs_cc_link("ens1f0np0")->dcb.trust, "pcp");
	x = rs_cc_judge("qos.trust", "mlx5_0 port 1", RS_WARN);
	assert_non_null(strstr(x->remedy, "--trust dscp"));
	/* the lossless site: mlx5_1 without PFC fails, trust must be dscp */
	rs_cc_profile("lossless");
	rs_cc_judge("qos.pfc", "mlx5_1 port 1", RS_FAIL);
	rs_cc_judge("qos.trust", "mlx5_0 port 1", RS_FAIL);
	rs_cc_judge("qos.ecn", "mlx5_1 port 1", RS_FAIL);
	/* the lab site runs without PFC: mlx5_0's PFC is worth a look */
	rs_cc_profile("lab");
	rs_cc_judge("qos.pfc", "mlx5_1 port 1", RS_PASS);
	rs_cc_judge("qos.pfc", "mlx5_0 port 1", RS_WARN);
	/* DCB unknown: skip with the reason */
	rs_cc_link("ens1f1np1")->dcb.known = 0;
	RS_STRCPY(rs_cc_link("ens1f1np1")->dcb.error, "not recorded");
	x = rs_cc_judge("qos.pfc", "mlx5_1 port 1", RS_SKIP);
	assert_non_null(strstr(x->summary, "not recorded"));
	rs_cc_link("ens1f1np1")->ecn.known = 0;
	rs_cc_judge("qos.ecn", "mlx5_1 port 1", RS_SKIP);
	/* DCB answered without a trust mode (a hand-written file): unknown,
	 * not "trust , the site trusts dscp" */
	rs_cc_link("ens1f0np0")->dcb.trust[0] = '\0';
	x = rs_cc_judge("qos.trust", "mlx5_0 port 1", RS_SKIP);
	assert_string_equal(x->summary, "trust mode unknown: DCB answered without it");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_flow_control, rs_cc_setup, rs_cc_teardown),
		cmocka_unit_test_setup_teardown(test_pfc_trust_ecn, rs_cc_setup, rs_cc_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
