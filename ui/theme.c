/* SPDX-License-Identifier: MIT */
/*
 * theme.c - colour roles, glyphs and the pen that panes write lines with.
 *
 * Roles are defined once here.  With colours each role is a colour pair
 * plus attributes; with NO_COLOR (https://no-color.org), or on a terminal
 * without colours, the same roles map to attributes only, and problems
 * show with bold/reverse.  Glyphs are UTF-8 box drawing and block
 * sparklines when the locale's codeset is UTF-8, ASCII otherwise.
 *
 * The pen clips at the pane's right edge and counts display columns
 * (ui/width.h: a CJK character takes two), not bytes, so a host name in
 * UTF-8 or a Chinese heading does not break the layout; ui_putf() pads
 * its %s fields by display columns too.  In a non-UTF-8 locale
 * non-ASCII bytes are printed as '?'.  A cut is never silent: the last
 * column shows the "more" glyph ('>' or an ellipsis).  ui_wrap() lays a
 * long text out over as many lines as it needs instead.
 */
#include "ui/curses.h"
#include "ui/ui.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

static const struct ui_glyphs glyphs_utf8 = {
	.hline = "\xe2\x94\x80", .vline = "\xe2\x94\x82", .sel = "\xe2\x96\xb6",
	.more = "\xe2\x80\xa6",
	.spark = { "\xe2\x96\x81", "\xe2\x96\x82", "\xe2\x96\x83", "\xe2\x96\x84",
		   "\xe2\x96\x85", "\xe2\x96\x86", "\xe2\x96\x87", "\xe2\x96\x88" },
};

static const struct ui_glyphs glyphs_ascii = {
	.hline = "-", .vline = "|", .sel = ">", .more = ">",
	.spark = { "_", ".", ",", "-", "=", "+", "*", "#" },
};

/* The same glyphs as wide strings, for the cchar_t fast paths. */
static const wchar_t *const wide_utf8[] = {
	L"\u2500", L"\u2581", L"\u2582", L"\u2583", L"\u2584", L"\u2585", L"\u2586",
	L"\u2587", L"\u2588",
};
static const wchar_t *const wide_ascii[] = {
	L"-", L"_", L".", L",", L"-", L"=", L"+", L"*", L"#",
};
static const wchar_t *const *wide = wide_ascii;	/* [0] hline, [1..8] spark */
static const struct ui_glyphs *glyphs = &glyphs_ascii;

struct role_style {
	short fg, bg;
	int color_attr;		/* extra attributes with colour */
	int mono_attr;		/* the whole style without colour */
};

static const struct role_style styles[UI_R_COUNT] = {
	[UI_R_NORMAL] = { -1, -1, A_NORMAL, A_NORMAL },
	[UI_R_TITLE] = { COLOR_CYAN, -1, A_BOLD, A_BOLD },
	[UI_R_TAB] = { -1, -1, A_NORMAL, A_NORMAL },
	[UI_R_TAB_ACTIVE] = { COLOR_BLACK, COLOR_CYAN, A_BOLD, A_REVERSE | A_BOLD },
	[UI_R_STATUS] = { COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_REVERSE },
	[UI_R_HEADER] = { COLOR_BLACK, COLOR_GREEN, A_NORMAL, A_UNDERLINE },
	[UI_R_CURSOR] = { COLOR_BLACK, COLOR_WHITE, A_NORMAL, A_REVERSE },
	[UI_R_OK] = { COLOR_GREEN, -1, A_NORMAL, A_NORMAL },
	[UI_R_WARN] = { COLOR_YELLOW, -1, A_BOLD, A_BOLD },
	[UI_R_BAD] = { COLOR_RED, -1, A_BOLD, A_BOLD | A_REVERSE },
	[UI_R_DIM] = { COLOR_BLUE, -1, A_BOLD, A_DIM },
	[UI_R_PICK] = { COLOR_BLACK, COLOR_GREEN, A_BOLD, A_BOLD | A_UNDERLINE },
};

static int role_attr[UI_R_COUNT];

