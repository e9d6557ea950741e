/* SPDX-License-Identifier: MIT */
/*
 * explain_view.c - the console's explain view: paste a log (e from any
 * pane, or from the Wizard's tree list), end it with Ctrl-D, and read the
 * explanation `rocescope explain` prints - the causes ranked over the
 * whole paste, each message once - with the tree of a cause ready to run:
 * Enter starts the first cause's tree in the Wizard (1-9 another's), with
 * the peer the log names when none is set.
 *
 * The paste is fed to the explainer byte by byte as it comes (explain.h),
 * so a paste of any length holds one line and a fixed record per message,
 * never the text itself.  While the view waits for a paste, and while the
 * Wizard pane shows, the console asks the terminal for bracketed paste: a
 * paste into the Wizard then opens the view by itself (its "Esc [ 200 ~"
 * is caught before the keys would reach the pane: a paste of "q" must not
 * quit), and the end of a paste ends the input.  A lone Esc is the start
 * of a key sequence to curses, so cancelling takes Esc twice.
 */
#include "ui/curses.h"
#include "ui/ui.h"
#include "util.h"
#include "wizard/explain_report.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RUN 9

enum { EXPLAIN_OFF, EXPLAIN_PASTE, EXPLAIN_SHOW };

struct ui_explain {
	struct rs_explainer *x;
	struct rs_explain_run *run;
	char **lines;			/* the explanation, escaped */
	size_t n_lines, cap;
	int esc;			/* 0, 1 after Esc, 2 inside "Esc [" */
	char seq[8];			/* the digits after "Esc [" */
	size_t seq_len;
	int last;			/* the byte fed before, for "\r\n" */
	uint64_t bytes, lines_in;
	size_t n_causes;
	struct {
		char cls[64], tree[32], peer[RS_EXPLAIN_PEER_LEN];
	} cause[MAX_RUN];
};

/* Ask the terminal for bracketed paste, or not, when that changes. */
static void paste_mode(struct ui *ui, int on)
{
	if (on == ui->paste_on || !ui->loop)	/* headless (the bench): no terminal */
		return;
	fputs(on ? "\033[?2004h" : "\033[?2004l", stdout);
	fflush(stdout);
	ui->paste_on = on;
}

void ui_explain_frame(struct ui *ui)
{
	paste_mode(ui, ui->paste_wanted || ui->explain_on == EXPLAIN_PASTE);
}

int ui_explain_sniff(struct ui *ui)
{
	char seq[8];
	size_t n = 0;
	int c = getch(), d;

	if (c == ERR)
		return 0;		/* Esc alone: the pane's */
	if (c != '[') {
		ungetch(c);
		return 0;
	}
	while ((d = getch()) != ERR && d >= '0' && d <= '9' && n + 1 < sizeof(seq))
		seq[n++] = (char)d;
	seq[n] = '\0';
	if (d == '~' && !strcmp(seq, "200"))
		ui_explain_open(ui);
	return 1;			/* another sequence curses did not know: dropped */
}

static void free_lines(struct ui_explain *v)
{
	for (size_t i = 0; i < v->n_lines; i++)
		free(v->lines[i]);
	free(v->lines);
	v->lines = NULL;
	v->n_lines = v->cap = 0;
}

static void put_line(void *arg, const char *line)
{
	struct ui_explain *v = arg;

	if (v->n_lines == v->cap) {
		v->cap = v->cap ? 2 * v->cap : 64;
		v->lines = rs_xrealloc(v->lines, v->cap * sizeof(*v->lines));
	}
	v->lines[v->n_lines++] = rs_xstrdup(line);
}

void ui_explain_open(struct ui *ui)
{
	struct ui_explain *v = ui->explain;
	char err[256];

	if (!v) {
		v = ui->explain = rs_xcalloc(1, sizeof(*v));
		if (rs_explainer_new(&v->x, err, sizeof(err))) {
			ui_message(ui, "explain: %s", err);
			free(v);
			ui->explain = NULL;
			return;
		}
	}
	free_lines(v);
	rs_explain_run_free(v->run);
	v->run = rs_explain_run_new(v->x, NULL, NULL, NULL);
	v->esc = 0;
	v->last = 0;
	v->bytes = v->lines_in = 0;
	v->n_causes = 0;
	ui->explain_on = EXPLAIN_PASTE;
	ui->explain_scroll = 0;
	paste_mode(ui, 1);
}

