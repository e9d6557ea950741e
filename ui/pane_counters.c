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
 * origin so the two look-alikes are never confused.  Data rates show in
 * Gb/s (bits, SI, as links are sold), packets in pps (model/units.h).
 *
 * The groups are the counters' meanings (model/counter_tables.h): a
 * bnxt_re, irdma or hns port's counters land in traffic, congestion and
 * RoCE errors as an mlx5 port's do.  Above them, what this NIC does not
 * count at all, with its driver's name: "not provided by this NIC (hns):
 * tx_bytes, rx_bytes, ecn_marked, ...".
 *
 * z hides the counters that have not moved since the baseline (rate and
 * total zero); / keeps only the rows whose name contains a text (any
 * case).  Both only choose rows: counting and marks are unchanged.
 */
#include "ui/curses.h"
#include "session/replay.h"
#include "ui/ui.h"
#include "model/counter_tables.h"
#include "model/units.h"
#include "util.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* What the rows are narrowed to.  One console per process: file scope. */
static struct {
	int hide_zero;
	char search[64];
} view;

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
	enum rs_rate_unit u = rs_rate_unit_of(c->cls, c->name);
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
	rs_fmt_rate_short(rate, sizeof(rate), c->rate, u);
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
		ui_putf(&pen, f->verdict == RS_FAIL ? UI_R_BAD : UI_R_WARN,
			rs_trn(" %s %s port %u: %u error counter rising (Enter on it in %s, %d)",
			       " %s %s port %u: %u error counters rising (Enter on it in %s, %d)",
			       f->count),
			f->verdict == RS_FAIL ? "!" : "~", f->device, f->port, f->count,
			_(rs_pane_name(RS_PANE_DEVICES)), rs_pane_number(RS_PANE_DEVICES));
		lines++;
	}
}

/* Does the row pass z (hide zero) and / (search)? */
static int shown(const struct rs_series_ctr *c)
{
	if (view.hide_zero && !c->total && !(c->rate > 0))
		return 0;
	if (!view.search[0])
		return 1;
	for (const char *p = c->name; *p; p++)
		if (!strncasecmp(p, view.search, strlen(view.search)))
			return 1;
	return 0;
}

/* Draw (or, with pane NULL, count) the shown counters of group g; *all
 * counts them before z and / chose. */
static int draw_group(struct ui *ui, struct ui_pane *pane,
		      const struct rs_series_set *sets[PORT_SETS], int g, int *all)
{
	int n = 0;

	for (int k = 0; k < PORT_SETS; k++)
		for (size_t i = 0; sets[k] && i < sets[k]->n; i++) {
			const struct rs_series_ctr *c = &sets[k]->ctrs[i];

			if (!c->cls || (int)c->cls->group != g)
				continue;
			(*all)++;
			if (!shown(c))
				continue;
			if (pane && !n)
				ui_title(ui, pane, "%s", _(rs_cgroup_name(c->cls->group)));
			if (pane)
				draw_ctr(ui, pane, sets[k], c);
			n++;
		}
	return n;
}

/*
 * The meanings of the vocabulary none of the port's counters has: what the
 * NIC does not provide (its counters were read), as the Overview's "n/p".
 * The netdev's traffic counters do not stand for RDMA traffic unless the
 * driver sends through the kernel (rxe, siw), as in the Overview.
 */
static void draw_not_provided(struct ui *ui, struct ui_pane *pane, const struct rs_device *d,
			      const struct rs_series_set *sets[PORT_SETS])
{
	static const enum rs_meaning want[] = {
		RS_M_TX_BYTES, RS_M_RX_BYTES, RS_M_TX_PACKETS, RS_M_RX_PACKETS,
		RS_M_CNP_SENT, RS_M_CNP_HANDLED, RS_M_ECN_MARKED, RS_M_OUT_OF_SEQUENCE,
		RS_M_RETRANSMIT, RS_M_TIMEOUT, RS_M_RNR_NAK, RS_M_DUPLICATE,
	};
	const struct rs_ctr_table *t = rs_ctr_table_for(d);
	int have[RS_M_COUNT] = { 0 };
	char list[256] = "";
	size_t n = 0;
	struct ui_pen pen;

	if (!(sets[0] && sets[0]->present) && !(sets[1] && sets[1]->present))
		return;
	for (int k = 0; k < PORT_SETS; k++)
		for (size_t i = 0; sets[k] && i < sets[k]->n; i++) {
			const struct rs_counter_class *c = sets[k]->ctrs[i].cls;

			if (c && (k != PORT_SETS - 1 || !t || t->netdev_counts_rdma))
				have[c->meaning] = 1;
		}
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]) && n < sizeof(list); i++)
		if (!have[want[i]])
			n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s", n ? ", " : "",
					      _(rs_meaning_name(want[i])));
	if (!n)
		return;
	ui_title(ui, pane, _("Not provided by this NIC (%s)"), t ? t->driver :
		 _("no counter table"));
	ui_line(pane, &pen);
	ui_put(&pen, UI_R_DIM, "   ");
	ui_put(&pen, UI_R_DIM, list);
}

