/* SPDX-License-Identifier: MIT */
/*
 * frame.c - what surrounds the panes: the tab bar, the status bar, the
 * help screen, the "too small" screen, the peer input line, and the global
 * key table.
 *
 * Layout: row 0 tabs, rows 1..LINES-2 the current pane, last row status.
 * Below UI_MIN_COLS x UI_MIN_ROWS only a message is drawn; the state is
 * kept, so the console comes back as it was when the terminal grows.
 */
#include "ui/curses.h"
#include "termout.h"
#include "ui/ui.h"
#include "util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned intervals_ms[] = { 250, 500, 1000, 2000, 5000, 10000, 30000 };

/* The status message's rows, at most: a longer one ends with the more mark. */
#define MSG_ROWS_MAX 4

/* Lines above the status bar that are not the pane's: the replay's bar,
 * and a message too long for the bar. */
static int ui_bars(const struct ui *ui)
{
	return (rs_session_is_replay(&ui->sess) && !ui->help) + ui->msg_rows;
}

/*
 * The bytes of s (printable UTF-8: escaped, or our own words) that fill a
 * line of at most width display columns, broken at a space when s goes on
 * (a word longer than the line, or Chinese text without spaces, is broken
 * where it must be, between whole characters); *next is where the next
 * line starts.
 */
static size_t line_cut(const char *s, int width, const char **next)
{
	size_t at, len = strlen(s), brk = 0, cut;

	ui_width_fit(s, width, &at, NULL);
	if (!at && len)		/* not even one character fits: take one */
		at = rs_utf8_len((const unsigned char *)s, len) ? : 1;
	for (size_t i = 1; i < at; i++)
		if (s[i] == ' ')
			brk = i;
	if (at < len && s[at] == ' ')
		brk = at;
	cut = at == len || s[at] == ' ' || !brk ? at : brk;
	for (*next = s + cut; **next == ' '; (*next)++)
		;
	return cut;
}

/* Lines that text needs at width columns a line. */
static int lines_of(const char *text, int width)
{
	int n = 0;

	do {
		line_cut(text, width, &text);
		n++;
	} while (*text);
	return n;
}

static int k_next(struct ui *ui, struct ui_pane *p, int key)
{
	ui->cur = (ui->cur + 1) % ui->n_panes;
	return UI_F_REDRAW;
}

static int k_prev(struct ui *ui, struct ui_pane *p, int key)
{
	ui->cur = (ui->cur + ui->n_panes - 1) % ui->n_panes;
	return UI_F_REDRAW;
}

static int k_goto(struct ui *ui, struct ui_pane *p, int key)
{
	int n = key == '0' ? 9 : key - '1';	/* 0 is the tenth, as on the keyboard */

	if (n < ui->n_panes)
		ui->cur = n;
	return UI_F_REDRAW;
}

/*
 * Past the last item of a pane with items, Down, PgDn and End go on
 * scrolling through what follows it (collection notes, the errors the tab
 * counts): every line a pane counts can be reached.  Up from there scrolls
 * back until the last item is in view again.
 */
static int nav_tail(struct ui_pane *p, int key)
{
	int page = p->view.height > 1 ? p->view.height - 1 : 1;
	int bottom = p->rows - p->view.height;

	if (!p->n_items || bottom <= 0)
		return 0;
	if (key == KEY_END)		/* the very end: the last item, and all after it */
		p->cursor = p->n_items - 1;
	else if (!p->tail && !(p->cursor >= p->n_items - 1 &&
			       (key == KEY_DOWN || key == KEY_NPAGE)))
		return 0;
	if (p->tail && (key == KEY_HOME || key == KEY_PPAGE || key == KEY_UP) &&
	    p->scroll <= p->cursor_row) {
		p->tail = 0;	/* the item is in view: back to moving the cursor */
		return 0;
	}
	p->tail = 1;
	p->scroll += key == KEY_DOWN ? 1 : key == KEY_UP ? -1 : key == KEY_NPAGE ? page :
		     key == KEY_PPAGE ? -page : key == KEY_END ? bottom : 0;
	if (key == KEY_HOME)
		p->scroll = 0;
	if (p->scroll > bottom)
		p->scroll = bottom;
	if (p->scroll < 0)
		p->scroll = 0;
	return 1;
}

