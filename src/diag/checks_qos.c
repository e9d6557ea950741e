/* SPDX-License-Identifier: MIT */
/*
 * checks_qos.c - flow control and QoS of the RDMA ports: some flow control
 * at all (802.3x pause or PFC), PFC on the RoCE priority, the trust mode
 * that puts RoCE v2 packets on that priority, RoCE ECN, and pause frames
 * that rise under load.
 *
 * RoCE v2 recovers a lost packet in the NIC, at a high price: on an
 * ordinary switch without PFC it connects and runs small tests, but a full
 * load collapses once the switch drops (the guide, docs/guide.md 1.2).  So:
 * no flow control at all is a warning; 802.3x pause is the floor for an
 * ordinary switch; PFC on one priority, with the packets' DSCP trusted so
 * RoCE lands on it, is the production setup.  A site profile turns the
 * generic advice into the site's expectation.  A driver without DCB
 * (veth, Soft-RoCE) makes these checks skip, saying so.
 */
#include "diag/check.h"
#include "model/counter_tables.h"

#include <stdio.h>
#include <string.h>

/* mlnx_qos is NVIDIA's tool: the remedies name it for ConnectX (and a
 * device of no known driver, as before there were others), iproute2's
 * `dcb` for the rest. */
static int is_mlx(const struct rs_device *d)
{
	const struct rs_ctr_table *t = rs_ctr_table_for(d);

	return !t || !strcmp(t->driver, "mlx5") || !strncmp(d->driver, "mlx4", 4);
}

/* "3" or "3,4" for a priority bit mask; "none" for 0. */
static void prios(char *buf, size_t len, unsigned mask)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int p = 0; p < 8; p++)
		if (mask & (1u << p))
			n += (size_t)snprintf(buf + n, len > n ? len - n : 0, "%s%d", n ? "," : "",
					      p);
	if (!mask)
		snprintf(buf, len, "none");
}

/* "0,0,0,1,0,0,0,0" as mlnx_qos --pfc wants it. */
static void pfc_vector(char *buf, size_t len, int prio)
{
	snprintf(buf, len, "%d,%d,%d,%d,%d,%d,%d,%d", prio == 0, prio == 1, prio == 2, prio == 3,
		 prio == 4, prio == 5, prio == 6, prio == 7);
}

/* The RoCE priority: the profile's, else the one PFC is on, else 3. */
static int roce_prio(const struct rs_check_ctx *ctx, const struct rs_link *l)
{
	const struct rs_profile *pr = ctx->params ? ctx->params->profile : NULL;

	if (pr && pr->pfc_priority >= 0)
		return pr->pfc_priority;
	for (int p = 0; l && p < 8; p++)
		if (l->dcb.pfc_en & (1u << p))
			return p;
	return 3;
}

/* The driver has no DCB at all (EOPNOTSUPP, dcb.c): PFC is known to be off,
 * unlike a DCB that was not read (a recorded host, an error). */
static int dcb_absent(const struct rs_link *l)
{
	return !l->dcb.known && strstr(l->dcb.error, "EOPNOTSUPP");
}

/* Each Ethernet RDMA port with the link of its netdev (NULL when unknown). */
#define FOR_EACH_ETH_PORT(ctx, d, p, l)						\
	for (size_t _i = 0; _i < (ctx)->snap->n_devices; _i++)			\
		for (size_t _j = 0; _j < (ctx)->snap->devices[_i].n_ports; _j++)	\
			if (((d) = &(ctx)->snap->devices[_i]), ((p) = &(d)->ports[_j]),	\
			    ((l) = rs_ctx_link((ctx), (p)->netdev)),			\
			    !strcmp((p)->link_layer, "Ethernet"))

