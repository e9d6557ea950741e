/* SPDX-License-Identifier: MIT */
/*
 * http.c - the request-head parser of http.h.
 *
 * RFC 9112 in the strict subset a scraper needs, and nothing a proxy in
 * front of us could read differently (request smuggling): lines end in
 * CRLF (a bare LF is accepted, as RFC 9112 2.2 allows; a CR anywhere else
 * is a 400), the request line is exactly "METHOD SP TARGET SP HTTP/1.x", a
 * header is "name: value" with a token name and no space before the
 * colon, obsolete line folding (a line starting with a space or a tab) is
 * a 400 as the RFC allows, and no byte is trusted: a NUL or another
 * control byte in the head is a 400, and nothing is read beyond len.
 *
 * The framing headers are judged whole once the head is read: this server
 * reads no request body, so a Transfer-Encoding is 501 (400 with a
 * Content-Length too, or on HTTP/1.0: RFC 9112 6.1, 6.3), and a
 * Content-Length must be one field line holding one decimal number
 * (differing values, a list, even "5, 5", a repeated line or anything
 * else: 400).  HTTP/1.1 needs exactly one valid Host (RFC 9112 3.2).
 */
#include "export/http.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* What the headers said about framing and the host, judged at the end. */
struct head {
	int hosts, host_bad;
	int lengths, length_bad, length_nonzero;
	int codings;
};

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

/* No control byte but HTAB: NUL, a bare CR, DEL are all refused. */
static int clean(const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)b[i] < 0x20 && b[i] != '\t')
			return 0;
		else if ((unsigned char)b[i] == 0x7f)
			return 0;
	return 1;
}

/* Bytes of a URI (RFC 3986: unreserved, sub-delims, pct-encoded, gen-delims
 * but the fragment's '#'); extra names what else the place allows. */
static int uri_chars(const char *b, size_t n, const char *extra)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)b[i];

		if (isalnum(c) || (c && (strchr("-._~!$&'()*+,;=%", c) || strchr(extra, c))))
			continue;
		return 0;
	}
	return 1;
}

/* uri-host [":" port]: reg-name, IPv4 or an IP literal; no userinfo. */
static int valid_authority(const char *b, size_t n)
{
	return uri_chars(b, n, ":[]");
}

/* absolute-form (RFC 9112 3.2.2: a server must accept it, and its
 * authority wins over Host): the path after the authority, in *t, *n. */
static int absolute(const char **t, size_t *n)
{
	const char *auth;

	if (*n <= 7 || (strncasecmp(*t, "http://", 7) && strncasecmp(*t, "https://", 8)))
		return 0;
	auth = *t + ((*t)[4] == ':' ? 7 : 8);
	*n -= (size_t)(auth - *t);
	*t = auth;
	while (*n && **t != '/' && **t != '?')
		(*t)++, (*n)--;
	return *t > auth && valid_authority(auth, (size_t)(*t - auth)) ? 1 : RS_HTTP_BAD;
}

/* The path of the target (no query): origin-form, absolute-form,
 * asterisk-form for OPTIONS, authority-form for CONNECT. */
static int target(const char *t, size_t n, const char *method, struct rs_http_req *r)
{
	int abs = absolute(&t, &n);
	const char *q;
	size_t plen;

	if (abs < 0)
		return abs;
	if (!strcmp(method, "CONNECT") && !abs && valid_authority(t, n))
		return 0;			/* the path stays "" */
	if (!uri_chars(t, n, ":@/?"))
		return RS_HTTP_BAD;
	if (!strcmp(method, "OPTIONS") && !abs && n == 1 && t[0] == '*') {
		strcpy(r->path, "*");
		return 0;
	}
	if (abs && (!n || t[0] == '?')) {
		strcpy(r->path, "/");		/* an empty path is "/" */
		return 0;
	}
	if (!n || t[0] != '/')
		return RS_HTTP_BAD;
	q = memchr(t, '?', n);
	plen = q ? (size_t)(q - t) : n;
	if (plen >= sizeof(r->path))
		return RS_HTTP_URI_TOO_LONG;
	memcpy(r->path, t, plen);
	r->path[plen] = '\0';
	return 0;
}