static int k_nav(struct ui *ui, struct ui_pane *p, int key)
{
	int page = p->view.height > 1 ? p->view.height - 1 : 1;
	int *v = p->n_items ? &p->cursor : &p->scroll;
	int max = p->n_items ? p->n_items - 1 : p->rows - p->view.height;

	if (nav_tail(p, key))
		return UI_F_REDRAW;
	switch (key) {
	case KEY_UP: *v -= 1; break;
	case KEY_DOWN: *v += 1; break;
	case KEY_PPAGE: *v -= page; break;
	case KEY_NPAGE: *v += page; break;
	case KEY_HOME: *v = 0; break;
	case KEY_END: *v = max; break;
	}
	if (*v > max)
		*v = max;
	if (*v < 0)
		*v = 0;
	/* At the first item, what stands above it (titles, its device) shows too. */
	if (p->n_items && !p->cursor && (key == KEY_UP || key == KEY_PPAGE || key == KEY_HOME))
		p->scroll = 0;
	return UI_F_REDRAW;
}

static int k_help(struct ui *ui, struct ui_pane *p, int key)
{
	ui->help = !ui->help;
	ui->help_scroll = 0;
	return UI_F_REDRAW;
}

static int k_quit(struct ui *ui, struct ui_pane *p, int key)
{
	return UI_F_QUIT;
}

static int k_freeze(struct ui *ui, struct ui_pane *p, int key)
{
	if (rs_session_is_replay(&ui->sess))
		return ui_replay_play(ui);	/* a replay's freeze is its pause */
	rs_session_set_frozen(&ui->sess, !ui->sess.frozen);
	ui_message(ui, "%s", ui->sess.frozen ? _("frozen: counters not refreshed (f resumes)") :
		   _("resumed"));
	return UI_F_REDRAW;
}

static int k_reset(struct ui *ui, struct ui_pane *p, int key)
{
	rs_series_reset(&ui->sess.series);
	ui_message(ui, "%s", _("baseline reset: totals count from now"));
	return UI_F_REDRAW;
}

static int k_interval(struct ui *ui, struct ui_pane *p, int key)
{
	size_t n = RS_ARRAY_SIZE(intervals_ms), i = 0;
	unsigned cur = ui->sess.interval_ms, floor = ui->sess.interval_floor_ms;

	if (rs_session_is_replay(&ui->sess)) {
		ui_message(ui, "%s", _("a replay keeps the recorded pace: > and < change the speed"));
		return UI_F_REDRAW;
	}
	while (i < n - 1 && intervals_ms[i] < cur)
		i++;
	if (key == '+' && intervals_ms[i] <= cur && i < n - 1)
		i++;
	else if (key == '-' && i > 0)
		i--;
	rs_session_set_interval(&ui->sess, intervals_ms[i]);
	if (intervals_ms[i] < floor)
		ui_message(ui, _("interval floor %u ms (hw_counters lifespan)"), floor);
	return UI_F_REDRAW;
}

static int k_peer(struct ui *ui, struct ui_pane *p, int key)
{
	ui_input_open(ui);
	return UI_F_REDRAW;
}

static int k_reload(struct ui *ui, struct ui_pane *p, int key)
{
	return ui_reload(ui);
}

static int k_redraw(struct ui *ui, struct ui_pane *p, int key)
{
	clearok(curscr, TRUE);
	return UI_F_REDRAW;
}

static const struct ui_key global_keys[] = {
	{ '\t', 0, "Tab", N_("next pane"), k_next },
	{ KEY_BTAB, 0, "Shift-Tab", N_("previous pane"), k_prev },
	{ '0', '9', "0-9", N_("go to pane N (0: pane 10)"), k_goto },
	{ KEY_UP, 0, "Up", N_("previous item / scroll up"), k_nav },
	{ KEY_DOWN, 0, "Down", N_("next item / scroll down"), k_nav },
	{ KEY_PPAGE, 0, "PgUp", N_("one page up"), k_nav },
	{ KEY_NPAGE, 0, "PgDn", N_("one page down"), k_nav },
	{ KEY_HOME, 0, "Home", N_("first item"), k_nav },
	{ KEY_END, 0, "End", N_("last item"), k_nav },
	{ 'f', 0, "f", N_("freeze / resume counter refresh"), k_freeze },
	{ 'r', 0, "r", N_("reset the counter baseline (totals, history)"), k_reset },
	{ '+', 0, "+", N_("longer refresh interval"), k_interval },
	{ '-', 0, "-", N_("shorter refresh interval (not below the floor)"), k_interval },
	{ 'p', 0, "p", N_("set the peer IP address (route lookup)"), k_peer },
	{ 'e', 0, "e", N_("explain a pasted log: the causes ranked, the tree to run"), ui_explain_k_open },
	{ 'R', 0, "R", N_("reload everything: devices, GIDs, network (hot-plug)"), k_reload },
	{ 12, 0, "Ctrl-L", N_("redraw the screen"), k_redraw },
	{ '?', 0, "?", N_("this help (any listed close key leaves it)"), k_help },
	{ KEY_F(1), 0, "F1", N_("this help"), k_help },
	{ 'q', 0, "q", N_("quit"), k_quit },
	{ KEY_F(10), 0, "F10", N_("quit"), k_quit },
	{ 0 },
};

