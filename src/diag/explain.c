/* SPDX-License-Identifier: MIT */
/*
 * explain.c - match text against the explain tables (explain.h).
 *
 * Each pattern is reduced, when compiled, to its needles: literal strings,
 * folded to lower case, one of which every line it matches contains (the
 * longest literal run of each top-level alternative, or the alternatives
 * of a group the alternative cannot skip; see needles_alt()).  The needles
 * of all entries make one Aho-Corasick automaton over folded bytes, stored
 * as a full transition table over the few byte classes the needles use.
 * A line is run through it once; only the entries whose needles it holds
 * are tried with regexec(), so the lines of an ordinary log - nearly all
 * of them - cost one table lookup per byte.  An entry whose pattern gives
 * no needle is tried on every line (the tests refuse one).
 *
 * The run splits its input into lines across chunk boundaries, keeps at
 * most line_max bytes of each (counting the rest), and records per entry
 * what it saw (explain.h); nothing it holds grows with the input.
 */
#include "diag/explain.h"
#include "i18n.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NEEDLE_MIN	3	/* shorter literals are too common to help */
#define NEEDLE_MAX	64	/* bytes of one needle */
#define NEEDLES_MAX	48	/* needles of one entry */
#define OUT_BIT		0x80000000u

struct needles {
	size_t n;
	char s[NEEDLES_MAX][NEEDLE_MAX + 1];
};

struct rs_explainer {
	size_t n;			/* entries: the matches, then the evidence */
	size_t n_match;
	const struct rs_explain_entry **e;
	regex_t *re;
	regex_t *peer;			/* per entry: where the line names the peer */
	int *have_peer;
	struct needles **nd;		/* per entry, then the status number's */
	regex_t num_re;			/* rs_explain_wc_number */
	int have_num;
	size_t num_entry[64];		/* per status number: its entry + 1, or 0 */
	size_t words;			/* 64-bit words of an entry mask */
	uint64_t *always;		/* entries without needles */
	uint64_t *fallbacks;		/* the fallback entries */
	/* The automaton: next[state_row + class] = next state's row | OUT_BIT. */
	unsigned char cls[256];
	size_t ncls;
	uint32_t *next;
	size_t states;
	uint64_t *out;			/* per state: the entries whose needle ends here */
	int brute;
	size_t *budget;			/* the evidence entries with .tries */
	size_t n_budget;
};

#define RE_FLAGS (REG_EXTENDED | REG_ICASE | REG_NOSUB)

/* --- needles ---------------------------------------------------------------- */

/* Just past the bracket expression that starts at p ('['). */
static const char *bracket_end(const char *p, const char *end)
{
	p++;
	if (p < end && *p == '^')
		p++;
	if (p < end && *p == ']')
		p++;
	while (p < end && *p != ']') {
		if (*p == '[' && p + 1 < end && (p[1] == ':' || p[1] == '.' || p[1] == '=')) {
			char c = p[1];

			for (p += 2; p + 1 < end && !(p[0] == c && p[1] == ']'); p++)
				;
			p += 2;
			continue;
		}
		p++;
	}
	return p < end ? p + 1 : end;
}

/* Just past the group that starts at p ('('). */
static const char *group_end(const char *p, const char *end)
{
	int depth = 0;

	while (p < end) {
		if (*p == '\\' && p + 1 < end) {
			p += 2;
			continue;
		}
		if (*p == '[') {
			p = bracket_end(p, end);
			continue;
		}
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			return p + 1;
		p++;
	}
	return end;
}

/*
 * The quantifier at p, if any: 0 none, 1 the atom comes at least once
 * (+, {1,}), 2 it may not come at all (?, *, {0,...}).  *next is past it.
 */
