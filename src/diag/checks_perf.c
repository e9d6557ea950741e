/* SPDX-License-Identifier: MIT */
/*
 * checks_perf.c - the checks whose evidence is an embedded test: does a
 * small RDMA ping-pong complete (perf.pingpong), and does a bandwidth test
 * reach the expected rate (perf.bandwidth).
 *
 * The tests run in the session's test job (a child `rocescope lat|bw PEER
 * --json-lines`, or on the demo a replay of a recorded lab run) and hand
 * their outcome over in ctx->tests; these checks only judge it, so they
 * stay pure.  No outcome yet is a skip that says how to get one.
 *
 * The expected rate is the site profile's bandwidth_floor_gbps, else half
 * the port's rate (docs/checks.md says why half).  Software RoCE (rxe,
 * siw) moves data with the CPU: its port's nominal rate says nothing about
 * what it can reach, so without a profile its figure is shown, not judged.
 */
#include "diag/check.h"
#include "panes.h"

#include <stdio.h>
#include <string.h>

#define LINE_FRACTION 0.5	/* of the port's rate, without a profile's floor */
/* A replay (the demo) says so first: its figures are the lab's, not this host's. */
#define REPLAY(o) ((o)->replay ? "a lab run, replayed: " : "")

static const char *const test_name[RS_TEST_KINDS] = { "latency", "bandwidth" };
static const char *const test_cmd[RS_TEST_KINDS] = { "lat", "bw" };

static const struct rs_test_outcome *outcome(const struct rs_check_ctx *ctx,
					     enum rs_test_kind k)
{
	return ctx->tests ? ctx->tests->of[k] : NULL;
}

static struct rs_finding *perf_f(const struct rs_check_ctx *ctx, const struct rs_check *c,
				 const struct rs_test_outcome *o, enum rs_verdict v,
				 struct rs_findings *out)
{
	const char *peer = o && o->peer[0] ? o->peer :
			   ctx->params && ctx->params->peer ? ctx->params->peer : "";
	struct rs_finding *f = rs_finding_new(out, c, v, RS_OBJ_PEER);

	RS_FSET(f->object, "%s", peer[0] ? peer : "peer");
	RS_FSET(f->addr, "%s", peer);
	return f;
}

/* No outcome: say what would give one. */
static void not_run(const struct rs_check_ctx *ctx, struct rs_finding *f, enum rs_test_kind k)
{
	char pane[64];

	if (ctx->tests ? !ctx->tests->can_run : ctx->recorded)
		RS_FSUMMARY(f, "a recorded host cannot run a test: the %s test needs the live "
			"host", test_name[k]);
	else if (!ctx->params || !ctx->params->peer)
		RS_FSUMMARY(f, "no peer given (--peer IP): the %s test needs one, with "
			"rocescope serve running there", test_name[k]);
	else
		RS_FSUMMARY(f, "no %s test has run: rocescope %s %s (rocescope serve on the "
			"peer), or the console's %s", test_name[k], test_cmd[k], ctx->params->peer,
			rs_pane_ref(pane, sizeof(pane), RS_PANE_TESTS, k == RS_TEST_LAT ? "l" : "b"));
}

/* A test that failed or never gave a result: its mapped words. */
static void failed(struct rs_finding *f, const struct rs_test_outcome *o)
{
	if (o->end == RS_TEST_FAILED)
		RS_FSUMMARY(f, "the %s test failed: %s: %s", test_name[o->kind],
			o->title[0] ? o->title : o->code, o->message);
	else
		RS_FSUMMARY(f, "the %s test ended without a result: %s", test_name[o->kind],
			o->message);
	RS_FSET(f->evidence, _("%s: %s %s"), o->source,
		o->end == RS_TEST_FAILED ? "error" : "no end line,", o->code);
	RS_FSET(f->remedy, _("%s"), o->check[0] ? o->check :
		"run the test by hand to see its own words (rocescope lat|bw PEER)");
}

/* A first step only: the rest of the result fits in the finding. */
static struct rs_finding *judged(const struct rs_check_ctx *ctx, const struct rs_check *c,
				 enum rs_test_kind k, struct rs_findings *out,
				 const struct rs_test_outcome **op)
{
	const struct rs_test_outcome *o = outcome(ctx, k);
	struct rs_finding *f;

	*op = o;
	if (!o || o->end == RS_TEST_PASSED)
		return NULL;
	f = perf_f(ctx, c, o, RS_FAIL, out);
	failed(f, o);
	return f;
}

