/* SPDX-License-Identifier: MIT */
/*
 * panes.c - the table of the console's panes (panes.h): names, short
 * names, numbers.  Ten panes, so every number is one key (1-9, and 0 for
 * the tenth, as on the keyboard).  The names are marked for translation
 * (N_): the console shows them translated, rs_pane_ref() and the CLI's
 * arguments use them as they are.
 */
#include "panes.h"
#include "i18n.h"

#include <stdio.h>

static const struct {
	const char *name, *short_name;
} panes[RS_PANE_COUNT] = {
	/* TRANSLATORS: a pane's name, then its short name for an 80-column
	 * tab bar: at most 4 display columns (two Chinese characters). */
	[RS_PANE_OVERVIEW] = { N_("Overview"), N_("Ovw") },
	[RS_PANE_DEVICES] = { N_("Devices"), N_("Dev") },
	[RS_PANE_GIDS] = { N_("GIDs"), N_("GID") },
	[RS_PANE_COUNTERS] = { N_("Counters"), N_("Cnt") },
	[RS_PANE_NETWORK] = { N_("Network"), N_("Net") },
	[RS_PANE_HOST] = { N_("Host"), N_("Host") },
	[RS_PANE_WIZARD] = { N_("Wizard"), N_("Wiz") },
	[RS_PANE_CAPTURE] = { N_("Capture"), N_("Cap") },
	[RS_PANE_TESTS] = { N_("Tests"), N_("Test") },
	[RS_PANE_QPS] = { N_("QPs"), N_("QPs") },
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
	return ((int)valid(p) + 1) % 10;	/* the tenth's tab and key: 0 */
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
