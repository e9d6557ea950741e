/* SPDX-License-Identifier: MIT */
/*
 * test_port_rates.c - what the Overview pane shows of a port, computed by
 * rs_port_rates() (src/model/port_rates.h) from counter series built here
 * with exact timestamps: TX and RX in bits per second from port_*_data (4-byte
 * words), the fallbacks ethtool {tx,rx}_bytes_phy and the netdev's
 * {tx,rx}_bytes, % of the link rate, packets per second, each signal summed
 * over its mlx5 and rxe counters (and a look-alike name left out), -1 where
 * a counter is absent, a link rate that could not be parsed (0), and the
 * PCIe ceiling of rs_pcie_gbps() for each line encoding.  Then the other
 * vendors by their drivers' own names (profiles/counters/): bnxt_re's
 * hw_counters bytes (its RoCE-only part not added again), irdma's IPv4 and
 * IPv6 octets added up, hns's packets with no byte counter ("not
 * provided", and never the netdev's, which RoCE bypasses), each driver's
 * signals, and the pause frames of bnxt_en, ice and hns3 per priority.
 *
 * "Exact" here is within 1e-9 relative: the figures are doubles, and the
 * inputs are chosen so the true value is a round number.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "model/port_rates.h"
#include "model/series.h"
#include "snapshot.h"
#include "util.h"

#define SEC 1000000000ULL

static struct rs_snapshot snap;
static struct rs_series series;
static struct rs_port_rates r;

static int near(double got, double want)
{
	return fabs(got - want) <= 1e-9 * (fabs(want) > 1 ? fabs(want) : 1);
}

#define assert_near(got, want) do {						\
	if (!near((got), (want)))						\
		fail_msg("%s = %.12g, want %.12g", #got, (double)(got), (double)(want)); \
} while (0)

/* One device, one port (rate gbps, netdev "eth0"), one link "eth0". */
static struct rs_port *host(const char *dev, double gbps)
{
	struct rs_device *d;
	struct rs_port *p;
	struct rs_link *l;

	rs_snapshot_init(&snap);
	d = RS_APPEND(snap.devices, snap.n_devices);
	RS_STRCPY(d->name, dev);
	d->present = 1;
	p = RS_APPEND(d->ports, d->n_ports);
	p->num = 1;
	p->rate_gbps = gbps;
	p->state = RS_PORT_ACTIVE;
	RS_STRCPY(p->netdev, "eth0");
	l = RS_APPEND(snap.links, snap.n_links);
	RS_STRCPY(l->name, "eth0");
	rs_series_init(&series, 0);
	return p;
}

static struct rs_port *port0(void)
{
	return &snap.devices[0].ports[0];
}

/* The snapshot's set that the series reads as origin o. */
static struct rs_counter_set *set_of(enum rs_corigin o)
{
	struct rs_port *p = port0();

	return o == RS_CO_PORT ? &p->counters : o == RS_CO_HW ? &p->hw_counters :
	       o == RS_CO_ETHTOOL ? &snap.links[0].ethtool : &snap.links[0].stats;
}

/* Add counter name with value to the set of origin o. */
static void add(enum rs_corigin o, const char *name, uint64_t v)
{
	rs_counter_set_add(set_of(o), name, v);
}

/* Move counter name of origin o by inc. */
static void bump(enum rs_corigin o, const char *name, uint64_t inc)
{
	struct rs_counter_set *set = set_of(o);

	for (size_t i = 0; i < set->count; i++)
		if (!strcmp(set->items[i].name, name)) {
			set->items[i].value += inc;
			return;
		}
	fail_msg("no counter %s", name);
}

/* A reading at t seconds: every set's timestamp, then the series update. */
static void read_at(uint64_t t)
{
	struct rs_port *p = port0();

	p->counters.ts_ns = p->hw_counters.ts_ns = t * SEC;
	snap.links[0].ethtool.ts_ns = snap.links[0].stats.ts_ns = t * SEC;
	rs_series_update(&series, &snap);
}

