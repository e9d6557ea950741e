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
static const char *const test_cmd[RS_TEST_KINDS] = { "lat", "bw" };

/* What a passed bandwidth test is judged against (floor_of()). */
enum floor_kind { FLOOR_PROFILE, FLOOR_SOFT, FLOOR_UNKNOWN, FLOOR_HALF };
struct bw_floor {
	enum floor_kind kind;
	double gbps;		/* the floor; 0 when not judged */
	double port_gbps;	/* FLOOR_HALF: the port's rate */
	const char *profile;	/* FLOOR_PROFILE: its name */
};

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

	int lat = k == RS_TEST_LAT;

	if (ctx->tests ? !ctx->tests->can_run : ctx->recorded)
		RS_FSUMMARY(f, lat ? N_("a recorded host cannot run a test: the latency test "
					"needs the live host") :
			    N_("a recorded host cannot run a test: the bandwidth test needs the "
			       "live host"));
	else if (!ctx->params || !ctx->params->peer)
		RS_FSUMMARY(f, lat ? N_("no peer given (--peer IP): the latency test needs one, "
					"with rocescope serve running there") :
			    N_("no peer given (--peer IP): the bandwidth test needs one, with "
			       "rocescope serve running there"));
	else
		/* TRANSLATORS: rocescope lat|bw PEER, then the Tests pane and its key. */
		RS_FSUMMARY(f, lat ? N_("no latency test has run: rocescope %s %s (rocescope "
					"serve on the peer), or the console's %s") :
			    N_("no bandwidth test has run: rocescope %s %s (rocescope serve on "
			       "the peer), or the console's %s"), test_cmd[k], ctx->params->peer,
			    rs_pane_ref(pane, sizeof(pane), RS_PANE_TESTS, lat ? "l" : "b"));
}

/* A replay (the demo) says so first: its figures are the lab's, not this
 * host's.  The summary is one sentence; the replay wraps it whole. */
static void replayed(struct rs_finding *f, const struct rs_test_outcome *o)
{
	char body[sizeof(f->summary)];

	if (!o->replay)
		return;
	memcpy(body, f->summary, sizeof(body));
	/* TRANSLATORS: %s is the whole summary of a test run that is replayed. */
	RS_FSET(f->summary, _("a lab run, replayed: %s"), body);
	if (f->summary_en[0]) {
		memcpy(body, f->summary_en, sizeof(body));
		RS_FSET(f->summary_en, "a lab run, replayed: %s", body);
	}
}

/* A test that failed or never gave a result: its mapped words. */
static void failed(struct rs_finding *f, const struct rs_test_outcome *o)
{
	int lat = o->kind == RS_TEST_LAT;

	/* TRANSLATORS: the error's title (or code), then its message. */
	if (o->end == RS_TEST_FAILED)
		RS_FSUMMARY(f, lat ? N_("the latency test failed: %s: %s") :
			    N_("the bandwidth test failed: %s: %s"),
			    o->title[0] ? o->title : o->code, o->message);
	else
		RS_FSUMMARY(f, lat ? N_("the latency test ended without a result: %s") :
			    N_("the bandwidth test ended without a result: %s"), o->message);
	/* TRANSLATORS: the test's source (its command), then the error's code. */
	RS_FSET(f->evidence, o->end == RS_TEST_FAILED ? _("%s: error %s") :
		_("%s: no end line, %s"), o->source, o->code);
	RS_FSET(f->remedy, "%s", o->check[0] ? o->check :
		_("run the test by hand to see its own words (rocescope lat|bw PEER)"));
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
		RS_FSUMMARY(f, "the ping-pong completed: %llu round trips of %llu B, one-way "
			    "latency median %.2f us (min %.2f, p99 %.2f, max %.2f)",
			    (unsigned long long)o->iterations, (unsigned long long)o->size,
			    o->t_median_us, o->t_min_us, o->t_p99_us, o->t_max_us);
	else
		RS_FSUMMARY(f, "the ping-pong completed");
	replayed(f, o);
	RS_FSET(f->evidence, _("%s: passed"), o->source);
}

/* The bandwidth a passed test should reach: a profile's floor, else half the
 * port's rate; gbps 0 when neither applies (kind says why). */
static void floor_of(const struct rs_check_ctx *ctx, const struct rs_test_outcome *o,
		     struct bw_floor *fl)
{
	const struct rs_profile *p = ctx->params ? ctx->params->profile : NULL;

