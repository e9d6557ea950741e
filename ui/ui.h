/* SPDX-License-Identifier: MIT */
/*
 * ui.h - what the console's parts share: the console state, the pane class
 * table, key tables, colour roles, glyphs and the drawing pen.
 *
 * A pane is one ui/pane_*.c file ending with a constant struct
 * ui_pane_class (designated initialisers); ui/console_panes.c lists them, so adding
 * a pane is one new file and one line there.  Panes read the session
 * (src/session/session.h: snapshot, series, findings) and never collect
 * anything themselves.  Key handlers never draw: they change state and
 * return UI_F_* flags (redraw, quit); the console draws once per round of
 * the event loop when something changed.  The same constant key tables
 * drive dispatch and the help screen, so help cannot drift from behaviour;
 * a pane without a key function is dispatched through its table.
 */
#ifndef RS_UI_UI_H
#define RS_UI_UI_H

#include <stddef.h>
#include <stdint.h>

#include "diag/check.h"
#include "i18n.h"

#include "model/counter_groups.h"
#include "session/session.h"
#include "panes.h"
#include "snapshot.h"
#include "ui/console.h"
#include "ui/width.h"


/* Flags returned by key handlers. */
#define UI_F_REDRAW	0x01
#define UI_F_QUIT	0x02
#define UI_F_UNHANDLED	0x04

#define UI_MIN_COLS 80
#define UI_MIN_ROWS 24
#define UI_HIST 120		/* samples of history per counter */
#define UI_INTERVAL_MIN_MS 250	/* the shortest refresh interval the console offers */

/* Semantic colour roles; theme.c maps them to colours or to attributes. */
enum ui_role {
	UI_R_NORMAL,
	UI_R_TITLE,		/* section titles */
	UI_R_TAB,		/* pane tabs */
	UI_R_TAB_ACTIVE,
	UI_R_STATUS,		/* the status bar */
	UI_R_HEADER,		/* table column headers */
	UI_R_CURSOR,		/* the row under the cursor */
	UI_R_OK,
	UI_R_WARN,		/* worth a look */
	UI_R_BAD,		/* a problem */
	UI_R_DIM,		/* secondary text */
	UI_R_PICK,		/* the recommended choice (GID index) */
	UI_R_COUNT,
};

struct ui;
struct ui_pane;
struct ui_wizard;
struct ui_capture;
struct ui_tests;
struct ui_qps;

struct ui_key {
	int key, key_last;	/* a key or an inclusive range; key_last 0 = key */
	const char *label;	/* as help shows it: "Tab", "1-5"; NULL: not listed */
	const char *help;
	int (*fn)(struct ui *ui, struct ui_pane *p, int key);
};

struct ui_pane_class {
	enum rs_pane id;	/* its place, number and names (src/panes.h) */
	const char *about;	/* one line for help */
	void (*draw)(struct ui *ui, struct ui_pane *p);
	int (*key)(struct ui *ui, struct ui_pane *p, int key);
	void (*resize)(struct ui *ui, struct ui_pane *p);
	void (*tick)(struct ui *ui, struct ui_pane *p);	/* after the session changed */
	void (*close)(struct ui *ui, struct ui_pane *p);	/* release what it keeps */
	const struct ui_key *keys;	/* pane keys, ended by { 0 } (fn NULL) */
	/* Its problems are another pane's too (GIDs: the selected port's
	 * gid.no_roce_v2, which Devices counts for every port): its tab shows
	 * them, the status bar's total counts them once. */
	int mirror;
};

/* The visible rectangle of a pane and its virtual (scrolled) rows. */
struct ui_view {
	int top, left, height, width;
	int vrow;		/* next virtual row being laid out */
};

/* Writes one line left to right, clipped at xmax; y < 0 = invisible. */
struct ui_pen {
	int y, x, x0, xmax;
};

struct ui_pane {
	const struct ui_pane_class *cls;
	int scroll;		/* first visible virtual row */
	int tail;		/* scrolled past the last item (its trailer: notes, errors) */
	int rows;		/* virtual rows of the last draw */
	int cursor;		/* selected item, when the pane has items */
	int n_items;		/* selectable items (0: arrows scroll) */
	int cursor_row, cursor_rows;	/* where the cursor item was laid out */
	int problems;		/* problems found by tick, for the status bar */
	struct ui_view view;
};

