/* SPDX-License-Identifier: MIT */
/*
 * pane_wizard.c - the guided troubleshooting: pick a tree, watch each step
 * run, see the path taken with each verdict and its evidence, and at the
 * first failure the cause and the remedy (y copies it to the terminal's
 * clipboard with OSC 52, which works over SSH and tmux).  Re-run a step
 * after fixing it (Enter on it).  The first-time setup tree is a checklist
 * with its progress.
 *
 * The walk is src/wizard/run.c; a step that needs a probe asks the session
 * to run it in a child (rs_session_probe_start), a step that needs an
 * embedded test asks the session's test job for a short one (the Tests
 * pane shows it running), and the walk goes on when the session says the
 * result came in - the other panes stay live meanwhile.  A tree that needs
 * the peer opens the peer input line once.  A cause with a fix shows its
 * plan: a applies it, u undoes (wizard_fix.c); the step re-runs after.
 */
#include "ui/curses.h"
#include "session/perf_job.h"
#include "session/probes.h"
#include "ui/ui.h"
#include "fix/fix.h"
#include "ui/wizard_fix.h"
#include "util.h"
#include "wizard/run.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ui_wizard {
	struct rs_tree tree;
	struct rs_run run;
	int active;			/* a tree is loaded and walked */
	int probing;			/* probe kind + 1 being waited for, 0 none */
	int testing;			/* test kind + 1 being waited for, 0 none */
	int want_peer;			/* start the selected tree once the peer is set */
	int n_trees;
	int fixing;			/* the step a fix was applied for + 1, 0 none */
	struct ui_pane *pane;		/* the Wizard pane: its cursor goes to the cause */
};

static struct ui_wizard *wiz(struct ui *ui)
{
	if (!ui->wizard) {
		ui->wizard = rs_xcalloc(1, sizeof(*ui->wizard));
		while (rs_tree_names[ui->wizard->n_trees])
			ui->wizard->n_trees++;
	}
	return ui->wizard;
}

static void stop_tree(struct ui_wizard *w)
{
	if (!w->active)
		return;
	rs_run_free(&w->run);
	rs_tree_free(&w->tree);
	w->active = 0;
	w->probing = 0;
	w->testing = 0;
}

/* A step needs an embedded test: a short one through the session; if
 * another test runs, the walk waits for it to end and asks again. */
static void start_test(struct ui *ui, struct ui_wizard *w)
{
	const struct rs_subject *sub = &w->run.subject;
	char err[RS_MSG_LEN];
	int r;

	w->testing = (int)w->run.need_test + 1;
	if (rs_session_test_running(&ui->sess))
		return;
	r = rs_session_test_step(&ui->sess, w->run.need_test, sub->dev[0] ? sub->dev : NULL,
				 sub->port, err, sizeof(err));
	if (r && r != -EAGAIN) {	/* -EAGAIN: the outcome says it could not start */
		w->testing = 0;
		ui_message(ui, "%s", err);
	}
}

/* Walk on until the end or a probe; start that probe in the background. */
static void advance(struct ui *ui, struct ui_wizard *w)
{
	struct rs_check_ctx ctx;
	enum rs_probe_kind need;

	int what;

	if (!w->active || w->probing || w->testing)
		return;
	rs_session_ctx(&ui->sess, &ctx);
	what = rs_run_advance(&w->run, &ctx, &need);
	if (what == RS_RUN_DONE) {
		/* Done: select the cause, so its evidence opens under it. */
		if (w->run.cause >= 0 && w->pane)
			w->pane->cursor = w->run.cause;
		return;
	}
	if (what == RS_RUN_TEST) {
		start_test(ui, w);
		return;
	}
	if (rs_session_probe_start(&ui->sess, need) == 0 ||
	    rs_session_probe_running(&ui->sess, need)) {
		w->probing = (int)need + 1;
		return;
	}
	ui_message(ui, _("the %s probe could not start (see the event log)"),
		   rs_probe_kind_name(need));
}

