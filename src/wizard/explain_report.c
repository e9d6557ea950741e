/* SPDX-License-Identifier: MIT */
/*
 * explain_report.c - the text of an explanation (explain_report.h).
 *
 * The ranking comes first because it is the answer; the messages follow,
 * each once, in the order of their first line, with how often it came:
 * a log of a million NCCL warnings explains in as many lines as a log of
 * one.  The table's own text (meanings, causes) is wrapped as is; text of
 * the log is escaped (rs_escape_text), so a pasted terminal escape cannot
 * reach the terminal.
 */
#include "wizard/explain_report.h"
#include "i18n.h"
#include "util.h"
#include "wizard/tree.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#define MAX_TREES 8
#define LINE_MAX_BYTES 1024

struct rs_explain_report {
	int width;
	struct rs_tree t[MAX_TREES];
	int state[MAX_TREES];		/* 0 not tried, 1 loaded, -1 failed */
};

struct rs_explain_report *rs_explain_report_new(int width)
{
	struct rs_explain_report *rp = rs_xcalloc(1, sizeof(*rp));

	rp->width = width < 40 ? 40 : width > 200 ? 200 : width;
	return rp;
}

void rs_explain_report_free(struct rs_explain_report *rp)
{
	if (!rp)
		return;
	for (size_t i = 0; i < MAX_TREES; i++)
		if (rp->state[i] > 0)
			rs_tree_free(&rp->t[i]);
	free(rp);
}

/* The wizard's tree of that name, loaded when first asked for. */
static const struct rs_tree *tree_get(struct rs_explain_report *rp, const char *name)
{
	char err[256];

	for (size_t i = 0; name && rs_tree_names[i] && i < MAX_TREES; i++) {
		if (strcmp(rs_tree_names[i], name))
			continue;
		if (!rp->state[i])
			rp->state[i] = rs_tree_load(&rp->t[i], name, err, sizeof(err)) ? -1 : 1;
		return rp->state[i] > 0 ? &rp->t[i] : NULL;
	}
	return NULL;
}

/* The id of the step of t that runs check, or NULL. */
static const char *step_of(const struct rs_tree *t, const char *check)
{
	for (size_t i = 0; t && check && i < t->n; i++)
		if (t->nodes[i].check && !strcmp(t->nodes[i].check->id, check))
			return t->nodes[i].id;
	return NULL;
}

/*
 * What a tree's steps cannot decide without (check --tree says SKIP for
 * them otherwise): the GID index the application used (user-index), the
 * message size of the test (memlock-test, size).
 */
static const struct {
	const char *tree, *args;
} tree_args[] = {
	{ RS_TREE_CONNECTION, " -x N" },
	{ RS_TREE_LARGE_MSG, " -s BYTES" },
};

void rs_explain_report_cmd(struct rs_explain_report *rp, const char *tree, const char *check,
			   const char *peer, char *buf, size_t len, const char **step,
			   int *needs_peer)
{
	const struct rs_tree *t = tree_get(rp, tree);
	const char *args = "";
	int np = t && t->needs_peer;

	for (size_t i = 0; tree && i < RS_ARRAY_SIZE(tree_args); i++)
		if (!strcmp(tree_args[i].tree, tree))
			args = tree_args[i].args;
	*step = step_of(t, check);
	if (needs_peer)
		*needs_peer = np;
	snprintf(buf, len, "rocescope check --tree %s%s%s%s", tree ? tree : "?",
		 np ? " --peer " : "", np ? (peer && peer[0] ? peer : "IP") : "", args);
}

const char *rs_explain_report_peer(const struct rs_explain_run *r,
				   const struct rs_explain_ranked *it)
{
	const struct rs_explain_stats *st = rs_explain_run_stats(r);
	size_t n = rs_explainer_count(rs_explain_run_explainer(r));

	if (it && it->seen->peer[0])
		return it->seen->peer;
	for (size_t i = 0; i < n; i++)
		if (st->seen[i].peer[0])
			return st->seen[i].peer;
	return "";
}

/* --- lines ------------------------------------------------------------------ */

struct out {
	rs_explain_put put;
	void *arg;
	int width;
};

static void putf(struct out *o, const char *fmt, ...) RS_PRINTF(2, 3);

