/* SPDX-License-Identifier: MIT */
/*
 * pane_overview.c - every RDMA port on one screen (the first tab): state,
 * link rate with the PCIe slot's ceiling beside it, TX and RX in Gb/s and
 * as a share of the link, packets per second, the signals that explain a
 * dip (pause frames, CNPs, ECN marks, sequence errors, retransmissions,
 * drops) and a sparkline of the throughput; totals at the bottom.
 *
 * The numbers come from the session's series through rs_port_rates()
 * (src/model/port_rates.c, pure and unit-tested); this file only keeps the
 * pane's view of them - sorted like htop (s: the next column, S: the other
 * way), filtered (/ text, i: idle ports hidden) - and its keys.  Drawing
 * is in pane_overview_draw.c.  Enter (or c) opens the Counters pane on the
 * port under the cursor.
 */
#include "ui/curses.h"
#include "ui/pane_overview.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct ov_state ov;

static const char *const sort_names[OV_SORTS] = {
	[OV_NAME] = N_("name"), [OV_TX] = "TX", [OV_RX] = "RX",
	/* xgettext:no-c-format */
	[OV_UTIL] = N_("% of link"),
	[OV_PKTS] = N_("pkt/s"), [OV_SIGNALS] = N_("signals"),
};

const char *ov_sort_name(enum ov_sort s)
{
	return s < OV_SORTS ? _(sort_names[s]) : "?";
}

int ov_idle(const struct rs_port_rates *r)
{
	if (r->tx_bps > 0 || r->rx_bps > 0 || r->pkts > 0)
		return 0;
	for (int k = 0; k < RS_SIG_COUNT; k++)
		if (r->sig[k] > 0)
			return 0;
	return 1;
}

/* Errors weigh more than congestion: a port losing packets sorts first. */
static double signal_weight(const struct rs_port_rates *r)
{
	double w = 0;

	for (int k = 0; k < RS_SIG_COUNT; k++)
		w += r->sig[k] * (rs_sig_is_error((enum rs_sig)k) ? 1e6 : 1);
	return w;
}

static double key_of(const struct ov_row *row)
{
	const struct rs_port_rates *r = &row->r;

	switch (ov.sort) {
	case OV_TX: return r->tx_bps;
	case OV_RX: return r->rx_bps;
	case OV_UTIL: return r->tx_pct > r->rx_pct ? r->tx_pct : r->rx_pct;
	case OV_PKTS: return r->pkts;
	case OV_SIGNALS: return signal_weight(r);
	default: return 0;
	}
}

/* Biggest first (name: the snapshot's order); ties keep that order. */
static int cmp_rows(const void *pa, const void *pb)
{
	const struct ov_row *a = pa, *b = pb;
	double ka = key_of(a), kb = key_of(b);
	int c = ka > kb ? -1 : ka < kb ? 1 : 0;

	if (!c)
		c = a->dev != b->dev ? a->dev - b->dev : a->port - b->port;
	return ov.reverse ? -c : c;
}

static int matches(const struct ov_row *row, const struct rs_port *p)
{
	if (!ov.filter[0])
		return 1;
	return strcasestr(row->name, ov.filter) || strcasestr(p->netdev, ov.filter) ||
	       strcasestr(p->state_name, ov.filter);
}

void ov_rows(struct ui *ui)
{
	const struct rs_snapshot *s = &ui->sess.snap;
	int n = 0;

	for (size_t d = 0; d < s->n_devices; d++)
		n += (int)s->devices[d].n_ports;
	ov.rows = rs_xrealloc(ov.rows, (size_t)(n ? n : 1) * sizeof(*ov.rows));
	ov.n_rows = ov.n_idle_hidden = 0;
	ov.n_ports = n;
	for (size_t d = 0; d < s->n_devices; d++)
		for (size_t p = 0; p < s->devices[d].n_ports; p++) {
			const struct rs_device *dev = &s->devices[d];
			struct ov_row *row = &ov.rows[ov.n_rows];

			row->dev = (int)d;
			row->port = (int)p;
			snprintf(row->name, sizeof(row->name), "%s/%u", dev->name, dev->ports[p].num);
			rs_port_rates(&ui->sess.series, dev, &dev->ports[p], &row->r);
			if (!matches(row, &dev->ports[p]))
				continue;
			if (ov.hide_idle && ov_idle(&row->r)) {
				ov.n_idle_hidden++;
				continue;
			}
			ov.n_rows++;
		}
	qsort(ov.rows, (size_t)ov.n_rows, sizeof(*ov.rows), cmp_rows);
}

