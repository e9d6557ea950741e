/* SPDX-License-Identifier: MIT */
/*
 * pane_capture_draw.c - drawing the Capture pane (pane_capture.h): a
 * dashboard of fixed rows sized to the terminal.  From the top: the source
 * and its counts (drops included), the two verdicts, the note about mlx5,
 * the flows, the opcode mix, and the newest packets filling what is left
 * (80x24 leaves about eight).  Everything shown from a packet or a file
 * goes through rs_pkt_format() or the pen, which prints only what the
 * terminal can show; addresses are formatted from bytes, never copied.
 */
#include "capture/capture.h"
#include "capture/format.h"
#include "model/demo.h"
#include "session/capture_job.h"
#include "ui/curses.h"
#include "ui/pane_capture.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_FLOWS 64

static enum ui_role role_of(enum rs_verdict v)
{
	return v == RS_PASS ? UI_R_OK : v == RS_WARN ? UI_R_WARN : v == RS_FAIL ? UI_R_BAD :
	       UI_R_DIM;
}

static int op_match(const char *want, uint8_t op)
{
	if (!strncasecmp(want, "0x", 2))
		return strtoul(want, NULL, 16) == op;
	return strcasestr(rs_opcode_name(op), want) != NULL;
}

/* RoCE packets only, as rocescope capture prints them without -a. */
static int pkt_match(const struct ui_cap_filter *f, const struct rs_pkt *pk)
{
	if (!rs_pkt_is_roce(pk))
		return 0;
	if (f->has_qp && (!pk->bth_ok || pk->dqp != f->qp))
		return 0;
	if (f->has_ip && memcmp(pk->src, f->ip, 16) && memcmp(pk->dst, f->ip, 16))
		return 0;
	if (f->op[0] && (!pk->bth_ok || !op_match(f->op, pk->opcode)))
		return 0;
	return 1;
}

static int flow_match(const struct ui_cap_filter *f, const struct rs_cap_flow *fl)
{
	int any = !f->op[0];

	if (f->has_qp && fl->dqp != f->qp)
		return 0;
	if (f->has_ip && memcmp(fl->src, f->ip, 16) && memcmp(fl->dst, f->ip, 16))
		return 0;
	for (int i = 0; !any && i < fl->n_ops; i++)
		any = op_match(f->op, fl->ops[i].op);
	return any;
}

static void draw_counts(struct ui *ui, struct ui_pane *p, const struct rs_capture *c)
{
	const struct rs_cap_totals *t = rs_cap_totals(rs_capture_analysis(c));
	struct rs_capture_stats st;
	struct ui_pen pen;
	char kb[32];

	rs_capture_stats(c, &st);
	ui_line_fixed(p, &pen);
	ui_putf(&pen, UI_R_NORMAL, _(" %llu frames: %llu RoCE v2, %llu v1, %llu other"),
		(unsigned long long)t->frames, (unsigned long long)t->roce_v2,
		(unsigned long long)t->roce_v1, (unsigned long long)t->other);
	if (st.have_drops)
		ui_putf(&pen, st.dropped + st.if_dropped ? UI_R_BAD : UI_R_NORMAL,
			_("  drops %llu+%llu"), (unsigned long long)st.dropped,
			(unsigned long long)st.if_dropped);
	else
		ui_put(&pen, UI_R_DIM, _("  drops -"));
	if (st.passes > 1)
		ui_putf(&pen, UI_R_DIM, _("  pass %u"), st.passes);
	if (rs_session_capture_paused(&ui->sess))
		ui_put(&pen, UI_R_WARN, _("  PAUSED"));
	if (st.ended == RS_CAP_END_OF_FILE)
		ui_wrap_max(p, UI_R_HEADER, 1, rs_capture_status(c), 1);
	if (st.write_failed) {
		ui_line_fixed(p, &pen);
		if (st.write_why[0])
			ui_putf(&pen, UI_R_BAD, _(" ! writing stopped: %s"), st.write_why);
		else
			ui_put(&pen, UI_R_BAD, _(" ! writing the pcap file failed (disk full?): stopped"));
	} else if (st.written_files) {
		const char *path = ui_cap(ui)->write_path, *base = strrchr(path, '/');

		ui_fmt_count(kb, sizeof(kb), st.written_bytes, 1);
		ui_line_fixed(p, &pen);
		ui_putf(&pen, UI_R_WARN, _(" writing %s (%s; w stops)"), base ? base + 1 : path, kb);
	}
}