void ui_explain_close(struct ui *ui)
{
	struct ui_explain *v = ui->explain;

	paste_mode(ui, 0);
	if (!v)
		return;
	free_lines(v);
	rs_explain_run_free(v->run);
	rs_explainer_free(v->x);
	free(v);
	ui->explain = NULL;
	ui->explain_on = EXPLAIN_OFF;
}

/* The paste is complete: the explanation, and the trees of the causes. */
static void finish(struct ui *ui, struct ui_explain *v)
{
	struct rs_explain_limits lim = { RS_EXPLAIN_LINE_MAX, RS_EXPLAIN_INPUT_MAX };
	struct rs_explain_report *rp = rs_explain_report_new(COLS);
	struct rs_explain_ranked rk[MAX_RUN];
	const struct rs_explain_stats *st = rs_explain_finish(v->run);

	rs_explain_report_text(rp, v->run, &lim, put_line, v);
	v->n_causes = rs_explain_rank(v->run, rk, MAX_RUN);
	if (v->n_causes > MAX_RUN)
		v->n_causes = MAX_RUN;
	for (size_t i = 0; i < v->n_causes; i++) {
		RS_STRCPY(v->cause[i].cls, _(rs_explain_class_name(rk[i].cls)));
		RS_STRCPY(v->cause[i].tree, rk[i].tree);
		RS_STRCPY(v->cause[i].peer, rs_explain_report_peer(v->run, &rk[i]));
	}
	ui_message(ui, _("explain: %" PRIu64 " of %" PRIu64 " lines recognised"), st->recognised,
		   st->lines);
	rs_explain_report_free(rp);
	rs_explain_run_free(v->run);
	v->run = NULL;
	ui->explain_on = EXPLAIN_SHOW;
}

static void feed(struct ui_explain *v, int c)
{
	char b = (char)c;

	if (c == '\n' && v->last == '\r')
		return;			/* "\r\n": one line end */
	v->last = c;
	if (c == '\r')
		b = '\n';
	rs_explain_feed(v->run, &b, 1);
	v->bytes++;
	v->lines_in += b == '\n';
}

/* Esc, "Esc [ 200 ~" (a paste starts), "Esc [ 201 ~" (it ended). */
static int paste_escape(struct ui *ui, struct ui_explain *v, int key)
{
	if (v->esc == 1) {
		v->esc = key == '[' ? 2 : 0;
		v->seq_len = 0;
		if (key != '[')		/* Esc, then anything else: cancel */
			ui_explain_close(ui);
		return UI_F_REDRAW;
	}
	if (key >= '0' && key <= '9' && v->seq_len + 1 < sizeof(v->seq)) {
		v->seq[v->seq_len++] = (char)key;
		return 0;
	}
	v->seq[v->seq_len] = '\0';
	v->esc = 0;
	if (key == '~' && !strcmp(v->seq, "201"))
		finish(ui, v);
	return UI_F_REDRAW;		/* another sequence in a paste: dropped */
}

static int paste_key(struct ui *ui, struct ui_explain *v, int key)
{
	if (v->esc)
		return paste_escape(ui, v, key);
	if (key == 27) {
		v->esc = 1;
		return 0;
	}
	if (key == 4) {			/* Ctrl-D, as at a shell */
		finish(ui, v);
		return UI_F_REDRAW;
	}
	if (key == KEY_ENTER)
		key = '\r';
	if (key >= 0 && key < 256)
		feed(v, key);
	return UI_F_REDRAW;
}

/* Start the tree of cause k (0-based) in the Wizard. */
static int run_cause(struct ui *ui, struct ui_explain *v, size_t k)
{
	char tree[32], peer[RS_EXPLAIN_PEER_LEN], cls[64];

	if (k >= v->n_causes) {
		ui_message(ui, _("explain: no cause #%zu"), k + 1);
		return UI_F_REDRAW;
	}
	RS_STRCPY(tree, v->cause[k].tree);
	RS_STRCPY(peer, v->cause[k].peer);
	RS_STRCPY(cls, v->cause[k].cls);
	ui->explain_on = EXPLAIN_OFF;
	if (peer[0] && !ui->sess.peer[0])
		ui_peer_set(ui, peer);
	if (ui_wizard_start(ui, tree))
		ui_message(ui, _("explain: no tree %s"), tree);
	else if (!ui->input)
		ui_message(ui, _("explain: #%zu %s: running %s"), k + 1, cls, tree);
	return UI_F_REDRAW;
}

