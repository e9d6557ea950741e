/* SPDX-License-Identifier: MIT */
/*
 * loop.c - the event loop of loop.h: handler tables, the poll round,
 * timers and signals.  Children are in child.c.
 *
 * Handlers live in arrays of pointers.  A round builds its pollfd array
 * from the io handlers alive at its start and remembers which handler each
 * entry belongs to; removing a handler only marks it dead, so an event
 * already returned by poll for a removed handler is dropped instead of
 * reaching whatever took its place.  Dead handlers are freed when no round
 * is dispatching (rounds do not nest).
 */
#include "runtime/loop_priv.h"
#include "util.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <unistd.h>

struct rs_loop *rs_loop_new(void)
{
	struct rs_loop *l = rs_xcalloc(1, sizeof(*l));

	l->sfd = -1;
	sigemptyset(&l->sigmask);
	sigprocmask(SIG_BLOCK, NULL, &l->oldmask);
	l->now = rs_now_ns();
	return l;
}

static void sweep(struct rs_loop *l)
{
	size_t k = 0;

	for (size_t i = 0; i < l->n_ios; i++) {
		if (l->ios[i]->dead)
			free(l->ios[i]);
		else
			l->ios[k++] = l->ios[i];
	}
	l->n_ios = k;
	k = 0;
	for (size_t i = 0; i < l->n_timers; i++) {
		if (l->timers[i]->dead)
			free(l->timers[i]);
		else
			l->timers[k++] = l->timers[i];
	}
	l->n_timers = k;
	rs_child_sweep(l);
}

void rs_loop_free(struct rs_loop *l)
{
	if (!l)
		return;
	rs_child_kill_all(l);
	for (size_t i = 0; i < l->n_ios; i++)
		l->ios[i]->dead = 1;
	for (size_t i = 0; i < l->n_timers; i++)
		l->timers[i]->dead = 1;
	sweep(l);
	free(l->ios);
	free(l->timers);
	free(l->sigs);
	free(l->children);
	free(l->pfd);
	free(l->who);
	if (l->sfd >= 0)
		close(l->sfd);
	sigprocmask(SIG_SETMASK, &l->oldmask, NULL);
	free(l);
}

struct rs_io *rs_io_add(struct rs_loop *l, int fd, unsigned events, rs_io_fn fn, void *arg)
{
	struct rs_io *io = rs_xcalloc(1, sizeof(*io));

	io->loop = l;
	io->fd = fd;
	io->events = events;
	io->fn = fn;
	io->arg = arg;
	l->ios = rs_xrealloc(l->ios, (l->n_ios + 1) * sizeof(*l->ios));
	l->ios[l->n_ios++] = io;
	return io;
}

void rs_io_set_events(struct rs_io *io, unsigned events)
{
	io->events = events;
}

void rs_io_del(struct rs_io *io)
{
	if (io)
		io->dead = 1;
}

struct rs_timer *rs_timer_add(struct rs_loop *l, rs_timer_fn fn, void *arg)
{
	struct rs_timer *t = rs_xcalloc(1, sizeof(*t));

	t->loop = l;
	t->fn = fn;
	t->arg = arg;
	l->timers = rs_xrealloc(l->timers, (l->n_timers + 1) * sizeof(*l->timers));
	l->timers[l->n_timers++] = t;
	return t;
}

void rs_timer_arm(struct rs_timer *t, uint64_t after_ns, uint64_t period_ns)
{
	t->deadline = rs_now_ns() + after_ns;
	t->period = period_ns;
	t->armed = 1;
}

void rs_timer_stop(struct rs_timer *t)
{
	if (t)
		t->armed = 0;
}

int rs_timer_armed(const struct rs_timer *t)
{
	return t->armed && !t->dead;
}

void rs_timer_del(struct rs_timer *t)
{
	if (t) {
		t->armed = 0;
		t->dead = 1;
	}
}

struct rs_loop *rs_timer_loop(const struct rs_timer *t)
{
	return t->loop;
}

static void on_signalfd(struct rs_io *io, int fd, unsigned revents, void *arg)
{
	struct rs_loop *l = arg;
	struct signalfd_siginfo si;

	while (read(fd, &si, sizeof(si)) == (ssize_t)sizeof(si)) {
		int signo = (int)si.ssi_signo;

		if (signo == SIGCHLD)
			rs_child_reap(l);
		for (size_t i = 0; i < l->n_sigs; i++)
			if (l->sigs[i].signo == signo && l->sigs[i].fn)
				l->sigs[i].fn(l, signo, l->sigs[i].arg);
	}
}

