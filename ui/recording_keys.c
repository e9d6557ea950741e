/* SPDX-License-Identifier: MIT */
/*
 * recording_keys.c - the console's keys for recording and replaying, and the
 * replay's place in the status bar (docs/recording.md, docs/console.md).
 *
 * W starts recording whatever the console shows to a file (the name is
 * asked, a dated one offered) or stops it; the session records itself.
 * On a recording (rocescope --replay FILE) Space plays and pauses, . and ,
 * step one sample, > and < change the speed, g jumps to a time and ] and
 * [ to the next and previous moment a counter began to rise.  Every pane
 * then shows the state at that sample; the sparklines show the whole run
 * with the sample shown in reverse video.  Handlers only ask the session
 * and set the message; they never draw.
 */
#include "ui/curses.h"
#include "record/recording.h"
#include "session/record_job.h"
#include "session/replay.h"
#include "ui/ui.h"
#include "util.h"


#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static int is_replay(struct ui *ui)
{
	if (rs_session_is_replay(&ui->sess))
		return 1;
	ui_message(ui, _("not a recording: rocescope --replay FILE plays one (W records)"));
	return 0;
}

/* "cannot record: WHY (PATH)": the reason first, so that a narrow status
 * bar cuts the path the user just typed, not why it was refused. */
static void refused(struct ui *ui, const char *path, const char *err)
{
	size_t n = strlen(path);

	if (!strncmp(err, path, n) && !strncmp(err + n, ": ", 2))
		ui_message(ui, _("cannot record: %s (%s)"), err + n + 2, path);
	else
		ui_message(ui, _("cannot record: %s"), err);
}

static void record_to(struct ui *ui, const char *path)
{
	char err[RS_MSG_LEN];
	int ret;

	if (!path[0])
		return;
	/* W never empties a file: one that exists is refused (the name
	 * offered is one that does not) */
	ret = rs_session_record_start(&ui->sess, path, RS_REC_NEW, err, sizeof(err));
	if (ret == -EEXIST)
		ui_message(ui, _("not emptied: the file exists; give a new name (W never empties "
			   "a file): %s"), path);
	else if (ret)
		refused(ui, path, err);
	else
		ui_message(ui, _("recording to %s (W stops)"), path);
}

/* The name offered is one that is not there: NAME-2.rsrec, -3 ... */
static void new_name(char *name, size_t len)
{
	char base[128], try[160];
	struct stat st;
	char *dot;

	RS_STRCPY(base, name);
	dot = strrchr(base, '.');
	if (dot)
		*dot = '\0';
	for (int i = 2; !lstat(name, &st) && i < 100; i++) {
		snprintf(try, sizeof(try), "%s-%d.rsrec", base, i);
		rs_strlcpy(name, try, len);
	}
}

static int k_record(struct ui *ui, struct ui_pane *p, int key)
{
	char name[128], msg[RS_MSG_LEN], day[32];
	time_t now = time(NULL);
	struct tm tm;

	if (rs_session_record_info(&ui->sess, NULL, NULL, NULL)) {
		rs_session_record_stop(&ui->sess, msg, sizeof(msg));
		ui_message(ui, "%s", msg);
		return UI_F_REDRAW;
	}
	if (rs_session_is_replay(&ui->sess)) {
		ui_message(ui, _("nothing to record: this is a replay"));
		return UI_F_REDRAW;
	}
	if (!rs_session_is_dynamic(&ui->sess)) {
		ui_message(ui, _("a saved snapshot does not move: nothing to record"));
		return UI_F_REDRAW;
	}
	if (!localtime_r(&now, &tm) || !strftime(day, sizeof(day), "%Y%m%d-%H%M%S", &tm))
		RS_STRCPY(day, "now");
	snprintf(name, sizeof(name), "rocescope-%.40s-%s.rsrec",
		 ui->sess.snap.host.hostname[0] ? ui->sess.snap.host.hostname : "host", day);
	for (char *c = name; *c; c++)
		if (*c == '/' || *c == ' ')
			*c = '_';	/* a host name is not a path */
	new_name(name, sizeof(name));
	ui_input_ask(ui, _("Record to"), name, record_to);
	return UI_F_REDRAW;
}

int ui_replay_play(struct ui *ui)
{
	if (!is_replay(ui))
		return UI_F_REDRAW;
	if (ui->sess.frozen && rs_session_replay_at_end(&ui->sess))
		rs_session_replay_seek(&ui->sess, 0);	/* at the end: from the start */
	rs_session_set_frozen(&ui->sess, !ui->sess.frozen);
	ui_message(ui, "%s", ui->sess.frozen ? _("paused (Space plays)") : _("playing"));
	return UI_F_REDRAW;
}

static int k_play(struct ui *ui, struct ui_pane *p, int key)
{
	return ui_replay_play(ui);
}

static int k_step(struct ui *ui, struct ui_pane *p, int key)
{
	if (!is_replay(ui))
		return UI_F_REDRAW;
	rs_session_set_frozen(&ui->sess, 1);
	if (rs_session_replay_step(&ui->sess, key == '.' ? 1 : -1) == -ERANGE)
		ui_message(ui, "%s", key == '.' ? _("the last sample") : _("the first sample"));
	return UI_F_REDRAW;
}

static int k_speed(struct ui *ui, struct ui_pane *p, int key)
{
	if (is_replay(ui))
		ui_message(ui, _("speed x%g"), rs_session_replay_speed(&ui->sess, key == '>' ? 1 : -1));
	return UI_F_REDRAW;
}

