/* SPDX-License-Identifier: MIT */
/*
 * pane_tests_draw.c - drawing the Tests pane (pane_tests.h): a dashboard
 * of fixed rows sized to the terminal.  From the top: what runs (a replay
 * says so first), both ends' views side by side and their differences, a
 * graph of the rate of every interval (Gb/s, or round trips per second for
 * a latency test) filling what the rest leaves, the result's figures, the
 * outcome - passed, the mapped failure with what to check, or how a child
 * that gave no result ended - and the test's notes.
 *
 * Everything comes from the session's run (struct rs_test_run); text the
 * child wrote (it escapes what came from the peer) goes through the pen,
 * which prints only what the terminal can show and marks a cut.
 */
#include "ui/curses.h"
#include "ui/pane_tests.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

#define LABEL_W 9		/* "address  " */
#define GRAPH_MAX_ROWS 10
#define GRAPH_MIN_ROWS 2

static void kib(char *buf, size_t len, uint64_t bytes)
{
	if (bytes >= (1u << 20) && !(bytes % (1u << 20)))
		snprintf(buf, len, "%llu MiB", (unsigned long long)(bytes >> 20));
	else if (bytes >= 1024 && !(bytes % 1024))
		snprintf(buf, len, "%llu KiB", (unsigned long long)(bytes >> 10));
	else
		snprintf(buf, len, "%llu B", (unsigned long long)bytes);
}

/* "bandwidth to 10.99.0.2 for 5 s, 64 KiB messages" */
static void what_runs(const struct rs_test_run *r, char *buf, size_t len)
{
	const char *peer = r->have_remote ? r->remote.addr : "";
	char size[32];
	size_t n;

	n = (size_t)snprintf(buf, len, "%s", rs_test_kind_cmd(r->kind));
	if (!peer[0] && strlen(r->cmd) > strlen("rocescope ")) {
		/* before the remote view: the peer of the command */
		const char *sp = strchr(r->cmd + strlen("rocescope "), ' ');

		peer = sp ? sp + 1 : "";
	}
	n += (size_t)snprintf(buf + n, len > n ? len - n : 0, _(" to %.*s"), (int)strcspn(peer, " "),
			      peer);
	if (!r->started || n >= len)
		return;
	kib(size, sizeof(size), r->size);
	if (r->duration_s > 0)
		snprintf(buf + n, len - n, _(" for %.4g s, %s messages"), r->duration_s, size);
	else
		snprintf(buf + n, len - n, ", %llu x %s", (unsigned long long)r->iterations, size);
}

static void draw_head(struct ui *ui, struct ui_pane *p, const struct rs_test_run *r)
{
	char what[160];
	struct ui_pen pen;
	uint64_t end = r->running ? rs_now_ns() : r->ended_ns;
	double secs = r->started_ns && end > r->started_ns ?
		      (double)(end - r->started_ns) / 1e9 : 0;

	what_runs(r, what, sizeof(what));
	if (r->replay) {
		ui_line_fixed(p, &pen);
		ui_putf(&pen, UI_R_WARN, _(" REPLAY of %s"), r->label);
	}
	ui_line_fixed(p, &pen);
	if (r->running)
		ui_putf(&pen, UI_R_WARN, r->stopping ? _(" running %s ... %.1f s (stopping)") :
			_(" running %s ... %.1f s (k stops)"), what, secs);
	else
		ui_putf(&pen, UI_R_DIM, _(" ran %s, %.1f s (Enter: again)"), what, secs);
	ui_line_fixed(p, &pen);
	ui_putf(&pen, UI_R_DIM, " %s", r->cmd);
}

/* One row of the views: label, this end, the peer, in columns. */
static void view_row(struct ui_pane *p, const char *label, const char *here,
		     const char *peer, int differs)
{
	int col = LABEL_W + 1 + (p->view.width - LABEL_W - 1) / 2;
	struct ui_pen pen;

	ui_line_fixed(p, &pen);
	/* TRANSLATORS: labels of the test's views (device, address, host,
	 * here, peer): at most 8 display columns */
	ui_putf(&pen, UI_R_HEADER, " %-*s", LABEL_W - 1, label[0] ? _(label) : "");
	pen.xmax = pen.x0 + col - 1;
	ui_put(&pen, UI_R_NORMAL, here);
	pen.xmax = pen.x0 + p->view.width;
	ui_col(&pen, col);
	ui_put(&pen, differs ? UI_R_WARN : UI_R_NORMAL, peer);
}