/* "label  PASS  text", the text wrapped under itself over at most rows. */
static void verdict_row(struct ui_pane *p, const char *label, enum rs_verdict v,
			const char *text, int rows)
{
	int width = p->view.width - 18;
	size_t n = strlen(text), fits;
	struct ui_pen pen;
	char buf[512];

	if (rows > 1 && ui_width(text) > width) {
		ui_width_fit(text, width, &fits, NULL);
		for (n = fits; n > 0 && text[n] != ' '; n--)
			;
		if (!n)		/* no space (Chinese): between two characters */
			n = fits;
	}
	snprintf(buf, sizeof(buf), "%.*s", (int)n, text);
	ui_line_fixed(p, &pen);
	/* TRANSLATORS: the labels "RoCE v2?" and "wire": at most 8 columns */
	ui_putf(&pen, UI_R_HEADER, " %-8s ", _(label));
	ui_putf(&pen, role_of(v), " %s  %s", rs_verdict_mark(v), buf);
	if (text[n] && rows > 1) {
		const char *rest = text + n;

		while (*rest == ' ')
			rest++;
		ui_wrap_max(p, role_of(v), 17, rest, rows - 1);
	}
}

static void draw_verdicts(struct ui *ui, struct ui_pane *p, const struct rs_capture *c)
{
	const struct rs_cap_verdicts *v = rs_session_capture_verdicts(&ui->sess);
	const struct rs_cap_reason *shown = NULL;
	int rows = LINES >= UI_MIN_ROWS ? 2 : 1;

	if (!v)
		return;
	/* The worst reason; on a healthy wire the summary ("clean"). */
	for (size_t i = 0; i < v->n_reasons; i++) {
		const struct rs_cap_reason *r = &v->reasons[i];

		if (!shown || (r->verdict != RS_SKIP && r->verdict > shown->verdict) ||
		    (v->health == RS_PASS && !strcmp(r->id, "clean")))
			shown = r;
	}
	verdict_row(p, N_("RoCE v2?"), v->roce, v->roce_text, rows);
	verdict_row(p, N_("wire"), v->health, shown ? shown->text : "", rows);
	if (v->health != RS_PASS && v->n_reasons > 1)
		ui_wrap_max(p, UI_R_DIM, 17,
			    _("(more reasons: rocescope check, capture.wire_health)"), 1);
	if (rs_capture_note(c)[0])
		ui_wrap_max(p, UI_R_WARN, 1, rs_capture_note(c), 3);
}

static void flow_row(struct ui_pen *pen, const struct rs_cap_flow *f, uint64_t now)
{
	char src[RS_ADDR_LEN], dst[RS_ADDR_LEN], rate[32];
	uint64_t naks = f->rnr_naks;
	double pps, bps;

	for (int k = 0; k < RS_NAK__COUNT; k++)
		naks += f->naks[k];
	rs_cap_addr_str(f->src, src, sizeof(src));
	rs_cap_addr_str(f->dst, dst, sizeof(dst));
	rs_cap_flow_rate(f, now, &pps, &bps);
	ui_fmt_rate(rate, sizeof(rate), pps, 0);
	ui_putf(pen, f->psn_gaps || naks ? UI_R_WARN : UI_R_NORMAL,
		" %-15.15s %-15.15s 0x%06x %7llu %9s %5llu %5llu %3llu/%llu", src, dst, f->dqp,
		(unsigned long long)f->packets, rate, (unsigned long long)f->psn_gaps,
		(unsigned long long)naks, (unsigned long long)f->cnp,
		(unsigned long long)f->ecn_ce);
}

