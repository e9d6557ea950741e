/* SPDX-License-Identifier: MIT */
/*
 * i18n.h - the reader's language: gettext for every message a person
 * reads, English for everything a program reads.
 *
 * _("…") marks a message and translates it where it is used; N_("…")
 * only marks it, for tables (check titles, explain entries) that are
 * translated where they are shown.  A command whose output is read by
 * programs (--json, the exporter, snapshots, recordings) calls
 * rs_i18n_machine() before it formats anything: from then on every _()
 * is the English original, so that output is byte-identical in every
 * locale.  Without NLS (configure --disable-nls) nothing is translated.
 */
#ifndef RS_I18N_H
#define RS_I18N_H

#define RS_TEXT_DOMAIN "rocescope"

/* Bind the message catalogue and take LC_MESSAGES and LC_CTYPE from the
 * environment (never LC_NUMERIC: numbers in output stay "1.5").  The
 * catalogue is read from LOCALEDIR, or from $ROCESCOPE_LOCALEDIR
 * (DIR/zh_CN/LC_MESSAGES/rocescope.mo) when that is set. */
void rs_i18n_init(void);
/* From now on English whatever the locale. */
void rs_i18n_machine(void);
/* 1 when messages are being translated (a catalogue for the locale is
 * loaded and machine mode is off). */
int rs_i18n_translating(void);

/* The translation of msgid, or msgid itself. */
const char *rs_tr(const char *msgid) __attribute__((format_arg(1)));
/* The singular or plural form for n. */
const char *rs_trn(const char *one, const char *many, unsigned long n)
	__attribute__((format_arg(1), format_arg(2)));

#define _(s) rs_tr(s)
#define N_(s) s

#endif