static void goto_time(struct ui *ui, const char *text)
{
	char msg[RS_MSG_LEN];

	rs_session_replay_goto(&ui->sess, text, msg, sizeof(msg));
	ui_message(ui, "%s", msg);
}

static int k_goto_time(struct ui *ui, struct ui_pane *p, int key)
{
	if (is_replay(ui))
		ui_input_ask(ui, _("Go to (HH:MM[:SS], +SECONDS, N%)"), "", goto_time);
	return UI_F_REDRAW;
}

static int k_mark(struct ui *ui, struct ui_pane *p, int key)
{
	char msg[RS_MSG_LEN];

	if (!is_replay(ui))
		return UI_F_REDRAW;
	rs_session_replay_mark(&ui->sess, key == ']' ? 1 : -1, msg, sizeof(msg));
	ui_message(ui, "%s", msg);
	return UI_F_REDRAW;
}

const struct ui_key ui_replay_keys[] = {
	{ 'W', 0, "W", N_("record every counter to a file (a name is asked) / stop recording"),
	  k_record },
	{ ' ', 0, "Space", N_("replay: play / pause"), k_play },
	{ '.', 0, ".", N_("replay: one sample forward (pauses)"), k_step },
	{ ',', 0, ",", N_("replay: one sample back (pauses)"), k_step },
	{ '>', 0, ">", N_("replay: faster (up to x1024)"), k_speed },
	{ '<', 0, "<", N_("replay: slower (down to x1/8)"), k_speed },
	{ 'g', 0, "g", N_("replay: go to a time: HH:MM[:SS], +SECONDS, +H:MM:SS or N%"), k_goto_time },
	{ ']', 0, "]", N_("replay: the next moment a counter began to rise"), k_mark },
	{ '[', 0, "[", N_("replay: the previous such moment"), k_mark },
	{ 0 },
};

/* A damaged recording says so as the replay opens (the count first: the
 * status bar of 80 columns shows it whole); the replay line keeps it. */
void ui_replay_opened(struct ui *ui)
{
	struct rs_replay_where w;

	if (!rs_session_replay_where(&ui->sess, &w) || !w.rec->damaged)
		return;
	ui_message(ui, rs_trn("damaged recording: %llu sample skipped (byte %zu: %s)",
			      "damaged recording: %llu samples skipped (byte %zu: %s)",
			      (unsigned long)w.rec->lost),
		   (unsigned long long)w.rec->lost, w.rec->damage[0].off, w.rec->damage[0].why);
}

/* _("REC ") in the status bar while recording. */
void ui_record_status(struct ui *ui, struct ui_pen *pen)
{
	if (rs_session_record_info(&ui->sess, NULL, NULL, NULL))
		ui_put(pen, UI_R_BAD, _("REC "));
}

/* The timeline: the run from its start to its end, the rise marks on it
 * and the sample shown. */
static void timeline(struct ui *ui, struct ui_pen *pen, const struct rs_replay_where *w,
		     int width)
{
	const struct rs_recording *r = w->rec;
	char line[512];
	int at;

	if (width < 3)
		return;
	if (width > (int)sizeof(line) - 1)
		width = (int)sizeof(line) - 1;
	memset(line, '-', (size_t)width);
	line[width] = '\0';
	for (size_t i = 0; i < r->n_marks; i++)
		line[rs_rec_bucket(r, r->marks[i].sample) * (unsigned)width / r->n_buckets] = '^';
	at = (int)(rs_rec_bucket(r, w->k) * (unsigned)width / r->n_buckets);
	for (int i = 0; i < width; i++) {
		const char *g = line[i] == '^' ? (ui->utf8 ? "\xe2\x96\xb2" : "^") : ui->g->hline;

		if (i == at)
			ui_put(pen, UI_R_CURSOR, ui->utf8 ? "\xe2\x97\x8f" : "O");
		else
			ui_put(pen, line[i] == '^' ? UI_R_WARN : UI_R_DIM, g);
	}
}

/* The replay's own line above the status bar: play state, speed, the
 * sample's clock and offset, the timeline with its marks. */
void ui_replay_bar(struct ui *ui, int y)
{
	struct ui_pen pen = { .y = y, .x = 0, .x0 = 0, .xmax = COLS };
	struct rs_replay_where w;
	char clock[32], off[32], end[32], head[128], tail[96], dummy[4];

	if (!rs_session_replay_where(&ui->sess, &w))
		return;
	rs_session_replay_when(&ui->sess, w.k, clock, sizeof(clock), off, sizeof(off));
	rs_session_replay_when(&ui->sess, w.n - 1, dummy, 0, end, sizeof(end));
	snprintf(head, sizeof(head), " x%g  %s  %s/%s  ", w.speed, clock, off, end + 1);
	snprintf(tail, sizeof(tail), rs_trn("  %zu mark ", "  %zu marks ", w.rec->n_marks),
		 w.rec->n_marks);
	if (w.rec->damaged)
		snprintf(tail + strlen(tail), sizeof(tail) - strlen(tail), _(" ! damaged, %llu "
			 "skipped "), (unsigned long long)w.rec->lost);
	if (!ui->sess.frozen)
		ui_put(&pen, UI_R_OK, ui->utf8 ? " \xe2\x96\xb6" : " >");
	else
		ui_put(&pen, UI_R_WARN, w.at_end ? _(" end") :
		       ui->utf8 ? " \xe2\x9d\x9a\xe2\x9d\x9a" : " ||");
	ui_put(&pen, UI_R_NORMAL, head);
	timeline(ui, &pen, &w, COLS - pen.x - ui_width(tail));
	ui_put(&pen, w.rec->damaged ? UI_R_WARN : UI_R_DIM, tail);
}
