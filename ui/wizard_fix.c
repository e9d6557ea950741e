/* SPDX-License-Identifier: MIT */
/*
 * wizard_fix.c - the Wizard's fix: under the cause, the plan that would
 * make its check pass (src/fix/: what changes, from what to what, the
 * command, whether it lasts), "a: apply this fix", "u: undo".
 *
 * `a` asks first for what only the site knows (the MTU, the RoCE
 * priority, how many huge pages) on the input line, as a profile key,
 * then runs `rocescope fix CHECK --object OBJECT --apply` through the
 * session's fix job (a child: the screen stays live, the journal and the
 * lock are the command's).  When it ends the session has read the host
 * again and the Wizard re-runs the step (ui_fix_ended()).  `u` runs
 * `rocescope fix --undo` the same way.  One console per process: the
 * answers given and the pending question live here.
 */
#include "fix/fix.h"
#include "session/fix_job.h"
#include "ui/ui.h"
#include "ui/wizard_fix.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

#define MAX_SET 8

static struct {
	char sets[MAX_SET][RS_NAME_LEN + 32];	/* "mtu=9000": the answers, passed on */
	int n_sets;
	struct rs_finding cause;	/* the cause `a` was pressed on */
	const char *asking;		/* the profile key being asked for */
	int was_running;
} fx;

static void plan_of(struct ui *ui, const struct rs_finding *f, struct rs_fix_plan *plan)
{
	struct rs_fix_opts o = {
		.profile = ui->sess.params.profile,
		.peer = ui->sess.peer[0] ? ui->sess.peer : NULL,
	};

	memset(plan, 0, sizeof(*plan));
	rs_fix_plan_finding(plan, &ui->sess.snap, f, &o);
	rs_fix_files_done(plan);
}

/* One row: under the cause a fixed one, under a step a scrolling one;
 * what does not fit ends with the cut mark (ui_put). */
static void row(struct ui_pane *pane, enum ui_role r, int fixed, const char *text)
{
	struct ui_pen pen;

	if (fixed)
		ui_line_fixed(pane, &pen);
	else
		ui_line(pane, &pen);
	ui_col(&pen, fixed ? 1 : 9);
	ui_put(&pen, r, text);
}

/* A step in a few words: "a2 MTU: 1500 -> 9000 (runtime only)". */
static void step_words(const struct rs_fix_step *st, char *buf, size_t len)
{
	if (st->blocked[0])
		snprintf(buf, len, "%.200s: %.250s", st->what, st->need ?
			 _("the site's value is asked") : st->blocked);
	else if (st->kind == RS_FIX_FILE)
		snprintf(buf, len, _("%.200s written whole"), st->what);
	else
		snprintf(buf, len, "%.200s: %.100s -> %.100s (%s)", st->what, st->cur, st->want,
			 st->persists ? _("lasts") : _("runtime only"));
}

static const char *outcome(int code)
{
	return code == 0 ? _("nothing to do") : code == 5 ? _("done") : code == 1 ?
	       _("some not fixed") : code == 4 ? _("could not run") : _("failed");
}

/*
 * Three rows at most, so the walk keeps its room on 80x24: the keys and
 * how many changes (`rocescope fix CHECK` prints them all), the first
 * change, how the last fix went.  Only where the host can be
 * changed: a recorded one (the demo, a file) shows no fix.
 */