struct ui_glyphs {
	const char *hline, *vline, *sel, *more, *spark[8];
};

struct ui {
	struct rs_session sess;	/* everything shown: snapshot, series, findings */
	struct rs_loop *loop;	/* NULL when headless (the bench) */
	struct rs_console_opts opts;

	struct ui_pane panes[RS_PANE_COUNT];
	int n_panes, cur;
	int help, help_scroll;
	int sel_dev, sel_port;	/* the port Enter chose (indices) */
	int dirty;		/* draw at the end of this round */
	unsigned long events_shown;	/* session events already written to stderr */

	struct ui_wizard *wizard;	/* the Wizard pane's walk (pane_wizard.c) */
	struct ui_capture *capture;	/* the Capture pane's view (pane_capture.c) */
	struct ui_tests *tests;		/* the Tests pane's view (pane_tests.c) */
	struct ui_qps *qps;		/* the QPs pane's view (pane_qps.c) */
	struct ui_explain *explain;	/* the explain view (explain_view.c) */
	int explain_on;			/* it is open: 1 waiting for a paste, 2 showing */
	int explain_scroll;
	int paste_wanted;		/* a pane asks for bracketed paste (the Wizard) */
	int paste_on;			/* the terminal was asked for it */

	int input;		/* the input line is open */
	char input_buf[256];
	int input_sel;		/* input_buf is the old value, selected: a key replaces it */
	const char *input_prompt;	/* NULL: the peer's address */
	void (*input_done)(struct ui *ui, const char *text);	/* NULL: set the peer */
	char msg[RS_MSG_LEN];	/* a message in the status bar */
	int msg_rows;		/* rows of its own above the bar when it does not fit there */

	int rows, cols, too_small;
	int utf8, color;
	const struct ui_glyphs *g;
	int quit_signal;
};

/* recording_keys.c: recording (W) and the replay's keys, its part of the status bar. */
extern const struct ui_key ui_replay_keys[];
void ui_record_status(struct ui *ui, struct ui_pen *pen);
void ui_replay_bar(struct ui *ui, int y);
/* Space (and f) on a replay: play, pause; at the end, from the start. */
int ui_replay_play(struct ui *ui);
/* A replay just opened: a damaged file says so on the status line. */
void ui_replay_opened(struct ui *ui);

/* console_panes.c: the pane classes, in the order of src/panes.h. */
extern const struct ui_pane_class *const ui_pane_list[RS_PANE_COUNT];

/* frame.c: keys, the frame around the panes, drawing */
int ui_key(struct ui *ui, int key);
int ui_keys_dispatch(const struct ui_key *t, struct ui *ui, struct ui_pane *p, int key);
void ui_draw(struct ui *ui);

/* state.c: the session behind the screen */
/* background: the first collection runs on the loop (rs_session_opts), the
 * interactive console; the bench reads everything before its ticks. */
int ui_open(struct ui *ui, const struct rs_console_opts *o, int background, char *err,
	    size_t errlen);
