/* SPDX-License-Identifier: MIT */
/*
 * loop_priv.h - the loop's insides, shared by loop.c and child.c only.
 */
#ifndef RS_LOOP_PRIV_H
#define RS_LOOP_PRIV_H

#include "runtime/loop.h"

#include <signal.h>

struct rs_io {
	struct rs_loop *loop;
	int fd;
	unsigned events;
	rs_io_fn fn;
	void *arg;
	int dead;
};

struct rs_timer {
	struct rs_loop *loop;
	uint64_t deadline, period;
	int armed, dead;
	rs_timer_fn fn;
	void *arg;
};

struct rs_sig {
	int signo;
	rs_signal_fn fn;
	void *arg;
};

struct rs_loop {
	struct rs_io **ios;
	size_t n_ios;
	struct rs_timer **timers;
	size_t n_timers;
	struct rs_sig *sigs;
	size_t n_sigs;
	struct rs_child **children;
	size_t n_children;

	struct pollfd *pfd;		/* the round's poll set, reused */
	struct rs_io **who;		/* which handler each pfd entry is */
	size_t round_cap;

	int sfd;			/* signalfd, -1 until a signal is watched */
	sigset_t sigmask;		/* the signals the signalfd reads */
	sigset_t oldmask;		/* the mask before the loop, restored at free */

	int stopped, stop_code;
	void (*idle)(void *arg);
	void *idle_arg;
	uint64_t now;
};

/* Block signo and read it from the signalfd (no handler of its own). */
int rs_loop_watch_signal(struct rs_loop *l, int signo);

/* child.c */
void rs_child_reap(struct rs_loop *l);		/* on SIGCHLD */
int rs_child_finish(struct rs_loop *l);	/* report the children done; 1 if any */
void rs_child_sweep(struct rs_loop *l);	/* free the reported ones */
void rs_child_kill_all(struct rs_loop *l);	/* at rs_loop_free */

#endif
