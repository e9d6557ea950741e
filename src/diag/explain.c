/* SPDX-License-Identifier: MIT */
/*
 * explain.c - match text against the explain tables (explain.h).
 *
 * The explainer compiles every pattern once, plus alternations of them:
 * one of all the patterns, so a line that matches none (nearly every line
 * of a real log) costs one regexec instead of one per entry, and one per
 * group of GROUP entries, so a line that does match is tried only against
 * the entries of the groups that match (docs/explain.md has the figures).
 * An alternation that does not compile (a regex engine's size limit) is
 * simply not used: the answer is the same, only slower.  The run splits
 * its input into lines across chunk boundaries, keeps at most line_max
 * bytes of each (counting the rest), and stops at input_max; nothing it
 * holds grows with the input but the per-entry counters.
 */
#include "diag/explain.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GROUP 8

struct rs_explainer {
	size_t n;
	const struct rs_explain_entry **e;
	regex_t *re;
	regex_t any;			/* (p1)|(p2)|...: the quick "no match" */
	int have_any;
	size_t n_grp;			/* groups of GROUP entries */
	regex_t *grp;			/* the alternation of each group */
	int *have_grp;
	regex_t *peer;			/* per entry: where the line names the peer */
	int *have_peer;
};

#define RE_FLAGS (REG_EXTENDED | REG_ICASE | REG_NOSUB)

static int compile(regex_t *re, const char *id, const char *pattern, int flags, char *err,
		   size_t errlen)
{
	char msg[160];
	int rc = regcomp(re, pattern, flags);

	if (!rc)
		return 0;
	regerror(rc, re, msg, sizeof(msg));
	snprintf(err, errlen, "%s: pattern does not compile: %s", id, msg);
	return -EINVAL;
}

/* "(pi)|(pi+1)|..." of entries [from, to): one regexec for all of them. */
static int alternation(regex_t *re, const struct rs_explainer *x, size_t from, size_t to)
{
	size_t len = 1;
	char *s, *p;
	int rc;

	for (size_t i = from; i < to; i++)
		len += strlen(x->e[i]->pattern) + 3;
	p = s = rs_xmalloc(len);
	for (size_t i = from; i < to; i++)
		p += sprintf(p, "%s(%s)", i > from ? "|" : "", x->e[i]->pattern);
	rc = regcomp(re, s, RE_FLAGS);
	free(s);
	return !rc;
}

static void compile_groups(struct rs_explainer *x)
{
	x->have_any = x->n && alternation(&x->any, x, 0, x->n);
	x->n_grp = (x->n + GROUP - 1) / GROUP;
	x->grp = rs_xcalloc(x->n_grp ? x->n_grp : 1, sizeof(*x->grp));
	x->have_grp = rs_xcalloc(x->n_grp ? x->n_grp : 1, sizeof(*x->have_grp));
	for (size_t g = 0; g < x->n_grp; g++) {
		size_t to = (g + 1) * GROUP < x->n ? (g + 1) * GROUP : x->n;

		x->have_grp[g] = alternation(&x->grp[g], x, g * GROUP, to);
	}
}

static void free_peers(struct rs_explainer *x)
{
	for (size_t i = 0; x->have_peer && i < x->n; i++)
		if (x->have_peer[i])
			regfree(&x->peer[i]);
	free(x->peer);
	free(x->have_peer);
	x->peer = NULL;
	x->have_peer = NULL;
}

/* The peer patterns: one group, matched with its position. */
static int compile_peers(struct rs_explainer *x, char *err, size_t errlen)
{
	x->peer = rs_xcalloc(x->n ? x->n : 1, sizeof(*x->peer));
	x->have_peer = rs_xcalloc(x->n ? x->n : 1, sizeof(*x->have_peer));
	for (size_t i = 0; i < x->n; i++) {
		if (!x->e[i]->peer)
			continue;
		int ret = compile(&x->peer[i], x->e[i]->id, x->e[i]->peer,
				  REG_EXTENDED | REG_ICASE, err, errlen);

		if (!ret && x->peer[i].re_nsub < 1) {
			regfree(&x->peer[i]);
			snprintf(err, errlen, "%s: the peer pattern needs a group", x->e[i]->id);
			ret = -EINVAL;
		}
		if (ret) {
			free_peers(x);
			return ret;
		}
		x->have_peer[i] = 1;
	}
	return 0;
}

