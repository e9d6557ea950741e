/* SPDX-License-Identifier: MIT */
/*
 * test_loop.c - the event loop (src/runtime/loop.h): handlers added and
 * removed from inside callbacks, timers, signals as events, and children
 * that exit, crash, hang, print, and are left running at free.
 *
 * Nothing here measures time: every wait is "run the loop until the state
 * is reached", with a guard timer that fails the test if it never is.
 */
#include "runtime/loop.h"

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#define GUARD_NS (20 * RS_NS_PER_S)	/* a broken loop fails instead of hanging */

static int guard_hit;

static void on_guard(struct rs_timer *t, void *arg)
{
	guard_hit = 1;
	rs_loop_stop(arg, -ETIMEDOUT);
}

/* Run l until *flag becomes nonzero (or the guard fires). */
static void run_until(struct rs_loop *l, const int *flag)
{
	struct rs_timer *g = rs_timer_add(l, on_guard, l);

	guard_hit = 0;
	rs_timer_arm(g, GUARD_NS, 0);
	while (!*flag && !guard_hit)
		assert_true(rs_loop_run_once(l, -1) >= 0);
	rs_timer_del(g);
	assert_false(guard_hit);
}

/* ------------------------------------------------------------- fd handlers */

struct two {
	struct rs_loop *l;
	int p1[2], p2[2];
	struct rs_io *a, *b, *c;
	int a_calls, b_calls, c_calls;
};

static void drain(int fd)
{
	char buf[64];

	while (read(fd, buf, sizeof(buf)) > 0)
		;
}

static void on_c(struct rs_io *io, int fd, unsigned revents, void *arg)
{
	struct two *t = arg;

	t->c_calls++;
	drain(fd);
}

/* a removes b (whose event is pending in this same round) and itself, and
 * adds c on the fd b had: c must not get b's event of this round. */
static void on_a(struct rs_io *io, int fd, unsigned revents, void *arg)
{
	struct two *t = arg;

	t->a_calls++;
	drain(fd);
	rs_io_del(t->b);
	rs_io_del(io);
	t->c = rs_io_add(t->l, t->p2[0], POLLIN, on_c, t);
}

static void on_b(struct rs_io *io, int fd, unsigned revents, void *arg)
{
	struct two *t = arg;

	t->b_calls++;
	drain(fd);
}

static void test_io_remove_in_callback(void **state)
{
	struct rs_loop *l = rs_loop_new();
	struct two t = { .l = l };

	(void)state;
	assert_int_equal(pipe2(t.p1, O_NONBLOCK), 0);
	assert_int_equal(pipe2(t.p2, O_NONBLOCK), 0);
	t.a = rs_io_add(l, t.p1[0], POLLIN, on_a, &t);
	t.b = rs_io_add(l, t.p2[0], POLLIN, on_b, &t);
	/* Both readable before the round: both events are pending together. */
	assert_int_equal(write(t.p1[1], "x", 1), 1);
	assert_int_equal(write(t.p2[1], "y", 1), 1);
	rs_loop_run_once(l, 1000);
	assert_int_equal(t.a_calls, 1);
	assert_int_equal(t.b_calls, 0);	/* removed while pending: never called */
	/* The next rounds: a and b are gone; c (added in a's callback, on b's
	 * fd) sees the byte still in the pipe, once. */
	rs_loop_run_once(l, 1000);
	assert_int_equal(t.a_calls, 1);
	assert_int_equal(t.b_calls, 0);
	assert_int_equal(t.c_calls, 1);
	rs_loop_free(l);
	for (int i = 0; i < 2; i++)
		close(t.p1[i]), close(t.p2[i]);
}

/* ------------------------------------------------------------------ timers */

struct tick {
	struct rs_timer *self, *victim;
	int n, victim_n, rearmed;
};

static void on_victim(struct rs_timer *t, void *arg)
{
	((struct tick *)arg)->victim_n++;
}

static void on_periodic(struct rs_timer *t, void *arg)
{
	struct tick *k = arg;

	k->n++;
	if (k->n == 1)
		rs_timer_del(k->victim);	/* due in the same round: must not fire */
	if (k->n == 3)
		rs_timer_stop(t);
}