static void start_tree(struct ui *ui, struct ui_wizard *w, int which)
{
	char err[RS_MSG_LEN];
	const struct rs_device *d = ui_dev(ui, ui->sel_dev);
	const struct rs_port *p = ui_port(ui, ui->sel_dev, ui->sel_port);

	stop_tree(w);
	if (rs_tree_load(&w->tree, rs_tree_names[which], err, sizeof(err))) {
		ui_message(ui, "%s", err);
		return;
	}
	if (w->tree.needs_peer && !ui->sess.peer[0]) {
		rs_tree_free(&w->tree);
		w->want_peer = 1;
		ui_input_open(ui);
		ui_message(ui, "%s", _("this tree needs the peer's address"));
		return;
	}
	rs_run_init(&w->run, &w->tree);
	/* The port chosen in Devices, unless the route to the peer says another. */
	rs_run_subject(&w->run, &ui->sess.snap, ui->sess.snap.peer.ok ? NULL :
		       d ? d->name : NULL, p ? p->num : 0);
	w->active = 1;
	w->pane = &ui->panes[ui->cur];
	w->pane->cursor = 0;
	for (int k = 0; k < RS_PROBE_KINDS; k++)
		rs_session_probe_forget(&ui->sess, (enum rs_probe_kind)k);
	for (int k = 0; k < RS_TEST_KINDS; k++)
		rs_session_test_forget(&ui->sess, k);
	advance(ui, w);
}

int ui_wizard_start(struct ui *ui, const char *tree)
{
	struct ui_wizard *w = wiz(ui);

	for (int i = 0; i < w->n_trees; i++) {
		if (strcmp(rs_tree_names[i], tree))
			continue;
		ui_set_pane(ui, RS_PANE_WIZARD);
		ui->panes[ui->cur].cursor = i;
		start_tree(ui, w, i);
		return 0;
	}
	return -ENOENT;
}

void ui_wizard_peer_set(struct ui *ui)
{
	struct ui_wizard *w = ui->wizard;

	if (w && w->want_peer && ui->sess.peer[0]) {
		w->want_peer = 0;
		start_tree(ui, w, ui->panes[ui->cur].cursor);
	}
}

static const char *mark(enum rs_verdict v)
{
	return v == RS_PASS ? "ok  " : v == RS_WARN ? "~   " : v == RS_FAIL ? "!   " : "?   ";
}

static enum ui_role role_of(enum rs_verdict v)
{
	return v == RS_PASS ? UI_R_OK : v == RS_WARN ? UI_R_WARN : v == RS_FAIL ? UI_R_BAD :
	       UI_R_DIM;
}

static void draw_list(struct ui *ui, struct ui_pane *pane, struct ui_wizard *w)
{
	struct ui_pen pen;

	ui_title(ui, pane, "%s", _("Troubleshooting trees (Enter runs one)"));
	for (int i = 0; i < w->n_trees; i++) {
		struct rs_tree t;
		char err[RS_MSG_LEN];
		enum ui_role r = i == pane->cursor ? UI_R_CURSOR : UI_R_NORMAL;

		ui_item_begin(pane, i);
		ui_line(pane, &pen);
		ui_putf(&pen, r, " %-20s ", rs_tree_names[i]);
		if (!rs_tree_load(&t, rs_tree_names[i], err, sizeof(err))) {
			if (t.needs_peer)
				ui_putf(&pen, r, _("%s (asks for the peer)"), _(t.title));
			else
				ui_put(&pen, r, _(t.title));
			rs_tree_free(&t);
		} else {
			ui_put(&pen, UI_R_BAD, err);
		}
		if (r == UI_R_CURSOR)
			ui_fill(&pen, r, " ");
		ui_item_end(pane, i);
	}
	pane->n_items = w->n_trees;
	ui_line(pane, &pen);
	ui_line(pane, &pen);
	/* TRANSLATORS: two paragraphs of two lines each, under the list of
	 * trees: each line at most 79 display columns */
	ui_put(&pen, UI_R_DIM, _(" Each step shows what it ran, what it saw and what it expected; the"));
	ui_line(pane, &pen);
	ui_put(&pen, UI_R_DIM, _(" first failure is the cause, with the command that fixes it."));
	ui_line(pane, &pen);
	ui_line(pane, &pen);
	ui_put(&pen, UI_R_DIM, _(" Have an error message or a log? Paste it here (or press e first),"));
	ui_line(pane, &pen);
	ui_put(&pen, UI_R_DIM, _(" and the tree that proves its most likely cause is ready to run."));
}

/* "label text" wrapped under a step, the text's lines aligned after the
 * label (translated, padded to 10 display columns). */
static void wrap_field(struct ui_pane *pane, enum ui_role r, const char *label, const char *text)
{
	char line[RS_FINDING_LEN + 96];

	ui_format(line, sizeof(line), "%-10s%s", _(label), text);
	ui_wrap(pane, r, 9, line, 0);
}