/* Flow control unknown: what ethtool -a said, then what DCB said. */
static void fc_unknown(struct rs_finding *f, const struct rs_link *l)
{
	int pause = l->pause.known;

	if (l->dcb.known)
		RS_FSUMMARY(f, pause ? N_("flow control of %s unknown: 802.3x pause off, PFC "
					  "unknown: PFC off") :
			    N_("flow control of %s unknown: no answer to ethtool -a; PFC off"),
			    l->name);
	else if (l->dcb.error[0])
		/* TRANSLATORS: the last %s is the DCB netlink error. */
		RS_FSUMMARY(f, pause ? N_("flow control of %s unknown: 802.3x pause off, PFC "
					  "unknown: %s") :
			    N_("flow control of %s unknown: no answer to ethtool -a; %s"),
			    l->name, l->dcb.error);
	else
		RS_FSUMMARY(f, pause ? N_("flow control of %s unknown: 802.3x pause off, PFC "
					  "unknown: no DCB answer") :
			    N_("flow control of %s unknown: no answer to ethtool -a; no DCB "
			       "answer"), l->name);
}

void rs_check_pause(const struct rs_check_ctx *ctx, const struct rs_check *c,
		    struct rs_findings *out)
{
	const struct rs_device *d;
	const struct rs_port *p;
	const struct rs_link *l;

	FOR_EACH_ETH_PORT(ctx, d, p, l) {
		int pfc = l && l->dcb.known && l->dcb.pfc_en;
		int pause = l && l->pause.known && l->pause.rx && l->pause.tx;
		enum rs_verdict v;
		struct rs_finding *f;
		char pr[32];

		if (!l || (!l->pause.known && !l->dcb.known))
			v = RS_SKIP;
		else if (pfc && l->pause.known && (l->pause.rx || l->pause.tx))
			v = RS_WARN;
		else if (pfc || pause)
			v = RS_PASS;
		else if (!l->pause.known || (!l->dcb.known && !dcb_absent(l)))
			v = RS_SKIP;	/* one of the two is unknown: no flow control is a guess */
		else
			v = RS_WARN;
		f = rs_finding_port(out, c, v, d, p);
		RS_FSET(f->expected, _("802.3x pause on (an ordinary switch) or PFC on the RoCE "
			"priority (a lossless fabric), not both"));
		if (!l) {
			RS_FSUMMARY(f, "netdev %s not in the link list", p->netdev[0] ?
				p->netdev : "(none)");
			continue;
		}
		prios(pr, sizeof(pr), l->dcb.pfc_en);
		RS_FSET(f->evidence, _("ethtool -a %s: %s; DCB PFC: %s"), l->name,
			!l->pause.known ? "not supported" : l->pause.rx && l->pause.tx ?
			"rx on, tx on" : l->pause.rx ? "rx on, tx off" : l->pause.tx ?
			"rx off, tx on" : "rx off, tx off", l->dcb.known ? pr : l->dcb.error);
		if (v == RS_SKIP) {
			fc_unknown(f, l);
		} else if (v == RS_PASS) {
			RS_FSUMMARY(f, pfc ? N_("PFC on priority %s") : N_("802.3x pause on (rx, tx): "
				    "enough for functional tests; full load needs PFC"), pr);
		} else if (pfc) {
			RS_FSUMMARY(f, "802.3x pause and PFC both on: one global pause stops "
				"every priority");
			RS_FSET(f->remedy, _("ethtool -A %s autoneg off rx off tx off (PFC does the "
				"pausing)"), l->name);
		} else {
			RS_FSUMMARY(f, "no flow control on %s: a drop costs RoCE a "
				"retransmission, a full load collapses", l->name);
			RS_FSET(f->remedy, _("ethtool -A %s rx on tx on (and flow control on the "
				"switch port), or PFC on the RoCE priority"), l->name);
		}
	}
}

static enum rs_verdict pfc_verdict(const struct rs_check_ctx *ctx, const struct rs_link *l,
				   int *prio)
{
	const struct rs_profile *pr = ctx->params ? ctx->params->profile : NULL;

	*prio = roce_prio(ctx, l);
	if (!l || !l->dcb.known)
		return RS_SKIP;
	if (pr && pr->pfc_priority == RS_PFC_NONE)
		return l->dcb.pfc_en ? RS_WARN : RS_PASS;
	if (pr && pr->pfc_priority >= 0)
		return !(l->dcb.pfc_en & (1u << *prio)) ? RS_FAIL :
		       l->dcb.pfc_en != (1u << *prio) ? RS_WARN : RS_PASS;
	return l->dcb.pfc_en ? RS_PASS : RS_WARN;
}