static int explainer_compile(struct rs_explainer *x, char *err, size_t errlen)
{
	size_t i;
	int ret = 0;

	x->re = rs_xcalloc(x->n ? x->n : 1, sizeof(*x->re));
	for (i = 0; i < x->n; i++) {
		ret = compile(&x->re[i], x->e[i]->id, x->e[i]->pattern, RE_FLAGS, err, errlen);
		if (ret)
			goto fail;
	}
	ret = compile_peers(x, err, errlen);
	if (ret)
		goto fail;
	compile_groups(x);
	return 0;
fail:
	while (i--)
		regfree(&x->re[i]);
	free(x->re);
	x->re = NULL;
	return ret;
}

/* Compile x's entries and hand it out, or free it. */
static int explainer_done(struct rs_explainer *x, struct rs_explainer **out, char *err,
			  size_t errlen)
{
	int ret = explainer_compile(x, err, errlen);

	if (ret) {
		free(x->e);
		free(x);
		return ret;
	}
	*out = x;
	return 0;
}

int rs_explainer_new_table(struct rs_explainer **out, const struct rs_explain_entry *table,
			   size_t n, char *err, size_t errlen)
{
	struct rs_explainer *x = rs_xcalloc(1, sizeof(*x));

	x->n = n;
	x->e = rs_xcalloc(n ? n : 1, sizeof(*x->e));
	for (size_t i = 0; i < n; i++)
		x->e[i] = &table[i];
	return explainer_done(x, out, err, errlen);
}

/* The two tables, in matching order. */
static const struct rs_explain_entry *const tables[] = {
	rs_explain_messages, rs_explain_wc_status,
};

int rs_explainer_new(struct rs_explainer **out, char *err, size_t errlen)
{
	struct rs_explainer *x = rs_xcalloc(1, sizeof(*x));
	size_t k = 0;

	for (size_t t = 0; t < RS_ARRAY_SIZE(tables); t++)
		for (const struct rs_explain_entry *e = tables[t]; e->id; e++)
			x->n++;
	x->e = rs_xcalloc(x->n, sizeof(*x->e));
	for (size_t t = 0; t < RS_ARRAY_SIZE(tables); t++)
		for (const struct rs_explain_entry *e = tables[t]; e->id; e++)
			x->e[k++] = e;
	return explainer_done(x, out, err, errlen);
}

void rs_explainer_free(struct rs_explainer *x)
{
	if (!x)
		return;
	for (size_t i = 0; i < x->n; i++)
		regfree(&x->re[i]);
	if (x->have_any)
		regfree(&x->any);
	for (size_t g = 0; g < x->n_grp; g++)
		if (x->have_grp[g])
			regfree(&x->grp[g]);
	free(x->grp);
	free(x->have_grp);
	free_peers(x);
	free(x->re);
	free(x->e);
	free(x);
}

size_t rs_explainer_count(const struct rs_explainer *x)
{
	return x->n;
}

const struct rs_explain_entry *rs_explainer_entry(const struct rs_explainer *x, size_t i)
{
	return i < x->n ? x->e[i] : NULL;
}

const struct rs_explain_entry *rs_explain_find(const char *id)
{
	for (size_t t = 0; t < RS_ARRAY_SIZE(tables); t++)
		for (const struct rs_explain_entry *e = tables[t]; e->id; e++)
			if (!strcmp(e->id, id))
				return e;
	return NULL;
}

/*
 * The indexes of the entries s (a C string of len bytes, no NULs) matches,
 * up to max into idx; returns how many matched.
 */
