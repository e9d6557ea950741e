/* SPDX-License-Identifier: MIT */
/*
 * cmd_fix_out.c - the output of `rocescope fix` (fix_out.h).
 *
 * Text: the plan as numbered changes (check, object; what: current ->
 * new; the command a person would type; how it lasts), then what cannot
 * be planned and why; an apply prints each change as it is made, then the
 * verdict of every check it was for, read again.  --json prints the same
 * from the same loops (docs/cli.md, "rocescope fix").
 */
#include "cli/fix_out.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A file's lines, one under the other (text). */
static void text_lines(struct rs_pr *p, const char *lines)
{
	for (const char *s = lines; *s; ) {
		size_t n = strcspn(s, "\n");

		rs_pr_text(p, "       %.*s\n", (int)n, s);
		s += n + (s[n] == '\n');
	}
}

/*
 * One step of the plan, numbered n in text (0: not planned).  Text has
 * three shapes: a value (what: current -> new), a file (what, to hold: its
 * lines) and a step that cannot be planned (what: current; why not).
 */
static void print_step(struct rs_pr *p, const struct rs_fix_step *st, size_t n)
{
	int blocked = st->blocked[0] != '\0';
	int file = st->kind == RS_FIX_FILE && !blocked, value = !file && !blocked;

	rs_pr_obj_open(p, NULL);
	if (blocked)
		rs_pr_text(p, "  -  ");
	else
		rs_pr_text(p, "%3zu  ", n);
	rs_pr_str(p, "check", "%-20s ", st->check);
	rs_pr_str(p, "object", "%s\n", st->object);
	rs_pr_str(p, "kind", NULL, rs_fix_kind_name(st->kind));
	rs_pr_str(p, "what", file ? _("     %s, to hold:\n") : "     %s: ", st->what);
	rs_pr_str_or_null(p, "netdev", NULL, st->netdev);
	rs_pr_str(p, "target", NULL, st->target);
	rs_pr_str(p, "current", file ? NULL : blocked ? "%s\n" : "%s -> ", st->cur);
	rs_pr_str_or_null(p, "new", value ? "%s\n" : NULL, blocked ? "" : st->want);
	if (file)
		text_lines(p, st->want);
	/* TRANSLATORS: "command:", "persists:" and "not planned:" are labels
	 * under one another; the value starts in column 15. */
	rs_pr_str_or_null(p, "command", blocked ? NULL : _("     command:  %s\n"),
			  blocked ? "" : st->command);
	rs_pr_bool(p, "persists", NULL, st->persists);
	/* TRANSLATORS: %s says how the change lasts, or why it does not. */
	rs_pr_str(p, "persist", blocked ? NULL : file || st->persists ?
		  _("     persists: yes, %s\n") : _("     persists: no, %s\n"), st->persist);
	rs_pr_str_or_null(p, "blocked", blocked ? _("     not planned: %s\n") : NULL,
			  st->blocked);
	rs_pr_obj_close(p);
}

/* JSON: every step in the plan's order; text: the changes numbered, then
 * what cannot be planned. */
