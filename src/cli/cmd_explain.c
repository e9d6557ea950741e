/* SPDX-License-Identifier: MIT */
/*
 * cmd_explain.c - `rocescope explain [TEXT | -]`: for every line of an
 * error message or a pasted log (perftest, ibv_*_pingpong, libibverbs,
 * rdma_cm, NCCL, kernel) that rocescope recognises, what it means, the
 * likely causes in order, and the tree and step to run
 * (src/diag/explain.h, docs/explain.md).
 *
 * TEXT is the words given, joined by spaces (quoting is not needed); "-"
 * or nothing reads standard input in chunks, bounded as explain.h says.
 * Matches are printed as they are found, so a long log needs no memory.
 * The lines echoed are escaped (rs_escape_text); JSON escapes on its own.
 * The `run:` line is the check --tree command, completed from the wizard's
 * trees (src/wizard/tree.h): --peer with the address the line names when
 * the tree needs a peer, the options its steps cannot decide without, and
 * the step's id in the tree.  It reads no host: no --root, --load, --demo
 * or --peer.
 *
 * Exit status: 0 something was recognised, 1 nothing was (or standard
 * input could not be read), 2 usage error.
 */
#include "cli/cli.h"
#include "diag/explain.h"
#include "util.h"
#include "wizard/tree.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define WIDTH 80

#define MAX_TREES 8

/* The wizard's trees, loaded when first named (src/wizard/tree.h). */
struct trees {
	struct rs_tree t[MAX_TREES];
	int state[MAX_TREES];		/* 0 not tried, 1 loaded, -1 failed */
};

struct out {
	struct rs_json *j;		/* NULL: text */
	size_t last_line;		/* the last line whose header was printed */
	char *esc;			/* escape buffer, RS_ESCAPE_MAX(line_max) */
	struct trees trees;
};

static const struct rs_tree *tree_get(struct trees *ts, const char *name)
{
	char err[256];

	for (size_t i = 0; rs_tree_names[i] && i < MAX_TREES; i++) {
		if (strcmp(rs_tree_names[i], name))
			continue;
		if (!ts->state[i])
			ts->state[i] = rs_tree_load(&ts->t[i], name, err, sizeof(err)) ? -1 : 1;
		return ts->state[i] > 0 ? &ts->t[i] : NULL;
	}
	return NULL;
}

static void trees_free(struct trees *ts)
{
	for (size_t i = 0; i < MAX_TREES; i++)
		if (ts->state[i] > 0)
			rs_tree_free(&ts->t[i]);
}

