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

static const char *const upper[] = { "PASS", "WARN", "FAIL", "SKIP" };

/* A file's lines, one under the other. */
static void text_lines(const char *lines)
{
	for (const char *p = lines; *p; ) {
		size_t n = strcspn(p, "\n");

		rs_tprintf(stdout, "       %.*s\n", (int)n, p);
		p += n + (p[n] == '\n');
	}
}

static void text_step(const struct rs_fix_step *st, size_t n)
{
	if (st->kind == RS_FIX_FILE && !st->blocked[0]) {
		rs_tprintf(stdout, "%3zu  %-20s %s\n     %s, to hold:\n", n, st->check, st->object,
			   st->what);
		text_lines(st->want);
		rs_tprintf(stdout, "     command:  %s\n     persists: yes, %s\n", st->command,
			   st->persist);
	} else if (st->blocked[0])
		rs_tprintf(stdout, "  -  %-20s %s\n     %s: %s\n     not planned: %s\n",
			   st->check, st->object, st->what, st->cur, st->blocked);
	else
		rs_tprintf(stdout, "%3zu  %-20s %s\n     %s: %s -> %s\n     command:  %s\n"
			   "     persists: %s%s\n", n, st->check, st->object, st->what, st->cur,
			   st->want, st->command, st->persists ? "yes, " : "no, ", st->persist);
}

static void json_step(struct rs_json *j, const struct rs_fix_step *st)
{
	rs_json_obj_begin(j);
	rs_json_kv_str(j, "check", st->check);
	rs_json_kv_str(j, "object", st->object);
	rs_json_kv_str(j, "kind", rs_fix_kind_name(st->kind));
	rs_json_kv_str(j, "what", st->what);
	rs_json_kv_str_or_null(j, "netdev", st->netdev);
	rs_json_kv_str(j, "target", st->target);
	rs_json_kv_str(j, "current", st->cur);
	rs_json_kv_str_or_null(j, "new", st->blocked[0] ? "" : st->want);
	rs_json_kv_str_or_null(j, "command", st->blocked[0] ? "" : st->command);
	rs_json_kv_bool(j, "persists", st->persists);
	rs_json_kv_str(j, "persist", st->persist);
	rs_json_kv_str_or_null(j, "blocked", st->blocked);
	rs_json_obj_end(j);
}

void rs_fix_print_plan(struct rs_view *v, const struct rs_fix_plan *plan, int applying)
{
	size_t ready = rs_fix_plan_ready(plan), n = 0;

	if (v->j) {
		rs_json_kv_str(v->j, "mode", applying ? "apply" : "plan");
		rs_json_key(v->j, "plan");
		rs_json_arr_begin(v->j);
		for (size_t i = 0; i < plan->n; i++)
			json_step(v->j, &plan->steps[i]);
		rs_json_arr_end(v->j);
		return;
	}
	if (!plan->n) {
		rs_tprintf(stdout, "nothing to do: no failing or warning check has a fix here "
			   "(%s)\n", v->sess.label);
		return;
	}
	rs_tprintf(stdout, "plan: %zu change%s on %s%s\n", ready, ready == 1 ? "" : "s",
		   v->sess.label, applying ? "" : " (nothing is changed: --apply makes them)");
	for (size_t i = 0; i < plan->n; i++)
		if (!plan->steps[i].blocked[0])
			text_step(&plan->steps[i], ++n);
	if (ready < plan->n)
		rs_tprintf(stdout, ready ? "\ncannot be planned as things are:\n" :
			   "cannot be planned as things are:\n");
	for (size_t i = 0; i < plan->n; i++)
		if (plan->steps[i].blocked[0])
			text_step(&plan->steps[i], 0);
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
	if (v->j) {
		rs_json_kv_bool(v->j, "dry_run", 1);
		rs_json_kv_str_or_null(v->j, "needs", denied ? need : "");
		rs_json_kv_str(v->j, "outcome", !plan->n ? "nothing to do" : ready == plan->n ?
			       "all can be fixed" : "some cannot be fixed");
	} else if (denied) {
		rs_tprintf(stdout, "\napplying it needs %s\n", need);
	}
	(void)dry_run;
	return !plan->n ? RS_EXIT_OK : ready == plan->n ? RS_EXIT_FIXED : RS_EXIT_FAIL;
}

void rs_fix_print_progress(const struct rs_fix_entry *e, void *arg)
{
	const char *st = rs_fix_state_name(e->state);
	char old[RS_FIX_VAL_LEN], want[RS_FIX_VAL_LEN];

	rs_fix_entry_value(e, 0, old, sizeof(old));
	rs_fix_entry_value(e, 1, want, sizeof(want));
	if (e->state == RS_FIXS_UNDONE || e->state == RS_FIXS_UNDO_FAILED)
		rs_tprintf(stdout, "  %-11s %s: back to %s%s%s\n", st, e->what, old,
			   e->message[0] ? ": " : "", e->message);
	else
		rs_tprintf(stdout, "  %-11s %s: %s -> %s%s%s\n", st, e->what, old, want,
			   e->message[0] ? ": " : "", e->message);
}

static void json_entry(struct rs_json *j, const struct rs_fix_entry *e)
{
	rs_json_obj_begin(j);
	rs_fix_json_entry_head(j, e);
	rs_json_kv_str(j, "target", e->target);
	rs_json_kv_str(j, "old", e->old);
	rs_json_kv_str(j, "new", e->want);
	rs_json_kv_str(j, "state", rs_fix_state_name(e->state));
	rs_json_kv_str_or_null(j, "message", e->message);
	rs_json_obj_end(j);
}

