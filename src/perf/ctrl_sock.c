/* SPDX-License-Identifier: MIT */
/*
 * ctrl_sock.c - the sockets of the control channel (ctrl.h): connect with
 * a deadline, listen on one address, accept one client with a deadline.
 * Connection errors are mapped here to what to check: refused = nobody
 * listens (no server, or a firewall that rejects), no answer = a firewall
 * that drops or a wrong address.
 */
#include "perf/ctrl_priv.h"
#include "util.h"

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

struct pending {
	struct rs_io *io;
	int ready;
};

static void on_ready(struct rs_io *io, int fd, unsigned revents, void *arg)
{
	((struct pending *)arg)->ready = 1;
}

static int is_ready(void *arg)
{
	return ((struct pending *)arg)->ready;
}

/* Wait until fd has the event; 0, -ETIMEDOUT, -EINTR. */
static int wait_fd(struct rs_loop *l, int fd, unsigned ev, uint64_t timeout_ns)
{
	struct pending p = { 0 };
	int ret;

	p.io = rs_io_add(l, fd, ev, on_ready, &p);
	ret = rs_ctrl_wait(l, is_ready, &p, timeout_ns);
	rs_io_del(p.io);
	return ret;
}

static int resolve(const char *host, unsigned port, int passive, struct addrinfo **res,
		   struct rs_perf_error *e)
{
	struct addrinfo hints = {
		.ai_family = AF_UNSPEC,
		.ai_socktype = SOCK_STREAM,
		.ai_flags = AI_NUMERICSERV | (passive ? AI_PASSIVE : 0),
	};
	char serv[16];
	int ret;

	snprintf(serv, sizeof(serv), "%u", port);
	ret = getaddrinfo(host, serv, &hints, res);
	if (ret)
		return rs_perf_fail(e, passive ? RS_PF_BIND : RS_PF_CTRL_UNREACHABLE, EINVAL,
				    "%s: %s", host ? host : "*", gai_strerror(ret));
	return 0;
}

static int connect_error(const char *host, unsigned port, int err, struct rs_perf_error *e)
{
	if (err == ETIMEDOUT)
		return rs_perf_fail(e, RS_PF_CTRL_TIMEOUT, err,
				    "no answer from %s:%u (TCP connect timed out)", host, port);
	if (err == ECONNREFUSED)
		return rs_perf_fail(e, RS_PF_CTRL_UNREACHABLE, err,
				    "cannot connect to %s:%u: connection refused (nothing listens "
				    "there)", host, port);
	if (err == EINTR)
		return rs_perf_fail(e, RS_PF_INTERRUPTED, err, "interrupted while connecting");
	return rs_perf_fail(e, RS_PF_CTRL_UNREACHABLE, err, "cannot connect to %s:%u: %s", host,
			    port, strerror(err));
}

struct rs_ctrl *rs_ctrl_connect(struct rs_loop *l, const char *host, unsigned port,
				uint64_t timeout_ns, struct rs_perf_error *e)
{
	struct addrinfo *res;
	int fd, err = 0, ret;
	socklen_t len = sizeof(err);

	if (resolve(host, port, 0, &res, e))
		return NULL;
	fd = socket(res->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		err = errno;
		freeaddrinfo(res);
		connect_error(host, port, err, e);
		return NULL;
	}
	ret = connect(fd, res->ai_addr, res->ai_addrlen);
	freeaddrinfo(res);
	if (ret && errno != EINPROGRESS) {
		err = errno;
	} else if (ret) {
		ret = wait_fd(l, fd, POLLOUT, timeout_ns);
		if (ret)
			err = -ret;
		else if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len))
			err = errno;
	}
	if (err) {
		close(fd);
		connect_error(host, port, err, e);
		return NULL;
	}
	return rs_ctrl_new(l, fd);
}

int rs_ctrl_listen(const char *addr, unsigned port, struct rs_perf_error *e)
{
	struct addrinfo *res;
	int fd, one = 1, err;

	if (resolve(addr && addr[0] ? addr : "0.0.0.0", port, 1, &res, e))
		return -1;
	fd = socket(res->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd >= 0) {
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (!bind(fd, res->ai_addr, res->ai_addrlen) && !listen(fd, 4)) {
			freeaddrinfo(res);
			return fd;
		}
	}
	err = errno;
	freeaddrinfo(res);
	if (fd >= 0)
		close(fd);
	if (err == EADDRINUSE)
		return rs_perf_fail(e, RS_PF_BIND, err,
				    "port %u is in use on %s (another server running?)", port,
				    addr ? addr : "0.0.0.0");
	if (err == EADDRNOTAVAIL)
		return rs_perf_fail(e, RS_PF_BIND, err, "%s is not an address of this host",
				    addr ? addr : "?");
	return rs_perf_fail(e, RS_PF_BIND, err, "cannot listen on %s:%u: %s",
			    addr ? addr : "0.0.0.0", port, strerror(err));
}

struct rs_ctrl *rs_ctrl_accept(struct rs_loop *l, int lfd, uint64_t timeout_ns, char *peer,
			       size_t peerlen, struct rs_perf_error *e)
{
	struct sockaddr_storage sa;
	socklen_t len = sizeof(sa);
	int fd, ret;

	for (;;) {
		fd = accept4(lfd, (struct sockaddr *)&sa, &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
		if (fd >= 0)
			break;
		if (errno != EAGAIN && errno != EINTR && errno != ECONNABORTED) {
			rs_perf_fail(e, RS_PF_BIND, errno, "accept: %s", strerror(errno));
			return NULL;
		}
		ret = wait_fd(l, lfd, POLLIN, timeout_ns);
		if (ret == -EINTR) {
			rs_perf_fail(e, RS_PF_INTERRUPTED, EINTR, "interrupted while waiting for a client");
			return NULL;
		}
		if (ret) {
			rs_perf_fail(e, RS_PF_NO_CLIENT, ETIMEDOUT,
				     "no client in %.0f s", (double)timeout_ns / 1e9);
			return NULL;
		}
		len = sizeof(sa);
	}
	if (peer && peerlen && getnameinfo((struct sockaddr *)&sa, len, peer, (socklen_t)peerlen,
					   NULL, 0, NI_NUMERICHOST))
		rs_strlcpy(peer, "?", peerlen);
	return rs_ctrl_new(l, fd);
}
