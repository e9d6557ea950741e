/* SPDX-License-Identifier: MIT */
/*
 * checks_counters.c - checks over a port's error counters: those that rose
 * in the last interval (two readings), and the totals of a single reading.
 *
 * A port's error counters are those the counter table marks as errors in
 * its counters/ and hw_counters/ and in its netdev's ethtool -S and
 * statistics.  One that rose is loss, retransmission, a QP gone to error,
 * a bad link, a drop or a PCIe stall happening now; one that rose once
 * long ago is history, which is why with two readings only the last
 * interval counts (counters.error_rising).  Counters that also move on
 * healthy links (rxe's retransmit timer under emulation) make a warning,
 * the others a failure.
 *
 * A single reading (a saved file, --interval 0) cannot show what rises;
 * it shows totals since the counters were last reset, which are worth a
 * warning and a second reading, never a failure (counters.error_totals).
 * A port without any error counter to read skips: no counter is no
 * evidence.
 */
#include "diag/check.h"

#include <stdio.h>
#include <string.h>

#define LIST_MAX 4	/* counters named in the summary */
#define EVIDENCE_MAX 8	/* counters given with their value in the evidence */
#define HITS_MAX 128	/* non-zero error counters kept per port (more are counted) */

struct hit {
	enum rs_corigin origin;
	const char *name;
	uint64_t v;
	int sev;
};

struct errs {
	int watched;			/* error counters the port has */
	int n, noisy_only;		/* of them non-zero (rising, or total) */
	double interval_s;
	struct hit hits[HITS_MAX];
	char names[4 * RS_NAME_LEN];
	char evidence[RS_FINDING_LEN - 64];
	enum rs_cgroup worst;		/* the most serious group among them */
};

/* Which group comes first when several rose: a QP in error and a bad link
 * explain the retransmissions and drops that go with them. */
static int severity(enum rs_cgroup g)
{
	switch (g) {
	case RS_CG_QP_FATAL:
		return 6;
	case RS_CG_LINK:
		return 5;
	case RS_CG_ROCE_ERR:
		return 4;
	case RS_CG_DROPS:
		return 3;
	case RS_CG_PCIE:
		return 2;
	case RS_CG_PAUSE:
		return 1;
	default:
		return 0;
	}
}

/* Note one non-zero error counter (its increase, or its total). */
static void note(struct errs *r, enum rs_corigin o, const char *name,
		 const struct rs_counter_class *cls, uint64_t v)
{
	if (!r->n || severity(cls->group) > severity(r->worst))
		r->worst = cls->group;
	if (!(cls->flags & RS_CF_NOISY))
		r->noisy_only = 0;
	if (r->n < HITS_MAX)
		r->hits[r->n] = (struct hit){ o, name, v, severity(cls->group) };
	r->n++;
}

/*
 * The names (summary) and values (evidence) of the counters noted, the
 * most serious group first, in reading order within a group: "hw_counters/
 * req_cqe_error +2".  What does not fit is counted, never dropped silently.
 */
static void describe(struct errs *r, const char *op)
{
	int kept = r->n < HITS_MAX ? r->n : HITS_MAX, listed = 0, shown = 0;
	size_t ln = 0, le = 0;

	for (int sev = 6; sev >= 0; sev--)
		for (int i = 0; i < kept; i++) {
			const struct hit *h = &r->hits[i];

			if (h->sev != sev)
				continue;
			if (listed < LIST_MAX && ln < sizeof(r->names))
				ln += (size_t)snprintf(r->names + ln, sizeof(r->names) - ln,
						       "%s%s", listed ? ", " : "", h->name);
			listed++;
			if (shown < EVIDENCE_MAX && le < sizeof(r->evidence))
				le += (size_t)snprintf(r->evidence + le, sizeof(r->evidence) - le,
						       "%s%s/%s %s%llu", shown ? ", " : "",
						       rs_corigin_name(h->origin), h->name, op,
						       (unsigned long long)h->v);
			shown++;
		}
	if (r->n > EVIDENCE_MAX && le < sizeof(r->evidence))
		/* TRANSLATORS: appended to a list of counters and their values. */
		snprintf(r->evidence + le, sizeof(r->evidence) - le, _(" and %d more"),
			 r->n - EVIDENCE_MAX);
}

