/* SPDX-License-Identifier: MIT */
/*
 * pane_gids.c - the GID table of the selected port and which index to use.
 *
 * Every valid entry with its type, netdev, VLAN and address.  The index
 * rs_gid_recommend() picks is highlighted with the exact settings to paste
 * (perftest -x, NCCL, UCX); RoCE v1 and IPv6 link-local entries are marked
 * as the usual traps (a peer on the other type fails with "Found
 * Incompatibility issue with GID types").
 */
#include "model/gid_recommend.h"
#include "ui/curses.h"
#include "ui/ui.h"

#include <stdio.h>
#include <string.h>

/* The pick and the header stay on screen while the table scrolls. */
static void draw_pick(struct ui *ui, struct ui_pane *pane, const struct rs_gid_pick *pick)
{
	char say[sizeof(pick->reason) + 64];
	struct rs_gid_settings set;
	struct ui_pen pen;

	/* No index: in the words of check's gid.no_roce_v2, whole. */
	if (pick->index < 0) {
		rs_gid_pick_summary(pick, say, sizeof(say));
		if (pick->state == RS_GID_UNKNOWN)
			ui_wrap_lead(pane, UI_R_DIM, " ? ", say, 1);
		else
			ui_wrap_lead(pane, UI_R_BAD, " ! ", say, 1);
	} else {
		rs_gid_settings(pick->index, &set);
		ui_line_fixed(pane, &pen);
		ui_putf(&pen, UI_R_PICK, _(" use index %d:  %s   %s   %s "), pick->index, set.perftest,
			set.nccl, set.ucx);
		ui_wrap(pane, UI_R_DIM, 3, pick->reason, 1);
	}
	ui_line_fixed(pane, &pen);
}

static void draw_gid(struct ui *ui, struct ui_pane *pane, const struct rs_port *p,
		     const struct rs_gid *g, int item, int picked)
{
	const char *trap = rs_gid_trap_label(p, g);
	enum ui_role r = item == pane->cursor ? UI_R_CURSOR : picked ? UI_R_PICK : UI_R_NORMAL;
	struct ui_pen pen;

	ui_item_begin(pane, item);
	ui_line(pane, &pen);
	ui_putf(&pen, r, " %4u  %-10s %-12s ", g->index, rs_gid_type_name(rs_gid_type_of(p, g)),
		g->netdev[0] ? g->netdev : "-");
	if (g->vlan >= 0)
		ui_putf(&pen, r, "%-5d ", g->vlan);
	else
		ui_put(&pen, r, "-     ");
	ui_put(&pen, r, g->ip[0] ? g->ip : g->gid);
	if (picked)
		ui_put(&pen, UI_R_PICK, _("  <- use"));
	else if (trap)
		ui_putf(&pen, UI_R_WARN, "  %s", _(trap));
	if (r == UI_R_CURSOR)
		ui_fill(&pen, r, " ");
	ui_item_end(pane, item);
}

static void gids_draw(struct ui *ui, struct ui_pane *pane)
{
	const struct rs_device *d = ui_dev(ui, ui->sel_dev);
	const struct rs_port *p = ui_port(ui, ui->sel_dev, ui->sel_port);
	struct rs_gid_pick pick;
	struct ui_pen pen;

	if (!p) {
		ui_title(ui, pane, "%s", _("GID table"));
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_DIM, _(" no port selected (no RDMA device)"));
		pane->n_items = 0;
		return;
	}
	if (p->netdev[0])
		ui_title_fixed(ui, pane, _("GID table of %s port %u (%s) (Enter on %s picks a port)"),
			       d->name, p->num, p->netdev, _(rs_pane_name(RS_PANE_DEVICES)));
	else
		ui_title_fixed(ui, pane, _("GID table of %s port %u (Enter on %s picks a port)"),
			       d->name, p->num, _(rs_pane_name(RS_PANE_DEVICES)));
	if (!d->present) {
		ui_line_fixed(pane, &pen);
		ui_put(&pen, UI_R_BAD, _(" ! device gone: the table below is the last one read"));
	}
	rs_gid_recommend(&ui->sess.snap, d, p, &pick);
	draw_pick(ui, pane, &pick);
	ui_line_fixed(pane, &pen);
	/* TRANSLATORS: the GID table's column headings: "index" at most 5
	 * display columns, "type" 10, "netdev" 12, "vlan" 5 */
	ui_putf(&pen, UI_R_HEADER, " %-5s %-10s %-12s %-5s %s", _("index"), _("type"), _("netdev"),
		_("vlan"), _("address"));
	ui_fill(&pen, UI_R_HEADER, " ");
	if (!p->n_gids) {
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_DIM, pick.state == RS_GID_UNKNOWN ? _(" no entry read") :
		       _(" no valid entry"));
	}
	for (size_t i = 0; i < p->n_gids; i++)
		draw_gid(ui, pane, p, &p->gids[i], (int)i,
			 pick.index >= 0 && (unsigned)pick.index == p->gids[i].index);
	pane->n_items = (int)p->n_gids;
}

static void gids_tick(struct ui *ui, struct ui_pane *pane)
{
	const struct rs_device *d = ui_dev(ui, ui->sel_dev);
	const struct rs_port *p = ui_port(ui, ui->sel_dev, ui->sel_port);

	if (!p)
		return;
	/* gid.no_roce_v2 of the selected port (an InfiniBand port has none to miss). */
	pane->problems = rs_finding_is_problem(rs_findings_port(&ui->sess.findings,
								"gid.no_roce_v2", d->name,
								p->num));
	pane->n_items = (int)p->n_gids;
}

static const struct ui_key gids_keys[] = {
	{ 0 },
};

const struct ui_pane_class ui_pane_gids = {
	.id = RS_PANE_GIDS,
	.about = N_("GID table of the selected port, the index to use, the traps"),
	.draw = gids_draw,
	.tick = gids_tick,
	.keys = gids_keys,
	.mirror = 1,
};
