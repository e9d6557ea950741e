/* SPDX-License-Identifier: MIT */
/*
 * cmd_explain.c - `rocescope explain [TEXT | -]`: what a pasted log means
 * (src/diag/explain.h, docs/explain.md): the causes it points to, ranked
 * over the whole paste with the most likely first, each with its class,
 * its confidence and the `rocescope check --tree` command that proves it;
 * then every message recognised, once, with how often it came.
 *
 * TEXT is the words given, joined by spaces (quoting is not needed); "-"
 * or nothing reads standard input in chunks, the whole of it: the run
 * keeps one line and a fixed record per message, so a log of any size
 * fits in the same memory.  The text is src/wizard/explain_report.c's,
 * the same the console's explain view shows.  It reads no host: no
 * --root, --load, --demo or --peer.
 *
 * Exit status: 0 something was recognised, 1 nothing was (or standard
 * input could not be read), 2 usage error.
 */
#include "cli/cli.h"
#include "i18n.h"
#include "diag/explain.h"
#include "print.h"
#include "util.h"
#include "wizard/explain_report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define WIDTH 80

static void put_stdout(void *arg, const char *line)
{
	(void)arg;
	fputs(line, stdout);	/* escaped by the report */
	putchar('\n');
}

/*
 * An entry of the table: its JSON members (for a match and for --list);
 * list: text too, the --list line (id, tree / check / step, class) without
 * the meaning, which list_entry() wraps below it.
 */
static void print_entry(struct rs_pr *p, struct rs_explain_report *rp,
			const struct rs_explain_entry *e, const char *peer, int list)
{
	char run[256];
	const char *step;

	rs_explain_report_cmd(rp, e->tree, e->check, peer, run, sizeof(run), &step, NULL);
	rs_pr_str(p, "id", list ? "%-26s " : NULL, e->id);
	rs_pr_str(p, "tool", NULL, e->tool);
	rs_pr_str(p, "meaning", NULL, e->meaning);
	rs_pr_arr_open(p, "causes");
	for (int i = 0; e->causes[i]; i++)
		rs_pr_str(p, RS_PR_ITEM, NULL, e->causes[i]);
	rs_pr_arr_close(p);
	rs_pr_str(p, "tree", list ? "%s / " : NULL, e->tree);
	rs_pr_str(p, "check", list ? "%s" : NULL, e->check);
	rs_pr_str_or(p, "step", list ? " / %s" : NULL, step, NULL);
	rs_pr_str(p, "run", NULL, run);
}

/* The rank of entry i in rk (1-based), or 0. */
static size_t rank_of(const struct rs_explain_ranked *rk, size_t n, size_t i)
{
	for (size_t k = 0; k < n; k++)
		if (rk[k].index == i)
			return k + 1;
	return 0;
}

/* Each message once, at its first line, with how often it came. */
static void json_matches(struct rs_pr *p, struct rs_explain_report *rp,
			 const struct rs_explain_run *r, const struct rs_explain_ranked *rk,
			 size_t n)
{
	const struct rs_explainer *x = rs_explain_run_explainer(r);
	const struct rs_explain_stats *st = rs_explain_run_stats(r);
	struct rs_json *j = p->j;

	rs_json_key(j, "matches");
	rs_json_arr_begin(j);
	for (uint64_t line = 0; n;) {
		uint64_t next = UINT64_MAX;

		/* The lines in order: a message's first line, then the next one's. */
		for (size_t i = 0; i < rs_explainer_count(x); i++)
			if (st->seen[i].count && st->seen[i].first > line &&
			    st->seen[i].first < next)
				next = st->seen[i].first;
		if (next == UINT64_MAX)
			break;
		for (size_t i = 0; i < rs_explainer_count(x); i++) {
			const struct rs_explain_seen *sn = &st->seen[i];
			const struct rs_explain_entry *e = rs_explainer_entry(x, i);
			size_t k = rank_of(rk, n, i);

			if (!sn->count || sn->first != next)
				continue;
			rs_json_obj_begin(j);
			rs_json_kv_u64(j, "line", sn->first);
			rs_json_key(j, "text");
			rs_json_strn(j, sn->text, sn->len);
			rs_json_kv_bool(j, "truncated", sn->full_len > sn->len);
			rs_json_kv_u64(j, "length", sn->full_len);
			rs_json_kv_str_or_null(j, "peer", sn->peer);
			print_entry(p, rp, e, sn->peer, 0);
			rs_json_kv_str(j, "class", rs_explain_class_name(e->cls));
			rs_json_kv_u64(j, "count", sn->count);
			rs_json_kv_u64(j, "last_line", sn->last);
			rs_json_kv_u64(j, "rank", k);
			rs_json_obj_end(j);
		}
		line = next;
	}
	rs_json_arr_end(j);
}

