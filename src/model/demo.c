/* SPDX-License-Identifier: MIT */
/*
 * demo.c - how the demo host's counters move, one tick per refresh.
 *
 * The story (docs/demo.md): mlx5_0 (ens1f0np0) carries a steady RDMA write
 * load of 4-6 GB/s that swells and ebbs over 40 ticks; mlx5_1 (ens1f1np1),
 * the problem port, moves little data but keeps counting sequence errors,
 * ACK timeouts, retransmissions and received pause frames.  Every amount
 * is a pure function of the tick number (integer triangle wave, no rand()
 * and no clock), so the same tick gives the same numbers on every machine.
 */
#include "model/demo.h"
#include "util.h"

#include <string.h>

/* One moving counter: increment(t) = base + step * wave(t), on every `every`-th tick. */
struct demo_flow {
	const char *object;	/* device (port 1) or netdev */
	const char *set;	/* "counters", "hw_counters", "stats", "ethtool" */
	const char *counter;
	uint64_t base;
	uint64_t step;
	unsigned every;		/* 0 or 1: every tick */
};

#define GB 1000000000ULL

static const struct demo_flow demo_flows[] = {
	/* mlx5_0: the healthy port under load.  port_*_data count 4-byte words. */
	{ "mlx5_0", "counters", "port_xmit_data", GB, 25000000, 0 },
	{ "mlx5_0", "counters", "port_rcv_data", 900000000, 20000000, 0 },
	{ "mlx5_0", "counters", "port_xmit_packets", 976000, 24400, 0 },
	{ "mlx5_0", "counters", "unicast_xmit_packets", 976000, 24400, 0 },
	{ "mlx5_0", "counters", "port_rcv_packets", 878000, 19500, 0 },
	{ "mlx5_0", "counters", "unicast_rcv_packets", 878000, 19500, 0 },
	{ "mlx5_0", "hw_counters", "rx_write_requests", 878000, 19500, 0 },
	{ "mlx5_0", "hw_counters", "np_ecn_marked_roce_packets", 0, 3, 0 },
	{ "mlx5_0", "hw_counters", "np_cnp_sent", 0, 3, 0 },
	{ "mlx5_0", "hw_counters", "rp_cnp_handled", 0, 2, 0 },
	{ "ens1f0np0", "ethtool", "tx_vport_rdma_unicast_bytes", 4 * GB, 100000000, 0 },
	{ "ens1f0np0", "ethtool", "rx_vport_rdma_unicast_bytes", 3600000000ULL, 80000000, 0 },
	{ "ens1f0np0", "ethtool", "tx_vport_rdma_unicast_packets", 976000, 24400, 0 },
	{ "ens1f0np0", "ethtool", "rx_vport_rdma_unicast_packets", 878000, 19500, 0 },
	{ "ens1f0np0", "ethtool", "tx_prio3_bytes", 4 * GB, 100000000, 0 },
	{ "ens1f0np0", "ethtool", "rx_prio3_bytes", 3600000000ULL, 80000000, 0 },
	{ "ens1f0np0", "ethtool", "tx_bytes_phy", 4 * GB + 1200, 100000000, 0 },
	{ "ens1f0np0", "ethtool", "rx_bytes_phy", 3600000000ULL + 1500, 80000000, 0 },
	{ "ens1f0np0", "ethtool", "tx_packets_phy", 976010, 24400, 0 },
	{ "ens1f0np0", "ethtool", "rx_packets_phy", 878012, 19500, 0 },
	/* RoCE bypasses the kernel: the netdev only counts its own small traffic. */
	{ "ens1f0np0", "stats", "tx_bytes", 1200, 0, 0 },
	{ "ens1f0np0", "stats", "tx_packets", 10, 0, 0 },
	{ "ens1f0np0", "stats", "rx_bytes", 1500, 0, 0 },
	{ "ens1f0np0", "stats", "rx_packets", 12, 0, 0 },

	/* mlx5_1: little data, steady errors: the port worth finding. */
	{ "mlx5_1", "counters", "port_xmit_data", 2500000, 0, 0 },
	{ "mlx5_1", "counters", "port_rcv_data", 2000000, 0, 0 },
	{ "mlx5_1", "counters", "port_xmit_packets", 9800, 0, 0 },
	{ "mlx5_1", "counters", "port_rcv_packets", 7800, 0, 0 },
	{ "mlx5_1", "counters", "port_xmit_wait", 150000, 0, 0 },
	{ "mlx5_1", "hw_counters", "out_of_sequence", 3, 0, 0 },
	{ "mlx5_1", "hw_counters", "packet_seq_err", 2, 0, 0 },
	{ "mlx5_1", "hw_counters", "local_ack_timeout_err", 1, 0, 0 },
	{ "mlx5_1", "hw_counters", "roce_adp_retrans", 5, 0, 0 },
	{ "mlx5_1", "hw_counters", "implied_nak_seq_err", 1, 0, 0 },
	{ "mlx5_1", "hw_counters", "out_of_buffer", 4, 0, 0 },
	{ "ens1f1np1", "ethtool", "rx_pause_ctrl_phy", 1200, 40, 0 },
	{ "ens1f1np1", "ethtool", "rx_discards_phy", 7, 0, 0 },
	{ "ens1f1np1", "ethtool", "rx_out_of_buffer", 4, 0, 0 },
	{ "ens1f1np1", "ethtool", "tx_vport_rdma_unicast_bytes", 10000000, 0, 0 },
	{ "ens1f1np1", "ethtool", "rx_vport_rdma_unicast_bytes", 8000000, 0, 0 },
	{ "ens1f1np1", "stats", "rx_dropped", 1, 0, 5 },
	/* ens1f1np1 flaps: its carrier goes down and up every fifth tick. */
	{ "ens1f1np1", "stats", "carrier_changes", 2, 0, 5 },
};