static int quantifier(const char *p, const char *end, const char **next)
{
	const char *q;

	*next = p;
	if (p >= end)
		return 0;
	if (*p == '?' || *p == '*') {
		*next = p + 1;
		return 2;
	}
	if (*p == '+') {
		*next = p + 1;
		return 1;
	}
	if (*p != '{' || !(q = memchr(p, '}', (size_t)(end - p))))
		return 0;
	*next = q + 1;
	return p + 1 < end && p[1] == '0' && (p[2] == ',' || p[2] == '}') ? 2 : 1;
}

static int needles_alt(const char *p, const char *end, struct needles *out, int depth);

/* The shortest needle of a set (0 for none). */
static size_t set_shortest(const struct needles *s)
{
	size_t min = 0;

	for (size_t i = 0; i < s->n; i++)
		if (!min || strlen(s->s[i]) < min)
			min = strlen(s->s[i]);
	return min;
}

/*
 * How often a set is expected to send an ordinary line to its pattern:
 * its needles times 4^-length of its shortest (a byte of text narrows a
 * match about four ways), so one rare word beats many short common ones
 * ("mtu" against "fail|error|hang|..."), and a long literal a short one.
 */
static double set_cost(const struct needles *s)
{
	size_t len = set_shortest(s);

	return (double)s->n / (double)((uint64_t)1 << (2 * (len < 31 ? len : 31)));
}

/* Keep cand in best if it is better: expected to be tried less often. */
static void consider(struct needles *best, const struct needles *cand)
{
	if (set_shortest(cand) < NEEDLE_MIN)
		return;
	if (!best->n || set_cost(cand) < set_cost(best))
		*best = *cand;
}

static void flush_run(struct needles *best, char *run, size_t *rl)
{
	struct needles one = { .n = 1 };

	if (*rl >= NEEDLE_MIN) {
		memcpy(one.s[0], run, *rl);
		one.s[0][*rl] = '\0';
		consider(best, &one);
	}
	*rl = 0;
}

/*
 * The needles of a sequence (no top-level '|'): its longest literal run,
 * or the needles of a group it cannot skip, whichever is better.
 */
static int needles_seq(const char *p, const char *end, struct needles *best, int depth)
{
	char run[NEEDLE_MAX];
	size_t rl = 0;

	best->n = 0;
	while (p < end) {
		const char *atom_end, *next;
		int lit = -1, group = 0, q;

		if (*p == '\\' && p + 1 < end) {
			lit = (unsigned char)p[1];
			atom_end = p + 2;
		} else if (*p == '[') {
			atom_end = bracket_end(p, end);
		} else if (*p == '(') {
			atom_end = group_end(p, end);
			group = 1;
		} else if (*p == '.' || *p == '^' || *p == '$') {
			atom_end = p + 1;
		} else {
			lit = (unsigned char)*p;
			atom_end = p + 1;
		}
		q = quantifier(atom_end, end, &next);
		if (group) {
			struct needles g;

			flush_run(best, run, &rl);
			if (q != 2 && atom_end - p >= 2 &&
			    needles_alt(p + 1, atom_end - 1, &g, depth + 1))
				consider(best, &g);
		} else if (lit >= 0 && q != 2) {
			if (rl == sizeof(run))
				flush_run(best, run, &rl);
			run[rl++] = (char)(lit >= 'A' && lit <= 'Z' ? lit - 'A' + 'a' : lit);
			if (q == 1)
				flush_run(best, run, &rl);
		} else {
			flush_run(best, run, &rl);
		}
		p = next;
	}
	flush_run(best, run, &rl);
	return best->n > 0;
}

/* The needles of an alternation: those of every alternative, or none. */
static int needles_alt(const char *p, const char *end, struct needles *out, int depth)
{
	struct needles *alt;
	const char *a = p;
	int ok = 1;

	out->n = 0;
	if (depth > 8)
		return 0;
	alt = rs_xmalloc(sizeof(*alt));
	for (;;) {
		const char *q = a;

		while (q < end && *q != '|') {
			if (*q == '\\' && q + 1 < end)
				q += 2;
			else if (*q == '[')
				q = bracket_end(q, end);
			else if (*q == '(')
				q = group_end(q, end);
			else
				q++;
		}
		if (!needles_seq(a, q, alt, depth) || out->n + alt->n > NEEDLES_MAX) {
			ok = 0;
			break;
		}
		for (size_t i = 0; i < alt->n; i++) {
			size_t k;

			for (k = 0; k < out->n && strcmp(out->s[k], alt->s[i]); k++)
				;
			if (k == out->n)
				memcpy(out->s[out->n++], alt->s[i], sizeof(alt->s[i]));
		}
		if (q >= end)
			break;
		a = q + 1;
	}
	free(alt);
	if (!ok)
		out->n = 0;
	return ok;
}