enum { V_DEVICE, V_ADDRESS, V_MTU, V_QOS, V_HOST, V_ROWS };

static void view_text(const struct rs_perf_view *v, int have, int row, char *buf, size_t len)
{
	if (!have) {
		snprintf(buf, len, "%s", row == V_DEVICE ? _("(not known yet)") : "");
		return;
	}
	switch (row) {
	case V_DEVICE:
		snprintf(buf, len, _("%s port %u, GID %d %s"), v->device, v->port, v->gid_index,
			 v->gid_type[0] ? v->gid_type : "?");
		break;
	case V_ADDRESS:
		snprintf(buf, len, _("%s on %s"), v->addr, v->netdev[0] ? v->netdev : "?");
		break;
	case V_MTU:
		snprintf(buf, len, "%u (netdev %u)", v->active_mtu, v->netdev_mtu);
		break;
	case V_QOS:
		snprintf(buf, len, "PFC %s, trust %s", v->pfc, v->trust);
		break;
	default:
		snprintf(buf, len, "%s, rocescope %s", v->hostname, v->version);
	}
}

static int row_differs(const struct rs_test_run *r, int row)
{
	static const char *const whats[V_ROWS] = { "gid_", "addr", "mtu", "pfc", "version" };

	for (int i = 0; i < r->n_diffs; i++)
		if (strstr(r->diffs[i].what, whats[row]) ||
		    (row == V_QOS && strstr(r->diffs[i].what, "trust")))
			return 1;
	return 0;
}

static void draw_views(struct ui *ui, struct ui_pane *p, const struct rs_test_run *r)
{
	static const char *const labels[V_ROWS] = {
		N_("device"), N_("address"), "MTU", "QoS", N_("host"),
	};
	char here[160], peer[160], text[RS_PERF_MSG_LEN + 160];
	struct ui_pen pen;

	if (!r->have_local && !r->have_remote)
		return;
	view_row(p, "", _("here"), _("peer"), 0);
	for (int row = 0; row < V_ROWS; row++) {
		if (row == V_HOST && p->view.height < 14)
			break;	/* 80x24: the host row gives way to the graph */
		view_text(&r->local, r->have_local, row, here, sizeof(here));
		view_text(&r->remote, r->have_remote, row, peer, sizeof(peer));
		view_row(p, labels[row], here, peer, r->have_remote && row_differs(r, row));
	}
	if (!r->have_remote)
		return;
	if (!r->n_diffs) {
		ui_line_fixed(p, &pen);
		ui_put(&pen, UI_R_OK, _(" differences: none that matter"));
	}
	for (int i = 0; i < r->n_diffs && i < 3; i++) {
		snprintf(text, sizeof(text), _("~ %s: %s here, %s there: %s"), r->diffs[i].what,
			 r->diffs[i].local, r->diffs[i].remote, r->diffs[i].text);
		ui_wrap_max(p, UI_R_WARN, 1, text, 1);
	}
}

static void fmt_rate(char *buf, size_t len, enum rs_test_kind k, double v)
{
	if (k == RS_TEST_BW)
		snprintf(buf, len, "%.3g", v);
	else if (v >= 1e6)
		snprintf(buf, len, "%.3gM", v / 1e6);
	else if (v >= 1e3)
		snprintf(buf, len, "%.3gk", v / 1e3);
	else
		snprintf(buf, len, "%.0f", v);
}

/* One row of the graph: each column one interval, the newest at the
 * right; a cell is full, empty, or the eighth the value reaches into it. */