static void draw_flows(struct ui *ui, struct ui_pane *p, const struct rs_cap_analysis *a,
		       int rows)
{
	const struct rs_cap_flow *fl[MAX_FLOWS];
	const struct ui_cap_filter *f = &ui_cap(ui)->filter;
	size_t n = rs_cap_flows_sorted(a, fl, MAX_FLOWS), shown = 0, match = 0;
	struct ui_pen pen;

	ui_line_fixed(p, &pen);
	/* TRANSLATORS: the flows' column headings: "src" and "dst" at most
	 * 15 display columns, "dest QP" 8, "packets" 7, "rate" 9, "gaps" and
	 * "naks" 5 */
	ui_putf(&pen, UI_R_HEADER, " %-15s %-15s %-8s %7s %9s %5s %5s %s", _("src"), _("dst"),
		_("dest QP"), _("packets"), _("rate"), _("gaps"), _("naks"), _("cnp/ce"));
	ui_fill(&pen, UI_R_HEADER, " ");
	for (size_t i = 0; i < n; i++) {
		if (!flow_match(f, fl[i]))
			continue;
		match++;
		if ((int)shown >= rows)
			continue;
		ui_line_fixed(p, &pen);
		flow_row(&pen, fl[i], rs_cap_totals(a)->last_ts);
		shown++;
	}
	if (match > shown) {
		ui_line_fixed(p, &pen);
		ui_putf(&pen, UI_R_DIM, n == MAX_FLOWS ?
			_(" ... %zu more flows (the 64 busiest are listed)") : _(" ... %zu more flows"),
			match - shown);
	} else if (!match) {
		ui_line_fixed(p, &pen);
		ui_put(&pen, UI_R_DIM, n ? _(" no flow matches the filter") : _(" no RoCE flow yet"));
	}
}

static void draw_opcodes(struct ui *ui, struct ui_pane *p, const struct rs_cap_totals *t)
{
	int used[256] = { 0 };
	struct ui_pen pen;

	ui_line_fixed(p, &pen);
	ui_putf(&pen, UI_R_HEADER, " %s ", _("opcodes"));
	for (;;) {
		int best = -1;
		char item[64];

		for (int o = 0; o < 256; o++)
			if (t->opcodes[o] && !used[o] && (best < 0 || t->opcodes[o] > t->opcodes[best]))
				best = o;
		if (best < 0)
			break;
		used[best] = 1;
		snprintf(item, sizeof(item), " %s %llu ", rs_opcode_name((uint8_t)best),
			 (unsigned long long)t->opcodes[best]);
		if (pen.x + ui_width(item) > pen.xmax) {
			ui_put(&pen, UI_R_DIM, "...");
			break;
		}
		ui_put(&pen, UI_R_NORMAL, item);
	}
}

/* The newest matching packets, oldest at the top, `back` of them skipped. */
static void draw_packets(struct ui *ui, struct ui_pane *p, const struct rs_cap_analysis *a)
{
	struct ui_capture *uc = ui_cap(ui);
	uint64_t total = rs_cap_ring_total(a), oldest = rs_cap_ring_oldest(a);
	int rows = p->view.height - 1, n = 0, skip = uc->back;
	uint64_t seq[128];
	struct ui_pen pen;

	if (rows > (int)RS_ARRAY_SIZE(seq))
		rows = (int)RS_ARRAY_SIZE(seq);
	uc->list_rows = rows;
	for (uint64_t s = total; s > oldest && n < rows; s--) {
		const struct rs_pkt *pk = rs_cap_ring_get(a, s - 1);

		if (!pk || !pkt_match(&uc->filter, pk))
			continue;
		if (skip > 0) {
			skip--;
			continue;
		}
		seq[n++] = s - 1;
	}
	if (skip > 0)
		uc->back -= skip;	/* scrolled past the oldest: stay on it */
	ui_line_fixed(p, &pen);
	ui_putf(&pen, UI_R_HEADER, " %s", _("packets"));
	if (uc->filter.text[0])
		ui_putf(&pen, UI_R_HEADER, _(" matching %s"), uc->filter.text);
	if (uc->back)
		ui_put(&pen, UI_R_HEADER, _(" (scrolled back: End follows)"));
	if (uc->hscroll)
		ui_putf(&pen, UI_R_HEADER, _(" (from column %d: Left)"), uc->hscroll + 1);
	ui_fill(&pen, UI_R_HEADER, " ");
	for (int i = n - 1; i >= 0; i--) {
		const struct rs_pkt *pk = rs_cap_ring_get(a, seq[i]);
		char line[RS_PKT_LINE];

		size_t len = rs_pkt_format(pk, rs_cap_totals(a)->first_ts, line, sizeof(line));
		size_t off = (size_t)uc->hscroll < len ? (size_t)uc->hscroll : len;

		ui_line_fixed(p, &pen);
		ui_put(&pen, rs_pkt_malformed(pk) || pk->icrc == RS_ICRC_BAD ? UI_R_BAD :
		       UI_R_NORMAL, line + off);
	}
	if (!n) {
		ui_line_fixed(p, &pen);
		ui_put(&pen, UI_R_DIM, total ? _(" no packet matches the filter (/ changes it)") :
		       _(" waiting for packets ..."));
	}
}