/* --- the automaton ------------------------------------------------------------- */

static unsigned char fold(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') : c;
}

static void mask_set(uint64_t *m, size_t i)
{
	m[i / 64] |= (uint64_t)1 << (i % 64);
}

/*
 * The byte classes: one per byte the needles use (upper case folded onto
 * lower case, NUL onto the space it is matched as), 0 for every other.
 * *total gets the needles' bytes.  -1 when there would be too many.
 */
static int byte_classes(struct rs_explainer *x, size_t *total)
{
	size_t nc = 1;

	memset(x->cls, 0, sizeof(x->cls));
	*total = 1;
	for (size_t i = 0; i <= x->n; i++)
		for (size_t k = 0; x->nd[i] && k < x->nd[i]->n; k++)
			for (const char *s = x->nd[i]->s[k]; *s; s++) {
				unsigned char c = (unsigned char)*s;

				(*total)++;
				if (!x->cls[c])
					x->cls[c] = (unsigned char)nc++;
				if (nc > 255)
					return -1;
			}
	for (int c = 'A'; c <= 'Z'; c++)
		x->cls[c] = x->cls[fold((unsigned char)c)];
	x->cls[0] = x->cls[' '];
	x->ncls = nc;
	return 0;
}

/* The trie of the needles: go[state * ncls + class], -1 where none. */
static int32_t *build_trie(struct rs_explainer *x, size_t cap)
{
	size_t nc = x->ncls;
	int32_t *go = rs_xmalloc(cap * nc * sizeof(*go));

	for (size_t i = 0; i < cap * nc; i++)
		go[i] = -1;
	x->out = rs_xcalloc(cap * x->words, sizeof(*x->out));
	x->states = 1;
	for (size_t i = 0; i <= x->n; i++) {
		for (size_t k = 0; x->nd[i] && k < x->nd[i]->n; k++) {
			size_t st = 0;

			for (const char *s = x->nd[i]->s[k]; *s; s++) {
				size_t c = x->cls[(unsigned char)*s];

				if (go[st * nc + c] < 0)
					go[st * nc + c] = (int32_t)x->states++;
				st = (size_t)go[st * nc + c];
			}
			mask_set(x->out + st * x->words, i);
		}
	}
	return go;
}

/*
 * Failure links, breadth first: a missing move takes the failure state's,
 * and a state's outputs are merged with its failure state's.
 */
static void link_failures(struct rs_explainer *x, int32_t *go)
{
	size_t nc = x->ncls, head = 0, tail = 0;
	uint32_t *fail = rs_xcalloc(x->states, sizeof(*fail));
	uint32_t *queue = rs_xmalloc(x->states * sizeof(*queue));

	for (size_t c = 0; c < nc; c++) {
		if (go[c] < 0)
			go[c] = 0;
		else
			queue[tail++] = (uint32_t)go[c];
	}
	while (head < tail) {
		uint32_t st = queue[head++];

		for (size_t w = 0; w < x->words; w++)
			x->out[st * x->words + w] |= x->out[fail[st] * x->words + w];
		for (size_t c = 0; c < nc; c++) {
			int32_t t = go[st * nc + c];

			if (t < 0) {
				go[st * nc + c] = go[fail[st] * nc + c];
				continue;
			}
			fail[t] = (uint32_t)go[fail[st] * nc + c];
			queue[tail++] = (uint32_t)t;
		}
	}
	free(fail);
	free(queue);
}

