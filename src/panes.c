/* SPDX-License-Identifier: MIT */
/*
 * panes.c - the table of the console's panes (panes.h): names, short
 * names, numbers.  Ten panes, so every number is one key (1-9, and 0 for
 * the tenth, as on the keyboard).  The names are marked for translation
 * (N_): the console and rs_pane_ref() show them translated, the CLI's
 * arguments and rs_pane_ref_en() (a finding's English summary) use them
 * as they are.
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

/* fmt in English (en), or in the reader's language. */
static const char *lang(int en, const char *fmt) __attribute__((format_arg(2)));
static const char *lang(int en, const char *fmt)
{
	return en ? fmt : _(fmt);
}

static const char *pane_ref(char *buf, size_t len, enum rs_pane p, const char *then, int en)
{
	const char *name = lang(en, rs_pane_name(p));

	if (then)
		/* TRANSLATORS: a pane's name, its number (the key that opens
		 * it), then the key to press there. */
		snprintf(buf, len, lang(en, N_("the %s pane (%d, then %s)")), name,
			 rs_pane_number(p), then);
	else
		/* TRANSLATORS: a pane's name, then its number (its key). */
		snprintf(buf, len, lang(en, N_("the %s pane (%d)")), name, rs_pane_number(p));
	return buf;
}

const char *rs_pane_ref(char *buf, size_t len, enum rs_pane p, const char *then)
{
	return pane_ref(buf, len, p, then, 0);
}

const char *rs_pane_ref_en(char *buf, size_t len, enum rs_pane p, const char *then)
{
	return pane_ref(buf, len, p, then, 1);
}