static void draw_step(struct ui *ui, struct ui_pane *pane, struct ui_wizard *w, size_t i)
{
	const struct rs_step *st = &w->run.steps[i];
	const struct rs_tree_node *n = &w->tree.nodes[st->node];
	const struct rs_finding *f = rs_step_headline(st);
	int cur = (int)i == pane->cursor;
	enum ui_role r = cur ? UI_R_CURSOR : role_of(st->verdict);
	struct ui_pen pen;
	char line[RS_FINDING_LEN + 64];

	ui_item_begin(pane, (int)i);
	if (cur) {	/* the selected step opens: its whole question, wrapped */
		char lead[RS_NAME_LEN + 32];

		snprintf(lead, sizeof(lead), " %2zu %s%-13s ", i + 1, mark(st->verdict), n->id);
		ui_wrap_lead(pane, r, lead, _(n->title), 0);
	} else {
		ui_line(pane, &pen);
		ui_putf(&pen, r, " %2zu %s%-13s ", i + 1, mark(st->verdict), n->id);
		ui_put(&pen, UI_R_NORMAL, _(n->title));
	}
	/* Another check names the cause: it comes first, the symptom after. */
	if (st->cause_check)
		snprintf(line, sizeof(line), "%s: %s", st->cause_check, f->summary);
	else
		snprintf(line, sizeof(line), "%s", f->summary);
	ui_wrap(pane, role_of(st->verdict), 9, line, 0);
	/* The selected step opens: what was seen, expected, and the remedy. */
	if (cur && f->evidence[0])
		/* TRANSLATORS: the labels before a step's evidence, expected
		 * value, remedy and symptom: at most 9 display columns */
		wrap_field(pane, UI_R_DIM, N_("seen:"), f->evidence);
	if (cur && f->expected[0] && st->verdict != RS_PASS)
		wrap_field(pane, UI_R_DIM, N_("expected:"), f->expected);
	if (cur && f->remedy[0])
		wrap_field(pane, UI_R_PICK, N_("remedy:"), f->remedy);
	if (cur && st->cause_check) {
		snprintf(line, sizeof(line), "%s: %s", st->finding.id, st->finding.summary);
		wrap_field(pane, UI_R_DIM, N_("symptom:"), line);
	}
	if (cur && (int)i != w->run.cause && rs_finding_is_problem(f))
		ui_fix_draw(ui, pane, f, 0);
	ui_item_end(pane, (int)i);
}

/*
 * The cause stays in view above the steps (fixed rows), so on 80x24 the
 * answer and the command that fixes it are always on screen; the steps
 * scroll below it.  The selected step shows its evidence.
 */
static void draw_cause(struct ui *ui, struct ui_pane *pane, struct ui_wizard *w)
{
	const struct rs_step *c = &w->run.steps[w->run.cause];
	const struct rs_finding *f = rs_step_headline(c);
	char line[RS_FINDING_LEN + 16];

	if (c->cause_check)
		ui_title_fixed(ui, pane, _("Cause: step %d, %s: %s"), w->run.cause + 1,
			       w->tree.nodes[c->node].id, c->cause_check);
	else
		ui_title_fixed(ui, pane, _("Cause: step %d, %s"), w->run.cause + 1,
			       w->tree.nodes[c->node].id);
	snprintf(line, sizeof(line), "! %s", f->summary);
	ui_wrap(pane, UI_R_BAD, 1, line, 1);
	if (f->remedy[0]) {
		snprintf(line, sizeof(line), _("remedy: %s"), f->remedy);
		ui_wrap(pane, UI_R_PICK, 1, line, 1);
	}
	ui_fix_draw(ui, pane, f, 1);
	{
		struct ui_pen pen;

		ui_line_fixed(pane, &pen);
		ui_put(&pen, UI_R_DIM, _(" y: copy the remedy   Enter: re-run the selected step"));
	}
	ui_title_fixed(ui, pane, "%s", _("Steps"));
}

static void draw_progress(struct ui *ui, struct ui_pane *pane, struct ui_wizard *w)
{
	size_t n[RS_SKIP + 1] = { 0 };
	char pane_ref[48];
	struct ui_pen pen;

	for (size_t i = 0; i < w->run.n_steps; i++)
		n[w->run.steps[i].verdict]++;
	ui_line_fixed(pane, &pen);
	if (w->tree.kind == RS_TREE_CHECKLIST && !w->probing && !w->testing)
		ui_putf(&pen, n[RS_FAIL] ? UI_R_BAD : UI_R_OK, _(" checklist: %zu of %zu done, %zu "
			"to do, %zu worth a look, %zu unknown"), n[RS_PASS], w->tree.n, n[RS_FAIL],
			n[RS_WARN], n[RS_SKIP]);
	else if (w->probing)
		ui_putf(&pen, UI_R_WARN, _(" ... running the %s probe towards %s"),
			rs_probe_kind_name((enum rs_probe_kind)(w->probing - 1)), ui->sess.peer);
	else if (w->testing)
		ui_putf(&pen, UI_R_WARN, rs_session_is_demo(&ui->sess) ?
			_(" ... running the %s test, a replay (%s shows it)") :
			_(" ... running the %s test (%s shows it)"),
			rs_test_kind_name((enum rs_test_kind)(w->testing - 1)),
			rs_pane_ref(pane_ref, sizeof(pane_ref), RS_PANE_TESTS, NULL));
	else if (rs_run_done(&w->run))
		ui_putf(&pen, w->run.cause >= 0 ? UI_R_BAD : UI_R_OK, w->run.cause >= 0 ?
			_(" stopped at the cause after %zu steps") : _(" no step failed after %zu steps"),
			w->run.n_steps);
}

