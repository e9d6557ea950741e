// SPDX-License-Identifier: MIT
/*
 * pane_counters.c - live counters of the selected port, grouped by meaning.
 *
 * Groups come from model/counter_groups.h; each counter shows its rate per
 * second, its total since the baseline (start or `r`) and a sparkline of
 * its recent rates.  Error counters that moved in the last interval stand
 * out as problems; those that moved earlier are marked as worth a look.
 * hw_counters/out_of_buffer and ethtool's rx_out_of_buffer carry their
 * origin so the two look-alikes are never confused.
 */
#include "ui/curses.h"
#include "ui/ui.h"

#include <stdio.h>
#include <string.h>

#define COL_ORIGIN 35
#define COL_RATE 39
#define COL_TOTAL 52
#define COL_SPARK 64

static const char *origin_tag(enum rs_corigin o)
{
	return o == RS_CO_PORT ? "cnt" : o == RS_CO_HW ? "hw" : "eth";
}

static void draw_ctr(struct ui *ui, struct ui_pane *pane, const struct ui_ctr *c)
{
	int bytes = c->cls->flags & RS_CF_BYTES, err = c->cls->flags & RS_CF_ERROR;
	enum ui_role r = UI_R_NORMAL;
	char rate[32], total[32];
	struct ui_pen pen;

	ui_line(pane, &pen);
	if (pen.y < 0)
		return;
	if (err && c->rate > 0)
		r = UI_R_BAD;
	else if (err && c->total > 0)
		r = UI_R_WARN;
	ui_put(&pen, r, r == UI_R_BAD ? " ! " : r == UI_R_WARN ? " ~ " : "   ");
	ui_put(&pen, r, c->name);
	ui_col(&pen, COL_ORIGIN);
	ui_put(&pen, UI_R_DIM, origin_tag(c->cls->origin));
	ui_fmt_rate(rate, sizeof(rate), c->rate, bytes);
	ui_fmt_count(total, sizeof(total), c->total, bytes);
	ui_col(&pen, COL_RATE);
	ui_putf(&pen, r, "%12s", rate);
	ui_col(&pen, COL_TOTAL);
	ui_putf(&pen, r, "%10s", total);
	ui_col(&pen, COL_SPARK);
	ui_spark(ui, &pen, r == UI_R_NORMAL ? UI_R_OK : r, c->hist);
}

/*
 * Error counters rising on ports other than the selected one: the tab and
 * the status bar count them, so say where they are (at most 3 lines).
 */
static void draw_elsewhere(struct ui *ui, struct ui_pane *pane)
{
	int lines = 0;

	for (size_t i = 0; i < ui->n_ctrs && lines < 3;) {
		int dev = ui->ctrs[i].dev, port = ui->ctrs[i].port, n = 0;
		const struct rs_port *p = ui_port(ui, dev, port);
		struct ui_pen pen;

		for (; i < ui->n_ctrs && ui->ctrs[i].dev == dev && ui->ctrs[i].port == port; i++)
			n += (ui->ctrs[i].cls->flags & RS_CF_ERROR) && ui->ctrs[i].rate > 0;
		if (!n || (dev == ui->sel_dev && port == ui->sel_port) || !p)
			continue;
		ui_line_fixed(pane, &pen);
		ui_putf(&pen, UI_R_BAD, " ! %s port %u: %d error counter%s rising (Enter on it "
			"in Devices)", ui->snap.devices[dev].name, p->num, n, n == 1 ? "" : "s");
		lines++;
	}
}

static void counters_draw(struct ui *ui, struct ui_pane *pane)
{
	const struct rs_device *d = ui_dev(ui, ui->sel_dev);
	const struct rs_port *p = ui_port(ui, ui->sel_dev, ui->sel_port);
	size_t first, end;
	struct ui_pen pen;
	int group = -1;

	pane->n_items = 0;
	if (!p) {
		ui_title(ui, pane, "Counters");
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_DIM, " no port selected (no RDMA device)");
		return;
	}
	ui_title_fixed(ui, pane, "Counters of %s port %u%s%s%s", d->name, p->num,
		       p->netdev[0] ? " (" : "", p->netdev, p->netdev[0] ? ")" : "");
	ui_line_fixed(pane, &pen);
	/* the same columns as draw_ctr(): 3 + name, origin, rate, total, history */
	ui_putf(&pen, UI_R_HEADER, "   %-*s%-*s%12s %10s  %s", COL_ORIGIN - 3, "counter",
		COL_RATE - COL_ORIGIN, "from", "rate/s", "total", "history");
	ui_fill(&pen, UI_R_HEADER, " ");
	if (!d->present) {
		ui_line_fixed(pane, &pen);
		ui_put(&pen, UI_R_BAD, " ! device gone: counters stopped at their last values");
	}
	draw_elsewhere(ui, pane);
	if (ui->frozen) {
		ui_line_fixed(pane, &pen);
		ui_put(&pen, UI_R_WARN, " ~ frozen: press f to resume");
	}
	ui_ctrs_of_port(ui, ui->sel_dev, ui->sel_port, &first, &end);
	if (first == end) {
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_DIM, " this port has no counters the console knows");
	}
	for (size_t i = first; i < end; i++) {
		const struct ui_ctr *c = &ui->ctrs[i];

		if ((int)c->cls->group != group) {
			group = (int)c->cls->group;
			ui_title(ui, pane, "%s", rs_cgroup_name(c->cls->group));
		}
		draw_ctr(ui, pane, c);
	}
}

static void counters_tick(struct ui *ui, struct ui_pane *pane)
{
	for (size_t i = 0; i < ui->n_ctrs; i++)
		if ((ui->ctrs[i].cls->flags & RS_CF_ERROR) && ui->ctrs[i].rate > 0)
			pane->problems++;
}

static const struct ui_key counters_keys[] = {
	{ 0 },
};

static int counters_key(struct ui *ui, struct ui_pane *pane, int key)
{
	return ui_keys_dispatch(counters_keys, ui, pane, key);
}

const struct ui_pane_class ui_pane_counters = {
	.name = "Counters",
	.about = "live counters of the selected port (f, r, +, - act here)",
	.draw = counters_draw,
	.key = counters_key,
	.resize = NULL,
	.tick = counters_tick,
	.keys = counters_keys,
};