/* A line of the program's own text and numbers (no text from the log). */
static void putf(struct out *o, const char *fmt, ...)
{
	char line[LINE_MAX_BYTES];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	o->put(o->arg, line);
}

/*
 * The display columns of the character at p and its bytes: wcwidth() in
 * the locale's encoding, one column a byte where the locale cannot decode
 * it.  *wide is set for a double-width character (CJK), after which a
 * line may break without a space.
 */
static size_t char_at(const char *p, size_t *bytes, int *wide)
{
	mbstate_t st;
	wchar_t wc;
	size_t k;
	int w;

	*wide = 0;
	*bytes = 1;
	if ((unsigned char)*p < 0x80)
		return 1;
	memset(&st, 0, sizeof(st));
	k = mbrtowc(&wc, p, MB_CUR_MAX, &st);
	if (k == (size_t)-1 || k == (size_t)-2 || k == 0)
		return 1;
	*bytes = k;
	w = wcwidth(wc);
	*wide = w == 2;
	return w < 0 ? 1 : (size_t)w;
}

/* Whether p starts with one of the marks: a line never starts with a
 * closing one, nor ends with an opening one. */
static size_t punct_at(const char *p, const char *const *marks, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strncmp(p, marks[i], strlen(marks[i])))
			return strlen(marks[i]);
	return 0;
}

static const char *const closing[] = { "\uff0c", "\u3002", "\uff1a", "\uff1b", "\u3001",
				       "\uff09", "\uff01", "\uff1f", "\u300d", "\u201d" };
static const char *const opening[] = { "\uff08", "\u300c", "\u201c" };

/*
 * The piece of text at p a line may not break inside, its bytes in
 * *bytes, its columns returned: a word (up to a space or a wide
 * character), or one wide character, with the closing marks after it
 * and an opening mark before it.
 */
static size_t piece(const char *p, size_t *bytes)
{
	const char *q = p;
	size_t cols = 0, b, k;
	int wide;

	while ((k = punct_at(q, opening, RS_ARRAY_SIZE(opening)))) {
		cols += char_at(q, &b, &wide);
		q += k;
	}
	if (*q && *q != ' ') {
		cols += char_at(q, &b, &wide);
		q += b;
		while (!wide && *q && *q != ' ') {
			size_t c = char_at(q, &b, &wide);

			if (wide)
				break;
			cols += c;
			q += b;
		}
	}
	while ((k = punct_at(q, closing, RS_ARRAY_SIZE(closing)))) {
		cols += char_at(q, &b, &wide);
		q += k;
	}
	*bytes = (size_t)(q - p);
	return cols;
}

static size_t text_cols(const char *s)
{
	size_t cols = 0, b;
	int wide;

	for (; *s; s += b)
		cols += char_at(s, &b, &wide);
	return cols;
}

/*
 * text after first (then indent), wrapped at the width in display
 * columns: on spaces, and between wide characters (Chinese has no
 * spaces), never inside a character.
 */
static void wrap(struct out *o, const char *first, const char *indent, const char *text)
{
	char line[LINE_MAX_BYTES];
	size_t len, col, max = (size_t)o->width;
	const char *p = text + strspn(text, " ");
	int fresh = 1, sep = 0;

	len = (size_t)snprintf(line, sizeof(line), "%s", first);
	col = text_cols(first);
	while (*p) {
		size_t b, n, w = piece(p, &b);
		int gap = !fresh && sep;

		if (!fresh && col + (size_t)gap + w > max) {
			o->put(o->arg, line);
			len = (size_t)snprintf(line, sizeof(line), "%s", indent);
			col = text_cols(indent);
			fresh = 1;
			gap = 0;
		}
		if (gap && len + 1 < sizeof(line)) {
			line[len++] = ' ';
			col++;
		}
		n = b;
		if (len + n >= sizeof(line))
			for (n = sizeof(line) - len - 1; n && (p[n] & 0xc0) == 0x80; n--)
				;
		memcpy(line + len, p, n);
		len += n;
		col += w;
		line[len] = '\0';
		fresh = 0;
		p += b;
		sep = *p == ' ';
		p += strspn(p, " ");
	}
	o->put(o->arg, line);
}