void rs_check_pfc(const struct rs_check_ctx *ctx, const struct rs_check *c,
		  struct rs_findings *out)
{
	const struct rs_profile *pr = ctx->params ? ctx->params->profile : NULL;
	const struct rs_device *d;
	const struct rs_port *p;
	const struct rs_link *l;

	FOR_EACH_ETH_PORT(ctx, d, p, l) {
		char have[32], vec[32];
		int prio;
		enum rs_verdict v = pfc_verdict(ctx, l, &prio);
		struct rs_finding *f = rs_finding_port(out, c, v, d, p);

		pfc_vector(vec, sizeof(vec), prio);
		if (pr && pr->pfc_priority == RS_PFC_NONE)
			RS_FSET(f->expected, _("PFC off (profile %s: no PFC on this fabric)"), pr->name);
		else if (pr && pr->pfc_priority >= 0)
			RS_FSET(f->expected, _("PFC on priority %d only (profile %s)"), prio, pr->name);
		else
			RS_FSET(f->expected, _("PFC on the RoCE priority (for full load on a "
				"lossless fabric)"));
		if (v == RS_SKIP) {
			if (l)
				RS_FSUMMARY(f, "PFC unknown: %s", l->dcb.error);
			else
				RS_FSUMMARY(f, "PFC unknown: netdev unknown");
			continue;
		}
		prios(have, sizeof(have), l->dcb.pfc_en);
		RS_FSET(f->evidence, _("DCB netlink (RTM_GETDCB) %s: pfc_en %s, pfc_cap %u"), l->name,
			have, l->dcb.pfc_cap);
		if (v == RS_PASS) {
			RS_FSUMMARY(f, l->dcb.pfc_en ? N_("PFC on priority %s") :
				    N_("PFC off, as the profile says"), have);
			continue;
		}
		if (pr && pr->pfc_priority == RS_PFC_NONE) {
			RS_FSUMMARY(f, "PFC on priority %s, but this fabric runs without it",
				have);
			if (is_mlx(d))
				RS_FSET(f->remedy, "mlnx_qos -i %s --pfc 0,0,0,0,0,0,0,0", l->name);
			else
				RS_FSET(f->remedy, "dcb pfc set dev %s prio-pfc all:off", l->name);
		} else if (!l->dcb.pfc_en) {
			RS_FSUMMARY(f, "no PFC on %s: RoCE drops under congestion (fine for "
				"functional tests)", l->name);
			if (is_mlx(d))
				RS_FSET(f->remedy, _("mlnx_qos -i %s --pfc %s (or dcb pfc set dev %s "
					"prio-pfc %d:on), and PFC on priority %d on every switch port "
					"of the path"), l->name, vec, l->name, prio, prio);
			else
				RS_FSET(f->remedy, _("dcb pfc set dev %s prio-pfc %d:on, and PFC on "
					"priority %d on every switch port of the path"), l->name, prio,
					prio);
		} else {
			RS_FSUMMARY(f, "PFC on %s, the site's RoCE priority is %d", have, prio);
			if (is_mlx(d))
				RS_FSET(f->remedy, "mlnx_qos -i %s --pfc %s", l->name, vec);
			else
				RS_FSET(f->remedy, "dcb pfc set dev %s prio-pfc all:off %d:on", l->name,
					prio);
		}
	}
}

void rs_check_trust(const struct rs_check_ctx *ctx, const struct rs_check *c,
		    struct rs_findings *out)
{
	const struct rs_profile *pr = ctx->params ? ctx->params->profile : NULL;
	const struct rs_device *d;
	const struct rs_port *p;
	const struct rs_link *l;

