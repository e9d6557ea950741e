/* SPDX-License-Identifier: MIT */
/*
 * port_rates.c - a port's throughput, packets and dip signals from the
 * series (port_rates.h), by the meanings the counter tables give each
 * counter (counter_groups.c, counter_tables.c): no driver's name here.
 */
#include "model/port_rates.h"

#include "util.h"

#include <string.h>

static const char *const sig_names[RS_SIG_COUNT] = {
	[RS_SIG_PAUSE] = "pause", [RS_SIG_CNP_SENT] = "cnp sent",
	[RS_SIG_CNP_HANDLED] = "cnp handled", [RS_SIG_ECN] = "ecn",
	[RS_SIG_SEQ] = "seq err", [RS_SIG_RETX] = "retx/timeout", [RS_SIG_DROP] = "drops",
};

const char *rs_sig_name(enum rs_sig s)
{
	return s < RS_SIG_COUNT ? sig_names[s] : "?";
}

int rs_sig_is_error(enum rs_sig s)
{
	return s == RS_SIG_SEQ || s == RS_SIG_RETX || s == RS_SIG_DROP;
}

double rs_pcie_gbps(double gts, int width)
{
	double enc;

	if (gts <= 0 || width <= 0)
		return 0;
	if (gts < 8)
		enc = 8.0 / 10;		/* Gen1, Gen2: 8b/10b */
	else if (gts < 64)
		enc = 128.0 / 130;	/* Gen3 to Gen5: 128b/130b */
	else
		enc = 242.0 / 256;	/* Gen6: FLIT mode (FEC and CRC in each 256 bytes) */
	return gts * width * enc;
}

enum rs_sig rs_sig_of(const struct rs_counter_class *c)
{
	if (!c || c->part)
		return RS_SIG_COUNT;
	if (c->pause)
		return RS_SIG_PAUSE;
	switch (c->meaning) {
	case RS_M_CNP_SENT: return RS_SIG_CNP_SENT;
	case RS_M_CNP_HANDLED: return RS_SIG_CNP_HANDLED;
	case RS_M_ECN_MARKED: return RS_SIG_ECN;
	case RS_M_OUT_OF_SEQUENCE: return RS_SIG_SEQ;
	case RS_M_RETRANSMIT: case RS_M_TIMEOUT: case RS_M_RNR_NAK: return RS_SIG_RETX;
	case RS_M_DROP: return RS_SIG_DROP;
	default: return RS_SIG_COUNT;
	}
}

int rs_sig_not_provided(const struct rs_port_rates *r, enum rs_sig k)
{
	return k < RS_SIG_COUNT && r->np[k];
}

/*
 * What the port's NIC does not provide: its counters were read and none is
 * of the kind (pause: its ethtool -S was read and has no pause counter).
 */
static void not_provided(struct rs_port_rates *out)
{
	out->np[RS_SIG_PAUSE] = out->eth_read && !out->sig_known[RS_SIG_PAUSE];
	for (int k = 0; k < RS_SIG_COUNT; k++)
		if (k != RS_SIG_PAUSE && !out->sig_known[k])
			out->np[k] = out->read;
	out->np_bytes = out->read && out->tx_bps < 0 && out->rx_bps < 0;
	out->np_pkts = out->read && out->pkts < 0;
}

/* A set has per-priority pause counters: its all-priority sums then count
 * the same frames again and are left out. */
static int has_prio_pause(const struct rs_series_set *set)
{
	for (size_t i = 0; set && i < set->n; i++)
		if (set->ctrs[i].cls && (set->ctrs[i].cls->pause & RS_PZ_PRIO))
			return 1;
	return 0;
}

static void signals(const struct rs_series_set *sets[RS_CO_COUNT], struct rs_port_rates *out)
{
	for (int o = 0; o < RS_CO_COUNT; o++) {
		const struct rs_series_set *set = sets[o];
		int prio = has_prio_pause(set);

		for (size_t i = 0; set && i < set->n; i++) {
			const struct rs_series_ctr *c = &set->ctrs[i];
			enum rs_sig k = rs_sig_of(c->cls);

			if (k == RS_SIG_COUNT || (prio && (c->cls->pause & RS_PZ_ALL)))
				continue;
			out->sig_known[k] = 1;
			out->sig[k] += c->rate;
			out->sig_total[k] += c->total;
		}
	}
}

/* Whole counters (not parts) of meaning m in a set. */
static int whole(const struct rs_series_ctr *c, enum rs_meaning m)
{
	return c->cls && c->cls->meaning == m && !c->cls->part;
}

static int has_meaning(const struct rs_series_set *set, enum rs_meaning a, enum rs_meaning b)
{
	for (size_t i = 0; set && i < set->n; i++)
		if (whole(&set->ctrs[i], a) || whole(&set->ctrs[i], b))
			return 1;
	return 0;
}

