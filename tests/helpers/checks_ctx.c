/* SPDX-License-Identifier: MIT */
/* checks_ctx.c - the check context of tests/helpers/checks_ctx.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/demo.h"
#include "model/snapshot_yaml.h"
#include "tests/helpers/checks_ctx.h"

struct rs_cc_world rs_cc;

int rs_cc_setup(void **state)
{
	char err[256];

	(void)state;
	memset(&rs_cc, 0, sizeof(rs_cc));
	assert_int_equal(rs_snapshot_load_yaml(&rs_cc.snap, rs_demo_host_yaml,
					       rs_demo_host_yaml_len, "demo", err, sizeof(err)),
			 0);
	rs_check_params_init(&rs_cc.params);
	rs_cc.ctx.snap = &rs_cc.snap;
	rs_cc.ctx.params = &rs_cc.params;
	rs_cc.ctx.probes = &rs_cc.probes;
	rs_findings_init(&rs_cc.f);
	return 0;
}

int rs_cc_teardown(void **state)
{
	(void)state;
	rs_findings_free(&rs_cc.f);
	rs_snapshot_free(&rs_cc.snap);
	return 0;
}

const struct rs_finding *rs_cc_judge(const char *id, const char *object, enum rs_verdict v)
{
	const struct rs_finding *x;

	rs_findings_free(&rs_cc.f);
	assert_int_equal(rs_check_run(&rs_cc.ctx, id, &rs_cc.f), 0);
	x = rs_findings_get(&rs_cc.f, id, object);
	if (!x)
		fail_msg("no finding %s about %s", id, object ? object : "(any)");
	if (x->verdict != v)
		fail_msg("%s %s: %s, want %s (%s)", id, x->object, rs_verdict_name(x->verdict),
			 rs_verdict_name(v), x->summary);
	return x;
}

struct rs_link *rs_cc_link(const char *name)
{
	return (struct rs_link *)rs_snapshot_link(&rs_cc.snap, name);
}

void rs_cc_profile(const char *name)
{
	const char *top = getenv("top_srcdir");
	char path[4096], err[512];

	snprintf(path, sizeof(path), "%s/profiles/%s.yaml", top ? top : ".", name);
	if (rs_profile_load(&rs_cc.profile, path, err, sizeof(err)))
		fail_msg("%s", err);
	rs_cc.params.profile = &rs_cc.profile;
}

void rs_cc_give(enum rs_probe_kind k, struct rs_probe_result r)
{
	r.kind = k;
	rs_cc.res[k] = r;
	rs_cc.probes.of[k] = &rs_cc.res[k];
}