/* Triangle wave 0..20..0 over 40 ticks: a slow swell without floating point. */
static uint64_t wave(unsigned long tick)
{
	unsigned long p = tick % 40;

	return p <= 20 ? p : 40 - p;
}

static uint64_t flow_increment(const struct demo_flow *f, unsigned long tick)
{
	if (f->every > 1 && tick % f->every)
		return 0;
	return f->base + f->step * wave(tick);
}

uint64_t rs_demo_increment(const char *object, const char *set, const char *counter,
			   unsigned long tick)
{
	for (size_t i = 0; i < sizeof(demo_flows) / sizeof(demo_flows[0]); i++) {
		const struct demo_flow *f = &demo_flows[i];

		if (!strcmp(f->object, object) && !strcmp(f->set, set) &&
		    !strcmp(f->counter, counter))
			return flow_increment(f, tick);
	}
	return 0;
}

static struct rs_counter_set *find_set(struct rs_snapshot *s, const char *object,
				       const char *set)
{
	for (size_t i = 0; i < s->n_devices; i++) {
		struct rs_device *d = &s->devices[i];

		if (strcmp(d->name, object) || d->n_ports == 0)
			continue;
		if (!strcmp(set, "counters"))
			return &d->ports[0].counters;
		if (!strcmp(set, "hw_counters"))
			return &d->ports[0].hw_counters;
	}
	for (size_t i = 0; i < s->n_links; i++) {
		struct rs_link *l = &s->links[i];

		if (strcmp(l->name, object))
			continue;
		if (!strcmp(set, "stats"))
			return &l->stats;
		if (!strcmp(set, "ethtool"))
			return &l->ethtool;
	}
	return NULL;
}

_Static_assert(RS_ARRAY_SIZE(demo_flows) <= RS_DEMO_MAX_FLOWS, "RS_DEMO_MAX_FLOWS is too small");

/* Every counter set's reading time, moved by ns. */
static void move_times(struct rs_snapshot *s, uint64_t ns)
{
	for (size_t i = 0; i < s->n_devices; i++) {
		for (size_t j = 0; j < s->devices[i].n_ports; j++) {
			s->devices[i].ports[j].counters.ts_ns += ns;
			s->devices[i].ports[j].hw_counters.ts_ns += ns;
		}
	}
	for (size_t i = 0; i < s->n_links; i++) {
		s->links[i].stats.ts_ns += ns;
		s->links[i].ethtool.ts_ns += ns;
	}
}

/* Flow i's counter in s, or NULL. */
static struct rs_counter *flow_counter(struct rs_snapshot *s, size_t i)
{
	const struct demo_flow *f = &demo_flows[i];
	struct rs_counter_set *set = find_set(s, f->object, f->set);

	for (size_t k = 0; set && k < set->count; k++)
		if (!strcmp(set->items[k].name, f->counter))
			return &set->items[k];
	return NULL;
}

void rs_demo_clock_init(struct rs_demo_clock *c)
{
	memset(c, 0, sizeof(*c));
}

void rs_demo_tick(struct rs_demo_clock *c, struct rs_snapshot *s, unsigned long tick,
		  unsigned dt_ms)
{
	for (size_t i = 0; i < RS_ARRAY_SIZE(demo_flows); i++) {
		/* count x ms: the per-second amount times the tick's length */
		uint64_t part = c->rem[i] + flow_increment(&demo_flows[i], tick) * dt_ms;
		struct rs_counter *ctr = flow_counter(s, i);

		c->added[i] += part / 1000;
		c->rem[i] = (uint32_t)(part % 1000);
		if (ctr)
			ctr->value += part / 1000;
	}
	rs_demo_move_nic(s, c->ns / 1000000ULL, c->ns / 1000000ULL + dt_ms);
	c->ns += (uint64_t)dt_ms * 1000000ULL;
	move_times(s, (uint64_t)dt_ms * 1000000ULL);
}

void rs_demo_apply(const struct rs_demo_clock *c, struct rs_snapshot *s)
{
	for (size_t i = 0; i < RS_ARRAY_SIZE(demo_flows); i++) {
		struct rs_counter *ctr = flow_counter(s, i);

		if (ctr)
			ctr->value += c->added[i];
	}
	rs_demo_move_nic(s, 0, c->ns / 1000000ULL);
	move_times(s, c->ns);
}

void rs_demo_advance(struct rs_snapshot *s, unsigned long tick)
{
	for (size_t i = 0; i < sizeof(demo_flows) / sizeof(demo_flows[0]); i++) {
		const struct demo_flow *f = &demo_flows[i];
		struct rs_counter_set *set = find_set(s, f->object, f->set);

		if (!set)
			continue;
		for (size_t k = 0; k < set->count; k++)
			if (!strcmp(set->items[k].name, f->counter))
				set->items[k].value += flow_increment(f, tick);
	}
	/* Every reading moves by exactly one second, moving or not. */
	move_times(s, RS_DEMO_TICK_NS);
	rs_demo_move_nic(s, (uint64_t)(tick - 1) * 1000, (uint64_t)tick * 1000);
}
