/* SPDX-License-Identifier: MIT */
/*
 * counter_groups.h - which RDMA/NIC counters mean what, for people.
 *
 * The kernel spreads the numbers an engineer needs over three places: a
 * port's counters/ (IB PMA counters, port_xmit_data in 4-byte words), its
 * hw_counters/ (driver-specific RoCE transport counters) and the netdev's
 * ethtool -S list (pause/PFC, PCIe, physical drops).  This table sorts them
 * by meaning - traffic, RoCE errors, congestion, pause, drops, PCIe - and
 * says which ones are errors (any increase is a finding), which count
 * bytes and which count in larger units (port_xmit_data: 4-byte words).
 * Errors the QP survives (retransmissions) and errors that put a QP in
 * the error state (completions in error, retries exhausted) are separate
 * groups, and so are physical-link errors (symbols, flaps) and drops.
 * Pure data and a lookup; no curses, no I/O.  The one place that knows
 * what a counter name means: the series, the checks, the console's
 * Counters pane and `rocescope counters` all ask here.
 *
 * Each counter also has a meaning (rs_meaning: tx_bytes, cnp_sent,
 * out_of_sequence ...), the same for every vendor: the Overview, the
 * checks and the exporter ask for meanings, never for one driver's names.
 * The RDMA counters (counters/ and hw_counters/) come from the per-driver
 * tables of counter_tables.h (profiles/counters/DRIVER.yaml: every name each
 * driver exposes, with its aliases across kernel and vendor releases);
 * this file keeps the ethtool -S and netdev statistics names, which
 * belong to the Ethernet driver, and the vocabulary.
 *
 * Names that are not in the tables: counters/ and hw_counters/ entries fall
 * into RS_CG_OTHER (they are few and RDMA-specific); ethtool -S and netdev
 * statistics entries are not classified (mlx5 has hundreds of per-queue
 * ones), except by catch-all entries that give them a unit (RS_CG_HIDDEN).
 */
#ifndef RS_COUNTER_GROUPS_H
#define RS_COUNTER_GROUPS_H

enum rs_cgroup {
	RS_CG_TRAFFIC,		/* RDMA traffic: bytes, packets, requests */
	RS_CG_ROCE_ERR,		/* RoCE errors and retransmissions (the QP recovers) */
	RS_CG_QP_FATAL,		/* the QP went to the error state: CQEs in error,
				 * retries exhausted, access and length errors */
	RS_CG_LINK,		/* physical link: symbol and CRC errors, link flaps */
	RS_CG_CONGESTION,	/* ECN/CNP (DCQCN), transmit wait */
	RS_CG_PAUSE,		/* 802.3x pause and PFC per priority */
	RS_CG_DROPS,		/* drops, discards and buffers */
	RS_CG_PCIE,		/* PCIe stalls and signal integrity */
	RS_CG_RESOURCE,		/* objects in use and their high-water marks */
	RS_CG_OTHER,		/* other counters/ and hw_counters/ entries */
	RS_CG_COUNT,
	RS_CG_HIDDEN = RS_CG_COUNT,	/* known (for its unit) but not shown by group */
};

enum rs_corigin {
	RS_CO_PORT,		/* /sys/class/infiniband/D/ports/P/counters */
	RS_CO_HW,		/* /sys/class/infiniband/D/ports/P/hw_counters */
	RS_CO_ETHTOOL,		/* ethtool -S of the port's netdev */
	RS_CO_NETDEV,		/* /sys/class/net/IF/statistics of the port's netdev */
	RS_CO_COUNT,
};

#define RS_CF_ERROR	0x1	/* an increase is a problem */
#define RS_CF_BYTES	0x2	/* counts bytes (after scaling) */
#define RS_CF_NOISY	0x4	/* an error counter that also moves on healthy links
				 * (rxe retransmits under emulation): warn, not fail */

/*
 * What a counter counts, whatever the driver calls it.  RS_M_NONE only for
 * the ethtool/netdev catch-alls; every RDMA counter has one of the others.
 */