static void wizard_draw(struct ui *ui, struct ui_pane *pane)
{
	struct ui_wizard *w = wiz(ui);
	const struct rs_subject *sub = &w->run.subject;
	struct ui_pen pen;

	ui->paste_wanted = 1;	/* a log pasted here is explained (explain_view.c) */
	if (!w->active) {
		draw_list(ui, pane, w);
		return;
	}
	ui_title_fixed(ui, pane, "%s: %s", w->tree.name, _(w->tree.title));
	ui_line_fixed(pane, &pen);
	if (sub->dev[0])
		ui_putf(&pen, UI_R_DIM, _(" %s port %u"), sub->dev, sub->port);
	else
		ui_put(&pen, UI_R_DIM, _(" no RDMA port"));
	ui_putf(&pen, UI_R_DIM, _("%s%s  peer %s   (t: other tree)"), sub->netdev[0] ? " " : "",
		sub->netdev, ui->sess.peer[0] ? ui->sess.peer : _("none"));
	draw_progress(ui, pane, w);
	if (w->run.cause >= 0 && w->tree.kind == RS_TREE_CHAIN)
		draw_cause(ui, pane, w);
	for (size_t i = 0; i < w->run.n_steps; i++)
		draw_step(ui, pane, w, i);
	pane->n_items = (int)w->run.n_steps;
}

/* Re-run from step i: its probe or test runs again too. */
static void rerun_from(struct ui *ui, struct ui_wizard *w, size_t i)
{
	const struct rs_check *c = w->tree.nodes[w->run.steps[i].node].check;
	int k = rs_check_probe(c), t = rs_check_test(c);

	if (k >= 0)
		rs_session_probe_forget(&ui->sess, (enum rs_probe_kind)k);
	if (t >= 0)
		rs_session_test_forget(&ui->sess, t);
	rs_run_rewind(&w->run, i);
	if (w->pane)
		w->pane->cursor = (int)i;	/* the view follows the step that runs */
	ui_message(ui, _("re-running from step %zu"), i + 1);
	advance(ui, w);
}

static void wizard_tick(struct ui *ui, struct ui_pane *pane)
{
	struct ui_wizard *w = ui->wizard;

	if (!w || !w->active)
		return;
	/* The probe waited for came in: walk on. */
	if (w->probing && !rs_session_probe_running(&ui->sess,
						     (enum rs_probe_kind)(w->probing - 1))) {
		w->probing = 0;
		advance(ui, w);
	}
	/* The test waited for (or the one that ran before it) ended: walk on. */
	if (w->testing && !rs_session_test_running(&ui->sess)) {
		w->testing = 0;
		advance(ui, w);
	}
	/* A fix ended and the host was read again: its step re-runs. */
	if (ui_fix_ended(ui) && w->fixing && (size_t)w->fixing <= w->run.n_steps &&
	    !w->probing && !w->testing)
		rerun_from(ui, w, (size_t)w->fixing - 1);
	if (w->run.cause >= 0)
		pane->problems++;
}

static int k_enter(struct ui *ui, struct ui_pane *pane, int key)
{
	struct ui_wizard *w = wiz(ui);

	if (!w->active) {
		if (pane->cursor >= 0 && pane->cursor < w->n_trees)
			start_tree(ui, w, pane->cursor);
		return UI_F_REDRAW;
	}
	if (w->probing || w->testing || pane->cursor < 0 ||
	    (size_t)pane->cursor >= w->run.n_steps)
		return UI_F_REDRAW;
	rerun_from(ui, w, (size_t)pane->cursor);
	return UI_F_REDRAW;
}

/* a: the selected step's fix when it has one (its plan is under it), else
 * the cause's; in the background. */