static void json_ranked(struct rs_json *j, struct rs_explain_report *rp,
			const struct rs_explain_run *r, const struct rs_explain_ranked *rk,
			size_t n)
{
	rs_json_key(j, "ranked");
	rs_json_arr_begin(j);
	for (size_t k = 0; k < n; k++) {
		const struct rs_explain_ranked *it = &rk[k];
		const char *peer = rs_explain_report_peer(r, it);
		char run[256];
		const char *step;

		rs_json_obj_begin(j);
		rs_json_kv_u64(j, "rank", k + 1);
		rs_json_kv_str(j, "id", it->e->id);
		rs_json_kv_str(j, "class", rs_explain_class_name(it->cls));
		rs_json_kv_str(j, "confidence", rs_explain_confidence_name(it->conf));
		rs_json_kv_int(j, "score", it->score);
		rs_json_kv_u64(j, "count", it->seen->count);
		rs_json_kv_u64(j, "first_line", it->seen->first);
		rs_json_kv_u64(j, "last_line", it->seen->last);
		rs_json_kv_str(j, "tree", it->tree);
		rs_json_kv_str(j, "check", it->check);
		rs_explain_report_cmd(rp, it->tree, it->check, peer, run, sizeof(run), &step, NULL);
		rs_json_kv_str_or_null(j, "step", step ? step : "");
		rs_json_kv_str(j, "run", run);
		rs_json_kv_str_or_null(j, "peer", peer);
		rs_json_kv_str_or_null(j, "because", it->rule ? it->rule->why : "");
		if (it->rule)
			rs_json_kv_u64(j, "because_line", it->rule_line);
		else
			rs_json_kv_null(j, "because_line");
		rs_json_kv_bool(j, "alternative", it->alternative);
		rs_json_obj_end(j);
	}
	rs_json_arr_end(j);
}

static void json_summary(struct rs_json *j, const struct rs_explain_stats *st,
			 const struct rs_explain_limits *lim)
{
	rs_json_kv_u64(j, "lines", st->lines);
	rs_json_kv_u64(j, "bytes", st->bytes);
	rs_json_kv_u64(j, "recognised", st->recognised);
	rs_json_kv_u64(j, "long_lines", st->long_lines);
	rs_json_kv_bool(j, "input_cut", st->input_cut);
	rs_json_kv_u64(j, "distinct", st->distinct);
	rs_json_kv_u64(j, "match_count", st->matches);
	rs_json_key(j, "context");
	rs_json_arr_begin(j);
	for (unsigned b = 0; b < RS_CTX_COUNT; b++) {
		if (!(st->ctx & RS_CTX_BIT(b)))
			continue;
		rs_json_obj_begin(j);
		rs_json_kv_str(j, "name", rs_explain_ctx_name(b));
		rs_json_kv_u64(j, "line", st->ctx_line[b]);
		rs_json_obj_end(j);
	}
	rs_json_arr_end(j);
	rs_json_key(j, "limits");
	rs_json_obj_begin(j);
	rs_json_kv_u64(j, "line_max", lim->line_max);
	rs_json_kv_u64(j, "input_max", lim->input_max);
	rs_json_obj_end(j);
}