/*
 * Build the automaton of every entry's needles (the trie, its failure
 * links, then the full table: next[row + class] is the next state's row,
 * OUT_BIT set when some needle ends there).  0, or -1 when it would be too
 * large (the entries are then all tried on every line).
 */
static int build_automaton(struct rs_explainer *x)
{
	size_t total, nc;
	int32_t *go;

	if (byte_classes(x, &total) || total * x->ncls >= OUT_BIT)
		return -1;
	nc = x->ncls;
	go = build_trie(x, total);
	link_failures(x, go);
	x->next = rs_xmalloc(x->states * nc * sizeof(*x->next));
	for (size_t st = 0; st < x->states; st++) {
		for (size_t c = 0; c < nc; c++) {
			uint32_t t = (uint32_t)go[st * nc + c];
			int has = 0;

			for (size_t w = 0; w < x->words; w++)
				has |= x->out[t * x->words + w] != 0;
			x->next[st * nc + c] = (uint32_t)(t * nc) | (has ? OUT_BIT : 0);
		}
	}
	free(go);
	return 0;
}

/* The entries whose needles the line holds, or'ed into cand. */
static void scan(const struct rs_explainer *x, const unsigned char *s, size_t n, uint64_t *cand)
{
	const uint32_t *next = x->next;
	const unsigned char *cls = x->cls;
	uint32_t row = 0;

	for (size_t i = 0; i < n; i++) {
		uint32_t v = next[row + cls[s[i]]];

		row = v & ~OUT_BIT;
		if (v & OUT_BIT) {
			const uint64_t *o = x->out + (row / x->ncls) * x->words;

			for (size_t w = 0; w < x->words; w++)
				cand[w] |= o[w];
		}
	}
}

/* --- compiling ----------------------------------------------------------------- */

static int compile(regex_t *re, const char *id, const char *pattern, int flags, char *err,
		   size_t errlen)
{
	char msg[160];
	int rc = regcomp(re, pattern, flags);

	if (!rc)
		return 0;
	regerror(rc, re, msg, sizeof(msg));
	/* TRANSLATORS: an entry's id, then regerror()'s text */
	snprintf(err, errlen, _("%s: pattern does not compile: %s"), id, msg);
	return -EINVAL;
}

static void free_compiled(struct rs_explainer *x, size_t nre)
{
	for (size_t i = 0; i < nre; i++)
		regfree(&x->re[i]);
	for (size_t i = 0; x->have_peer && i < x->n; i++)
		if (x->have_peer[i])
			regfree(&x->peer[i]);
	for (size_t i = 0; x->nd && i <= x->n; i++)
		free(x->nd[i]);
	if (x->have_num)
		regfree(&x->num_re);
	free(x->nd);
	free(x->re);
	free(x->peer);
	free(x->have_peer);
	free(x->always);
	free(x->fallbacks);
	free(x->next);
	free(x->out);
}

/* The peer pattern of entry i: one group, matched with its position. */
static int compile_peer(struct rs_explainer *x, size_t i, char *err, size_t errlen)
{
	int ret;

	if (!x->e[i]->peer)
		return 0;
	ret = compile(&x->peer[i], x->e[i]->id, x->e[i]->peer, REG_EXTENDED | REG_ICASE, err,
		      errlen);
	if (!ret && x->peer[i].re_nsub < 1) {
		regfree(&x->peer[i]);
		snprintf(err, errlen, _("%s: the peer pattern needs a group"), x->e[i]->id);
		ret = -EINVAL;
	}
	if (!ret)
		x->have_peer[i] = 1;
	return ret;
}

/*
 * The status number: one pattern for every entry with a .num, its needles
 * under the bit after the entries'.
 */