static int request_line(const char *b, size_t n, struct rs_http_req *r)
{
	const char *sp1 = memchr(b, ' ', n), *sp2;
	size_t mlen;

	if (!sp1 || sp1 == b)
		return RS_HTTP_BAD;
	mlen = (size_t)(sp1 - b);
	for (size_t i = 0; i < mlen; i++)
		if (!is_tchar((unsigned char)b[i]))
			return RS_HTTP_BAD;
	sp2 = memchr(sp1 + 1, ' ', n - mlen - 1);
	if (!sp2 || sp2 == sp1 + 1)
		return RS_HTTP_BAD;
	if (b + n - sp2 - 1 != 8 || memcmp(sp2 + 1, "HTTP/", 5) || sp2[7] != '.' ||
	    !isdigit((unsigned char)sp2[6]) || !isdigit((unsigned char)sp2[8]))
		return RS_HTTP_BAD;
	if (sp2[6] != '1')
		return RS_HTTP_BAD_VERSION;
	r->minor = sp2[8] - '0';
	memcpy(r->method, b, mlen < sizeof(r->method) ? mlen : sizeof(r->method) - 1);
	r->method[mlen < sizeof(r->method) ? mlen : sizeof(r->method) - 1] = '\0';
	return target(sp1 + 1, (size_t)(sp2 - sp1 - 1), r->method, r);
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

/* Content-Length: 1*DIGIT and nothing else (RFC 9112 6.3: else invalid). */
static void content_length(const char *v, size_t n, struct head *h)
{
	h->lengths++;
	h->length_bad |= !n;
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)v[i]))
			h->length_bad = 1;
		else if (v[i] != '0')
			h->length_nonzero = 1;
}

static int header(const char *b, size_t n, struct rs_http_req *r, struct head *h)
{
	const char *colon = memchr(b, ':', n);
	size_t nl, vl;
	const char *v;

	if (!colon || colon == b)
		return RS_HTTP_BAD;
	nl = (size_t)(colon - b);
	for (size_t i = 0; i < nl; i++)
		if (!is_tchar((unsigned char)b[i]))
			return RS_HTTP_BAD;	/* also obs-fold and a space before the colon */
	v = colon + 1;
	vl = n - nl - 1;
	while (vl && (*v == ' ' || *v == '\t'))
		v++, vl--;
	while (vl && (v[vl - 1] == ' ' || v[vl - 1] == '\t'))
		vl--;
	if (nl == 10 && !strncasecmp(b, "connection", 10))
		r->close |= has_token(v, vl, "close");
	else if (nl == 6 && !strncasecmp(b, "accept", 6))
		r->openmetrics |= has_token(v, vl, "application/openmetrics-text");
	else if (nl == 4 && !strncasecmp(b, "host", 4))
		h->host_bad |= !valid_authority(v, vl) || ++h->hosts > 1;
	else if (nl == 14 && !strncasecmp(b, "content-length", 14))
		content_length(v, vl, h);
	else if (nl == 17 && !strncasecmp(b, "transfer-encoding", 17))
		h->codings++;
	return 0;
}

/* The framing and Host rules, once every header line was read. */
static int judge(const struct head *h, struct rs_http_req *r)
{
	if (h->codings)
		return h->lengths || r->minor == 0 ? RS_HTTP_BAD : RS_HTTP_NOT_IMPLEMENTED;
	if (h->length_bad || h->lengths > 1)
		return RS_HTTP_BAD;
	if (h->host_bad || (r->minor >= 1 && !h->hosts))
		return RS_HTTP_BAD;
	r->has_body = h->length_nonzero;
	if (r->minor == 0)
		r->close = 1;		/* HTTP/1.0: no keep-alive offered */
	return 0;
}

/* No end of head within the limit: a request line that long is a target
 * too long (414), anything else too many header bytes (431). */
static int too_large(const char *b, size_t len)
{
	size_t m = 0;

	if (memchr(b, '\n', len))
		return RS_HTTP_HEAD_TOO_LARGE;
	while (m < len && is_tchar((unsigned char)b[m]))
		m++;
	return m && m + 1 < len && b[m] == ' ' && b[m + 1] != ' ' ? RS_HTTP_URI_TOO_LONG :
	       RS_HTTP_HEAD_TOO_LARGE;
}

int rs_http_parse(const char *buf, size_t len, struct rs_http_req *r)
{
	size_t end = head_end(buf, len), pos, next, n;
	struct head h = { 0 };
	int ret;

	if (!end && len < RS_HTTP_HEAD_MAX)
		return RS_HTTP_NEED_MORE;
	if (!end || end > RS_HTTP_HEAD_MAX)
		return too_large(buf, len < RS_HTTP_HEAD_MAX ? len : RS_HTTP_HEAD_MAX);
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
		ret = header(buf + pos, n, r, &h);
		if (ret)
			return ret;
	}
	ret = judge(&h, r);
	return ret ? ret : (int)end;
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
	case 501: return "Not Implemented";
	case 503: return "Service Unavailable";
	case 505: return "HTTP Version Not Supported";
	default: return "Error";
	}
}
