/* SPDX-License-Identifier: MIT */
/*
 * analyze.c - the second pass over a loaded recording: every sample is
 * decoded once, which validates it, and on the way the pass keeps
 *
 *   checkpoints  the state every RS_REC_CKPT_EVERY samples, so a cursor
 *                decodes at most that many samples to reach any point;
 *   totals       each counter's scaled increase since the first sample,
 *                with the series' delta rule (rate.h: 32-bit wrap, reset);
 *   marks        the samples where a counter that explains a slow run
 *                (an error, congestion, pause) began to rise;
 *   overview     each counter's highest rate in each of n_buckets slices
 *                of the run's time, for sparklines of the whole run: a
 *                slice no rate fell in is RS_REC_NO_DATA, not a rate of 0
 *                (a run of fewer samples than RS_REC_BUCKETS has one slice
 *                per interval, and readings are not evenly spaced).
 */
#include "record/rec_priv.h"
#include "model/rate.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void rs_rec_acc_init(struct rs_rec_acc *a, size_t n)
{
	n = n ? n : 1;
	a->total = rs_xcalloc(n, sizeof(*a->total));
	a->last = rs_xcalloc(n, sizeof(*a->last));
	a->last_ts = rs_xcalloc(n, sizeof(*a->last_ts));
	a->seen = rs_xcalloc(n, 1);
	a->rising = rs_xcalloc(n, 1);
}

void rs_rec_acc_free(struct rs_rec_acc *a)
{
	free(a->total);
	free(a->last);
	free(a->last_ts);
	free(a->seen);
	free(a->rising);
	memset(a, 0, sizeof(*a));
}

void rs_rec_acc_copy(struct rs_rec_acc *dst, const struct rs_rec_acc *src, size_t n)
{
	memcpy(dst->total, src->total, n * sizeof(*dst->total));
	memcpy(dst->last, src->last, n * sizeof(*dst->last));
	memcpy(dst->last_ts, src->last_ts, n * sizeof(*dst->last_ts));
	memcpy(dst->seen, src->seen, n);
	memcpy(dst->rising, src->rising, n);
}

void rs_rec_acc_add(const struct rs_recording *r, struct rs_rec_acc *a,
		    const struct rs_rec_state *st, size_t k,
		    void (*cb)(void *arg, unsigned gid, double rate, int started), void *arg)
{
	const struct rs_rec_schema *sc = &r->schemas[st->schema];

	for (size_t i = 0; i < sc->n_sets; i++) {
		const struct rs_rec_set *set = &sc->sets[i];
		uint64_t ts = (st->flags[i] & RS_RSET_NO_TS) ? st->ts : st->set_ts[i];

		for (size_t j = set->first; j < set->first + set->n; j++) {
			unsigned g = sc->gid[j];
			uint64_t v = st->values[j], d;
			double rate = -1;	/* none: the clock did not move */
			int started;

			if (!a->seen[g]) {
				a->seen[g] = 1;
				a->last[g] = v;
				a->last_ts[g] = ts;
				continue;
			}
			d = rs_counter_delta(a->last[g], v, NULL) * r->ctrs[g].scale;
			a->total[g] += d;
			if (ts > a->last_ts[g])
				rate = (double)d * 1e9 / (double)(ts - a->last_ts[g]);
			started = d && !a->rising[g];
			a->rising[g] = d != 0;
			a->last[g] = v;
			a->last_ts[g] = ts;
			if (cb)
				cb(arg, g, rate, started);
		}
	}
	(void)k;
}

/* An error, or a congestion or pause counter: what a mark is for. */
static int markable(const struct rs_rec_counter *c)
{
	return c->cls && ((c->cls->flags & RS_CF_ERROR) || c->cls->group == RS_CG_CONGESTION ||
			  c->cls->group == RS_CG_PAUSE);
}

struct pass {
	struct rs_recording *r;
	size_t k;
	unsigned bucket;
};

static void on_counter(void *arg, unsigned g, double rate, int started)
{
	struct pass *p = arg;
	struct rs_recording *r = p->r;
	float *ov = &r->overview[(size_t)g * RS_REC_BUCKETS + p->bucket];

	if (rate >= 0 && (float)rate > *ov)
		*ov = (float)rate;
	if (started && r->n_marks < RS_REC_MAX_MARKS && markable(&r->ctrs[g])) {
		struct rs_rec_mark *m = RS_APPEND(r->marks, r->n_marks);

		m->sample = p->k;
		m->gid = g;
	}
}

unsigned rs_rec_bucket(const struct rs_recording *r, size_t k)
{
	uint64_t span, at;

	unsigned nb = r->n_buckets ? r->n_buckets : 1;

	if (r->n_samples < 2)
		return 0;
	if (k >= r->n_samples)
		k = r->n_samples - 1;
	span = r->samples[r->n_samples - 1].ts - r->samples[0].ts;
	at = r->samples[k].ts - r->samples[0].ts;
	if (!span)
		return (unsigned)(k * nb / r->n_samples);
	/* at <= span, so the product stays below 2^64 for any run under 4.8 years */
	return at >= span ? nb - 1 : (unsigned)(at / (span / nb + 1));
}