static void scan_rising(const struct rs_series_set *set, struct errs *r)
{
	for (size_t i = 0; set && i < set->n; i++) {
		const struct rs_series_ctr *k = &set->ctrs[i];

		if (!k->cls || !(k->cls->flags & RS_CF_ERROR))
			continue;
		r->watched++;
		if (!k->delta)
			continue;
		note(r, set->origin, k->name, k->cls, k->delta);
		if (k->has_rate && k->rate > 0)
			r->interval_s = (double)k->delta / k->rate;
	}
}

static const char *remedy_of(enum rs_cgroup g)
{
	switch (g) {
	case RS_CG_QP_FATAL:
		return _("a QP went to the error state: retries exhausted mean the path loses "
		       "packets (PFC or ECN, switch drops) or the peer stopped answering or "
		       "posts receives too late; access and length errors are the "
		       "application's (its completion status: rocescope explain)");
	case RS_CG_LINK:
		return _("the physical link is failing: reseat or replace the cable and "
		       "transceiver (ethtool -m NETDEV: optical levels), check the switch "
		       "port's error counters; link_downed counts the flaps");
	case RS_CG_ROCE_ERR:
		return _("packets are lost or retransmitted on the path: make the path lossless "
		       "(PFC on the RoCE priority, or ECN) and look for drops on the switch "
		       "ports and cables; confirm with a capture of UDP 4791");
	case RS_CG_PCIE:
		return _("the NIC waits on PCIe: check the slot's link (pci.link_degraded), "
		       "NUMA placement of the buffers and the PCIe MaxReadReq");
	case RS_CG_PAUSE:
		return _("pause storms stop the port: find the peer that sends them and why "
		       "its buffers fill (ethtool -S on both ends)");
	default:
		return _("packets are dropped before RDMA sees them: look at buffer and MTU "
		       "settings on this port and its peer (ethtool -S, ip -s link)");
	}
}

static void port_rising(const struct rs_check_ctx *ctx, const struct rs_check *c,
			const struct rs_device *d, const struct rs_port *p,
			struct rs_findings *out)
{
	const struct rs_series *s = ctx->series;
	struct errs r = { .noisy_only = 1 };
	enum rs_verdict v;
	struct rs_finding *f;

	if (s) {
		scan_rising(rs_series_port_set(s, d->name, p->num, RS_CO_PORT), &r);
		scan_rising(rs_series_port_set(s, d->name, p->num, RS_CO_HW), &r);
		scan_rising(rs_series_netdev_set(s, p->netdev, RS_CO_ETHTOOL), &r);
		scan_rising(rs_series_netdev_set(s, p->netdev, RS_CO_NETDEV), &r);
	}
	v = !s || s->updates < 2 || !r.watched ? RS_SKIP : !r.n ? RS_PASS :
	    r.noisy_only ? RS_WARN : RS_FAIL;
	f = rs_finding_port(out, c, v, d, p);
	RS_FSET(f->expected, _("error counters flat between two readings"));
	if (!s || s->updates < 2) {
		RS_FSUMMARY(f, "one reading only: nothing can be seen rising "
			"(counters.error_totals gives the totals)");
		RS_FSET(f->evidence, _("counters need two readings (rocescope counters, check "
			"--interval SEC, or the console)"));
		return;
	}
	if (v == RS_SKIP) {
		RS_FSUMMARY(f, "no error counter to watch on this port");
		RS_FSET(f->evidence, _("counters, hw_counters and %s's statistics: no counter the "
			"counter table marks as an error"),
			p->netdev[0] ? p->netdev : _("the netdev"));
		return;
	}
	if (v == RS_PASS) {
		RS_FSUMMARY(f, "no error counter rose in the last interval");
		RS_FSET(f->evidence, _(r.watched == 1 ?
			N_("counters, hw_counters and %s's statistics: %d error counter, none "
			   "moved") :
			N_("counters, hw_counters and %s's statistics: %d error counters, none "
			   "moved")),
			p->netdev[0] ? p->netdev : _("the netdev"), r.watched);
		return;
	}
	f->count = (unsigned)r.n;
	describe(&r, "+");
	if (r.n > LIST_MAX)
		RS_FSUMMARY(f, "%d error counters rising: %s and %d more", r.n, r.names,
			    r.n - LIST_MAX);
	else
		RS_FSUMMARY(f, r.n == 1 ? N_("%d error counter rising: %s") :
			    N_("%d error counters rising: %s"), r.n, r.names);
	if (r.interval_s > 0)
		RS_FSET(f->evidence, _("%s in the last %.1f s"), r.evidence, r.interval_s);
	else
		RS_FSET(f->evidence, _("%s since the previous reading"), r.evidence);
	RS_FSET(f->remedy, "%s", remedy_of(r.worst));
}

