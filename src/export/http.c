/* SPDX-License-Identifier: MIT */
/*
 * http.c - the request-head parser of http.h.
 *
 * RFC 9112 in the strict subset a scraper needs: lines end in CRLF (a bare
 * LF is accepted, as most servers do), the request line is exactly
 * "METHOD SP TARGET SP HTTP/1.x", a header is "name: value" with a token
 * name, obsolete line folding (a header line starting with a space) is a
 * 400 as the RFC allows.  No byte is trusted: a NUL or another control
 * byte in the head is a 400, and nothing is read beyond len.
 */
#include "export/http.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The end of the head (after the blank line), or 0 when not there yet. */
static size_t head_end(const char *b, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (b[i] != '\n')
			continue;
		if (i + 1 < len && b[i + 1] == '\n')
			return i + 2;
		if (i + 2 < len && b[i + 1] == '\r' && b[i + 2] == '\n')
			return i + 3;
	}
	return 0;
}

/* The length of the line at b (without its CRLF or LF); *next after it. */
static size_t line(const char *b, size_t len, size_t *next)
{
	const char *nl = memchr(b, '\n', len);
	size_t n = nl ? (size_t)(nl - b) : len;

	*next = nl ? n + 1 : len;
	return n && b[n - 1] == '\r' ? n - 1 : n;
}

static int is_tchar(int c)
{
	return isalnum(c) || (c && strchr("!#$%&'*+-.^_`|~", c));
}

static int clean(const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)b[i] < 0x20 && b[i] != '\t')
			return 0;
		else if ((unsigned char)b[i] == 0x7f)
			return 0;
	return 1;
}

static int request_line(const char *b, size_t n, struct rs_http_req *r)
{
	const char *sp1 = memchr(b, ' ', n), *sp2;
	size_t mlen, tlen;

	if (!sp1 || sp1 == b)
		return RS_HTTP_BAD;
	mlen = (size_t)(sp1 - b);
	for (size_t i = 0; i < mlen; i++)
		if (!is_tchar((unsigned char)b[i]))
			return RS_HTTP_BAD;
	sp2 = memchr(sp1 + 1, ' ', n - mlen - 1);
	if (!sp2)
		return RS_HTTP_BAD;
	tlen = (size_t)(sp2 - sp1 - 1);
	if (!tlen || sp1[1] != '/' || memchr(sp1 + 1, '\t', tlen))
		return RS_HTTP_BAD;
	if (b + n - sp2 - 1 != 8 || memcmp(sp2 + 1, "HTTP/", 5) || sp2[7] != '.' ||
	    !isdigit((unsigned char)sp2[6]) || !isdigit((unsigned char)sp2[8]))
		return RS_HTTP_BAD;
	if (sp2[6] != '1')
		return RS_HTTP_BAD_VERSION;
	r->minor = sp2[8] - '0';
	memcpy(r->method, b, mlen < sizeof(r->method) ? mlen : sizeof(r->method) - 1);
	r->method[mlen < sizeof(r->method) ? mlen : sizeof(r->method) - 1] = '\0';
	{
		const char *q = memchr(sp1 + 1, '?', tlen);
		size_t plen = q ? (size_t)(q - sp1 - 1) : tlen;

		if (plen >= sizeof(r->path))
			return RS_HTTP_URI_TOO_LONG;
		memcpy(r->path, sp1 + 1, plen);
		r->path[plen] = '\0';
	}
	return 0;
}

/* Does a comma-separated header value contain token (case-insensitive)? */
static int has_token(const char *v, size_t n, const char *token)
{
	size_t tl = strlen(token);

	for (size_t i = 0; i + tl <= n; i++)
		if (!strncasecmp(v + i, token, tl) && (i == 0 || strchr(" ,\t;", v[i - 1])) &&
		    (i + tl == n || strchr(" ,\t;", v[i + tl])))
			return 1;
	return 0;
}

static int header(const char *b, size_t n, struct rs_http_req *r)
{
	const char *colon = memchr(b, ':', n);
	size_t nl, vl;
	const char *v;

	if (!colon || colon == b)
		return RS_HTTP_BAD;
	nl = (size_t)(colon - b);
	for (size_t i = 0; i < nl; i++)
		if (!is_tchar((unsigned char)b[i]))
			return RS_HTTP_BAD;	/* also obs-fold: a line starting with a space */
	v = colon + 1;
	vl = n - nl - 1;
	while (vl && (*v == ' ' || *v == '\t'))
		v++, vl--;
	if (nl == 10 && !strncasecmp(b, "connection", 10))
		r->close = has_token(v, vl, "close");
	else if (nl == 6 && !strncasecmp(b, "accept", 6))
		r->openmetrics = has_token(v, vl, "application/openmetrics-text");
	else if (nl == 14 && !strncasecmp(b, "content-length", 14))
		r->has_body |= !(vl == 1 && v[0] == '0');
	else if (nl == 17 && !strncasecmp(b, "transfer-encoding", 17))
		r->has_body = 1;
	return 0;
}

int rs_http_parse(const char *buf, size_t len, struct rs_http_req *r)
{
	size_t end = head_end(buf, len), pos, next, n;
	int ret;

	if (!end)
		return len >= RS_HTTP_HEAD_MAX ? RS_HTTP_HEAD_TOO_LARGE : RS_HTTP_NEED_MORE;
	if (end > RS_HTTP_HEAD_MAX)
		return RS_HTTP_HEAD_TOO_LARGE;
	memset(r, 0, sizeof(*r));
	n = line(buf, end, &next);
	if (!clean(buf, n))
		return RS_HTTP_BAD;
	ret = request_line(buf, n, r);
	if (ret)
		return ret;
	for (pos = next; pos < end; pos = next) {
		n = line(buf + pos, end - pos, &next);
		next += pos;
		if (!n)
			break;		/* the blank line */
		if (!clean(buf + pos, n))
			return RS_HTTP_BAD;
		ret = header(buf + pos, n, r);
		if (ret)
			return ret;
	}
	if (r->minor == 0)
		r->close = 1;		/* HTTP/1.0: no keep-alive offered */
	return (int)end;
}

const char *rs_http_reason(int status)
{
	switch (status) {
	case 200: return "OK";
	case 400: return "Bad Request";
	case 404: return "Not Found";
	case 405: return "Method Not Allowed";
	case 408: return "Request Timeout";
	case 414: return "URI Too Long";
	case 431: return "Request Header Fields Too Large";
	case 503: return "Service Unavailable";
	case 505: return "HTTP Version Not Supported";
	default: return "Error";
	}
}
