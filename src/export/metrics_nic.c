/* SPDX-License-Identifier: MIT */
/*
 * metrics_nic.c - the families about queue pairs and the NIC's health:
 * the top list of QPs by errors per second, QPs in ERR and stalled ones
 * (the session's QP poller), devlink health reporters, FEC blocks, the
 * transceiver module's temperature, power and flags, link flaps.
 *
 * The QP families name at most RS_METRICS_QP_TOP QPs each, the worst
 * first, and only QPs with something to say (errors rising, ERR,
 * stalled): a host with ten thousand healthy QPs exports no series for
 * them, and a QP that recovers drops out instead of staying at 0.
 * Powers are in watts and temperatures in degrees Celsius (Prometheus'
 * base units).
 */
#include "export/metrics_priv.h"
#include "model/qp_track.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RS_METRICS_QP_TOP 10

static void qp_labels(char *lqpn, size_t n1, char *port, size_t n2, char *pid, size_t n3,
		      const struct rs_qp_tracked *q)
{
	snprintf(lqpn, n1, "%u", q->lqpn);
	snprintf(port, n2, "%u", q->port);
	snprintf(pid, n3, "%u", q->pid);
}

static void qp_rates(struct rs_mw *w, const struct rs_qp_table *t, const size_t *idx)
{
	unsigned shown = 0;

	rs_mw_family(w, "rocescope_qp_errors_per_second", RS_MT_GAUGE,
		     "The QPs whose errors rise, worst first (at most 10): retransmissions, "
		     "sequence errors, RNR NAKs, timeouts per second; source qp (its own counter) "
		     "or port (its port's counters, no per-QP counter bound).");
	for (size_t i = 0; i < t->n && shown < RS_METRICS_QP_TOP; i++) {
		const struct rs_qp_tracked *q = &t->qps[idx[i]];
		char lqpn[16], port[16], pid[16];

		if (q->gone || q->score <= 0)
			continue;
		shown++;
		qp_labels(lqpn, sizeof(lqpn), port, sizeof(port), pid, sizeof(pid), q);
		for (int k = 0; k < RS_QR_COUNT; k++)
			if (q->rates.known[k])
				rs_mw_f64(w, q->rates.per_s[k], "device", q->device, "port", port,
					  "lqpn", lqpn, "pid", pid, "comm", q->comm, "kind",
					  rs_qp_rate_name((enum rs_qp_rate)k), "source",
					  q->from_port ? "port" : "qp", NULL);
	}
}

/* QPs in ERR (seconds since) and stalled QPs (seconds still), worst first. */
static void qp_states(struct rs_mw *w, const struct rs_qp_table *t, const size_t *idx)
{
	unsigned shown = 0;

	rs_mw_family(w, "rocescope_qp_error_state_seconds", RS_MT_GAUGE,
		     "QPs in the error state and since how long (at most 10).");
	for (size_t i = 0; i < t->n && shown < RS_METRICS_QP_TOP; i++) {
		const struct rs_qp_tracked *q = &t->qps[idx[i]];
		char lqpn[16], port[16], pid[16];

		if (q->gone || q->state != 6)
			continue;
		shown++;
		qp_labels(lqpn, sizeof(lqpn), port, sizeof(port), pid, sizeof(pid), q);
		rs_mw_f64(w, (double)(t->now_ns - q->err_ns) / 1e9, "device", q->device, "port",
			  port, "lqpn", lqpn, "pid", pid, "comm", q->comm, NULL);
	}
	shown = 0;
	rs_mw_family(w, "rocescope_qp_stalled_seconds", RS_MT_GAUGE,
		     "Connected QPs whose PSNs stopped moving while their process runs, and "
		     "for how long (at most 10).");
	for (size_t i = 0; i < t->n && shown < RS_METRICS_QP_TOP; i++) {
		const struct rs_qp_tracked *q = &t->qps[idx[i]];
		char lqpn[16], port[16], pid[16];

		if (!q->stalled)
			continue;
		shown++;
		qp_labels(lqpn, sizeof(lqpn), port, sizeof(port), pid, sizeof(pid), q);
		rs_mw_f64(w, (double)(t->now_ns - q->moved_ns) / 1e9, "device", q->device, "port",
			  port, "lqpn", lqpn, "pid", pid, "comm", q->comm, NULL);
	}
}

static void qps(struct rs_mw *w, const struct rs_qp_table *t)
{
	size_t *idx = rs_xcalloc(t->n + 1, sizeof(*idx));

	rs_qp_table_order(t, idx);
	qp_rates(w, t, idx);
	qp_states(w, t, idx);
	free(idx);
}

/* ------------------------------------------------------------ health */

/* The netdevs of RDMA ports, as the other netdev families. */
#define FOR_RDMA_LINKS(s, l)							\
	for (size_t _i = 0; _i < (s)->n_links; _i++)				\
		if (((l) = &(s)->links[_i]), rs_is_rdma_netdev((s), (l)->name))

