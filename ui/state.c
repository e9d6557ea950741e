/* SPDX-License-Identifier: MIT */
/*
 * state.c - the console's state outside curses: its session, the selected
 * port, the peer, and the lookups panes share.
 *
 * The session (src/session/) owns what is shown; this file asks it to act
 * and, when it says something changed, lets every pane recount its
 * problems and marks the screen for drawing.  Nothing here draws or reads
 * keys, so the bench driver runs the same refresh as the interactive
 * console.  Collection problems never stop the console: they are errors of
 * an area in the snapshot, shown by the pane of that area.
 */
#include "ui/ui.h"
#include "util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct rs_device *ui_dev(const struct ui *ui, int dev)
{
	if (dev < 0 || (size_t)dev >= ui->sess.snap.n_devices)
		return NULL;
	return &ui->sess.snap.devices[dev];
}

const struct rs_port *ui_port(const struct ui *ui, int dev, int port)
{
	const struct rs_device *d = ui_dev(ui, dev);

	if (!d || port < 0 || (size_t)port >= d->n_ports)
		return NULL;
	return &d->ports[port];
}

void ui_message(struct ui *ui, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ui->msg, sizeof(ui->msg), fmt, ap);
	va_end(ap);
}

static void panes_tick(struct ui *ui)
{
	for (int i = 0; i < ui->n_panes; i++) {
		struct ui_pane *p = &ui->panes[i];

		p->problems = 0;
		if (p->cls->tick)
			p->cls->tick(ui, p);
	}
}

/* Session events go to stderr, kept while the screen is up, shown after. */
static void show_events(struct ui *ui)
{
	const struct rs_session_event *e;

	while (ui->events_shown < ui->sess.n_events) {
		e = rs_session_event(&ui->sess, ++ui->events_shown);
		if (e)
			fprintf(stderr, "rocescope: %s\n", e->text);
	}
}

static void keep_selection(struct ui *ui);

static void on_change(struct rs_session *s, unsigned what, void *arg)
{
	struct ui *ui = arg;

	if (what & RS_CHANGE_EVENT)
		show_events(ui);
	/* Devices appear while the first collection runs: select the first. */
	if (what & RS_CHANGE_DATA)
		keep_selection(ui);
	/* The capture's updates (4 a second) and a test's lines redraw only
	 * the pane showing them; a change of verdicts or a test's end comes as
	 * RS_CHANGE_DATA for every pane. */
	if (what == RS_CHANGE_CAPTURE && ui->cur != RS_PANE_CAPTURE)
		return;
	if (what == RS_CHANGE_TEST && ui->cur != RS_PANE_TESTS)
		return;
	panes_tick(ui);
	ui->dirty = 1;
}

void ui_select_port(struct ui *ui, int dev, int port)
{
	if (!ui_port(ui, dev, port))
		return;
	/* Another port: the panes about it start at their top, not at the
	 * previous port's scroll position (its rising rows could hide below). */
	if (dev != ui->sel_dev || port != ui->sel_port)
		for (int i = 0; i < ui->n_panes; i++)
			if (i == RS_PANE_GIDS || i == RS_PANE_COUNTERS) {
				ui->panes[i].scroll = 0;
				ui->panes[i].tail = 0;
			}
	ui->sel_dev = dev;
	ui->sel_port = port;
	panes_tick(ui);
}

void ui_set_pane(struct ui *ui, enum rs_pane pane)
{
	if ((int)pane < ui->n_panes)
		ui->cur = (int)pane;
}

/* The selected port if it still exists, else the first port there is. */
static void keep_selection(struct ui *ui)
{
	if (!ui_port(ui, ui->sel_dev, ui->sel_port))
		ui->sel_dev = ui->sel_port = -1;
	for (size_t d = 0; d < ui->sess.snap.n_devices && ui->sel_dev < 0; d++)
		if (ui->sess.snap.devices[d].n_ports)
			ui->sel_dev = (int)d, ui->sel_port = 0;
}

int ui_open(struct ui *ui, const struct rs_console_opts *o, int background, char *err,
	    size_t errlen)
{
	struct rs_session_opts so = {
		.root = o->root,
		.load = o->load,
		.replay = o->replay,
		.demo = o->demo,
		.peer = o->peer,
		.scope = RS_SCOPE_ALL,
		.history = UI_HIST,
		.background = background,
	};
	unsigned want = o->interval_ms ? o->interval_ms : 1000;
	int r;

	ui->opts = *o;
	r = rs_session_open(&ui->sess, &so, err, errlen);
	if (r < 0) {
		rs_session_close(&ui->sess);
		return r;
	}
	rs_session_set_interval(&ui->sess, want < UI_INTERVAL_MIN_MS ? UI_INTERVAL_MIN_MS : want);
	/* Pane i is the table's pane i (src/panes.h): its number is i + 1. */
	for (ui->n_panes = 0; ui->n_panes < RS_PANE_COUNT; ui->n_panes++) {
		ui->panes[ui->n_panes].cls = ui_pane_list[ui->n_panes];
		if (ui_pane_list[ui->n_panes]->id != (enum rs_pane)ui->n_panes)
			rs_die("ui/console_panes.c: pane %d is not the table's (src/panes.c)",
			       ui->n_panes + 1);
	}
	ui->sel_dev = ui->sel_port = -1;
	keep_selection(ui);
	rs_session_on_change(&ui->sess, on_change, ui);
	panes_tick(ui);
	ui_replay_opened(ui);
	return 0;
}

void ui_close(struct ui *ui)
{
	ui_explain_close(ui);
	for (int i = 0; i < ui->n_panes; i++)
		if (ui->panes[i].cls->close)
			ui->panes[i].cls->close(ui, &ui->panes[i]);
	rs_session_on_change(&ui->sess, NULL, NULL);
	rs_session_close(&ui->sess);
}

/*
 * Everything again (devices, GIDs, network): after a hot-plug, which
 * counter refreshes do not see.  The counters' history goes on by name.
 */
int ui_reload(struct ui *ui)
{
	char err[RS_MSG_LEN] = "";
	int r = rs_session_reload(&ui->sess, err, sizeof(err));

	if (r < 0) {
		ui_message(ui, _("reload failed: %s"), err[0] ? err : strerror(-r));
		return UI_F_REDRAW;
	}
	keep_selection(ui);
	panes_tick(ui);
	ui_message(ui, _("reloaded: %zu devices"), ui->sess.snap.n_devices);
	return UI_F_REDRAW;
}

int ui_peer_set(struct ui *ui, const char *peer)
{
	char msg[RS_MSG_LEN];
	int r = rs_session_set_peer(&ui->sess, peer, msg, sizeof(msg));

	ui_message(ui, "%s", msg);
	return r;
}

int ui_errors_count(const struct ui *ui, enum rs_area area)
{
	int n = 0;

	for (size_t i = 0; i < ui->sess.snap.n_errors; i++)
		n += ui->sess.snap.errors[i].area == area;
	return n;
}