static size_t match_cstr(const struct rs_explainer *x, const char *s, size_t *idx, size_t max)
{
	size_t n = 0;

	if (x->have_any && regexec(&x->any, s, 0, NULL, 0))
		return 0;
	for (size_t i = 0; i < x->n; i++) {
		size_t g = i / GROUP;

		if (i % GROUP == 0 && x->have_grp[g] && regexec(&x->grp[g], s, 0, NULL, 0)) {
			i += GROUP - 1;	/* none of this group */
			continue;
		}
		if (regexec(&x->re[i], s, 0, NULL, 0))
			continue;
		if (n < max)
			idx[n] = i;
		n++;
	}
	return n;
}

/* A C-string copy of line for regexec: NUL bytes become spaces. */
static char *line_cstr(const char *line, size_t len, char *stackbuf, size_t stacklen)
{
	char *s = len < stacklen ? stackbuf : rs_xmalloc(len + 1);

	for (size_t i = 0; i < len; i++)
		s[i] = line[i] ? line[i] : ' ';
	s[len] = '\0';
	return s;
}

static size_t match_line(const struct rs_explainer *x, const char *line, size_t len,
			 size_t *idx, size_t max)
{
	char stackbuf[RS_EXPLAIN_LINE_MAX + 1];
	char *s = line_cstr(line, len, stackbuf, sizeof(stackbuf));
	size_t n = match_cstr(x, s, idx, max);

	if (s != stackbuf)
		free(s);
	return n;
}

size_t rs_explain_line(const struct rs_explainer *x, const char *line, size_t len,
		       const struct rs_explain_entry **hits, size_t max)
{
	size_t *idx = rs_xcalloc(x->n ? x->n : 1, sizeof(*idx));
	size_t n = match_line(x, line, len, idx, x->n);

	for (size_t i = 0; i < n && i < max; i++)
		hits[i] = x->e[idx[i]];
	free(idx);
	return n;
}

/* --- runs over an input ------------------------------------------------- */

struct rs_explain_run {
	const struct rs_explainer *x;
	struct rs_explain_limits lim;
	rs_explain_cb cb;
	void *arg;
	char *buf;			/* the current line, up to lim.line_max bytes */
	size_t len;			/* bytes kept in buf */
	size_t full;			/* bytes of the current line so far */
	size_t *idx;			/* scratch: entries one line matched */
	size_t *first;			/* per entry: first line it matched, 0 none */
	struct rs_explain_stats st;
};

struct rs_explain_run *rs_explain_run_new(const struct rs_explainer *x,
					  const struct rs_explain_limits *lim,
					  rs_explain_cb cb, void *arg)
{
	struct rs_explain_run *r = rs_xcalloc(1, sizeof(*r));
	size_t n = x->n ? x->n : 1;

	r->x = x;
	r->lim.line_max = lim && lim->line_max ? lim->line_max : RS_EXPLAIN_LINE_MAX;
	r->lim.input_max = lim && lim->input_max ? lim->input_max : RS_EXPLAIN_INPUT_MAX;
	r->cb = cb;
	r->arg = arg;
	r->buf = rs_xmalloc(r->lim.line_max + 1);
	r->idx = rs_xcalloc(n, sizeof(*r->idx));
	r->first = rs_xcalloc(n, sizeof(*r->first));
	r->st.per_entry = rs_xcalloc(n, sizeof(*r->st.per_entry));
	return r;
}

void rs_explain_run_free(struct rs_explain_run *r)
{
	if (!r)
		return;
	free(r->buf);
	free(r->idx);
	free(r->first);
	free(r->st.per_entry);
	free(r);
}

/*
 * The peer's address where entry k's peer pattern finds it in line, into
 * out ("" when none, or when it is not an IPv4 or IPv6 address: the text
 * is untrusted, an address is what a caller may put on a command line).
 */