void rs_fix_print_plan(struct rs_view *v, const struct rs_fix_plan *plan, int applying)
{
	size_t ready = rs_fix_plan_ready(plan), n = 0;
	struct rs_pr *p = &v->pr;
	int passes = rs_pr_is_json(p) ? 1 : 2;

	rs_pr_str(p, "mode", NULL, applying ? "apply" : "plan");
	/* TRANSLATORS: %s is the host ("this host", "demo host", a file). */
	if (!plan->n)
		rs_pr_text(p, _("nothing to do: no failing or warning check has a fix here "
				"(%s)\n"), v->sess.label);
	/* TRANSLATORS: the count, then the host; printed by rs_tprintf, which
	 * takes no positional arguments (%1$s): keep this order. */
	else if (applying)
		rs_pr_text(p, rs_trn("plan: %zu change on %s\n", "plan: %zu changes on %s\n",
				     ready), ready, v->sess.label);
	/* TRANSLATORS: as above: the count, then the host, in this order. */
	else
		rs_pr_text(p, rs_trn("plan: %zu change on %s (nothing is changed: --apply makes "
				     "them)\n", "plan: %zu changes on %s (nothing is changed: "
				     "--apply makes them)\n", ready), ready, v->sess.label);
	rs_pr_arr_open(p, "plan");
	for (int pass = 0; pass < passes; pass++) {
		if (pass && ready < plan->n && ready)
			rs_pr_text(p, "\n");
		if (pass && ready < plan->n)
			rs_pr_text(p, _("cannot be planned as things are:\n"));
		for (size_t i = 0; i < plan->n; i++) {
			const struct rs_fix_step *st = &plan->steps[i];

			if (passes == 1 || !st->blocked[0] == !pass)
				print_step(p, st, st->blocked[0] ? 0 : ++n);
		}
	}
	rs_pr_arr_close(p);
}

int rs_fix_print_dry(struct rs_view *v, struct rs_fix_plan *plan, const struct rs_fix_env *env,
		     int dry_run)
{
	char need[1024];
	size_t ready;
	int denied;

	/* What applying would refuse shows in the plan already. */
	denied = rs_session_can_fix(&v->sess) ?
		 rs_fix_preflight(plan, env, need, sizeof(need)) != 0 : 0;
	rs_fix_print_plan(v, plan, 0);
	ready = rs_fix_plan_ready(plan);
	rs_pr_bool(&v->pr, "dry_run", NULL, 1);
	rs_pr_str_or(&v->pr, "needs", _("\napplying it needs %s\n"), denied ? need : "", NULL);
	rs_pr_str(&v->pr, "outcome", NULL, !plan->n ? "nothing to do" : ready == plan->n ?
		  "all can be fixed" : "some cannot be fixed");
	(void)dry_run;
	return !plan->n ? RS_EXIT_OK : ready == plan->n ? RS_EXIT_FIXED : RS_EXIT_FAIL;
}

void rs_fix_print_progress(const struct rs_fix_entry *e, void *arg)
{
	const char *st = rs_fix_state_name(e->state);
	char old[RS_FIX_VAL_LEN], want[RS_FIX_VAL_LEN];

	rs_fix_entry_value(e, 0, old, sizeof(old));
	rs_fix_entry_value(e, 1, want, sizeof(want));
	/* TRANSLATORS: the change's state, what it changed, the value put back;
	 * the last two %s are ": " and the action's message, or nothing. */
	if (e->state == RS_FIXS_UNDONE || e->state == RS_FIXS_UNDO_FAILED)
		rs_tprintf(stdout, _("  %-11s %s: back to %s%s%s\n"), st, e->what, old,
			   e->message[0] ? ": " : "", e->message);
	else
		rs_tprintf(stdout, "  %-11s %s: %s -> %s%s%s\n", st, e->what, old, want,
			   e->message[0] ? ": " : "", e->message);
}

/* A change of a set: text (listing only) its state, what, old -> new. */
static void print_entry(struct rs_pr *p, const struct rs_fix_entry *e, int listing)
{
	char old[RS_FIX_VAL_LEN], want[RS_FIX_VAL_LEN];

	rs_pr_obj_open(p, NULL);
	if (rs_pr_is_json(p))
		rs_fix_json_entry_head(p->j, e);	/* the journal's own members */
	rs_pr_str(p, "target", NULL, e->target);
	rs_pr_str(p, "old", NULL, e->old);
	rs_pr_str(p, "new", NULL, e->want);
	rs_pr_str(p, "state", listing ? "     %-11s " : NULL, rs_fix_state_name(e->state));
	rs_pr_str_or_null(p, "message", NULL, e->message);
	rs_pr_obj_close(p);
	if (listing && !rs_pr_is_json(p)) {
		rs_fix_entry_value(e, 0, old, sizeof(old));
		rs_fix_entry_value(e, 1, want, sizeof(want));
		rs_pr_text(p, "%s: %s -> %s\n", e->what, old, want);
	}
}