const float *rs_rec_overview(const struct rs_recording *r, unsigned gid)
{
	return r->overview && gid < r->n_ctrs ? &r->overview[(size_t)gid * RS_REC_BUCKETS] : NULL;
}

void rs_rec_analysis_free(struct rs_recording *r)
{
	for (size_t i = 0; i < r->n_ckpts; i++) {
		rs_rec_state_free(&r->ckpts[i].st);
		rs_rec_acc_free(&r->ckpts[i].acc);
	}
	free(r->ckpts);
	free(r->marks);
	free(r->overview);
	r->ckpts = NULL;
	r->marks = NULL;
	r->overview = NULL;
	r->n_ckpts = r->n_marks = 0;
}

static void checkpoint(struct rs_recording *r, size_t k, const struct rs_rec_state *st,
		       const struct rs_rec_acc *a)
{
	struct rs_rec_ckpt *c = RS_APPEND(r->ckpts, r->n_ckpts);

	c->sample = k;
	rs_rec_state_init(&c->st);
	rs_rec_state_copy(&c->st, st, r);
	rs_rec_acc_init(&c->acc, r->n_ctrs);
	rs_rec_acc_copy(&c->acc, a, r->n_ctrs);
}

static int pass(struct rs_recording *r, size_t *bad, const char **why)
{
	struct rs_rec_state st;
	struct rs_rec_acc a;
	struct pass p = { .r = r };
	int ret = 0;

	rs_rec_analysis_free(r);
	r->overview = rs_xmalloc((r->n_ctrs ? (size_t)r->n_ctrs * RS_REC_BUCKETS : 1) *
				 sizeof(*r->overview));
	for (size_t i = 0; i < (r->n_ctrs ? (size_t)r->n_ctrs * RS_REC_BUCKETS : 1); i++)
		r->overview[i] = RS_REC_NO_DATA;
	/* the first sample has no rate: one slice per interval */
	r->n_buckets = r->n_samples > RS_REC_BUCKETS ? RS_REC_BUCKETS :
		       r->n_samples > 1 ? (unsigned)r->n_samples - 1 : 1;
	rs_rec_state_init(&st);
	rs_rec_acc_init(&a, r->n_ctrs);
	for (p.k = 0; p.k < r->n_samples; p.k++) {
		ret = rs_rec_decode(r, p.k, &st, why);
		if (ret) {
			*bad = p.k;
			break;
		}
		p.bucket = rs_rec_bucket(r, p.k);
		rs_rec_acc_add(r, &a, &st, p.k, on_counter, &p);
		if (p.k % RS_REC_CKPT_EVERY == 0)
			checkpoint(r, p.k, &st, &a);
	}
	rs_rec_state_free(&st);
	rs_rec_acc_free(&a);
	return ret;
}

/*
 * Format 2: sample bad does not decode (its record is sound, its content
 * is not): it and the change samples after it, up to the next key sample,
 * are dropped and counted, and the findings' samples move with the rest.
 */
static void drop(struct rs_recording *r, size_t bad, const char *why)
{
	const struct rs_rec_sample *b = &r->samples[bad];
	size_t end = bad + 1, n;

	rs_rec_note_damage(r, b->frame, b->off + b->len + RS_FRAME_TRAILER - b->frame, why);
	while (end < r->n_samples && !r->samples[end].key)
		end++;
	n = end - bad;
	memmove(&r->samples[bad], &r->samples[end], (r->n_samples - end) * sizeof(*r->samples));
	r->n_samples -= n;
	r->lost += n;
	for (size_t i = 0; i < r->n_findings; i++) {
		size_t *at = &r->findings[i].sample;

		if (*at >= end)
			*at -= n;
		else if (*at >= bad)
			*at = bad ? bad - 1 : 0;
	}
}

int rs_rec_analyze(struct rs_recording *r)
{
	const char *why = "";
	size_t bad = 0;

	while (r->n_samples && pass(r, &bad, &why)) {
		if (r->version >= 2) {
			drop(r, bad, why);
			continue;
		}
		/* Format 1: cut at the sample that does not decode; its buckets
		 * are laid out again over the samples that remain. */
		r->tail = RS_REC_DAMAGED;
		r->tail_off = r->samples[bad].frame;
		RS_STRCPY(r->tail_why, why);
		r->n_samples = bad;
		if (bad)
			pass(r, &bad, &why);
		else
			rs_rec_analysis_free(r);
		return -EINVAL;
	}
	if (!r->n_samples)
		rs_rec_analysis_free(r);
	return 0;
}
