/* SPDX-License-Identifier: MIT */
/*
 * pane_devices.c - RDMA devices and their ports, with what is wrong.
 *
 * One block per device (generation, firmware, PSID, PCI link current vs
 * maximum, the RDMA resources in use: QPs by state, CQs, MRs, PDs) and
 * one item per port (state, physical state, link layer, rate,
 * netdev and MTU), with the NIC under the netdev (pane_devices_nic.c:
 * health reporters, FEC, module, flaps, pause storms, DCQCN, NUMA and
 * interrupts).  Problems are the findings of the checks (src/diag/,
 * docs/checks.md) about each device and port, listed under what they
 * concern; the pane detects nothing itself.  Enter on a port makes it the
 * port of the GIDs and Counters panes.
 */
#include "ui/curses.h"
#include "model/counter_tables.h"
#include "ui/ui.h"
#include "diag/check.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

/* The checks whose findings this pane shows under a device or a port. */
static const char *const pane_checks[] = {
	"device.gone", "pci.link_degraded", "nic.weak_roce_v2",
	"port.not_active", "port.roce_mtu_small", "gid.no_roce_v2",
};

/*
 * 1: a problem this pane shows and counts; 2: shown, not counted - a RoCE
 * port whose GID index is unknown says why, in the words of `gids` and
 * check (an InfiniBand port has no RoCE GID to miss); 0: not shown.
 */
static int shown_here(const struct rs_finding *f, const struct rs_port *p)
{
	for (size_t i = 0; i < sizeof(pane_checks) / sizeof(pane_checks[0]); i++)
		if (!strcmp(f->id, pane_checks[i])) {
			if (rs_finding_is_problem(f))
				return 1;
			return f->verdict == RS_SKIP && p && !rs_port_is_ib(p) &&
			       !strcmp(f->id, "gid.no_roce_v2") ? 2 : 0;
		}
	return 0;
}

/*
 * The problems found about device d (p NULL) or its port p, in the check
 * table's order; drawn when pane is not NULL.  The same function draws
 * and counts, so the status bar cannot disagree with the screen.
 */
static int probs(const struct ui *ui, struct ui_pane *pane, const struct rs_device *d,
		 const struct rs_port *p)
{
	enum rs_object_kind kind = p ? RS_OBJ_PORT : RS_OBJ_DEVICE;
	unsigned port = p ? p->num : 0;
	const struct rs_finding *f = NULL;
	int n = 0;

	while ((f = rs_findings_of_device(&ui->sess.findings, d->name, f))) {
		int how;

		if (f->kind != kind || f->port != port)
			continue;
		how = shown_here(f, p);
		n += how == 1;
		if (!pane || !how)
			continue;
		ui_wrap_lead(pane, how == 2 ? UI_R_DIM : f->verdict == RS_FAIL ? UI_R_BAD : UI_R_WARN,
			     how == 2 ? "     ? " : f->verdict == RS_FAIL ? "     ! " : "     ~ ",
			     f->summary, 0);
	}
	return n;
}

/* "QPs 12 (RTS 10, ERR 2), CQs 8, MRs 4, PDs 3": is a job running on it?
 * QPs in the error state stand out. */
static void draw_resources(struct ui_pane *pane, const struct rs_rdma_res *r)
{
	char line[RS_TEXT_LEN + 96];
	struct ui_pen pen;

	rs_rdma_res_fmt(line, sizeof(line), r);
	ui_line(pane, &pen);
	ui_col(&pen, 5);
	ui_put(&pen, UI_R_DIM, _("in use: "));
	ui_put(&pen, r->known && (r->qp_err || r->qp_sqe) ? UI_R_WARN : UI_R_DIM, line);
}

/* The vendor and model pci.ids gives (or why not) and the RDMA driver; a
 * snapshot saved without them (the demo host's) has no line. */