	FOR_EACH_ETH_PORT(ctx, d, p, l) {
		enum rs_verdict v = RS_PASS;
		struct rs_finding *f;

		if (!l || !l->dcb.known || !l->dcb.trust[0])
			v = RS_SKIP;
		else if (pr && pr->trust[0] && strcmp(pr->trust, l->dcb.trust))
			v = RS_FAIL;
		else if (l->dcb.pfc_en && !strcmp(l->dcb.trust, "pcp") && l->vlan_id < 0)
			v = RS_WARN;
		f = rs_finding_port(out, c, v, d, p);
		if (pr && pr->trust[0])
			RS_FSET(f->expected, _("trust %s"), pr->trust);
		else
			RS_FSET(f->expected, _("DSCP trust when PFC is on and RoCE is untagged (the "
				"priority travels in the DSCP)"));
		if (v == RS_SKIP) {
			if (l && !l->dcb.known)
				RS_FSUMMARY(f, "trust mode unknown: %s", l->dcb.error);
			else
				RS_FSUMMARY(f, !l ? N_("trust mode unknown: no netdev") :
					    N_("trust mode unknown: DCB answered without it"));
			continue;
		}
		RS_FSET(f->evidence, l->vlan_id >= 0 ?
			_("DCB netlink %s: trust %s, %u DSCP APP entries, VLAN-tagged") :
			_("DCB netlink %s: trust %s, %u DSCP APP entries, untagged"), l->name,
			l->dcb.trust, l->dcb.dscp_apps);
		if (v == RS_PASS) {
			RS_FSUMMARY(f, "trust %s", l->dcb.trust);
			continue;
		}
		RS_FSUMMARY(f, v == RS_FAIL ? N_("trust %s, the site trusts %s") :
			    N_("trust pcp with PFC on, untagged: RoCE v2 packets carry no PCP and "
			       "miss the PFC priority"), l->dcb.trust, pr ? pr->trust : "");
		if (is_mlx(d))
			RS_FSET(f->remedy, "mlnx_qos -i %s --trust %s", l->name,
				pr && pr->trust[0] ? pr->trust : "dscp");
		else
			RS_FSET(f->remedy, _("trust %s with iproute2's dcb (dcb app add dev %s "
				"dscp-prio DSCP:PRIO for the RoCE DSCP) or the NIC vendor's QoS tool"),
				pr && pr->trust[0] ? pr->trust : "dscp", l->name);
	}
}

/* Where each driver keeps RoCE ECN, when not in the files rocescope reads. */
static void ecn_unknown(struct rs_finding *f, const struct rs_device *d)
{
	const struct rs_ctr_table *t = rs_ctr_table_for(d);

	if (is_mlx(d))
		RS_FSUMMARY(f, "RoCE ECN unknown: no ecn/roce_np|roce_rp in sysfs "
			"(upstream mlx5 keeps it in debugfs)");
	else if (!strcmp(t->driver, "bnxt_re"))
		RS_FSUMMARY(f, "RoCE ECN unknown: bnxt_re keeps congestion control in "
			"configfs (/sys/kernel/config/bnxt_re/%s/ports/1/cc/, Broadcom's "
			"bnxt_setupcc.sh), which rocescope does not read", d->name);
	else
		RS_FSUMMARY(f, "RoCE ECN unknown: %s has no ecn/roce_np|roce_rp switches "
			"(MLNX_OFED's sysfs files, the only ones rocescope reads)", t->driver);
}

void rs_check_ecn(const struct rs_check_ctx *ctx, const struct rs_check *c,
		  struct rs_findings *out)
{
	const struct rs_profile *pr = ctx->params ? ctx->params->profile : NULL;
	const struct rs_device *d;
	const struct rs_port *p;
	const struct rs_link *l;

