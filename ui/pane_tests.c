/* SPDX-License-Identifier: MIT */
/*
 * pane_tests.c - the Tests pane: RDMA bandwidth and latency tests against
 * the peer, run in the background while the other panes stay live (the
 * Counters pane shows the traffic).  b and l start one: the peer's address
 * is asked once on the input line when there is none, then the options,
 * typed as for `rocescope bw|lat PEER` (-s 65536 -D 5 -q 2); k stops it;
 * Enter runs the last one again.
 *
 * The test itself is the session's (src/session/perf_job.h): a child
 * `rocescope bw|lat PEER ... --json-lines` on the event loop, whose lines
 * the session parses; this file only asks and draws.  On --demo a test is
 * a replay of a run recorded in the Soft-RoCE lab, labelled so on screen;
 * a saved snapshot or a fixture root cannot run one and the pane says so.
 * Drawing is in pane_tests_draw.c.
 */
#include "ui/curses.h"
#include "ui/pane_tests.h"
#include "util.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the options line offers the first time: a run long enough for the
 * graph to show something, short enough not to be in anybody's way. */
static const char *const default_opts[RS_TEST_KINDS] = { "-D 5", "-D 5" };

struct ui_tests *ui_tests(struct ui *ui)
{
	if (!ui->tests) {
		ui->tests = rs_xcalloc(1, sizeof(*ui->tests));
		for (int k = 0; k < RS_TEST_KINDS; k++)
			RS_STRCPY(ui->tests->opts[k], default_opts[k]);
	}
	return ui->tests;
}

/* A message in the pane (whole, wrapped) and in the status bar (cut). */
RS_PRINTF(2, 3)
static void say(struct ui *ui, const char *fmt, ...)
{
	struct ui_tests *t = ui_tests(ui);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t->say, sizeof(t->say), fmt, ap);
	va_end(ap);
	ui_message(ui, "%s", t->say);
}

static void start(struct ui *ui, enum rs_test_kind k)
{
	struct ui_tests *t = ui_tests(ui);
	struct rs_test_spec spec = { .kind = k, .options = t->opts[k] };
	char err[RS_MSG_LEN];

	t->last = (int)k + 1;
	if (rs_session_test_start(&ui->sess, &spec, err, sizeof(err))) {
		say(ui, "%s", err);
		return;
	}
	if (rs_session_is_demo(&ui->sess))	/* the pane's REPLAY line says the rest */
		ui_message(ui, _("a replay: options do not apply on the demo"));
	else
		ui_message(ui, _("%s test started (k stops it)"), rs_test_kind_name(k));
}

static void options_done(struct ui *ui, const char *text)
{
	struct ui_tests *t = ui_tests(ui);
	enum rs_test_kind k = (enum rs_test_kind)(t->want - 1);

	t->want = 0;
	while (isspace((unsigned char)*text))
		text++;
	RS_STRCPY(t->opts[k], text);
	start(ui, k);
}

static void ask_options(struct ui *ui, enum rs_test_kind k)
{
	static const char *const prompt[RS_TEST_KINDS] = {
		N_("lat options (as rocescope lat PEER: -s -n -D ...)"),
		N_("bw options (as rocescope bw PEER: -s -D -q -n ...)"),
	};

	ui_tests(ui)->want = (int)k + 1;
	ui_input_ask(ui, _(prompt[k]), ui_tests(ui)->opts[k], options_done);
}

static void peer_done(struct ui *ui, const char *text)
{
	struct ui_tests *t = ui_tests(ui);

	while (isspace((unsigned char)*text))
		text++;
	if (!text[0] || ui_peer_set(ui, text)) {
		t->want = 0;
		return;		/* ui_peer_set said why in the status bar */
	}
	ask_options(ui, (enum rs_test_kind)(t->want - 1));
}

/* b, l: what a test needs first, then the test. */
static void begin(struct ui *ui, enum rs_test_kind k)
{
	if (!rs_session_can_test(&ui->sess)) {
		say(ui, _("tests need the live host (this is %s): run rocescope %s PEER there"),
		    ui->sess.label, rs_test_kind_cmd(k));
		return;
	}
	if (rs_session_test_running(&ui->sess)) {
		say(ui, _("a test runs already (k stops it)"));
		return;
	}
	if (rs_session_is_demo(&ui->sess)) {
		start(ui, k);
		return;
	}
	if (!ui->sess.peer[0]) {
		ui_tests(ui)->want = (int)k + 1;
		ui_input_ask(ui, _("Peer IP (rocescope serve runs there)"), "", peer_done);
		return;
	}
	ask_options(ui, k);
}

static int k_bw(struct ui *ui, struct ui_pane *p, int key)
{
	begin(ui, RS_TEST_BW);
	return UI_F_REDRAW;
}

static int k_lat(struct ui *ui, struct ui_pane *p, int key)
{
	begin(ui, RS_TEST_LAT);
	return UI_F_REDRAW;
}

static int k_stop(struct ui *ui, struct ui_pane *p, int key)
{
	if (!rs_session_test_running(&ui->sess)) {
		say(ui, _("no test runs (b: bandwidth, l: latency)"));
		return UI_F_REDRAW;
	}
	rs_session_test_stop(&ui->sess);
	say(ui, _("stopping the test"));
	return UI_F_REDRAW;
}

static int k_again(struct ui *ui, struct ui_pane *p, int key)
{
	struct ui_tests *t = ui_tests(ui);

	if (!t->last) {
		say(ui, _("no test ran yet (b: bandwidth, l: latency)"));
		return UI_F_REDRAW;
	}
	if (rs_session_test_running(&ui->sess)) {
		say(ui, _("a test runs already (k stops it)"));
		return UI_F_REDRAW;
	}
	start(ui, (enum rs_test_kind)(t->last - 1));
	return UI_F_REDRAW;
}

static const struct ui_key tests_keys[] = {
	{ 'b', 0, "b", N_("bandwidth test to the peer (options as for rocescope bw: -s -D -q -n)"),
	  k_bw },
	{ 'l', 0, "l", N_("latency test to the peer (options as for rocescope lat: -s -n -D)"), k_lat },
	{ 'k', 0, "k", N_("stop the running test"), k_stop },
	{ '\r', 0, "Enter", N_("run the last test again, with the same options"), k_again },
	{ '\n', 0, NULL, NULL, k_again },
	{ KEY_ENTER, 0, NULL, NULL, k_again },
	{ 0 },
};

static int tests_key(struct ui *ui, struct ui_pane *p, int key)
{
	ui_tests(ui)->say[0] = '\0';
	return ui_keys_dispatch(tests_keys, ui, p, key);
}

static void tests_tick(struct ui *ui, struct ui_pane *p)
{
	p->problems += rs_findings_problems(&ui->sess.findings, "perf.pingpong") +
		       rs_findings_problems(&ui->sess.findings, "perf.bandwidth");
}

static void tests_close(struct ui *ui, struct ui_pane *p)
{
	free(ui->tests);
	ui->tests = NULL;
}

const struct ui_pane_class ui_pane_tests = {
	.id = RS_PANE_TESTS,
	.about = N_("bandwidth and latency tests to the peer: both ends, a live graph, the figures"),
	.draw = ui_tests_draw,
	.key = tests_key,
	.tick = tests_tick,
	.close = tests_close,
	.keys = tests_keys,
};
