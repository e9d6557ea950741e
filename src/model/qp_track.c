/* SPDX-License-Identifier: MIT */
/*
 * qp_track.c - the followed queue pairs of qp_track.h: matching QPs
 * across readings, PSN movement and stalls, ERR and gone times, rates
 * from the QP's own counter or from its port's, and the views' order.
 */
#include "i18n.h"
#include "model/qp_track.h"
#include "model/rate.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QP_ERR 6
#define QP_RTR 2
#define QP_RTS 3

/*
 * Per-QP counter names by kind, as the drivers name them: mlx5
 * (Documentation/ABI/stable/sysfs-driver-ib_mlx5 and `rdma statistic qp
 * show`) and rxe (rxe_hw_counters.c, what its port counters are called).
 */
static const struct {
	const char *name;
	enum rs_qp_rate kind;
} kinds[] = {
	{ "roce_adp_retrans", RS_QR_RETRANS },
	{ "completer_retry_err", RS_QR_RETRANS },	/* rxe: its retransmit timer fired */
	{ "packet_seq_err", RS_QR_SEQ },
	{ "out_of_sequence", RS_QR_SEQ },
	{ "implied_nak_seq_err", RS_QR_SEQ },
	{ "rcvd_seq_err", RS_QR_SEQ },
	{ "out_of_seq_request", RS_QR_SEQ },
	{ "rnr_nak_retry_err", RS_QR_RNR },
	{ "rcvd_rnr_err", RS_QR_RNR },
	{ "send_rnr_err", RS_QR_RNR },
	{ "local_ack_timeout_err", RS_QR_TIMEOUT },
	{ "roce_adp_retrans_to", RS_QR_TIMEOUT },
};

int rs_qp_rate_kind(const char *counter)
{
	for (size_t i = 0; i < RS_ARRAY_SIZE(kinds); i++)
		if (!strcmp(kinds[i].name, counter))
			return (int)kinds[i].kind;
	return -1;
}

const char *rs_qp_rate_name(enum rs_qp_rate k)
{
	static const char *const names[RS_QR_COUNT] = { "retrans", "seq_err", "rnr", "timeout" };

	return (unsigned)k < RS_QR_COUNT ? names[k] : "?";
}

void rs_qp_table_init(struct rs_qp_table *t)
{
	memset(t, 0, sizeof(*t));
}

void rs_qp_table_free(struct rs_qp_table *t)
{
	for (size_t i = 0; i < t->n; i++)
		rs_counter_set_free(&t->qps[i].counters);
	free(t->qps);
	rs_qp_table_init(t);
}

uint64_t rs_qp_reading_ns(const struct rs_snapshot *snap)
{
	uint64_t ns = 0;

	for (size_t d = 0; d < snap->n_devices; d++)
		for (size_t p = 0; p < snap->devices[d].n_ports; p++) {
			const struct rs_port *port = &snap->devices[d].ports[p];

			if (port->counters.ts_ns > ns)
				ns = port->counters.ts_ns;
			if (port->hw_counters.ts_ns > ns)
				ns = port->hw_counters.ts_ns;
		}
	return ns;
}

static struct rs_qp_tracked *find(struct rs_qp_table *t, const char *dev, const struct rs_qp *q)
{
	for (size_t i = 0; i < t->n; i++) {
		struct rs_qp_tracked *e = &t->qps[i];

		if (e->lqpn == q->lqpn && e->port == q->port && e->pid == q->pid &&
		    e->kernel == q->kernel && !strcmp(e->device, dev))
			return e;
	}
	return NULL;
}

static int owner_alive(const struct rs_snapshot *snap, const struct rs_qp *q)
{
	if (q->kernel || !q->pid)
		return 1;
	for (size_t i = 0; i < snap->n_procs; i++)
		if (snap->procs[i].pid == q->pid)
			return 1;
	return 0;
}