static void rates(void)
{
	rs_port_rates(&series, &snap.devices[0], port0(), &r);
}

static void done(void)
{
	rs_series_free(&series);
	rs_snapshot_free(&snap);
}

/* port_xmit_data counts 4-byte words: 2.5e9 words in 2 s is 40 Gb/s, 40 %
 * of 100 Gb/s; the port's counters win over ethtool's and the netdev's. */
static void test_port_data(void **state)
{
	host("mlx5_0", 100);
	add(RS_CO_PORT, "port_xmit_data", 1000);
	add(RS_CO_PORT, "port_rcv_data", 7);
	add(RS_CO_PORT, "port_xmit_packets", 0);
	add(RS_CO_PORT, "port_rcv_packets", 0);
	add(RS_CO_ETHTOOL, "tx_bytes_phy", 0);
	add(RS_CO_ETHTOOL, "rx_bytes_phy", 0);
	add(RS_CO_ETHTOOL, "tx_packets_phy", 0);
	add(RS_CO_NETDEV, "tx_bytes", 0);
	read_at(10);
	rates();
	assert_near(r.tx_bps, 0);	/* the baseline: no interval yet */
	assert_near(r.link_gbps, 100);

	bump(RS_CO_PORT, "port_xmit_data", 2500000000ULL);
	bump(RS_CO_PORT, "port_rcv_data", 625000000ULL);	/* 10 Gb/s */
	bump(RS_CO_PORT, "port_xmit_packets", 2000000);
	bump(RS_CO_PORT, "port_rcv_packets", 1000000);
	bump(RS_CO_ETHTOOL, "tx_bytes_phy", 999);		/* not used */
	bump(RS_CO_ETHTOOL, "tx_packets_phy", 999);
	bump(RS_CO_NETDEV, "tx_bytes", 999);
	read_at(12);
	rates();
	assert_int_equal(r.src, RS_CO_PORT);
	assert_string_equal(r.tx->name, "port_xmit_data");
	assert_string_equal(r.rx->name, "port_rcv_data");
	assert_near(r.tx_bps, 40e9);
	assert_near(r.rx_bps, 10e9);
	assert_near(r.tx_pct, 40);
	assert_near(r.rx_pct, 10);
	assert_near(r.pkts, 1.5e6);	/* (2e6 + 1e6) / 2 s, both ways */
	done();
}

/* No port_*_data: ethtool's *_bytes_phy (the wire), its packets too. */
static void test_fallback_ethtool(void **state)
{
	host("mlx5_0", 25);
	add(RS_CO_HW, "out_of_sequence", 0);
	add(RS_CO_ETHTOOL, "tx_bytes_phy", 0);
	add(RS_CO_ETHTOOL, "rx_bytes_phy", 0);
	add(RS_CO_ETHTOOL, "tx_packets_phy", 0);
	add(RS_CO_ETHTOOL, "rx_packets_phy", 0);
	add(RS_CO_NETDEV, "tx_bytes", 0);
	add(RS_CO_NETDEV, "rx_bytes", 0);
	read_at(1);
	bump(RS_CO_ETHTOOL, "tx_bytes_phy", 625000000ULL);	/* 5 Gb/s, 20 % of 25 */
	bump(RS_CO_ETHTOOL, "rx_bytes_phy", 3125000000ULL);	/* 25 Gb/s, 100 % */
	bump(RS_CO_ETHTOOL, "tx_packets_phy", 300);
	bump(RS_CO_NETDEV, "tx_bytes", 1);
	read_at(2);
	rates();
	assert_int_equal(r.src, RS_CO_ETHTOOL);
	assert_string_equal(r.tx->name, "tx_bytes_phy");
	assert_near(r.tx_bps, 5e9);
	assert_near(r.rx_bps, 25e9);
	assert_near(r.tx_pct, 20);
	assert_near(r.rx_pct, 100);
	assert_near(r.pkts, 300);
	done();
}

