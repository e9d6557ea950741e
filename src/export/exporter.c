/* SPDX-License-Identifier: MIT */
/*
 * exporter.c - the server of exporter.h: a listener and its connections on
 * the event loop, each a small state machine: read a request head, answer
 * it (a shared body plus a per-connection head and tail), keep the
 * connection for the next request or close it.
 *
 * One timer sweeps the deadlines every 500 ms, armed only while a
 * connection is open, so an idle exporter costs no wake-up between the
 * session's refreshes.  Writes use sendmsg(MSG_NOSIGNAL): a client that
 * went away is an EPIPE to handle, not a SIGPIPE to die of.
 */
#include "export/exporter.h"
#include "export/exporter_priv.h"
#include "export/http.h"
#include "runtime/loop.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define SWEEP_NS (500 * RS_NS_PER_MS)

static uint64_t ms_ns(unsigned ms, unsigned def)
{
	return (uint64_t)(ms ? ms : def) * RS_NS_PER_MS;
}

static void body_put(struct rs_body *b)
{
	if (b && !--b->refs) {
		rs_text_free(&b->t);
		free(b);
	}
}

void rs_exporter_invalidate(struct rs_exporter *ex)
{
	for (int f = 0; f < 2; f++) {
		body_put(ex->cache[f]);
		ex->cache[f] = NULL;
	}
}

static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The text of format f for this refresh, built now if nobody asked yet. */
static struct rs_body *body_get(struct rs_exporter *ex, enum rs_metrics_format f)
{
	if (!ex->cache[f]) {
		double t0 = cpu_now();

		ex->cache[f] = rs_xcalloc(1, sizeof(*ex->cache[f]));
		ex->cache[f]->refs = 1;
		ex->build(&ex->cache[f]->t, f, ex->build_arg);
		ex->stats.builds++;
		/* to the microsecond: the clock's own noise is below that */
		ex->stats.build_seconds = (double)(long long)((cpu_now() - t0) * 1e6 + 0.5) / 1e6;
	}
	ex->cache[f]->refs++;
	return ex->cache[f];
}

static void conn_close(struct rs_conn *c)
{
	struct rs_exporter *ex = c->ex;

	rs_io_del(c->io);
	close(c->fd);
	body_put(c->body);
	rs_text_free(&c->tail);
	*c->pprev = c->next;
	if (c->next)
		c->next->pprev = c->pprev;
	ex->stats.conns_open--;
	free(c);
	if (!ex->conns && !ex->listen_paused)
		rs_timer_stop(ex->sweep);
}

static void conn_read(struct rs_conn *c);

/* The response is out: next request (keep-alive) or close. */
static void conn_done(struct rs_conn *c)
{
	size_t used = c->req_len;

	body_put(c->body);
	c->body = NULL;
	c->tail.len = 0;
	if (c->close_after) {
		conn_close(c);
		return;
	}
	/* Pipelined bytes already read start the next request. */
	memmove(c->in, c->in + used, c->in_len - used);
	c->in_len -= used;
	c->writing = 0;
	c->deadline = rs_loop_now(c->ex->loop) + ms_ns(c->ex->opts.idle_timeout_ms, 30000);
	rs_io_set_events(c->io, POLLIN);
	if (c->in_len)
		conn_read(c);
}

static void conn_flush(struct rs_conn *c)
{
	size_t blen = c->body && !c->head_only ? c->body->t.len : 0;
	size_t tlen = c->head_only ? 0 : c->tail.len;
	struct iovec iov[3];
	struct msghdr msg = { .msg_iov = iov };
	size_t off = c->sent;
	ssize_t n;

	while (off < c->head_len + blen + tlen) {
		const char *seg[3] = { c->head, c->body ? c->body->t.p : NULL, c->tail.p };
		size_t len[3] = { c->head_len, blen, tlen }, skip = off;

		msg.msg_iovlen = 0;
		for (int i = 0; i < 3; i++) {
			if (skip >= len[i]) {
				skip -= len[i];
				continue;
			}
			iov[msg.msg_iovlen].iov_base = (char *)seg[i] + skip;
			iov[msg.msg_iovlen++].iov_len = len[i] - skip;
			skip = 0;
		}
		n = sendmsg(c->fd, &msg, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			c->sent = off;
			rs_io_set_events(c->io, POLLOUT);
			return;
		}
		if (n <= 0) {
			conn_close(c);	/* the client went away */
			return;
		}
		off += (size_t)n;
	}
	conn_done(c);
}