/* A change set: JSON in full; text (listing only) a line, then its changes. */
static void print_set(struct rs_pr *p, const struct rs_fix_set *set, const char *dir,
		      int listing)
{
	char path[4300];

	snprintf(path, sizeof(path), "%s/changes/%u.json", dir, set->id);
	rs_pr_obj_open(p, NULL);
	if (rs_pr_is_json(p))
		rs_fix_json_head(p->j, set);	/* the journal's own members */
	if (listing && set->undone)
		/* TRANSLATORS: the set's number, when, who, then its command line. */
		rs_pr_text(p, _("%3u  %s  %s  (undone)\n     %s\n"), set->id, set->started,
			   set->who, set->command);
	else if (listing)
		rs_pr_text(p, "%3u  %s  %s\n     %s\n", set->id, set->started, set->who,
			   set->command);
	rs_pr_str(p, "journal", NULL, path);
	rs_pr_bool(p, "undone", NULL, set->undone);
	rs_pr_arr_open(p, "changes");
	for (size_t i = 0; i < set->n; i++)
		print_entry(p, &set->entries[i], listing);
	rs_pr_arr_close(p);
	rs_pr_obj_close(p);
}

/* (check, object) pairs already printed by after(). */
struct seen {
	char key[64][RS_NAME_LEN + RS_TEXT_LEN];
	size_t n;
};

static int seen_once(struct seen *s, const char *id, const char *object)
{
	char key[RS_NAME_LEN + RS_TEXT_LEN];

	snprintf(key, sizeof(key), "%s %s", id, object);
	for (size_t i = 0; i < s->n; i++)
		if (!strcmp(s->key[i], key))
			return 1;
	if (s->n < RS_ARRAY_SIZE(s->key))
		RS_STRCPY(s->key[s->n++], key);
	return 0;
}

/* The findings of check id about object, as they are now; problems counted. */
static int after_one(struct rs_view *v, const char *id, const char *object, int *header)
{
	const struct rs_findings *fs = &v->sess.findings;
	struct rs_pr *p = &v->pr;
	int bad = 0;

	for (const struct rs_finding *f = rs_findings_get(fs, id, object); f;
	     f = rs_findings_next(fs, f, id, object)) {
		bad += rs_finding_is_problem(f);
		if (!(*header)++)
			rs_pr_text(p, _("after:\n"));
		rs_pr_obj_open(p, NULL);
		rs_pr_text(p, "  %-4s  ", rs_verdict_mark(f->verdict));
		rs_pr_str(p, "id", "%-20s ", f->id);
		rs_pr_str(p, "verdict", NULL, rs_verdict_name(f->verdict));
		rs_pr_str(p, "object", "%-14s  ", f->object);
		rs_pr_str(p, "summary", "%s\n", f->summary);
		rs_pr_obj_close(p);
	}
	return bad;
}

/* The finding now of every check each change was for, once each; the
 * number still a problem. */
static int after(struct rs_view *v, const struct rs_fix_set *set)
{
	struct seen *seen = rs_xcalloc(1, sizeof(*seen));
	int bad = 0, header = 0;

	rs_pr_arr_open(&v->pr, "after");
	for (size_t i = 0; i < set->n; i++) {
		const struct rs_fix_entry *e = &set->entries[i];
		char also[RS_MSG_LEN], *save = NULL;

		if (!seen_once(seen, e->check, e->object))
			bad += after_one(v, e->check, e->object, &header);
		RS_STRCPY(also, e->also);
		for (char *id = strtok_r(also, " ", &save); id; id = strtok_r(NULL, " ", &save))
			if (!seen_once(seen, id, e->object))
				bad += after_one(v, id, e->object, &header);
	}
	rs_pr_arr_close(&v->pr);
	free(seen);
	return bad;
}