static int k_apply(struct ui *ui, struct ui_pane *pane, int key)
{
	struct ui_wizard *w = wiz(ui);
	int i = !w->active ? -1 : w->run.cause;

	/* A failed symptom is fixed where its cause is (rs_step_headline()). */
	if (w->active && pane->cursor >= 0 && (size_t)pane->cursor < w->run.n_steps &&
	    rs_finding_is_problem(rs_step_headline(&w->run.steps[pane->cursor])) &&
	    rs_fix_has_rule(rs_step_headline(&w->run.steps[pane->cursor])->id))
		i = pane->cursor;

	if (i < 0 || (size_t)i >= w->run.n_steps ||
	    !rs_finding_is_problem(rs_step_headline(&w->run.steps[i]))) {
		ui_message(ui, _("nothing to fix here: run a tree, select a step that warns or fails"));
		return UI_F_REDRAW;
	}
	w->fixing = i + 1;
	ui_fix_apply(ui, rs_step_headline(&w->run.steps[i]));
	return UI_F_REDRAW;
}

static int k_undo(struct ui *ui, struct ui_pane *pane, int key)
{
	struct ui_wizard *w = wiz(ui);

	/* The step re-runs after: the cause, or the step the fix was for. */
	if (w->active && !w->fixing)
		w->fixing = w->run.cause >= 0 ? w->run.cause + 1 : pane->cursor + 1;
	ui_fix_undo(ui);
	return UI_F_REDRAW;
}

static int k_trees(struct ui *ui, struct ui_pane *pane, int key)
{
	struct ui_wizard *w = wiz(ui);

	if (w->active) {
		for (int i = 0; i < w->n_trees; i++)
			if (!strcmp(rs_tree_names[i], w->tree.name))
				pane->cursor = i;
		stop_tree(w);
	}
	return UI_F_REDRAW;
}

/* OSC 52: the terminal (or tmux, or the SSH client's terminal) puts the
 * text in its clipboard. */
static void osc52(const char *text)
{
	static const char b64[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t n = strlen(text);

	fputs("\033]52;c;", stdout);
	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned char)text[i] << 16;

		v |= i + 1 < n ? (unsigned char)text[i + 1] << 8 : 0;
		v |= i + 2 < n ? (unsigned char)text[i + 2] : 0;
		putchar(b64[(v >> 18) & 63]);
		putchar(b64[(v >> 12) & 63]);
		putchar(i + 1 < n ? b64[(v >> 6) & 63] : '=');
		putchar(i + 2 < n ? b64[v & 63] : '=');
	}
	fputs("\a", stdout);
	fflush(stdout);
}

static int k_copy(struct ui *ui, struct ui_pane *pane, int key)
{
	struct ui_wizard *w = wiz(ui);
	const struct rs_step *st = NULL;

	if (w->active && pane->cursor >= 0 && (size_t)pane->cursor < w->run.n_steps)
		st = &w->run.steps[pane->cursor];
	if ((!st || !rs_step_headline(st)->remedy[0]) && w->active && w->run.cause >= 0)
		st = &w->run.steps[w->run.cause];
	if (!st || !rs_step_headline(st)->remedy[0]) {
		ui_message(ui, _("no remedy to copy here"));
		return UI_F_REDRAW;
	}
	osc52(rs_step_headline(st)->remedy);
	ui_message(ui, _("remedy copied to the clipboard (OSC 52)"));
	return UI_F_REDRAW;
}

static void wizard_close(struct ui *ui, struct ui_pane *pane)
{
	if (!ui->wizard)
		return;
	stop_tree(ui->wizard);
	free(ui->wizard);
	ui->wizard = NULL;
}

static const struct ui_key wizard_keys[] = {
	{ '\r', 0, "Enter", N_("run the tree under the cursor; on a step: re-run from it"), k_enter },
	{ '\n', 0, NULL, NULL, k_enter },
	{ KEY_ENTER, 0, NULL, NULL, k_enter },
	{ 't', 0, "t", N_("back to the list of trees"), k_trees },
	{ 'y', 0, "y", N_("copy the remedy to the clipboard (OSC 52)"), k_copy },
	{ 'a', 0, "a", N_("apply the cause's fix (its plan is on screen), then re-run"), k_apply },
	{ 'u', 0, "u", N_("undo the last fix, then re-run"), k_undo },
	{ 0 },
};

const struct ui_pane_class ui_pane_wizard = {
	.id = RS_PANE_WIZARD,
	.about = N_("guided troubleshooting: the decision trees, step by step, with the fix"),
	.draw = wizard_draw,
	.tick = wizard_tick,
	.close = wizard_close,
	.keys = wizard_keys,
};