static void json_set(struct rs_json *j, const struct rs_fix_set *set, const char *dir)
{
	char path[4300];

	snprintf(path, sizeof(path), "%s/changes/%u.json", dir, set->id);
	rs_json_obj_begin(j);
	rs_fix_json_head(j, set);
	rs_json_kv_str(j, "journal", path);
	rs_json_kv_bool(j, "undone", set->undone);
	rs_json_key(j, "changes");
	rs_json_arr_begin(j);
	for (size_t i = 0; i < set->n; i++)
		json_entry(j, &set->entries[i]);
	rs_json_arr_end(j);
	rs_json_obj_end(j);
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
	int bad = 0;

	for (const struct rs_finding *f = rs_findings_get(fs, id, object); f;
	     f = rs_findings_next(fs, f, id, object)) {
		bad += rs_finding_is_problem(f);
		if (!v->j) {
			if (!(*header)++)
				rs_tprintf(stdout, "after:\n");
			rs_tprintf(stdout, "  %-4s  %-20s %-14s  %s\n", upper[f->verdict], f->id,
				   f->object, f->summary);
			continue;
		}
		rs_json_obj_begin(v->j);
		rs_json_kv_str(v->j, "id", f->id);
		rs_json_kv_str(v->j, "verdict", rs_verdict_name(f->verdict));
		rs_json_kv_str(v->j, "object", f->object);
		rs_json_kv_str(v->j, "summary", f->summary);
		rs_json_obj_end(v->j);
	}
	return bad;
}

/* The finding now of every check each change was for, once each; the
 * number still a problem. */
static int after(struct rs_view *v, const struct rs_fix_set *set)
{
	struct seen *seen = rs_xcalloc(1, sizeof(*seen));
	int bad = 0, header = 0;

	if (v->j) {
		rs_json_key(v->j, "after");
		rs_json_arr_begin(v->j);
	}
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
	if (v->j)
		rs_json_arr_end(v->j);
	free(seen);
	return bad;
}

int rs_fix_print_none(struct rs_view *v, int code, const char *outcome)
{
	if (!v->j)
		return code;
	rs_json_kv_null(v->j, "change_set");
	rs_json_key(v->j, "after");
	rs_json_arr_begin(v->j);
	rs_json_arr_end(v->j);
	rs_json_kv_str(v->j, "outcome", outcome);
	return code;
}

int rs_fix_print_set(struct rs_view *v, const struct rs_fix_set *set,
		     const struct rs_fix_env *env, int undo, size_t unplanned)
{
	size_t done = 0, n = 0;
	int bad, fixed;
	enum rs_fix_state ok = undo ? RS_FIXS_UNDONE : RS_FIXS_APPLIED;

	/* Undo: only the changes that had been made count. */
	for (size_t i = 0; i < set->n; i++) {
		enum rs_fix_state st = set->entries[i].state;

		done += st == ok;
		n += !undo || st == RS_FIXS_UNDONE || st == RS_FIXS_UNDO_FAILED;
	}
	if (v->j) {
		rs_json_key(v->j, "change_set");
		json_set(v->j, set, env->state_dir);
	} else {
		rs_tprintf(stdout, "\nchange set %u %s: %zu of %zu change%s %s (journal %s/changes/"
			   "%u.json)\n", set->id, undo ? "undone" : "applied", done, n,
			   n == 1 ? "" : "s", undo ? "put back" : "made", env->state_dir,
			   set->id);
	}
	bad = after(v, set);
	/* Undone: the problems are back, as they were; only the values count. */
	if (undo) {
		if (v->j)
			rs_json_kv_str(v->j, "outcome", done == n ? "all undone" :
				       "some not undone");
		return done == n ? RS_EXIT_FIXED : RS_EXIT_FAIL;
	}
	fixed = done == set->n && !bad && !unplanned;
	if (v->j)
		rs_json_kv_str(v->j, "outcome", fixed ? "all fixed" : "some not fixed");
	else if (!fixed)
		rs_tprintf(stdout, "some not fixed: %zu change%s not made, %zu not planned (above), "
			   "%d finding%s still a problem (rocescope fix --undo %u puts back what was "
			   "made)\n", set->n - done, set->n - done == 1 ? "" : "s", unplanned, bad,
			   bad == 1 ? "" : "s", set->id);
	return fixed ? RS_EXIT_FIXED : RS_EXIT_FAIL;
}

int rs_fix_print_list(struct rs_view *v, const struct rs_fix_env *env)
{
	struct rs_fix_set *sets;
	char err[RS_MSG_LEN];
	size_t n;

	rs_fix_list(env, &sets, &n, err, sizeof(err));
	if (v->j) {
		rs_json_kv_str(v->j, "mode", "list");
		rs_json_key(v->j, "change_sets");
		rs_json_arr_begin(v->j);
	} else if (!n) {
		rs_tprintf(stdout, "no change set in %s\n", env->state_dir);
	}
	for (size_t i = 0; i < n; i++) {
		if (v->j) {
			json_set(v->j, &sets[i], env->state_dir);
		} else {
			rs_tprintf(stdout, "%3u  %s  %s%s\n     %s\n", sets[i].id, sets[i].started,
				   sets[i].who, sets[i].undone ? "  (undone)" : "", sets[i].command);
			for (size_t k = 0; k < sets[i].n; k++) {
				const struct rs_fix_entry *e = &sets[i].entries[k];
				char old[RS_FIX_VAL_LEN], want[RS_FIX_VAL_LEN];

				rs_fix_entry_value(e, 0, old, sizeof(old));
				rs_fix_entry_value(e, 1, want, sizeof(want));
				rs_tprintf(stdout, "     %-11s %s: %s -> %s\n",
					   rs_fix_state_name(e->state), e->what, old, want);
			}
		}
		rs_fix_set_free(&sets[i]);
	}
	if (v->j)
		rs_json_arr_end(v->j);
	free(sets);
	return RS_EXIT_OK;
}
