/* SPDX-License-Identifier: MIT */
/*
 * panes.c - the list of panes, in tab order.  Adding a pane: write
 * ui/pane_NAME.c ending with its `const struct ui_pane_class`, declare it
 * here and add one line to the list (and its file to ui/local.mk).
 */
#include "ui/ui.h"

extern const struct ui_pane_class ui_pane_overview;
extern const struct ui_pane_class ui_pane_devices;
extern const struct ui_pane_class ui_pane_gids;
extern const struct ui_pane_class ui_pane_counters;
extern const struct ui_pane_class ui_pane_network;
extern const struct ui_pane_class ui_pane_host;
extern const struct ui_pane_class ui_pane_wizard;
extern const struct ui_pane_class ui_pane_capture;
extern const struct ui_pane_class ui_pane_tests;
extern const struct ui_pane_class ui_pane_qps;

const struct ui_pane_class *const ui_pane_list[] = {
	&ui_pane_overview,
	&ui_pane_devices,
	&ui_pane_gids,
	&ui_pane_counters,
	&ui_pane_network,
	&ui_pane_host,
	&ui_pane_wizard,
	&ui_pane_capture,
	&ui_pane_tests,
	&ui_pane_qps,
	NULL,
};