/* Soft-RoCE: no PMA counters, no ethtool -S; its traffic goes through the
 * kernel, so the netdev's bytes; its packets are hw_counters sent_pkts and
 * rcvd_pkts (before the netdev's, which count all traffic). */
static void test_fallback_netdev_rxe(void **state)
{
	host("rxe0", 10);
	add(RS_CO_HW, "sent_pkts", 0);
	add(RS_CO_HW, "rcvd_pkts", 0);
	add(RS_CO_NETDEV, "tx_bytes", 0);
	add(RS_CO_NETDEV, "rx_bytes", 0);
	add(RS_CO_NETDEV, "tx_packets", 0);
	add(RS_CO_NETDEV, "rx_packets", 0);
	read_at(5);
	bump(RS_CO_HW, "sent_pkts", 4000);
	bump(RS_CO_HW, "rcvd_pkts", 1000);
	bump(RS_CO_NETDEV, "tx_bytes", 500000000ULL);	/* 4 Gb/s in 1 s, 40 % of 10 */
	bump(RS_CO_NETDEV, "rx_bytes", 12500000ULL);	/* 0.1 Gb/s, 1 % */
	bump(RS_CO_NETDEV, "tx_packets", 77777);
	read_at(6);
	rates();
	assert_int_equal(r.src, RS_CO_NETDEV);
	assert_string_equal(r.tx->name, "tx_bytes");
	assert_near(r.tx_bps, 4e9);
	assert_near(r.rx_bps, 1e8);
	assert_near(r.tx_pct, 40);
	assert_near(r.rx_pct, 1);
	assert_near(r.pkts, 5000);
	done();
}

/* Nothing known: -1 everywhere, no signal kind, no counter to draw; a link
 * rate that did not parse (0, rdma_sysfs.c) makes % unknown, not 0 or inf. */
static void test_unknown(void **state)
{
	struct rs_port *p = host("mlx5_0", 0);

	RS_STRCPY(p->netdev, "");
	read_at(1);
	read_at(2);
	rates();
	assert_near(r.tx_bps, -1);
	assert_near(r.rx_bps, -1);
	assert_near(r.tx_pct, -1);
	assert_near(r.rx_pct, -1);
	assert_near(r.pkts, -1);
	assert_null(r.tx);
	assert_null(r.rx);
	assert_near(r.link_gbps, 0);
	assert_near(r.pcie_gbps, 0);
	for (int k = 0; k < RS_SIG_COUNT; k++) {
		assert_false(r.sig_known[k]);
		assert_near(r.sig[k], 0);
	}
	done();

	/* bytes known, the link's rate not: Gb/s yes, % no */
	host("mlx5_0", 0);
	add(RS_CO_PORT, "port_xmit_data", 0);
	add(RS_CO_PORT, "port_rcv_data", 0);
	read_at(1);
	bump(RS_CO_PORT, "port_xmit_data", 250);
	read_at(2);
	rates();
	assert_near(r.tx_bps, 8000);
	assert_near(r.rx_bps, 0);
	assert_near(r.tx_pct, -1);
	assert_near(r.rx_pct, -1);
	assert_near(r.pkts, -1);	/* bytes but no packet counter */
	done();
}

