/* SPDX-License-Identifier: MIT */
/*
 * child.c - child processes owned by the loop (loop.h).
 *
 * A child is forked with SIGCHLD already watched (so its death cannot be
 * missed), put in its own process group (so a kill reaches what it starts),
 * given default signal dispositions and an empty mask (the console blocks
 * and handles signals the child must feel), stdin from /dev/null and its
 * stdout/stderr on two pipes.  The loop reads the pipes as they fill; when
 * SIGCHLD reports the exit, what is left in the pipes is drained, then
 * on_exit runs.  Reaping is by pid (waitpid(pid, WNOHANG)), never
 * waitpid(-1), so children that libraries fork are not stolen.
 */
#include "runtime/loop_priv.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define KILL_GRACE_NS (2 * RS_NS_PER_S)

struct rs_child {
	struct rs_loop *loop;
	pid_t pid;
	struct rs_child_spec spec;
	int fd[3];			/* [1] stdout, [2] stderr read ends; -1 closed */
	struct rs_io *io[3];
	struct rs_timer *timeout, *kill_timer;
	struct rs_child_status st;
	int reaped, reported;
};

static void close_stream(struct rs_child *c, int s)
{
	if (c->fd[s] < 0)
		return;
	rs_io_del(c->io[s]);
	close(c->fd[s]);
	c->fd[s] = -1;
	c->io[s] = NULL;
}

/* Read what is there now; close at end of file.  Returns 1 if data came. */
static int read_stream(struct rs_child *c, int s)
{
	char buf[4096];
	int got = 0;

	while (c->fd[s] >= 0) {
		ssize_t n = read(c->fd[s], buf, sizeof(buf));

		if (n > 0) {
			got = 1;
			if (c->spec.on_output)
				c->spec.on_output(c, s, buf, (size_t)n, c->spec.arg);
			continue;
		}
		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			break;
		close_stream(c, s);
	}
	return got;
}

static void on_pipe(struct rs_io *io, int fd, unsigned revents, void *arg)
{
	struct rs_child *c = arg;

	read_stream(c, fd == c->fd[1] ? 1 : 2);
}

static void send_signal(struct rs_child *c, int signo)
{
	/* The group first (what the child started), the child itself if the
	 * group is gone or was never made. */
	if (kill(-c->pid, signo) < 0)
		kill(c->pid, signo);
}

static void on_kill_timer(struct rs_timer *t, void *arg)
{
	struct rs_child *c = arg;

	if (!c->reaped)
		send_signal(c, SIGKILL);
}

static void on_timeout(struct rs_timer *t, void *arg)
{
	struct rs_child *c = arg;

	if (c->reaped)
		return;
	c->st.timed_out = 1;
	send_signal(c, SIGTERM);
	rs_timer_arm(c->kill_timer, KILL_GRACE_NS, 0);
}

static void close_fds_from(int first)
{
#ifdef SYS_close_range
	if (syscall(SYS_close_range, (unsigned)first, ~0U, 0) == 0)
		return;
#endif
	for (int fd = first; fd < 65536; fd++)
		close(fd);
}

/* In the child, after fork: never returns. */
static void child_setup(const struct rs_child_spec *spec, int out_w, int err_w)
{
	sigset_t none;
	int in;

	for (int sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			signal(sig, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	setpgid(0, 0);
	in = spec->stdin_fd >= 0 ? spec->stdin_fd : open("/dev/null", O_RDONLY);
	if (in < 0 || dup2(in, 0) < 0 || dup2(out_w, 1) < 0 || dup2(err_w, 2) < 0)
		_exit(126);
	close_fds_from(3);
	if (spec->fn) {
		int code = spec->fn(spec->fn_arg);

		fflush(NULL);
		_exit(code & 0xff);
	}
	execvp(spec->argv[0], (char *const *)spec->argv);
	dprintf(2, "rocescope: cannot run %s: %s\n", spec->argv[0], strerror(errno));
	_exit(127);
}

static int make_pipes(int out[2], int err[2])
{
	out[0] = out[1] = err[0] = err[1] = -1;
	if (pipe2(out, O_CLOEXEC) < 0 || pipe2(err, O_CLOEXEC) < 0) {
		int e = -errno;

		for (int i = 0; i < 2; i++) {
			if (out[i] >= 0)
				close(out[i]);
			if (err[i] >= 0)
				close(err[i]);
		}
		return e;
	}
	return 0;
}

struct rs_child *rs_child_spawn(struct rs_loop *l, const struct rs_child_spec *spec,
				char *err, size_t errlen)
{
	int out[2], errp[2], r;
	struct rs_child *c;
	pid_t pid;

	if ((!spec->fn && (!spec->argv || !spec->argv[0])) ||
	    (r = rs_loop_watch_signal(l, SIGCHLD)) < 0 || (r = make_pipes(out, errp)) < 0) {
		snprintf(err, errlen, "cannot start a child: %s",
			 spec->fn || (spec->argv && spec->argv[0]) ? strerror(-r) : "nothing to run");
		return NULL;
	}
	fflush(NULL);	/* or the child would write the parent's buffered output again */
	pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, "fork: %s", strerror(errno));
		close(out[0]), close(out[1]), close(errp[0]), close(errp[1]);
		return NULL;
	}
	if (pid == 0)
		child_setup(spec, out[1], errp[1]);
	setpgid(pid, pid);	/* also in the parent: no race with a kill */
	close(out[1]);
	close(errp[1]);
	c = rs_xcalloc(1, sizeof(*c));
	c->loop = l;
	c->pid = pid;
	c->spec = *spec;
	c->fd[0] = -1;
	c->fd[1] = out[0];
	c->fd[2] = errp[0];
	for (int s = 1; s <= 2; s++) {
		fcntl(c->fd[s], F_SETFL, fcntl(c->fd[s], F_GETFL) | O_NONBLOCK);
		c->io[s] = rs_io_add(l, c->fd[s], POLLIN, on_pipe, c);
	}
	c->timeout = rs_timer_add(l, on_timeout, c);
	c->kill_timer = rs_timer_add(l, on_kill_timer, c);
	if (spec->timeout_ns)
		rs_timer_arm(c->timeout, spec->timeout_ns, 0);
	l->children = rs_xrealloc(l->children, (l->n_children + 1) * sizeof(*l->children));
	l->children[l->n_children++] = c;
	return c;
}

