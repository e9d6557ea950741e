/* SPDX-License-Identifier: MIT */
/*
 * pane_devices_nic.c - the Devices pane's lines about the NIC under a
 * port's netdev: devlink health reporters, FEC, the transceiver module,
 * link flaps, pause storms and the PFC storm guard, DCQCN, and where the
 * device sits (NUMA node, local CPUs, interrupts); then the findings of
 * the checks about them (nic.*, net.link_flaps, qos.pause_storm,
 * qos.dcqcn, qp.numa_remote).  A recorded source says so.  The same
 * function draws and counts, so the tab cannot disagree with the screen.
 */
#include "model/cpus.h"
#include "ui/curses.h"
#include "ui/ui.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *const nic_checks[] = {
	"nic.health_reporter", "nic.fec_uncorrectable", "nic.module_alarm", "net.link_flaps",
	"qos.pause_storm", "qos.dcqcn",
};

static int is_nic_check(const char *id)
{
	for (size_t i = 0; i < RS_ARRAY_SIZE(nic_checks); i++)
		if (!strcmp(id, nic_checks[i]))
			return 1;
	return 0;
}

static void label(struct ui_pane *pane, struct ui_pen *pen, const char *what)
{
	ui_line(pane, pen);
	ui_col(pen, 5);
	ui_putf(pen, UI_R_DIM, "%-8s", _(what));
}

static void draw_health(struct ui_pane *pane, const struct rs_link *l)
{
	struct ui_pen pen;

	/* TRANSLATORS: the NIC lines' labels, in 8 columns: at most 7
	 * display columns each (health, FEC, module, link, DCQCN, NUMA) */
	label(pane, &pen, N_("health"));
	if (!l->health.known) {
		ui_putf(&pen, UI_R_DIM, _("not read: %s"), l->health.error);
		return;
	}
	if (!l->health.n_reporters)
		ui_put(&pen, UI_R_DIM, _("no reporters"));
	for (size_t i = 0; i < l->health.n_reporters; i++) {
		const struct rs_reporter *r = &l->health.reporters[i];

		ui_putf(&pen, r->error ? UI_R_BAD : r->errors ? UI_R_WARN : UI_R_OK, "%s%s %s",
			i ? ", " : "", r->name, r->error ? _("ERROR") : r->errors ? _("recovered") :
			_("ok"));
		if (r->errors)
			ui_putf(&pen, UI_R_DIM, " (%llu)", (unsigned long long)r->errors);
	}
}

static void draw_fec(struct ui_pane *pane, const struct rs_link *l)
{
	const struct rs_fec *f = &l->fec;
	char c[32], u[32];
	struct ui_pen pen;

	label(pane, &pen, "FEC");
	if (!f->known) {
		ui_putf(&pen, UI_R_DIM, _("not read: %s"), f->error);
		return;
	}
	ui_fmt_count(c, sizeof(c), f->corrected, 0);
	ui_fmt_count(u, sizeof(u), f->uncorrectable, 0);
	ui_putf(&pen, UI_R_NORMAL, _("%s, corrected %s, "), f->active[0] ? f->active : "?",
		f->has_corrected ? c : "-");
	ui_putf(&pen, f->uncorrectable ? UI_R_WARN : UI_R_NORMAL, _("uncorrectable %s"),
		f->has_uncorrectable ? u : "-");
	if (f->n_lanes)
		ui_putf(&pen, UI_R_DIM, _(", %zu lanes"), f->n_lanes);
	if (f->n_hist)
		ui_putf(&pen, UI_R_DIM, _(", %zu bins"), f->n_hist);
}

static double dbm(double mw)
{
	return mw > 0 ? 10.0 * log10(mw) : -40.0;
}

static void draw_module(struct ui_pane *pane, const struct rs_link *l)
{
	const struct rs_xcvr *x = &l->xcvr;
	double lo = 1e9, hi = -1e9;
	struct ui_pen pen;

	label(pane, &pen, N_("module"));
	if (!x->known) {
		ui_putf(&pen, UI_R_DIM, _("not read: %s"), x->error);
		return;
	}
	ui_putf(&pen, UI_R_NORMAL, "%s %s %s", x->spec, x->vendor, x->part);
	if (x->has_temp)
		ui_putf(&pen, UI_R_NORMAL, " %.1f C", x->temp_c);
	for (size_t i = 0; i < x->n_lanes; i++)
		if (x->lanes[i].has_rx) {
			lo = fmin(lo, dbm(x->lanes[i].rx_mw));
			hi = fmax(hi, dbm(x->lanes[i].rx_mw));
		}
	if (hi > -1e9)
		ui_putf(&pen, UI_R_NORMAL, ", rx %.1f..%.1f dBm", lo, hi);
	if (x->n_flags)
		ui_putf(&pen, UI_R_BAD, _(", %zu flags"), x->n_flags);
}