static void find_peer(const struct rs_explainer *x, size_t k, const char *line, size_t len,
		      char *out)
{
	char stackbuf[RS_EXPLAIN_LINE_MAX + 1], addr[RS_EXPLAIN_PEER_LEN];
	char *s = line_cstr(line, len, stackbuf, sizeof(stackbuf));
	unsigned char bin[sizeof(struct in6_addr)];
	regmatch_t m[2];
	size_t n;

	out[0] = '\0';
	if (regexec(&x->peer[k], s, 2, m, 0) || m[1].rm_so < 0)
		goto out;
	n = (size_t)(m[1].rm_eo - m[1].rm_so);
	if (n == 0 || n >= sizeof(addr))
		goto out;
	memcpy(addr, s + m[1].rm_so, n);
	addr[n] = '\0';
	if (inet_pton(AF_INET, addr, bin) == 1 || inet_pton(AF_INET6, addr, bin) == 1)
		memcpy(out, addr, n + 1);
out:
	if (s != stackbuf)
		free(s);
}

/* The current line is complete: match it and report. */
static void end_line(struct rs_explain_run *r)
{
	struct rs_explain_match m = { 0 };
	size_t n;

	/* A line ending "\r\n" (pasted from Windows) is the same line. */
	if (r->full == r->len && r->len && r->buf[r->len - 1] == '\r') {
		r->len--;
		r->full--;
	}
	r->st.lines++;
	m.line = r->st.lines;
	m.text = r->buf;
	m.len = r->len;
	m.full_len = r->full;
	m.truncated = r->full > r->len;
	if (m.truncated)
		r->st.long_lines++;
	n = match_line(r->x, r->buf, r->len, r->idx, r->x->n);
	if (n)
		r->st.recognised++;
	for (size_t i = 0; i < n; i++) {
		size_t k = r->idx[i];

		m.e = r->x->e[k];
		m.first_line = r->first[k];
		m.peer[0] = '\0';
		if (r->x->have_peer[k])
			find_peer(r->x, k, r->buf, r->len, m.peer);
		if (!r->first[k])
			r->first[k] = m.line;
		r->st.per_entry[k]++;
		r->st.matches++;
		if (r->cb)
			r->cb(r->arg, &m);
	}
	r->len = r->full = 0;
}

/* Add bytes of the current line (no '\n' among them). */
static void add_bytes(struct rs_explain_run *r, const char *p, size_t n)
{
	size_t room = r->lim.line_max - r->len;
	size_t keep = n < room ? n : room;

	memcpy(r->buf + r->len, p, keep);
	r->len += keep;
	r->full += n;
}

int rs_explain_feed(struct rs_explain_run *r, const char *buf, size_t len)
{
	size_t allowed = r->lim.input_max - r->st.bytes;
	const char *p = buf, *end;

	if (len > allowed) {
		len = allowed;
		r->st.input_cut = 1;
	}
	end = buf + len;
	r->st.bytes += len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (!nl) {
			add_bytes(r, p, (size_t)(end - p));
			break;
		}
		add_bytes(r, p, (size_t)(nl - p));
		end_line(r);
		p = nl + 1;
	}
	return r->st.bytes >= r->lim.input_max;
}

const struct rs_explain_stats *rs_explain_finish(struct rs_explain_run *r)
{
	if (r->full)
		end_line(r);
	return &r->st;
}

int rs_explain_fd(struct rs_explain_run *r, int fd)
{
	char chunk[64 * 1024];

	for (;;) {
		ssize_t got = read(fd, chunk, sizeof(chunk));

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -errno;
		if (got == 0)
			return 0;
		if (rs_explain_feed(r, chunk, (size_t)got))
			break;
	}
	/* At the limit: one more byte tells whether more came. */
	if (!r->st.input_cut) {
		ssize_t got;

		do
			got = read(fd, chunk, 1);
		while (got < 0 && errno == EINTR);
		if (got > 0)
			r->st.input_cut = 1;
	}
	return 0;
}