int ui_keys_dispatch(const struct ui_key *t, struct ui *ui, struct ui_pane *p, int key)
{
	for (; t && t->fn; t++) {
		int last = t->key_last ? t->key_last : t->key;

		if (key >= t->key && key <= last)
			return t->fn(ui, p, key);
	}
	return UI_F_UNHANDLED;
}

static int help_key(struct ui *ui, int key)
{
	switch (key) {
	case KEY_UP: ui->help_scroll--; break;
	case KEY_DOWN: ui->help_scroll++; break;
	case KEY_PPAGE: ui->help_scroll -= LINES - 3; break;
	case KEY_NPAGE: ui->help_scroll += LINES - 3; break;
	case KEY_HOME: ui->help_scroll = 0; break;
	case KEY_END: ui->help_scroll = INT_MAX / 2; break;	/* draw_help stops it at the end */
	case 'q': case 27: case '?': case KEY_F(1): case '\n': case KEY_ENTER:
		ui->help = 0;
		break;
	case KEY_F(10):
		return UI_F_QUIT;
	}
	if (ui->help_scroll < 0)
		ui->help_scroll = 0;
	return UI_F_REDRAW;
}

void ui_input_open(struct ui *ui)
{
	ui->input = 1;
	ui->input_prompt = NULL;
	ui->input_done = NULL;
	RS_STRCPY(ui->input_buf, ui->sess.peer);
	/* Typing a new address must not append to the old one. */
	ui->input_sel = ui->input_buf[0] != '\0';
}

void ui_input_ask(struct ui *ui, const char *prompt, const char *initial,
		  void (*done)(struct ui *ui, const char *text))
{
	ui->input = 1;
	ui->input_prompt = prompt;
	ui->input_done = done;
	RS_STRCPY(ui->input_buf, initial ? initial : "");
	ui->input_sel = ui->input_buf[0] != '\0';
}

static int input_key(struct ui *ui, int key)
{
	size_t n = strlen(ui->input_buf);

	if (key == 27) {
		ui->input = 0;
		ui->input_done = NULL;
	} else if (key == '\n' || key == '\r' || key == KEY_ENTER) {
		void (*done)(struct ui *, const char *) = ui->input_done;

		ui->input = 0;
		ui->input_done = NULL;
		if (done)
			done(ui, ui->input_buf);
		else if (n && ui_peer_set(ui, ui->input_buf) == 0)
			ui_wizard_peer_set(ui);
	} else if (key == KEY_BACKSPACE || key == 127 || key == 8 || key == KEY_DC) {
		if (ui->input_sel)
			ui->input_buf[0] = '\0';	/* the selection goes at once */
		else if (n)
			ui->input_buf[n - 1] = '\0';
	} else if (key == KEY_RIGHT || key == KEY_END || key == KEY_LEFT || key == KEY_HOME) {
		;	/* deselect: keep the old text and edit its end */
	} else if (key >= 0x20 && key < 0x7f) {
		if (ui->input_sel) {	/* typing replaces the selection */
			ui->input_buf[0] = '\0';
			n = 0;
		}
		if (n + 1 < sizeof(ui->input_buf)) {
			ui->input_buf[n] = (char)key;
			ui->input_buf[n + 1] = '\0';
		}
	}
	ui->input_sel = 0;
	return UI_F_REDRAW;
}

