/* SPDX-License-Identifier: MIT */
/*
 * pane_overview_draw.c - drawing the Overview pane (pane_overview.c).
 *
 * At 80 columns a port takes two lines: the load (state, link / PCIe
 * ceiling, TX and RX in Gb/s and % of the link, packets per second, a
 * sparkline of TX + RX) and under it the seven signals; from 130 columns
 * on, one line.  So 8 ports fit an 80x24 screen without scrolling, 16
 * scroll.  A signal that moved in the last interval is marked: '!' (loss,
 * retransmissions, drops: a problem) or '~' (pause, CNP, ECN: congestion);
 * a PCIe ceiling below the link rate is marked '~' (the port cannot reach
 * its rate).  A figure the NIC does not provide - its driver has no
 * counter of that meaning (hns counts no bytes, rxe no CNPs) - reads
 * "n/p" with the driver's name beside the port, never "-", which is a
 * figure not read (yet).  The title and the column heads stay put, the
 * totals of the ports shown stay at the bottom.
 */
#include "ui/curses.h"
#include "ui/pane_overview.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

#define WIDE_COLS 130		/* one line per port from here on */
#define COL_SIGNALS 13		/* the second line's signals */
#define SIG_W 8

/* TRANSLATORS: column headings, right-aligned in 8 columns: at most 7
 * display columns (three Chinese characters and a letter). */
static const char *const sig_heads[RS_SIG_COUNT] = {
	N_("pause"), N_("cnp snt"), N_("cnp hdl"), N_("ecn"), N_("seq err"), N_("retx/to"),
	N_("drops"),
};

/*
 * s in a column width cells wide: escaped, and marked with the "more"
 * glyph when it is longer (ui_put), never silently cut as "%-10.10s" would
 * (mlx5_bond_0/1, ACTIVE_DEFER); padded to the column's end.
 */
static void put_cell(struct ui_pen *pen, enum ui_role r, const char *s, int width)
{
	int end = pen->x + width, xmax = pen->xmax;

	if (end < pen->xmax)
		pen->xmax = end;
	ui_put(pen, r, s);
	pen->xmax = xmax;
	if (pen->y < 0 || pen->x >= end)
		pen->x = end;
	else
		ui_putf(pen, r, "%*s", end - pen->x, "");
}

#define NOT_PROVIDED "n/p"

/* "32.8" Gb/s; "-" not read, "n/p" not provided by the NIC */
static void gbps(char *buf, size_t len, double bps, int np)
{
	if (bps < 0)
		snprintf(buf, len, "%s", np ? NOT_PROVIDED : "-");
	else
		snprintf(buf, len, "%.1f", bps / 1e9);
}

static void pct(char *buf, size_t len, double p, int np)
{
	if (p < 0)
		snprintf(buf, len, "%s", np ? NOT_PROVIDED : "-");
	else
		snprintf(buf, len, "%.0f%%", p);
}

static int bytes_np(const struct rs_port_rates *r)
{
	return r->np_bytes;
}

static int pkts_np(const struct rs_port_rates *r)
{
	return r->np_pkts;
}

/* Some figure of the port is not provided by its NIC. */
int ov_has_np(const struct rs_port_rates *r)
{
	for (int k = 0; k < RS_SIG_COUNT; k++)
		if (rs_sig_not_provided(r, (enum rs_sig)k))
			return 1;
	return bytes_np(r) || pkts_np(r);
}

/* "1.2k", "3", "0.5": a rate in 4 columns or so */
static void per_s(char *buf, size_t len, double v)
{
	static const char *const pfx[] = { "", "k", "M", "G", "T" };
	int i = 0;

	while (v >= 999.5 && i < 4) {
		v /= 1000;
		i++;
	}
	if (i == 0 && v != (long long)v && v < 10)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, i ? "%.1f%s" : "%.0f%s", v, pfx[i]);
}

/* "100/63" and whether the slot is the narrower */
static int link_text(char *buf, size_t len, const struct rs_port_rates *r)
{
	char l[16], c[16];

	snprintf(l, sizeof(l), r->link_gbps > 0 ? "%.0f" : "?", r->link_gbps);
	snprintf(c, sizeof(c), r->pcie_gbps > 0 ? "%.0f" : "-", r->pcie_gbps);
	snprintf(buf, len, "%s/%s", l, c);
	return r->pcie_gbps > 0 && r->link_gbps > 0 && r->pcie_gbps < r->link_gbps;
}