/* Rates from the QP's own counter: differences of the values read. */
static void own_rates(struct rs_qp_tracked *e, const struct rs_qp *q, double dt)
{
	for (size_t i = 0; i < q->counters.count; i++) {
		const struct rs_counter *c = &q->counters.items[i];
		const struct rs_counter *prev = rs_counter_set_find(&e->counters, c->name);
		int k = rs_qp_rate_kind(c->name);
		uint64_t d;

		if (k < 0)
			continue;
		e->rates.known[k] = 1;
		if (!prev)
			continue;
		d = rs_counter_delta(prev->value, c->value, NULL);
		e->rates.total[k] += d;
		if (dt > 0)
			e->rates.per_s[k] += (double)d / dt;
	}
}

/* Rates of the QP's port (hw_counters through the series). */
static void port_rates(struct rs_qp_tracked *e, const struct rs_series *series)
{
	const struct rs_series_set *set = series ?
		rs_series_port_set(series, e->device, e->port ? e->port : 1, RS_CO_HW) : NULL;

	for (size_t i = 0; set && i < set->n; i++) {
		const struct rs_series_ctr *c = &set->ctrs[i];
		int k = rs_qp_rate_kind(c->name);

		if (k < 0)
			continue;
		e->rates.known[k] = 1;
		e->rates.total[k] += c->total;
		if (c->has_rate)
			e->rates.per_s[k] += c->rate;
	}
}

static void take_qp(struct rs_qp_table *t, struct rs_qp_tracked *e, const struct rs_qp *q,
		    const struct rs_snapshot *snap, const struct rs_series *series, int fresh)
{
	double dt = fresh ? 0 : (double)(t->now_ns - e->seen_ns) / 1e9;
	struct rs_qp_rates keep = e->rates;
	int moved = !fresh && (q->sq_psn != e->sq_psn || q->rq_psn != e->rq_psn);

	memset(&e->rates, 0, sizeof(e->rates));
	for (int k = 0; k < RS_QR_COUNT; k++)
		e->rates.total[k] = q->counter_id ? keep.total[k] : 0;
	e->from_port = !q->counter_id;
	if (e->from_port)
		port_rates(e, series);	/* whose they are: summarize() */
	else
		own_rates(e, q, dt);
	rs_counter_set_free(&e->counters);
	for (size_t i = 0; i < q->counters.count; i++)
		rs_counter_set_add(&e->counters, q->counters.items[i].name,
				   q->counters.items[i].value);
	e->moves = moved;
	if (fresh || moved)
		e->moved_ns = t->now_ns;
	e->state = q->state;
	e->sq_psn = q->sq_psn;
	e->rq_psn = q->rq_psn;
	e->has_rqpn = q->has_rqpn;
	e->rqpn = q->rqpn;
	e->counter_id = q->counter_id;
	e->cm = q->cm;
	snprintf(e->src, sizeof(e->src), "%s:%u", q->src_addr, q->src_port);
	snprintf(e->dst, sizeof(e->dst), "%s:%u", q->dst_addr, q->dst_port);
	if (q->comm[0])
		RS_STRCPY(e->comm, q->comm);
	RS_STRCPY(e->type, q->type);
	if (q->state != QP_ERR) {
		e->err_ns = 0;
		e->err_wall = 0;
	} else if (!e->err_ns) {
		e->err_ns = t->now_ns ? t->now_ns : 1;
		e->err_wall = t->now_wall;
	}
	e->owner_alive = owner_alive(snap, q);
	e->stalled = !fresh && (!strcmp(e->type, "RC") || !strcmp(e->type, "UC")) &&
		     (q->state == QP_RTS || q->state == QP_RTR) && e->owner_alive &&
		     t->now_ns - e->moved_ns >= RS_QP_STALL_NS;
	e->gone = 0;
	e->seen_ns = t->now_ns;
}