int ui_key(struct ui *ui, int key)
{
	struct ui_pane *p = &ui->panes[ui->cur];
	int f;

	if (key == KEY_RESIZE)
		return UI_F_REDRAW;
	if (ui->input)
		return input_key(ui, key);
	if (ui->explain_on)
		return ui_explain_key(ui, key);
	if (ui->help)
		return help_key(ui, key);
	if (key == 27 && ui->paste_on && ui_explain_sniff(ui))
		return UI_F_REDRAW;
	ui->msg[0] = '\0';
	if (ui->too_small)	/* nothing to see: only quitting works */
		return key == 'q' || key == KEY_F(10) ? UI_F_QUIT : 0;
	f = p->cls->key ? p->cls->key(ui, p, key) : ui_keys_dispatch(p->cls->keys, ui, p, key);
	if (f & UI_F_UNHANDLED)
		f = ui_keys_dispatch(global_keys, ui, p, key);
	if (f & UI_F_UNHANDLED)
		f = ui_keys_dispatch(ui_replay_keys, ui, p, key);
	return f & ~UI_F_UNHANDLED;
}

/* A help line: the label a, then b over as many lines as it needs. */
static void help_line(struct ui *ui, int *row, enum ui_role r, const char *a, const char *b)
{
	const char *next;

	do {
		int y = *row - ui->help_scroll + 1;
		size_t n = line_cut(b, COLS - 15, &next);

		(*row)++;
		if (y >= 1 && y <= LINES - 2 - ui->msg_rows) {
			struct ui_pen pen = { .y = y, .x = 1, .x0 = 1, .xmax = 13 };
			char text[512];

			ui_putf(&pen, r, "%-12s", a);
			snprintf(text, sizeof(text), "%.*s", (int)n, b);
			pen.x = 14;
			pen.xmax = COLS;
			ui_put(&pen, UI_R_NORMAL, text);
		}
		a = "";
		b = next;
	} while (*b);
}

/* The help's lines from ui->help_scroll on; returns how many there are. */
static int help_body(struct ui *ui)
{
	static const struct {
		enum ui_role role;
		const char *mark, *meaning;
	} marks[] = {
		{ UI_R_BAD, N_("!"), N_("a problem (red, or bold reverse without colour)") },
		{ UI_R_WARN, N_("~"), N_("worth a look (yellow, or bold)") },
		{ UI_R_BAD, N_("gone"), N_("the device vanished since the console started") },
		{ UI_R_PICK, N_("<- use"), N_("the recommended RoCE v2 GID index") },
		{ UI_R_WARN, N_("trap"), N_("GID entry that usually breaks RoCE v2 (v1, link-local)") },
	};
	int row = 0;

	help_line(ui, &row, UI_R_TITLE, _("Keys"),
		  _("(Up/Down/PgUp/PgDn scroll this help; ?, q or Esc close it)"));
	for (const struct ui_key *k = global_keys; k->fn; k++)
		if (k->label)
			help_line(ui, &row, UI_R_HEADER, k->label, _(k->help));
	row++;
	help_line(ui, &row, UI_R_TITLE, _("Recording"), _("and replaying a recording (--replay FILE)"));
	for (const struct ui_key *k = ui_replay_keys; k->fn; k++)
		help_line(ui, &row, UI_R_HEADER, k->label, _(k->help));
	for (int i = 0; i < ui->n_panes; i++) {
		const struct ui_pane_class *c = ui->panes[i].cls;
		char title[64];

		snprintf(title, sizeof(title), "%d %s", rs_pane_number(c->id), _(rs_pane_name(c->id)));
		row++;
		help_line(ui, &row, UI_R_TITLE, title, _(c->about));
		for (const struct ui_key *k = c->keys; k && k->fn; k++)
			if (k->label)
				help_line(ui, &row, UI_R_HEADER, k->label, _(k->help));
	}
	row++;
	help_line(ui, &row, UI_R_TITLE, _("Marks"), "");
	for (size_t i = 0; i < RS_ARRAY_SIZE(marks); i++)
		help_line(ui, &row, marks[i].role, _(marks[i].mark), _(marks[i].meaning));
	return row;
}

static void draw_help(struct ui *ui)
{
	int want = ui->help_scroll, page = LINES - 2 - ui->msg_rows, rows;

	ui->help_scroll = INT_MAX / 2;	/* counted first, out of sight */
	rows = help_body(ui);
	/* past the end: the last page, not the last line alone */
	ui->help_scroll = want > rows - page ? (rows > page ? rows - page : 0) : want;
	help_body(ui);
}

