/* SPDX-License-Identifier: MIT */
/*
 * panes.c - the table of the console's panes (panes.h): names, short
 * names, numbers.  Ten panes, so every number is one key (1-9, and 0 for
 * the tenth, as on the keyboard).
 */
#include "panes.h"

#include <stdio.h>

static const struct {
	const char *name, *short_name;
} panes[RS_PANE_COUNT] = {
	[RS_PANE_OVERVIEW] = { "Overview", "Ovw" },
	[RS_PANE_DEVICES] = { "Devices", "Dev" },
	[RS_PANE_GIDS] = { "GIDs", "GID" },
	[RS_PANE_COUNTERS] = { "Counters", "Cnt" },
	[RS_PANE_NETWORK] = { "Network", "Net" },
	[RS_PANE_HOST] = { "Host", "Host" },
	[RS_PANE_WIZARD] = { "Wizard", "Wiz" },
	[RS_PANE_CAPTURE] = { "Capture", "Cap" },
	[RS_PANE_TESTS] = { "Tests", "Test" },
	[RS_PANE_QPS] = { "QPs", "QPs" },
};

_Static_assert(RS_PANE_COUNT <= 10, "a pane beyond 10 has no key of its own");

static enum rs_pane valid(enum rs_pane p)
{
	return (unsigned)p < RS_PANE_COUNT ? p : RS_PANE_OVERVIEW;
}

const char *rs_pane_name(enum rs_pane p)
{
	return panes[valid(p)].name;
}

const char *rs_pane_short(enum rs_pane p)
{
	return panes[valid(p)].short_name;
}

int rs_pane_number(enum rs_pane p)
{
	return (int)valid(p) + 1;
}

const char *rs_pane_ref(char *buf, size_t len, enum rs_pane p, const char *then)
{
	if (then)
		snprintf(buf, len, "the %s pane (%d, then %s)", rs_pane_name(p),
			 rs_pane_number(p), then);
	else
		snprintf(buf, len, "the %s pane (%d)", rs_pane_name(p), rs_pane_number(p));
	return buf;
}