static int show_key(struct ui *ui, struct ui_explain *v, int key)
{
	int page = LINES - 5, max = (int)v->n_lines - page;

	switch (key) {
	case KEY_UP: ui->explain_scroll--; break;
	case KEY_DOWN: ui->explain_scroll++; break;
	case KEY_PPAGE: ui->explain_scroll -= page; break;
	case KEY_NPAGE: ui->explain_scroll += page; break;
	case KEY_HOME: ui->explain_scroll = 0; break;
	case KEY_END: ui->explain_scroll = max; break;
	case '\r': case '\n': case KEY_ENTER:
		return run_cause(ui, v, 0);
	case 'e':
		ui_explain_open(ui);
		return UI_F_REDRAW;
	case 27: case 'q':
		ui->explain_on = EXPLAIN_OFF;
		return UI_F_REDRAW;
	default:
		if (key >= '1' && key <= '9')
			return run_cause(ui, v, (size_t)(key - '1'));
		return UI_F_REDRAW;
	}
	if (ui->explain_scroll > max)
		ui->explain_scroll = max;
	if (ui->explain_scroll < 0)
		ui->explain_scroll = 0;
	return UI_F_REDRAW;
}

int ui_explain_key(struct ui *ui, int key)
{
	struct ui_explain *v = ui->explain;

	if (!v)
		return UI_F_REDRAW;
	if (ui->explain_on == EXPLAIN_PASTE)
		return paste_key(ui, v, key);
	return show_key(ui, v, key);
}

int ui_explain_k_open(struct ui *ui, struct ui_pane *p, int key)
{
	ui_explain_open(ui);
	return UI_F_REDRAW;
}

/* A line from column x, cut at the right edge (by display columns, the
 * "more" mark in the last one when it does not fit). */
static void row_at(int y, int x, enum ui_role r, const char *s)
{
	struct ui_pen pen = { .y = y, .x = x, .x0 = x, .xmax = COLS };

	ui_put(&pen, r, s);
}

static void row(int y, enum ui_role r, const char *s)
{
	row_at(y, 1, r, s);
}

void ui_explain_draw(struct ui *ui, int last)
{
	struct ui_explain *v = ui->explain;
	char buf[256];

	if (!v)
		return;
	if (ui->explain_on == EXPLAIN_PASTE) {
		row(1, UI_R_TITLE, _("Explain a log: paste it here, then Ctrl-D"));
		snprintf(buf, sizeof(buf), _("%" PRIu64 " lines, %" PRIu64 " bytes so far"),
			 v->lines_in, v->bytes);
		row(3, UI_R_NORMAL, buf);
		row(5, UI_R_DIM, _("The causes are ranked over the whole paste, each with the tree "
		    "that proves it;"));
		row(6, UI_R_DIM, _("Enter then runs that tree in the Wizard.  Esc Esc cancels."));
		return;
	}
	if (v->n_causes)
		snprintf(buf, sizeof(buf), _("Explanation: #1 is %s; Enter runs %s in the Wizard"),
			 v->cause[0].cls, v->cause[0].tree);
	else
		snprintf(buf, sizeof(buf), "%s", _("Explanation: nothing recognised"));
	row(1, UI_R_TITLE, buf);
	if (v->n_causes > 1)
		snprintf(buf, sizeof(buf), _("1-%zu: another cause's tree   e: paste another   "
			 "Esc: close   Up/Down: scroll"), v->n_causes);
	else
		snprintf(buf, sizeof(buf), "%s", _("e: paste another   Esc: close   Up/Down: scroll"));
	row(2, UI_R_DIM, buf);
	for (int y = 4, i = ui->explain_scroll; y <= last && i < (int)v->n_lines; y++, i++)
		row_at(y, 0, !strncmp(v->lines[i], "  #", 3) ? UI_R_HEADER : UI_R_NORMAL,
		       v->lines[i]);
}