/* The mlx5 names: every counter of a kind adds up; a look-alike does not. */
static const struct {
	enum rs_corigin o;
	const char *name;
	enum rs_sig sig;	/* RS_SIG_COUNT: not a signal */
} mlx5_sigs[] = {
	{ RS_CO_ETHTOOL, "rx_pause_ctrl_phy", RS_SIG_PAUSE },
	{ RS_CO_ETHTOOL, "tx_pause_ctrl_phy", RS_SIG_PAUSE },
	{ RS_CO_ETHTOOL, "rx_prio3_pause", RS_SIG_PAUSE },
	{ RS_CO_ETHTOOL, "tx_prio3_pause", RS_SIG_PAUSE },
	{ RS_CO_ETHTOOL, "rx_prio3_pause_duration", RS_SIG_COUNT },
	{ RS_CO_ETHTOOL, "rx_prio3_pause_transition", RS_SIG_COUNT },
	{ RS_CO_HW, "np_cnp_sent", RS_SIG_CNP_SENT },
	{ RS_CO_HW, "rp_cnp_handled", RS_SIG_CNP_HANDLED },
	{ RS_CO_HW, "rp_cnp_ignored", RS_SIG_COUNT },
	{ RS_CO_HW, "np_ecn_marked_roce_packets", RS_SIG_ECN },
	{ RS_CO_HW, "out_of_sequence", RS_SIG_SEQ },
	{ RS_CO_HW, "packet_seq_err", RS_SIG_SEQ },
	{ RS_CO_HW, "implied_nak_seq_err", RS_SIG_COUNT },
	{ RS_CO_HW, "local_ack_timeout_err", RS_SIG_RETX },
	{ RS_CO_HW, "roce_adp_retrans", RS_SIG_RETX },
	{ RS_CO_HW, "roce_adp_retrans_to", RS_SIG_RETX },
	{ RS_CO_HW, "rnr_nak_retry_err", RS_SIG_RETX },
	{ RS_CO_HW, "out_of_buffer", RS_SIG_DROP },
	{ RS_CO_PORT, "port_xmit_discards", RS_SIG_DROP },
	{ RS_CO_PORT, "port_rcv_errors", RS_SIG_DROP },
	{ RS_CO_ETHTOOL, "rx_discards_phy", RS_SIG_DROP },
	{ RS_CO_ETHTOOL, "tx_discards_phy", RS_SIG_DROP },
	{ RS_CO_ETHTOOL, "rx_out_of_buffer", RS_SIG_DROP },
	{ RS_CO_ETHTOOL, "rx_prio3_discards", RS_SIG_DROP },
	{ RS_CO_NETDEV, "rx_dropped", RS_SIG_DROP },
	{ RS_CO_NETDEV, "tx_dropped", RS_SIG_DROP },
	{ RS_CO_PORT, "symbol_error", RS_SIG_COUNT },	/* the link's, not a drop */
};

/* Counter i moves by 2^i per reading: each sum names its members. */
static void expect_sums(double secs, unsigned readings)
{
	double want[RS_SIG_COUNT] = { 0 };

	for (size_t i = 0; i < RS_ARRAY_SIZE(mlx5_sigs); i++)
		if (mlx5_sigs[i].sig < RS_SIG_COUNT)
			want[mlx5_sigs[i].sig] += (double)(1ULL << i);
	for (int k = 0; k < RS_SIG_COUNT; k++) {
		assert_true(r.sig_known[k]);
		assert_near(r.sig[k], want[k] / secs);
		assert_int_equal(r.sig_total[k], (uint64_t)want[k] * readings);
	}
}

static void test_signals_mlx5(void **state)
{
	host("mlx5_0", 100);
	for (size_t i = 0; i < RS_ARRAY_SIZE(mlx5_sigs); i++)
		add(mlx5_sigs[i].o, mlx5_sigs[i].name, 1000);
	read_at(1);
	rates();
	for (int k = 0; k < RS_SIG_COUNT; k++) {
		assert_true(r.sig_known[k]);	/* known from the first reading */
		assert_near(r.sig[k], 0);
	}
	for (size_t i = 0; i < RS_ARRAY_SIZE(mlx5_sigs); i++)
		bump(mlx5_sigs[i].o, mlx5_sigs[i].name, 1ULL << i);
	read_at(3);
	rates();
	expect_sums(2, 1);
	/* again, one second later: the rate is the last interval's, the total
	 * goes on from the baseline */
	for (size_t i = 0; i < RS_ARRAY_SIZE(mlx5_sigs); i++)
		bump(mlx5_sigs[i].o, mlx5_sigs[i].name, 1ULL << i);
	read_at(4);
	rates();
	expect_sums(1, 2);
	assert_near(r.tx_bps, -1);	/* signals, but no byte counter */
	done();
}

