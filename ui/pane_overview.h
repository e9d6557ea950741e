/* SPDX-License-Identifier: MIT */
/*
 * pane_overview.h - what the Overview pane's two files share: the rows it
 * shows (every RDMA port, filtered and sorted) and how it draws them.
 */
#ifndef RS_UI_PANE_OVERVIEW_H
#define RS_UI_PANE_OVERVIEW_H

#include "model/port_rates.h"
#include "ui/ui.h"

enum ov_sort { OV_NAME, OV_TX, OV_RX, OV_UTIL, OV_PKTS, OV_SIGNALS, OV_SORTS };

struct ov_row {
	int dev, port;			/* indices in the snapshot */
	char name[RS_NAME_LEN + 8];	/* "mlx5_0/1" */
	struct rs_port_rates r;
};

struct ov_state {
	enum ov_sort sort;
	int reverse;
	int hide_idle;
	char filter[64];
	struct ov_row *rows;		/* the ports shown, in order */
	int n_rows, n_ports, n_idle_hidden;
};

extern struct ov_state ov;

/* Rows again from the session: every port, rates, filter, sort. */
void ov_rows(struct ui *ui);
const char *ov_sort_name(enum ov_sort s);
/* 1 when a port moved nothing and no signal rose. */
int ov_idle(const struct rs_port_rates *r);
/* 1 when some figure of the port is not provided by its NIC ("n/p"). */
int ov_has_np(const struct rs_port_rates *r);

void ov_draw(struct ui *ui, struct ui_pane *pane);

#endif
