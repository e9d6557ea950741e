/* SPDX-License-Identifier: MIT */
/*
 * metrics_netdev.c - the families about the netdevs of RDMA ports: link
 * state and MTU, 802.3x pause and PFC (settings and counters), and the
 * ethtool counters the counter table knows (drops, PCIe stalls, pause
 * storms).  Only netdevs of RDMA ports are exported: node_exporter's
 * netdev and ethtool collectors cover the others.
 *
 * Every Ethernet driver's pause and PFC frame counters (mlx5
 * rx_pause_ctrl_phy and rx_prio3_pause, bnxt_en rx_pause_frames and
 * rx_pfc_ena_frames_pri3, ice link_xoff_rx.nic and rx_priority_3_xoff.nic,
 * hns3 mac_rx_mac_pause_num and mac_rx_pfc_pri3_pkt_num: the pause kind
 * counter_groups.c gives each name) become the same families with a
 * priority label, so "PFC pauses on priority 3" is one query whatever the
 * NIC calls it; mlx5's durations (microseconds) and transitions too.
 */
#include "export/metrics_priv.h"
#include "model/counter_groups.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/* The frame families, by the pause kind of a counter (RS_PZ_*). */
static const struct pause_family {
	unsigned kind;
	const char *metric, *help;
} pause_families[] = {
	{ RS_PZ_RX | RS_PZ_GLOBAL, "rocescope_netdev_pause_frames_received_total",
	  "802.3x (global) pause frames received: the peer asked this port to stop." },
	{ RS_PZ_TX | RS_PZ_GLOBAL, "rocescope_netdev_pause_frames_transmitted_total",
	  "802.3x (global) pause frames sent: this port's buffers filled up." },
	{ RS_PZ_RX | RS_PZ_PRIO, "rocescope_netdev_pfc_frames_received_total",
	  "PFC pause frames received on a priority (mlx5 rx_prioN_pause, bnxt_en "
	  "rx_pfc_ena_frames_priN, ice rx_priority_N_xoff.nic, hns3 mac_rx_pfc_priN_pkt_num)." },
	{ RS_PZ_TX | RS_PZ_PRIO, "rocescope_netdev_pfc_frames_transmitted_total",
	  "PFC pause frames sent on a priority (tx_prioN_pause and the others' names)." },
};

/* mlx5's per-priority pause times and transitions, and their families. */
static const struct pause_map {
	const char *pattern;		/* '#' the priority */
	const char *metric, *help;
	double scale;			/* to the family's unit */
} pause_maps[] = {
	{ "rx_prio#_pause_duration", "rocescope_netdev_pfc_received_pause_seconds_total",
	  "Time the peer held a priority paused (ethtool rx_prioN_pause_duration, microseconds).",
	  1e-6 },
	{ "tx_prio#_pause_duration", "rocescope_netdev_pfc_transmitted_pause_seconds_total",
	  "Time this port held the peer's priority paused (tx_prioN_pause_duration).", 1e-6 },
	{ "rx_prio#_pause_transition", "rocescope_netdev_pfc_received_pause_transitions_total",
	  "Transitions of a priority between paused and not paused (rx_prioN_pause_transition).",
	  1 },
};

/* The priority in name matched by a pattern with '#': "3", or "". */
static void priority_of(const char *pattern, const char *name, char *prio, size_t len)
{
	size_t pre = (size_t)(strchr(pattern, '#') - pattern), n = 0;

	prio[0] = '\0';
	while (name[pre + n] >= '0' && name[pre + n] <= '9' && n + 1 < len) {
		prio[n] = name[pre + n];
		n++;
	}
	prio[n] = '\0';
}

static int is_pause(const struct rs_counter_class *cls, const char *name)
{
	if (cls && cls->pause)
		return 1;
	for (size_t i = 0; i < RS_ARRAY_SIZE(pause_maps); i++)
		if (rs_counter_name_match(pause_maps[i].pattern, name))
			return 1;
	return 0;
}

/* The links that are netdevs of RDMA ports, in the snapshot's order. */
#define FOR_RDMA_LINKS(k, s) \
	for (const struct rs_link *k = (s)->links; k < (s)->links + (s)->n_links; k++) \
		if (rs_is_rdma_netdev((s), k->name))