static void draw_link(struct ui_pane *pane, const struct rs_link *l)
{
	const struct rs_counter *flaps = rs_counter_set_find(&l->stats, "carrier_changes");
	const struct rs_counter *sw = rs_counter_set_find(&l->ethtool,
							  "tx_pause_storm_warning_events");
	const struct rs_counter *se = rs_counter_set_find(&l->ethtool,
							  "tx_pause_storm_error_events");
	struct ui_pen pen;

	label(pane, &pen, N_("link"));
	if (flaps)
		ui_putf(&pen, UI_R_NORMAL, _("%llu carrier changes"), (unsigned long long)flaps->value);
	else
		ui_put(&pen, UI_R_DIM, _("carrier changes not read"));
	if (sw || se)
		ui_putf(&pen, (se && se->value) || (sw && sw->value) ? UI_R_WARN : UI_R_NORMAL,
			_(", pause storms %llu warn %llu err"), sw ? (unsigned long long)sw->value : 0,
			se ? (unsigned long long)se->value : 0);
	if (l->pfc_prevention_ms == 0xffff)
		ui_put(&pen, UI_R_NORMAL, _(", storm guard auto"));
	else if (l->pfc_prevention_ms >= 0)
		ui_put(&pen, l->pfc_prevention_ms ? UI_R_NORMAL : UI_R_WARN,
		       l->pfc_prevention_ms ? _(", storm guard on") : _(", storm guard off"));
}

static void draw_dcqcn(struct ui_pane *pane, const struct rs_link *l)
{
	struct ui_pen pen;

	label(pane, &pen, "DCQCN");
	if (!l->ecn.known) {
		ui_put(&pen, UI_R_DIM, _("the driver shows no ECN switches"));
		return;
	}
	ui_putf(&pen, UI_R_NORMAL, _("np 0x%02x rp 0x%02x, CNP prio %d DSCP %d, %zu params"),
		l->ecn.np_en, l->ecn.rp_en, l->ecn.cnp_prio, l->ecn.cnp_dscp,
		l->ecn.np_params.count + l->ecn.rp_params.count);
}

static void draw_numa(struct ui_pane *pane, const struct rs_device *d)
{
	struct rs_cpus local;
	unsigned off = 0;
	struct ui_pen pen;

	label(pane, &pen, "NUMA");
	if (d->numa_node < 0) {
		ui_put(&pen, UI_R_DIM, _("no node (no NUMA, or a virtual device)"));
		return;
	}
	ui_putf(&pen, UI_R_NORMAL, _("node %d, CPUs %s"), d->numa_node,
		d->local_cpus[0] ? d->local_cpus : "?");
	if (!rs_cpus_parse(&local, d->local_cpus))
		for (size_t i = 0; i < d->n_irqs; i++) {
			struct rs_cpus a;
			const char *aff = d->irqs[i].effective[0] ? d->irqs[i].effective :
					  d->irqs[i].affinity;

			off += !rs_cpus_parse(&a, aff) && !rs_cpus_common(&a, &local);
		}
	ui_putf(&pen, off ? UI_R_WARN : UI_R_NORMAL, _(", %zu IRQs, %u off-node"), d->n_irqs, off);
}

static int finding(struct ui_pane *pane, const struct rs_finding *f)
{
	if (!rs_finding_is_problem(f))
		return 0;
	if (pane)
		ui_wrap_lead(pane, f->verdict == RS_FAIL ? UI_R_BAD : UI_R_WARN,
			     f->verdict == RS_FAIL ? "     ! " : "     ~ ", f->summary, 0);
	return 1;
}

/* The findings about the netdev (or, for qp.numa_remote, the device),
 * through the findings' chains: a host of thousands of ports asks per port. */
static int findings(const struct ui *ui, struct ui_pane *pane, const struct rs_device *d,
		    const char *netdev)
{
	const struct rs_findings *all = &ui->sess.findings;
	const struct rs_finding *f = NULL;
	int n = 0;

	while ((f = rs_findings_of_netdev(all, netdev, f)))
		if (is_nic_check(f->id) && f->kind == RS_OBJ_NETDEV)
			n += finding(pane, f);
	while ((f = rs_findings_of_device(all, d->name, f)))
		if (!strcmp(f->id, "qp.numa_remote"))
			n += finding(pane, f);
	return n;
}

int ui_devices_nic(struct ui *ui, struct ui_pane *pane, const struct rs_device *d,
		   const struct rs_port *p)
{
	const struct rs_link *l = p->netdev[0] ? rs_snapshot_link(&ui->sess.snap, p->netdev) :
				  NULL;
	struct ui_pen pen;

	if (!l)
		return 0;
	if (pane) {
		if (rs_session_is_recorded(&ui->sess)) {
			ui_line(pane, &pen);
			ui_col(&pen, 5);
			ui_putf(&pen, UI_R_DIM, _("%s and its PCI function, recorded (%s):"), l->name,
				ui->sess.label);
		}
		draw_health(pane, l);
		draw_fec(pane, l);
		draw_module(pane, l);
		draw_link(pane, l);
		draw_dcqcn(pane, l);
		draw_numa(pane, d);
	}
	return findings(ui, pane, d, l->name);
}
