/* SPDX-License-Identifier: MIT */
/*
 * demo_nic.c - how the demo host's queue pairs and NIC health move, one
 * tick per refresh (docs/demo.md): the PSNs of the connected QPs go on
 * (but QP 423 of python3 on mlx5_1, which stalls), the counter bound to
 * QP 420 counts the retransmissions, sequence errors and timeouts its port
 * counts, FEC corrects on both links and loses a block every fifth tick on
 * ens1f1np1.  Pure functions of the tick number, as demo.c's counters.
 */
#include "model/demo.h"

#include <string.h>

#define PSN_MASK 0xffffffu	/* PSNs are 24 bits */

struct qp_flow {
	const char *device;
	unsigned sq_step, rq_step;	/* per tick, for every connected QP of the device */
};

static const struct qp_flow qp_flows[] = {
	{ "mlx5_0", 61000, 800 },
	{ "mlx5_1", 40, 35 },
};

#define DEMO_STALLED 423	/* mlx5_1's QP whose PSNs never move */

/* The counter bound to mlx5_1's QP 420: its share of the port's errors. */
static const struct {
	const char *counter;
	uint64_t per_tick;
} qp420[] = {
	{ "packet_seq_err", 2 }, { "out_of_sequence", 3 }, { "local_ack_timeout_err", 1 },
	{ "roce_adp_retrans", 5 },
};

static void advance_qps(struct rs_device *d, const struct qp_flow *f)
{
	for (size_t i = 0; i < d->n_qps; i++) {
		struct rs_qp *q = &d->qps[i];

		if (q->kernel || q->state != 3 || !q->has_rqpn ||
		    (!strcmp(d->name, "mlx5_1") && q->lqpn == DEMO_STALLED))
			continue;
		q->sq_psn = (q->sq_psn + f->sq_step) & PSN_MASK;
		q->rq_psn = (q->rq_psn + f->rq_step) & PSN_MASK;
		if (q->counters.ts_ns)
			q->counters.ts_ns += RS_DEMO_TICK_NS;
		if (strcmp(d->name, "mlx5_1") || q->lqpn != 420)
			continue;
		for (size_t k = 0; k < q->counters.count; k++)
			for (size_t j = 0; j < sizeof(qp420) / sizeof(qp420[0]); j++)
				if (!strcmp(q->counters.items[k].name, qp420[j].counter))
					q->counters.items[k].value += qp420[j].per_tick;
	}
}

static void advance_fec(struct rs_link *l, unsigned long tick)
{
	if (!l->fec.known)
		return;
	if (!strcmp(l->name, "ens1f0np0")) {
		l->fec.corrected += 1200;
	} else if (!strcmp(l->name, "ens1f1np1")) {
		l->fec.corrected += 45000;
		if (tick % 5 == 0)
			l->fec.uncorrectable++;
	}
}

void rs_demo_advance_nic(struct rs_snapshot *s, unsigned long tick)
{
	for (size_t d = 0; d < s->n_devices; d++)
		for (size_t f = 0; f < sizeof(qp_flows) / sizeof(qp_flows[0]); f++)
			if (!strcmp(s->devices[d].name, qp_flows[f].device))
				advance_qps(&s->devices[d], &qp_flows[f]);
	for (size_t i = 0; i < s->n_links; i++)
		advance_fec(&s->links[i], tick);
}
