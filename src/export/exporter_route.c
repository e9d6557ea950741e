/* SPDX-License-Identifier: MIT */
/*
 * exporter_route.c - where the exporter listens, and what each request
 * gets: /metrics the exposition, / a short page, other paths 404, other
 * methods 405, broken requests their 4xx and a closed connection.
 *
 * The listen address is "ADDR:PORT" ("127.0.0.1:9479", "[::1]:9479",
 * "0.0.0.0:9479", "localhost:9479"): getaddrinfo resolves it, the first
 * address that binds is used.  Binding to every interface is the user's
 * explicit choice; the default is the loopback (docs/exporter.md).
 */
#include "export/exporter_priv.h"
#include "i18n.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static const char page[] =
	"<!DOCTYPE html>\n<html><head><title>rocescope exporter</title></head><body>\n"
	"<h1>rocescope exporter</h1>\n"
	"<p>RoCE v2 counters, link state, rates, RDMA resources and the findings of "
	"rocescope's checks: <a href=\"/metrics\">/metrics</a>.</p>\n"
	"</body></html>\n";

/* Split "HOST:PORT" / "[V6]:PORT" into host and port; -EINVAL if neither. */
static int split(const char *spec, char *host, size_t hlen, char *port, size_t plen)
{
	const char *colon = strrchr(spec, ':');
	const char *h = spec;
	size_t n;

	if (!colon || !colon[1] || strlen(colon + 1) >= plen ||
	    strspn(colon + 1, "0123456789") != strlen(colon + 1) || atol(colon + 1) > 65535)
		return -EINVAL;
	n = (size_t)(colon - spec);
	if (n >= 2 && spec[0] == '[' && spec[n - 1] == ']') {
		h++;
		n -= 2;
	} else if (memchr(spec, ':', n)) {
		return -EINVAL;		/* an IPv6 address needs its brackets */
	}
	if (n >= hlen)
		return -EINVAL;
	memcpy(host, h, n);
	host[n] = '\0';
	strcpy(port, colon + 1);
	return 0;
}

static int bind_one(const struct addrinfo *ai)
{
	int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	int one = 1;

	if (fd < 0)
		return -errno;
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (ai->ai_family == AF_INET6)
		setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof(one));
	if (bind(fd, ai->ai_addr, ai->ai_addrlen) || listen(fd, 64)) {
		int e = -errno;

		close(fd);
		return e;
	}
	return fd;
}

/* The address really bound (the port the kernel chose for port 0). */
static void bound_name(struct rs_exporter *ex)
{
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	char h[INET6_ADDRSTRLEN] = "?";
	unsigned port = 0;

	if (getsockname(ex->lfd, (struct sockaddr *)&ss, &sl))
		return;
	if (ss.ss_family == AF_INET6) {
		const struct sockaddr_in6 *s6 = (const void *)&ss;

		inet_ntop(AF_INET6, &s6->sin6_addr, h, sizeof(h));
		port = ntohs(s6->sin6_port);
		snprintf(ex->addr, sizeof(ex->addr), "[%s]:%u", h, port);
	} else {
		const struct sockaddr_in *s4 = (const void *)&ss;

		inet_ntop(AF_INET, &s4->sin_addr, h, sizeof(h));
		port = ntohs(s4->sin_port);
		snprintf(ex->addr, sizeof(ex->addr), "%s:%u", h, port);
	}
}

int rs_exporter_listen(struct rs_exporter *ex, const char *spec, char *err, size_t errlen)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE };
	struct addrinfo *res, *ai;
	char host[256], port[8];
	int fd = -EADDRNOTAVAIL, r;

	if (split(spec, host, sizeof(host), port, sizeof(port))) {
		snprintf(err, errlen, _("%s: not ADDR:PORT (127.0.0.1:%d, [::1]:%d)"), spec,
			 RS_EXPORTER_PORT, RS_EXPORTER_PORT);
		return -EINVAL;
	}
	r = getaddrinfo(host[0] ? host : NULL, port, &hints, &res);
	if (r) {
		snprintf(err, errlen, "%s: %s", spec, gai_strerror(r));
		return -EADDRNOTAVAIL;
	}
	for (ai = res; ai && fd < 0; ai = ai->ai_next)
		fd = bind_one(ai);
	freeaddrinfo(res);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", spec, strerror(-fd));
		return fd;
	}
	ex->lfd = fd;
	bound_name(ex);
	return 0;
}

void rs_conn_handle(struct rs_conn *c, int r, const struct rs_http_req *req)
{
	int get, head;

	c->tail.len = 0;
	c->head_only = 0;
	if (r < 0) {
		/* The status is the negated code; the connection closes after it. */
		rs_text_printf(&c->tail, "%s\n", rs_http_reason(-r));
		rs_conn_respond(c, -r, "text/plain; charset=utf-8", NULL);
		return;
	}
	c->req_len = (size_t)r;
	c->close_after = req->close || req->has_body;
	get = !strcmp(req->method, "GET");
	head = !strcmp(req->method, "HEAD");
	c->head_only = head;
	if (!get && !head) {
		rs_text_printf(&c->tail, "only GET and HEAD\n");
		rs_conn_respond(c, 405, "text/plain; charset=utf-8", "Allow: GET, HEAD\r\n");
	} else if (!strcmp(req->path, "/metrics")) {
		rs_conn_metrics(c, req->openmetrics ? RS_MF_OPENMETRICS : RS_MF_PROMETHEUS);
	} else if (!strcmp(req->path, "/")) {
		rs_text_add(&c->tail, page, sizeof(page) - 1);
		rs_conn_respond(c, 200, "text/html; charset=utf-8", NULL);
	} else {
		rs_text_printf(&c->tail, "not found: try /metrics\n");
		rs_conn_respond(c, 404, "text/plain; charset=utf-8", NULL);
	}
}