/* The id of the step of t that runs check, or NULL. */
static const char *step_of(const struct rs_tree *t, const char *check)
{
	for (size_t i = 0; t && i < t->n; i++)
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

/*
 * The command that walks e's tree: with --peer when the tree needs one
 * (the address the line names, else IP to fill in) and the options its
 * steps need.  *step gets the id of the step that runs e's check, or NULL.
 */
static void run_cmd(char *buf, size_t len, struct trees *ts, const struct rs_explain_entry *e,
		    const char *peer, const char **step)
{
	const struct rs_tree *t = tree_get(ts, e->tree);
	const char *args = "";

	for (size_t i = 0; i < RS_ARRAY_SIZE(tree_args); i++)
		if (!strcmp(tree_args[i].tree, e->tree))
			args = tree_args[i].args;
	*step = step_of(t, e->check);
	snprintf(buf, len, "rocescope check --tree %s%s%s%s", e->tree,
		 t && t->needs_peer ? " --peer " : "",
		 t && t->needs_peer ? (peer && peer[0] ? peer : "IP") : "", args);
}

/* text after first (then indent), wrapped at WIDTH columns on spaces. */
static void wrap(const char *first, const char *indent, const char *text)
{
	size_t col = strlen(first), ind = strlen(indent);
	const char *p = text + strspn(text, " ");
	int fresh = 1;			/* nothing but the prefix on this line yet */

	fputs(first, stdout);	/* the table's own text, as the words below */
	while (*p) {
		size_t w = strcspn(p, " ");

		if (!fresh && col + 1 + w > WIDTH) {
			rs_tprintf(stdout, "\n%s", indent);
			col = ind;
			fresh = 1;
		}
		if (!fresh) {
			putchar(' ');
			col++;
		}
		fwrite(p, 1, w, stdout);	/* the table's own text */
		col += w;
		fresh = 0;
		p += w;
		p += strspn(p, " ");
	}
	putchar('\n');
}

static void text_entry(struct out *o, const struct rs_explain_entry *e, const char *peer)
{
	char num[16], run[160];
	const char *step;

	rs_tprintf(stdout, "  %s (%s)\n", e->id, e->tool);
	wrap("  meaning: ", "    ", e->meaning);
	rs_tprintf(stdout, "  likely causes:\n");
	for (int i = 0; e->causes[i]; i++) {
		snprintf(num, sizeof(num), "    %d. ", i + 1);
		wrap(num, "       ", e->causes[i]);
	}
	run_cmd(run, sizeof(run), &o->trees, e, peer, &step);
	rs_tprintf(stdout, "  run: %s\n", run);
	if (step)
		rs_tprintf(stdout, "       step %s: %s\n", step, e->check);
	else
		rs_tprintf(stdout, "       step %s\n", e->check);
}

static void text_match(struct out *o, const struct rs_explain_match *m)
{
	if (m->line != o->last_line) {
		rs_escape_text(o->esc, RS_ESCAPE_MAX(m->len), m->text, m->len);
		if (o->last_line)
			putchar('\n');
		/* o->esc is escaped already (NUL bytes too, which %s would stop at). */
		if (m->truncated)
			printf("line %zu (its first %zu of %zu bytes): ", m->line, m->len,
			       m->full_len);
		else
			printf("line %zu: ", m->line);
		fputs(o->esc, stdout);	/* escaped above */
		putchar('\n');
		o->last_line = m->line;
	}
	if (m->first_line)
		rs_tprintf(stdout, "  %s: as on line %zu above\n", m->e->id, m->first_line);
	else
		text_entry(o, m->e, m->peer);
}

static void json_entry(struct rs_json *j, struct trees *ts, const struct rs_explain_entry *e,
		       const char *peer)
{
	char run[160];
	const char *step;

	rs_json_kv_str(j, "id", e->id);
	rs_json_kv_str(j, "tool", e->tool);
	rs_json_kv_str(j, "meaning", e->meaning);
	rs_json_key(j, "causes");
	rs_json_arr_begin(j);
	for (int i = 0; e->causes[i]; i++)
		rs_json_str(j, e->causes[i]);
	rs_json_arr_end(j);
	rs_json_kv_str(j, "tree", e->tree);
	rs_json_kv_str(j, "check", e->check);
	run_cmd(run, sizeof(run), ts, e, peer, &step);
	rs_json_kv_str_or_null(j, "step", step ? step : "");
	rs_json_kv_str(j, "run", run);
}

static void on_match(void *arg, const struct rs_explain_match *m)
{
	struct out *o = arg;

	if (!o->j) {
		text_match(o, m);
		return;
	}
	rs_json_obj_begin(o->j);
	rs_json_kv_u64(o->j, "line", m->line);
	rs_json_key(o->j, "text");
	rs_json_strn(o->j, m->text, m->len);
	rs_json_kv_bool(o->j, "truncated", m->truncated);
	rs_json_kv_u64(o->j, "length", m->full_len);
	rs_json_kv_str_or_null(o->j, "peer", m->peer);
	json_entry(o->j, &o->trees, m->e, m->peer);
	rs_json_obj_end(o->j);
}

static void text_summary(const struct rs_explain_stats *st, const struct rs_explain_limits *lim)
{
	if (st->recognised)
		rs_tprintf(stdout, "\n%zu of %zu line%s recognised (%zu match%s)\n", st->recognised,
			   st->lines,
			   st->lines == 1 ? "" : "s", st->matches, st->matches == 1 ? "" : "es");
	else
		rs_tprintf(stdout,
			   "nothing recognised in %zu line%s: rocescope explain --list shows the "
			   "messages it knows\n", st->lines, st->lines == 1 ? "" : "s");
	if (st->long_lines)
		rs_tprintf(stdout,
			   "note: %zu line%s longer than %zu bytes %s matched on %s beginning\n",
			   st->long_lines, st->long_lines == 1 ? "" : "s", lim->line_max,
			   st->long_lines == 1 ? "was" : "were", st->long_lines == 1 ? "its" : "their");
	if (st->input_cut)
		rs_tprintf(stdout,
			   "note: the input was read up to %zu MiB; the rest was not read\n",
			   lim->input_max >> 20);
}

static void json_summary(struct rs_json *j, const struct rs_explain_stats *st,
			 const struct rs_explain_limits *lim)
{
	rs_json_kv_u64(j, "lines", st->lines);
	rs_json_kv_u64(j, "bytes", st->bytes);
	rs_json_kv_u64(j, "recognised", st->recognised);
	rs_json_kv_u64(j, "long_lines", st->long_lines);
	rs_json_kv_bool(j, "input_cut", st->input_cut);
	rs_json_key(j, "limits");
	rs_json_obj_begin(j);
	rs_json_kv_u64(j, "line_max", lim->line_max);
	rs_json_kv_u64(j, "input_max", lim->input_max);
	rs_json_obj_end(j);
}

/* The words given, joined by one space: what the user typed, unquoted or not. */
static char *join_args(int argc, char **argv)
{
	size_t len = 1;
	char *s;

	for (int i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = rs_xmalloc(len);
	s[0] = '\0';
	for (int i = 0; i < argc; i++) {
		if (i)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

/* No argument, or "-": standard input. */
static int from_stdin(int argc, char **argv)
{
	return argc == 0 || (argc == 1 && !strcmp(argv[0], "-"));
}

/* Feed the input the arguments name; 0, or RS_EXIT_FAIL after saying why. */
static int read_input(struct rs_explain_run *r, int argc, char **argv)
{
	char *text;
	int ret;

	if (from_stdin(argc, argv)) {
		if (isatty(STDIN_FILENO))
			rs_tprintf(stderr, "rocescope: explain: reading the log from the terminal; "
				   "end it with Ctrl-D\n");
		ret = rs_explain_fd(r, STDIN_FILENO);
		if (ret) {
			rs_tprintf(stderr, "rocescope: explain: reading standard input: %s\n",
				   strerror(-ret));
			return RS_EXIT_FAIL;
		}
		return 0;
	}
	text = join_args(argc, argv);
	rs_explain_feed(r, text, strlen(text));
	free(text);
	return 0;
}

static int opt_list;

static int explain_list(struct rs_cli *cli, const struct rs_explainer *x)
{
	struct rs_json json, *j = cli->json ? &json : NULL;
	struct trees ts = { 0 };
	const char *step;
	int ret = RS_EXIT_OK;

	if (j) {
		rs_json_init(j, stdout);
		rs_json_obj_begin(j);
		rs_json_kv_schema(j);
		rs_json_key(j, "entries");
		rs_json_arr_begin(j);
	}
	for (size_t i = 0; i < rs_explainer_count(x); i++) {
		const struct rs_explain_entry *e = rs_explainer_entry(x, i);

		if (j) {
			rs_json_obj_begin(j);
			json_entry(j, &ts, e, NULL);
			rs_json_kv_str(j, "pattern", e->pattern);
			rs_json_kv_str_or_null(j, "peer_pattern", e->peer ? e->peer : "");
			rs_json_obj_end(j);
			continue;
		}
		step = step_of(tree_get(&ts, e->tree), e->check);
		if (i)
			putchar('\n');
		rs_tprintf(stdout, "%-26s %s / %s%s%s\n", e->id, e->tree, e->check,
			   step ? " / " : "", step ? step : "");
		wrap("  ", "  ", e->meaning);
	}
	if (j) {
		rs_json_arr_end(j);
		rs_json_obj_end(j);
		ret = rs_json_finish(j) ? RS_EXIT_FAIL : RS_EXIT_OK;
	}
	trees_free(&ts);
	return ret;
}

static int explain_input(struct rs_cli *cli, const struct rs_explainer *x, int argc, char **argv)
{
	struct rs_explain_limits lim = { RS_EXPLAIN_LINE_MAX, RS_EXPLAIN_INPUT_MAX };
	struct rs_json json;
	struct out o = { .j = cli->json ? &json : NULL };
	const struct rs_explain_stats *st;
	struct rs_explain_run *r;
	int ret;

	o.esc = rs_xmalloc(RS_ESCAPE_MAX(lim.line_max));
	if (o.j) {
		rs_json_init(o.j, stdout);
		rs_json_obj_begin(o.j);
		rs_json_kv_schema(o.j);
		rs_json_kv_str(o.j, "source", from_stdin(argc, argv) ? "stdin" : "argument");
		rs_json_key(o.j, "matches");
		rs_json_arr_begin(o.j);
	}
	r = rs_explain_run_new(x, &lim, on_match, &o);
	ret = read_input(r, argc, argv);
	st = rs_explain_finish(r);
	if (o.j) {
		rs_json_arr_end(o.j);
		json_summary(o.j, st, &lim);
		rs_json_obj_end(o.j);
		if (rs_json_finish(o.j) && !ret)
			ret = RS_EXIT_FAIL;
	} else {
		text_summary(st, &lim);
	}
	if (!ret && !st->recognised)
		ret = RS_EXIT_FAIL;
	rs_explain_run_free(r);
	trees_free(&o.trees);
	free(o.esc);
	return ret;
}

static int explain_run(struct rs_cli *cli, int argc, char **argv)
{
	struct rs_explainer *x;
	char err[256];
	int ret;

	if (opt_list && argc) {
		rs_tprintf(stderr, "rocescope: explain: --list takes no TEXT\n");
		return RS_EXIT_USAGE;
	}
	if (rs_explainer_new(&x, err, sizeof(err))) {
		rs_tprintf(stderr, "rocescope: explain: %s\n", err);	/* a bug in the table */
		return RS_EXIT_FAIL;
	}
	ret = opt_list ? explain_list(cli, x) : explain_input(cli, x, argc, argv);
	rs_explainer_free(x);
	return ret;
}

enum { OPT_LIST = 1 };

static const struct rs_opt explain_opts[] = {
	{ "list", 0, NULL, "print every message explain knows: id, tree, step, meaning",
	  OPT_LIST },
	{ NULL, 0, NULL, NULL, 0 },
};

static int explain_opt(struct rs_cli *cli, int id, const char *arg)
{
	opt_list = 1;
	return 0;
}

const struct rs_cmd rs_cmd_explain = {
	.name = "explain",
	.args = "[TEXT | -]",
	.help = "what an error line or a pasted log means, and the tree to run",
	.flags = RS_CMD_JSON,
	.min_args = 0,
	.max_args = 256,
	.opts = explain_opts,
	.opt = explain_opt,
	.run = explain_run,
};
