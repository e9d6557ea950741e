/* SPDX-License-Identifier: MIT */
/*
 * pane_qps_draw.c - drawing the QPs pane (pane_qps.c): the list grouped
 * by process, one row per QP (80 columns), and the detail of the selected
 * QP (Enter): owner and its CPUs, peer, PSNs, ERR time, the counter and
 * its values, the findings about it.  A recorded source (the demo, a
 * file, a replay, a fixture root) says so in the title.
 */
#include "model/cpus.h"
#include "session/qp_job.h"
#include "ui/curses.h"
#include "ui/pane_qps.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

static const char *state_name(int st)
{
	return rs_qp_state_name(st);
}

static const struct rs_proc *proc_of(const struct rs_snapshot *s, unsigned pid)
{
	for (size_t i = 0; i < s->n_procs; i++)
		if (s->procs[i].pid == pid)
			return &s->procs[i];
	return NULL;
}

static void fmt_rate(char *buf, size_t len, const struct rs_qp_table *t,
		     const struct rs_qp_tracked *q, int k)
{
	double v = q->rates.per_s[k];

	if (!q->rates.known[k] || t->readings < 2 || q->gone)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, v < 10 ? "%.1f" : v < 99999 ? "%.0f" : "%.0e", v);
}

/* "RTS moving", "RTS still", "ERR 12s", "gone 3s": 11 columns. */
static enum ui_role short_status(const struct rs_qp_table *t, const struct rs_qp_tracked *q,
				 char *buf, size_t len)
{
	if (q->gone) {
		/* TRANSLATORS: a QP's status cell, 11 columns with "gone 3s",
		 * "RTS still", "RTS moving" */
		snprintf(buf, len, _("gone %.0fs"), (double)(t->now_ns - q->gone_ns) / 1e9);
		return UI_R_WARN;
	}
	if (q->state == 6) {
		snprintf(buf, len, "ERR %.0fs", (double)(t->now_ns - q->err_ns) / 1e9);
		return UI_R_BAD;
	}
	snprintf(buf, len, "%-4s %s", state_name(q->state),
		 q->stalled ? _("still") : q->moves ? _("moving") : "");
	return q->stalled ? UI_R_WARN : UI_R_NORMAL;
}

static void draw_group(struct ui *ui, struct ui_pane *pane, const struct rs_qp_tracked *q)
{
	const struct rs_proc *p = proc_of(&ui->sess.snap, q->pid);
	struct ui_pen pen;

	ui_line(pane, &pen);
	if (q->kernel) {
		ui_put(&pen, UI_R_TITLE, _(" kernel QPs"));
		return;
	}
	ui_putf(&pen, UI_R_TITLE, " %s", q->comm[0] ? q->comm : "?");
	ui_putf(&pen, UI_R_DIM, "  pid %u", q->pid);
	if (p && p->cpus_allowed[0])
		/* TRANSLATORS: the CPUs a process may run on ("0-31"). */
		ui_putf(&pen, UI_R_DIM, _("  CPUs %s"), p->cpus_allowed);
	if (p && p->cpu >= 0) {
		int node = rs_cpu_node(&ui->sess.snap.host, (unsigned)p->cpu);

		/* TRANSLATORS: the CPU a process last ran on, and its NUMA node. */
		if (node >= 0)
			ui_putf(&pen, UI_R_DIM, _(" (on %d, node %d)"), p->cpu, node);
		else
			ui_putf(&pen, UI_R_DIM, _(" (on %d)"), p->cpu);
	}
	if (!p)
		ui_put(&pen, UI_R_WARN, rs_session_is_recorded(&ui->sess) ? _("  process not recorded") :
		       _("  process gone"));
}