int ui_fix_draw(struct ui *ui, struct ui_pane *pane, const struct rs_finding *f, int fixed)
{
	const struct rs_session_fix_end *end = rs_session_fix_end(&ui->sess);
	struct rs_fix_plan plan;
	char line[RS_MSG_LEN * 4], first[RS_MSG_LEN * 2];
	size_t n;

	if (!rs_session_can_fix(&ui->sess))
		return 0;
	plan_of(ui, f, &plan);
	n = plan.n;
	if (n) {
		snprintf(line, sizeof(line),
			 rs_trn("a: apply this fix   u: undo   (%zu change; all of them: "
				"rocescope fix %s)", "a: apply this fix   u: undo   (%zu changes; "
				"all of them: rocescope fix %s)", n), n, f->id);
		row(pane, UI_R_PICK, fixed, line);
		step_words(&plan.steps[0], first, sizeof(first));
		snprintf(line, sizeof(line), _("fix: %s%s"), first, n > 1 ? ", ..." : "");
		row(pane, UI_R_PICK, fixed, line);
	}
	rs_fix_plan_free(&plan);
	if (end && end->running) {
		snprintf(line, sizeof(line), _("... %s: running in the background"), end->what);
		row(pane, UI_R_WARN, fixed, line);
	} else if (end) {
		snprintf(line, sizeof(line), "%s: %s (%s)%s%s", end->what, outcome(end->code),
			 end->status, end->message[0] ? ": " : "", end->message);
		row(pane, end->code == 5 || end->code == 0 ? UI_R_OK : UI_R_BAD, fixed, line);
	}
	return n > 0;
}

static void start(struct ui *ui, const char *const *args, const char *what)
{
	char err[RS_MSG_LEN];

	if (rs_session_fix_start(&ui->sess, args, what, err, sizeof(err))) {
		ui_message(ui, "%s", err);
		return;
	}
	/* Seen running from now on, however soon it ends. */
	fx.was_running = 1;
	ui_message(ui, _("%s: running in the background (the step re-runs after it)"), what);
}

/* The answer to the question on the input line: a site value, then on. */
static void answered(struct ui *ui, const char *text)
{
	struct rs_session *s = &ui->sess;
	char err[RS_MSG_LEN];

	if (!fx.asking || !text[0])
		return;
	if (!s->params.profile) {
		rs_profile_init(&s->profile, "console");
		s->params.profile = &s->profile;
	}
	if (rs_profile_set(&s->profile, fx.asking, text, err, sizeof(err))) {
		ui_message(ui, "%s", err);
		return;
	}
	if (fx.n_sets < MAX_SET)
		snprintf(fx.sets[fx.n_sets++], sizeof(fx.sets[0]), "%s=%s", fx.asking, text);
	fx.asking = NULL;
	rs_session_recheck(s);
	ui_fix_apply(ui, &fx.cause);
}

int ui_fix_apply(struct ui *ui, const struct rs_finding *cause)
{
	static char prompt[RS_MSG_LEN];
	const char *args[8 + 2 * MAX_SET];
	struct rs_fix_plan plan;
	char what[64];
	size_t n = 0;

	if (cause != &fx.cause)
		fx.cause = *cause;
	plan_of(ui, &fx.cause, &plan);
	for (size_t i = 0; i < plan.n && !fx.asking; i++)
		fx.asking = plan.steps[i].need;
	n = plan.n;
	rs_fix_plan_free(&plan);
	if (!n) {
		ui_message(ui, "%s",
			   _("no fix for this cause (docs/fix.md lists the checks that have one)"));
		return 0;
	}
	if (fx.asking) {
		snprintf(prompt, sizeof(prompt), _("the site's %s (a profile value): "), fx.asking);

		ui_input_ask(ui, prompt, "", answered);
		return 0;
	}
	n = 0;
	args[n++] = fx.cause.id;
	args[n++] = "--object";
	args[n++] = fx.cause.object;
	args[n++] = "--apply";
	for (int i = 0; i < fx.n_sets; i++) {
		args[n++] = "--set";
		args[n++] = fx.sets[i];
	}
	args[n] = NULL;
	snprintf(what, sizeof(what), "fix %s", fx.cause.id);
	start(ui, args, what);
	return 1;
}

int ui_fix_undo(struct ui *ui)
{
	static const char *const args[] = { "--undo", NULL };

	start(ui, args, "undo");
	return 1;
}

int ui_fix_ended(struct ui *ui)
{
	const struct rs_session_fix_end *end = rs_session_fix_end(&ui->sess);
	int ended = fx.was_running && end && !end->running;

	if (ended)
		fx.was_running = 0;
	return ended;
}