	memset(fl, 0, sizeof(*fl));
	if (p && p->bandwidth_floor_gbps > 0) {
		fl->kind = FLOOR_PROFILE;
		fl->gbps = p->bandwidth_floor_gbps;
		fl->profile = p->name[0] ? p->name : p->path;
	} else if (o->soft) {
		fl->kind = FLOOR_SOFT;
	} else if (!o->link_mbps) {
		fl->kind = FLOOR_UNKNOWN;
	} else {
		fl->kind = FLOOR_HALF;
		fl->port_gbps = o->link_mbps / 1000.0;
		fl->gbps = fl->port_gbps * LINE_FRACTION;
	}
}

/* The result against the floor, one sentence per floor and verdict. */
static void bw_summary(struct rs_finding *f, const struct rs_test_outcome *o,
		       const struct bw_floor *fl)
{
	int pass = f->verdict == RS_PASS;

	if (fl->kind == FLOOR_SOFT)
		RS_FSUMMARY(f, "bandwidth %.3g Gb/s, not judged: %s is software RoCE: its rate "
			    "is the CPU's, not the port's; a profile's bandwidth_floor_gbps judges "
			    "it", o->bw_avg_gbps, o->device);
	else if (fl->kind == FLOOR_UNKNOWN)
		RS_FSUMMARY(f, "bandwidth %.3g Gb/s, not judged: the port's rate is unknown: a "
			    "profile's bandwidth_floor_gbps judges it", o->bw_avg_gbps);
	else if (fl->kind == FLOOR_PROFILE)
		RS_FSUMMARY(f, pass ? N_("bandwidth %.3g Gb/s reaches the site's floor %.4g Gb/s "
					 "(profile %s)") :
			    N_("bandwidth %.3g Gb/s is below the site's floor %.4g Gb/s (profile "
			       "%s)"), o->bw_avg_gbps, fl->gbps, fl->profile);
	else
		RS_FSUMMARY(f, pass ? N_("bandwidth %.3g Gb/s reaches half of the %.4g Gb/s "
					 "port") :
			    N_("bandwidth %.3g Gb/s is below half of the %.4g Gb/s port"),
			    o->bw_avg_gbps, fl->port_gbps);
	replayed(f, o);
}

void rs_check_bandwidth(const struct rs_check_ctx *ctx, const struct rs_check *c,
			struct rs_findings *out)
{
	const struct rs_test_outcome *o;
	struct rs_finding *f = judged(ctx, c, RS_TEST_BW, out, &o);
	struct bw_floor fl;

	if (f || !o) {
		if (!f) {
			f = perf_f(ctx, c, o, RS_SKIP, out);
			not_run(ctx, f, RS_TEST_BW);
		}
		RS_FSET(f->expected, _("a bandwidth test reaches the site's floor "
			"(bandwidth_floor_gbps) or half the port's rate"));
		return;
	}
	floor_of(ctx, o, &fl);
	f = perf_f(ctx, c, o, !fl.gbps ? RS_SKIP : o->bw_avg_gbps >= fl.gbps ? RS_PASS :
		   RS_FAIL, out);
	if (fl.kind == FLOOR_PROFILE)
		RS_FSET(f->expected, _("at least the site's floor %.4g Gb/s (profile %s)"),
			fl.gbps, fl.profile);
	else if (fl.kind == FLOOR_HALF)
		RS_FSET(f->expected, _("at least half of the %.4g Gb/s port"), fl.port_gbps);
	else
		RS_FSET(f->expected, _("at least the site's floor (bandwidth_floor_gbps) or half "
			"the port's rate"));
	/* TRANSLATORS: the source, the average, the peak, the message rate, the
	 * iterations, the message size, the QPs and the seconds. */
	RS_FSET(f->evidence, rs_trn("%s: %.4g Gb/s average, %.4g peak, %.4g Mmsg/s, %llu x %llu "
		"B on %u QP in %.1f s", "%s: %.4g Gb/s average, %.4g peak, %.4g Mmsg/s, %llu x "
		"%llu B on %u QPs in %.1f s", o->qps > 1 ? o->qps : 1), o->source,
		o->bw_avg_gbps, o->bw_peak_gbps, o->msg_rate_mpps,
		(unsigned long long)o->iterations, (unsigned long long)o->size,
		o->qps ? o->qps : 1, o->seconds);
	bw_summary(f, o, &fl);
	if (f->verdict == RS_FAIL)
		RS_FSET(f->remedy, _("walk rocescope check --tree low-bandwidth --peer %s: MTU on the "
			"whole path, PFC and ECN on the RoCE priority, the PCIe link, error and pause "
			"counters under load; one QP may not fill a fast port (-q 4)"),
			f->addr[0] ? f->addr : "PEER");
}