static void add_reading(struct rs_qp_table *t, const struct rs_snapshot *snap,
			const struct rs_series *series)
{
	for (size_t d = 0; d < snap->n_devices; d++) {
		const struct rs_device *dev = &snap->devices[d];

		for (size_t i = 0; dev->qps_known && i < dev->n_qps; i++) {
			const struct rs_qp *q = &dev->qps[i];
			struct rs_qp_tracked *e = find(t, dev->name, q);
			int fresh = !e;

			if (!e && t->n >= RS_QP_TRACK_MAX) {
				t->truncated = 1;
				continue;
			}
			if (!e) {
				e = RS_APPEND(t->qps, t->n);
				RS_STRCPY(e->device, dev->name);
				e->port = q->port;
				e->lqpn = q->lqpn;
				e->pid = q->pid;
				e->kernel = q->kernel;
				e->first_ns = t->now_ns;
			} else if (e->gone) {
				fresh = 1;	/* listed again after a missed reading */
			}
			take_qp(t, e, q, snap, series, fresh);
		}
	}
}

/* QPs not in this reading are gone; long gone ones are forgotten. */
static void age(struct rs_qp_table *t)
{
	size_t k = 0;

	for (size_t i = 0; i < t->n; i++) {
		struct rs_qp_tracked *e = &t->qps[i];

		if (e->seen_ns != t->now_ns && !e->gone) {
			e->gone = 1;
			e->gone_ns = t->now_ns;
			e->gone_wall = t->now_wall;
			e->moves = e->stalled = 0;
			memset(e->rates.per_s, 0, sizeof(e->rates.per_s));
		}
		if (e->gone && t->now_ns - e->gone_ns > RS_QP_GONE_KEEP_NS) {
			rs_counter_set_free(&e->counters);
			continue;
		}
		t->qps[k++] = *e;
	}
	t->n = k;
}

/* A connected QP of an application: what a port's errors can be about. */
static int connected(const struct rs_qp_tracked *q)
{
	return !q->gone && !q->kernel && q->has_rqpn && (q->state == QP_RTR || q->state == QP_RTS);
}

/*
 * Whose a port's counters are, for the QPs without one of their own: the
 * connected QPs whose PSNs moved; when none moved (all stalled, or a peer
 * that drops everything, where the sender retransmits the same PSNs), all
 * the connected ones.  Other QPs (INIT, ERR, the kernel's) get none.
 */
static void share_port(struct rs_qp_table *t, struct rs_qp_tracked *e)
{
	unsigned cand = 0, busy = 0;

	for (size_t j = 0; j < t->n; j++) {
		const struct rs_qp_tracked *o = &t->qps[j];

		if (!o->from_port || !connected(o) || o->port != e->port ||
		    strcmp(o->device, e->device))
			continue;
		cand++;
		busy += o->moves;
	}
	e->port_busy = busy ? busy : cand;
	if (connected(e) && (!busy || e->moves))
		return;
	memset(e->rates.known, 0, sizeof(e->rates.known));
	memset(e->rates.per_s, 0, sizeof(e->rates.per_s));
}

/* Counters shared (auto mode), the port's errors shared out, the score. */
static void summarize(struct rs_qp_table *t)
{
	for (size_t i = 0; i < t->n; i++) {
		struct rs_qp_tracked *e = &t->qps[i];

		e->counter_shared = 0;
		e->port_busy = 0;
		e->score = 0;
		if (e->from_port)
			share_port(t, e);
		for (int k = 0; k < RS_QR_COUNT; k++)
			e->score += e->rates.per_s[k];
		for (size_t j = 0; e->counter_id && j < t->n; j++)
			e->counter_shared += !t->qps[j].gone && t->qps[j].counter_id == e->counter_id &&
					     !strcmp(t->qps[j].device, e->device);
	}
}