static void draw_nic(struct ui_pane *pane, const struct rs_device *d)
{
	const struct rs_ctr_table *t = rs_ctr_table_for(d);
	const struct rs_pci_link *l = &d->pci;
	char names[sizeof(l->vendor_name) + sizeof(l->device_name) + sizeof(l->names_note) + 4];
	struct ui_pen pen;

	if (!l->vendor_name[0] && !l->names_note[0])
		return;
	ui_line(pane, &pen);
	ui_col(&pen, 5);
	snprintf(names, sizeof(names), "%s%s%s%s%s%s", l->vendor_name,
		 l->vendor_name[0] && l->device_name[0] ? " " : "", l->device_name,
		 l->names_note[0] ? (l->vendor_name[0] ? " (" : "(") : "", l->names_note,
		 l->names_note[0] ? ")" : "");
	if (t)
		ui_putf(&pen, UI_R_DIM, _("NIC %s (RDMA %s)"), names, t->driver);
	else
		ui_putf(&pen, UI_R_DIM, _("NIC %s (no RDMA counter table)"), names);
}

static void draw_device(struct ui *ui, struct ui_pane *pane, const struct rs_device *d)
{
	const struct rs_pci_link *l = &d->pci;
	struct ui_pen pen;

	ui_line(pane, &pen);
	ui_put(&pen, UI_R_TITLE, d->name);
	if (!d->present)
		ui_put(&pen, UI_R_BAD, _(" gone"));
	ui_col(&pen, 12);
	ui_putf(&pen, UI_R_NORMAL, "%s", d->generation[0] ? d->generation : d->hca_type);
	ui_col(&pen, 28);
	ui_putf(&pen, UI_R_NORMAL, _("fw %s"), d->fw_ver[0] ? d->fw_ver : "?");
	ui_col(&pen, 46);
	ui_putf(&pen, UI_R_NORMAL, "PSID %s", d->board_id[0] ? d->board_id : "?");
	ui_line(pane, &pen);
	ui_col(&pen, 5);
	if (l->addr[0])
		ui_putf(&pen, UI_R_DIM, _("PCI %s  %.1f GT/s x%d (max %.1f GT/s x%d)  %s"),
			l->addr, l->cur_gts, l->cur_width, l->max_gts, l->max_width,
			d->driver);
	else
		ui_putf(&pen, UI_R_DIM, _("no PCI function (%s)"), d->driver[0] ? d->driver :
			_("virtual"));
	draw_nic(pane, d);
	draw_resources(pane, &d->res);
}

static void draw_port(struct ui *ui, struct ui_pane *pane, int di, int pi, int item)
{
	const struct rs_port *p = ui_port(ui, di, pi);
	const struct rs_link *l = p->netdev[0] ? rs_snap_index_link(&ui->sess.index, p->netdev) :
				  NULL;
	int cur = item == pane->cursor, sel = di == ui->sel_dev && pi == ui->sel_port;
	enum ui_role r = cur ? UI_R_CURSOR : UI_R_NORMAL;
	struct ui_pen pen;

	ui_item_begin(pane, item);
	ui_line(pane, &pen);
	ui_put(&pen, r, sel ? ui->g->sel : " ");
	/* TRANSLATORS: as wide as " port 1  " (9 columns): the state is at a
	 * fixed column after it */
	ui_putf(&pen, r, _(" port %-2u "), p->num);
	/* Unknown (not read) is dim, not bad: the check skips it. */
	ui_put(&pen, p->state == RS_PORT_ACTIVE ? (cur ? r : UI_R_OK) :
	       !p->state_name[0] ? (cur ? r : UI_R_DIM) : UI_R_BAD,
	       p->state_name[0] ? p->state_name : "?");
	ui_col(&pen, 19);
	ui_putf(&pen, r, "%-9s %-9s %s", p->phys_state_name, p->link_layer, p->rate);
	if (cur)
		ui_fill(&pen, r, " ");
	ui_line(pane, &pen);
	ui_col(&pen, 5);
	if (!p->netdev[0])
		ui_put(&pen, UI_R_DIM, _("no netdev"));
	else if (!l)
		ui_putf(&pen, UI_R_DIM, _("netdev %s (not in the link list)"), p->netdev);
	else
		ui_putf(&pen, UI_R_DIM, _("netdev %s %s mtu %u -> RoCE MTU %d"), l->name,
			l->operstate, l->mtu, rs_roce_mtu(l->mtu));
	if (p->active_mtu)
		ui_putf(&pen, UI_R_DIM, "  active_mtu %d", p->active_mtu);
	ui_item_end(pane, item);
}