/*
 * The tab bar's styles, widest first; the first that fits is drawn.  Every
 * tab is " N Name(P!) " and a space between tabs; the tight styles drop
 * both spaces but after the current tab (its highlight stays even).  At 80
 * columns the other tabs take their short names (src/panes.h): a newcomer
 * still reads what 3 or 7 is.  Past that, the tabs farthest from the
 * current one lose their names first (TAB_NEAR, narrowing its radius),
 * and only then does the current one lose its full name.
 */
enum { TAB_FULL, TAB_FULL_TIGHT, TAB_SHORT, TAB_SHORT_TIGHT, TAB_NEAR, TAB_ALL_SHORT,
       TAB_NUMBERS, TAB_STYLES };

/* The name tab i shows in a style (and TAB_NEAR's radius): full, short or none. */
static const char *tab_name(const struct ui *ui, int i, int style, int radius)
{
	int cur = i == ui->cur && !ui->help;

	if (style <= TAB_FULL_TIGHT || (cur && style <= TAB_NEAR))
		return _(rs_pane_name(ui->panes[i].cls->id));
	if (style == TAB_NEAR)
		return abs(i - ui->cur) <= radius ? _(rs_pane_short(ui->panes[i].cls->id)) : "";
	if (style == TAB_NUMBERS && !cur)
		return "";
	return _(rs_pane_short(ui->panes[i].cls->id));
}

static int tabs_width(const struct ui *ui, int style, int radius)
{
	int gap = style == TAB_FULL || style == TAB_SHORT;
	int w = ui->help ? 6 : 0;

	for (int i = 0; i < ui->n_panes; i++) {
		const char *name = tab_name(ui, i, style, radius);
		char probs[16] = "";

		if (ui->panes[i].problems)
			snprintf(probs, sizeof(probs), "(%d!)", ui->panes[i].problems);
		w += 2 + (name[0] ? 1 + ui_width(name) : 0) +
		     (int)strlen(probs) + (gap ? 2 : i == ui->cur && !ui->help);
	}
	return w;
}

/* The widest style that fits, and TAB_NEAR's radius. */
static int tabs_style(const struct ui *ui, int *radius)
{
	*radius = ui->n_panes;
	for (int style = TAB_FULL; style < TAB_STYLES - 1; style++) {
		if (style == TAB_NEAR) {
			for (*radius = ui->n_panes - 1; *radius >= 0; (*radius)--)
				if (tabs_width(ui, style, *radius) <= COLS)
					return style;
			continue;
		}
		if (tabs_width(ui, style, *radius) <= COLS)
			return style;
	}
	return TAB_NUMBERS;
}

static void draw_tabs(struct ui *ui)
{
	struct ui_pen pen = { .y = 0, .x = 0, .x0 = 0, .xmax = COLS };
	int radius, style = tabs_style(ui, &radius), gap;

	gap = style == TAB_FULL || style == TAB_SHORT;
	for (int i = 0; i < ui->n_panes; i++) {
		const struct ui_pane *p = &ui->panes[i];
		const char *name = tab_name(ui, i, style, radius);
		int cur = i == ui->cur && !ui->help;
		enum ui_role r = cur ? UI_R_TAB_ACTIVE : UI_R_TAB;

		/* the number is the key: the tenth tab is 0 */
		ui_putf(&pen, r, " %d%s%s", rs_pane_number(p->cls->id), name[0] ? " " : "", name);
		if (p->problems)
			ui_putf(&pen, i == ui->cur ? r : UI_R_BAD, "(%d!)", p->problems);
		if (cur || gap)
			ui_put(&pen, r, " ");
		if (gap)
			ui_put(&pen, UI_R_NORMAL, " ");
	}
	if (ui->help)
		ui_putf(&pen, UI_R_TAB_ACTIVE, " %s ", _("Help"));
}

/*
 * s (escaped, so ASCII or valid UTF-8) cut to max display columns, the
 * last one being the "more" glyph when it was longer: the bar keeps its
 * other fields on 80 columns, and says it cut.
 */
static void cut_chars(char *s, size_t max, const char *more)
{
	size_t keep, len = strlen(s);

	if (ui_width(s) <= (int)max)
		return;
	ui_width_fit(s, (int)max - 1, &keep, NULL);
	snprintf(s + keep, len + 1 - keep, "%s", more);
}

