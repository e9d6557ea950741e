/* SPDX-License-Identifier: MIT */
/*
 * analysis.c - totals, the ring of recent packets, sorted flow lists and
 * the two verdicts of analysis.h.  The flow table itself is in flow.c.
 */
#include "capture/analysis_priv.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_FLOWS 4096
#define DEFAULT_RING 4096
#define MAX_CAP (1u << 24)	/* slot numbers are 32-bit; keep far from it */

struct rs_cap_analysis *rs_cap_analysis_new(size_t flow_cap, size_t ring_cap)
{
	struct rs_cap_analysis *a = rs_xcalloc(1, sizeof(*a));
	size_t n = 2;

	a->flow_cap = flow_cap ? flow_cap : DEFAULT_FLOWS;
	a->ring_cap = ring_cap ? ring_cap : DEFAULT_RING;
	if (a->flow_cap > MAX_CAP)
		a->flow_cap = MAX_CAP;
	if (a->ring_cap > MAX_CAP)
		a->ring_cap = MAX_CAP;
	while (n < 2 * a->flow_cap)
		n <<= 1;
	a->idx = rs_xcalloc(n, sizeof(*a->idx));
	a->idx_mask = n - 1;
	a->flows = rs_xcalloc(a->flow_cap, sizeof(*a->flows));
	a->ring = rs_xcalloc(a->ring_cap, sizeof(*a->ring));
	return a;
}

void rs_cap_analysis_free(struct rs_cap_analysis *a)
{
	if (!a)
		return;
	free(a->idx);
	free(a->flows);
	free(a->ring);
	free(a);
}

static void count_totals(struct rs_cap_totals *t, const struct rs_pkt *p)
{
	if (!t->frames || p->ts_ns < t->first_ts)
		t->first_ts = p->ts_ns;
	if (p->ts_ns > t->last_ts)
		t->last_ts = p->ts_ns;
	t->frames++;
	t->bytes += p->wire_len;
	t->malformed += rs_pkt_malformed(p);
	if (rs_pkt_malformed(p))
		t->malformed_by[p->err]++;
	t->snapped += p->err == RS_PERR_SNAPPED || p->cap_len < p->wire_len;
	if (!rs_pkt_is_roce(p)) {
		t->other++;
		return;
	}
	if (p->kind == RS_PKT_ROCE_V2)
		t->roce_v2++;
	else
		t->roce_v1++;
	t->roce_bytes += p->wire_len;
	t->ecn[p->tos & 3]++;
	t->dscp[p->tos >> 2]++;
	t->vlan += p->n_vlan > 0;
	t->icrc_ok += p->icrc == RS_ICRC_OK;
	t->icrc_bad += p->icrc == RS_ICRC_BAD;
	t->icrc_unchecked += p->icrc == RS_ICRC_UNCHECKED;
	if (!p->bth_ok)
		return;
	t->opcodes[p->opcode]++;
	t->cnp += p->opcode == RS_OP_CNP;
	if (p->hdrs & RS_HDR_MAD) {
		t->mads++;
		if (p->mad_class == RS_MAD_CLASS_CM && p->mad_attr < RS_ARRAY_SIZE(t->cm))
			t->cm[p->mad_attr]++;
	}
}

void rs_cap_analysis_add(struct rs_cap_analysis *a, const struct rs_pkt *p)
{
	count_totals(&a->t, p);
	a->ring[a->ring_total % a->ring_cap] = *p;
	a->ring_total++;
	if (rs_pkt_is_roce(p) && p->bth_ok)
		rs_cap_flow_update(a, rs_cap_flow_get(a, p), p);
}

const struct rs_cap_totals *rs_cap_totals(const struct rs_cap_analysis *a)
{
	return &a->t;
}

size_t rs_cap_flow_count(const struct rs_cap_analysis *a)
{
	return a->n_flows;
}

const struct rs_cap_flow *rs_cap_flow_at(const struct rs_cap_analysis *a, size_t i)
{
	return i < a->n_flows ? &a->flows[i] : NULL;
}

const struct rs_cap_flow *rs_cap_flow_peer(const struct rs_cap_analysis *a,
					   const struct rs_cap_flow *f)
{
	return f->peer ? &a->flows[f->peer - 1] : NULL;
}

static int flow_cmp(const void *x, const void *y)
{
	const struct rs_cap_flow *f = *(const struct rs_cap_flow *const *)x;
	const struct rs_cap_flow *g = *(const struct rs_cap_flow *const *)y;
	int c;

	if (f->packets != g->packets)
		return f->packets > g->packets ? -1 : 1;
	c = memcmp(f->src, g->src, 16);
	if (!c)
		c = memcmp(f->dst, g->dst, 16);
	return c ? c : (f->dqp > g->dqp) - (f->dqp < g->dqp);
}

size_t rs_cap_flows_sorted(const struct rs_cap_analysis *a, const struct rs_cap_flow **out,
			   size_t max)
{
	const struct rs_cap_flow **all;
	size_t n = a->n_flows;

	if (!n || !max)
		return 0;
	all = rs_xmalloc(n * sizeof(*all));
	for (size_t i = 0; i < n; i++)
		all[i] = &a->flows[i];
	qsort(all, n, sizeof(*all), flow_cmp);
	if (n > max)
		n = max;
	memcpy(out, all, n * sizeof(*all));
	free(all);
	return n;
}

void rs_cap_flow_rate(const struct rs_cap_flow *f, uint64_t now_ns, double *pps, double *bps)
{
	int idle = now_ns > f->last_ts && now_ns - f->last_ts >= 2000000000ULL;

	*pps = idle ? 0 : f->rate_pps;
	*bps = idle ? 0 : f->rate_bps;
}

uint64_t rs_cap_ring_total(const struct rs_cap_analysis *a)
{
	return a->ring_total;
}

uint64_t rs_cap_ring_oldest(const struct rs_cap_analysis *a)
{
	return a->ring_total > a->ring_cap ? a->ring_total - a->ring_cap : 0;
}

const struct rs_pkt *rs_cap_ring_get(const struct rs_cap_analysis *a, uint64_t seq)
{
	if (seq >= a->ring_total || seq < rs_cap_ring_oldest(a))
		return NULL;
	return &a->ring[seq % a->ring_cap];
}

const char *rs_roce_seen_name(enum rs_roce_seen s)
{
	static const char *const n[] = { "nothing", "v2", "v1", "v1+v2" };

	return (unsigned)s < RS_ARRAY_SIZE(n) ? n[s] : "?";
}
