/* SPDX-License-Identifier: MIT */
/*
 * console.c - the terminal and the event loop.
 *
 * It runs on the core's event loop (src/runtime/loop.h): the keyboard
 * (stdin), the signals (SIGINT, SIGTERM, SIGHUP, SIGWINCH become events; no
 * work in a handler), and whatever the session attaches (its refresh
 * timer, stopped while frozen so an idle frozen console sleeps; its
 * producers' descriptors).  The screen is drawn once per round, after all
 * of the round's events, when one of them changed something.
 *
 * The terminal is always given back: normal exit and the three terminating
 * signals leave the loop and call endwin(); crash signals call endwin()
 * from the handler and re-raise with the default action.  While the screen
 * is up, fd 2 points to a memfd, so library chatter cannot scribble over
 * the screen; what was written there is copied to the real stderr after
 * the terminal is restored.
 */
#include "ui/curses.h"
#include "runtime/loop.h"
#include "ui/ui.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <termios.h>
#include <unistd.h>

static int saved_stderr = -1;	/* the real stderr while the screen is up */
static int kept_stderr = -1;	/* memfd collecting what was written to fd 2 */
static volatile sig_atomic_t curses_on;

/* Async-signal-safe: only dup2, lseek, read, write. */
static void stderr_restore(void)
{
	char buf[4096];
	ssize_t n;

	if (saved_stderr < 0)
		return;
	dup2(saved_stderr, 2);
	close(saved_stderr);
	saved_stderr = -1;
	if (kept_stderr < 0)
		return;
	lseek(kept_stderr, 0, SEEK_SET);
	while ((n = read(kept_stderr, buf, sizeof(buf))) > 0)
		if (write(2, buf, (size_t)n) != n)
			break;
	close(kept_stderr);
	kept_stderr = -1;
}

static void stderr_keep(void)
{
	fflush(stderr);
	kept_stderr = memfd_create("rocescope-stderr", MFD_CLOEXEC);
	if (kept_stderr < 0)
		return;	/* keep stderr as it is: worse screen, no loss */
	saved_stderr = fcntl(2, F_DUPFD_CLOEXEC, 3);
	if (saved_stderr < 0 || dup2(kept_stderr, 2) < 0) {
		close(kept_stderr);
		kept_stderr = -1;
	}
}

static void crash_handler(int sig)
{
	if (curses_on)
		endwin();
	stderr_restore();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void crash_handlers_install(void)
{
	static const int sigs[] = { SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL };
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = crash_handler;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < RS_ARRAY_SIZE(sigs); i++)
		sigaction(sigs[i], &sa, NULL);
}

static void on_resize(struct ui *ui)
{
	struct winsize ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row && ws.ws_col)
		resize_term(ws.ws_row, ws.ws_col);
	for (int i = 0; i < ui->n_panes; i++)
		if (ui->panes[i].cls->resize)
			ui->panes[i].cls->resize(ui, &ui->panes[i]);
	clearok(curscr, TRUE);
	ui->dirty = 1;
}

static void on_signal(struct rs_loop *l, int signo, void *arg)
{
	struct ui *ui = arg;

	if (signo == SIGWINCH) {
		on_resize(ui);
		return;
	}
	ui->quit_signal = signo;
	rs_loop_stop(l, 0);
}

/* Apply a key handler's flags; 1 when quitting. */
static int act(struct ui *ui, int f)
{
	if (f & UI_F_REDRAW)
		ui->dirty = 1;
	if (f & UI_F_QUIT)
		rs_loop_stop(ui->loop, 0);
	return !!(f & UI_F_QUIT);
}

static void on_keys(struct rs_io *io, int fd, unsigned revents, void *arg)
{
	struct ui *ui = arg;
	int ch;

	while ((ch = getch()) != ERR) {
		if (ch == KEY_RESIZE) {
			on_resize(ui);
			continue;
		}
		if (act(ui, ui_key(ui, ch)))
			return;
	}
	/* the terminal went away (SSH dropped): nobody to show anything to */
	if (revents & (POLLHUP | POLLERR))
		rs_loop_stop(ui->loop, 0);
}

/* Once per round of the loop, after every event of the round. */
static void on_idle(void *arg)
{
	struct ui *ui = arg;

	if (!ui->dirty)
		return;
	ui->dirty = 0;
	ui_draw(ui);
}