static void draw_row(struct ui *ui, struct ui_pane *pane, const struct rs_qp_table *t,
		     const struct rs_qp_tracked *q, int item)
{
	char id[RS_NAME_LEN + 24], st[32], r[RS_QR_COUNT][16], rq[16] = "-";
	int cur = item == pane->cursor;
	enum ui_role sr = short_status(t, q, st, sizeof(st)), nr = cur ? UI_R_CURSOR : UI_R_NORMAL;
	struct ui_pen pen;

	snprintf(id, sizeof(id), "%s/%u:%u", q->device, q->port, q->lqpn);
	if (q->has_rqpn)
		snprintf(rq, sizeof(rq), "%u", q->rq_psn);
	for (int k = 0; k < RS_QR_COUNT; k++)
		fmt_rate(r[k], sizeof(r[k]), t, q, k);
	ui_item_begin(pane, item);
	ui_line(pane, &pen);
	ui_putf(&pen, nr, "%s%-14s %-3.3s ", cur ? ui->g->sel : " ", id, q->type);
	ui_putf(&pen, cur ? nr : sr, "%-11s", st);
	ui_putf(&pen, nr, " %8u %8s", q->sq_psn, rq);
	ui_putf(&pen, cur || q->score <= 0 ? nr : UI_R_WARN, " %5s %5s %5s %5s", r[RS_QR_RETRANS],
		r[RS_QR_SEQ], r[RS_QR_RNR], r[RS_QR_TIMEOUT]);
	ui_put(&pen, cur ? nr : UI_R_DIM, q->from_port ? " p" : "  ");
	if (cur)
		ui_fill(&pen, nr, " ");
	ui_item_end(pane, item);
}

/* What the rates are, per device: its own counters or its port's. */
static void draw_notes(struct ui *ui, struct ui_pane *pane, const struct rs_qp_table *t)
{
	const struct rs_snapshot *s = &ui->sess.snap;
	struct ui_pen pen;

	for (size_t d = 0; d < s->n_devices; d++) {
		const struct rs_device *dev = &s->devices[d];
		int own = 0;

		for (size_t i = 0; i < t->n; i++)
			own |= !strcmp(t->qps[i].device, dev->name) && t->qps[i].counter_id;
		ui_line(pane, &pen);
		if (!dev->qps_known)
			ui_putf(&pen, UI_R_DIM, _(" %s: QPs not read: %s"), dev->name, dev->qps_note);
		else if (!own)
			ui_putf(&pen, UI_R_DIM, _(" %s: no per-QP counter bound (mode %s): p = the port's "
				"counters, b binds one"), dev->name,
				dev->qp_counter_mode[0] ? dev->qp_counter_mode : "?");
		else
			ui_putf(&pen, UI_R_DIM, _(" %s: per-QP counters bound%s%s"), dev->name,
				dev->qps_note[0] ? "; " : "", dev->qps_note);
	}
}

static void draw_list(struct ui *ui, struct ui_pane *pane, const struct rs_qp_table *t)
{
	struct ui_qps *qs = ui_qps(ui);
	const struct rs_qp_tracked *prev = NULL;
	struct ui_pen pen;

	ui_line_fixed(pane, &pen);
	/* TRANSLATORS: the QP list's headings: "DEV/PORT:QPN" at most 14
	 * display columns, "STATE" 11 */
	ui_putf(&pen, UI_R_HEADER, " %-14s %-3s %-11s %8s %8s %5s %5s %5s %5s", _("DEV/PORT:QPN"),
		"TYP", _("STATE"), "SQ PSN", "RQ PSN", "RETR", "SEQER", "RNR", "TMOUT");
	ui_fill(&pen, UI_R_HEADER, " ");
	for (size_t i = 0; i < qs->n; i++) {
		const struct rs_qp_tracked *q = &t->qps[qs->order[i]];

		if (!prev || prev->pid != q->pid || prev->kernel != q->kernel)
			draw_group(ui, pane, q);
		draw_row(ui, pane, t, q, (int)i);
		prev = q;
	}
	if (!qs->n) {
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_DIM, qs->kernel ? _(" no QPs") :
		       _(" no QPs of applications (k shows the kernel's own)"));
	}
	ui_line(pane, &pen);
	draw_notes(ui, pane, t);
}