void ui_close(struct ui *ui);
int ui_reload(struct ui *ui);
void ui_select_port(struct ui *ui, int dev, int port);
void ui_set_pane(struct ui *ui, enum rs_pane pane);
void ui_message(struct ui *ui, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int ui_peer_set(struct ui *ui, const char *peer);
/* pane_wizard.c: the peer was given; start the tree that waited for it. */
void ui_wizard_peer_set(struct ui *ui);
/* Go to the Wizard and run the tree of that name; -ENOENT when none. */
int ui_wizard_start(struct ui *ui, const char *tree);
/* explain_view.c: paste a log, read its explanation, run a cause's tree. */
void ui_explain_open(struct ui *ui);
void ui_explain_close(struct ui *ui);
int ui_explain_key(struct ui *ui, int key);
int ui_explain_k_open(struct ui *ui, struct ui_pane *p, int key);
/* Over the pane's rows, from row 1 to last. */
void ui_explain_draw(struct ui *ui, int last);
/* After a frame: bracketed paste on while a pane wants it or a paste is awaited. */
void ui_explain_frame(struct ui *ui);
/* Esc came with bracketed paste on: 1 when it began a sequence, eaten (a
 * paste opens the view), 0 when it is a key for the pane. */
int ui_explain_sniff(struct ui *ui);
/* The peer's address on the input line: the old one shown selected (typing
 * replaces it, Enter keeps it, Right or End edit it). */
void ui_input_open(struct ui *ui);
/* Ask for a line on the input line; done gets it on Enter (not on Esc).
 * initial is shown selected, as the peer is. */
void ui_input_ask(struct ui *ui, const char *prompt, const char *initial,
		  void (*done)(struct ui *ui, const char *text));

/* theme.c: roles, glyphs, the pen */
void ui_theme_init(struct ui *ui, int no_color);
int ui_attr(enum ui_role r);
void ui_view_begin(struct ui_view *v, int top, int left, int height, int width);
/* Lay out the next virtual row of pane p; the pen is invisible when scrolled off. */
void ui_line(struct ui_pane *p, struct ui_pen *pen);
void ui_put(struct ui_pen *pen, enum ui_role r, const char *s);
/* text over as many lines as it needs from column indent (theme.c). */
int ui_wrap(struct ui_pane *p, enum ui_role r, int indent, const char *text, int fixed);
/* A sentence after a mark (lead: " ~ ", ASCII), wrapped under its own
 * first column: a finding's summary is read whole, never cut. */
int ui_wrap_lead(struct ui_pane *p, enum ui_role r, const char *lead, const char *text,
		 int fixed);
/* text over at most max fixed rows from column indent, cut at spaces (a
 * dashboard's message); returns the rows used. */
int ui_wrap_max(struct ui_pane *p, enum ui_role r, int indent, const char *text, int max);
void ui_putf(struct ui_pen *pen, enum ui_role r, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void ui_col(struct ui_pen *pen, int col);	/* move to column (relative to x0) */
void ui_fill(struct ui_pen *pen, enum ui_role r, const char *glyph);	/* to the end */
/* Sparkline of a counter's recent rates (oldest to newest) up to the pen's end. */
void ui_spark(struct ui *ui, struct ui_pen *pen, enum ui_role r,
	      const struct rs_series_ctr *c);
/* The same for nv counters added: a port's TX + RX (IPv4 and IPv6 ones). */
void ui_spark_sum(struct ui *ui, struct ui_pen *pen, enum ui_role r,
		  const struct rs_series_ctr *const *v, int nv);
void ui_title(struct ui *ui, struct ui_pane *p, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A row that does not scroll (titles, column headers): only before ui_line(). */
void ui_line_fixed(struct ui_pane *p, struct ui_pen *pen);
/* The last row of the view, which does not scroll (totals): before ui_line(). */
void ui_line_bottom(struct ui_pane *p, struct ui_pen *pen);
void ui_title_fixed(struct ui *ui, struct ui_pane *p, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Mark the item laid out from the next virtual row (for cursor follow). */
void ui_item_begin(struct ui_pane *p, int item);
void ui_item_end(struct ui_pane *p, int item);

/* pane_devices_nic.c: the NIC lines under a port (pane NULL: count only);
 * returns the problems found about it. */
int ui_devices_nic(struct ui *ui, struct ui_pane *pane, const struct rs_device *d,
		   const struct rs_port *p);

/* Helpers shared by panes. */
const struct rs_device *ui_dev(const struct ui *ui, int dev);
const struct rs_port *ui_port(const struct ui *ui, int dev, int port);
/* The errors of one area of the snapshot, under "Could not read". */
int ui_errors_draw(struct ui *ui, struct ui_pane *p, enum rs_area area);
int ui_errors_count(const struct ui *ui, enum rs_area area);
void ui_fmt_rate(char *buf, size_t len, double v, int bytes);
void ui_fmt_count(char *buf, size_t len, uint64_t v, int bytes);

#endif