void ui_theme_init(struct ui *ui, int no_color)
{
	ui->g = glyphs = ui->utf8 ? &glyphs_utf8 : &glyphs_ascii;
	wide = ui->utf8 ? wide_utf8 : wide_ascii;
	ui->color = !no_color && has_colors() && start_color() == OK;
	if (ui->color)
		use_default_colors();
	for (int r = 0; r < UI_R_COUNT; r++) {
		const struct role_style *st = &styles[r];

		if (!ui->color) {
			role_attr[r] = st->mono_attr;
		} else if (st->fg == -1 && st->bg == -1) {
			role_attr[r] = st->color_attr;
		} else {
			init_pair(r, st->fg, st->bg);
			role_attr[r] = COLOR_PAIR(r) | st->color_attr;
		}
	}
}

/* Only for the bench and tests: a theme without a terminal's colours. */
int ui_attr(enum ui_role r)
{
	return (unsigned)r < UI_R_COUNT ? role_attr[r] : (int)A_NORMAL;
}

void ui_view_begin(struct ui_view *v, int top, int left, int height, int width)
{
	v->top = top;
	v->left = left;
	v->height = height;
	v->width = width;
	v->vrow = 0;
}

void ui_line(struct ui_pane *p, struct ui_pen *pen)
{
	struct ui_view *v = &p->view;
	int row = v->vrow++ - p->scroll;

	pen->y = (row >= 0 && row < v->height) ? v->top + row : -1;
	pen->x = pen->x0 = v->left;
	pen->xmax = v->left + v->width;
}

void ui_line_fixed(struct ui_pane *p, struct ui_pen *pen)
{
	struct ui_view *v = &p->view;

	pen->y = v->height > 0 ? v->top : -1;
	pen->x = pen->x0 = v->left;
	pen->xmax = v->left + v->width;
	if (v->height > 0) {
		v->top++;
		v->height--;
	}
}

void ui_item_begin(struct ui_pane *p, int item)
{
	if (item == p->cursor)
		p->cursor_row = p->view.vrow;
}

void ui_item_end(struct ui_pane *p, int item)
{
	if (item == p->cursor)
		p->cursor_rows = p->view.vrow - p->cursor_row;
}

/* Columns of s that fit in avail; *nbytes gets their byte length. */
static int fit(const char *s, int avail, size_t *nbytes, int *clean, int *ascii)
{
	int flags, cols = ui_width_fit(s, avail, nbytes, &flags);

	*clean = !!(flags & UI_W_CLEAN);
	*ascii = !!(flags & UI_W_ASCII);
	return cols;
}

/* Draw the first n bytes (cols columns) of s at the pen. */
static void put_n(struct ui_pen *pen, enum ui_role r, const char *s, size_t n, int cols,
		  int clean, int ascii)
{
	chtype buf[512];

	if (ascii && n <= RS_ARRAY_SIZE(buf)) {
		/* the cheap path: no multibyte decoding inside curses */
		chtype a = (chtype)ui_attr(r);

		for (size_t i = 0; i < n; i++)
			buf[i] = (unsigned char)s[i] | a;
		mvaddchnstr(pen->y, pen->x, buf, (int)n);
		pen->x += cols;
		return;
	}
	attrset(ui_attr(r));
	if (clean) {
		mvaddnstr(pen->y, pen->x, s, (int)n);
	} else {
		move(pen->y, pen->x);
		for (size_t i = 0; i < n; i++)
			addch((unsigned char)s[i] < 0x80 ? (chtype)s[i] : '?');
	}
	attrset(A_NORMAL);
	pen->x += cols;
}

/*
 * Every text on the screen goes through here: a name or value read from
 * sysfs (a device directory called "m\033[2J"), a file or a peer is shown
 * as rs_escape_text() writes it (\x1b), where curses would draw a blank
 * or '^[' and the column count would be off.  Clean text (nearly all)
 * costs one scan.
 */