	FOR_EACH_ETH_PORT(ctx, d, p, l) {
		int prio = roce_prio(ctx, l);
		unsigned bit = 1u << prio;
		int on = l && (l->ecn.np_en & bit) && (l->ecn.rp_en & bit);
		int want = pr && pr->ecn >= 0 ? pr->ecn : 1;
		enum rs_verdict v = !l || !l->ecn.known ? RS_SKIP : on == want ? RS_PASS :
				    pr && pr->ecn >= 0 ? RS_FAIL : RS_WARN;
		struct rs_finding *f = rs_finding_port(out, c, v, d, p);

		RS_FSET(f->expected, want ? _("RoCE ECN on on priority %d (notification and "
			"reaction point)") : _("RoCE ECN off on priority %d (notification and "
			"reaction point)"), prio);
		if (v == RS_SKIP) {
			ecn_unknown(f, d);
			continue;
		}
		RS_FSET(f->evidence, "/sys/class/net/%s/ecn/roce_np/enable/%d: %d, "
			"roce_rp/enable/%d: %d", l->name, prio, !!(l->ecn.np_en & bit), prio,
			!!(l->ecn.rp_en & bit));
		/* Not a pass: on is !want (both are 0 or 1). */
		if (v == RS_PASS)
			RS_FSUMMARY(f, on ? N_("RoCE ECN on on priority %d") :
				    N_("RoCE ECN off on priority %d"), prio);
		else
			RS_FSUMMARY(f, want ? N_("RoCE ECN off on priority %d: no congestion "
						 "control (DCQCN)") :
				    N_("RoCE ECN on on priority %d, but the site runs without"),
				    prio);
		if (v != RS_PASS)
			RS_FSET(f->remedy, "echo %d > /sys/class/net/%s/ecn/roce_np/enable/%d; "
				"echo %d > /sys/class/net/%s/ecn/roce_rp/enable/%d", want, l->name,
				prio, want, l->name, prio);
	}
}

/* What the pause counters of a port's netdev did in the last interval. */
struct pause_seen {
	unsigned watched;	/* pause frame counters ethtool -S has */
	unsigned n;		/* of them rising */
	int global, rx;		/* an 802.3x one rose; a received one rose */
	unsigned prios;		/* bit p: a counter of priority p rose */
	char ev[RS_FINDING_LEN - 32];
};

/*
 * Pause frames received or sent in the last interval, on a port's netdev,
 * by the pause kind the counter table gives each Ethernet driver's names
 * (mlx5 rx_prio3_pause, bnxt_en rx_pfc_ena_frames_pri3, ice
 * rx_priority_3_xoff.nic, hns3 mac_rx_pfc_pri3_pkt_num ...).  A total over
 * every priority is left out when the per-priority counters are there.
 */
static void pauses(const struct rs_series *s, const char *netdev, struct pause_seen *ps)
{
	const struct rs_series_set *set = rs_series_netdev_set(s, netdev, RS_CO_ETHTOOL);
	size_t used = 0;
	int per_prio = 0;

	memset(ps, 0, sizeof(*ps));
	for (size_t i = 0; set && i < set->n; i++)
		per_prio |= set->ctrs[i].cls && (set->ctrs[i].cls->pause & RS_PZ_PRIO);
	for (size_t i = 0; set && i < set->n; i++) {
		const struct rs_series_ctr *k = &set->ctrs[i];
		unsigned z = k->cls ? k->cls->pause : 0;

		if (!z || (per_prio && (z & RS_PZ_ALL)))
			continue;
		ps->watched++;
		if (!k->delta)
			continue;
		/* 802.3x frames stop every priority */
		ps->global |= (z & RS_PZ_GLOBAL) != 0;
		ps->rx |= (z & RS_PZ_RX) != 0;
		if ((z & RS_PZ_PRIO) && rs_counter_prio(k->name) >= 0)
			ps->prios |= 1u << rs_counter_prio(k->name);
		if (used < sizeof(ps->ev))
			used += (size_t)snprintf(ps->ev + used, sizeof(ps->ev) - used,
						 "%sethtool/%s +%llu", ps->n ? ", " : "", k->name,
						 (unsigned long long)k->delta);
		ps->n++;
	}
}

/*
 * Which pause frames rose (802.3x or PFC, on which priorities) and what
 * that means: a port asking its peer to stop, or one being stopped, the
 * whole port (802.3x) or a priority.  One sentence per case.
 */