static void counters_draw(struct ui *ui, struct ui_pane *pane)
{
	const struct rs_device *d = ui_dev(ui, ui->sel_dev);
	const struct rs_port *p = ui_port(ui, ui->sel_dev, ui->sel_port);
	const struct rs_series_set *sets[PORT_SETS];
	struct ui_pen pen;
	int n = 0, all = 0;

	pane->n_items = 0;
	if (!p) {
		ui_title(ui, pane, "%s", _("Counters"));
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_DIM, _(" no port selected (no RDMA device)"));
		return;
	}
	if (p->netdev[0])
		ui_title_fixed(ui, pane, _("Counters of %s port %u (%s)"), d->name, p->num,
			       p->netdev);
	else
		ui_title_fixed(ui, pane, _("Counters of %s port %u"), d->name, p->num);
	ui_line_fixed(pane, &pen);
	/* the same columns as draw_ctr(): 3 + name, origin, rate, total, history */
	/* TRANSLATORS: the Counters pane's column headings: "counter" at
	 * most 32 display columns, "from" 4, "rate" 12, "total" 10 */
	ui_putf(&pen, UI_R_HEADER, "   %-*s%-*s%12s %10s  %s", COL_ORIGIN - 3, _("counter"),
		COL_RATE - COL_ORIGIN, _("from"), _("rate"), _("total"), _("history"));
	ui_fill(&pen, UI_R_HEADER, " ");
	if (!d->present) {
		ui_line_fixed(pane, &pen);
		ui_put(&pen, UI_R_BAD, _(" ! device gone: counters stopped at their last values"));
	}
	draw_elsewhere(ui, pane);
	if (rs_session_is_replay(&ui->sess) && ui->sess.frozen) {
		/* a replay pauses, and ends: f is not what moves it */
		ui_line_fixed(pane, &pen);
		ui_put(&pen, UI_R_WARN, rs_session_replay_at_end(&ui->sess) ?
		       _(" ~ end of the recording: Space plays it again, , steps back, g goes to a time") :
		       _(" ~ paused: Space plays, . and , step"));
	} else if (ui->sess.frozen) {
		ui_line_fixed(pane, &pen);
		ui_put(&pen, UI_R_WARN, _(" ~ frozen: press f to resume"));
	}
	if (view.hide_zero || view.search[0]) {
		ui_line_fixed(pane, &pen);
		if (view.hide_zero && view.search[0])
			ui_putf(&pen, UI_R_WARN, _(" ~ showing counters that moved, names with "
						   "\"%s\" (z, / change it)"), view.search);
		else if (view.search[0])
			ui_putf(&pen, UI_R_WARN, _(" ~ showing names with \"%s\" (z, / change it)"),
				view.search);
		else
			ui_put(&pen, UI_R_WARN, _(" ~ showing counters that moved (z, / change it)"));
	}
	port_sets(ui, d, p, sets);
	draw_not_provided(ui, pane, d, sets);
	for (int g = 0; g < RS_CG_COUNT; g++)
		n += draw_group(ui, pane, sets, g, &all);
	if (!n) {
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_DIM, all ? _(" no counter matches (z, / change what is shown)") :
		       _(" this port has no counters the console knows"));
	}
}

static void counters_tick(struct ui *ui, struct ui_pane *pane)
{
	struct rs_fkey key = { .id = "counters.error_rising", .kind = RS_OBJ_PORT };

	pane->problems += rs_findings_count_problems(&ui->sess.findings, &key);
}

static int k_zero(struct ui *ui, struct ui_pane *p, int key)
{
	view.hide_zero = !view.hide_zero;
	p->scroll = 0;
	ui_message(ui, "%s", view.hide_zero ?
		   _("counters that never moved are hidden (z shows them)") :
		   _("every counter is shown"));
	return UI_F_REDRAW;
}

static void search_done(struct ui *ui, const char *text)
{
	char esc[RS_ESCAPE_MAX(sizeof(view.search))];

	RS_STRCPY(view.search, text);
	ui->panes[ui->cur].scroll = 0;
	rs_escape_text(esc, sizeof(esc), view.search, strlen(view.search));
	if (view.search[0])
		ui_message(ui, _("counters whose name contains \"%s\""), esc);
	else
		ui_message(ui, _("search cleared: every counter is shown"));
}

static int k_search(struct ui *ui, struct ui_pane *p, int key)
{
	ui_input_ask(ui, _("Search counters (part of a name; empty: all)"), view.search,
		     search_done);
	return UI_F_REDRAW;
}

static const struct ui_key counters_keys[] = {
	{ 'z', 0, "z", N_("hide / show the counters that have not moved (zero)"), k_zero },
	{ '/', 0, "/", N_("show only the counters whose name contains a text"), k_search },
	{ 0 },
};

const struct ui_pane_class ui_pane_counters = {
	.id = RS_PANE_COUNTERS,
	.about = N_("live counters of the selected port in Gb/s and pps (z, /, f, r, +, - act here)"),
	.draw = counters_draw,
	.tick = counters_tick,
	.keys = counters_keys,
};
