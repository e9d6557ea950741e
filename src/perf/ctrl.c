/* SPDX-License-Identifier: MIT */
/*
 * ctrl.c - the control channel (ctrl.h): non-blocking TCP on the event
 * loop, one message at a time, every wait bounded by a timer.
 */
#include "perf/ctrl_priv.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define BUF_LEN (RS_PERF_HDR_LEN + RS_PERF_MAX_PAYLOAD)

struct rs_ctrl {
	struct rs_loop *l;
	int fd;
	struct rs_io *io;
	char phase[96];
	/* receiving: exactly one message, header first */
	uint8_t rx[BUF_LEN];
	size_t have;
	struct rs_perf_hdr hdr;
	int have_hdr, ready, eof, rerr, hdr_err;
	uint64_t got;			/* bytes received on this connection */
	char peer_ver[16];
	uint8_t version;		/* the peer's protocol version, 0 before its first message */
	/* sending */
	uint8_t tx[BUF_LEN];
	size_t tx_len, tx_off;
	int werr;
};

static volatile int interrupted;

static void on_signal(struct rs_loop *l, int signo, void *arg)
{
	interrupted = 1;
}

int rs_ctrl_watch_signals(struct rs_loop *l)
{
	int ret = rs_signal_add(l, SIGINT, on_signal, NULL);

	if (!ret)
		ret = rs_signal_add(l, SIGTERM, on_signal, NULL);
	return ret;
}

int rs_ctrl_interrupted(void)
{
	return interrupted;
}

/* The header is complete: ours, or who else is talking? */
static void got_header(struct rs_ctrl *c)
{
	c->hdr_err = rs_perf_decode_hdr(c->rx, &c->hdr);
	if (c->hdr_err)
		return;
	c->have_hdr = 1;
	c->ready = c->hdr.length == 0;
}

static void read_some(struct rs_ctrl *c)
{
	while (!c->ready && !c->eof && !c->rerr && !c->hdr_err) {
		size_t want = c->have < RS_PERF_HDR_LEN ? RS_PERF_HDR_LEN - c->have :
			      RS_PERF_HDR_LEN + c->hdr.length - c->have;
		ssize_t n = read(c->fd, c->rx + c->have, want);

		if (n == 0) {
			c->eof = 1;
		} else if (n < 0) {
			if (errno != EAGAIN && errno != EINTR)
				c->rerr = errno;
			if (errno != EINTR)
				break;
		} else {
			c->have += (size_t)n;
			c->got += (uint64_t)n;
			if (!c->have_hdr && c->have == RS_PERF_HDR_LEN)
				got_header(c);
			else if (c->have_hdr && c->have == RS_PERF_HDR_LEN + c->hdr.length)
				c->ready = 1;
		}
	}
}

static void write_some(struct rs_ctrl *c)
{
	while (c->tx_off < c->tx_len && !c->werr) {
		ssize_t n = send(c->fd, c->tx + c->tx_off, c->tx_len - c->tx_off, MSG_NOSIGNAL);

		if (n < 0) {
			if (errno == EAGAIN)
				break;
			if (errno != EINTR)
				c->werr = errno;
			continue;
		}
		c->tx_off += (size_t)n;
	}
}

static void update_events(struct rs_ctrl *c)
{
	unsigned ev = 0;

	if (!c->ready && !c->eof && !c->rerr && !c->hdr_err)
		ev |= POLLIN;
	if (c->tx_off < c->tx_len && !c->werr)
		ev |= POLLOUT;
	rs_io_set_events(c->io, ev);
}

static void on_io(struct rs_io *io, int fd, unsigned revents, void *arg)
{
	struct rs_ctrl *c = arg;

	if (revents & (POLLIN | POLLHUP | POLLERR))
		read_some(c);
	if (revents & (POLLOUT | POLLERR))
		write_some(c);
	update_events(c);
}

struct rs_ctrl *rs_ctrl_new(struct rs_loop *l, int fd)
{
	struct rs_ctrl *c = rs_xcalloc(1, sizeof(*c));
	int one = 1;

	c->l = l;
	c->fd = fd;
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	c->io = rs_io_add(l, fd, POLLIN, on_io, c);
	RS_STRCPY(c->phase, "the test");
	return c;
}

void rs_ctrl_close(struct rs_ctrl *c)
{
	if (!c)
		return;
	rs_io_del(c->io);
	close(c->fd);
	free(c);
}

void rs_ctrl_set_phase(struct rs_ctrl *c, const char *phase)
{
	RS_STRCPY(c->phase, phase);
}

struct waiter {
	int fired;
};

static void on_deadline(struct rs_timer *t, void *arg)
{
	((struct waiter *)arg)->fired = 1;
}