static int json_out(struct rs_explain_report *rp, const struct rs_explain_run *r,
		    const struct rs_explain_limits *lim, const char *source)
{
	const struct rs_explain_stats *st = rs_explain_run_stats(r);
	size_t n = st->distinct + RS_EXPLAIN_RANK_ALT;
	struct rs_explain_ranked *rk = rs_xcalloc(n, sizeof(*rk));
	struct rs_json json;
	struct rs_pr pr;
	int ret;

	n = rs_explain_rank(r, rk, n);
	rs_json_init(&json, stdout);
	rs_pr_init(&pr, stdout, &json);
	rs_json_obj_begin(&json);
	rs_json_kv_schema(&json);
	rs_json_kv_str(&json, "source", source);
	json_matches(&pr, rp, r, rk, n);
	json_ranked(&json, rp, r, rk, n);
	json_summary(&json, st, lim);
	rs_json_obj_end(&json);
	ret = rs_json_finish(&json);
	free(rk);
	return ret;
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
			rs_tprintf(stderr, _("rocescope: explain: reading the log from the terminal; "
				   "end it with Ctrl-D\n"));
		ret = rs_explain_fd(r, STDIN_FILENO);
		if (ret) {
			rs_tprintf(stderr, _("rocescope: explain: reading standard input: %s\n"),
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

/* --list: one entry, its meaning wrapped below its line in text. */
static void list_entry(struct rs_pr *p, struct rs_explain_report *rp,
		       const struct rs_explain_entry *e, size_t i)
{
	if (i)
		rs_pr_text(p, "\n");
	rs_pr_obj_open(p, NULL);
	print_entry(p, rp, e, NULL, 1);
	rs_pr_str(p, "pattern", NULL, e->pattern);
	rs_pr_str_or_null(p, "peer_pattern", NULL, e->peer ? e->peer : "");
	/* Text in the reader's language; --json is in machine mode (English). */
	rs_pr_str(p, "class", " [%s]\n", _(rs_explain_class_name(e->cls)));
	rs_pr_int(p, "weight", NULL, e->weight);
	rs_pr_obj_close(p);
	if (!rs_pr_is_json(p))
		rs_explain_report_wrap(rp, "  ", "  ", _(e->meaning), put_stdout, NULL);
}

static int explain_list(struct rs_cli *cli, const struct rs_explainer *x)
{
	struct rs_explain_report *rp = rs_explain_report_new(WIDTH);
	struct rs_json json, *j = cli->json ? &json : NULL;
	struct rs_pr pr;
	int ret = RS_EXIT_OK;

	if (j) {
		rs_json_init(j, stdout);
		rs_json_obj_begin(j);
		rs_json_kv_schema(j);
	}
	rs_pr_init(&pr, stdout, j);
	rs_pr_arr_open(&pr, "entries");
	for (size_t i = 0; i < rs_explainer_count(x); i++)
		list_entry(&pr, rp, rs_explainer_entry(x, i), i);
	rs_pr_arr_close(&pr);
	if (j) {
		rs_json_obj_end(j);
		ret = rs_json_finish(j) ? RS_EXIT_FAIL : RS_EXIT_OK;
	}
	if (rs_pr_error(&pr))
		ret = RS_EXIT_FAIL;
	rs_explain_report_free(rp);
	return ret;
}

static int explain_input(struct rs_cli *cli, const struct rs_explainer *x, int argc, char **argv)
{
	struct rs_explain_limits lim = { RS_EXPLAIN_LINE_MAX, RS_EXPLAIN_INPUT_MAX };
	struct rs_explain_report *rp = rs_explain_report_new(WIDTH);
	const struct rs_explain_stats *st;
	struct rs_explain_run *r;
	int ret;

	r = rs_explain_run_new(x, &lim, NULL, NULL);
	ret = read_input(r, argc, argv);
	st = rs_explain_finish(r);
	if (cli->json) {
		if (json_out(rp, r, &lim, from_stdin(argc, argv) ? "stdin" : "argument") && !ret)
			ret = RS_EXIT_FAIL;
	} else {
		rs_explain_report_text(rp, r, &lim, put_stdout, NULL);
	}
	if (!ret && !st->recognised)
		ret = RS_EXIT_FAIL;
	rs_explain_run_free(r);
	rs_explain_report_free(rp);
	return ret;
}

static int explain_run(struct rs_cli *cli, int argc, char **argv)
{
	struct rs_explainer *x;
	char err[256];
	int ret;

	if (opt_list && argc) {
		rs_tprintf(stderr, _("rocescope: explain: --list takes no TEXT\n"));
		return RS_EXIT_USAGE;
	}
	if (rs_explainer_new(&x, err, sizeof(err))) {
		rs_tprintf(stderr, _("rocescope: explain: %s\n"), err);	/* a bug in the table */
		return RS_EXIT_FAIL;
	}
	ret = opt_list ? explain_list(cli, x) : explain_input(cli, x, argc, argv);
	rs_explainer_free(x);
	return ret;
}

enum { OPT_LIST = 1 };

static const struct rs_opt explain_opts[] = {
	{ "list", 0, NULL, N_("print every message explain knows: id, tree, step, class, meaning"),
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
	.help = N_("what a pasted log means: its causes ranked, the tree to run for each"),
	.flags = RS_CMD_JSON,
	.min_args = 0,
	.max_args = 256,
	.opts = explain_opts,
	.opt = explain_opt,
	.run = explain_run,
};