int rs_fix_print_none(struct rs_view *v, int code, const char *outcome)
{
	rs_pr_null(&v->pr, "change_set", NULL, NULL);
	rs_pr_arr_open(&v->pr, "after");
	rs_pr_arr_close(&v->pr);
	rs_pr_str(&v->pr, "outcome", NULL, outcome);
	return code;
}

int rs_fix_print_set(struct rs_view *v, const struct rs_fix_set *set,
		     const struct rs_fix_env *env, int undo, size_t unplanned)
{
	struct rs_pr *p = &v->pr;
	size_t done = 0, n = 0;
	int bad, fixed;
	enum rs_fix_state ok = undo ? RS_FIXS_UNDONE : RS_FIXS_APPLIED;

	/* Undo: only the changes that had been made count. */
	for (size_t i = 0; i < set->n; i++) {
		enum rs_fix_state st = set->entries[i].state;

		done += st == ok;
		n += !undo || st == RS_FIXS_UNDONE || st == RS_FIXS_UNDO_FAILED;
	}
	/* TRANSLATORS: the set's number, the changes done, of how many, then the
	 * journal's directory and the set's number again. */
	if (undo)
		rs_pr_text(p, rs_trn("\nchange set %u undone: %zu of %zu change put back "
				     "(journal %s/changes/%u.json)\n", "\nchange set %u undone: "
				     "%zu of %zu changes put back (journal %s/changes/%u.json)\n",
				     n), set->id, done, n, env->state_dir, set->id);
	else
		rs_pr_text(p, rs_trn("\nchange set %u applied: %zu of %zu change made (journal "
				     "%s/changes/%u.json)\n", "\nchange set %u applied: %zu of "
				     "%zu changes made (journal %s/changes/%u.json)\n", n),
			   set->id, done, n, env->state_dir, set->id);
	if (rs_pr_is_json(p)) {
		rs_json_key(p->j, "change_set");
		print_set(p, set, env->state_dir, 0);
	}
	bad = after(v, set);
	/* Undone: the problems are back, as they were; only the values count. */
	if (undo) {
		rs_pr_str(p, "outcome", NULL, done == n ? "all undone" : "some not undone");
		return done == n ? RS_EXIT_FIXED : RS_EXIT_FAIL;
	}
	fixed = done == set->n && !bad && !unplanned;
	rs_pr_str(p, "outcome", NULL, fixed ? "all fixed" : "some not fixed");
	if (!fixed) {
		char made[64], still[64];

		snprintf(made, sizeof(made), rs_trn("%zu change not made", "%zu changes not made",
						    set->n - done), set->n - done);
		snprintf(still, sizeof(still), rs_trn("%d finding still a problem",
						      "%d findings still a problem", bad), bad);
		/* TRANSLATORS: "N changes not made", then how many steps were not
		 * planned, "N findings still a problem", and the change set's number. */
		rs_pr_text(p, _("some not fixed: %s, %zu not planned (above), %s (rocescope fix "
				"--undo %u puts back what was made)\n"), made, unplanned, still,
			   set->id);
	}
	return fixed ? RS_EXIT_FIXED : RS_EXIT_FAIL;
}

int rs_fix_print_list(struct rs_view *v, const struct rs_fix_env *env)
{
	struct rs_fix_set *sets;
	char err[RS_MSG_LEN];
	size_t n;

	rs_fix_list(env, &sets, &n, err, sizeof(err));
	rs_pr_str(&v->pr, "mode", NULL, "list");
	if (!n)
		rs_pr_text(&v->pr, _("no change set in %s\n"), env->state_dir);
	rs_pr_arr_open(&v->pr, "change_sets");
	for (size_t i = 0; i < n; i++) {
		print_set(&v->pr, &sets[i], env->state_dir, 1);
		rs_fix_set_free(&sets[i]);
	}
	rs_pr_arr_close(&v->pr);
	free(sets);
	return RS_EXIT_OK;
}