int rs_ctrl_wait(struct rs_loop *l, int (*done)(void *), void *arg, uint64_t timeout_ns)
{
	struct waiter w = { 0 };
	struct rs_timer *t = rs_timer_add(l, on_deadline, &w);
	int ret = 0;

	rs_timer_arm(t, timeout_ns, 0);
	while (!done(arg)) {
		if (interrupted) {
			ret = -EINTR;
			break;
		}
		if (w.fired) {
			ret = -ETIMEDOUT;
			break;
		}
		ret = rs_loop_run_once(l, -1);
		if (ret < 0)
			break;
		ret = 0;
	}
	rs_timer_del(t);
	return ret;
}

static int rx_settled(void *arg)
{
	struct rs_ctrl *c = arg;

	return c->ready || c->eof || c->rerr || c->hdr_err;
}

static int tx_settled(void *arg)
{
	struct rs_ctrl *c = arg;

	return c->tx_off == c->tx_len || c->werr;
}

/* Another protocol on the other end, judged from what arrived. */
static int foreign(struct rs_ctrl *c, struct rs_perf_error *e)
{
	enum rs_perf_peer_kind k = c->have_hdr ? RS_PEER_ROCESCOPE :
		rs_perf_sniff(c->rx, c->have, c->peer_ver, sizeof(c->peer_ver));

	if (k == RS_PEER_PERFTEST)
		return rs_perf_fail(e, RS_PF_PEER_PERFTEST, EPROTO,
				    "the peer speaks perftest's protocol, not rocescope's (it sent "
				    "perftest version %s)", c->peer_ver);
	if (k == RS_PEER_PINGPONG)
		return rs_perf_fail(e, RS_PF_PEER_PINGPONG, EPROTO,
				    "the peer speaks ibv_rc_pingpong's protocol, not rocescope's");
	if (k == RS_PEER_UNKNOWN && c->have >= 4)
		return rs_perf_fail(e, RS_PF_PEER_FOREIGN, EPROTO,
				    "the peer does not speak rocescope's protocol (it sent %02x %02x "
				    "%02x %02x ...)", c->rx[0], c->rx[1], c->rx[2], c->rx[3]);
	return 0;
}

static int rx_failure(struct rs_ctrl *c, int wret, uint64_t timeout_ns, struct rs_perf_error *e)
{
	if (wret == -EINTR)
		return rs_perf_fail(e, RS_PF_INTERRUPTED, EINTR, "interrupted (%s)", c->phase);
	if (c->hdr_err == -EPROTO || ((c->eof || c->rerr || wret) && !c->have_hdr && c->have))
		if (foreign(c, e))
			return -1;
	if (c->hdr_err == -EPROTONOSUPPORT)
		return rs_perf_fail(e, RS_PF_PEER_VERSION, EPROTO,
				    "the peer speaks rocescope protocol version %u, this end %u",
				    c->rx[4], RS_PERF_VERSION);
	if (c->hdr_err == -EMSGSIZE)
		return rs_perf_fail(e, RS_PF_PROTOCOL, EMSGSIZE,
				    "message of %u bytes announced, the limit is %u (%s)",
				    c->hdr.length, RS_PERF_MAX_PAYLOAD, c->phase);
	if (c->hdr_err)
		return rs_perf_fail(e, RS_PF_PROTOCOL, EBADMSG, "malformed message header (%s)",
				    c->phase);
	if (wret == -ETIMEDOUT)
		return rs_perf_fail(e, RS_PF_PEER_TIMEOUT, ETIMEDOUT,
				    "no message from the peer in %.0f s (%s%s)",
				    (double)timeout_ns / 1e9, c->phase,
				    c->have ? ", a message was cut short" : "");
	if (c->eof && c->have)
		return rs_perf_fail(e, RS_PF_PEER_CLOSED, EPIPE,
				    "the peer closed the connection inside a message (%s)", c->phase);
	if (c->eof)
		return rs_perf_fail(e, RS_PF_PEER_CLOSED, EPIPE,
				    "the peer closed the connection (%s)", c->phase);
	return rs_perf_fail(e, RS_PF_PEER_CLOSED, c->rerr, "control connection: %s (%s)",
			    strerror(c->rerr), c->phase);
}

/* Take the message that is ready; 0 or -1 (malformed payload). */
static int take(struct rs_ctrl *c, struct rs_perf_msg *m, struct rs_perf_error *e)
{
	int ret = rs_perf_decode_payload(&c->hdr, c->rx + RS_PERF_HDR_LEN, c->hdr.length, m);
	unsigned type = c->hdr.type, len = c->hdr.length;

	if (!ret && (!c->version || c->hdr.version < c->version))
		c->version = c->hdr.version;

	c->have = 0;
	c->have_hdr = c->ready = 0;
	update_events(c);
	if (ret)
		return rs_perf_fail(e, RS_PF_PROTOCOL, EBADMSG,
				    "malformed %s message (%u bytes) (%s)", rs_perf_msg_name(type),
				    len, c->phase);
	return 0;
}