/* Add signo to the blocked set the signalfd reads. */
int rs_loop_watch_signal(struct rs_loop *l, int signo)
{
	sigset_t one;
	int fd;

	if (sigismember(&l->sigmask, signo) == 1)
		return 0;
	sigemptyset(&one);
	sigaddset(&one, signo);
	if (sigprocmask(SIG_BLOCK, &one, NULL) < 0)
		return -errno;
	sigaddset(&l->sigmask, signo);
	fd = signalfd(l->sfd, &l->sigmask, SFD_CLOEXEC | SFD_NONBLOCK);
	if (fd < 0)
		return -errno;
	if (l->sfd < 0) {
		l->sfd = fd;
		rs_io_add(l, fd, POLLIN, on_signalfd, l);
	}
	return 0;
}

int rs_signal_add(struct rs_loop *l, int signo, rs_signal_fn fn, void *arg)
{
	int ret = rs_loop_watch_signal(l, signo);

	if (ret)
		return ret;
	l->sigs = rs_xrealloc(l->sigs, (l->n_sigs + 1) * sizeof(*l->sigs));
	l->sigs[l->n_sigs++] = (struct rs_sig){ signo, fn, arg };
	return 0;
}

void rs_loop_stop(struct rs_loop *l, int code)
{
	l->stopped = 1;
	l->stop_code = code;
}

void rs_loop_set_idle(struct rs_loop *l, void (*fn)(void *arg), void *arg)
{
	l->idle = fn;
	l->idle_arg = arg;
}

uint64_t rs_loop_now(const struct rs_loop *l)
{
	return l->now;
}

/* Milliseconds until the nearest armed timer (rounded up), or limit. */
static int poll_timeout(const struct rs_loop *l, int limit)
{
	uint64_t now = rs_now_ns(), best = UINT64_MAX;

	for (size_t i = 0; i < l->n_timers; i++) {
		const struct rs_timer *t = l->timers[i];

		if (t->armed && !t->dead && t->deadline < best)
			best = t->deadline;
	}
	if (best == UINT64_MAX)
		return limit;
	if (best <= now)
		return 0;
	best = (best - now + RS_NS_PER_MS - 1) / RS_NS_PER_MS;
	if (limit >= 0 && best > (uint64_t)limit)
		return limit;
	return best > 86400000 ? 86400000 : (int)best;
}

/* Fire the timers due now; those added meanwhile wait for the next round. */
static int fire_timers(struct rs_loop *l)
{
	size_t n = l->n_timers;
	int fired = 0;

	for (size_t i = 0; i < n && !l->stopped; i++) {
		struct rs_timer *t = l->timers[i];

		if (!t->armed || t->dead || t->deadline > l->now)
			continue;
		if (t->period) {
			t->deadline += t->period;
			if (t->deadline <= l->now)	/* fell behind: no burst of catch-ups */
				t->deadline = l->now + t->period;
		} else {
			t->armed = 0;
		}
		fired = 1;
		t->fn(t, t->arg);
	}
	return fired;
}

static int dispatch_ios(struct rs_loop *l, const struct pollfd *pfd, struct rs_io **who,
			size_t n)
{
	int fired = 0;

	for (size_t i = 0; i < n && !l->stopped; i++) {
		if (!pfd[i].revents || who[i]->dead)
			continue;
		fired = 1;
		who[i]->fn(who[i], who[i]->fd, (unsigned)pfd[i].revents, who[i]->arg);
	}
	return fired;
}

int rs_loop_run_once(struct rs_loop *l, int timeout_ms)
{
	struct pollfd *pfd;
	struct rs_io **who;
	size_t n = 0;
	int r, fired;

	if (l->round_cap < l->n_ios) {
		l->round_cap = l->n_ios;
		l->pfd = rs_xrealloc(l->pfd, l->round_cap * sizeof(*l->pfd));
		l->who = rs_xrealloc(l->who, l->round_cap * sizeof(*l->who));
	}
	pfd = l->pfd;
	who = l->who;
	for (size_t i = 0; i < l->n_ios; i++) {
		if (l->ios[i]->dead)
			continue;
		pfd[n] = (struct pollfd){ .fd = l->ios[i]->fd, .events = (short)l->ios[i]->events };
		who[n++] = l->ios[i];
	}
	r = poll(pfd, (nfds_t)n, poll_timeout(l, timeout_ms));
	l->now = rs_now_ns();
	if (r < 0 && errno != EINTR)
		return -errno;
	fired = fire_timers(l);
	if (r > 0)
		fired |= dispatch_ios(l, pfd, who, n);
	fired |= rs_child_finish(l);
	sweep(l);
	if (fired && l->idle && !l->stopped)
		l->idle(l->idle_arg);
	return l->stopped;
}

int rs_loop_run(struct rs_loop *l)
{
	l->stopped = 0;
	while (!l->stopped) {
		int r = rs_loop_run_once(l, -1);

		if (r < 0)
			return r;
	}
	return l->stop_code;
}
