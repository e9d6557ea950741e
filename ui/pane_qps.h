/* SPDX-License-Identifier: MIT */
/*
 * pane_qps.h - what the QPs pane's logic (pane_qps.c) and its drawing
 * (pane_qps_draw.c) share: the order shown, the selected QP (kept by
 * identity across refreshes, as the order moves with the rates), and
 * whether its detail is open.
 */
#ifndef RS_UI_PANE_QPS_H
#define RS_UI_PANE_QPS_H

#include <stddef.h>

#include "model/qp_track.h"
#include "ui/ui.h"

struct ui_qps {
	size_t *order;			/* indices into the table, as shown */
	size_t n, cap;
	int kernel;			/* the kernel's own QPs shown too (k) */
	int detail;			/* Enter: the selected QP's counters and peer */
	int last_cursor;		/* pane->cursor at the last draw */
	int have_sel;
	char sel_dev[RS_NAME_LEN];	/* the selected QP */
	unsigned sel_lqpn, sel_pid;
	int sel_kernel;
};

struct ui_qps *ui_qps(struct ui *ui);
/* The shown QPs in order (filtered by the kernel toggle) into q->order. */
void ui_qps_order(struct ui *ui, const struct rs_qp_table *t);
/* The QP under the cursor, or NULL. */
const struct rs_qp_tracked *ui_qps_selected(struct ui *ui, const struct rs_qp_table *t);
/* The problems of the qp.* checks about the QPs, for the tab. */
int ui_qps_problems(const struct ui *ui);

void ui_qps_draw(struct ui *ui, struct ui_pane *pane);
/* Enter: the selected QP whole (pane_qps_draw.c). */
void ui_qps_draw_detail(struct ui *ui, struct ui_pane *pane, const struct rs_qp_table *t,
			const struct rs_qp_tracked *q);

#endif