static int k_sort(struct ui *ui, struct ui_pane *pane, int key)
{
	if (key == 'S')
		ov.reverse = !ov.reverse;
	else
		ov.sort = (enum ov_sort)((ov.sort + 1) % OV_SORTS);
	pane->cursor = 0;
	pane->scroll = 0;
	if (ov.reverse)
		ui_message(ui, _("sorted by %s, reversed"), ov_sort_name(ov.sort));
	else
		ui_message(ui, _("sorted by %s"), ov_sort_name(ov.sort));
	return UI_F_REDRAW;
}

static void filter_done(struct ui *ui, const char *text)
{
	RS_STRCPY(ov.filter, text);
	if (ov.filter[0])
		ui_message(ui, _("ports matching '%s'"), ov.filter);
	else
		ui_message(ui, "%s", _("all ports"));
}

static int k_filter(struct ui *ui, struct ui_pane *pane, int key)
{
	pane->cursor = 0;
	pane->scroll = 0;
	ui_input_ask(ui, _("Ports matching (name, netdev, state; empty: all)"), ov.filter,
		     filter_done);
	return UI_F_REDRAW;
}

static int k_idle(struct ui *ui, struct ui_pane *pane, int key)
{
	ov.hide_idle = !ov.hide_idle;
	pane->cursor = 0;
	pane->scroll = 0;
	ui_message(ui, "%s", ov.hide_idle ? _("idle ports hidden (i shows them)") :
		   _("idle ports shown"));
	return UI_F_REDRAW;
}

static int k_enter(struct ui *ui, struct ui_pane *pane, int key)
{
	ov_rows(ui);
	if (pane->cursor < 0 || pane->cursor >= ov.n_rows)
		return UI_F_REDRAW;
	ui_select_port(ui, ov.rows[pane->cursor].dev, ov.rows[pane->cursor].port);
	ui_set_pane(ui, RS_PANE_COUNTERS);
	return UI_F_REDRAW;
}

static void overview_close(struct ui *ui, struct ui_pane *pane)
{
	free(ov.rows);
	memset(&ov, 0, sizeof(ov));
}

static const struct ui_key overview_keys[] = {
	/* xgettext:no-c-format */
	{ 's', 0, "s", N_("sort by the next column: name, TX, RX, % of link, pkt/s, "
	  "signals"), k_sort },
	{ 'S', 0, "S", N_("the other way round"), k_sort },
	{ '/', 0, "/", N_("only the ports matching a text (name, netdev, state)"),
	  k_filter },
	{ 'i', 0, "i", N_("hide / show idle ports (no traffic, no signal)"), k_idle },
	{ '\r', 0, "Enter", N_("the counters of the port under the cursor"), k_enter },
	{ '\n', 0, NULL, NULL, k_enter },
	{ KEY_ENTER, 0, NULL, NULL, k_enter },
	{ 'c', 0, "c", N_("the same"), k_enter },
	{ 0 },
};

const struct ui_pane_class ui_pane_overview = {
	.id = RS_PANE_OVERVIEW,
	/* xgettext:no-c-format */
	.about = N_("every RDMA port: Gb/s and % of link (PCIe ceiling), pkt/s, pause, CNP, "
		    "ECN, loss, drops"),
	.draw = ov_draw,
	.close = overview_close,
	.keys = overview_keys,
};
