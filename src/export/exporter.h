/* SPDX-License-Identifier: MIT */
/*
 * exporter.h - a tiny HTTP/1.1 server on the event loop that serves the
 * metrics of metrics.h on /metrics.
 *
 * Contract:
 * - Scrapes never collect.  The text is built by the caller's build
 *   function at most once per format between two rs_exporter_invalidate()
 *   calls (the session calls it after each refresh), then shared by every
 *   scrape; a connection still sending an older text keeps it alive
 *   (reference counted), so a refresh never cuts a response.
 * - Bounded: at most max_conns connections (more are answered 503 and
 *   closed), each with a fixed request buffer of RS_HTTP_HEAD_MAX bytes and
 *   a small per-scrape tail (the exporter's own counters); the shared text
 *   is the only thing that grows with the host.
 * - Slow or hostile clients cannot hold it: the request head must arrive
 *   within head_timeout_ms of the connection (slowloris), a response must be
 *   taken within send_timeout_ms, an idle keep-alive connection closes after
 *   idle_timeout_ms; a head past RS_HTTP_HEAD_MAX is 431, garbage is 400, and
 *   the connection is closed after any of those.
 * - GET and HEAD of /metrics and / (a short page); 404 for other paths,
 *   405 for other methods.  OpenMetrics when the Accept header asks for it.
 */
#ifndef RS_EXPORTER_H
#define RS_EXPORTER_H

#include <stddef.h>

#include "export/metrics.h"

struct rs_loop;
struct rs_exporter;

#define RS_EXPORTER_PORT 9479		/* the default port: docs/exporter.md */

struct rs_exporter_opts {
	const char *listen;		/* "ADDR:PORT", "[V6]:PORT", "HOST:PORT"; port 0: any */
	unsigned max_conns;		/* 0: 64 */
	unsigned head_timeout_ms;	/* 0: 10000 */
	unsigned send_timeout_ms;	/* 0: 30000 */
	unsigned idle_timeout_ms;	/* 0: 30000 */
};

/* Append the exposition in format f (without the OpenMetrics # EOF). */
typedef void (*rs_exporter_build_fn)(struct rs_text *out, enum rs_metrics_format f, void *arg);

/* Listen and serve on l.  -errno with err set ("127.0.0.1:9479: Address
 * already in use"). */
int rs_exporter_open(struct rs_exporter **ex, struct rs_loop *l,
		     const struct rs_exporter_opts *o, rs_exporter_build_fn build, void *arg,
		     char *err, size_t errlen);
/* The state changed: build again at the next scrape. */
void rs_exporter_invalidate(struct rs_exporter *ex);
/* The address it listens on, "127.0.0.1:9479" (the real port when 0 was asked). */
const char *rs_exporter_address(const struct rs_exporter *ex);
const struct rs_exporter_stats *rs_exporter_stats(const struct rs_exporter *ex);
/* Close every connection and the listener. */
void rs_exporter_close(struct rs_exporter *ex);

#endif
