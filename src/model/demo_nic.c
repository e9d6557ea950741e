/* SPDX-License-Identifier: MIT */
/*
 * demo_nic.c - how the demo host's queue pairs and NIC health move with
 * the demo's time (docs/demo.md): the PSNs of the connected QPs go on
 * (but QP 423 of python3 on mlx5_1, which stalls), the counter bound to
 * QP 420 counts the retransmissions, sequence errors and timeouts its port
 * counts, FEC corrects on both links and loses a block every fifth second
 * on ens1f1np1.  Each amount is a pure function of the time since the
 * YAML's readings, so a tick of any length, a reload (the whole time at
 * once) and tick N of one second all agree.
 */
#include "model/demo.h"

#include <string.h>

#define PSN_MASK 0xffffffu	/* PSNs are 24 bits */

struct qp_flow {
	const char *device;
	unsigned sq_step, rq_step;	/* per second, for every connected QP of the device */
};

static const struct qp_flow qp_flows[] = {
	{ "mlx5_0", 61000, 800 },
	{ "mlx5_1", 40, 35 },
};

#define DEMO_STALLED 423	/* mlx5_1's QP whose PSNs never move */

/* The counter bound to mlx5_1's QP 420: its share of the port's errors. */
static const struct {
	const char *counter;
	uint64_t per_s;		/* per second: a tick of the CLI's */
} qp420[] = {
	{ "packet_seq_err", 2 }, { "out_of_sequence", 3 }, { "local_ack_timeout_err", 1 },
	{ "roce_adp_retrans", 5 },
};

/* What a per-second amount has added by time t (ms): whole counts only. */
static uint64_t by(uint64_t per_s, uint64_t t_ms)
{
	return per_s * t_ms / 1000;
}

static void advance_qps(struct rs_device *d, const struct qp_flow *f, uint64_t a, uint64_t b)
{
	for (size_t i = 0; i < d->n_qps; i++) {
		struct rs_qp *q = &d->qps[i];

		if (q->kernel || q->state != 3 || !q->has_rqpn ||
		    (!strcmp(d->name, "mlx5_1") && q->lqpn == DEMO_STALLED))
			continue;
		q->sq_psn = (q->sq_psn + by(f->sq_step, b) - by(f->sq_step, a)) & PSN_MASK;
		q->rq_psn = (q->rq_psn + by(f->rq_step, b) - by(f->rq_step, a)) & PSN_MASK;
		if (q->counters.ts_ns)
			q->counters.ts_ns += (b - a) * 1000000ull;
		if (strcmp(d->name, "mlx5_1") || q->lqpn != 420)
			continue;
		for (size_t k = 0; k < q->counters.count; k++)
			for (size_t j = 0; j < sizeof(qp420) / sizeof(qp420[0]); j++)
				if (!strcmp(q->counters.items[k].name, qp420[j].counter))
					q->counters.items[k].value += by(qp420[j].per_s, b) -
								      by(qp420[j].per_s, a);
	}
}

static void advance_fec(struct rs_link *l, uint64_t a, uint64_t b)
{
	if (!l->fec.known)
		return;
	if (!strcmp(l->name, "ens1f0np0")) {
		l->fec.corrected += by(1200, b) - by(1200, a);
	} else if (!strcmp(l->name, "ens1f1np1")) {
		l->fec.corrected += by(45000, b) - by(45000, a);
		l->fec.uncorrectable += b / 5000 - a / 5000;	/* one every fifth second */
	}
}

void rs_demo_move_nic(struct rs_snapshot *s, uint64_t from_ms, uint64_t to_ms)
{
	for (size_t d = 0; d < s->n_devices; d++)
		for (size_t f = 0; f < sizeof(qp_flows) / sizeof(qp_flows[0]); f++)
			if (!strcmp(s->devices[d].name, qp_flows[f].device))
				advance_qps(&s->devices[d], &qp_flows[f], from_ms, to_ms);
	for (size_t i = 0; i < s->n_links; i++)
		advance_fec(&s->links[i], from_ms, to_ms);
}