void ui_qps_draw(struct ui *ui, struct ui_pane *pane)
{
	const struct rs_qp_table *t = rs_session_qps(&ui->sess);
	struct ui_qps *qs = ui_qps(ui);
	const struct rs_qp_tracked *sel;
	struct ui_pen pen;

	if (!t) {
		ui_title(ui, pane, "%s", _("Queue pairs"));
		ui_line(pane, &pen);
		ui_put(&pen, UI_R_DIM, _(" no QP view in this session"));
		pane->n_items = 0;
		return;
	}
	ui_qps_order(ui, t);
	pane->n_items = (int)qs->n;
	sel = ui_qps_selected(ui, t);
	if (rs_session_is_recorded(&ui->sess))
		ui_title_fixed(ui, pane, t->readings < 2 ?
			       _("Queue pairs: %zu shown of %zu (recorded: %s), one reading") :
			       _("Queue pairs: %zu shown of %zu (recorded: %s)"), qs->n, t->n,
			       ui->sess.label);
	else
		ui_title_fixed(ui, pane, t->readings < 2 ?
			       _("Queue pairs: %zu shown of %zu (%s), one reading") :
			       _("Queue pairs: %zu shown of %zu (%s)"), qs->n, t->n, ui->sess.label);
	if (qs->detail && sel)
		ui_qps_draw_detail(ui, pane, t, sel);
	else
		draw_list(ui, pane, t);
	ui_errors_draw(ui, pane, RS_AREA_RDMA);
}

static void detail_line(struct ui_pane *pane, const char *label, enum ui_role r,
			const char *text)
{
	struct ui_pen pen;

	ui_line(pane, &pen);
	/* TRANSLATORS: a QP's detail labels: at most 9 display columns */
	ui_putf(&pen, UI_R_HEADER, " %-9s", _(label));
	ui_put(&pen, r, text);
}

static void detail_owner(struct ui *ui, struct ui_pane *pane, const struct rs_qp_tracked *q)
{
	const struct rs_proc *p = proc_of(&ui->sess.snap, q->pid);
	char line[RS_MSG_LEN];
	int n;

	if (q->kernel) {
		snprintf(line, sizeof(line), _("the kernel (%s)"), q->comm);
		detail_line(pane, N_("owner"), UI_R_NORMAL, line);
		return;
	}
	n = snprintf(line, sizeof(line), "%s, pid %u", q->comm[0] ? q->comm : "?", q->pid);
	if (p && p->cpus_allowed[0])
		n += snprintf(line + n, sizeof(line) - (size_t)n, _(", may run on CPUs %s"),
			      p->cpus_allowed);
	if (p && p->cpu >= 0)
		snprintf(line + n, sizeof(line) - (size_t)n, _(", last on CPU %d (node %d)"), p->cpu,
			 rs_cpu_node(&ui->sess.snap.host, (unsigned)p->cpu));
	detail_line(pane, N_("owner"), p ? UI_R_NORMAL : UI_R_WARN, p ? line :
		    !rs_session_is_recorded(&ui->sess) ? _("its process is gone") :
		    _("its process was not recorded"));
}