/* rxe's names; no ethtool -S: pause unknown, while drops are the netdev's. */
static void test_signals_rxe(void **state)
{
	host("rxe1", 10);
	add(RS_CO_HW, "rcvd_seq_err", 0);
	add(RS_CO_HW, "out_of_seq_request", 0);
	add(RS_CO_HW, "completer_retry_err", 0);
	add(RS_CO_HW, "retry_exceeded_err", 0);
	add(RS_CO_HW, "duplicate_request", 0);
	add(RS_CO_NETDEV, "rx_dropped", 0);
	read_at(1);
	bump(RS_CO_HW, "rcvd_seq_err", 3);
	bump(RS_CO_HW, "out_of_seq_request", 4);
	bump(RS_CO_HW, "completer_retry_err", 10);
	bump(RS_CO_HW, "retry_exceeded_err", 20);
	bump(RS_CO_HW, "duplicate_request", 1000);
	bump(RS_CO_NETDEV, "rx_dropped", 2);
	read_at(2);
	rates();
	assert_false(r.sig_known[RS_SIG_PAUSE]);
	assert_false(r.sig_known[RS_SIG_CNP_SENT]);
	assert_false(r.sig_known[RS_SIG_ECN]);
	assert_true(r.sig_known[RS_SIG_SEQ]);
	assert_near(r.sig[RS_SIG_SEQ], 7);
	assert_near(r.sig[RS_SIG_RETX], 30);
	assert_near(r.sig[RS_SIG_DROP], 2);
	assert_int_equal(r.sig_total[RS_SIG_RETX], 30);
	done();
}

/* A device of driver drv (the PCI function's), one port, netdev eth0. */
static void vendor(const char *dev, const char *drv, double gbps)
{
	host(dev, gbps);
	RS_STRCPY(snap.devices[0].driver, drv);
}

/* bnxt_re: bytes in hw_counters; tx_roce_only_bytes is a part of tx_bytes. */
static void test_bnxt_re(void **state)
{
	static const char *const sig[] = {
		"tx_cnp_pkts", "rx_cnp_pkts", "rx_ecn_marked_pkts", "oos_drop_count",
		"seq_err_naks_rcvd", "to_retransmits", "rnr_naks_rcvd", "rx_out_of_buffer",
	};

	vendor("bnxt_re0", "bnxt_en", 200);
	add(RS_CO_HW, "tx_bytes", 0);
	add(RS_CO_HW, "rx_bytes", 0);
	add(RS_CO_HW, "tx_roce_only_bytes", 0);
	add(RS_CO_HW, "tx_pkts", 0);
	add(RS_CO_HW, "rx_pkts", 0);
	add(RS_CO_HW, "rx_roce_good_pkts", 0);
	add(RS_CO_NETDEV, "tx_bytes", 0);
	for (size_t i = 0; i < RS_ARRAY_SIZE(sig); i++)
		add(RS_CO_HW, sig[i], 0);
	read_at(1);
	bump(RS_CO_HW, "tx_bytes", 5000000000ULL);		/* 40 Gb/s, 20 % */
	bump(RS_CO_HW, "rx_bytes", 2500000000ULL);		/* 20 Gb/s */
	bump(RS_CO_HW, "tx_roce_only_bytes", 4900000000ULL);
	bump(RS_CO_HW, "tx_pkts", 1000000);
	bump(RS_CO_HW, "rx_pkts", 500000);
	bump(RS_CO_HW, "rx_roce_good_pkts", 499000);
	bump(RS_CO_NETDEV, "tx_bytes", 999999);
	for (size_t i = 0; i < RS_ARRAY_SIZE(sig); i++)
		bump(RS_CO_HW, sig[i], 10 * (i + 1));
	read_at(2);
	rates();
	assert_string_equal(r.driver, "bnxt_re");
	assert_int_equal(r.src, RS_CO_HW);
	assert_near(r.tx_bps, 40e9);
	assert_near(r.rx_bps, 20e9);
	assert_near(r.tx_pct, 20);
	assert_near(r.pkts, 1500000);
	assert_int_equal(r.n_bytes, 2);
	assert_near(r.sig[RS_SIG_CNP_SENT], 10);
	assert_near(r.sig[RS_SIG_CNP_HANDLED], 20);
	assert_near(r.sig[RS_SIG_ECN], 30);
	assert_near(r.sig[RS_SIG_SEQ], 40 + 50);
	assert_near(r.sig[RS_SIG_RETX], 60 + 70);
	assert_near(r.sig[RS_SIG_DROP], 80);
	assert_false(r.np_bytes);
	assert_false(r.np[RS_SIG_ECN]);
	assert_false(r.np[RS_SIG_PAUSE]);	/* no ethtool -S read: unknown, not "none" */
	done();
}

