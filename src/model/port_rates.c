/* SPDX-License-Identifier: MIT */
/*
 * port_rates.c - a port's throughput, packets and dip signals from the
 * series (port_rates.h).  The names below are the kernel's: mlx5's
 * hw_counters and ethtool -S, rxe's hw_counters, the IB PMA counters/ and
 * the interface statistics (counter_groups.c says what each one means).
 */
#include "model/port_rates.h"

#include <string.h>

struct sig_src {
	enum rs_sig sig;
	enum rs_corigin origin;
	const char *pattern;		/* rs_counter_name_match(): '#' a number */
};

static const struct sig_src sig_srcs[] = {
	{ RS_SIG_PAUSE, RS_CO_ETHTOOL, "rx_pause_ctrl_phy" },
	{ RS_SIG_PAUSE, RS_CO_ETHTOOL, "tx_pause_ctrl_phy" },
	{ RS_SIG_PAUSE, RS_CO_ETHTOOL, "rx_prio#_pause" },
	{ RS_SIG_PAUSE, RS_CO_ETHTOOL, "tx_prio#_pause" },
	{ RS_SIG_CNP_SENT, RS_CO_HW, "np_cnp_sent" },
	{ RS_SIG_CNP_HANDLED, RS_CO_HW, "rp_cnp_handled" },
	{ RS_SIG_ECN, RS_CO_HW, "np_ecn_marked_roce_packets" },
	{ RS_SIG_SEQ, RS_CO_HW, "out_of_sequence" },
	{ RS_SIG_SEQ, RS_CO_HW, "packet_seq_err" },
	{ RS_SIG_SEQ, RS_CO_HW, "rcvd_seq_err" },		/* rxe */
	{ RS_SIG_SEQ, RS_CO_HW, "out_of_seq_request" },		/* rxe */
	{ RS_SIG_RETX, RS_CO_HW, "local_ack_timeout_err" },
	{ RS_SIG_RETX, RS_CO_HW, "roce_adp_retrans" },
	{ RS_SIG_RETX, RS_CO_HW, "roce_adp_retrans_to" },
	{ RS_SIG_RETX, RS_CO_HW, "rnr_nak_retry_err" },
	{ RS_SIG_RETX, RS_CO_HW, "completer_retry_err" },	/* rxe */
	{ RS_SIG_RETX, RS_CO_HW, "retry_exceeded_err" },	/* rxe */
	{ RS_SIG_DROP, RS_CO_HW, "out_of_buffer" },
	{ RS_SIG_DROP, RS_CO_PORT, "port_xmit_discards" },
	{ RS_SIG_DROP, RS_CO_PORT, "port_rcv_errors" },
	{ RS_SIG_DROP, RS_CO_ETHTOOL, "rx_discards_phy" },
	{ RS_SIG_DROP, RS_CO_ETHTOOL, "tx_discards_phy" },
	{ RS_SIG_DROP, RS_CO_ETHTOOL, "rx_out_of_buffer" },
	{ RS_SIG_DROP, RS_CO_ETHTOOL, "rx_prio#_discards" },
	{ RS_SIG_DROP, RS_CO_NETDEV, "rx_dropped" },
	{ RS_SIG_DROP, RS_CO_NETDEV, "tx_dropped" },
};

/* Where bytes and packets come from, best first: {origin, tx, rx}. */
struct pair {
	enum rs_corigin origin;
	const char *tx, *rx;
};

static const struct pair byte_srcs[] = {
	{ RS_CO_PORT, "port_xmit_data", "port_rcv_data" },
	{ RS_CO_ETHTOOL, "tx_bytes_phy", "rx_bytes_phy" },
	{ RS_CO_NETDEV, "tx_bytes", "rx_bytes" },
};

static const struct pair pkt_srcs[] = {
	{ RS_CO_PORT, "port_xmit_packets", "port_rcv_packets" },
	{ RS_CO_HW, "sent_pkts", "rcvd_pkts" },			/* rxe */
	{ RS_CO_ETHTOOL, "tx_packets_phy", "rx_packets_phy" },
	{ RS_CO_NETDEV, "tx_packets", "rx_packets" },
};

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

static const struct rs_series_ctr *ctr(const struct rs_series_set *set, const char *name)
{
	for (size_t i = 0; set && i < set->n; i++)
		if (!strcmp(set->ctrs[i].name, name))
			return &set->ctrs[i];
	return NULL;
}

static void signals(const struct rs_series_set *sets[RS_CO_COUNT], struct rs_port_rates *out)
{
	for (size_t k = 0; k < sizeof(sig_srcs) / sizeof(sig_srcs[0]); k++) {
		const struct sig_src *src = &sig_srcs[k];
		const struct rs_series_set *set = sets[src->origin];

		for (size_t i = 0; set && i < set->n; i++) {
			const struct rs_series_ctr *c = &set->ctrs[i];

			if (!rs_counter_name_match(src->pattern, c->name))
				continue;
			out->sig_known[src->sig] = 1;
			out->sig[src->sig] += c->rate;
			out->sig_total[src->sig] += c->total;
		}
	}
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

	memset(out, 0, sizeof(*out));
	out->tx_bps = out->rx_bps = out->tx_pct = out->rx_pct = out->pkts = -1;
	out->link_gbps = p->rate_gbps;
	out->pcie_gbps = rs_pcie_gbps(d->pci.cur_gts, d->pci.cur_width);
	for (size_t k = 0; k < sizeof(byte_srcs) / sizeof(byte_srcs[0]) && !out->tx; k++) {
		const struct rs_series_set *set = sets[byte_srcs[k].origin];

		out->tx = ctr(set, byte_srcs[k].tx);
		out->rx = ctr(set, byte_srcs[k].rx);
		out->src = byte_srcs[k].origin;
	}
	if (out->tx)
		out->tx_bps = out->tx->rate * 8;
	if (out->rx)
		out->rx_bps = out->rx->rate * 8;
	if (out->link_gbps > 0 && out->tx)
		out->tx_pct = out->tx_bps / (out->link_gbps * 1e9) * 100;
	if (out->link_gbps > 0 && out->rx)
		out->rx_pct = out->rx_bps / (out->link_gbps * 1e9) * 100;
	for (size_t k = 0; k < sizeof(pkt_srcs) / sizeof(pkt_srcs[0]) && out->pkts < 0; k++) {
		const struct rs_series_set *set = sets[pkt_srcs[k].origin];
		const struct rs_series_ctr *a = ctr(set, pkt_srcs[k].tx), *b = ctr(set, pkt_srcs[k].rx);

		if (a || b)
			out->pkts = (a ? a->rate : 0) + (b ? b->rate : 0);
	}
	signals(sets, out);
}