static void graph_row(struct ui *ui, struct ui_pen *pen, const struct rs_test_run *r,
		      size_t first, int row, int rows, double max)
{
	char buf[4 * 128 + 1] = "";
	size_t n = 0;

	for (size_t i = first; i < r->n_rate && n + 5 < sizeof(buf); i++) {
		int eighths = max > 0 ? (int)(r->rate[i] / max * rows * 8 + 0.5) : 0;
		int cell = eighths - (rows - 1 - row) * 8;
		const char *g = cell <= 0 ? (row == rows - 1 && r->rate[i] > 0 ?
					     ui->g->spark[0] : " ") :
				ui->g->spark[cell >= 8 ? 7 : cell - 1];

		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s", g);
	}
	ui_put(pen, UI_R_OK, buf);
}

static void draw_graph(struct ui *ui, struct ui_pane *p, const struct rs_test_run *r,
		       int rows)
{
	int width = p->view.width - LABEL_W - 1;
	size_t first = r->n_rate > (size_t)width ? r->n_rate - (size_t)width : 0;
	double max = 0, peak = 0;
	char top[32], now[32];
	struct ui_pen pen;

	for (size_t i = 0; i < r->n_rate; i++) {
		if (r->rate[i] > peak)
			peak = r->rate[i];
		if (i >= first && r->rate[i] > max)
			max = r->rate[i];
	}
	ui_title_fixed(ui, p, "%s", r->kind == RS_TEST_BW ? _("Gb/s of each interval") :
		       _("round trips per second of each interval"));
	fmt_rate(top, sizeof(top), r->kind, max);
	for (int row = 0; row < rows; row++) {
		ui_line_fixed(p, &pen);
		ui_putf(&pen, UI_R_DIM, "%*s", LABEL_W - 1, row == 0 ? top : row == rows - 1 ?
			"0" : "");
		ui_col(&pen, LABEL_W + 1);
		graph_row(ui, &pen, r, first, row, rows, max);
	}
	ui_line_fixed(p, &pen);
	fmt_rate(now, sizeof(now), r->kind, r->n_rate ? r->rate[r->n_rate - 1] : 0);
	fmt_rate(top, sizeof(top), r->kind, peak);
	if (!r->n_rate)
		ui_put(&pen, UI_R_DIM, _("          waiting for the first interval ..."));
	else
		ui_putf(&pen, UI_R_NORMAL, r->kind == RS_TEST_BW ?
			_("          now %s, peak %s Gb/s, %lu intervals") :
			_("          now %s, peak %s round trips/s, %lu intervals"), now, top,
			r->n_intervals);
}

static void draw_result(struct ui *ui, struct ui_pane *p, const struct rs_test_run *r)
{
	const struct rs_perf_line *l = &r->result;
	struct ui_pen pen;
	char size[32];

	if (!r->have_result)
		return;
	kib(size, sizeof(size), l->size);
	ui_line_fixed(p, &pen);
	if (r->kind == RS_TEST_BW) {
		ui_putf(&pen, UI_R_PICK, _(" bandwidth %.4g Gb/s average, %.4g Gb/s peak, %.4g Mmsg/s"),
			l->bw_avg_gbps, l->bw_peak_gbps, l->msg_rate_mpps);
		ui_line_fixed(p, &pen);
		ui_putf(&pen, UI_R_NORMAL, _("   %llu x %s in %.2f s"), (unsigned long long)l->iterations,
			size, l->t_s);
		if (l->line_rate_pct > 0)
			ui_putf(&pen, UI_R_NORMAL, _(", %.3g%% of the %.4g Gb/s port"), l->line_rate_pct,
				r->local.link_mbps / 1000.0);
		return;
	}
	ui_putf(&pen, UI_R_PICK, _(" latency (one way, us): min %.2f  median %.2f  avg %.2f"),
		l->t_min_us, l->t_median_us, l->t_avg_us);
	ui_line_fixed(p, &pen);
	ui_putf(&pen, UI_R_PICK, _("   p99 %.2f  max %.2f"), l->t_p99_us, l->t_max_us);
	ui_putf(&pen, UI_R_NORMAL, _("   %llu round trips of %s"), (unsigned long long)l->iterations,
		size);
}