/* irdma: ip4 and ip6 octets are both the port's traffic; multicast a part. */
static void test_irdma(void **state)
{
	vendor("irdma0", "ice", 100);
	add(RS_CO_HW, "ip4OutOctets", 0);
	add(RS_CO_HW, "ip6OutOctets", 0);
	add(RS_CO_HW, "ip4OutMcastOctets", 0);
	add(RS_CO_HW, "ip4InOctets", 0);
	add(RS_CO_HW, "ip6InOctets", 0);
	add(RS_CO_HW, "ip4OutPkts", 0);
	add(RS_CO_HW, "ip6InPkts", 0);
	add(RS_CO_HW, "TxUDP", 0);
	add(RS_CO_HW, "cnpSent", 0);
	add(RS_CO_HW, "RxECNMrkd", 0);
	add(RS_CO_HW, "RetransSegs", 0);
	read_at(10);
	bump(RS_CO_HW, "ip4OutOctets", 1000000000ULL);
	bump(RS_CO_HW, "ip6OutOctets", 250000000ULL);		/* 10 Gb/s in all */
	bump(RS_CO_HW, "ip4OutMcastOctets", 100000000ULL);
	bump(RS_CO_HW, "ip4InOctets", 125000000ULL);
	bump(RS_CO_HW, "ip6InOctets", 0);
	bump(RS_CO_HW, "ip4OutPkts", 300);
	bump(RS_CO_HW, "ip6InPkts", 200);
	bump(RS_CO_HW, "TxUDP", 300);
	bump(RS_CO_HW, "cnpSent", 7);
	bump(RS_CO_HW, "RxECNMrkd", 9);
	bump(RS_CO_HW, "RetransSegs", 3);
	read_at(11);
	rates();
	assert_near(r.tx_bps, 10e9);
	assert_near(r.rx_bps, 1e9);
	assert_near(r.pkts, 500);
	assert_int_equal(r.n_bytes, 4);
	assert_near(r.sig[RS_SIG_CNP_SENT], 7);
	assert_near(r.sig[RS_SIG_ECN], 9);
	assert_near(r.sig[RS_SIG_RETX], 3);
	assert_true(r.np[RS_SIG_SEQ]);		/* GEN2 counts no sequence error */
	assert_true(r.np[RS_SIG_CNP_HANDLED]);
	done();
}