/* Start answering: status line and headers, the body and tail already set. */
void rs_conn_respond(struct rs_conn *c, int status, const char *type, const char *extra)
{
	size_t blen = (c->body ? c->body->t.len : 0) + c->tail.len;

	if (status >= 400 && status != 404 && status != 405)
		c->close_after = 1;
	c->head_len = (size_t)snprintf(c->head, sizeof(c->head),
				       "HTTP/1.1 %d %s\r\nContent-Type: %s\r\n"
				       "Content-Length: %zu\r\nCache-Control: no-store\r\n%s"
				       "Connection: %s\r\n\r\n", status, rs_http_reason(status),
				       type, blen, extra ? extra : "",
				       c->close_after ? "close" : "keep-alive");
	if (status >= 400)
		c->ex->stats.requests_bad++;
	c->writing = 1;
	c->sent = 0;
	c->deadline = rs_loop_now(c->ex->loop) + ms_ns(c->ex->opts.send_timeout_ms, 30000);
	conn_flush(c);
}

/* /metrics: the shared body of this refresh, the exporter's own counters. */
void rs_conn_metrics(struct rs_conn *c, enum rs_metrics_format f)
{
	struct rs_exporter *ex = c->ex;
	struct rusage ru;

	ex->stats.scrapes++;
	c->body = body_get(ex, f);
	if (!getrusage(RUSAGE_SELF, &ru))
		ex->stats.cpu_seconds = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
					(double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
	rs_metrics_exporter(&c->tail, &ex->stats, f);
	rs_metrics_end(&c->tail, f);
	rs_conn_respond(c, 200, rs_metrics_content_type(f), NULL);
}

static void conn_read(struct rs_conn *c)
{
	struct rs_http_req req;
	int r;

	for (;;) {
		r = rs_http_parse(c->in, c->in_len, &req);
		if (r != RS_HTTP_NEED_MORE)
			break;
		if (c->in_len == sizeof(c->in))
			break;
		ssize_t n = read(c->fd, c->in + c->in_len, sizeof(c->in) - c->in_len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;		/* wait for more */
		if (n <= 0) {
			conn_close(c);	/* closed (or reset) before a whole request */
			return;
		}
		c->in_len += (size_t)n;
	}
	rs_conn_handle(c, r, &req);
}

static void on_conn(struct rs_io *io, int fd, unsigned revents, void *arg)
{
	struct rs_conn *c = arg;

	if (c->writing && (revents & (POLLOUT | POLLERR | POLLHUP)))
		conn_flush(c);
	else if (!c->writing && (revents & (POLLIN | POLLERR | POLLHUP)))
		conn_read(c);
}

/* Over the cap: say so in one write (best effort) and close. */
static void reject(struct rs_exporter *ex, int fd)
{
	static const char busy[] = "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n"
				   "Retry-After: 1\r\nConnection: close\r\n\r\n";

	(void)!send(fd, busy, sizeof(busy) - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
	close(fd);
	ex->stats.conns_rejected++;
}

static void on_listen(struct rs_io *io, int lfd, unsigned revents, void *arg)
{
	struct rs_exporter *ex = arg;

	/* A bounded batch per round: a connect flood cannot starve the rest. */
	for (int i = 0; i < 32; i++) {
		int fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
		struct rs_conn *c;

		if (fd < 0 && (errno == EMFILE || errno == ENFILE)) {
			/* Out of descriptors: stop listening for a sweep period
			 * rather than spin on a listener that stays readable. */
			rs_io_set_events(ex->lio, 0);
			ex->listen_paused = 1;
			if (!rs_timer_armed(ex->sweep))
				rs_timer_arm(ex->sweep, SWEEP_NS, SWEEP_NS);
			return;
		}
		if (fd < 0)
			return;		/* EAGAIN, or a connection reset before accept */
		if (ex->stats.conns_open >= ex->opts.max_conns) {
			reject(ex, fd);
			continue;
		}
		c = rs_xcalloc(1, sizeof(*c));
		c->ex = ex;
		c->fd = fd;
		c->deadline = rs_loop_now(ex->loop) + ms_ns(ex->opts.head_timeout_ms, 10000);
		c->io = rs_io_add(ex->loop, fd, POLLIN, on_conn, c);
		c->next = ex->conns;
		c->pprev = &ex->conns;
		if (ex->conns)
			ex->conns->pprev = &c->next;
		ex->conns = c;
		ex->stats.conns_open++;
		if (!rs_timer_armed(ex->sweep))
			rs_timer_arm(ex->sweep, SWEEP_NS, SWEEP_NS);
	}
}

static void on_sweep(struct rs_timer *t, void *arg)
{
	struct rs_exporter *ex = arg;
	uint64_t now = rs_loop_now(ex->loop);
	struct rs_conn *c = ex->conns, *next;
	const struct linger abort_close = { .l_onoff = 1, .l_linger = 0 };

	if (ex->listen_paused) {
		ex->listen_paused = 0;
		rs_io_set_events(ex->lio, POLLIN);
		if (!ex->conns)
			rs_timer_stop(t);
	}

	for (; c; c = next) {
		next = c->next;
		if (now < c->deadline)
			continue;
		/* Abortive close: a client that stopped reading would otherwise
		 * keep the unsent rest in the kernel until TCP gives up. */
		setsockopt(c->fd, SOL_SOCKET, SO_LINGER, &abort_close, sizeof(abort_close));
		ex->stats.conns_timed_out++;
		conn_close(c);
	}
}

int rs_exporter_open(struct rs_exporter **exp, struct rs_loop *l,
		     const struct rs_exporter_opts *o, rs_exporter_build_fn build, void *arg,
		     char *err, size_t errlen)
{
	struct rs_exporter *ex = rs_xcalloc(1, sizeof(*ex));
	struct rlimit nofile;
	int ret;

	ex->loop = l;
	ex->opts = *o;
	if (!ex->opts.max_conns)
		ex->opts.max_conns = 64;
	/* Past the descriptor limit accept() would fail with EMFILE while the
	 * listener stays readable: a busy loop.  Keep 64 for everything else. */
	if (!getrlimit(RLIMIT_NOFILE, &nofile) && nofile.rlim_cur != RLIM_INFINITY &&
	    nofile.rlim_cur < (rlim_t)ex->opts.max_conns + 128)
		ex->opts.max_conns = nofile.rlim_cur > 128 ? (unsigned)nofile.rlim_cur - 64 : 16;
	ex->build = build;
	ex->build_arg = arg;
	ret = rs_exporter_listen(ex, o->listen, err, errlen);
	if (ret) {
		free(ex);
		return ret;
	}
	ex->lio = rs_io_add(l, ex->lfd, POLLIN, on_listen, ex);
	ex->sweep = rs_timer_add(l, on_sweep, ex);
	*exp = ex;
	return 0;
}

const char *rs_exporter_address(const struct rs_exporter *ex)
{
	return ex->addr;
}

const struct rs_exporter_stats *rs_exporter_stats(const struct rs_exporter *ex)
{
	return &ex->stats;
}

void rs_exporter_close(struct rs_exporter *ex)
{
	if (!ex)
		return;
	while (ex->conns)
		conn_close(ex->conns);
	rs_timer_del(ex->sweep);
	rs_io_del(ex->lio);
	close(ex->lfd);
	rs_exporter_invalidate(ex);
	free(ex);
}
