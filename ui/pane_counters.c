/* SPDX-License-Identifier: MIT */
/*
 * pane_counters.c - live counters of the selected port, grouped by meaning.
 *
 * Groups come from model/counter_groups.h and the numbers from the
 * session's counter series: each counter shows its rate per second, its
 * total since the baseline (start or `r`) and a sparkline of its recent
 * rates.  Error counters that moved in the last interval stand out as
 * problems; those that moved earlier are marked as worth a look.  Ports
 * whose errors rise are the findings of counters.error_rising.
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
	switch (o) {
	case RS_CO_PORT: return "cnt";
	case RS_CO_HW: return "hw";
	case RS_CO_ETHTOOL: return "eth";
	default: return "net";
	}
}

/* The sets shown for a port, in the order their counters are listed
 * within a group. */
#define PORT_SETS 4

static void port_sets(const struct ui *ui, const struct rs_device *d, const struct rs_port *p,
		      const struct rs_series_set *out[PORT_SETS])
{
	const struct rs_series *s = &ui->sess.series;

	out[0] = rs_series_port_set(s, d->name, p->num, RS_CO_PORT);
	out[1] = rs_series_port_set(s, d->name, p->num, RS_CO_HW);
	out[2] = rs_series_netdev_set(s, p->netdev, RS_CO_ETHTOOL);
	out[3] = rs_series_netdev_set(s, p->netdev, RS_CO_NETDEV);
}

static void draw_ctr(struct ui *ui, struct ui_pane *pane, const struct rs_series_set *set,
		     const struct rs_series_ctr *c)
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
	ui_put(&pen, UI_R_DIM, origin_tag(set->origin));
	ui_fmt_rate(rate, sizeof(rate), c->rate, bytes);
	ui_fmt_count(total, sizeof(total), c->total, bytes);
	ui_col(&pen, COL_RATE);
	ui_putf(&pen, r, "%12s", rate);
	ui_col(&pen, COL_TOTAL);
	ui_putf(&pen, r, "%10s", total);
	ui_col(&pen, COL_SPARK);
	ui_spark(ui, &pen, r == UI_R_NORMAL ? UI_R_OK : r, c);
}

/*
 * Ports other than the selected one whose error counters are rising (the
 * counters.error_rising check): the tab and the status bar count them, so
 * say where they are (at most 3 lines).
 */
static void draw_elsewhere(struct ui *ui, struct ui_pane *pane)
{
	struct rs_fkey key = { .id = "counters.error_rising", .kind = RS_OBJ_PORT };
	const struct rs_device *sel = ui_dev(ui, ui->sel_dev);
	const struct rs_port *selp = ui_port(ui, ui->sel_dev, ui->sel_port);
	const struct rs_finding *f = NULL;
	int lines = 0;

	while (lines < 3 && (f = rs_findings_find(&ui->sess.findings, f, &key))) {
		struct ui_pen pen;

		if (!rs_finding_is_problem(f) ||
		    (sel && selp && !strcmp(f->device, sel->name) && f->port == selp->num))
			continue;
		ui_line_fixed(pane, &pen);
		ui_putf(&pen, f->verdict == RS_FAIL ? UI_R_BAD : UI_R_WARN, " %s %s port %u: %u "
			"error counter%s rising (Enter on it in Devices)",
			f->verdict == RS_FAIL ? "!" : "~", f->device, f->port, f->count,
			f->count == 1 ? "" : "s");
		lines++;
	}
}

/* Draw (or, with pane NULL, count) the shown counters of group g. */
static int draw_group(struct ui *ui, struct ui_pane *pane,
		      const struct rs_series_set *sets[PORT_SETS], int g)
{
	int n = 0;

	for (int k = 0; k < PORT_SETS; k++)
		for (size_t i = 0; sets[k] && i < sets[k]->n; i++) {
			const struct rs_series_ctr *c = &sets[k]->ctrs[i];

			if (!c->cls || (int)c->cls->group != g)
				continue;
			if (pane && !n)
				ui_title(ui, pane, "%s", rs_cgroup_name(c->cls->group));
			if (pane)
				draw_ctr(ui, pane, sets[k], c);
			n++;
		}
	return n;
}

static void counters_draw(struct ui *ui, struct ui_pane *pane)
{
	const struct rs_device *d = ui_dev(ui, ui->sel_dev);
	const struct rs_port *p = ui_port(ui, ui->sel_dev, ui->sel_port);
	const struct rs_series_set *sets[PORT_SETS];
	struct ui_pen pen;
	int shown = 0;

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
	if (ui->sess.frozen) {
		ui_line_fixed(pane, &pen);
		ui_put(&pen, UI_R_WARN, " ~ frozen: press f to resume");
	}
	port_sets(ui, d, p, sets);
	for (int g = 0; g < RS_CG_COUNT; g++)
		shown += draw_group(ui, pane, sets, g);
	if (!shown) {
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_DIM, " this port has no counters the console knows");
	}
}

static void counters_tick(struct ui *ui, struct ui_pane *pane)
{
	struct rs_fkey key = { .id = "counters.error_rising", .kind = RS_OBJ_PORT };

	pane->problems += rs_findings_count_problems(&ui->sess.findings, &key);
}

static const struct ui_key counters_keys[] = {
	{ 0 },
};

const struct ui_pane_class ui_pane_counters = {
	.name = "Counters",
	.about = "live counters of the selected port (f, r, +, - act here)",
	.draw = counters_draw,
	.tick = counters_tick,
	.keys = counters_keys,
};