/* hns: packets and CNPs, no byte counter; the netdev's bytes are not RoCE's. */
static void test_hns(void **state)
{
	vendor("hns_0", "hns3", 100);
	add(RS_CO_HW, "tx_pkt", 0);
	add(RS_CO_HW, "rx_pkt", 0);
	add(RS_CO_HW, "tx_rc_pkt", 0);
	add(RS_CO_HW, "tx_cnp_pkt", 0);
	add(RS_CO_HW, "rx_cnp_pkt", 0);
	add(RS_CO_NETDEV, "tx_bytes", 0);
	add(RS_CO_NETDEV, "tx_packets", 0);
	add(RS_CO_ETHTOOL, "mac_rx_pfc_pri3_pkt_num", 0);
	add(RS_CO_ETHTOOL, "mac_rx_pfc_pkt_num", 0);
	add(RS_CO_ETHTOOL, "mac_tx_mac_pause_num", 0);
	read_at(1);
	bump(RS_CO_HW, "tx_pkt", 6000);
	bump(RS_CO_HW, "rx_pkt", 4000);
	bump(RS_CO_HW, "tx_rc_pkt", 5999);
	bump(RS_CO_HW, "tx_cnp_pkt", 5);
	bump(RS_CO_HW, "rx_cnp_pkt", 6);
	bump(RS_CO_NETDEV, "tx_bytes", 1000000);
	bump(RS_CO_NETDEV, "tx_packets", 1000);
	bump(RS_CO_ETHTOOL, "mac_rx_pfc_pri3_pkt_num", 30);
	bump(RS_CO_ETHTOOL, "mac_rx_pfc_pkt_num", 30);	/* the same frames, summed */
	bump(RS_CO_ETHTOOL, "mac_tx_mac_pause_num", 2);
	read_at(3);
	rates();
	assert_near(r.tx_bps, -1);
	assert_near(r.rx_bps, -1);
	assert_true(r.np_bytes);
	assert_false(r.np_pkts);
	assert_near(r.pkts, 5000);
	assert_int_equal(r.n_bytes, 0);
	assert_near(r.sig[RS_SIG_CNP_SENT], 2.5);
	assert_near(r.sig[RS_SIG_CNP_HANDLED], 3);
	assert_near(r.sig[RS_SIG_PAUSE], 16);	/* 32 frames: per priority and 802.3x */
	assert_true(r.np[RS_SIG_ECN]);
	assert_true(r.np[RS_SIG_SEQ]);
	assert_true(r.np[RS_SIG_RETX]);
	assert_false(r.np[RS_SIG_PAUSE]);
	done();
}

/* Pause frames of bnxt_en and ice: per priority and 802.3x, not XON. */
static void test_vendor_pause(void **state)
{
	vendor("bnxt_re0", "bnxt_en", 100);
	add(RS_CO_ETHTOOL, "rx_pfc_ena_frames_pri3", 0);
	add(RS_CO_ETHTOOL, "tx_pfc_ena_frames_pri3", 0);
	add(RS_CO_ETHTOOL, "rx_pfc_frames", 0);
	add(RS_CO_ETHTOOL, "rx_pause_frames", 0);
	add(RS_CO_ETHTOOL, "pfc_pri3_rx_duration_us", 0);
	read_at(1);
	bump(RS_CO_ETHTOOL, "rx_pfc_ena_frames_pri3", 100);
	bump(RS_CO_ETHTOOL, "tx_pfc_ena_frames_pri3", 10);
	bump(RS_CO_ETHTOOL, "rx_pfc_frames", 100);
	bump(RS_CO_ETHTOOL, "rx_pause_frames", 1);
	bump(RS_CO_ETHTOOL, "pfc_pri3_rx_duration_us", 123456);
	read_at(2);
	rates();
	assert_near(r.sig[RS_SIG_PAUSE], 111);
	done();

	vendor("irdma0", "ice", 100);
	add(RS_CO_ETHTOOL, "rx_priority_3_xoff.nic", 0);
	add(RS_CO_ETHTOOL, "rx_priority_3_xon.nic", 0);
	add(RS_CO_ETHTOOL, "link_xoff_rx.nic", 0);
	add(RS_CO_ETHTOOL, "tx_bytes.nic", 0);
	read_at(1);
	bump(RS_CO_ETHTOOL, "rx_priority_3_xoff.nic", 40);
	bump(RS_CO_ETHTOOL, "rx_priority_3_xon.nic", 40);
	bump(RS_CO_ETHTOOL, "link_xoff_rx.nic", 2);
	read_at(2);
	rates();
	assert_near(r.sig[RS_SIG_PAUSE], 42);
	assert_true(r.eth_read);
	done();

	/* an ethtool -S read without any pause counter: not provided */
	vendor("mana_0", "mana", 100);
	add(RS_CO_ETHTOOL, "tx_bytes", 0);
	read_at(1);
	read_at(2);
	rates();
	assert_true(r.np[RS_SIG_PAUSE]);
	done();
}