static void draw_outcome(struct ui *ui, struct ui_pane *p, const struct rs_test_run *r)
{
	char text[RS_MSG_LEN * 2 + 64];

	if (r->running)
		return;
	if (r->end == RS_TEST_PASSED) {
		snprintf(text, sizeof(text), _("PASS  the %s test passed (%s)"),
			 rs_test_kind_name(r->kind), r->status);
		ui_wrap_max(p, UI_R_OK, 1, text, 1);
		return;
	}
	if (r->stopping)
		snprintf(text, sizeof(text), _("STOPPED  by k (%s); no result for the checks"),
			 r->status);
	else if (r->end == RS_TEST_FAILED && r->peer_code[0])
		snprintf(text, sizeof(text), _("FAIL  %s: %s [%s, the peer's %s]"), r->title,
			 r->message, r->code, r->peer_code);
	else if (r->end == RS_TEST_FAILED)
		snprintf(text, sizeof(text), _("FAIL  %s: %s [%s]"), r->title, r->message, r->code);
	else
		snprintf(text, sizeof(text), _("FAIL  %s: %s"), r->title, r->message);
	ui_wrap_max(p, r->stopping ? UI_R_WARN : UI_R_BAD, 1, text, 3);
	if (r->check[0] && !r->stopping) {
		snprintf(text, sizeof(text), _("check: %s"), r->check);
		ui_wrap_max(p, UI_R_PICK, 1, text, 3);
	}
}

/* Rows the result and outcome will take, so the graph leaves them room. */
static int tail_rows(const struct rs_test_run *r)
{
	int n = r->have_result ? 2 : 0;

	if (!r->running)
		n += r->end == RS_TEST_PASSED ? 1 : r->check[0] ? 4 : 2;
	return n + (r->n_notes ? 2 : 0);
}

static void draw_run(struct ui *ui, struct ui_pane *p, const struct rs_test_run *r)
{
	struct ui_tests *t = ui_tests(ui);
	int rows;

	draw_head(ui, p, r);
	if (t->say[0])
		ui_wrap_max(p, UI_R_WARN, 1, t->say, 2);
	draw_views(ui, p, r);
	rows = p->view.height - 2 - tail_rows(r);
	if (r->n_rate || r->running || r->have_result) {
		if (rows > GRAPH_MAX_ROWS)
			rows = GRAPH_MAX_ROWS;
		draw_graph(ui, p, r, rows < GRAPH_MIN_ROWS ? GRAPH_MIN_ROWS : rows);
	}
	draw_result(ui, p, r);
	draw_outcome(ui, p, r);
	for (int i = 0; i < r->n_notes && p->view.height > 0; i++)
		ui_wrap_max(p, UI_R_DIM, 1, r->notes[i], 2);
}

static void draw_idle(struct ui *ui, struct ui_pane *p)
{
	char text[512];

	if (ui_tests(ui)->say[0])
		ui_wrap_max(p, UI_R_WARN, 1, ui_tests(ui)->say, 2);
	if (rs_session_is_demo(&ui->sess))
		snprintf(text, sizeof(text), "%s", _("No test yet. On the demo, b and l replay a "
			 "bandwidth and a latency test recorded in the Soft-RoCE lab (rxe0 -> rxe1), "
			 "at their own pace."));

	else if (!rs_session_can_test(&ui->sess))
		snprintf(text, sizeof(text), _("Tests need the live host (this is %s): run rocescope "
			 "bw PEER or rocescope lat PEER there, with rocescope serve on the peer."),
			 ui->sess.label);
	else
		snprintf(text, sizeof(text), _("No test yet. b runs a bandwidth test, l a latency test "
			 "to the peer (%s), which must run rocescope serve. Options are typed as for "
			 "rocescope bw|lat; k stops a test."), ui->sess.peer[0] ? ui->sess.peer :
			 _("asked for first"));
	ui_wrap_max(p, UI_R_DIM, 1, text, 4);
}

void ui_tests_draw(struct ui *ui, struct ui_pane *p)
{
	const struct rs_test_run *r = rs_session_test_run(&ui->sess);

	p->n_items = 0;
	if (r)
		ui_title_fixed(ui, p, _("Tests: %s"), rs_test_kind_name(r->kind));
	else
		ui_title_fixed(ui, p, "%s", _("Tests"));

	if (r)
		draw_run(ui, p, r);
	else
		draw_idle(ui, p);
}