pid_t rs_child_pid(const struct rs_child *c)
{
	return c->pid;
}

int rs_child_kill(struct rs_child *c, int signo)
{
	if (c->reaped)
		return -ESRCH;
	c->st.killed = 1;
	send_signal(c, signo);
	return 0;
}

void rs_child_forget(struct rs_child *c)
{
	c->spec.on_output = NULL;
	c->spec.on_exit = NULL;
}

static void set_status(struct rs_child *c, int status)
{
	c->reaped = 1;
	if (WIFEXITED(status)) {
		c->st.exited = 1;
		c->st.code = WEXITSTATUS(status);
	} else if (WIFSIGNALED(status)) {
		c->st.signaled = 1;
		c->st.signo = WTERMSIG(status);
		c->st.core = WCOREDUMP(status) ? 1 : 0;
	}
}

void rs_child_reap(struct rs_loop *l)
{
	for (size_t i = 0; i < l->n_children; i++) {
		struct rs_child *c = l->children[i];
		int status;

		if (!c->reaped && waitpid(c->pid, &status, WNOHANG) == c->pid)
			set_status(c, status);
	}
}

int rs_child_finish(struct rs_loop *l)
{
	int any = 0;

	for (size_t i = 0; i < l->n_children; i++) {
		struct rs_child *c = l->children[i];

		if (!c->reaped || c->reported)
			continue;
		/* It exited: all it wrote is in the pipes now.  A grandchild
		 * holding them open cannot delay the report. */
		for (int s = 1; s <= 2; s++) {
			read_stream(c, s);
			close_stream(c, s);
		}
		rs_timer_del(c->timeout);
		rs_timer_del(c->kill_timer);
		c->reported = 1;
		any = 1;
		if (c->spec.on_exit)
			c->spec.on_exit(c, &c->st, c->spec.arg);
	}
	return any;
}

void rs_child_sweep(struct rs_loop *l)
{
	size_t k = 0;

	for (size_t i = 0; i < l->n_children; i++) {
		if (l->children[i]->reported)
			free(l->children[i]);
		else
			l->children[k++] = l->children[i];
	}
	l->n_children = k;
}

void rs_child_kill_all(struct rs_loop *l)
{
	for (size_t i = 0; i < l->n_children; i++) {
		struct rs_child *c = l->children[i];
		int status;

		if (!c->reaped) {
			send_signal(c, SIGTERM);
			/* At most about 1 s for it to end, then no more asking. */
			for (int tries = 0; tries < 100; tries++) {
				if (waitpid(c->pid, &status, WNOHANG) == c->pid) {
					c->reaped = 1;
					break;
				}
				usleep(10000);
			}
			if (!c->reaped) {
				send_signal(c, SIGKILL);
				waitpid(c->pid, &status, 0);
				c->reaped = 1;
			}
		}
		for (int s = 1; s <= 2; s++)
			close_stream(c, s);
		c->reported = 1;	/* freed by the sweep, without callbacks */
	}
}

void rs_child_status_text(const struct rs_child_status *st, char *buf, size_t len)
{
	const char *name = NULL;

	if (st->signaled)
		name = sigabbrev_np(st->signo);
	if (st->exited)
		snprintf(buf, len, "exit %d", st->code);
	else if (st->signaled)
		snprintf(buf, len, "%skilled by SIG%s%s", st->timed_out ? "timed out, " :
			 st->killed ? "stopped, " : "", name ? name : "?",
			 st->core ? " (core dumped)" : "");
	else
		snprintf(buf, len, "still running");
}