static int run_loop(struct ui *ui)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGWINCH };
	int r;

	ui->loop = rs_loop_new();
	for (size_t i = 0; i < RS_ARRAY_SIZE(sigs); i++)
		if ((r = rs_signal_add(ui->loop, sigs[i], on_signal, ui)) < 0)
			goto out;
	rs_io_add(ui->loop, STDIN_FILENO, POLLIN, on_keys, ui);
	rs_loop_set_idle(ui->loop, on_idle, ui);
	rs_session_attach(&ui->sess, ui->loop);
	ui_draw(ui);
	r = rs_loop_run(ui->loop);
	rs_session_detach(&ui->sess);
out:
	rs_loop_free(ui->loop);
	ui->loop = NULL;
	return r;
}

static void locale_init(struct ui *ui)
{
	const char *cs;

	/* LC_CTYPE and LC_MESSAGES from the environment, never LC_NUMERIC
	 * (a rate reads "1.5" in every locale); twice is harmless. */
	rs_i18n_init();
	cs = nl_langinfo(CODESET);
	ui->utf8 = cs && (!strcasecmp(cs, "UTF-8") || !strcasecmp(cs, "utf8"));
}

static int no_color(void)
{
	const char *v = getenv("NO_COLOR");

	return v && v[0];
}

/* newterm() rather than initscr(): an unknown TERM is an error to report,
 * not an exit() from inside curses while stderr is redirected. */
static int screen_start(struct ui *ui)
{
	const char *term = getenv("TERM");

	stderr_keep();
	if (!newterm(NULL, stdout, stdin)) {
		stderr_restore();
		fprintf(stderr, _("rocescope: cannot drive terminal type '%s' (check TERM)\n"),
			term && term[0] ? term : _("(unset)"));
		return -ENOTTY;
	}
	curses_on = 1;
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	ui_theme_init(ui, no_color());
	return 0;
}

static void screen_stop(void)
{
	endwin();
	curses_on = 0;
	stderr_restore();
}

int rs_console_run(const struct rs_console_opts *o)
{
	static struct ui ui;	/* large; static keeps it off the stack */
	char err[RS_MSG_LEN] = "";
	int r;

	locale_init(&ui);
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, _("rocescope: the console needs a terminal "
			"(use a subcommand for text output, see --help)\n"));
		return 1;
	}

	if (ui_open(&ui, o, 1, err, sizeof(err)) < 0) {
		fprintf(stderr, "rocescope: %s\n", err[0] ? err : _("cannot open the source"));
		return 1;
	}
	crash_handlers_install();
	r = screen_start(&ui);
	if (r == 0) {
		r = run_loop(&ui);
		screen_stop();
	}
	ui_close(&ui);
	if (r == -ENOTTY)
		return 1;	/* already said why */
	if (r < 0) {
		fprintf(stderr, _("rocescope: event loop: %s\n"), strerror(-r));
		return 1;
	}
	return ui.quit_signal ? 128 + ui.quit_signal : 0;
}

__attribute__((noinline)) void rs_console_bench_tick(void *arg)
{
	struct ui *ui = arg;

	rs_session_refresh(&ui->sess);
	ui_draw(ui);
}

int rs_console_bench(const struct rs_console_opts *o, unsigned ticks, int cols, int rows,
		     char *err, size_t errlen)
{
	static struct ui ui;
	FILE *out, *in;
	SCREEN *scr;

	locale_init(&ui);
	if (ui_open(&ui, o, 0, err, errlen) < 0)
		return -EINVAL;
	out = fopen("/dev/null", "w");
	in = fopen("/dev/null", "r");
	scr = out && in ? newterm("xterm", out, in) : NULL;
	if (!scr) {
		snprintf(err, errlen, _("cannot open a virtual terminal (terminfo xterm)"));
		ui_close(&ui);
		return -ENOTTY;
	}
	resize_term(rows, cols);
	ui_theme_init(&ui, 0);
	for (ui.cur = 0; ui.cur < ui.n_panes; ui.cur++)	/* every pane once, help too */
		ui_draw(&ui);
	ui.help = 1;
	ui_draw(&ui);
	ui.help = 0;
	ui_set_pane(&ui, RS_PANE_COUNTERS);
	ui_draw(&ui);
	for (unsigned i = 0; i < ticks; i++)
		rs_console_bench_tick(&ui);
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
	ui_close(&ui);
	return 0;
}