int rs_ctrl_recv(struct rs_ctrl *c, struct rs_perf_msg *m, uint64_t timeout_ns,
		 struct rs_perf_error *e)
{
	int ret;

	read_some(c);		/* what is already there, without a round */
	update_events(c);
	ret = c->ready ? 0 : rs_ctrl_wait(c->l, rx_settled, c, timeout_ns);
	if (c->ready)
		return take(c, m, e);
	return rx_failure(c, ret, timeout_ns, e);
}

int rs_ctrl_poll(struct rs_ctrl *c, struct rs_perf_msg *m, struct rs_perf_error *e)
{
	if (!c->ready) {
		read_some(c);
		update_events(c);
	}
	if (!c->ready && !rx_settled(c) && rs_loop_run_once(c->l, 0) < 0)
		return rs_perf_fail(e, RS_PF_PEER_CLOSED, EIO, "event loop failed");
	if (interrupted)
		return rs_perf_fail(e, RS_PF_INTERRUPTED, EINTR, "interrupted (%s)", c->phase);
	if (c->ready)
		return take(c, m, e) ? -1 : 1;
	if (rx_settled(c))
		return rx_failure(c, 0, 0, e);
	return 0;
}

int rs_ctrl_expect(struct rs_ctrl *c, unsigned type, struct rs_perf_msg *m, uint64_t timeout_ns,
		   struct rs_perf_error *e)
{
	if (rs_ctrl_recv(c, m, timeout_ns, e))
		return -1;
	if (m->type == type)
		return 0;
	if (m->type == RS_MSG_ERROR) {
		const struct rs_perf_fail_info *fi = rs_perf_fail_info(m->u.error.code);
		char msg[RS_PERF_MSG_LEN];

		rs_perf_escape(m->u.error.message, msg, sizeof(msg));
		return rs_perf_fail(e, RS_PF_PEER_FAILED, m->u.error.code, "the peer failed: %s: %s",
				    fi->title, msg);
	}
	return rs_perf_fail(e, RS_PF_PROTOCOL, EBADMSG, "expected %s from the peer, got %s (%s)",
			    rs_perf_msg_name(type), rs_perf_msg_name(m->type), c->phase);
}

int rs_ctrl_send(struct rs_ctrl *c, const struct rs_perf_msg *msg, uint64_t timeout_ns,
		 struct rs_perf_error *e)
{
	struct rs_perf_msg m1 = *msg;
	const struct rs_perf_msg *m = &m1;
	int ret;

	/* An older peer is answered in its own version (docs/tests.md). */
	if (c->version && c->version < RS_PERF_VERSION)
		m1.version = c->version;
	ret = rs_perf_encode(m, c->tx, sizeof(c->tx), &c->tx_len);

	if (ret)
		return rs_perf_fail(e, RS_PF_PROTOCOL, -ret, "cannot encode %s: %s",
				    rs_perf_msg_name(m->type), strerror(-ret));
	c->tx_off = 0;
	c->werr = 0;
	write_some(c);
	update_events(c);
	ret = tx_settled(c) ? 0 : rs_ctrl_wait(c->l, tx_settled, c, timeout_ns);
	c->tx_len = c->tx_off = 0;
	update_events(c);
	if (ret == -EINTR)
		return rs_perf_fail(e, RS_PF_INTERRUPTED, EINTR, "interrupted (%s)", c->phase);
	if (ret == -ETIMEDOUT)
		return rs_perf_fail(e, RS_PF_PEER_TIMEOUT, ETIMEDOUT,
				    "the peer takes no data (%s)", c->phase);
	if (c->werr)
		return rs_perf_fail(e, RS_PF_PEER_CLOSED, c->werr,
				    "the peer closed the connection (%s): %s", c->phase,
				    strerror(c->werr));
	return 0;
}

int rs_ctrl_exchange(struct rs_ctrl *c, struct rs_perf_msg *m, unsigned type,
		     uint64_t timeout_ns, struct rs_perf_error *e)
{
	if (rs_ctrl_send(c, m, timeout_ns, e))
		return -1;
	return rs_ctrl_expect(c, type, m, timeout_ns, e);
}

void rs_ctrl_send_error(struct rs_ctrl *c, const struct rs_perf_error *e)
{
	struct rs_perf_msg m = { .type = RS_MSG_ERROR };
	struct rs_perf_error ignored;
	int saved = interrupted;

	m.u.error.code = (uint16_t)e->code;
	RS_STRCPY(m.u.error.message, e->message);
	interrupted = 0;	/* a Ctrl-C still tells the peer why */
	rs_ctrl_send(c, &m, 2 * RS_NS_PER_S, &ignored);
	interrupted = saved;
}

int rs_ctrl_silent(const struct rs_ctrl *c)
{
	return c->eof && !c->got;
}