static void cmd_lines(struct out *o, struct rs_explain_report *rp, const char *tree,
		      const char *check, const char *peer, const char *indent)
{
	char run[256];
	const char *step;

	rs_explain_report_cmd(rp, tree, check, peer, run, sizeof(run), &step, NULL);
	/* TRANSLATORS: an indent, then the command to run */
	putf(o, _("%srun: %s"), indent, run);
	/*
	 * TRANSLATORS: an indent, the step's id in the tree and its check id;
	 * the spaces put "step" under the command after "run: ".
	 */
	if (step)
		putf(o, _("%s     step %s: %s"), indent, step, check);
	else
		putf(o, _("%s     step %s"), indent, check ? check : "?");
}

static void ranking(struct out *o, struct rs_explain_report *rp, const struct rs_explain_run *r,
		    const struct rs_explain_ranked *rk, size_t n)
{
	char why[LINE_MAX_BYTES];

	putf(o, "%s", _("Most likely cause first:"));
	for (size_t i = 0; i < n; i++) {
		const struct rs_explain_ranked *it = &rk[i];
		const struct rs_explain_seen *sn = it->seen;

		const char *cls = _(rs_explain_class_name(it->cls));
		const char *conf = _(rs_explain_confidence_name(it->conf));

		/*
		 * TRANSLATORS: the rank, the class of the cause, the confidence
		 * (high, medium, low), then an entry's id and the lines it came on.
		 */
		if (it->alternative) {
			snprintf(why, sizeof(why), _("#%zu %s, %s confidence: another likely cause "
				 "of %s (line %" PRIu64 ")"), i + 1, cls, conf, it->e->id, sn->first);
			wrap(o, "  ", "       ", why);
		} else if (sn->count > 1)
			putf(o, _("  #%zu %s, %s confidence: %s, %" PRIu64 " lines, first %" PRIu64
			     ", last %" PRIu64), i + 1, cls, conf, it->e->id, sn->count, sn->first,
			     sn->last);
		else
			putf(o, _("  #%zu %s, %s confidence: %s, line %" PRIu64), i + 1, cls, conf,
			     it->e->id, sn->first);
		if (it->rule) {
			/* TRANSLATORS: the reason, what the log showed, the line it was on */
			snprintf(why, sizeof(why), _("%s (%s, line %" PRIu64 ")"),
				 _(it->rule->why), _(it->rule_ctx), it->rule_line);
			/* TRANSLATORS: five spaces of indent stay before the word */
			wrap(o, _("     because "), "       ", why);
		}
		cmd_lines(o, rp, it->tree, it->check, rs_explain_report_peer(r, it), "     ");
	}
}