static void detail_state(struct ui_pane *pane, const struct rs_qp_table *t,
			 const struct rs_qp_tracked *q)
{
	char line[RS_MSG_LEN];

	rs_qp_status(t, q, line, sizeof(line));
	detail_line(pane, N_("state"), q->gone || q->state == 6 ? UI_R_BAD :
		    q->stalled ? UI_R_WARN : UI_R_OK, line);
	snprintf(line, sizeof(line), _("SQ %u  RQ %s%u  (a PSN last moved %.1f s ago)"), q->sq_psn,
		 q->has_rqpn ? "" : "- ", q->has_rqpn ? q->rq_psn : 0,
		 (double)(t->now_ns - q->moved_ns) / 1e9);
	detail_line(pane, "PSNs", UI_R_NORMAL, line);
	if (!q->has_rqpn && !q->cm) {
		detail_line(pane, N_("peer"), UI_R_DIM, _("none: a datagram QP has no fixed peer"));
		return;
	}
	snprintf(line, sizeof(line), "%s%u%s%s%s%s", q->has_rqpn ? "QP " : "", q->rqpn,
		 q->cm ? "; rdma_cm " : _("; no rdma_cm ID (the application exchanged QPNs itself)"),
		 q->cm ? q->src : "", q->cm ? " -> " : "", q->cm ? q->dst : "");
	detail_line(pane, N_("peer"), UI_R_NORMAL, line);
}

/* The counter: its own and its values, or the port's standing in. */
static void detail_counters(struct ui *ui, struct ui_pane *pane, const struct rs_qp_table *t,
			    const struct rs_qp_tracked *q)
{
	char line[RS_MSG_LEN], v[RS_QR_COUNT][16];
	struct ui_pen pen;

	if (q->counter_id)
		snprintf(line, sizeof(line), q->counter_shared > 1 ?
			 _("bound (id %u): the rates are of the QPs sharing it (auto mode)") :
			 _("bound (id %u): the rates are this QP's own"), q->counter_id);
	else
		snprintf(line, sizeof(line), q->port_busy > 1 ?
			 _("none bound: the rates are %s port %u's counters, shared by its "
			   "connected QPs (b binds one)") :
			 _("none bound: the rates are %s port %u's counters (b binds one)"),
			 q->device, q->port);
	detail_line(pane, N_("counter"), q->counter_id ? UI_R_NORMAL : UI_R_DIM, line);
	for (int k = 0; k < RS_QR_COUNT; k++)
		fmt_rate(v[k], sizeof(v[k]), t, q, k);
	snprintf(line, sizeof(line), _("retrans %s  seq_err %s  rnr %s  timeout %s  (per second)"),
		 v[0], v[1], v[2], v[3]);
	detail_line(pane, N_("rates"), q->score > 0 ? UI_R_WARN : UI_R_NORMAL, line);
	for (size_t i = 0; i < q->counters.count; i++) {
		ui_line(pane, &pen);
		ui_putf(&pen, UI_R_NORMAL, "   %-32s %20llu", q->counters.items[i].name,
			(unsigned long long)q->counters.items[i].value);
	}
}

static void detail_findings(struct ui *ui, struct ui_pane *pane, const struct rs_qp_tracked *q)
{
	char object[RS_TEXT_LEN];

	snprintf(object, sizeof(object), "%s port %u QP %u", q->device, q->port, q->lqpn);
	for (size_t i = 0; i < ui->sess.findings.count; i++) {
		const struct rs_finding *f = &ui->sess.findings.items[i];

		if (strcmp(f->object, object) || !rs_finding_is_problem(f))
			continue;
		ui_wrap_lead(pane, f->verdict == RS_FAIL ? UI_R_BAD : UI_R_WARN,
			     f->verdict == RS_FAIL ? " ! " : " ~ ", f->summary, 0);
		if (f->remedy[0])
			ui_wrap(pane, UI_R_DIM, 3, f->remedy, 0);
	}
}

void ui_qps_draw_detail(struct ui *ui, struct ui_pane *pane, const struct rs_qp_table *t,
			const struct rs_qp_tracked *q)
{
	struct ui_pen pen;

	ui_line_fixed(pane, &pen);
	ui_putf(&pen, UI_R_HEADER, _(" QP %u of %s port %u: %s (Enter: back to the list)"), q->lqpn,
		q->device, q->port, q->type);
	ui_fill(&pen, UI_R_HEADER, " ");
	detail_owner(ui, pane, q);
	detail_state(pane, t, q);
	detail_counters(ui, pane, t, q);
	detail_findings(ui, pane, q);
}
