/* SPDX-License-Identifier: MIT */
/*
 * jsonl.c - the parser of JSON lines (jsonl.h), the one the console uses on
 * a test child's output; the writer is jsonl_write.c.
 *
 * The parser is table-driven: each known key names a field of struct
 * rs_perf_line by offset, with its kind, so adding a key is one line.
 * It is strict about syntax and bounds (a string that does not fit its
 * field is an error, never cut), lenient about unknown keys.
 */
#include "perf/jsonl.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum kind { K_STR, K_U64, K_DBL, K_I32, K_HIST };

struct field {
	const char *key;
	enum kind kind;
	size_t off, size;
};

#define F(k, kind, m) { k, kind, offsetof(struct rs_perf_line, m), sizeof(((struct rs_perf_line *)0)->m) }
#define V(k, kind, m) { k, kind, offsetof(struct rs_perf_line, view.m), \
			sizeof(((struct rs_perf_line *)0)->view.m) }

static const struct field fields[] = {
	F("type", K_STR, type_name), F("test", K_STR, test), F("tool", K_STR, tool),
	F("peer", K_STR, peer), F("side", K_STR, side),
	F("size", K_U64, size), F("iterations", K_U64, iterations), F("n", K_U64, n),
	F("duration_s", K_DBL, duration_s), F("qps", K_U64, qps), F("title", K_STR, title),
	F("t_s", K_DBL, t_s), F("gbps", K_DBL, gbps), F("mpps", K_DBL, mpps),
	F("bw_avg_gbps", K_DBL, bw_avg_gbps), F("bw_peak_gbps", K_DBL, bw_peak_gbps),
	F("msg_rate_mpps", K_DBL, msg_rate_mpps),
	F("t_min_us", K_DBL, t_min_us), F("t_median_us", K_DBL, t_median_us),
	F("t_avg_us", K_DBL, t_avg_us), F("t_p99_us", K_DBL, t_p99_us),
	F("t_p999_us", K_DBL, t_p999_us), F("t_max_us", K_DBL, t_max_us),
	F("wire_rtt_us", K_DBL, wire_rtt_us), F("host_rtt_us", K_DBL, host_rtt_us),
	F("line_rate_pct", K_DBL, line_rate_pct), F("hist", K_HIST, hist),
	F("what", K_STR, what), F("local", K_STR, local), F("remote", K_STR, remote),
	F("text", K_STR, text), F("code", K_STR, code), F("peer_code", K_STR, peer_code),
	F("message", K_STR, message), F("check", K_STR, check), F("exit", K_U64, exit_code),
	V("version", K_STR, version), V("hostname", K_STR, hostname),
	V("device", K_STR, device), V("port", K_I32, port), V("gid_index", K_I32, gid_index),
	V("gid", K_STR, gid), V("gid_type", K_STR, gid_type), V("netdev", K_STR, netdev),
	V("addr", K_STR, addr), V("netdev_mtu", K_I32, netdev_mtu),
	V("active_mtu", K_I32, active_mtu), V("link_mbps", K_I32, link_mbps),
	V("port_state", K_STR, port_state), V("pfc", K_STR, pfc), V("trust", K_STR, trust),
	V("memlock", K_U64, memlock), V("dcqcn", K_STR, dcqcn),
	V("neigh_ip", K_STR, neigh_ip), V("neigh_mac", K_STR, neigh_mac),
};

static const struct {
	const char *name;
	enum rs_perf_line_type type;
} types[] = {
	{ "start", RS_LINE_START }, { "view", RS_LINE_VIEW }, { "diff", RS_LINE_DIFF },
	{ "note", RS_LINE_NOTE }, { "interval", RS_LINE_INTERVAL },
	{ "result", RS_LINE_RESULT }, { "end", RS_LINE_END }, { "error", RS_LINE_ERROR },
};

struct p {
	const char *s, *end;
};

static void ws(struct p *p)
{
	while (p->s < p->end && (*p->s == ' ' || *p->s == '\t' || *p->s == '\r' || *p->s == '\n'))
		p->s++;
}

static int hex4(const char *s, unsigned *v)
{
	*v = 0;
	for (int i = 0; i < 4; i++) {
		char c = s[i];

		*v <<= 4;
		if (c >= '0' && c <= '9')
			*v |= (unsigned)(c - '0');
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			*v |= (unsigned)((c | 0x20) - 'a' + 10);
		else
			return -1;
	}
	return 0;
}

