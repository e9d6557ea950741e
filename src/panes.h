/* SPDX-License-Identifier: MIT */
/*
 * panes.h - the console's panes as everyone names them: their order (the
 * number that is their key and their tab), their names and the short
 * names of an 80-column tab bar.
 *
 * The console (ui/console_panes.c) builds its tabs from this table, and a text of
 * the core that sends the reader to a pane (a check's remedy, a skip's
 * reason) asks it for the number, so "the Tests pane (9)" cannot drift
 * from the key that opens it.  The core never includes ui/: this is the
 * one place both sides read.
 */
#ifndef RS_PANES_H
#define RS_PANES_H

#include <stddef.h>

/* In tab order: RS_PANE_x + 1 is the pane's number and its key (0 for
 * the tenth, as on the keyboard). */
enum rs_pane {
	RS_PANE_OVERVIEW,
	RS_PANE_DEVICES,
	RS_PANE_GIDS,
	RS_PANE_COUNTERS,
	RS_PANE_NETWORK,
	RS_PANE_HOST,
	RS_PANE_WIZARD,
	RS_PANE_CAPTURE,
	RS_PANE_TESTS,
	RS_PANE_QPS,		/* the tenth: key 0, as on the keyboard */
	RS_PANE_COUNT,
};

/* "Tests" */
const char *rs_pane_name(enum rs_pane p);
/* "Test": at most 4 characters, what an 80-column tab bar shows */
const char *rs_pane_short(enum rs_pane p);
/* 9: the number on its tab, which is its key (the tenth pane: 0) */
int rs_pane_number(enum rs_pane p);
/* "the Tests pane (9)" into buf; with a key, "the Capture pane (8, then s)". */
const char *rs_pane_ref(char *buf, size_t len, enum rs_pane p, const char *then);

#endif
