/* SPDX-License-Identifier: MIT */
/*
 * port_rates.h - one port's load in the units a NIC is sold in, and the
 * counters that explain a dip, from the counter series: what the console's
 * Overview pane shows on one line per port.
 *
 * Throughput comes from the first source that has it, in this order: the
 * port's counters/port_{xmit,rcv}_data (IB PMA counters, 4-byte words;
 * mlx5 counts RoCE there), ethtool's {tx,rx}_bytes_phy (everything on the
 * wire), the interface's {tx,rx}_bytes (Soft-RoCE sends through the
 * kernel, so its traffic is there).  Packets alike.  The signals sum the
 * counters of each kind that the port and its interface have (mlx5 and
 * rxe names): pause frames, CNPs sent and handled, ECN marks, sequence
 * errors, retransmissions and timeouts, discards.
 *
 * The PCIe ceiling is what the slot can carry per direction after the
 * line encoding: GT/s x lanes x 8/10 (2.5 and 5 GT/s: 8b/10b), x 128/130
 * (8, 16 and 32 GT/s: 128b/130b), x 242/256 (64 GT/s: FLIT mode).  A Gen3
 * x8 slot: 8 x 8 x 128/130 = 63.0 Gb/s, below a 100 GbE port.  TLP headers
 * take another ~5-15 % (docs/console.md); the ceiling is an upper bound.
 * Pure: no I/O.
 */
#ifndef RS_PORT_RATES_H
#define RS_PORT_RATES_H

#include <stdint.h>

#include "model/series.h"
#include "snapshot.h"

enum rs_sig {
	RS_SIG_PAUSE,			/* 802.3x pause and PFC frames, sent and received */
	RS_SIG_CNP_SENT,		/* np_cnp_sent: we saw ECN marks, told the sender */
	RS_SIG_CNP_HANDLED,		/* rp_cnp_handled: told to slow down, did */
	RS_SIG_ECN,			/* ECN-marked RoCE packets received */
	RS_SIG_SEQ,			/* out_of_sequence, packet_seq_err: loss */
	RS_SIG_RETX,			/* retransmissions and ACK timeouts */
	RS_SIG_DROP,			/* discards and buffer drops */
	RS_SIG_COUNT,
};

struct rs_port_rates {
	double tx_bps, rx_bps;		/* bits per second; -1 no byte counter */
	double tx_pct, rx_pct;		/* of the link rate; -1 unknown */
	double pkts;			/* packets per second, both ways; -1 unknown */
	double sig[RS_SIG_COUNT];	/* per second over the last interval */
	uint64_t sig_total[RS_SIG_COUNT];	/* since the baseline */
	int sig_known[RS_SIG_COUNT];	/* the port has a counter of the kind */
	double link_gbps;		/* the port's rate, 0 unknown */
	double pcie_gbps;		/* the slot's ceiling per direction, 0 unknown */
	const struct rs_series_ctr *tx, *rx;	/* the byte counters used (sparklines) */
	enum rs_corigin src;		/* where tx and rx come from */
};

void rs_port_rates(const struct rs_series *s, const struct rs_device *d, const struct rs_port *p,
		   struct rs_port_rates *out);
/* Gb/s per direction a PCIe link carries after its line encoding; 0 unknown. */
double rs_pcie_gbps(double gts, int width);
/* "pause", "cnp sent", ... */
const char *rs_sig_name(enum rs_sig s);
/* 1 for loss and drops (a problem when rising), 0 for congestion signals. */
int rs_sig_is_error(enum rs_sig s);

#endif
