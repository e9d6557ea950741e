/* SPDX-License-Identifier: MIT */
/*
 * i18n.c - gettext behind _() (i18n.h), with a switch to English for
 * machine-readable output.
 */
#include "i18n.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>
#ifdef ENABLE_NLS
#include <libintl.h>
#ifndef LOCALEDIR
#define LOCALEDIR "/usr/share/locale"
#endif
#endif

static int machine;
static int translating;
#ifdef ENABLE_NLS
static const char *const header_msgid = "";
#endif

void rs_i18n_init(void)
{
	setlocale(LC_CTYPE, "");
#ifdef ENABLE_NLS
	const char *dir = getenv("ROCESCOPE_LOCALEDIR");

	setlocale(LC_MESSAGES, "");
	/* The build tree's catalogue, for tests before make install. */
	bindtextdomain(RS_TEXT_DOMAIN, dir && *dir ? dir : LOCALEDIR);
	bind_textdomain_codeset(RS_TEXT_DOMAIN, "UTF-8");
	textdomain(RS_TEXT_DOMAIN);
	/* A loaded catalogue translates "" to its header (a variable: xgettext
	 * would take a literal for a message). */
	translating = strcmp(gettext(header_msgid), "") != 0;
#endif
}

void rs_i18n_machine(void)
{
	machine = 1;
	/* strerror() and getopt's messages are the C library's own
	 * translations: English too, so an error inside JSON is the same
	 * in every locale. */
	setlocale(LC_MESSAGES, "C");
}

int rs_i18n_translating(void)
{
	return translating && !machine;
}

const char *rs_tr(const char *msgid)
{
#ifdef ENABLE_NLS
	if (rs_i18n_translating() && msgid && *msgid)
		return dgettext(RS_TEXT_DOMAIN, msgid);
#endif
	return msgid;
}

const char *rs_trn(const char *one, const char *many, unsigned long n)
{
#ifdef ENABLE_NLS
	if (rs_i18n_translating())
		return dngettext(RS_TEXT_DOMAIN, one, many, n);
#endif
	return n == 1 ? one : many;
}