static void compile_number(struct rs_explainer *x)
{
	const char *pat = rs_explain_wc_number;
	int any = 0;

	for (size_t i = 0; i < x->n; i++)
		if (x->e[i]->num > 0 && x->e[i]->num < 64) {
			x->num_entry[x->e[i]->num] = i + 1;
			any = 1;
		}
	if (!any || regcomp(&x->num_re, pat, REG_EXTENDED | REG_ICASE))
		return;
	x->have_num = 1;
	x->nd[x->n] = rs_xmalloc(sizeof(*x->nd[x->n]));
	if (!needles_alt(pat, pat + strlen(pat), x->nd[x->n], 0)) {
		free(x->nd[x->n]);
		x->nd[x->n] = NULL;
		mask_set(x->always, x->n);
	}
}

static int explainer_compile(struct rs_explainer *x, char *err, size_t errlen)
{
	size_t n = x->n ? x->n : 1, i;
	int ret = 0;

	x->words = (n + 1 + 63) / 64;	/* one more bit: the status number */
	x->re = rs_xcalloc(n, sizeof(*x->re));
	x->peer = rs_xcalloc(n, sizeof(*x->peer));
	x->have_peer = rs_xcalloc(n, sizeof(*x->have_peer));
	x->nd = rs_xcalloc(n + 1, sizeof(*x->nd));
	x->always = rs_xcalloc(x->words, sizeof(*x->always));
	x->fallbacks = rs_xcalloc(x->words, sizeof(*x->fallbacks));
	for (i = 0; i < x->n; i++) {
		const char *pat = x->e[i]->pattern;

		if (i < x->n_match && x->e[i]->fallback)
			mask_set(x->fallbacks, i);

		ret = compile(&x->re[i], x->e[i]->id, pat, RE_FLAGS, err, errlen);
		if (ret)
			break;
		ret = compile_peer(x, i, err, errlen);
		if (ret) {
			i++;
			break;
		}
		x->nd[i] = rs_xmalloc(sizeof(*x->nd[i]));
		if (!needles_alt(pat, pat + strlen(pat), x->nd[i], 0)) {
			free(x->nd[i]);
			x->nd[i] = NULL;
			mask_set(x->always, i);
		}
	}
	if (ret) {
		free_compiled(x, i);
		return ret;
	}
	compile_number(x);
	if (build_automaton(x)) {
		free(x->next);
		free(x->out);
		x->next = NULL;
		x->out = NULL;
		x->brute = 1;
	}
	return 0;
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
	x->budget = rs_xcalloc(x->n ? x->n : 1, sizeof(*x->budget));
	for (size_t i = x->n_match; i < x->n; i++)
		if (x->e[i]->tries)
			x->budget[x->n_budget++] = i;
	*out = x;
	return 0;
}

int rs_explainer_new_table(struct rs_explainer **out, const struct rs_explain_entry *table,
			   size_t n, char *err, size_t errlen)
{
	struct rs_explainer *x = rs_xcalloc(1, sizeof(*x));

	x->n = x->n_match = n;
	x->e = rs_xcalloc(n ? n : 1, sizeof(*x->e));
	for (size_t i = 0; i < n; i++)
		x->e[i] = &table[i];
	return explainer_done(x, out, err, errlen);
}

/* The tables, in matching order; the last is the evidence. */
static const struct rs_explain_entry *const tables[] = {
	rs_explain_messages, rs_explain_kernel, rs_explain_stacks, rs_explain_wc_status,
	rs_explain_more, rs_explain_firmware, rs_explain_nccl_ucx, rs_explain_modules,
	rs_explain_crash, rs_explain_nccl, rs_explain_verbs, rs_explain_ucx,
	rs_explain_listings,
	rs_explain_errno, rs_explain_evidence,
};

int rs_explainer_new(struct rs_explainer **out, char *err, size_t errlen)
{
	struct rs_explainer *x = rs_xcalloc(1, sizeof(*x));
	size_t k = 0;

	for (size_t t = 0; t < RS_ARRAY_SIZE(tables); t++)
		for (const struct rs_explain_entry *e = tables[t]; e->id; e++) {
			x->n++;
			if (t + 1 < RS_ARRAY_SIZE(tables))
				x->n_match++;
		}
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
	free_compiled(x, x->n);
	free(x->budget);
	free(x->e);
	free(x);
}