static void signals(struct ui_pen *pen, const struct rs_port_rates *r)
{
	for (int k = 0; k < RS_SIG_COUNT; k++) {
		char v[16], cell[20];
		enum ui_role role = UI_R_DIM;
		int err = rs_sig_is_error((enum rs_sig)k);

		if (rs_sig_not_provided(r, (enum rs_sig)k)) {
			snprintf(cell, sizeof(cell), "%*s", SIG_W, NOT_PROVIDED);
		} else if (!r->sig_known[k]) {
			snprintf(cell, sizeof(cell), "%*s", SIG_W, "-");
		} else if (r->sig[k] > 0) {
			per_s(v, sizeof(v), r->sig[k]);
			/* the mark right-aligned in what v leaves: SIG_W wide in all */
			snprintf(cell, sizeof(cell), "%*s%s", SIG_W - (int)strlen(v),
				 err ? "!" : "~", v);
			role = err ? UI_R_BAD : UI_R_WARN;
		} else {
			snprintf(cell, sizeof(cell), "%*s", SIG_W, "0");
		}
		ui_put(pen, role, cell);
	}
}

/* state, link/PCIe, TX, RX, pkt/s: the first 63 columns of a port's line */
static void load(struct ui_pen *pen, const struct rs_device *d, const struct rs_port *p,
		 const struct rs_port_rates *r)
{
	char link[40], tg[16], tp[16], rg[16], rp[16], pk[16];
	int narrow = link_text(link, sizeof(link), r);

	put_cell(pen, p->state == RS_PORT_ACTIVE ? UI_R_OK : UI_R_BAD,
		 /* TRANSLATORS: a port's state cell: at most 6 display columns */
		 !d->present ? _("gone") : p->state_name[0] ? p->state_name : "?", 6);
	ui_put(pen, UI_R_NORMAL, " ");
	if (narrow)
		strcat(link, "~");
	put_cell(pen, narrow ? UI_R_WARN : UI_R_NORMAL, link, 10);
	gbps(tg, sizeof(tg), r->tx_bps, bytes_np(r));
	pct(tp, sizeof(tp), r->tx_pct, bytes_np(r));
	gbps(rg, sizeof(rg), r->rx_bps, bytes_np(r));
	pct(rp, sizeof(rp), r->rx_pct, bytes_np(r));
	if (r->pkts < 0)
		snprintf(pk, sizeof(pk), "%s", pkts_np(r) ? NOT_PROVIDED : "-");
	else
		per_s(pk, sizeof(pk), r->pkts);
	ui_putf(pen, UI_R_NORMAL, "%6s %5s %6s %5s %7s  ", tg, tp, rg, rp, pk);
}

static void draw_row(struct ui *ui, struct ui_pane *pane, const struct ov_row *row, int i,
		     int wide)
{
	const struct rs_device *d = ui_dev(ui, row->dev);
	const struct rs_port *p = ui_port(ui, row->dev, row->port);
	struct ui_pen pen;

	ui_item_begin(pane, i);
	ui_line(pane, &pen);
	ui_put(&pen, i == pane->cursor && ui->cur >= 0 ? UI_R_CURSOR : UI_R_NORMAL,
	       i == pane->cursor ? ui->g->sel : " ");
	ui_put(&pen, UI_R_TITLE, " ");
	put_cell(&pen, UI_R_TITLE, row->name, 10);
	ui_put(&pen, UI_R_TITLE, " ");
	load(&pen, d, p, &row->r);
	if (wide) {
		signals(&pen, &row->r);
		ui_put(&pen, UI_R_NORMAL, "  ");
	}
	if (row->r.n_bytes)
		ui_spark_sum(ui, &pen, UI_R_OK, row->r.bytes, (int)row->r.n_bytes);
	else if (wide && ov_has_np(&row->r))
		ui_putf(&pen, UI_R_DIM, _("n/p: %s"), row->r.driver[0] ? row->r.driver : _("the NIC"));
	if (!wide) {
		ui_line(pane, &pen);
		if (ov_has_np(&row->r)) {
			/* whose "n/p" it is, under the port's name */
			ui_col(&pen, 3);
			put_cell(&pen, UI_R_DIM, row->r.driver[0] ? row->r.driver : _("NIC"), 9);
		}
		ui_col(&pen, COL_SIGNALS);
		signals(&pen, &row->r);
	}
	ui_item_end(pane, i);
}

static void heads(struct ui *ui, struct ui_pane *pane, int wide)
{
	/* xgettext:no-c-format */
	const char *link_pct = _("%link");
	struct ui_pen pen;

	ui_line_fixed(pane, &pen);
	/* TRANSLATORS: column headings of the Overview: "port" at most 10
	 * display columns, "state" 6, "link/PCIe" 10, "%link" 5, "pkt/s" 7
	 * (a Chinese character takes two). */
	ui_putf(&pen, UI_R_HEADER, "  %-10s %-6s %-10s%6s %5s %6s %5s %7s  ", _("port"), _("state"),
		_("link/PCIe"), "TX", link_pct, "RX", link_pct, _("pkt/s"));

	if (wide) {
		for (int k = 0; k < RS_SIG_COUNT; k++)
			ui_putf(&pen, UI_R_HEADER, "%*s", SIG_W, _(sig_heads[k]));
		ui_put(&pen, UI_R_HEADER, "  ");
	}
	ui_put(&pen, UI_R_HEADER, "TX+RX");
	ui_fill(&pen, UI_R_HEADER, " ");
	if (wide)
		return;
	ui_line_fixed(pane, &pen);
	ui_col(&pen, COL_SIGNALS);
	for (int k = 0; k < RS_SIG_COUNT; k++)
		ui_putf(&pen, UI_R_HEADER, "%*s", SIG_W, _(sig_heads[k]));
	ui_fill(&pen, UI_R_HEADER, " ");
}