void ui_put(struct ui_pen *pen, enum ui_role r, const char *s)
{
	size_t n;
	int clean, ascii, cols;

	if (rs_text_needs_escape(s, strlen(s))) {
		size_t len = strlen(s);
		char *esc = rs_xmalloc(RS_ESCAPE_MAX(len));

		rs_escape_text(esc, RS_ESCAPE_MAX(len), s, len);
		ui_put(pen, r, esc);
		free(esc);
		return;
	}
	if (pen->y < 0 || pen->x >= pen->xmax) {
		if (pen->y < 0)
			pen->x += ui_width(s);
		return;
	}
	cols = fit(s, pen->xmax - pen->x, &n, &clean, &ascii);
	if (s[n] && s[strspn(s + n, " ") + n]) {
		/* Cut at the edge: the last column says so, never a silent cut. */
		cols = fit(s, pen->xmax - pen->x - 1, &n, &clean, &ascii);
		put_n(pen, r, s, n, cols, clean, ascii);
		/* half a wide glyph's room before the mark: a space keeps
		 * the mark in the last column */
		if (pen->x < pen->xmax - 1)
			mvhline(pen->y, pen->x, ' ' | (chtype)ui_attr(r), pen->xmax - 1 - pen->x);
		attrset(ui_attr(UI_R_DIM));
		mvaddstr(pen->y, pen->xmax - 1, glyphs->more);
		attrset(A_NORMAL);
		pen->x = pen->xmax;
		return;
	}
	put_n(pen, r, s, n, cols, clean, ascii);
}

/*
 * Lay text out over as many lines of pane p as it needs, each starting at
 * column indent, broken at spaces (a word wider than the line is broken
 * where it must be); lead (a mark: " ~ ") goes before it on the first
 * line.  fixed: the pane's fixed rows (ui_line_fixed) instead of its
 * scrolled ones.  Returns the lines used.
 */
static int wrap(struct ui_pane *p, enum ui_role r, const char *lead, int indent,
		const char *text, int fixed)
{
	const char *s = text;
	int lines = 0;

	do {
		struct ui_pen pen;
		char buf[1024];
		size_t n, cut;
		int clean, ascii, avail;

		if (fixed)
			ui_line_fixed(p, &pen);
		else
			ui_line(p, &pen);
		if (!lines++ && lead)
			ui_put(&pen, r, lead);
		avail = pen.xmax - pen.x0 - indent;
		if (avail < 8)
			avail = 8;
		fit(s, avail, &n, &clean, &ascii);
		cut = n;
		if (s[n] && s[n] != ' ')
			while (cut > 0 && s[cut - 1] != ' ')
				cut--;
		if (!cut)
			cut = n ? n : strlen(s);
		if (cut >= sizeof(buf))
			cut = sizeof(buf) - 1;
		memcpy(buf, s, cut);
		buf[cut] = '\0';
		if (pen.x < pen.x0 + indent)	/* not after the lead: it ends there */
			ui_col(&pen, indent);
		ui_put(&pen, r, buf);
		s += cut;
		while (*s == ' ')
			s++;
	} while (*s);
	return lines;
}

/* Escaped before it is measured: "\x1b" takes four columns, not one. */
static int wrap_escaped(struct ui_pane *p, enum ui_role r, const char *lead, int indent,
			const char *text, int fixed)
{
	size_t len = strlen(text);
	char *esc;
	int n;

	if (!rs_text_needs_escape(text, len))
		return wrap(p, r, lead, indent, text, fixed);
	esc = rs_xmalloc(RS_ESCAPE_MAX(len));
	rs_escape_text(esc, RS_ESCAPE_MAX(len), text, len);
	n = wrap(p, r, lead, indent, esc, fixed);
	free(esc);
	return n;
}

int ui_wrap(struct ui_pane *p, enum ui_role r, int indent, const char *text, int fixed)
{
	return wrap_escaped(p, r, NULL, indent, text, fixed);
}

int ui_wrap_lead(struct ui_pane *p, enum ui_role r, const char *lead, const char *text,
		 int fixed)
{
	return wrap_escaped(p, r, lead, ui_width(lead), text, fixed);
}

int ui_wrap_max(struct ui_pane *p, enum ui_role r, int indent, const char *text, int max)
{
	int width = p->view.width - indent - 1, rows = 0;

	while (*text && rows < max && p->view.height > 0) {
		struct ui_pen pen;
		size_t n = strlen(text), fits;
		char buf[512];

		if (ui_width(text) > width) {
			/* the last space in what fits, or what fits */
			ui_width_fit(text, width, &fits, NULL);
			n = fits;
			while (n > 0 && text[n] != ' ')
				n--;
			if (!n && !fits)	/* not even one character: take one */
				fits = rs_utf8_len((const unsigned char *)text, strlen(text)) ? : 1;
			if (!n)
				n = fits;
		}
		snprintf(buf, sizeof(buf), "%.*s", (int)n, text);
		ui_line_fixed(p, &pen);
		ui_col(&pen, indent);
		ui_put(&pen, r, buf);
		text += n;
		while (*text == ' ')
			text++;
		rows++;
	}
	return rows;
}

