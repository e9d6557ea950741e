/* SPDX-License-Identifier: MIT */
/*
 * checks_capture.c - the checks whose evidence is a capture of the wire:
 * is the traffic really RoCE v2 (capture.roce_v2), and is the wire healthy
 * (capture.wire_health, one finding per reason the capture gives).
 *
 * The capture runs in the session (its capture job) and hands its verdicts
 * over in ctx->capture; these checks only turn them into findings, so they
 * stay pure.  No capture running is a skip that says how to start one.
 */
#include "capture/analysis.h"
#include "diag/check.h"
#include "panes.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/* No capture: how to start one, the pane named by the pane table. */
static void no_capture(struct rs_finding *f)
{
	char pane[64];

	RS_FSUMMARY(f, "no capture running: start one in the console's %s or run "
		"rocescope capture -i NETDEV", rs_pane_ref(pane, sizeof(pane), RS_PANE_CAPTURE,
							   "s"));
}

/* The capture's own words as the summary, in the reader's language and in
 * English (en: "" when text is English), with what the profile changed. */
static void copy_summary(struct rs_finding *f, const char *text, const char *en, int profiled)
{
	snprintf(f->summary, sizeof(f->summary),
		 profiled ? _("%s - as the site profile asks (ecn: false)") : "%s", text);
	if (rs_i18n_translating())
		snprintf(f->summary_en, sizeof(f->summary_en),
			 profiled ? "%s - as the site profile asks (ecn: false)" : "%s",
			 en[0] ? en : text);
	else
		f->summary_en[0] = '\0';
}

static struct rs_finding *capture_f(const struct rs_check_ctx *ctx, const struct rs_check *c,
				    enum rs_verdict v, struct rs_findings *out)
{
	struct rs_finding *f = rs_finding_host(out, c, v);

	if (ctx->capture)
		RS_FSET(f->object, "capture");
	return f;
}

void rs_check_capture_roce_v2(const struct rs_check_ctx *ctx, const struct rs_check *c,
			      struct rs_findings *out)
{
	const struct rs_capture_ctx *cap = ctx->capture;
	const struct rs_cap_verdicts *v = cap ? cap->verdicts : NULL;
	struct rs_finding *f = capture_f(ctx, c, v ? v->roce : RS_SKIP, out);

	RS_FSET(f->expected, _("RoCE v2 packets (UDP destination port 4791) on the wire"));
	if (!v) {
		no_capture(f);
		return;
	}
	copy_summary(f, v->roce_text, v->roce_text_en, 0);
	if (cap->claim && cap->claim[0])
		RS_FSET(f->evidence,
			_("capture %s: %llu frames, RoCE seen: %s; traffic claimed: %s"),
			cap->label, cap->packets, rs_roce_seen_name(v->seen), cap->claim);
	else
		RS_FSET(f->evidence, _("capture %s: %llu frames, RoCE seen: %s"), cap->label,
			cap->packets, rs_roce_seen_name(v->seen));
	if (v->roce == RS_WARN)
		RS_FSET(f->remedy, _("use a RoCE v2 GID index (rocescope gids: the recommended "
			"-x N), not a RoCE v1 one"));
	else if (v->roce == RS_FAIL)
		RS_FSET(f->remedy, _("capture where the traffic passes: the RDMA port's own "
			"netdev, or on mlx5 the NIC's sniffer (rocescope capture -d mlx5_X)"));
}

/* What to do about each reason that warns or fails: its own cause. */
static const char *remedy_of(const char *id)
{
	static const struct {
		const char *id, *remedy;
	} r[] = {
		{ "icrc_bad", N_("find what corrupts or rewrites the packets: a cable or optic "
		  "(ethtool -S error counters), or a device on the path that rewrites a field the "
		  "ICRC covers") },
		{ "nak_error", N_("check the application's memory registration and access flags") },
		{ "rnr_nak", N_("the receiver must post receives before the sender sends (more "
		  "receive buffers, or a larger RNR retry timer: min_rnr_timer)") },
		{ "nak_reserved", N_("the peer's RDMA stack sends a NAK code the IBTA reserves: "
		  "look at its driver and firmware") },
		{ "malformed", N_("see the malformed packets (rocescope capture -r FILE shows each "
		  "with its first error): a device writing bad lengths, or a damaged capture") },
		{ "congestion",
			N_("check PFC and ECN on the RoCE priority (rocescope check: qos.*)") },
		{ "ecn_off", N_("enable RoCE ECN on the RoCE priority on both ends (rocescope "
		  "check: qos.ecn) and ECN marking on the switches; a site that runs without ECN "
		  "on purpose says so in its profile (ecn: false)") },
		{ "capture_drops", N_("capture with a filter (rocescope capture --filter) or on a "
		  "quieter port: the capture itself lost packets") },
	};

	for (size_t i = 0; i < RS_ARRAY_SIZE(r); i++)
		if (!strcmp(r[i].id, id))
			return r[i].remedy;
	return N_("look for loss on the path: counters (rocescope counters), cables, switch "
		  "drops, PFC");
}

/* ECN off on purpose (the site profile says ecn: false) is what was asked. */
static enum rs_verdict verdict_of(const struct rs_check_ctx *ctx, const struct rs_cap_reason *r)
{
	const struct rs_profile *pr = ctx->params ? ctx->params->profile : NULL;

	if (!strcmp(r->id, "ecn_off") && pr && pr->ecn == 0)
		return RS_PASS;
	return r->verdict;
}

void rs_check_capture_health(const struct rs_check_ctx *ctx, const struct rs_check *c,
			     struct rs_findings *out)
{
	const struct rs_capture_ctx *cap = ctx->capture;
	const struct rs_cap_verdicts *v = cap ? cap->verdicts : NULL;

	if (!v) {
		struct rs_finding *f = capture_f(ctx, c, RS_SKIP, out);

		no_capture(f);
		RS_FSET(f->expected, _("no bad ICRC, NAK, PSN gap, retransmission or congestion "
			"mark"));
		return;
	}
	for (size_t i = 0; i < v->n_reasons; i++) {
		const struct rs_cap_reason *r = &v->reasons[i];
		enum rs_verdict verdict = verdict_of(ctx, r);
		struct rs_finding *f = capture_f(ctx, c, verdict, out);

		RS_FSET(f->object, "capture %s", r->id);
		copy_summary(f, r->text, r->text_en, verdict != r->verdict);
		RS_FSET(f->evidence, _("capture %s: %llu frames, wire %s"), cap->label,
			cap->packets, rs_verdict_label(v->health));
		RS_FSET(f->expected, _("no bad ICRC, NAK, PSN gap, retransmission or congestion "
			"mark; ECN-capable RoCE"));
		if (verdict == RS_FAIL || verdict == RS_WARN)
			RS_FSET(f->remedy, "%s", _(remedy_of(r->id)));
	}
}
