/* SPDX-License-Identifier: MIT */
/*
 * checks_counters.c - checks over the counter series: the error counters
 * of a port that rose in the last interval.
 *
 * A port's error counters are those the counter table marks as errors in
 * its counters/ and hw_counters/ and in its netdev's ethtool -S and
 * statistics.  One that rose is loss, retransmission, a drop or a PCIe
 * stall happening now; one that rose once long ago is history, which is
 * why only the last interval counts.  Counters that also move on healthy
 * links (rxe's retransmit timer under emulation) make a warning, the others
 * a failure.  With a single reading (a saved file, `devices`) nothing can
 * be rising: skip.
 */
#include "diag/check.h"

#include <stdio.h>
#include <string.h>

#define LIST_MAX 4	/* counters named in the summary */
#define EVIDENCE_MAX 8	/* counters given with their increase in the evidence */

struct rising {
	int n, noisy_only;
	double interval_s;
	char names[4 * RS_NAME_LEN];
	char evidence[RS_FINDING_LEN - 64];
	enum rs_cgroup worst;		/* the group of the first one */
};

static void scan_set(const struct rs_series_set *set, struct rising *r)
{
	for (size_t i = 0; set && i < set->n; i++) {
		const struct rs_series_ctr *k = &set->ctrs[i];
		size_t ln = strlen(r->names), le = strlen(r->evidence);

		if (!k->cls || !(k->cls->flags & RS_CF_ERROR) || !k->delta)
			continue;
		if (!r->n)
			r->worst = k->cls->group;
		if (!(k->cls->flags & RS_CF_NOISY))
			r->noisy_only = 0;
		if (r->n < LIST_MAX && ln < sizeof(r->names))
			snprintf(r->names + ln, sizeof(r->names) - ln, "%s%s", r->n ? ", " : "",
				 k->name);
		if (r->n < EVIDENCE_MAX && le < sizeof(r->evidence))
			snprintf(r->evidence + le, sizeof(r->evidence) - le, "%s%s/%s +%llu",
				 r->n ? ", " : "", rs_corigin_name(set->origin), k->name,
				 (unsigned long long)k->delta);
		if (k->has_rate && k->rate > 0 && k->delta)
			r->interval_s = (double)k->delta / k->rate;
		r->n++;
	}
}

static const char *remedy_of(enum rs_cgroup g)
{
	switch (g) {
	case RS_CG_ROCE_ERR:
		return "packets are lost or retransmitted on the path: make the path lossless "
		       "(PFC on the RoCE priority, or ECN) and look for drops on the switch "
		       "ports and cables; confirm with a capture of UDP 4791";
	case RS_CG_PCIE:
		return "the NIC waits on PCIe: check the slot's link (pci.link_degraded), "
		       "NUMA placement of the buffers and the PCIe MaxReadReq";
	case RS_CG_PAUSE:
		return "pause storms stop the port: find the peer that sends them and why "
		       "its buffers fill (ethtool -S on both ends)";
	default:
		return "packets are dropped before RDMA sees them: look at buffer and MTU "
		       "settings on this port and its peer (ethtool -S, ip -s link)";
	}
}

static void port_rising(const struct rs_check_ctx *ctx, const struct rs_check *c,
			const struct rs_device *d, const struct rs_port *p,
			struct rs_findings *out)
{
	const struct rs_series *s = ctx->series;
	struct rising r = { .noisy_only = 1 };
	enum rs_verdict v;
	struct rs_finding *f;

	if (s) {
		scan_set(rs_series_port_set(s, d->name, p->num, RS_CO_PORT), &r);
		scan_set(rs_series_port_set(s, d->name, p->num, RS_CO_HW), &r);
		scan_set(rs_series_netdev_set(s, p->netdev, RS_CO_ETHTOOL), &r);
		scan_set(rs_series_netdev_set(s, p->netdev, RS_CO_NETDEV), &r);
	}
	v = !s || s->updates < 2 ? RS_SKIP : !r.n ? RS_PASS : r.noisy_only ? RS_WARN : RS_FAIL;
	f = rs_finding_new(out, c, v, RS_OBJ_PORT);
	RS_FSET(f->object, "%s port %u", d->name, p->num);
	RS_FSET(f->device, "%s", d->name);
	RS_FSET(f->netdev, "%s", p->netdev);
	f->port = p->num;
	RS_FSET(f->expected, "error counters flat between two readings");
	if (v == RS_SKIP) {
		RS_FSET(f->summary, "one reading only: nothing can be seen rising");
		RS_FSET(f->evidence, "counters need two readings (rocescope counters, or the "
			"console)");
		return;
	}
	if (v == RS_PASS) {
		RS_FSET(f->summary, "no error counter rose in the last interval");
		RS_FSET(f->evidence, "counters, hw_counters and %s's statistics: no error "
			"counter moved", p->netdev[0] ? p->netdev : "the netdev");
		return;
	}
	f->count = (unsigned)r.n;
	RS_FSET(f->summary, "%d error counter%s rising: %s%s", r.n, r.n == 1 ? "" : "s", r.names,
		r.n > LIST_MAX ? ", ..." : "");
	if (r.interval_s > 0)
		RS_FSET(f->evidence, "%s%s in the last %.1f s", r.evidence,
			r.n > EVIDENCE_MAX ? " (and more)" : "", r.interval_s);
	else
		RS_FSET(f->evidence, "%s%s since the previous reading", r.evidence,
			r.n > EVIDENCE_MAX ? " (and more)" : "");
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