static void link_state(struct rs_mw *w, const struct rs_snapshot *s)
{
	rs_mw_family(w, "rocescope_netdev_mtu_bytes", RS_MT_GAUGE,
		     "MTU of the netdev of an RDMA port (RoCE needs 4200 for a 4096 path MTU).");
	FOR_RDMA_LINKS(k, s)
		rs_mw_u64(w, k->mtu, "netdev", k->name, NULL);
	rs_mw_family(w, "rocescope_netdev_carrier", RS_MT_GAUGE,
		     "1 when the netdev of an RDMA port has carrier.");
	FOR_RDMA_LINKS(k, s)
		rs_mw_u64(w, k->carrier != 0, "netdev", k->name, NULL);
	rs_mw_family(w, "rocescope_netdev_pause_enabled", RS_MT_GAUGE,
		     "802.3x pause on the netdev (ethtool -a), direction rx or tx.");
	FOR_RDMA_LINKS(k, s)
		if (k->pause.known) {
			rs_mw_u64(w, k->pause.rx != 0, "netdev", k->name, "direction", "rx", NULL);
			rs_mw_u64(w, k->pause.tx != 0, "netdev", k->name, "direction", "tx", NULL);
		}
	rs_mw_family(w, "rocescope_netdev_pfc_enabled", RS_MT_GAUGE,
		     "1 when PFC is on for the priority (DCB IEEE PFC; live hosts with DCB only).");
	FOR_RDMA_LINKS(k, s)
		for (unsigned prio = 0; k->dcb.known && prio < 8; prio++) {
			char p[4];

			snprintf(p, sizeof(p), "%u", prio);
			rs_mw_u64(w, (k->dcb.pfc_en >> prio) & 1, "netdev", k->name,
				  "priority", p, NULL);
		}
}

static void pause_frames(struct rs_mw *w, const struct rs_snapshot *s)
{
	for (size_t m = 0; m < RS_ARRAY_SIZE(pause_families); m++) {
		const struct pause_family *pf = &pause_families[m];

		rs_mw_family(w, pf->metric, RS_MT_COUNTER, pf->help);
		FOR_RDMA_LINKS(k, s)
			for (size_t i = 0; i < k->ethtool.count; i++) {
				const struct rs_counter *c = &k->ethtool.items[i];
				const struct rs_counter_class *cls =
					rs_counter_classify(RS_CO_ETHTOOL, c->name);
				char p[8];

				if (!cls || (cls->pause & ~RS_PZ_ALL) != pf->kind ||
				    (cls->pause & RS_PZ_ALL))
					continue;
				if (!(pf->kind & RS_PZ_PRIO)) {
					rs_mw_u64(w, c->value, "netdev", k->name, NULL);
					continue;
				}
				if (rs_counter_prio(c->name) < 0)
					continue;
				snprintf(p, sizeof(p), "%d", rs_counter_prio(c->name));
				rs_mw_u64(w, c->value, "netdev", k->name, "priority", p, NULL);
			}
	}
}

static void pause_counters(struct rs_mw *w, const struct rs_snapshot *s)
{
	pause_frames(w, s);
	for (size_t m = 0; m < RS_ARRAY_SIZE(pause_maps); m++) {
		const struct pause_map *pm = &pause_maps[m];
		int prio = strchr(pm->pattern, '#') != NULL;

		rs_mw_family(w, pm->metric, RS_MT_COUNTER, pm->help);
		FOR_RDMA_LINKS(k, s)
			for (size_t i = 0; i < k->ethtool.count; i++) {
				const struct rs_counter *c = &k->ethtool.items[i];
				char p[8];

				if (!rs_counter_name_match(pm->pattern, c->name))
					continue;
				if (!prio) {
					rs_mw_u64(w, c->value, "netdev", k->name, NULL);
					continue;
				}
				priority_of(pm->pattern, c->name, p, sizeof(p));
				if (pm->scale == 1)
					rs_mw_u64(w, c->value, "netdev", k->name, "priority", p, NULL);
				else
					rs_mw_f64(w, (double)c->value * pm->scale, "netdev", k->name,
						  "priority", p, NULL);
			}
	}
}

/* The other ethtool counters the table classifies (not the hidden ones:
 * mlx5 has hundreds of per-queue counters nobody alerts on). */
static void ethtool_counters(struct rs_mw *w, const struct rs_snapshot *s)
{
	rs_mw_family(w, "rocescope_netdev_ethtool_events_total", RS_MT_COUNTER,
		     "ethtool -S counters of an RDMA port's netdev that explain loss and stalls "
		     "(drops, buffer overruns, PCIe stalls, pause storms), by the driver's name.");
	FOR_RDMA_LINKS(k, s)
		for (size_t i = 0; i < k->ethtool.count; i++) {
			const struct rs_counter *c = &k->ethtool.items[i];
			const struct rs_counter_class *cls = rs_counter_classify(RS_CO_ETHTOOL,
										 c->name);

			if (!cls || cls->group == RS_CG_HIDDEN || is_pause(cls, c->name))
				continue;
			rs_mw_u64(w, c->value, "netdev", k->name, "counter", c->name, NULL);
		}
}

void rs_metrics_netdevs(struct rs_mw *w, const struct rs_metrics_src *src)
{
	link_state(w, src->snap);
	pause_counters(w, src->snap);
	ethtool_counters(w, src->snap);
}
