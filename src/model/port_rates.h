/* SPDX-License-Identifier: MIT */
/*
 * port_rates.h - one port's load in the units a NIC is sold in, and the
 * counters that explain a dip, from the counter series: what the console's
 * Overview pane shows on one line per port.
 *
 * Everything is asked by meaning (counter_groups.h), never by a driver's
 * names.  Throughput comes from the first source that has byte counters,
 * in this order: the port's counters/ (IB PMA port_xmit_data, 4-byte
 * words; mlx5 counts RoCE there), its hw_counters/ (bnxt_re tx_bytes,
 * irdma ip4OutOctets + ip6OutOctets, mana_ib, erdma), ethtool -S (the
 * wire: mlx5 tx_bytes_phy, hns3 mac_tx_total_oct_num), the interface's
 * statistics (Soft-RoCE sends through the kernel, so its traffic is
 * there).  Every counter of the meaning in that source is added up,
 * except the parts of another (RoCE-only bytes of all bytes).  Packets
 * alike.  The signals add up the counters of each meaning that the port
 * and its interface have: pause frames (802.3x and per priority, from the
 * Ethernet driver's ethtool -S), CNPs sent and handled, ECN marks,
 * sequence errors, retransmissions with timeouts and RNR NAKs, drops.
 *
 * A figure the port cannot have is told apart from one not read: np_*
 * say the NIC does not provide it - its counters were read and none is of
 * that meaning (hns counts no bytes, a HIP08 nothing but its driver's own
 * events, rxe no CNP); pause: its ethtool -S was read and has no pause
 * counter.
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
	RS_SIG_RETX,			/* retransmissions, ACK timeouts, RNR NAKs */
	RS_SIG_DROP,			/* discards and buffer drops */
	RS_SIG_COUNT,
};

#define RS_RATES_MAX 8		/* byte counters added up per port */

struct rs_port_rates {
	double tx_bps, rx_bps;		/* bits per second; -1 no byte counter */
	double tx_pct, rx_pct;		/* of the link rate; -1 unknown */
	double pkts;			/* packets per second, both ways; -1 unknown */
	double tx_pps, rx_pps;		/* packets per second each way; -1 unknown */
	int rated;			/* a byte or packet counter used has a rate */
	double sig[RS_SIG_COUNT];	/* per second over the last interval */
	uint64_t sig_total[RS_SIG_COUNT];	/* since the baseline */
	int sig_known[RS_SIG_COUNT];	/* the port has a counter of the kind */
	double link_gbps;		/* the port's rate, 0 unknown */
	double pcie_gbps;		/* the slot's ceiling per direction, 0 unknown */
	const struct rs_series_ctr *tx, *rx;	/* the first byte counters used */
	/* every byte counter added up, TX then RX (sparklines) */
	const struct rs_series_ctr *bytes[RS_RATES_MAX];
	unsigned n_bytes;
	enum rs_corigin src;		/* where tx and rx come from */
	int read;			/* the port's counters/ or hw_counters/ were read */
	int eth_read;			/* its netdev's ethtool -S was read */
	const char *driver;		/* the RDMA driver's table ("bnxt_re"), "" unknown */
	int np_bytes, np_pkts;		/* no byte (packet) counter: not provided */
	int np[RS_SIG_COUNT];		/* signal k not provided by this NIC */
};

void rs_port_rates(const struct rs_series *s, const struct rs_device *d, const struct rs_port *p,
		   struct rs_port_rates *out);
/* Gb/s per direction a PCIe link carries after its line encoding; 0 unknown. */
double rs_pcie_gbps(double gts, int width);
/* "pause", "cnp sent", ... */
const char *rs_sig_name(enum rs_sig s);
/* 1 for loss and drops (a problem when rising), 0 for congestion signals. */
int rs_sig_is_error(enum rs_sig s);
/* The signal a counter adds to, or RS_SIG_COUNT (a part, or none). */
enum rs_sig rs_sig_of(const struct rs_counter_class *c);
/* 1 when the NIC does not provide signal k (the np field). */
int rs_sig_not_provided(const struct rs_port_rates *r, enum rs_sig k);

#endif