size_t rs_explainer_count(const struct rs_explainer *x)
{
	return x->n_match;
}

size_t rs_explainer_evidence_count(const struct rs_explainer *x)
{
	return x->n - x->n_match;
}

const struct rs_explain_entry *rs_explainer_entry(const struct rs_explainer *x, size_t i)
{
	return i < x->n_match ? x->e[i] : NULL;
}

size_t rs_explainer_needles(const struct rs_explainer *x, size_t i, size_t k, char *buf,
			    size_t len)
{
	const struct needles *nd = i < x->n ? x->nd[i] : NULL;

	if (len)
		buf[0] = '\0';
	if (!nd)
		return 0;
	if (k < nd->n && len)
		snprintf(buf, len, "%s", nd->s[k]);
	return nd->n;
}

void rs_explainer_set_brute(struct rs_explainer *x, int on)
{
	x->brute = on || !x->next;
}

const struct rs_explain_entry *rs_explain_find(const char *id)
{
	for (size_t t = 0; t < RS_ARRAY_SIZE(tables); t++)
		for (const struct rs_explain_entry *e = tables[t]; e->id; e++)
			if (!strcmp(e->id, id))
				return e;
	return NULL;
}

/* --- matching ------------------------------------------------------------------ */

/* A C-string copy of line for regexec: NUL bytes become spaces. */
static char *line_cstr(const char *line, size_t len, char *stackbuf, size_t stacklen)
{
	char *s = len < stacklen ? stackbuf : rs_xmalloc(len + 1);

	for (size_t i = 0; i < len; i++)
		s[i] = line[i] ? line[i] : ' ';
	s[len] = '\0';
	return s;
}

/* Index i into the sorted idx[0..n), once; returns the new count. */
static size_t add_sorted(size_t *idx, size_t n, size_t max, size_t i)
{
	size_t at = 0;

	for (size_t k = 0; k < n && k < max; k++) {
		if (idx[k] == i)
			return n;
		if (idx[k] < i)
			at = k + 1;
	}
	if (n < max) {
		memmove(idx + at + 1, idx + at, (n - at) * sizeof(*idx));
		idx[at] = i;
	}
	return n + 1;
}

/* The entry of the status number s holds, if any, into idx. */
static size_t add_number(const struct rs_explainer *x, const char *s, size_t *idx, size_t n,
			 size_t max)
{
	regmatch_t m[4];
	unsigned long v;

	if (regexec(&x->num_re, s, 4, m, 0) || m[3].rm_so < 0 || m[3].rm_eo - m[3].rm_so > 2)
		return n;
	v = strtoul(s + m[3].rm_so, NULL, 10);
	if (v >= RS_ARRAY_SIZE(x->num_entry) || !x->num_entry[v])
		return n;
	return add_sorted(idx, n, max, x->num_entry[v] - 1);
}

/* Whether idx[0..n) holds a message entry (not evidence). */
static int matched_message(const struct rs_explainer *x, const size_t *idx, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (idx[i] < x->n_match)
			return 1;
	return 0;
}

/*
 * Try the candidates of cand that are in (or, with in = 0, out of) mask,
 * in index order, adding those that match to the sorted idx[0..n); with
 * first set, stop at the first match.  Returns the new count.
 */
static size_t try_masked(const struct rs_explainer *x, const char *line, size_t len,
			 const uint64_t *cand, const uint64_t *mask, int in, int first,
			 char **s, char *stackbuf, size_t *idx, size_t n, size_t max)
{
	for (size_t w = 0; w < x->words; w++) {
		uint64_t m = cand[w] & (in ? mask[w] : ~mask[w]);

		while (m) {
			size_t i = w * 64 + (size_t)__builtin_ctzll(m);

			m &= m - 1;
			if (!*s)
				*s = line_cstr(line, len, stackbuf, RS_EXPLAIN_LINE_MAX + 1);
			if (i == x->n && x->have_num) {
				n = add_number(x, *s, idx, n, max);
				continue;
			}
			if (i >= x->n)
				return n;
			if (regexec(&x->re[i], *s, 0, NULL, 0))
				continue;
			n = add_sorted(idx, n, max, i);
			if (first)
				return n;
		}
	}
	return n;
}