static void draw_running(struct ui *ui, struct ui_pane *p, const struct rs_capture *c)
{
	const struct rs_cap_analysis *a = rs_capture_analysis(c);
	const char *err = rs_session_capture_error(&ui->sess);
	struct ui_pen pen;
	int flows;

	draw_counts(ui, p, c);
	if (ui_cap(ui)->say[0])
		ui_wrap_max(p, UI_R_WARN, 1, ui_cap(ui)->say, 2);
	draw_verdicts(ui, p, c);
	if (err[0])
		ui_wrap_max(p, UI_R_BAD, 1, err, 2);
	if (rs_session_is_demo(&ui->sess) && p->view.height > 12) {
		ui_line_fixed(p, &pen);
		ui_putf(&pen, UI_R_DIM, " %s", rs_demo_pcap_credit);
	}
	/* Flows get up to a third of what is left, the packets the rest. */
	flows = (p->view.height - 4) / 3;
	draw_flows(ui, p, a, flows < 2 ? 2 : flows);
	draw_opcodes(ui, p, rs_cap_totals(a));
	draw_packets(ui, p, a);
}

static void draw_idle(struct ui *ui, struct ui_pane *p)
{
	const char *err = rs_session_capture_error(&ui->sess);
	struct ui_capture *uc = ui_cap(ui);
	char text[1024];

	if (uc->confirm[0]) {
		ui_wrap_max(p, UI_R_WARN, 1, rs_capture_sniffer_warning(), 4);
		snprintf(text, sizeof(text), _("y: start the sniffer on %s; any other key: cancel"),
			 uc->confirm);
		ui_wrap_max(p, UI_R_PICK, 1, text, 2);
		return;
	}
	if (uc->say[0])
		ui_wrap_max(p, UI_R_WARN, 1, uc->say, 2);
	if (err[0])
		ui_wrap_max(p, UI_R_BAD, 1, err, 4);
	if (!rs_session_can_capture(&ui->sess) && !rs_session_is_demo(&ui->sess))
		snprintf(text, sizeof(text), _("Live capture needs the live host (this is %s). i then "
			 "-r FILE reads a capture file (pcap or pcapng)."), ui->sess.label);
	else if (rs_session_can_capture(&ui->sess) && !ui_capture_default_netdev(ui))
		snprintf(text, sizeof(text), "%s", _("No capture running, and no RDMA port to capture on. "
			 "i chooses an interface (-i), the sniffer of an RDMA device (-d) or a "
			 "file (-r)."));
	else
		snprintf(text, sizeof(text), _("No capture running. s starts one (%s); i chooses an "
			 "interface (-i), the sniffer of an RDMA device (-d) or a file (-r)."),
			 rs_session_is_demo(&ui->sess) ? _("the demo's replay") :
			 ui_capture_default_netdev(ui));
	ui_wrap_max(p, UI_R_DIM, 1, text, 4);
}

/* "file /a/long/path.pcap" as "file ...ng/path.pcap" when it does not fit. */
static const char *short_label(const char *l, int max, char *buf, size_t len)
{
	const char *sp = strchr(l, ' ');
	int n = (int)strlen(l);

	if (n <= max || !sp || max < 20 || (int)(sp - l) + 8 > max)
		return l;
	snprintf(buf, len, "%.*s ...%s", (int)(sp - l), l, l + n - (max - (int)(sp - l) - 4));
	return buf;
}

void ui_capture_draw(struct ui *ui, struct ui_pane *p)
{
	const struct rs_capture *c;
	char buf[320];

	ui_capture_autostart(ui);
	ui_capture_settle(ui);
	c = rs_session_capture(&ui->sess);
	p->n_items = 0;
	if (c)
		ui_title_fixed(ui, p, _("Capture: %s"), short_label(rs_capture_label(c),
			       p->view.width - 16, buf, sizeof(buf)));
	else
		ui_title_fixed(ui, p, "%s", _("Capture"));

	if (c && !ui_cap(ui)->confirm[0])
		draw_running(ui, p, c);
	else
		draw_idle(ui, p);
}