void rs_qp_table_update(struct rs_qp_table *t, const struct rs_snapshot *snap,
			const struct rs_series *series, uint64_t now_ns, time_t now_wall)
{
	/* A clock that did not advance still makes a new reading. */
	if (t->readings && now_ns <= t->now_ns)
		now_ns = t->now_ns + 1;
	t->now_ns = now_ns;
	t->now_wall = now_wall;
	t->readings++;
	add_reading(t, snap, series);
	age(t);
	summarize(t);
}

/* --------------------------------------------------------------- order */

static double group_score(const struct rs_qp_table *t, const struct rs_qp_tracked *q)
{
	double best = -1;

	for (size_t i = 0; i < t->n; i++) {
		const struct rs_qp_tracked *o = &t->qps[i];
		double s = o->score + (o->state == QP_ERR && !o->gone ? 0.5 : 0) +
			   (o->stalled ? 0.25 : 0);

		if (o->kernel == q->kernel && o->pid == q->pid && s > best)
			best = s;
	}
	return best;
}

static int rank(const struct rs_qp_tracked *q)
{
	if (q->gone)
		return 3;
	if (q->state == QP_ERR)
		return 0;
	return q->stalled ? 1 : 2;
}

static int cmp_qp(const void *pa, const void *pb, void *arg)
{
	const struct rs_qp_table *t = arg;
	const struct rs_qp_tracked *a = &t->qps[*(const size_t *)pa];
	const struct rs_qp_tracked *b = &t->qps[*(const size_t *)pb];
	double ga, gb;

	if (a->kernel != b->kernel)
		return a->kernel - b->kernel;
	if (a->pid != b->pid) {
		ga = group_score(t, a);
		gb = group_score(t, b);
		if (ga != gb)
			return ga > gb ? -1 : 1;
		return a->pid < b->pid ? -1 : 1;
	}
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	if (rank(a) != rank(b))
		return rank(a) - rank(b);
	if (strcmp(a->device, b->device))
		return strcmp(a->device, b->device);
	return a->lqpn < b->lqpn ? -1 : a->lqpn > b->lqpn;
}

void rs_qp_table_order(const struct rs_qp_table *t, size_t *idx)
{
	for (size_t i = 0; i < t->n; i++)
		idx[i] = i;
	qsort_r(idx, t->n, sizeof(*idx), cmp_qp, (void *)t);
}

static void fmt_when(char *buf, size_t len, time_t wall)
{
	struct tm tm;

	buf[0] = '\0';
	if (wall && localtime_r(&wall, &tm))
		strftime(buf, len, " (%H:%M:%S)", &tm);
}

void rs_qp_status(const struct rs_qp_table *t, const struct rs_qp_tracked *q, char *buf,
		  size_t len)
{
	static const char *const names[] = { "RESET", "INIT", "RTR", "RTS", "SQD", "SQE", "ERR" };
	const char *st = q->state >= 0 && q->state < 7 ? names[q->state] : "?";
	char when[32];

	if (q->gone) {
		fmt_when(when, sizeof(when), q->gone_wall);
		/* TRANSLATORS: the last %s is " (HH:MM:SS)" or nothing. */
		snprintf(buf, len, _("gone %.0f s ago%s"), (double)(t->now_ns - q->gone_ns) / 1e9, when);
	} else if (q->state == QP_ERR) {
		fmt_when(when, sizeof(when), q->err_wall);
		/* TRANSLATORS: the last %s is " (HH:MM:SS)" or nothing. */
		snprintf(buf, len, _("ERR for %.0f s%s"), (double)(t->now_ns - q->err_ns) / 1e9, when);
	} else if (q->stalled) {
		/* TRANSLATORS: %s is the QP state (RTS, SQD, ...). */
		snprintf(buf, len, _("%s, PSNs still for %.0f s"), st,
			 (double)(t->now_ns - q->moved_ns) / 1e9);
	} else if (q->moves) {
		snprintf(buf, len, _("%s, PSNs moving"), st);
	} else {
		snprintf(buf, len, "%s", st);
	}
}