/*
 * The indexes of the entries (matches and evidence) line matches, in
 * order, up to max into idx; returns how many matched.  cand is scratch of
 * x->words words; the entries in skip are not tried.  A fallback counts
 * only when no other entry matched the line, and only the first of them
 * (the most specific comes first in its table), so they are tried last
 * and only then.
 */
static size_t match_line(const struct rs_explainer *x, const char *line, size_t len,
			 uint64_t *cand, const uint64_t *skip, size_t *idx, size_t max,
			 int *tried)
{
	char stackbuf[RS_EXPLAIN_LINE_MAX + 1], *s = NULL;
	size_t n = 0, any = 0;

	*tried = 0;
	if (x->brute) {
		for (size_t w = 0; w < x->words; w++)
			cand[w] = ~(uint64_t)0;
	} else {
		memcpy(cand, x->always, x->words * sizeof(*cand));
		scan(x, (const unsigned char *)line, len, cand);
	}
	for (size_t w = 0; w < x->words; w++) {
		if (skip)
			cand[w] &= ~skip[w];
		any |= cand[w] != 0;
	}
	if (!any)
		return 0;
	*tried = 1;
	n = try_masked(x, line, len, cand, x->fallbacks, 0, 0, &s, stackbuf, idx, n, max);
	if (!matched_message(x, idx, n < max ? n : max))
		n = try_masked(x, line, len, cand, x->fallbacks, 1, 1, &s, stackbuf, idx, n,
			       max);
	if (s && s != stackbuf)
		free(s);
	return n < max ? n : max;
}

size_t rs_explain_line(const struct rs_explainer *x, const char *line, size_t len,
		       const struct rs_explain_entry **hits, size_t max)
{
	size_t *idx = rs_xcalloc(x->n ? x->n : 1, sizeof(*idx));
	uint64_t *cand = rs_xcalloc(x->words, sizeof(*cand));
	size_t n, k = 0;
	int tried;

	n = match_line(x, line, len, cand, NULL, idx, x->n, &tried);
	for (size_t i = 0; i < n; i++)
		if (idx[i] < x->n_match && k++ < max)
			hits[k - 1] = x->e[idx[i]];
	free(idx);
	free(cand);
	return k;
}

/* --- runs over an input ------------------------------------------------------- */

struct rs_explain_run {
	const struct rs_explainer *x;
	struct rs_explain_limits lim;
	rs_explain_cb cb;
	void *arg;
	char *buf;			/* the current line, up to lim.line_max bytes */
	size_t len;			/* bytes kept in buf */
	size_t full;			/* bytes of the current line so far */
	size_t *idx;			/* scratch: entries one line matched */
	uint64_t *cand;			/* scratch: the entries its needles name */
	/*
	 * Evidence entries whose context bits the run has all seen: a later
	 * line of theirs tells nothing new, so they are not tried again (the
	 * lines that give context, NCCL's and UCX's own, are most of a log).
	 */
	uint64_t *known;
	unsigned *tries;		/* per x->budget entry: lines it was tried on */
	struct rs_explain_seen *seen;	/* per entry, matches then evidence */
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
	r->lim.input_max = lim ? lim->input_max : RS_EXPLAIN_INPUT_MAX;
	r->cb = cb;
	r->arg = arg;
	r->buf = rs_xmalloc(r->lim.line_max + 1);
	r->idx = rs_xcalloc(n, sizeof(*r->idx));
	r->cand = rs_xcalloc(x->words, sizeof(*r->cand));
	r->known = rs_xcalloc(x->words, sizeof(*r->known));
	r->tries = rs_xcalloc(x->n_budget ? x->n_budget : 1, sizeof(*r->tries));
	r->seen = rs_xcalloc(n, sizeof(*r->seen));
	r->st.per_entry = rs_xcalloc(n, sizeof(*r->st.per_entry));
	r->st.seen = r->seen;
	r->st.evidence = r->seen + x->n_match;
	return r;
}