/* The sum of the rates of meaning m in set; -1 when it has none. */
static double sum_of(const struct rs_series_set *set, enum rs_meaning m,
		     struct rs_port_rates *out, const struct rs_series_ctr **first)
{
	double v = -1;

	for (size_t i = 0; set && i < set->n; i++) {
		const struct rs_series_ctr *c = &set->ctrs[i];

		if (!whole(c, m))
			continue;
		v = (v < 0 ? 0 : v) + c->rate;
		out->rated |= c->has_rate;
		if (first && !*first)
			*first = c;
		if (first && out->n_bytes < RS_RATES_MAX)
			out->bytes[out->n_bytes++] = c;
	}
	return v;
}

/*
 * The first origin, best first, whose set has a counter of a or b.  The
 * netdev's statistics count RDMA traffic only where it passes the kernel
 * (Soft-RoCE; a driver of no known table gets the benefit of the doubt):
 * a hardware NIC's RoCE bypasses them.
 */
static int source_of(const struct rs_series_set *sets[RS_CO_COUNT], enum rs_meaning a,
		     enum rs_meaning b, int netdev)
{
	static const enum rs_corigin order[] = { RS_CO_PORT, RS_CO_HW, RS_CO_ETHTOOL,
						 RS_CO_NETDEV };

	for (size_t k = 0; k < RS_ARRAY_SIZE(order); k++)
		if ((order[k] != RS_CO_NETDEV || netdev) && has_meaning(sets[order[k]], a, b))
			return order[k];
	return -1;
}

static void throughput(const struct rs_series_set *sets[RS_CO_COUNT], struct rs_port_rates *out,
		       int netdev)
{
	int o = source_of(sets, RS_M_TX_BYTES, RS_M_RX_BYTES, netdev);
	double tx, rx;

	if (o < 0)
		return;
	out->src = (enum rs_corigin)o;
	tx = sum_of(sets[o], RS_M_TX_BYTES, out, &out->tx);
	rx = sum_of(sets[o], RS_M_RX_BYTES, out, &out->rx);
	if (tx >= 0)
		out->tx_bps = tx * 8;
	if (rx >= 0)
		out->rx_bps = rx * 8;
	if (out->link_gbps > 0 && tx >= 0)
		out->tx_pct = out->tx_bps / (out->link_gbps * 1e9) * 100;
	if (out->link_gbps > 0 && rx >= 0)
		out->rx_pct = out->rx_bps / (out->link_gbps * 1e9) * 100;
}

static void packets(const struct rs_series_set *sets[RS_CO_COUNT], struct rs_port_rates *out,
		    int netdev)
{
	int o = source_of(sets, RS_M_TX_PACKETS, RS_M_RX_PACKETS, netdev);
	double tx, rx;

	if (o < 0)
		return;
	tx = sum_of(sets[o], RS_M_TX_PACKETS, out, NULL);
	rx = sum_of(sets[o], RS_M_RX_PACKETS, out, NULL);
	out->pkts = (tx > 0 ? tx : 0) + (rx > 0 ? rx : 0);
	out->tx_pps = tx;
	out->rx_pps = rx;
}

void rs_port_rates(const struct rs_series *s, const struct rs_device *d, const struct rs_port *p,
		   struct rs_port_rates *out)
{
	const struct rs_series_set *sets[RS_CO_COUNT] = {
		[RS_CO_PORT] = rs_series_port_set(s, d->name, p->num, RS_CO_PORT),
		[RS_CO_HW] = rs_series_port_set(s, d->name, p->num, RS_CO_HW),
		[RS_CO_ETHTOOL] = rs_series_netdev_set(s, p->netdev, RS_CO_ETHTOOL),
		[RS_CO_NETDEV] = rs_series_netdev_set(s, p->netdev, RS_CO_NETDEV),
	};
	const struct rs_ctr_table *t = rs_ctr_table_for(d);

	memset(out, 0, sizeof(*out));
	out->tx_bps = out->rx_bps = out->tx_pct = out->rx_pct = out->pkts = -1;
	out->tx_pps = out->rx_pps = -1;
	out->link_gbps = p->rate_gbps;
	out->pcie_gbps = rs_pcie_gbps(d->pci.cur_gts, d->pci.cur_width);
	out->driver = t ? t->driver : "";
	out->read = (sets[RS_CO_PORT] && sets[RS_CO_PORT]->present) ||
		    (sets[RS_CO_HW] && sets[RS_CO_HW]->present);
	out->eth_read = sets[RS_CO_ETHTOOL] && sets[RS_CO_ETHTOOL]->present &&
			sets[RS_CO_ETHTOOL]->n > 0;
	throughput(sets, out, !t || t->netdev_counts_rdma);
	packets(sets, out, !t || t->netdev_counts_rdma);
	signals(sets, out);
	not_provided(out);
}
