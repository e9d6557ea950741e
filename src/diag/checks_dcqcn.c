/* SPDX-License-Identifier: MIT */
/*
 * checks_dcqcn.c - congestion control as the driver sees it: DCQCN's
 * notification point (this NIC sends CNPs for ECN-marked packets it
 * receives) and reaction point (it slows down on CNPs it receives) per
 * priority, the priority and DSCP CNPs are sent with, against PFC and
 * against the peer's own settings.
 *
 * Two things break DCQCN quietly: a host that sends CNPs but ignores the
 * ones it receives (np on, rp off on the RoCE priority) never slows down,
 * so its congestion only ends in drops or pause storms; and CNPs sent on a
 * priority the fabric does not protect are dropped exactly when the
 * congestion they report fills the queues.  The switches are MLNX_OFED's
 * sysfs tree (net_conf.c); elsewhere (upstream mlx5, rxe) the checks skip.
 */
#include "diag/check.h"
#include "model/peer_view.h"

#include <stdio.h>
#include <string.h>

/* The RoCE priority of a link: the one PFC is on, else 3 (NVIDIA's). */
static int roce_prio(const struct rs_link *l)
{
	for (int p = 0; p < 8; p++)
		if (l->dcb.known && (l->dcb.pfc_en & (1u << p)))
			return p;
	return 3;
}

static struct rs_finding *ecn_finding(struct rs_findings *out, const struct rs_check *c,
				      enum rs_verdict v, const struct rs_link *l)
{
	return rs_finding_netdev(out, c, v, l->name);
}

/* np on and rp off on the RoCE priority: it marks, it does not listen. */
static int rp_off(struct rs_findings *out, const struct rs_check *c, const struct rs_link *l,
		  int prio)
{
	struct rs_finding *f;

	if (!(l->ecn.np_en & (1u << prio)) || (l->ecn.rp_en & (1u << prio)))
		return 0;
	f = ecn_finding(out, c, RS_WARN, l);
	RS_FSUMMARY(f, "%s: ECN notification on for priority %d, reaction off: it sends CNPs "
		"but never slows down for the ones it gets", l->name, prio);
	RS_FSET(f->evidence, "/sys/class/net/%s/ecn/roce_np/enable/%d = 1, roce_rp/enable/%d = 0",
		l->name, prio, prio);
	RS_FSET(f->expected, _("the reaction point on wherever the notification point is"));
	RS_FSET(f->remedy, "echo 1 > /sys/class/net/%s/ecn/roce_rp/enable/%d", l->name, prio);
	return 1;
}

/* CNPs sent on a priority without PFC: lost in the congestion they report. */
static int cnp_unprotected(struct rs_findings *out, const struct rs_check *c,
			   const struct rs_link *l)
{
	struct rs_finding *f;

	if (!l->ecn.np_en || l->ecn.cnp_prio < 0 || !l->dcb.known || !l->dcb.pfc_en ||
	    (l->dcb.pfc_en & (1u << l->ecn.cnp_prio)))
		return 0;
	f = ecn_finding(out, c, RS_WARN, l);
	RS_FSUMMARY(f, "%s: CNPs go out on priority %d, which has no PFC", l->name,
		l->ecn.cnp_prio);
	RS_FSET(f->evidence, _("roce_np/cnp_802p_prio %d, cnp_dscp %d; DCB PFC enabled on 0x%02x"),
		l->ecn.cnp_prio, l->ecn.cnp_dscp, l->dcb.pfc_en);
	RS_FSET(f->expected, _("CNPs on a priority the fabric does not drop (lossless, or a strict "
		"priority queue on the switch)"));
	RS_FSET(f->remedy, _("echo %d > /sys/class/net/%s/ecn/roce_np/cnp_802p_prio (the RoCE "
		"priority), or give the CNP priority a strict queue on the switches"),
		roce_prio(l), l->name);
	return 1;
}