void rs_explain_run_free(struct rs_explain_run *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->x->n; i++)
		free(r->seen[i].text);
	free(r->seen);
	free(r->buf);
	free(r->idx);
	free(r->cand);
	free(r->known);
	free(r->tries);
	free(r->st.per_entry);
	free(r);
}

const struct rs_explainer *rs_explain_run_explainer(const struct rs_explain_run *r)
{
	return r->x;
}

const struct rs_explain_stats *rs_explain_run_stats(const struct rs_explain_run *r)
{
	return &r->st;
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

/* What the run records of entry k on this line. */
static void saw(struct rs_explain_run *r, size_t k, struct rs_explain_match *m)
{
	struct rs_explain_seen *sn = &r->seen[k];
	const struct rs_explain_entry *e = r->x->e[k];

	if (!sn->count) {
		sn->first = m->line;
		sn->text = rs_xmalloc(m->len ? m->len : 1);
		memcpy(sn->text, m->text, m->len);
		sn->len = m->len;
		sn->full_len = m->full_len;
	}
	sn->count++;
	sn->last = m->line;
	for (unsigned b = 0; b < RS_CTX_COUNT; b++)
		if ((e->sets & RS_CTX_BIT(b)) && !(r->st.ctx & RS_CTX_BIT(b))) {
			r->st.ctx |= RS_CTX_BIT(b);
			r->st.ctx_line[b] = m->line;
		}
	if (k >= r->x->n_match) {
		if (!(e->sets & ~r->st.ctx))
			r->known[k / 64] |= (uint64_t)1 << (k % 64);
		return;
	}
	m->e = e;
	m->first_line = sn->count > 1 ? sn->first : 0;
	m->peer[0] = '\0';
	if (r->x->have_peer[k] && (r->cb || !sn->peer[0])) {
		find_peer(r->x, k, m->text, m->len, m->peer);
		if (!sn->peer[0])
			memcpy(sn->peer, m->peer, sizeof(sn->peer));
	}
	if (sn->count == 1)
		r->st.distinct++;
	r->st.per_entry[k]++;
	r->st.matches++;
	if (r->cb)
		r->cb(r->arg, m);
}

/*
 * The evidence entries with a try budget that were candidates of this
 * line (r->cand, after match_line) spend one try; at the end of the
 * budget they join the known ones and are not tried again.
 */
static void spend_tries(struct rs_explain_run *r)
{
	for (size_t j = 0; j < r->x->n_budget; j++) {
		size_t k = r->x->budget[j];
		uint64_t bit = (uint64_t)1 << (k % 64);

		if ((r->cand[k / 64] & bit) && ++r->tries[j] >= r->x->e[k]->tries)
			r->known[k / 64] |= bit;
	}
}

/* The current line is complete: match it and record. */
static void end_line(struct rs_explain_run *r)
{
	struct rs_explain_match m = { 0 };
	size_t n, matched = 0;
	int tried;

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
	n = match_line(r->x, r->buf, r->len, r->cand, r->known, r->idx, r->x->n, &tried);
	r->st.tried += (uint64_t)tried;
	spend_tries(r);
	for (size_t i = 0; i < n; i++) {
		saw(r, r->idx[i], &m);
		matched += r->idx[i] < r->x->n_match;
	}
	if (matched)
		r->st.recognised++;
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
	const char *p = buf, *end;

	if (r->lim.input_max) {
		uint64_t allowed = r->lim.input_max - r->st.bytes;

		if (len > allowed) {
			len = (size_t)allowed;
			r->st.input_cut = 1;
		}
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
	return r->lim.input_max && r->st.bytes >= r->lim.input_max;
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
