/* SPDX-License-Identifier: MIT */
/*
 * test_checks_capture.c - the capture's wire check (src/diag/checks_capture.c) on
 * the verdicts of a real capture (the demo's pcap).
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

/* The capture checks on the verdicts of the demo's real capture, an empty
 * one (with and without a claim of traffic), RoCE v1 and a sick wire. */
static void test_capture(void **state)
{
	struct rs_capture_spec spec = { .kind = RS_CAP_FILE,
					.name = rs_demo_pcap_name,
					.data = rs_demo_pcap,
					.data_len = rs_demo_pcap_len };
	struct rs_capture_ctx cap = { .label = "file rdma_cm.pcap", .claim = "" };
	struct rs_cap_analysis *empty = rs_cap_analysis_new(0, 0);
	struct rs_cap_verdicts v;
	const struct rs_finding *x;
	struct rs_capture *c;
	char err[256];

	x = rs_cc_judge("capture.roce_v2", "host", RS_SKIP);
	assert_non_null(strstr(x->summary, "no capture running"));
	rs_cc_judge("capture.wire_health", "host", RS_SKIP);
	assert_int_equal(rs_capture_open(&c, &spec, err, sizeof(err)), 0);
	while (!rs_capture_done(c))
		assert_true(rs_capture_dispatch(c, 256) >= 0);
	rs_cap_verdicts(rs_capture_analysis(c), 0, 0, NULL, &v);
	cap.verdicts = &v;
	cap.packets = 96;
	rs_cc.ctx.capture = &cap;
	x = rs_cc_judge("capture.roce_v2", "capture", RS_PASS);
	assert_string_equal(x->summary, "RoCE v2: 96 packets to UDP port 4791");
	assert_non_null(strstr(x->evidence, "file rdma_cm.pcap: 96 frames, RoCE seen: v2"));
	rs_cc_judge("capture.wire_health", "capture clean", RS_PASS);
	x = rs_cc_judge("capture.wire_health", "capture ecn_off", RS_WARN);
	assert_non_null(strstr(x->summary, "DCQCN cannot react"));
	assert_non_null(strstr(x->remedy, "qos.ecn"));
	/* A site that runs without ECN on purpose says so: then it passes. */
	rs_cc.profile.ecn = 0;
	rs_cc.params.profile = &rs_cc.profile;
	x = rs_cc_judge("capture.wire_health", "capture ecn_off", RS_PASS);
	assert_non_null(strstr(x->summary, "as the site profile asks (ecn: false)"));
	rs_cc.params.profile = NULL;
	rs_capture_close(c);

	rs_cap_verdicts(empty, 0, 0, NULL, &v);
	x = rs_cc_judge("capture.roce_v2", "capture", RS_SKIP);
	assert_non_null(strstr(x->summary, "no RoCE packet"));
	rs_cc_judge("capture.wire_health", "capture no_roce", RS_SKIP);
	cap.claim = "rxe0 port 1 counts RDMA packets (hw_counters/sent_pkts 120/s)";
	rs_cap_verdicts(empty, 0, 1, "use the sniffer", &v);
	x = rs_cc_judge("capture.roce_v2", "capture", RS_FAIL);
	assert_non_null(strstr(x->summary, "does not pass here"));
	assert_non_null(strstr(x->summary, "use the sniffer"));
	assert_non_null(strstr(x->evidence, "traffic claimed: rxe0 port 1"));
	assert_true(x->remedy[0] != '\0');
	rs_cap_analysis_free(empty);

	memset(&v, 0, sizeof(v));
	v.seen = RS_SEEN_V1;
	v.roce = RS_WARN;
	v.health = RS_FAIL;
	v.n_reasons = 2;
	v.reasons[0].verdict = RS_FAIL;
	strcpy(v.reasons[0].id, "icrc_bad");
	strcpy(v.reasons[0].text, "2 RoCE packets with a bad ICRC");
	v.reasons[1].verdict = RS_WARN;
	strcpy(v.reasons[1].id, "congestion");
	x = rs_cc_judge("capture.roce_v2", "capture", RS_WARN);
	assert_non_null(strstr(x->remedy, "RoCE v2 GID index"));
	x = rs_cc_judge("capture.wire_health", "capture icrc_bad", RS_FAIL);
	assert_string_equal(x->summary, "2 RoCE packets with a bad ICRC");
	x = rs_cc_judge("capture.wire_health", "capture congestion", RS_WARN);
	assert_non_null(strstr(x->remedy, "qos."));
	rs_cc.ctx.capture = NULL;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_capture, rs_cc_setup, rs_cc_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