/* The source label l (escaped), its path shortened from the left so the
 * bar fits 80; a replay shows its file's name only. */
static const char *short_label(const struct ui *ui, const char *l, char *buf, size_t len)
{
	const char *sp = strchr(l, ' ');
	size_t n = strlen(l), max = 26;

	if (rs_session_is_replay(&ui->sess)) {
		/* the file's name (the line above says it is a replay): the
		 * room goes to the messages (marks); escaped, as any name */
		const char *base = strrchr(ui->sess.path, '/');

		base = base ? base + 1 : ui->sess.path;
		rs_escape_text(buf, len, base, strlen(base));
		cut_chars(buf, 20, ui->g->more);
		return buf;
	}

	if (n <= max || !sp)
		return l;
	snprintf(buf, len, "%.*s ...%s", (int)(sp - l), l, l + n - (max - (size_t)(sp - l) - 4));
	return buf;
}

/* "reading 2 of 4 devices": one whole sentence per thing the session's
 * steps count (src/collect/ names them), so a translation can reorder it. */
static const char *progress_text(const struct rs_session_progress *pr, char *buf, size_t len)
{
	const char *w = pr->what;

	if (!strcmp(w, "checks"))
		snprintf(buf, len, _("running %zu of %zu checks"), pr->done, pr->total);
	else if (!strcmp(w, "devices"))
		snprintf(buf, len, _("reading %zu of %zu devices"), pr->done, pr->total);
	else if (!strcmp(w, "links"))
		snprintf(buf, len, _("reading %zu of %zu links"), pr->done, pr->total);
	else if (!strcmp(w, "link settings"))
		snprintf(buf, len, _("reading %zu of %zu link settings"), pr->done, pr->total);
	else	/* TRANSLATORS: %3$s is an English word from the collectors */
		snprintf(buf, len, _("reading %zu of %zu %s"), pr->done, pr->total, w);
	return buf;
}

static int msg_rows(const struct ui *ui, int room);

/* The status bar; returns the rows its message needs above it (msg_rows). */
static int draw_status(struct ui *ui)
{
	struct ui_pen pen = { .y = LINES - 1, .x = 0, .x0 = 0, .xmax = COLS };
	const char *hostname = ui->sess.snap.host.hostname;
	char label[160], host[RS_ESCAPE_MAX(sizeof(ui->sess.snap.host.hostname))];
	char src[RS_ESCAPE_MAX(sizeof(ui->sess.label))];
	int warnings = 0, rows;

	for (int i = 0; i < ui->n_panes; i++)
		if (!ui->panes[i].cls->mirror)
			warnings += ui->panes[i].problems;
	if (ui->input) {
		const char *prompt = ui->input_prompt ? ui->input_prompt : _("Peer IP");
		const char *hint = ui->input_sel ? _("   (typing replaces it, Right: edit, Esc: cancel)") :
				   ui->input_done ? _("   (Enter: ok, Esc: cancel)") :
				   _("   (Enter: look up, Esc: cancel)");
		const char *text = ui->input_buf;
		int room = COLS - 4 - ui_width(prompt), n = (int)strlen(text), cx;

		if (n + ui_width(hint) >= room)
			hint = "";	/* the text first: it is what one types */
		if (n >= room && room > 4)	/* a long path: its end, where one types */
			text += n - (room - 4);
		/* TRANSLATORS: the prompt of a question on the status line, then
		 * "..." (a long answer cut on its left) or nothing; the answer
		 * follows.  The colon and its space: 2 display columns. */
		ui_putf(&pen, UI_R_STATUS, _(" %s: %s"), prompt, text == ui->input_buf ? "" : "...");
		/* the old value, selected: shown as a selection is (reverse) */
		ui_put(&pen, ui->input_sel ? UI_R_CURSOR : UI_R_STATUS, text);
		cx = pen.x < COLS ? pen.x : COLS - 1;
		ui_put(&pen, UI_R_STATUS, hint);
		ui_fill(&pen, UI_R_STATUS, " ");
		curs_set(1);
		move(LINES - 1, cx);
		return 0;
	}
	curs_set(0);
	/* Escaped here, not drawn raw: a control character would take two
	 * columns (^[) where one was counted and push the separator off. */
	rs_escape_text(host, sizeof(host), hostname, strlen(hostname));
	cut_chars(host, 20, ui->g->more);
	rs_escape_text(src, sizeof(src), ui->sess.label, strlen(ui->sess.label));
	ui_putf(&pen, UI_R_STATUS, " %s %s %s%s", host[0] ? host : "?", ui->g->vline,
		short_label(ui, src, label, sizeof(label)),
		rs_session_is_dynamic(&ui->sess) ? "" : _(" (static)"));
	/* a replay says where it is on its own line above */
	if (!rs_session_is_replay(&ui->sess))
		ui_putf(&pen, UI_R_STATUS, " %s ", ui->g->vline);
	ui_record_status(ui, &pen);
	if (rs_session_is_replay(&ui->sess))
		;
	else if (ui->sess.progress.loading && ui->sess.progress.total)
		ui_put(&pen, UI_R_WARN, progress_text(&ui->sess.progress, label, sizeof(label)));
	else if (ui->sess.progress.loading)
		ui_put(&pen, UI_R_WARN, _("reading the host"));
	else if (ui->sess.frozen)
		ui_put(&pen, UI_R_WARN, _("FROZEN"));
	else if (!rs_session_is_dynamic(&ui->sess))
		ui_put(&pen, UI_R_STATUS, _("no refresh"));	/* a saved snapshot does not move */
	else
		ui_putf(&pen, UI_R_STATUS, _("every %.2g s"), ui->sess.interval_ms / 1000.0);
	ui_putf(&pen, UI_R_STATUS, " %s ", ui->g->vline);
	/* The tabs count failures and warnings alike: they are problems. */
	ui_putf(&pen, warnings ? UI_R_BAD : UI_R_STATUS,
		rs_trn("%d problem", "%d problems", (unsigned long)warnings), warnings);
	ui_putf(&pen, UI_R_STATUS, " %s ", ui->g->vline);
	rows = msg_rows(ui, COLS - pen.x);
	ui_put(&pen, UI_R_STATUS, ui->msg[0] && !rows ? ui->msg : _("?:help q:quit"));
	ui_fill(&pen, UI_R_STATUS, " ");
	return rows;
}