void rs_check_dcqcn(const struct rs_check_ctx *ctx, const struct rs_check *c,
		    struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;

	for (size_t i = 0; i < s->n_links; i++) {
		const struct rs_link *l = &s->links[i];
		struct rs_finding *f;
		int prio, bad;

		if (!rs_ctx_rdma_netdev(ctx, l->name))
			continue;
		if (!l->ecn.known) {
			f = ecn_finding(out, c, RS_SKIP, l);
			RS_FSUMMARY(f, "%s: the driver shows no ECN/DCQCN switches (upstream mlx5: "
				    "debugfs cc_params; rxe: none)", l->name);
			continue;
		}
		prio = roce_prio(l);
		bad = rp_off(out, c, l, prio) + cnp_unprotected(out, c, l);
		if (bad)
			continue;
		f = ecn_finding(out, c, RS_PASS, l);
		RS_FSUMMARY(f, "%s: DCQCN np 0x%02x rp 0x%02x, CNPs on priority %d DSCP %d",
			    l->name, l->ecn.np_en, l->ecn.rp_en, l->ecn.cnp_prio, l->ecn.cnp_dscp);
	}
}

/* The link towards the peer (the route lookup), else the first RDMA one. */
static const struct rs_link *local_link(const struct rs_check_ctx *ctx)
{
	const struct rs_snapshot *s = ctx->snap;
	const struct rs_link *first = NULL;

	for (size_t i = 0; i < s->n_links; i++) {
		if (!rs_ctx_rdma_netdev(ctx, s->links[i].name))
			continue;
		if (s->peer.ok && !strcmp(s->links[i].name, s->peer.dev))
			return &s->links[i];
		if (!first)
			first = &s->links[i];
	}
	return first;
}

void rs_check_same_dcqcn(const struct rs_check_ctx *ctx, const struct rs_check *c,
			 struct rs_findings *out)
{
	const struct rs_peer_view *pv = ctx->peer_view;
	const struct rs_link *l = local_link(ctx);
	struct rs_finding *f = rs_finding_new(out, c, RS_SKIP, RS_OBJ_PEER);
	int same;

	RS_FSET(f->object, "%s", pv && pv->known ? pv->addr : "peer");
	RS_FSET(f->addr, "%s", pv && pv->known ? pv->addr : "");
	if (!pv || !pv->known) {
		RS_FSUMMARY(f, "the peer's own view is unknown: run a test against rocescope "
			"serve on the peer");
		return;
	}
	if (!pv->dcqcn_known || !l || !l->ecn.known) {
		RS_FSUMMARY(f, !l || !l->ecn.known ?
			    N_("DCQCN of this end unknown (its driver shows no ECN switches, or a "
			       "version 1 peer)") :
			    N_("DCQCN of the peer unknown (its driver shows no ECN switches, or a "
			       "version 1 peer)"));
		return;
	}
	same = l->ecn.np_en == pv->np_en && l->ecn.rp_en == pv->rp_en &&
	       l->ecn.cnp_prio == pv->cnp_prio && l->ecn.cnp_dscp == pv->cnp_dscp;
	f->verdict = same ? RS_PASS : RS_WARN;
	RS_FSET(f->netdev, "%s", l->name);
	RS_FSUMMARY(f, same ? N_("DCQCN agrees on both ends") :
		    N_("DCQCN differs between the ends: CNPs one sends, the other may ignore or "
		       "drop"));
	RS_FSET(f->evidence, _("here %s: np 0x%02x rp 0x%02x cnp prio %d dscp %d; peer %s: np "
		"0x%02x rp 0x%02x cnp prio %d dscp %d"), l->name, l->ecn.np_en, l->ecn.rp_en,
		l->ecn.cnp_prio, l->ecn.cnp_dscp, pv->hostname, pv->np_en, pv->rp_en,
		pv->cnp_prio, pv->cnp_dscp);
	RS_FSET(f->expected, _("the same ECN/DCQCN switches and CNP marking on both ends"));
	if (!same)
		RS_FSET(f->remedy, _("set /sys/class/net/IF/ecn/roce_np and roce_rp alike on both "
			"hosts (the site profile or NVIDIA's RoCE configuration guide)"));
}
