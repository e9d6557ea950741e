// SPDX-License-Identifier: MIT
/*
 * console.c - the terminal and the event loop.
 *
 * One thread, one poll() over: the keyboard (stdin), a timerfd (the refresh
 * interval; disarmed while frozen, so an idle frozen console sleeps), a
 * signalfd (SIGINT, SIGTERM, SIGHUP, SIGWINCH become events; no work in a
 * handler), and descriptors registered with ui_fd_add() (capture, jobs).
 *
 * The terminal is always given back: normal exit and the three terminating
 * signals leave the loop and call endwin(); crash signals call endwin()
 * from the handler and re-raise with the default action.  While the screen
 * is up, fd 2 points to a memfd, so library chatter cannot scribble over
 * the screen; what was written there is copied to the real stderr after
 * the terminal is restored.
 */
#include "ui/curses.h"
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
#include <sys/signalfd.h>
#include <sys/timerfd.h>
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

static int signals_open(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGWINCH);
	if (sigprocmask(SIG_BLOCK, &set, old) < 0)
		return -errno;
	return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

static void timer_arm(struct ui *ui, int tfd)
{
	struct itimerspec its;

	memset(&its, 0, sizeof(its));
	if (!ui->frozen && rs_source_is_dynamic(&ui->src)) {
		its.it_value.tv_sec = ui->interval_ms / 1000;
		its.it_value.tv_nsec = (long)(ui->interval_ms % 1000) * 1000000L;
		its.it_interval = its.it_value;
	}
	timerfd_settime(tfd, 0, &its, NULL);
}

int ui_fd_add(struct ui *ui, int fd, short events, ui_fd_cb cb, void *arg)
{
	if (ui->n_fds >= UI_MAX_FDS)
		return -ENOSPC;
	ui->fds[ui->n_fds++] = (struct ui_fd){ .fd = fd, .events = events, .cb = cb, .arg = arg };
	return 0;
}

void ui_fd_del(struct ui *ui, int fd)
{
	for (int i = 0; i < ui->n_fds; i++)
		if (ui->fds[i].fd == fd) {
			ui->fds[i] = ui->fds[--ui->n_fds];
			return;
		}
}

static int on_resize(struct ui *ui)
{
	struct winsize ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row && ws.ws_col)
		resize_term(ws.ws_row, ws.ws_col);
	for (int i = 0; i < ui->n_panes; i++)
		if (ui->panes[i].cls->resize)
			ui->panes[i].cls->resize(ui, &ui->panes[i]);
	clearok(curscr, TRUE);
	return UI_F_REDRAW;
}

static int on_signal(struct ui *ui, int sfd)
{
	struct signalfd_siginfo si;
	int f = 0;

	while (read(sfd, &si, sizeof(si)) == (ssize_t)sizeof(si)) {
		if (si.ssi_signo == SIGWINCH) {
			f |= on_resize(ui);
		} else {
			ui->quit_signal = (int)si.ssi_signo;
			f |= UI_F_QUIT;
		}
	}
	return f;
}

static int on_keys(struct ui *ui, short revents)
{
	int f = 0, ch;

	while ((ch = getch()) != ERR) {
		f |= ch == KEY_RESIZE ? on_resize(ui) : ui_key(ui, ch);
		if (f & UI_F_QUIT)
			return f;
	}
	/* the terminal went away (SSH dropped): nobody to show anything to */
	if (revents & (POLLHUP | POLLERR))
		f |= UI_F_QUIT;
	return f;
}

static int loop(struct ui *ui, int sfd, int tfd)
{
	for (;;) {
		struct pollfd pfd[3 + UI_MAX_FDS];
		int n = 3, f = 0, nf = ui->n_fds;
		uint64_t expirations;

		pfd[0] = (struct pollfd){ .fd = STDIN_FILENO, .events = POLLIN };
		pfd[1] = (struct pollfd){ .fd = sfd, .events = POLLIN };
		pfd[2] = (struct pollfd){ .fd = tfd, .events = POLLIN };
		for (int i = 0; i < nf; i++)
			pfd[n++] = (struct pollfd){ .fd = ui->fds[i].fd, .events = ui->fds[i].events };
		if (poll(pfd, (nfds_t)n, -1) < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (pfd[1].revents)
			f |= on_signal(ui, sfd);
		if (pfd[2].revents && read(tfd, &expirations, sizeof(expirations)) > 0)
			f |= ui_tick(ui);
		if (pfd[0].revents)
			f |= on_keys(ui, pfd[0].revents);
		for (int i = 0; i < nf && i < ui->n_fds; i++)
			if (pfd[3 + i].revents)
				f |= ui->fds[i].cb(ui, ui->fds[i].fd, pfd[3 + i].revents, ui->fds[i].arg);
		if (f & UI_F_QUIT)
			return 0;
		if (f & UI_F_REFRESH)
			f |= ui_tick(ui);
		if (f & UI_F_RETIME)
			timer_arm(ui, tfd);
		if (f & UI_F_REDRAW)
			ui_draw(ui);
	}
}

static void locale_init(struct ui *ui)
{
	const char *cs;

	setlocale(LC_ALL, "");
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
		fprintf(stderr, "rocescope: cannot drive terminal type '%s' (check TERM)\n",
			term && term[0] ? term : "(unset)");
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
	sigset_t old;
	int sfd, tfd, r;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "rocescope: the console needs a terminal "
			"(use a subcommand for text output, see --help)\n");
		return 1;
	}
	locale_init(&ui);
	if (ui_open(&ui, o, err, sizeof(err)) < 0) {
		fprintf(stderr, "rocescope: %s\n", err[0] ? err : "cannot open the source");
		return 1;
	}
	sfd = signals_open(&old);
	tfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (sfd < 0 || tfd < 0) {
		fprintf(stderr, "rocescope: cannot set up the event loop: %s\n", strerror(errno));
		ui_close(&ui);
		return 1;
	}
	crash_handlers_install();
	r = screen_start(&ui);
	if (r == 0) {
		timer_arm(&ui, tfd);
		ui_draw(&ui);
		r = loop(&ui, sfd, tfd);
		screen_stop();
	}
	close(tfd);
	close(sfd);
	sigprocmask(SIG_SETMASK, &old, NULL);
	ui_close(&ui);
	if (r == -ENOTTY)
		return 1;	/* already said why */
	if (r < 0) {
		fprintf(stderr, "rocescope: event loop: %s\n", strerror(-r));
		return 1;
	}
	return ui.quit_signal ? 128 + ui.quit_signal : 0;
}

__attribute__((noinline)) void rs_console_bench_tick(void *arg)
{
	struct ui *ui = arg;

	ui_tick(ui);
	ui_draw(ui);
}

int rs_console_bench(const struct rs_console_opts *o, unsigned ticks, int cols, int rows,
		     char *err, size_t errlen)
{
	static struct ui ui;
	FILE *out, *in;
	SCREEN *scr;

	locale_init(&ui);
	if (ui_open(&ui, o, err, errlen) < 0)
		return -EINVAL;
	out = fopen("/dev/null", "w");
	in = fopen("/dev/null", "r");
	scr = out && in ? newterm("xterm", out, in) : NULL;
	if (!scr) {
		snprintf(err, errlen, "cannot open a virtual terminal (terminfo xterm)");
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
	ui_set_pane(&ui, "Counters");
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