static int cmp_first(const void *a, const void *b, void *arg)
{
	const struct rs_explain_seen *seen = arg;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	if (seen[x].first != seen[y].first)
		return seen[x].first < seen[y].first ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* One entry's explanation (its own tree and step). */
static void entry_lines(struct out *o, struct rs_explain_report *rp,
			const struct rs_explain_entry *e, const struct rs_explain_seen *sn)
{
	char num[16];

	/* The tool is a program's name, or (N_) what prints the message. */
	putf(o, "  %s (%s) [%s]", e->id, _(e->tool), _(rs_explain_class_name(e->cls)));
	/* TRANSLATORS: two spaces of indent stay before the label */
	wrap(o, _("  meaning: "), "    ", _(e->meaning));
	/* TRANSLATORS: two spaces of indent stay before the label */
	putf(o, "%s", _("  likely causes:"));
	for (int i = 0; e->causes[i]; i++) {
		snprintf(num, sizeof(num), "    %d. ", i + 1);
		wrap(o, num, "       ", _(e->causes[i]));
	}
	cmd_lines(o, rp, e->tree, e->check, sn->peer, "  ");
	if (sn->count > 1)
		putf(o, rs_trn("  seen %" PRIu64 " time, last on line %" PRIu64,
			       "  seen %" PRIu64 " times, last on line %" PRIu64, sn->count),
		     sn->count, sn->last);
}

/* The line a message was first seen on, escaped. */
static void line_header(struct out *o, const struct rs_explain_seen *sn)
{
	size_t cap = RS_ESCAPE_MAX(sn->len) + 256;
	char *buf = rs_xmalloc(cap);
	int k;

	if (sn->full_len > sn->len)
		k = snprintf(buf, cap, _("line %" PRIu64 " (its first %zu of %zu bytes): "),
			     sn->first, sn->len, sn->full_len);
	else
		k = snprintf(buf, cap, _("line %" PRIu64 ": "), sn->first);
	if (k < 0 || (size_t)k >= cap)
		k = 0;		/* a translation too long for its room: the line alone */
	rs_escape_text(buf + k, cap - (size_t)k, sn->text ? sn->text : "", sn->len);
	o->put(o->arg, buf);
	free(buf);
}

static void messages(struct out *o, struct rs_explain_report *rp, const struct rs_explain_run *r)
{
	const struct rs_explainer *x = rs_explain_run_explainer(r);
	const struct rs_explain_stats *st = rs_explain_run_stats(r);
	size_t n = rs_explainer_count(x), k = 0;
	size_t *idx = rs_xcalloc(n ? n : 1, sizeof(*idx));
	uint64_t last = 0;

	for (size_t i = 0; i < n; i++)
		if (st->seen[i].count)
			idx[k++] = i;
	qsort_r(idx, k, sizeof(*idx), cmp_first, (void *)st->seen);
	for (size_t i = 0; i < k; i++) {
		const struct rs_explain_seen *sn = &st->seen[idx[i]];

		if (sn->first != last) {
			o->put(o->arg, "");
			line_header(o, sn);
			last = sn->first;
		}
		entry_lines(o, rp, rs_explainer_entry(x, idx[i]), sn);
	}
	free(idx);
}

static void summary(struct out *o, const struct rs_explain_stats *st,
		    const struct rs_explain_limits *lim)
{
	char msgs[64], counts[128];

	if (st->recognised) {
		/*
		 * TRANSLATORS: "17 matches, 13 messages" in "15 of 46 lines
		 * recognised (...)"; %s is "13 messages".
		 */
		snprintf(msgs, sizeof(msgs), rs_trn("%zu message", "%zu messages", st->distinct),
			 st->distinct);
		snprintf(counts, sizeof(counts), rs_trn("%" PRIu64 " match, %s",
							"%" PRIu64 " matches, %s", st->matches),
			 st->matches, msgs);
		putf(o, rs_trn("%" PRIu64 " of %" PRIu64 " line recognised (%s)",
			       "%" PRIu64 " of %" PRIu64 " lines recognised (%s)", st->lines),
		     st->recognised, st->lines, counts);
	} else
		putf(o, rs_trn("nothing recognised in %" PRIu64 " line: rocescope explain --list "
			       "shows the messages it knows",
			       "nothing recognised in %" PRIu64 " lines: rocescope explain --list "
			       "shows the messages it knows", st->lines), st->lines);
	if (st->long_lines)
		putf(o, rs_trn("note: %" PRIu64 " line longer than %zu bytes was matched on its "
			       "beginning",
			       "note: %" PRIu64 " lines longer than %zu bytes were matched on their "
			       "beginning", st->long_lines), st->long_lines, lim->line_max);
	if (st->input_cut)
		putf(o, _("note: the input was read up to %" PRIu64 " bytes; the rest was not read"),
		     lim->input_max);
}

void rs_explain_report_wrap(struct rs_explain_report *rp, const char *first, const char *indent,
			    const char *text, rs_explain_put put, void *arg)
{
	struct out o = { put, arg, rp->width };

	wrap(&o, first, indent, text);
}

void rs_explain_report_text(struct rs_explain_report *rp, const struct rs_explain_run *r,
			    const struct rs_explain_limits *lim, rs_explain_put put, void *arg)
{
	const struct rs_explain_stats *st = rs_explain_run_stats(r);
	struct out o = { put, arg, rp->width };
	size_t n = st->distinct + RS_EXPLAIN_RANK_ALT;
	struct rs_explain_ranked *rk = rs_xcalloc(n, sizeof(*rk));

	n = rs_explain_rank(r, rk, n);
	if (n) {
		ranking(&o, rp, r, rk, n);
		messages(&o, rp, r);
		put(arg, "");
	}
	summary(&o, st, lim);
	free(rk);
}