/*
 * A message longer than the room the bar leaves it is drawn whole on rows
 * of its own above the bar, wrapped: the reason at the end of "cannot
 * record: PATH: REASON" is what the reader needs.  0 when it fits.
 */
static int msg_rows(const struct ui *ui, int room)
{
	char esc[RS_ESCAPE_MAX(RS_MSG_LEN)];
	int n;

	if (!ui->msg[0])
		return 0;
	rs_escape_text(esc, sizeof(esc), ui->msg, strlen(ui->msg));
	if ((int)rs_tchars(esc) <= room)
		return 0;
	n = lines_of(esc, COLS - 2);
	return n < MSG_ROWS_MAX ? n : MSG_ROWS_MAX;
}

static void draw_msg_rows(struct ui *ui)
{
	char esc[RS_ESCAPE_MAX(RS_MSG_LEN)], line[sizeof(esc)];
	const char *s = esc, *next;

	rs_escape_text(esc, sizeof(esc), ui->msg, strlen(ui->msg));
	for (int i = 0; i < ui->msg_rows; i++) {
		struct ui_pen pen = { .y = LINES - 1 - ui->msg_rows + i, .x = 0, .x0 = 0,
				      .xmax = COLS };
		size_t n = line_cut(s, COLS - 2, &next);

		/* the last row takes the rest: ui_put marks it if it is cut */
		snprintf(line, sizeof(line), "%.*s", (int)(i == ui->msg_rows - 1 ? strlen(s) : n), s);
		ui_put(&pen, UI_R_STATUS, " ");
		ui_put(&pen, UI_R_STATUS, line);
		ui_fill(&pen, UI_R_STATUS, " ");
		s = next;
	}
}

/* A pane that does not show all its rows says so at its right edge:
 * more above at the top of the scrolled rows, more below at the bottom. */
static void draw_scroll_marks(struct ui *ui, struct ui_pane *p)
{
	const struct ui_view *v = &p->view;
	int above = p->scroll > 0, below = p->scroll + v->height < p->rows;

	if (v->height <= 0 || v->width <= 0)
		return;
	attrset(ui_attr(UI_R_DIM));
	if (above)
		mvaddstr(v->top, v->left + v->width - 1, ui->utf8 ? "\xe2\x86\x91" : "^");
	if (below)
		mvaddstr(v->top + v->height - 1, v->left + v->width - 1,
			 ui->utf8 ? "\xe2\x86\x93" : "v");
	attrset(A_NORMAL);
}