void ui_putf(struct ui_pen *pen, enum ui_role r, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	if (pen->y < 0)
		return;
	va_start(ap, fmt);
	ui_vformat(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	ui_put(pen, r, buf);
}

void ui_col(struct ui_pen *pen, int col)
{
	if (pen->x < pen->x0 + col)
		pen->x = pen->x0 + col;
	else if (pen->y >= 0 && pen->x < pen->xmax)
		pen->x++;	/* keep one space between columns that collide */
}

/* A cchar_t of wide glyph w in role r (no multibyte decoding per cell). */
static void role_cchar(cchar_t *cc, enum ui_role r, const wchar_t *w)
{
	attr_t a = (attr_t)ui_attr(r);

	setcchar(cc, w, a & ~A_COLOR, (short)PAIR_NUMBER(a), NULL);
}

void ui_fill(struct ui_pen *pen, enum ui_role r, const char *glyph)
{
	int n = pen->xmax - pen->x;

	if (pen->y < 0 || n <= 0)
		return;
	if (glyph == glyphs->hline) {
		cchar_t cc;

		role_cchar(&cc, r, wide[0]);
		mvhline_set(pen->y, pen->x, &cc, n);
	} else {
		mvhline(pen->y, pen->x, (unsigned char)glyph[0] | (chtype)ui_attr(r), n);
	}
	pen->x = pen->xmax;
}

/* Counters' values added: a port's TX and RX (over IPv4 and IPv6); < 0
 * when no sample fell in the slice. */
static float run_at(const struct rs_series_ctr *const *v, int n, unsigned i)
{
	float sum = -1;

	for (int k = 0; k < n; k++) {
		float x = v[k]->run ? v[k]->run[i] : -1;

		if (x >= 0)
			sum = sum < 0 ? x : sum + x;
	}
	return sum;
}

static float hist_at(const struct rs_series *s, const struct rs_series_ctr *const *v, int n,
		     unsigned i)
{
	float sum = 0;

	for (int k = 0; k < n; k++)
		sum += rs_series_sample(s, v[k], i);
	return sum;
}

/*
 * A replay: the whole run in the pen's width, each column the highest of
 * the slices it covers, the column of the sample shown in reverse video.
 * A column no sample fell in is blank: no data is not a rate of zero.
 */
static void spark_run(struct ui *ui, struct ui_pen *pen, enum ui_role r,
		      const struct rs_series_ctr *const *v, int nv, int w)
{
	const struct rs_series *s = &ui->sess.series;
	unsigned len = s->run_len;
	int at;
	float col[RS_SERIES_RUN_MAX], max = 0;
	cchar_t cc[9], cur[9];

	if (w > (int)len)
		w = (int)len;
	at = (int)((unsigned long)s->run_at * (unsigned)w / len);
	for (int i = 0; i < w; i++) {
		col[i] = -1;
		for (unsigned k = (unsigned)i * len / (unsigned)w;
		     k < (unsigned)(i + 1) * len / (unsigned)w; k++)
			col[i] = run_at(v, nv, k) > col[i] ? run_at(v, nv, k) : col[i];
		max = col[i] > max ? col[i] : max;
	}
	if (at >= w)
		at = w - 1;
	for (int i = 0; i < 8; i++) {
		role_cchar(&cc[i], r, wide[1 + i]);
		role_cchar(&cur[i], UI_R_CURSOR, wide[1 + i]);
	}
	role_cchar(&cc[8], r, L" ");
	role_cchar(&cur[8], UI_R_CURSOR, L" ");
	move(pen->y, pen->x);
	for (int i = 0; i < w; i++) {
		int lvl = max > 0 ? (int)(col[i] * 7.0f / max + 0.5f) : 0;

		lvl = col[i] < 0 ? 8 : lvl > 7 ? 7 : lvl;
		add_wch(i == at ? &cur[lvl] : &cc[lvl]);
	}
	pen->x += w;
}

void ui_spark_sum(struct ui *ui, struct ui_pen *pen, enum ui_role r,
		  const struct rs_series_ctr *const *v, int nv)
{
	const struct rs_series *s = &ui->sess.series;
	int w = pen->xmax - pen->x;
	int n = (int)s->hist_len < w ? (int)s->hist_len : w;
	unsigned first = s->hist_len - (unsigned)(n > 0 ? n : 0);
	float max = 0;
	cchar_t cc[8];

	if (nv <= 0)
		return;
	if (pen->y >= 0 && w > 0 && v[0]->run && s->run_len && s->run_len <= RS_SERIES_RUN_MAX) {
		spark_run(ui, pen, r, v, nv, w);
		return;
	}
	if (pen->y < 0 || n <= 0 || !v[0]->hist)
		return;
	for (int i = 0; i < n; i++) {
		float x = hist_at(s, v, nv, first + (unsigned)i);

		if (x > max)
			max = x;
	}
	for (int i = 0; i < 8; i++)
		role_cchar(&cc[i], r, wide[1 + i]);
	move(pen->y, pen->x);
	for (int i = 0; i < n; i++) {
		float x = hist_at(s, v, nv, first + (unsigned)i);
		int lvl = max > 0 ? (int)(x * 7.0f / max + 0.5f) : 0;

		add_wch(&cc[lvl < 0 ? 0 : lvl > 7 ? 7 : lvl]);
	}
	pen->x += n;
}

void ui_spark(struct ui *ui, struct ui_pen *pen, enum ui_role r,
	      const struct rs_series_ctr *c)
{
	ui_spark_sum(ui, pen, r, &c, 1);
}

/* The last row of the view, taken out of it (totals under scrolling rows). */
void ui_line_bottom(struct ui_pane *p, struct ui_pen *pen)
{
	struct ui_view *v = &p->view;

	pen->y = v->height > 0 ? v->top + v->height - 1 : -1;
	pen->x = pen->x0 = v->left;
	pen->xmax = v->left + v->width;
	if (v->height > 0)
		v->height--;
}

static void title_v(struct ui *ui, struct ui_pen *pen, const char *fmt, va_list ap)
{
	char buf[256];

	if (pen->y < 0)
		return;
	vsnprintf(buf, sizeof(buf), fmt, ap);
	ui_put(pen, UI_R_TITLE, ui->g->hline);
	ui_put(pen, UI_R_TITLE, " ");
	ui_put(pen, UI_R_TITLE, buf);
	ui_put(pen, UI_R_TITLE, " ");
	ui_fill(pen, UI_R_DIM, ui->g->hline);
}

void ui_title(struct ui *ui, struct ui_pane *p, const char *fmt, ...)
{
	struct ui_pen pen;
	va_list ap;

	ui_line(p, &pen);
	va_start(ap, fmt);
	title_v(ui, &pen, fmt, ap);
	va_end(ap);
}

void ui_title_fixed(struct ui *ui, struct ui_pane *p, const char *fmt, ...)
{
	struct ui_pen pen;
	va_list ap;

	ui_line_fixed(p, &pen);
	va_start(ap, fmt);
	title_v(ui, &pen, fmt, ap);
	va_end(ap);
}

static void fmt_si(char *buf, size_t len, double v, const char *unit)
{
	static const char *const pfx[] = { "", "k", "M", "G", "T", "P" };
	int i = 0;

	while (v >= 999.95 && i < 5) {
		v /= 1000.0;
		i++;
	}
	if (i == 0)
		snprintf(buf, len, "%.0f %s", v, unit);
	else
		snprintf(buf, len, "%.1f %s%s", v, pfx[i], unit);
}

void ui_fmt_rate(char *buf, size_t len, double v, int bytes)
{
	fmt_si(buf, len, v, bytes ? "B/s" : "/s");
}

void ui_fmt_count(char *buf, size_t len, uint64_t v, int bytes)
{
	if (!bytes && v < 1000000)
		snprintf(buf, len, "%llu", (unsigned long long)v);
	else
		fmt_si(buf, len, (double)v, bytes ? "B" : "");
}