static void on_once(struct rs_timer *t, void *arg)
{
	struct tick *k = arg;

	if (!k->rearmed++)
		rs_timer_arm(t, 1000000, 0);	/* re-armed from its own callback */
	else
		k->n = 1;
}

static void test_timers(void **state)
{
	struct rs_loop *l = rs_loop_new();
	struct tick k = { 0 }, once = { 0 };

	(void)state;
	k.self = rs_timer_add(l, on_periodic, &k);
	k.victim = rs_timer_add(l, on_victim, &k);
	rs_timer_arm(k.self, 0, 1000000);
	rs_timer_arm(k.victim, 0, 0);
	while (k.n < 3)
		rs_loop_run_once(l, 1000);
	assert_int_equal(k.victim_n, 0);
	assert_false(rs_timer_armed(k.self));
	/* stopped: more rounds do not fire it */
	rs_loop_run_once(l, 0);
	assert_int_equal(k.n, 3);

	once.self = rs_timer_add(l, on_once, &once);
	rs_timer_arm(once.self, 0, 0);
	run_until(l, &once.n);
	assert_int_equal(once.rearmed, 2);
	rs_loop_free(l);
}

/* ----------------------------------------------------------------- signals */

static int got_usr1;

static void on_usr1(struct rs_loop *l, int signo, void *arg)
{
	got_usr1 = signo;
}

static void test_signal_as_event(void **state)
{
	struct rs_loop *l = rs_loop_new();
	sigset_t cur;

	(void)state;
	assert_int_equal(rs_signal_add(l, SIGUSR1, on_usr1, NULL), 0);
	kill(getpid(), SIGUSR1);	/* blocked: waits in the signalfd */
	run_until(l, &got_usr1);
	assert_int_equal(got_usr1, SIGUSR1);
	rs_loop_free(l);
	/* the mask is given back */
	sigprocmask(SIG_BLOCK, NULL, &cur);
	assert_int_equal(sigismember(&cur, SIGUSR1), 0);
}

/* ---------------------------------------------------------------- children */

struct kid {
	struct rs_child *c;
	pid_t pid;
	struct rs_child_status st;
	int done;
	char out[256], err[256];
	size_t nout, nerr;
};

static void kid_output(struct rs_child *c, int stream, const char *buf, size_t len, void *arg)
{
	struct kid *k = arg;
	char *dst = stream == 1 ? k->out : k->err;
	size_t *n = stream == 1 ? &k->nout : &k->nerr;

	assert_false(k->done);	/* output always comes before the exit */
	if (*n + len < sizeof(k->out)) {
		memcpy(dst + *n, buf, len);
		*n += len;
		dst[*n] = '\0';
	}
}

static void kid_exit(struct rs_child *c, const struct rs_child_status *st, void *arg)
{
	struct kid *k = arg;

	k->st = *st;
	k->done = 1;
}

static void spawn(struct rs_loop *l, struct kid *k, const char *const *argv,
		  int (*fn)(void *), uint64_t timeout_ns)
{
	struct rs_child_spec spec = {
		.argv = argv, .fn = fn, .stdin_fd = -1, .timeout_ns = timeout_ns,
		.on_output = kid_output, .on_exit = kid_exit, .arg = k,
	};
	char err[128];

	memset(k, 0, sizeof(*k));
	k->c = rs_child_spawn(l, &spec, err, sizeof(err));
	assert_non_null(k->c);
	k->pid = rs_child_pid(k->c);
}

static int crash_fn(void *arg)
{
	struct rlimit no_core = { 0, 0 };

	setrlimit(RLIMIT_CORE, &no_core);	/* no core file left in the build tree */
	raise(SIGSEGV);
	return 0;
}

/* Exits 0 only when the mask is empty and SIGINT/SIGTERM are default. */
static int clean_fn(void *arg)
{
	struct sigaction sa;
	sigset_t cur;

	sigprocmask(SIG_BLOCK, NULL, &cur);
	for (int s = 1; s < 32; s++)
		if (sigismember(&cur, s) == 1)
			return 10 + s;
	sigaction(SIGINT, NULL, &sa);
	if (sa.sa_handler != SIG_DFL)
		return 9;
	printf("clean\n");
	return isatty(0) ? 8 : 0;
}