static void reporters(struct rs_mw *w, const struct rs_snapshot *s)
{
	static const struct {
		const char *name, *help;
		int what;
	} fam[] = {
		{ "rocescope_nic_health_reporter_healthy", "A devlink health reporter of the "
		  "NIC: 1 healthy, 0 in error (mlx5: fw, fw_fatal, tx, rx, vnic).", 0 },
		{ "rocescope_nic_health_reporter_errors_total", "Errors the reporter saw.", 1 },
		{ "rocescope_nic_health_reporter_recovers_total", "Errors it recovered from.", 2 },
	};
	const struct rs_link *l;

	for (size_t f = 0; f < RS_ARRAY_SIZE(fam); f++) {
		rs_mw_family(w, fam[f].name, f ? RS_MT_COUNTER : RS_MT_GAUGE, fam[f].help);
		FOR_RDMA_LINKS(s, l)
			for (size_t i = 0; l->health.known && i < l->health.n_reporters; i++) {
				const struct rs_reporter *r = &l->health.reporters[i];
				char port[16] = "";

				if (r->port >= 0)
					snprintf(port, sizeof(port), "%d", r->port);
				rs_mw_u64(w, fam[f].what == 0 ? !r->error : fam[f].what == 1 ?
					  r->errors : r->recovers, "netdev", l->name, "reporter",
					  r->name, "port", port, NULL);
			}
	}
}

/* One FEC count: the link's total, or (lanes) each lane's. */
static void fec_family(struct rs_mw *w, const struct rs_snapshot *s, int uncorr, int lanes)
{
	const struct rs_link *l;

	FOR_RDMA_LINKS(s, l) {
		const struct rs_fec *f = &l->fec;

		if (!f->known)
			continue;
		if (!lanes && (uncorr ? f->has_uncorrectable : f->has_corrected))
			rs_mw_u64(w, uncorr ? f->uncorrectable : f->corrected, "netdev", l->name,
				  NULL);
		for (size_t i = 0; lanes && i < f->n_lanes; i++) {
			const struct rs_fec_lane *ln = &f->lanes[i];
			char lane[16];

			snprintf(lane, sizeof(lane), "%u", ln->lane);
			if (uncorr ? ln->has_uncorrectable : ln->has_corrected)
				rs_mw_u64(w, uncorr ? ln->uncorrectable : ln->corrected, "netdev",
					  l->name, "lane", lane, NULL);
		}
	}
}

static void fec(struct rs_mw *w, const struct rs_snapshot *s)
{
	rs_mw_family(w, "rocescope_nic_fec_corrected_blocks_total", RS_MT_COUNTER,
		     "FEC blocks the link corrected (ethtool -I --show-fec).");
	fec_family(w, s, 0, 0);
	rs_mw_family(w, "rocescope_nic_fec_uncorrectable_blocks_total", RS_MT_COUNTER,
		     "FEC blocks it could not correct: frames lost on the wire.");
	fec_family(w, s, 1, 0);
	rs_mw_family(w, "rocescope_nic_fec_lane_corrected_blocks_total", RS_MT_COUNTER,
		     "Corrected FEC blocks per lane, where the driver counts per lane.");
	fec_family(w, s, 0, 1);
	rs_mw_family(w, "rocescope_nic_fec_lane_uncorrectable_blocks_total", RS_MT_COUNTER,
		     "Uncorrectable FEC blocks per lane.");
	fec_family(w, s, 1, 1);
}

static void module(struct rs_mw *w, const struct rs_snapshot *s)
{
	const struct rs_link *l;

	rs_mw_family(w, "rocescope_nic_module_temperature_celsius", RS_MT_GAUGE,
		     "The transceiver module's temperature (its EEPROM).");
	FOR_RDMA_LINKS(s, l)
		if (l->xcvr.known && l->xcvr.has_temp)
			rs_mw_f64(w, l->xcvr.temp_c, "netdev", l->name, NULL);
	for (int rx = 0; rx < 2; rx++) {
		rs_mw_family(w, rx ? "rocescope_nic_module_rx_power_watts" :
			     "rocescope_nic_module_tx_power_watts", RS_MT_GAUGE,
			     rx ? "Optical power the module receives, per lane." :
			     "Optical power the module sends, per lane.");
		FOR_RDMA_LINKS(s, l)
			for (size_t i = 0; l->xcvr.known && i < l->xcvr.n_lanes; i++) {
				const struct rs_xcvr_lane *ln = &l->xcvr.lanes[i];
				char lane[16];

				snprintf(lane, sizeof(lane), "%u", ln->lane);
				if (rx ? ln->has_rx : ln->has_tx)
					rs_mw_f64(w, (rx ? ln->rx_mw : ln->tx_mw) / 1000.0, "netdev",
						  l->name, "lane", lane, NULL);
			}
	}
	rs_mw_family(w, "rocescope_nic_module_flag", RS_MT_GAUGE,
		     "1 per alarm or warning flag the module has set (severity alarm|warning).");
	FOR_RDMA_LINKS(s, l)
		for (size_t i = 0; l->xcvr.known && i < l->xcvr.n_flags; i++) {
			const struct rs_xcvr_flag *fl = &l->xcvr.flags[i];
			char lane[16];

			snprintf(lane, sizeof(lane), "%u", fl->lane);
			rs_mw_u64(w, 1, "netdev", l->name, "flag", fl->name, "lane", lane,
				  "severity", fl->alarm ? "alarm" : "warning", NULL);
		}
}

static void flaps(struct rs_mw *w, const struct rs_snapshot *s)
{
	const struct rs_link *l;

	rs_mw_family(w, "rocescope_netdev_carrier_changes_total", RS_MT_COUNTER,
		     "Carrier up/down events of the netdev (IFLA_CARRIER_CHANGES): link flaps.");
	FOR_RDMA_LINKS(s, l) {
		const struct rs_counter *c = rs_counter_set_find(&l->stats, "carrier_changes");

		if (c)
			rs_mw_u64(w, c->value, "netdev", l->name, NULL);
	}
}

void rs_metrics_nic(struct rs_mw *w, const struct rs_metrics_src *src)
{
	if (src->qps)
		qps(w, src->qps);
	reporters(w, src->snap);
	fec(w, src->snap);
	module(w, src->snap);
	flaps(w, src->snap);
}
