/* SPDX-License-Identifier: MIT */
/*
 * wizard_fix.h - the Wizard's fix of its cause (wizard_fix.c): the plan on
 * screen, `a` applies it and `u` undoes, both in the background.
 */
#ifndef RS_UI_WIZARD_FIX_H
#define RS_UI_WIZARD_FIX_H

#include "diag/check.h"

struct ui;
struct ui_pane;

/* Under the cause (fixed rows) or a selected step: its plan and the last
 * fix's outcome; 1 when it has a plan. */
int ui_fix_draw(struct ui *ui, struct ui_pane *pane, const struct rs_finding *f, int fixed);
/* `a`: ask what the site must say, then apply the cause's plan. */
int ui_fix_apply(struct ui *ui, const struct rs_finding *cause);
/* `u`: undo the last change set. */
int ui_fix_undo(struct ui *ui);
/* 1 once when a fix job has ended (the Wizard then re-runs its step). */
int ui_fix_ended(struct ui *ui);

#endif