static void test_child_exit_and_output(void **state)
{
	static const char *const sh[] = {
		"sh", "-c", "echo out; echo err >&2; exit 3", NULL,
	};
	struct rs_loop *l = rs_loop_new();
	struct kid k;
	char text[64];

	(void)state;
	spawn(l, &k, sh, NULL, 0);
	run_until(l, &k.done);
	assert_int_equal(k.st.exited, 1);
	assert_int_equal(k.st.code, 3);
	assert_string_equal(k.out, "out\n");
	assert_string_equal(k.err, "err\n");
	rs_child_status_text(&k.st, text, sizeof(text));
	assert_string_equal(text, "exit 3");

	/* The parent blocks signals (the loop watches USR1): the child must not. */
	assert_int_equal(rs_signal_add(l, SIGUSR1, on_usr1, NULL), 0);
	spawn(l, &k, NULL, clean_fn, 0);
	run_until(l, &k.done);
	assert_true(k.st.exited);
	assert_int_equal(k.st.code, 0);
	assert_string_equal(k.out, "clean\n");
	rs_loop_free(l);
}

static void test_child_missing_program(void **state)
{
	static const char *const nope[] = { "/nonexistent/rs-no-such-program", NULL };
	struct rs_loop *l = rs_loop_new();
	struct kid k;

	(void)state;
	spawn(l, &k, nope, NULL, 0);
	run_until(l, &k.done);
	assert_int_equal(k.st.code, 127);
	assert_non_null(strstr(k.err, "cannot run /nonexistent/rs-no-such-program"));
	rs_loop_free(l);
}

/*
 * One child crashes, one hangs until its timeout, one hangs until killed,
 * and meanwhile a fourth runs and finishes: the loop reports each with how
 * it ended and keeps dispatching the others.
 */
static void test_child_crash_and_hang(void **state)
{
	static const char *const hang[] = { "sleep", "1000", NULL };
	static const char *const quick[] = { "sh", "-c", "echo fine", NULL };
	struct rs_loop *l = rs_loop_new();
	struct kid crash, timed, held, ok;
	char text[64];

	(void)state;
	spawn(l, &held, hang, NULL, 0);
	spawn(l, &crash, NULL, crash_fn, 0);
	spawn(l, &timed, hang, NULL, 50 * RS_NS_PER_MS);
	spawn(l, &ok, quick, NULL, 0);

	run_until(l, &crash.done);
	assert_true(crash.st.signaled);
	assert_int_equal(crash.st.signo, SIGSEGV);
	rs_child_status_text(&crash.st, text, sizeof(text));
	assert_non_null(strstr(text, "killed by SIGSEGV"));

	run_until(l, &ok.done);
	assert_string_equal(ok.out, "fine\n");
	assert_int_equal(kill(held.pid, 0), 0);	/* still hanging, loop still going */

	run_until(l, &timed.done);
	assert_true(timed.st.timed_out);
	assert_true(timed.st.signaled);
	assert_int_equal(timed.st.signo, SIGTERM);
	rs_child_status_text(&timed.st, text, sizeof(text));
	assert_string_equal(text, "timed out, killed by SIGTERM");

	assert_false(held.done);
	assert_int_equal(rs_child_kill(held.c, SIGKILL), 0);
	run_until(l, &held.done);
	assert_true(held.st.killed);
	assert_int_equal(held.st.signo, SIGKILL);
	rs_loop_free(l);
}

/* rs_loop_free() kills and reaps what still runs: nothing is left behind. */
static void test_free_kills_children(void **state)
{
	static const char *const hang[] = { "sleep", "1000", NULL };
	struct rs_loop *l = rs_loop_new();
	struct kid k;

	(void)state;
	spawn(l, &k, hang, NULL, 0);
	assert_int_equal(kill(k.pid, 0), 0);
	rs_loop_free(l);
	assert_int_equal(kill(k.pid, 0), -1);
	assert_int_equal(errno, ESRCH);	/* gone and reaped, not a zombie */
	assert_false(k.done);		/* no callback into a program that is leaving */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_io_remove_in_callback),
		cmocka_unit_test(test_timers),
		cmocka_unit_test(test_signal_as_event),
		cmocka_unit_test(test_child_exit_and_output),
		cmocka_unit_test(test_child_missing_program),
		cmocka_unit_test(test_child_crash_and_hang),
		cmocka_unit_test(test_free_kills_children),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
