/* SPDX-License-Identifier: MIT */
/*
 * console_panes.c - the pane classes, in the order of the pane table
 * (src/panes.h), which gives their numbers and names.  Adding a pane: give
 * it a place and names in src/panes.[ch], write ui/pane_NAME.c ending with
 * its `const struct ui_pane_class` (.id its place), declare it here and add
 * one line to the list (and its file to ui/local.mk).
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

const struct ui_pane_class *const ui_pane_list[RS_PANE_COUNT] = {
	[RS_PANE_OVERVIEW] = &ui_pane_overview,
	[RS_PANE_DEVICES] = &ui_pane_devices,
	[RS_PANE_GIDS] = &ui_pane_gids,
	[RS_PANE_COUNTERS] = &ui_pane_counters,
	[RS_PANE_NETWORK] = &ui_pane_network,
	[RS_PANE_HOST] = &ui_pane_host,
	[RS_PANE_WIZARD] = &ui_pane_wizard,
	[RS_PANE_CAPTURE] = &ui_pane_capture,
	[RS_PANE_TESTS] = &ui_pane_tests,
	[RS_PANE_QPS] = &ui_pane_qps,
};