void rs_check_error_rising(const struct rs_check_ctx *ctx, const struct rs_check *c,
			   struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;

	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++)
			port_rising(ctx, c, &s->devices[i], &s->devices[i].ports[j], out);
}

/*
 * The totals of one reading.  Counters that move on healthy links (noisy)
 * and the netdev's own statistics (rx_dropped counts every frame of an
 * unknown protocol since boot) are left out: as totals they say nothing.
 */
static void scan_totals(const struct rs_counter_set *set, enum rs_corigin o, struct errs *r)
{
	for (size_t i = 0; set && i < set->count; i++) {
		const struct rs_counter *k = &set->items[i];
		const struct rs_counter_class *cls = rs_counter_classify(o, k->name);

		if (!cls || !(cls->flags & RS_CF_ERROR) || (cls->flags & RS_CF_NOISY))
			continue;
		r->watched++;
		if (k->value)
			note(r, o, k->name, cls, k->value);
	}
}

static void port_totals(const struct rs_check_ctx *ctx, const struct rs_check *c,
			const struct rs_device *d, const struct rs_port *p,
			struct rs_findings *out)
{
	const struct rs_link *l = rs_ctx_link(ctx, p->netdev);
	int two = ctx->series && ctx->series->updates >= 2;
	struct errs r = { .noisy_only = 1 };
	struct rs_finding *f;

	/* With two readings the totals are not the evidence: skip the scan
	 * (the console's every tick). */
	if (!two) {
		scan_totals(&p->counters, RS_CO_PORT, &r);
		scan_totals(&p->hw_counters, RS_CO_HW, &r);
		if (l)
			scan_totals(&l->ethtool, RS_CO_ETHTOOL, &r);
	}
	f = rs_finding_port(out, c, two || !r.watched ? RS_SKIP : r.n ? RS_WARN : RS_PASS, d, p);
	RS_FSET(f->expected, _("error counters at 0 since they were last reset"));
	if (two) {
		RS_FSUMMARY(f, "two readings: counters.error_rising says what rises now");
		return;
	}
	if (!r.watched) {
		RS_FSUMMARY(f, "no error counter read for this port");
		return;
	}
	if (!r.n) {
		RS_FSUMMARY(f, "all %d error counters at 0", r.watched);
		RS_FSET(f->evidence, _("counters, hw_counters and %s's ethtool -S: %d error "
			"counters, all 0"), p->netdev[0] ? p->netdev : _("the netdev"), r.watched);
		return;
	}
	f->count = (unsigned)r.n;
	describe(&r, "= ");
	if (r.n > LIST_MAX)
		RS_FSUMMARY(f, "%d error counters not 0 since the last reset (one reading: "
			    "whether they still rise is unknown): %s and %d more", r.n, r.names,
			    r.n - LIST_MAX);
	else
		RS_FSUMMARY(f, r.n == 1 ? N_("%d error counter not 0 since the last reset (one "
					     "reading: whether they still rise is unknown): %s") :
			    N_("%d error counters not 0 since the last reset (one reading: "
			       "whether they still rise is unknown): %s"), r.n, r.names);
	RS_FSET(f->evidence, _("%s (totals since the counters were last reset)"), r.evidence);
	RS_FSET(f->remedy, _("take a second reading under load (rocescope check --interval 5) "
		"to see which still rise; if they do: %s"), remedy_of(r.worst));
}

void rs_check_error_totals(const struct rs_check_ctx *ctx, const struct rs_check *c,
			   struct rs_findings *out)
{
	const struct rs_snapshot *s = ctx->snap;

	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++)
			port_totals(ctx, c, &s->devices[i], &s->devices[i].ports[j], out);
}
