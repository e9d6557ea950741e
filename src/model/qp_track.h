/* SPDX-License-Identifier: MIT */
/*
 * qp_track.h - every queue pair of the snapshot followed across readings:
 * whether its PSNs move, since when it is in ERR, when it went away, and
 * its retransmissions, sequence errors, RNR NAKs and timeouts per second.
 * One model for the QPs pane, `rocescope qps`, the exporter's top list and
 * the qp.* checks.  Pure: readings in, a table out; no I/O.
 *
 * Rates come from the counter bound to the QP when there is one (RDMA
 * netlink's per-QP counters, named as the driver names them).  Without
 * one they are the port's own counters (hw_counters, through the series)
 * and say so, given to the port's connected QPs whose PSNs moved, or to
 * all of them when none moved (a sender whose peer drops everything
 * retransmits the same PSNs): shared by several, they are theirs together,
 * which the view shows beside it.
 *
 * A QP is matched across readings by device, port, QPN and owner PID: a
 * number reused by a new process is a new QP.  One that is no longer
 * listed stays in the table as gone for RS_QP_GONE_KEEP_NS, so a view
 * shows that the client died instead of the line silently vanishing.
 */
#ifndef RS_QP_TRACK_H
#define RS_QP_TRACK_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "model/series.h"
#include "snapshot.h"

#define RS_QP_STALL_NS (5ull * 1000000000ull)	/* PSNs still this long: stalled */
#define RS_QP_GONE_KEEP_NS (60ull * 1000000000ull)
#define RS_QP_TRACK_MAX 4096			/* QPs followed at once */

/* The four kinds of trouble a QP's rates are sorted by. */
enum rs_qp_rate {
	RS_QR_RETRANS,		/* retransmissions (mlx5 roce_adp_retrans, rxe completer_retry_err) */
	RS_QR_SEQ,		/* sequence errors (packet_seq_err, out_of_sequence, rcvd_seq_err) */
	RS_QR_RNR,		/* receiver-not-ready NAKs (rnr_nak_retry_err, rcvd_rnr_err) */
	RS_QR_TIMEOUT,		/* ACK timeouts (local_ack_timeout_err) */
	RS_QR_COUNT,
};

struct rs_qp_rates {
	int known[RS_QR_COUNT];		/* the source has a counter of that kind */
	double per_s[RS_QR_COUNT];
	uint64_t total[RS_QR_COUNT];	/* since the QP was first seen (its own counter) */
};

struct rs_qp_tracked {
	char device[RS_NAME_LEN];
	unsigned port, lqpn, pid;
	char comm[RS_NAME_LEN];
	char type[RS_QP_TYPE_LEN];
	int kernel;
	int state;			/* the last one seen */
	int has_rqpn;
	unsigned rqpn, sq_psn, rq_psn;
	int cm;
	char src[RS_ADDR_LEN + 8], dst[RS_ADDR_LEN + 8];	/* "10.99.0.1:4791" */
	unsigned counter_id;		/* 0: none bound */
	unsigned counter_shared;	/* QPs on that counter (auto mode shares one) */
	struct rs_counter_set counters;	/* its values, as last read */
	uint64_t first_ns, seen_ns;	/* first and last reading listing it */
	uint64_t moved_ns;		/* last reading where a PSN changed */
	int moves;			/* a PSN changed at the last reading */
	int stalled;			/* RC/UC in RTS, owner alive, PSNs still >= RS_QP_STALL_NS */
	uint64_t err_ns;		/* reading it was first seen in ERR, 0 never */
	time_t err_wall;		/* the same as a wall clock, 0 unknown */
	int gone;			/* not in the last reading */
	uint64_t gone_ns;
	time_t gone_wall;
	int owner_alive;		/* its process was there at the last reading */
	int from_port;			/* rates are the port's counters, not its own */
	unsigned port_busy;		/* from_port: the QPs sharing the port's counters
					 * (those whose PSNs moved, else all connected) */
	struct rs_qp_rates rates;
	double score;			/* the sort key: errors per second, all kinds */
};

struct rs_qp_table {
	struct rs_qp_tracked *qps;
	size_t n;
	unsigned long readings;
	uint64_t now_ns;		/* time of the last reading */
	time_t now_wall;
	int truncated;			/* more QPs than RS_QP_TRACK_MAX: the first are followed */
};

void rs_qp_table_init(struct rs_qp_table *t);
void rs_qp_table_free(struct rs_qp_table *t);
/*
 * Take a reading: the snapshot's QPs (and procs) at now_ns (the reading's
 * monotonic time) and now_wall (its wall clock, 0 unknown); series gives
 * the port rates (may be NULL).  Rates and stalls need two readings.
 */
void rs_qp_table_update(struct rs_qp_table *t, const struct rs_snapshot *snap,
			const struct rs_series *series, uint64_t now_ns, time_t now_wall);
/* The time of a snapshot's reading: its newest port counter time, else 0. */
uint64_t rs_qp_reading_ns(const struct rs_snapshot *snap);

/* The kind of a per-QP counter name, or -1 (qp_track.c's table). */
int rs_qp_rate_kind(const char *counter);
const char *rs_qp_rate_name(enum rs_qp_rate k);	/* "retrans", "seq_err", "rnr", "timeout" */

/*
 * The order views show: groups of one owner (pid, or "kernel" last),
 * groups by their worst QP; in a group, by score, then ERR, stalled,
 * gone, then QPN.  Fills idx (t->n entries) with indices into t->qps.
 */
void rs_qp_table_order(const struct rs_qp_table *t, size_t *idx);
/* One line for a QP: "RTS", "ERR for 12 s", "gone 3 s ago", "stalled 8 s". */
void rs_qp_status(const struct rs_qp_table *t, const struct rs_qp_tracked *q, char *buf,
		  size_t len);

#endif