static void devices_draw(struct ui *ui, struct ui_pane *pane)
{
	const struct rs_finding *none = rs_findings_get(&ui->sess.findings, "device.none", NULL);
	struct ui_pen pen;
	int item = 0;

	ui_title(ui, pane, _("RDMA devices and ports (%zu)"), ui->sess.snap.n_devices);
	if (rs_finding_is_problem(none)) {
		ui_line(pane, &pen);
		ui_putf(&pen, UI_R_BAD, " ! %s", none->summary);
	}
	for (size_t d = 0; d < ui->sess.snap.n_devices; d++) {
		const struct rs_device *dev = &ui->sess.snap.devices[d];

		draw_device(ui, pane, dev);
		probs(ui, pane, dev, NULL);
		for (size_t p = 0; p < dev->n_ports; p++) {
			draw_port(ui, pane, (int)d, (int)p, item++);
			probs(ui, pane, dev, &dev->ports[p]);
			ui_devices_nic(ui, pane, dev, &dev->ports[p]);
		}
		ui_line(pane, &pen);
	}
	pane->n_items = item;
	ui_errors_draw(ui, pane, RS_AREA_RDMA);
}

static void devices_tick(struct ui *ui, struct ui_pane *pane)
{
	int items = 0;

	pane->problems += rs_finding_is_problem(rs_findings_get(&ui->sess.findings, "device.none",
								NULL));
	for (size_t d = 0; d < ui->sess.snap.n_devices; d++) {
		const struct rs_device *dev = &ui->sess.snap.devices[d];

		pane->problems += probs(ui, NULL, dev, NULL);
		for (size_t p = 0; p < dev->n_ports; p++, items++) {
			pane->problems += probs(ui, NULL, dev, &dev->ports[p]);
			pane->problems += ui_devices_nic(ui, NULL, dev, &dev->ports[p]);
		}
	}
	pane->problems += ui_errors_count(ui, RS_AREA_RDMA);
	pane->n_items = items;
}

/* The (device, port) of the item under the cursor. */
static int cursor_port(const struct ui *ui, const struct ui_pane *pane, int *dev, int *port)
{
	int item = 0;

	for (size_t d = 0; d < ui->sess.snap.n_devices; d++)
		for (size_t p = 0; p < ui->sess.snap.devices[d].n_ports; p++, item++)
			if (item == pane->cursor) {
				*dev = (int)d;
				*port = (int)p;
				return 0;
			}
	return -1;
}

static int k_select(struct ui *ui, struct ui_pane *pane, int key)
{
	int d, p;

	if (cursor_port(ui, pane, &d, &p) < 0)
		return UI_F_REDRAW;
	ui_select_port(ui, d, p);
	ui_set_pane(ui, key == 'c' ? RS_PANE_COUNTERS : RS_PANE_GIDS);
	return UI_F_REDRAW;
}

static const struct ui_key devices_keys[] = {
	{ '\r', 0, "Enter", N_("use this port in GIDs and Counters, show its GIDs"), k_select },
	{ '\n', 0, NULL, NULL, k_select },
	{ KEY_ENTER, 0, NULL, NULL, k_select },
	{ 'c', 0, "c", N_("use this port and show its counters"), k_select },
	{ 0 },
};

const struct ui_pane_class ui_pane_devices = {
	.id = RS_PANE_DEVICES,
	.about = N_("RDMA devices, ports, PCI link, netdev MTU, with problems marked"),
	.draw = devices_draw,
	.tick = devices_tick,
	.keys = devices_keys,
};
