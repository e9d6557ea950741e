/* SPDX-License-Identifier: MIT */
/*
 * http.h - the HTTP/1.1 request heads the exporter understands, parsed
 * from bytes with no socket in sight, so every hostile input can be a unit
 * test: a head longer than the buffer, a missing CR, a NUL, an absurd
 * version, headers folded across lines.
 *
 * Only what a scraper sends matters: the request line (GET or HEAD, an
 * origin-form or absolute-form target, HTTP/1.0 or 1.1) and the headers
 * Host, Connection, Accept (does it ask for OpenMetrics?), Content-Length
 * and Transfer-Encoding (a GET with a valid Content-Length is answered,
 * then the connection is closed rather than the body skipped; a
 * Transfer-Encoding is refused).  Everything else is read past.
 */
#ifndef RS_HTTP_H
#define RS_HTTP_H

#include <stddef.h>

#define RS_HTTP_HEAD_MAX 8192	/* request line and headers together */
#define RS_HTTP_TARGET_MAX 256	/* the path kept (a longer one is 414) */

struct rs_http_req {
	char method[8];			/* "GET", "HEAD", or what came (for 405) */
	char path[RS_HTTP_TARGET_MAX];	/* without the query string */
	int minor;			/* HTTP/1.minor */
	int close;			/* the client wants the connection closed */
	int openmetrics;		/* Accept names application/openmetrics-text */
	int has_body;			/* Content-Length > 0 */
};

/* What to answer when parsing failed. */
enum {
	RS_HTTP_NEED_MORE = 0,
	RS_HTTP_BAD = -400,		/* not an HTTP/1.x request */
	RS_HTTP_URI_TOO_LONG = -414,
	RS_HTTP_HEAD_TOO_LARGE = -431,
	RS_HTTP_NOT_IMPLEMENTED = -501,	/* a Transfer-Encoding: no request body read */
	RS_HTTP_BAD_VERSION = -505,
};

/*
 * Parse the head at the start of buf (len bytes, not NUL-terminated).
 * Returns the head's length (> 0, the request starts the next one after
 * it), RS_HTTP_NEED_MORE when it is not complete yet (and len is below
 * RS_HTTP_HEAD_MAX), or one of the negative status codes above.
 */
int rs_http_parse(const char *buf, size_t len, struct rs_http_req *req);

/* "OK", "Not Found", ... for a status code. */
const char *rs_http_reason(int status);

#endif