/* GT/s x lanes x encoding: 8b/10b below 8 GT/s, 128b/130b to 32 GT/s,
 * 242/256 (FLIT) at 64 GT/s; the slot's ceiling lands in the port's. */
static void test_pcie(void **state)
{
	struct rs_device *d;

	assert_near(rs_pcie_gbps(8, 8), 8 * 8 * 128.0 / 130);
	assert_true(fabs(rs_pcie_gbps(8, 8) - 63.0) < 0.05);	/* Gen3 x8: 63.0 Gb/s */
	assert_near(rs_pcie_gbps(2.5, 1), 2.0);			/* Gen1 x1 */
	assert_near(rs_pcie_gbps(5, 4), 16.0);			/* Gen2 x4 */
	assert_near(rs_pcie_gbps(16, 16), 16 * 16 * 128.0 / 130);
	assert_near(rs_pcie_gbps(32, 16), 32 * 16 * 128.0 / 130);
	assert_near(rs_pcie_gbps(64, 16), 968.0);		/* 64 x 16 x 242/256 */
	assert_near(rs_pcie_gbps(0, 8), 0);			/* unknown speed */
	assert_near(rs_pcie_gbps(8, 0), 0);			/* unknown width */
	assert_near(rs_pcie_gbps(-1, 8), 0);

	host("mlx5_0", 100);
	d = &snap.devices[0];
	d->pci.cur_gts = 8;
	d->pci.cur_width = 8;
	read_at(1);
	rates();
	assert_near(r.pcie_gbps, 8 * 8 * 128.0 / 130);
	assert_true(r.pcie_gbps < r.link_gbps);		/* the '~' of the Overview */
	done();
}

static void test_names(void **state)
{
	assert_string_equal(rs_sig_name(RS_SIG_PAUSE), "pause");
	assert_string_equal(rs_sig_name(RS_SIG_RETX), "retx/timeout");
	assert_string_equal(rs_sig_name(RS_SIG_COUNT), "?");
	assert_true(rs_sig_is_error(RS_SIG_SEQ) && rs_sig_is_error(RS_SIG_RETX) &&
		    rs_sig_is_error(RS_SIG_DROP));
	assert_false(rs_sig_is_error(RS_SIG_PAUSE) || rs_sig_is_error(RS_SIG_CNP_SENT) ||
		     rs_sig_is_error(RS_SIG_CNP_HANDLED) || rs_sig_is_error(RS_SIG_ECN));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_port_data),
		cmocka_unit_test(test_fallback_ethtool),
		cmocka_unit_test(test_fallback_netdev_rxe),
		cmocka_unit_test(test_unknown),
		cmocka_unit_test(test_signals_mlx5),
		cmocka_unit_test(test_signals_rxe),
		cmocka_unit_test(test_bnxt_re),
		cmocka_unit_test(test_irdma),
		cmocka_unit_test(test_hns),
		cmocka_unit_test(test_vendor_pause),
		cmocka_unit_test(test_pcie),
		cmocka_unit_test(test_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
