/* SPDX-License-Identifier: MIT */
/*
 * pane_qps.c - the QPs pane: every queue pair of the host grouped by the
 * process that owns it, the worst first (retransmissions, sequence
 * errors, RNR NAKs and timeouts per second; ERR; PSNs that stopped moving
 * while the process lives; gone).  Enter shows the selected QP's counters
 * and its peer; b binds a per-QP counter to it (live host, CAP_NET_ADMIN,
 * a driver that can) or takes the one this console bound off again; k
 * shows the kernel's own QPs too.
 *
 * The QPs and their history are the session's QP poller's
 * (src/session/qp_job.h); this file only orders, asks and draws (drawing
 * in pane_qps_draw.c).  The problems it counts are the findings of the
 * qp.* checks (docs/checks.md).
 */
#include "ui/curses.h"
#include "ui/pane_qps.h"
#include "session/qp_job.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static const char *const qp_checks[] = {
	"qp.error_state", "qp.psn_stalled", "qp.errors_rising", "qp.numa_remote",
};

struct ui_qps *ui_qps(struct ui *ui)
{
	if (!ui->qps)
		ui->qps = rs_xcalloc(1, sizeof(*ui->qps));
	return ui->qps;
}

void ui_qps_order(struct ui *ui, const struct rs_qp_table *t)
{
	struct ui_qps *q = ui_qps(ui);
	size_t *all, k = 0;

	if (t->n + 1 > q->cap) {
		q->cap = t->n + 1;
		q->order = rs_xrealloc(q->order, q->cap * sizeof(*q->order));
	}
	all = rs_xcalloc(t->n + 1, sizeof(*all));
	rs_qp_table_order(t, all);
	for (size_t i = 0; i < t->n; i++)
		if (q->kernel || !t->qps[all[i]].kernel)
			q->order[k++] = all[i];
	q->n = k;
	free(all);
}

static int same(const struct ui_qps *q, const struct rs_qp_tracked *e)
{
	return q->have_sel && e->lqpn == q->sel_lqpn && e->pid == q->sel_pid &&
	       e->kernel == q->sel_kernel && !strcmp(e->device, q->sel_dev);
}

static void remember(struct ui_qps *q, const struct rs_qp_tracked *e)
{
	q->have_sel = 1;
	RS_STRCPY(q->sel_dev, e->device);
	q->sel_lqpn = e->lqpn;
	q->sel_pid = e->pid;
	q->sel_kernel = e->kernel;
}

/*
 * The cursor follows its QP when the order moves; a key that moved the
 * cursor picks the QP it is on now.
 */
const struct rs_qp_tracked *ui_qps_selected(struct ui *ui, const struct rs_qp_table *t)
{
	struct ui_pane *pane = &ui->panes[ui->cur];
	struct ui_qps *q = ui_qps(ui);

	if (!q->n)
		return NULL;
	if (pane->cursor == q->last_cursor) {
		for (size_t i = 0; i < q->n; i++)
			if (same(q, &t->qps[q->order[i]])) {
				pane->cursor = (int)i;
				break;
			}
	}
	if (pane->cursor >= (int)q->n)
		pane->cursor = (int)q->n - 1;
	if (pane->cursor < 0)
		pane->cursor = 0;
	q->last_cursor = pane->cursor;
	remember(q, &t->qps[q->order[pane->cursor]]);
	return &t->qps[q->order[pane->cursor]];
}

int ui_qps_problems(const struct ui *ui)
{
	int n = 0;

	for (size_t i = 0; i < RS_ARRAY_SIZE(qp_checks); i++)
		n += rs_findings_problems(&ui->sess.findings, qp_checks[i]);
	return n;
}

static void qps_tick(struct ui *ui, struct ui_pane *pane)
{
	const struct rs_qp_table *t = rs_session_qps(&ui->sess);

	pane->problems += ui_qps_problems(ui);
	if (t) {
		ui_qps_order(ui, t);
		pane->n_items = (int)ui_qps(ui)->n;
	}
}

static int k_detail(struct ui *ui, struct ui_pane *pane, int key)
{
	struct ui_qps *q = ui_qps(ui);

	q->detail = key == 27 ? 0 : !q->detail;
	return UI_F_REDRAW;
}

static int k_kernel(struct ui *ui, struct ui_pane *pane, int key)
{
	struct ui_qps *q = ui_qps(ui);

	q->kernel = !q->kernel;
	ui_message(ui, "%s", q->kernel ? _("the kernel's own QPs shown (k hides them)") :
		   _("the kernel's own QPs hidden"));
	return UI_F_REDRAW;
}

/* b: bind a counter to the selected QP, or take the one we bound off. */
static int k_bind(struct ui *ui, struct ui_pane *pane, int key)
{
	const struct rs_qp_table *t = rs_session_qps(&ui->sess);
	const struct rs_qp_tracked *e = t ? ui_qps_selected(ui, t) : NULL;
	const struct rs_qp_binding *b;
	char msg[RS_MSG_LEN], dev[RS_NAME_LEN];
	unsigned lqpn;
	size_t n;

	if (!e) {
		ui_message(ui, _("no QP selected"));
		return UI_F_REDRAW;
	}
	RS_STRCPY(dev, e->device);
	lqpn = e->lqpn;
	b = rs_session_qp_bindings(&ui->sess, &n);
	for (size_t i = 0; i < n; i++)
		if (b[i].lqpn == lqpn && !strcmp(b[i].device, dev)) {
			rs_session_qp_unbind(&ui->sess, dev, lqpn, msg, sizeof(msg));
			ui_message(ui, "%s", msg);
			return UI_F_REDRAW;
		}
	rs_session_qp_bind(&ui->sess, dev, lqpn, msg, sizeof(msg));
	ui_message(ui, "%s", msg);
	return UI_F_REDRAW;
}

static void qps_close(struct ui *ui, struct ui_pane *pane)
{
	if (!ui->qps)
		return;
	free(ui->qps->order);
	free(ui->qps);
	ui->qps = NULL;
}

static const struct ui_key qps_keys[] = {
	{ '\r', 0, "Enter", N_("the selected QP's counters, peer and owner (again: the list)"),
	  k_detail },
	{ '\n', 0, NULL, NULL, k_detail },
	{ KEY_ENTER, 0, NULL, NULL, k_detail },
	{ 27, 0, "Esc", N_("back to the list"), k_detail },
	{ 'b', 0, "b", N_("bind a per-QP counter to it (live, CAP_NET_ADMIN), or take ours off"),
	  k_bind },
	{ 'k', 0, "k", N_("show or hide the kernel's own QPs"), k_kernel },
	{ 0 },
};

const struct ui_pane_class ui_pane_qps = {
	.id = RS_PANE_QPS,
	.about = N_("queue pairs by process: PSNs, ERR, stalls, retransmits; Enter: counters, peer"),
	.draw = ui_qps_draw,
	.tick = qps_tick,
	.close = qps_close,
	.keys = qps_keys,
};