void rs_check_pingpong(const struct rs_check_ctx *ctx, const struct rs_check *c,
		       struct rs_findings *out)
{
	const struct rs_test_outcome *o;
	struct rs_finding *f = judged(ctx, c, RS_TEST_LAT, out, &o);

	if (!f)
		f = perf_f(ctx, c, o, o ? RS_PASS : RS_SKIP, out);
	RS_FSET(f->expected, _("a short RDMA WRITE ping-pong (rocescope lat) completes against "
		"rocescope serve on the peer"));
	if (!o) {
		not_run(ctx, f, RS_TEST_LAT);
		return;
	}
	if (o->end != RS_TEST_PASSED)
		return;
	if (o->have_result)
		RS_FSUMMARY(f, "%sthe ping-pong completed: %llu round trips of %llu B, one-way "
			"latency median %.2f us (min %.2f, p99 %.2f, max %.2f)", REPLAY(o),
			(unsigned long long)o->iterations, (unsigned long long)o->size,
			o->t_median_us, o->t_min_us, o->t_p99_us, o->t_max_us);
	else
		RS_FSUMMARY(f, "%sthe ping-pong completed", REPLAY(o));
	RS_FSET(f->evidence, _("%s: passed"), o->source);
}

/* The bandwidth a passed test should reach: a profile's floor, else half the
 * port's rate; 0 when neither applies (why says so). */
static double floor_of(const struct rs_check_ctx *ctx, const struct rs_test_outcome *o,
		       char *why, size_t len)
{
	const struct rs_profile *p = ctx->params ? ctx->params->profile : NULL;

	if (p && p->bandwidth_floor_gbps > 0) {
		snprintf(why, len, "the site's floor %.4g Gb/s (profile %s)",
			 p->bandwidth_floor_gbps, p->name[0] ? p->name : p->path);
		return p->bandwidth_floor_gbps;
	}
	if (o->soft) {
		snprintf(why, len, "%s is software RoCE: its rate is the CPU's, not the port's; a "
			 "profile's bandwidth_floor_gbps judges it", o->device);
		return 0;
	}
	if (!o->link_mbps) {
		snprintf(why, len, "the port's rate is unknown: a profile's bandwidth_floor_gbps "
			 "judges it");
		return 0;
	}
	snprintf(why, len, "half of the %.4g Gb/s port", o->link_mbps / 1000.0);
	return o->link_mbps / 1000.0 * LINE_FRACTION;
}

void rs_check_bandwidth(const struct rs_check_ctx *ctx, const struct rs_check *c,
			struct rs_findings *out)
{
	const struct rs_test_outcome *o;
	struct rs_finding *f = judged(ctx, c, RS_TEST_BW, out, &o);
	char why[RS_FINDING_LEN / 2];
	double floor;

	if (f || !o) {
		if (!f) {
			f = perf_f(ctx, c, o, RS_SKIP, out);
			not_run(ctx, f, RS_TEST_BW);
		}
		RS_FSET(f->expected, _("a bandwidth test reaches the site's floor "
			"(bandwidth_floor_gbps) or half the port's rate"));
		return;
	}
	floor = floor_of(ctx, o, why, sizeof(why));
	f = perf_f(ctx, c, o, !floor ? RS_SKIP : o->bw_avg_gbps >= floor ? RS_PASS : RS_FAIL,
		   out);
	RS_FSET(f->expected, _("at least %s"), floor ? why : "the site's floor (bandwidth_floor_gbps) "
		"or half the port's rate");
	RS_FSET(f->evidence, _("%s: %.4g Gb/s average, %.4g peak, %.4g Mmsg/s, %llu x %llu B "
		"on %u QP%s in %.1f s"), o->source, o->bw_avg_gbps, o->bw_peak_gbps, o->msg_rate_mpps,
		(unsigned long long)o->iterations, (unsigned long long)o->size, o->qps ? o->qps : 1,
		o->qps > 1 ? "s" : "", o->seconds);
	if (!floor) {
		RS_FSUMMARY(f, "%sbandwidth %.3g Gb/s, not judged: %s", REPLAY(o),
			o->bw_avg_gbps, why);
		return;
	}
	RS_FSUMMARY(f, "%sbandwidth %.3g Gb/s %s %s", REPLAY(o), o->bw_avg_gbps,
		f->verdict == RS_PASS ? "reaches" : "is below", why);
	if (f->verdict == RS_FAIL)
		RS_FSET(f->remedy, _("walk rocescope check --tree low-bandwidth --peer %s: MTU on the "
			"whole path, PFC and ECN on the RoCE priority, the PCIe link, error and pause "
			"counters under load; one QP may not fill a fast port (-q 4)"),
			f->addr[0] ? f->addr : "PEER");
}