static void draw_pane(struct ui *ui, struct ui_pane *p)
{
	for (int pass = 0; pass < 2; pass++) {
		int want = p->scroll, max;

		ui_view_begin(&p->view, 1, 0, LINES - 2 - ui_bars(ui), COLS);
		p->cursor_row = p->cursor_rows = -1;
		p->cls->draw(ui, p);
		p->rows = p->view.vrow;
		if (p->cursor >= p->n_items)
			p->cursor = p->n_items > 0 ? p->n_items - 1 : 0;
		if (p->n_items && p->cursor_row >= 0 && !p->tail) {
			int end = p->cursor_row + (p->cursor_rows > 0 ? p->cursor_rows : 1);

			/* An item taller than the view shows its top (else the two
			 * rules below would take turns). */
			if (p->cursor_row < want || end - p->cursor_row > p->view.height)
				want = p->cursor_row;
			else if (end > want + p->view.height)
				want = end - p->view.height < p->cursor_row ?
				       end - p->view.height : p->cursor_row;
		}
		max = p->rows - p->view.height;
		if (max <= 0)
			p->tail = 0;
		if (want > max)
			want = max;
		if (want < 0)
			want = 0;
		if (want == p->scroll || pass == 1)
			break;	/* what the second layout drew stays */
		/* the cursor left the view: scroll and lay out again */
		p->scroll = want;
		for (int y = 1; y < LINES - 1 - ui_bars(ui); y++) {
			move(y, 0);
			clrtoeol();
		}
	}
	draw_scroll_marks(ui, p);
}

/* Below the minimum only this, wrapped to the width there is. */
static void draw_too_small(const struct ui *ui)
{
	char text[160], *s = text;
	const char *next;

	snprintf(text, sizeof(text), _("Terminal too small: %dx%d. rocescope needs %dx%d: "
		 "enlarge it, or q quits."), COLS, LINES, UI_MIN_COLS, UI_MIN_ROWS);
	for (int y = 0; y < LINES && *s; y++) {
		size_t n = line_cut(s, COLS, &next);

		if (*next && y == LINES - 1 && COLS > 1) {	/* no row left: say so */
			n = line_cut(s, COLS - 1, &next);
			mvaddnstr(y, 0, s, (int)n);
			addstr(ui->g->more);
		} else {
			mvaddnstr(y, 0, s, (int)n);
		}
		s = (char *)next;
	}
}

void ui_draw(struct ui *ui)
{
	erase();
	ui->paste_wanted = 0;	/* a pane that wants a paste says so as it draws */
	ui->too_small = LINES < UI_MIN_ROWS || COLS < UI_MIN_COLS;
	if (ui->too_small) {
		draw_too_small(ui);
		refresh();
		return;
	}
	draw_tabs(ui);
	/* the bar first: its message may take rows from the pane */
	ui->msg_rows = draw_status(ui);
	if (ui->help)
		draw_help(ui);
	else if (ui->explain_on)
		ui_explain_draw(ui, LINES - 2 - ui_bars(ui));
	else
		draw_pane(ui, &ui->panes[ui->cur]);
	if (rs_session_is_replay(&ui->sess) && !ui->help)
		ui_replay_bar(ui, LINES - 2 - ui->msg_rows);
	draw_msg_rows(ui);
	if (ui->input)
		draw_status(ui);	/* the cursor ends on the input line */
	refresh();
	ui_explain_frame(ui);
}

int ui_errors_draw(struct ui *ui, struct ui_pane *p, enum rs_area area)
{
	int n = 0;

	for (size_t i = 0; i < ui->sess.snap.n_errors; i++) {
		const struct rs_error *e = &ui->sess.snap.errors[i];
		char line[sizeof(e->source) + sizeof(e->object) + sizeof(e->message) + 4];

		if (e->area != area)
			continue;
		if (!n++)
			ui_title(ui, p, "%s", _("Could not read"));
		snprintf(line, sizeof(line), "%s%s%s: %s", e->source, e->object[0] ? " " : "",
			 e->object, e->message);
		ui_wrap_lead(p, UI_R_BAD, " ! ", line, 0);
	}
	return n;
}
