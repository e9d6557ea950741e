/* SPDX-License-Identifier: MIT */
/*
 * checks_ctx.h - helpers of the cmocka tests of the checks that read more
 * than the snapshot (tests/test_checks_qos.c, _setup, _peer, _perf and
 * _capture): one check context on the demo host, to which a test gives a
 * site profile, canned probe results, a peer's view, a test's result or a
 * capture, then runs one check and expects its verdict.
 */
#ifndef RS_TEST_CHECKS_CTX_H
#define RS_TEST_CHECKS_CTX_H

#include "diag/check.h"
#include "diag/profile.h"
#include "snapshot.h"

struct rs_cc_world {
	struct rs_snapshot snap;
	struct rs_check_params params;
	struct rs_profile profile;
	struct rs_probe_result res[RS_PROBE_KINDS];
	struct rs_probe_results probes;
	struct rs_peer_view view;
	struct rs_check_ctx ctx;
	struct rs_findings f;
};

/* The context of the running test: the demo host, no profile, no probe. */
extern struct rs_cc_world rs_cc;

/* cmocka setup and teardown of rs_cc. */
int rs_cc_setup(void **state);
int rs_cc_teardown(void **state);
/* Run check id; the finding about object must have verdict v. */
const struct rs_finding *rs_cc_judge(const char *id, const char *object, enum rs_verdict v);
/* The snapshot's link of that name, to edit. */
struct rs_link *rs_cc_link(const char *name);
/* Load profiles/NAME.yaml as the site's profile. */
void rs_cc_profile(const char *name);
/* The probe of kind k answered r. */
void rs_cc_give(enum rs_probe_kind k, struct rs_probe_result r);

#endif
