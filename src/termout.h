/* SPDX-License-Identifier: MIT */
/*
 * termout.h - printf for text that may come from outside (sysfs, a saved
 * snapshot, a peer, a packet, a file name), made safe for a terminal.
 *
 * rs_tprintf() is printf with one difference: every %s (and %c) argument
 * is passed through rs_escape_text() first, so an ESC, BEL, C1 control,
 * bidirectional override or invalid UTF-8 byte in a board_id, a hostname
 * or a GID file is printed as \x1b, \u009b ... and never reaches the
 * terminal raw.  The format string itself is the program's own and is
 * printed as is (its \n end lines).  The field width of a %s counts
 * characters of the escaped text, not bytes (terminal columns when
 * messages are translated), so a column holding UTF-8 or an escape still
 * lines up; a precision takes that many characters of the
 * argument before it is escaped.  Numbers are formatted by the C library
 * exactly as printf would.
 *
 * The consequence for callers: a %s argument must not carry layout of its
 * own (a "\n" passed as an argument prints as the two characters \n); put
 * line breaks in the format.  The compiler checks the arguments against
 * the format (RS_PRINTF), as for printf.
 */
#ifndef RS_TERMOUT_H
#define RS_TERMOUT_H

#include <stdarg.h>
#include <stdio.h>

#include "util.h"

/* Bytes written, or -1 when writing failed. */
int rs_tprintf(FILE *f, const char *fmt, ...) RS_PRINTF(2, 3);
int rs_vtprintf(FILE *f, const char *fmt, va_list ap);
/* The characters a %s of s takes once escaped: what a field width counts,
 * so a table can size its columns from the data it will print.  When
 * messages are translated, both count terminal columns (a Chinese
 * character is two), so a translated heading keeps its table aligned. */
size_t rs_tchars(const char *s);
/* Terminal columns of the first n bytes of the program's own text (a
 * message, maybe translated): characters, or wcwidth() of each when
 * messages are translated.  What help wraps and pads by. */
size_t rs_tcols(const char *s, size_t n);
/* The same into a new string (rs_xmalloc'd; free() it). */
char *rs_tasprintf(const char *fmt, ...) RS_PRINTF(1, 2);
char *rs_vtasprintf(const char *fmt, va_list ap);
/*
 * Text of several lines from outside (another program's output): every
 * line escaped, the newlines between them kept.  Bytes written, or -1.
 */
int rs_tput_lines(FILE *f, const char *text);

#endif
