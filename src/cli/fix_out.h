/* SPDX-License-Identifier: MIT */
/*
 * fix_out.h - what `rocescope fix` prints (cmd_fix_out.c): the plan, each
 * change as it happens, a change set with the verdicts after it, the
 * journal's list; text and JSON from the same functions.  Each returns
 * the command's exit code for what it printed (cmd_fix.c's table).
 */
#ifndef RS_CLI_FIX_OUT_H
#define RS_CLI_FIX_OUT_H

#include "cli/view.h"
#include "fix/fix.h"

/* The plan (applying: before --apply makes it). */
void rs_fix_print_plan(struct rs_view *v, const struct rs_fix_plan *plan, int applying);
/* The plan without --apply, with what applying would refuse: its exit code. */
int rs_fix_print_dry(struct rs_view *v, struct rs_fix_plan *plan, const struct rs_fix_env *env,
		     int dry_run);
/* One change as it is made or undone (text only; env->progress). */
void rs_fix_print_progress(const struct rs_fix_entry *e, void *arg);
/* A change set applied (undo 0) or undone, and the checks after it;
 * unplanned: the plan's changes that could not be made part of it. */
int rs_fix_print_set(struct rs_view *v, const struct rs_fix_set *set,
		     const struct rs_fix_env *env, int undo, size_t unplanned);
/* No change set after all: --json's change_set null, after [] and the
 * outcome.  Returns code. */
int rs_fix_print_none(struct rs_view *v, int code, const char *outcome);
/* fix --list. */
int rs_fix_print_list(struct rs_view *v, const struct rs_fix_env *env);

#endif