enum rs_meaning {
	RS_M_NONE,
	RS_M_TX_BYTES, RS_M_RX_BYTES,		/* data on the wire, in bytes */
	RS_M_TX_PACKETS, RS_M_RX_PACKETS,
	RS_M_CNP_SENT,			/* CNPs sent: we saw ECN marks (DCQCN NP) */
	RS_M_CNP_HANDLED,		/* CNPs received and acted on (DCQCN RP) */
	RS_M_ECN_MARKED,		/* ECN-marked (CE) RoCE packets received */
	RS_M_OUT_OF_SEQUENCE,		/* a PSN gap: a packet was lost on the way */
	RS_M_RETRANSMIT,		/* the requester sent again */
	RS_M_TIMEOUT,			/* no ACK in time (retransmit timer) */
	RS_M_RNR_NAK,			/* receiver not ready: no receive posted */
	RS_M_DUPLICATE,			/* a request seen twice (the other side retried) */
	RS_M_DROP,			/* dropped for want of buffers or on errors */
	RS_M_ERROR,			/* a completion, protocol or link error */
	RS_M_RESOURCE,			/* objects in use or their high-water mark (a gauge) */
	RS_M_OTHER,
	RS_M_COUNT,
};

/* How one count of a counter reads. */
enum rs_cunit {
	RS_CU_NONE,		/* not given: from the name (packets, pkts) */
	RS_CU_BYTES,
	RS_CU_WORDS,		/* 4-byte words: port_xmit_data */
	RS_CU_PACKETS,
	RS_CU_EVENTS,
};

/* Pause frame counters of ethtool -S (the pause field of a class). */
#define RS_PZ_RX	0x1	/* received: someone asked us to stop */
#define RS_PZ_TX	0x2	/* sent: we asked the peer to stop */
#define RS_PZ_GLOBAL	0x4	/* 802.3x: every priority */
#define RS_PZ_PRIO	0x8	/* one priority: its number is the name's digits */
#define RS_PZ_ALL	0x10	/* PFC frames of every priority, summed by the NIC */

struct rs_counter_class {
	/* Exact name, or a pattern: '#' one decimal number, '*' any text. */
	const char *name;
	enum rs_corigin origin;
	enum rs_cgroup group;
	unsigned flags;
	const char *note;	/* short meaning, "" when the name says it */
	unsigned scale;		/* units of the reported unit per count; 0 means 1 */
	enum rs_meaning meaning;
	enum rs_cunit unit;
	int part;		/* a part of another counter of the same meaning
				 * (RoCE-only bytes of all bytes): never summed with it */
	unsigned pause;		/* RS_PZ_*, 0 when not a pause frame counter */
};

/*
 * The class of a counter, or NULL when the table does not know it.  RDMA
 * counters are looked up in the driver tables (counter_tables.h) in their
 * fixed order, for a caller that does not know the device's driver; the
 * ethtool and netdev names in this file's table.
 */
const struct rs_counter_class *rs_counter_classify(enum rs_corigin origin,
						   const char *name);
/* The ethtool/netdev class of a name (this file's table), or NULL. */
const struct rs_counter_class *rs_counter_classify_eth(enum rs_corigin origin,
						       const char *name);
/* "tx_bytes", "cnp_sent", ... "other"; "" for RS_M_NONE. */
const char *rs_meaning_name(enum rs_meaning m);
/* The meaning of a name of that vocabulary; RS_M_NONE when it is none. */
enum rs_meaning rs_meaning_of(const char *name);
/* "bytes", "4-byte words", "packets", "events"; "" for RS_CU_NONE. */
const char *rs_cunit_name(enum rs_cunit u);
/* The group and flags a meaning has when a table gives no other. */
void rs_meaning_defaults(enum rs_meaning m, enum rs_cgroup *group, unsigned *flags);
/* The priority in a per-priority pause counter's name (rx_prio3_pause: 3), or -1. */
int rs_counter_prio(const char *name);
/* What one count is worth in the reported unit (4 for port_xmit_data). */
unsigned rs_counter_class_scale(const struct rs_counter_class *c);
/* "RDMA traffic", "RoCE errors and retransmissions", ... */
const char *rs_cgroup_name(enum rs_cgroup g);
/* "counters", "hw_counters", "ethtool", "stats" */
const char *rs_corigin_name(enum rs_corigin o);
/* 1 when name matches pattern ('#' = one or more digits, '*' = any text). */
int rs_counter_name_match(const char *pattern, const char *name);

#endif
