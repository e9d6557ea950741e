/* SPDX-License-Identifier: MIT */
/*
 * loop.h - the one event loop of rocescope: file descriptors, timers,
 * signals and child processes, in one thread, on poll(2).
 *
 * The console and the commands that wait (counters, and next the tests and
 * the capture) all run on it.  Contract:
 *
 * - Handlers may add and remove any handler (their own included) from any
 *   callback.  A removed handler is never called again, even when its event
 *   is already pending in the round being dispatched; a handler added
 *   during a round waits for the next one.  Memory is released after the
 *   round.
 * - Signals become events (signalfd): nothing runs in a signal handler.
 *   rs_signal_add() blocks the signal; rs_loop_free() restores the mask.
 * - Timers are CLOCK_MONOTONIC deadlines; poll sleeps until the nearest, or
 *   forever when none is armed, so an idle loop uses no CPU.
 * - Children (the model is tmux's job.c): forked with a clean signal mask
 *   and default dispositions, in their own process group, stdin from
 *   /dev/null (or a given fd), stdout and stderr on pipes the loop reads.
 *   on_exit comes once, after everything the child wrote was delivered to
 *   on_output, with how it ended: exit code, or the signal (and whether the
 *   loop killed it at its timeout or on request).  rs_loop_free() kills
 *   and reaps every child still running: nothing outlives the program.
 */
#ifndef RS_LOOP_H
#define RS_LOOP_H

#include <poll.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct rs_loop;
struct rs_io;
struct rs_timer;
struct rs_child;

#define RS_NS_PER_MS 1000000ULL
#define RS_NS_PER_S 1000000000ULL

typedef void (*rs_io_fn)(struct rs_io *io, int fd, unsigned revents, void *arg);
typedef void (*rs_timer_fn)(struct rs_timer *t, void *arg);
typedef void (*rs_signal_fn)(struct rs_loop *l, int signo, void *arg);

struct rs_loop *rs_loop_new(void);
/* Kills and reaps the children, restores the signal mask, frees handlers.
 * File descriptors given to rs_io_add() stay open: they are the caller's. */
void rs_loop_free(struct rs_loop *l);

/* Run until rs_loop_stop(); returns its code, or -errno if poll failed. */
int rs_loop_run(struct rs_loop *l);
/* One round: wait at most timeout_ms (-1: until an event), dispatch.
 * Returns 1 when stopped, 0 otherwise, -errno on failure. */
int rs_loop_run_once(struct rs_loop *l, int timeout_ms);
void rs_loop_stop(struct rs_loop *l, int code);
/* Called once after every round that dispatched something (draw here). */
void rs_loop_set_idle(struct rs_loop *l, void (*fn)(void *arg), void *arg);
/* CLOCK_MONOTONIC nanoseconds, read at the start of the current round. */
uint64_t rs_loop_now(const struct rs_loop *l);

/* events: POLLIN, POLLOUT; revents as poll(2) gives them. */
struct rs_io *rs_io_add(struct rs_loop *l, int fd, unsigned events, rs_io_fn fn, void *arg);
void rs_io_set_events(struct rs_io *io, unsigned events);
void rs_io_del(struct rs_io *io);

struct rs_timer *rs_timer_add(struct rs_loop *l, rs_timer_fn fn, void *arg);
/* First expiry after after_ns, then every period_ns (0: once). */
void rs_timer_arm(struct rs_timer *t, uint64_t after_ns, uint64_t period_ns);
void rs_timer_stop(struct rs_timer *t);
int rs_timer_armed(const struct rs_timer *t);
void rs_timer_del(struct rs_timer *t);
struct rs_loop *rs_timer_loop(const struct rs_timer *t);

/* Deliver signo through the loop (it is blocked meanwhile).  0 or -errno. */
int rs_signal_add(struct rs_loop *l, int signo, rs_signal_fn fn, void *arg);

struct rs_child_status {
	int exited;		/* 1: exit(code) */
	int code;
	int signaled;		/* 1: killed by signo */
	int signo;
	int core;		/* a core was dumped */
	int timed_out;		/* the loop sent the signal at the timeout */
	int killed;		/* rs_child_kill() sent it */
};

struct rs_child_spec {
	const char *const *argv;	/* program to exec (PATH is searched), or */
	int (*fn)(void *arg);		/* run in the child; its return is the exit code */
	void *fn_arg;
	int stdin_fd;			/* -1: /dev/null */
	uint64_t timeout_ns;		/* 0: none; else SIGTERM then, SIGKILL 2 s later */
	/* stream 1 = stdout, 2 = stderr; raw chunks in order per stream. */
	void (*on_output)(struct rs_child *c, int stream, const char *buf, size_t len,
			  void *arg);
	void (*on_exit)(struct rs_child *c, const struct rs_child_status *st, void *arg);
	void *arg;
};

/* NULL and err set when it could not start (fork, pipe, no program). */
struct rs_child *rs_child_spawn(struct rs_loop *l, const struct rs_child_spec *spec,
				char *err, size_t errlen);
pid_t rs_child_pid(const struct rs_child *c);
/* Signal the child's process group; the end still comes through on_exit. */
int rs_child_kill(struct rs_child *c, int signo);
/* No more callbacks for this child (its owner goes away); the loop still
 * reaps it, and kills it at rs_loop_free(). */
void rs_child_forget(struct rs_child *c);
/* "exit 0", "exit 3", "killed by SIGSEGV (core dumped)",
 * "timed out, killed by SIGTERM", "stopped (SIGKILL)". */
void rs_child_status_text(const struct rs_child_status *st, char *buf, size_t len);

#endif