static void pause_summary(struct rs_finding *f, const char *netdev,
			  const struct pause_seen *ps, const char *pr)
{
	int g = ps->global;

	if (!ps->rx && ps->prios)
		RS_FSUMMARY(f, g ? N_("802.3x (global) pause frames on %s, priority %s: this "
				      "port asks its peer to stop (its receive buffers fill)") :
			    N_("PFC pause frames on %s, priority %s: this port asks its peer to "
			       "stop (its receive buffers fill)"), netdev, pr);
	else if (!ps->rx)
		RS_FSUMMARY(f, g ? N_("802.3x (global) pause frames on %s: this port asks its "
				      "peer to stop (its receive buffers fill)") :
			    N_("PFC pause frames on %s: this port asks its peer to stop (its "
			       "receive buffers fill)"), netdev);
	else if (g && ps->prios)
		RS_FSUMMARY(f, "802.3x (global) pause frames on %s, priority %s: a congested "
			    "peer or switch port stops the whole port, every priority; bandwidth "
			    "drops", netdev, pr);
	else if (g)
		RS_FSUMMARY(f, "802.3x (global) pause frames on %s: a congested peer or switch "
			    "port stops the whole port, every priority; bandwidth drops", netdev);
	else if (ps->prios)
		RS_FSUMMARY(f, "PFC pause frames on %s, priority %s: a congested peer or switch "
			    "port is stopping this port, bandwidth drops", netdev, pr);
	else
		RS_FSUMMARY(f, "PFC pause frames on %s: a congested peer or switch port is "
			    "stopping this port, bandwidth drops", netdev);
}

static void pause_texts(struct rs_finding *f, const char *netdev, const struct pause_seen *ps,
			int mlx)
{
	char pr[32];

	prios(pr, sizeof(pr), ps->prios);
	f->count = ps->n;
	RS_FSET(f->evidence, "%s", ps->ev);
	pause_summary(f, netdev, ps, pr);
	if (ps->global)
		RS_FSET(f->remedy, mlx ? _("find the congested hop: ethtool -S on the peer "
			"(rx_discards_phy, tx_pause_ctrl_phy) and the switch ports' buffers; enable "
			"ECN so the senders slow down before pausing; a RoCE fabric pauses per "
			"priority (PFC), not the whole port") : _("find the congested hop: ethtool "
			"-S on the peer (its pause and discard counters) and the switch ports' "
			"buffers; enable ECN so the senders slow down before pausing; a RoCE "
			"fabric pauses per priority (PFC), not the whole port"));
	else
		RS_FSET(f->remedy, mlx ? _("find the congested hop: ethtool -S on the peer "
			"(rx_discards_phy, tx_pause_ctrl_phy) and the switch ports' buffers; enable "
			"ECN so the senders slow down before pausing") : _("find the congested hop: "
			"ethtool -S on the peer (its pause and discard counters) and the switch "
			"ports' buffers; enable ECN so the senders slow down before pausing"));
}

void rs_check_pause_rising(const struct rs_check_ctx *ctx, const struct rs_check *c,
			   struct rs_findings *out)
{
	const struct rs_device *d;
	const struct rs_port *p;
	const struct rs_link *l;

	FOR_EACH_ETH_PORT(ctx, d, p, l) {
		struct pause_seen ps = { 0 };
		int two = ctx->series && ctx->series->updates >= 2;
		enum rs_verdict v;
		struct rs_finding *f;

		(void)l;
		if (two)
			pauses(ctx->series, p->netdev, &ps);
		v = !two || !ps.watched ? RS_SKIP : ps.n ? RS_WARN : RS_PASS;
		f = rs_finding_port(out, c, v, d, p);
		RS_FSET(f->expected, _("no pause frames under load (nobody on the path is "
			"congested)"));
		if (!two)
			RS_FSUMMARY(f, "one reading only: nothing can be seen rising");
		else if (!ps.watched)
			RS_FSUMMARY(f, p->netdev[0] ? N_("no pause counters in %s's ethtool -S") :
				    N_("no pause counters in the netdev's ethtool -S"), p->netdev);
		else if (v == RS_PASS)
			RS_FSUMMARY(f, "no pause frame in the last interval");
		else
			pause_texts(f, p->netdev, &ps, is_mlx(d));
	}
}
