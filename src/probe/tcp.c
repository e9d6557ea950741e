/* SPDX-License-Identifier: MIT */
/*
 * tcp.c - the TCP probe: can we open the test's control connection?
 * perftest and ibv_*_pingpong exchange their QP numbers, GIDs and keys over
 * TCP (port 18515 by default) before any RDMA packet moves, so "Couldn't
 * connect to host:18515" is a TCP failure, and this probe tells which:
 *
 *   open         the handshake completed (somebody listens);
 *   refused      RST: the host is there, nobody listens on the port;
 *   timeout      no answer at all within the bound: a firewall dropping
 *                the SYN, or a path that loses it;
 *   unreachable  the network said no: no route, ICMP host/network
 *                unreachable, the next hop's neighbour FAILED.
 *
 * A non-blocking connect() and poll() up to the bound; the connection is
 * closed at once.  Beware: a perftest server serves exactly one client, and
 * an open probe is that client (docs/probes.md).
 */
#include "probe/probe_priv.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

static enum rs_tcp_state classify(int err)
{
	switch (err) {
	case 0:
		return RS_TCP_OPEN;
	case ECONNREFUSED:
		return RS_TCP_REFUSED;
	case ETIMEDOUT:
		return RS_TCP_TIMEOUT;
	case EHOSTUNREACH: case ENETUNREACH: case ENETDOWN: case EHOSTDOWN:
	case EACCES: case EPERM:	/* prohibit routes, ICMP admin-prohibited */
	case EINVAL:			/* blackhole routes */
		return RS_TCP_UNREACHABLE;
	default:
		return RS_TCP_NONE;
	}
}

/* Wait for the handshake's end: 0 and *so_err, or -ETIMEDOUT. */
static int wait_connect(int fd, uint64_t deadline, int *so_err)
{
	socklen_t len = sizeof(*so_err);
	int r = rs_probe_poll(fd, POLLOUT, deadline);

	if (r < 0)
		return r;
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, so_err, &len) < 0)
		return -errno;
	return 0;
}

static void local_src(int fd, struct rs_probe_result *res)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	if (!getsockname(fd, (struct sockaddr *)&ss, &len))
		rs_probe_addr_text((struct sockaddr *)&ss, res->src, sizeof(res->src));
}

int rs_probe_tcp(const struct rs_probe_req *req, uint64_t deadline, struct rs_probe_result *res)
{
	uint64_t t0;
	struct rs_peer p;
	int fd = -1, err, so_err = 0;

	res->tcp_port = req->port ? req->port : RS_PROBE_TCP_PORT;
	if (res->tcp_port > 65535)
		return rs_probe_fail(res, EINVAL, "port %u out of range", res->tcp_port);
	err = rs_probe_peer(req, res->tcp_port, &p, res);
	if (!err)
		err = rs_probe_egress(req, res, NULL, 0);
	if (err)
		return err;
	res->net_errno = 0;	/* connect() says it again, with the TCP view */
	fd = socket(p.family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return rs_probe_fail(res, errno, "TCP socket: %s", strerror(errno));
	err = rs_probe_bind_dev(fd, req, res);
	if (err)
		goto out;
	t0 = rs_now_ns();
	if (connect(fd, (struct sockaddr *)&p.ss, p.len) < 0)
		so_err = errno;
	if (so_err == EINPROGRESS) {
		err = wait_connect(fd, deadline, &so_err);
		if (err == -ETIMEDOUT)
			so_err = ETIMEDOUT;
		else if (err) {
			err = rs_probe_fail(res, -err, "waiting for the connection: %s",
					    strerror(-err));
			goto out;
		}
	}
	res->tcp_ms = (double)(rs_now_ns() - t0) / 1e6;
	res->tcp = classify(so_err);
	res->net_errno = so_err;
	if (res->tcp == RS_TCP_NONE) {
		err = rs_probe_fail(res, so_err, "connect to port %u: %s", res->tcp_port,
				    strerror(so_err));
		goto out;
	}
	if (res->tcp == RS_TCP_OPEN)
		local_src(fd, res);
	err = 0;
out:
	close(fd);
	return err;
}
