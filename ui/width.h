/* SPDX-License-Identifier: MIT */
/*
 * width.h - text measured as the terminal shows it: display columns
 * (wcwidth), not bytes and not characters.  A CJK character takes two
 * columns, an accented Latin letter one, a byte that is not valid in the
 * locale's encoding one (the console draws it as '?').  Every cut ends on
 * a whole character; where half of a double-width glyph would stand, a
 * space stands instead, so what follows keeps its column.
 *
 * No curses here: the pen (theme.c) and the panes build on these, and the
 * unit test (tests/test_ui_width.c) runs them without a terminal.
 */
#ifndef RS_UI_WIDTH_H
#define RS_UI_WIDTH_H

#include <stdarg.h>
#include <stddef.h>

/* What ui_width_fit() saw in the part that fits. */
#define UI_W_ASCII 0x01		/* only ASCII */
#define UI_W_CLEAN 0x02		/* valid in the locale's encoding */

/* The longest start of s that takes at most avail columns: its columns;
 * *nbytes its bytes, *flags UI_W_* (NULL: not wanted). */
int ui_width_fit(const char *s, int avail, size_t *nbytes, int *flags);
/* The columns s takes. */
int ui_width(const char *s);
/* The same for the first n bytes of s. */
int ui_width_n(const char *s, size_t n);
/*
 * s into dst (len bytes) in exactly width columns: padded with spaces on
 * the right (left != 0) or on the left, or cut at a whole character (and
 * filled with a space where a double-width glyph did not fit).  Returns
 * the bytes written (dst is always a string).
 */
size_t ui_width_pad(char *dst, size_t len, const char *s, int width, int left);
/* vsnprintf() whose %s width and precision count display columns: a
 * "%-10s" column of Chinese text lines up with the values under it. */
int ui_vformat(char *dst, size_t len, const char *fmt, va_list ap);
int ui_format(char *dst, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
