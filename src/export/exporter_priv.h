/* SPDX-License-Identifier: MIT */
/*
 * exporter_priv.h - the exporter's state, shared by exporter.c (the
 * connections on the loop) and exporter_route.c (the listener's address,
 * and what each request gets).  Internal to src/export/.
 */
#ifndef RS_EXPORTER_PRIV_H
#define RS_EXPORTER_PRIV_H

#include <stdint.h>

#include "export/exporter.h"
#include "export/http.h"

/* One text of one refresh, shared by the connections sending it. */
struct rs_body {
	unsigned refs;
	struct rs_text t;
};

struct rs_conn {
	struct rs_exporter *ex;
	struct rs_conn *next, **pprev;
	int fd;
	struct rs_io *io;
	uint64_t deadline;		/* CLOCK_MONOTONIC ns: closed when passed */
	char in[RS_HTTP_HEAD_MAX];	/* the request head (and pipelined bytes) */
	size_t in_len;
	size_t req_len;			/* bytes of the request being answered */
	int writing;
	int close_after;
	int head_only;			/* HEAD: headers, no body */
	char head[512];			/* status line and headers */
	size_t head_len;
	struct rs_body *body;		/* shared, or NULL */
	struct rs_text tail;		/* per response: own counters, a page, an error */
	size_t sent;			/* of head + body + tail */
};

struct rs_exporter {
	struct rs_loop *loop;
	struct rs_exporter_opts opts;
	rs_exporter_build_fn build;
	void *build_arg;
	int lfd;
	struct rs_io *lio;
	struct rs_timer *sweep;
	int listen_paused;		/* out of descriptors: retried at the next sweep */
	char addr[80];			/* what it listens on */
	struct rs_body *cache[2];	/* per format, this refresh's */
	struct rs_conn *conns;
	struct rs_exporter_stats stats;
};

/* exporter_route.c: bind and listen on spec ("ADDR:PORT"). */
int rs_exporter_listen(struct rs_exporter *ex, const char *spec, char *err, size_t errlen);
/* exporter_route.c: answer a parsed head (r > 0) or a parse error (r < 0). */
void rs_conn_handle(struct rs_conn *c, int r, const struct rs_http_req *req);
/* exporter.c: send the response whose body/tail are set. */
void rs_conn_respond(struct rs_conn *c, int status, const char *type, const char *extra);
void rs_conn_metrics(struct rs_conn *c, enum rs_metrics_format f);

#endif
