/* SPDX-License-Identifier: MIT */
/*
 * pane_capture.h - what the Capture pane's two files share: the view's
 * state (filter, scroll-back, the sniffer question) kept in struct ui.
 * pane_capture.c picks the source and reads keys; pane_capture_draw.c
 * draws.  The capture itself belongs to the session.
 */
#ifndef RS_UI_PANE_CAPTURE_H
#define RS_UI_PANE_CAPTURE_H

#include "ui/ui.h"

#include <stdint.h>

/* A view-side filter over the ring and the flows; all parts set must match. */
struct ui_cap_filter {
	char text[256];		/* as typed, "" none */
	int has_qp, has_ip;
	uint32_t qp;		/* destination QP */
	uint8_t ip[16];		/* source or destination, IPv4-mapped */
	char op[32];		/* "0x04" or a word of the opcode's name, "" none */
};

struct ui_capture {
	int started_once;		/* the default source was started on first view */
	struct ui_cap_filter filter;
	int back;			/* packets scrolled back from the newest */
	int list_rows;			/* rows the packet list had at the last draw */
	int hscroll;			/* packet lines shown from this column */
	char confirm[RS_NAME_LEN];	/* the sniffer's device, asked about */
	char write_path[256];		/* the pcap file being written */
	char say[RS_MSG_LEN];		/* the last message, until the next key */
	int say_start;			/* say is "capturing: ...", true while it runs */
};

struct ui_capture *ui_cap(struct ui *ui);
/* The netdev the user is on: the selected RDMA port's, else the route's. */
const char *ui_capture_default_netdev(struct ui *ui);
/* Start the default source the first time the pane is shown. */
void ui_capture_autostart(struct ui *ui);
/* A capture that ended (end of file, a damaged file) no longer says
 * "capturing": the message becomes how it ended. */
void ui_capture_settle(struct ui *ui);
void ui_capture_draw(struct ui *ui, struct ui_pane *p);

#endif
