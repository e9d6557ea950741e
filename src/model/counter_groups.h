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
 * Names that are not in the table: counters/ and hw_counters/ entries fall
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

struct rs_counter_class {
	/* Exact name, or a pattern: '#' one decimal number, '*' any text. */
	const char *name;
	enum rs_corigin origin;
	enum rs_cgroup group;
	unsigned flags;
	const char *note;	/* short meaning, "" when the name says it */
	unsigned scale;		/* units of the reported unit per count; 0 means 1 */
};

/* The class of a counter, or NULL when the table does not know it. */
const struct rs_counter_class *rs_counter_classify(enum rs_corigin origin,
						   const char *name);
/* What one count is worth in the reported unit (4 for port_xmit_data). */
unsigned rs_counter_class_scale(const struct rs_counter_class *c);
/* 1 when the counter counts bytes (after scaling). */
int rs_counter_is_bytes(enum rs_corigin origin, const char *name);
/* "RDMA traffic", "RoCE errors and retransmissions", ... */
const char *rs_cgroup_name(enum rs_cgroup g);
/* "counters", "hw_counters", "ethtool", "stats" */
const char *rs_corigin_name(enum rs_corigin o);
/* 1 when name matches pattern ('#' = one or more digits, '*' = any text). */
int rs_counter_name_match(const char *pattern, const char *name);

#endif