/* The ports shown, added up, on the pane's last line. */
static void totals(struct ui *ui, struct ui_pane *pane)
{
	struct rs_port_rates t;
	char link[16], tg[16], tp[16], rg[16], rp[16], pk[16], n[16];
	double links = 0;
	int rising = 0;
	struct ui_pen pen;

	memset(&t, 0, sizeof(t));
	for (int i = 0; i < ov.n_rows; i++) {
		const struct rs_port_rates *r = &ov.rows[i].r;

		t.tx_bps += r->tx_bps > 0 ? r->tx_bps : 0;
		t.rx_bps += r->rx_bps > 0 ? r->rx_bps : 0;
		t.pkts += r->pkts > 0 ? r->pkts : 0;
		links += r->link_gbps;
		for (int k = 0; k < RS_SIG_COUNT; k++)
			if (r->sig[k] > 0 && rs_sig_is_error((enum rs_sig)k)) {
				rising++;
				break;
			}
	}
	ui_line_bottom(pane, &pen);
	snprintf(n, sizeof(n), "%d/%d", ov.n_rows, ov.n_ports);
	snprintf(link, sizeof(link), "%.0f", links);
	gbps(tg, sizeof(tg), t.tx_bps, 0);
	gbps(rg, sizeof(rg), t.rx_bps, 0);
	pct(tp, sizeof(tp), links > 0 ? t.tx_bps / (links * 1e9) * 100 : -1, 0);
	pct(rp, sizeof(rp), links > 0 ? t.rx_bps / (links * 1e9) * 100 : -1, 0);
	per_s(pk, sizeof(pk), t.pkts);
	/* TRANSLATORS: the totals' label, under "port": at most 10 columns */
	ui_putf(&pen, UI_R_HEADER, "  %-10s %-6s %-10s%6s %5s %6s %5s %7s  ", _("total"), n, link,
		tg, tp, rg, rp, pk);
	if (rising)
		ui_putf(&pen, UI_R_BAD, _("! %d losing"), rising);
	ui_fill(&pen, UI_R_HEADER, " ");
}

/* "Ports (4): Gb/s, per second; by name": each clause whole, for a
 * translation to word it its way. */
static void ov_title(struct ui *ui, struct ui_pane *pane, int np)
{
	char t[256];
	size_t n;

	n = (size_t)snprintf(t, sizeof(t), ov.reverse ? _("Ports (%d): Gb/s, per second; by %s reversed") :
			     _("Ports (%d): Gb/s, per second; by %s"), ov.n_ports, ov_sort_name(ov.sort));
	if (ov.filter[0] && n < sizeof(t))
		n += (size_t)snprintf(t + n, sizeof(t) - n, _(", matching '%s'"), ov.filter);
	if (ov.n_idle_hidden && n < sizeof(t))
		n += (size_t)snprintf(t + n, sizeof(t) - n, "%s", _(", idle hidden"));
	if (np && n < sizeof(t))
		snprintf(t + n, sizeof(t) - n, "%s", _("; n/p: not provided by this NIC (driver)"));
	ui_title_fixed(ui, pane, "%s", t);
}

void ov_draw(struct ui *ui, struct ui_pane *pane)

{
	int wide = pane->view.width >= WIDE_COLS;
	struct ui_pen pen;

	int np = 0;

	ov_rows(ui);
	pane->n_items = ov.n_rows;
	for (int i = 0; i < ov.n_rows && !np; i++)
		np = ov_has_np(&ov.rows[i].r);
	ov_title(ui, pane, np);
	if (!ov.n_ports) {
		ui_line(pane, &pen);
		ui_putf(&pen, UI_R_DIM, _(" no RDMA port (see the %s pane, %d)"),
			_(rs_pane_name(RS_PANE_DEVICES)), rs_pane_number(RS_PANE_DEVICES));
		return;
	}
	heads(ui, pane, wide);
	totals(ui, pane);
	for (int i = 0; i < ov.n_rows; i++)
		draw_row(ui, pane, &ov.rows[i], i, wide);
	if (!ov.n_rows) {
		ui_line(pane, &pen);
		if (ov.filter[0] && ov.n_idle_hidden)
			ui_put(&pen, UI_R_DIM,
			       _(" no port shown: / changes the filter, i shows idle ports"));
		else if (ov.filter[0])
			ui_put(&pen, UI_R_DIM, _(" no port shown: / changes the filter"));
		else if (ov.n_idle_hidden)
			ui_put(&pen, UI_R_DIM, _(" no port shown: i shows idle ports"));
		else
			ui_put(&pen, UI_R_DIM, _(" no port shown: "));
	}
}