/* Append code point cp as UTF-8; -1 when out of room. */
static int put_utf8(char *dst, size_t cap, size_t *o, unsigned cp)
{
	char b[4];
	size_t n;

	if (cp < 0x80) {
		b[0] = (char)cp, n = 1;
	} else if (cp < 0x800) {
		b[0] = (char)(0xc0 | cp >> 6), b[1] = (char)(0x80 | (cp & 0x3f)), n = 2;
	} else {
		b[0] = (char)(0xe0 | cp >> 12), b[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		b[2] = (char)(0x80 | (cp & 0x3f)), n = 3;
	}
	if (*o + n >= cap)
		return -1;
	memcpy(dst + *o, b, n);
	*o += n;
	return 0;
}

/* A string into dst (cap bytes, NUL included); dst NULL: skip it. */
static int str(struct p *p, char *dst, size_t cap)
{
	static const char esc[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
	size_t o = 0;

	if (p->s >= p->end || *p->s++ != '"')
		return -1;
	while (p->s < p->end && *p->s != '"') {
		unsigned cp = (unsigned char)*p->s++;

		if (cp < 0x20)
			return -1;
		if (cp == '\\') {
			const char *e;

			if (p->s >= p->end)
				return -1;
			if (*p->s == 'u') {
				if (p->end - p->s < 5 || hex4(p->s + 1, &cp))
					return -1;
				p->s += 5;
				if (cp >= 0xd800 && cp <= 0xdfff)
					cp = 0xfffd;	/* a lone surrogate half: replaced */
			} else {
				e = strchr(esc, *p->s);
				if (!e || !*p->s || (e - esc) % 2)
					return -1;
				cp = (unsigned char)e[1];
				p->s++;
			}
			if (dst && put_utf8(dst, cap, &o, cp))
				return -1;
			continue;
		}
		if (dst) {
			if (o + 1 >= cap)
				return -1;
			dst[o++] = (char)cp;
		}
	}
	if (p->s >= p->end)
		return -1;
	p->s++;
	if (dst)
		dst[o] = '\0';
	return 0;
}

static int number(struct p *p, double *v)
{
	char buf[64], *end;
	size_t n = 0;

	while (p->s + n < p->end && n < sizeof(buf) - 1 && strchr("+-0123456789.eE", p->s[n]))
		n++;
	if (!n)
		return -1;
	memcpy(buf, p->s, n);
	buf[n] = '\0';
	*v = strtod(buf, &end);
	if (*end)
		return -1;
	p->s += n;
	return 0;
}

static int lit(struct p *p, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(p->end - p->s) < n || memcmp(p->s, w, n))
		return -1;
	p->s += n;
	return 0;
}

/* Any value, discarded (bounded nesting). */
static int skip(struct p *p, int depth)
{
	double d;

	ws(p);
	if (p->s >= p->end || depth > 8)
		return -1;
	if (*p->s == '"')
		return str(p, NULL, 0);
	if (*p->s == '{' || *p->s == '[') {
		char close = *p->s == '{' ? '}' : ']';
		int obj = close == '}';

		p->s++;
		ws(p);
		if (p->s < p->end && *p->s == close)
			return p->s++, 0;
		for (;;) {
			if (obj && (str(p, NULL, 0) || (ws(p), lit(p, ":"))))
				return -1;
			if (skip(p, depth + 1))
				return -1;
			ws(p);
			if (p->s < p->end && *p->s == ',') {
				p->s++;
				ws(p);
				continue;
			}
			return lit(p, close == '}' ? "}" : "]");
		}
	}
	if (!lit(p, "true") || !lit(p, "false") || !lit(p, "null"))
		return 0;
	return number(p, &d);
}

/* Doubles into integers without undefined behaviour (NaN, huge, negative). */
static uint64_t to_u64(double d)
{
	return !(d > 0) ? 0 : d >= 1.8e19 ? UINT64_MAX : (uint64_t)d;
}

static int32_t to_i32(double d)
{
	return !(d > -2147483648.0) ? INT32_MIN : d >= 2147483647.0 ? INT32_MAX : (int32_t)d;
}

static int hist(struct p *p, struct rs_perf_line *out)
{
	double d;

	if (lit(p, "["))
		return -1;
	ws(p);
	if (!lit(p, "]"))
		return 0;
	for (;;) {
		ws(p);
		if (number(p, &d) || d < 0 || out->n_hist >= RS_PERF_HIST_BUCKETS)
			return -1;
		out->hist[out->n_hist++] = to_u64(d);
		ws(p);
		if (!lit(p, "]"))
			return 0;
		if (lit(p, ","))
			return -1;
	}
}

static int value(struct p *p, const struct field *f, struct rs_perf_line *out)
{
	char *dst = (char *)out + f->off;
	double d;

	ws(p);
	if (!lit(p, "null"))
		return 0;	/* unknown: the field keeps its zero */
	switch (f->kind) {
	case K_STR:
		return str(p, dst, f->size);
	case K_HIST:
		return hist(p, out);
	default:
		break;
	}
	if (!lit(p, "true"))
		d = 1;
	else if (!lit(p, "false"))
		d = 0;
	else if (number(p, &d))
		return -1;
	if (f->kind == K_DBL)
		memcpy(dst, &d, sizeof(d));
	else if (f->kind == K_U64) {
		uint64_t u = to_u64(d);

		memcpy(dst, &u, sizeof(u));
	} else {
		int32_t i = to_i32(d);

		memcpy(dst, &i, sizeof(i));
	}
	return 0;
}

static int member(struct p *p, struct rs_perf_line *out)
{
	char k[32];

	if (str(p, k, sizeof(k)))
		return -1;	/* our keys are short; a 32-byte key is not ours */
	ws(p);
	if (lit(p, ":"))
		return -1;
	for (size_t i = 0; i < RS_ARRAY_SIZE(fields); i++)
		if (!strcmp(fields[i].key, k))
			return value(p, &fields[i], out);
	return skip(p, 0);
}

int rs_perf_line_parse(const char *line, size_t len, struct rs_perf_line *out)
{
	struct p p = { line, line + len };

	memset(out, 0, sizeof(*out));
	out->view.gid_index = -1;
	ws(&p);
	if (lit(&p, "{"))
		return -EINVAL;
	ws(&p);
	if (lit(&p, "}")) {
		for (;;) {
			ws(&p);
			if (member(&p, out))
				return -EINVAL;
			ws(&p);
			if (!lit(&p, "}"))
				break;
			if (lit(&p, ","))
				return -EINVAL;
		}
	}
	ws(&p);
	if (p.s != p.end)
		return -EINVAL;
	for (size_t i = 0; i < RS_ARRAY_SIZE(types); i++)
		if (!strcmp(types[i].name, out->type_name))
			out->type = types[i].type;
	return out->type ? 0 : -EINVAL;
}
