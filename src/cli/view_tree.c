/* SPDX-License-Identifier: MIT */
/*
 * view_tree.c - `rocescope check --tree NAME`: walk one troubleshooting
 * tree (src/wizard/) on the host and print every step run - what it asked,
 * what was seen, what was expected - and the outcome: the first failing
 * step, its cause and its remedy (a chain), or the list of what is left to
 * do (a checklist).  Probes run in a child each, one after the other.
 *
 * Exit: 0 every step passed (or said it could not tell), 3 warnings only,
 * 1 a step failed, 4 the tree could not run (unknown or broken tree, no
 * peer for a tree that needs one, the host could not be read).
 *
 * A step whose check reads an embedded test (perf.pingpong, perf.bandwidth)
 * runs a short `rocescope lat|bw PEER --json-lines` in a child through the
 * session's test job (lat -n 100, bw -D 2, bounded); on the demo it is a
 * replay of a run recorded in the lab, said so in the step's evidence.
 */
#include "cli/view.h"
#include "session/perf_job.h"
#include "session/probes.h"
#include "wizard/run.h"

#include <stdio.h>
#include <string.h>

static const char *const upper[] = { "PASS", "WARN", "FAIL", "SKIP" };

/* seen/expected/remedy of a finding, under a step. */
static void text_detail(const struct rs_finding *f)
{
	if (f->evidence[0])
		rs_tprintf(stdout, "          seen:     %s\n", f->evidence);
	if (f->expected[0])
		rs_tprintf(stdout, "          expected: %s\n", f->expected);
	if (f->remedy[0])
		rs_tprintf(stdout, "          remedy:   %s\n", f->remedy);
}

/* A step: the cause first when another check names it, the symptom after. */
static void text_step(const struct rs_run *r, size_t i)
{
	const struct rs_step *st = &r->steps[i];
	const struct rs_tree_node *n = &r->tree->nodes[st->node];
	const struct rs_finding *f = &st->finding;

	rs_tprintf(stdout, "%3zu %-4s  %-14s %s\n", i + 1, upper[st->verdict], n->id, n->title);
	if (st->cause_check) {
		rs_tprintf(stdout, "          cause (%s): %s\n", st->cause_check, st->cause.summary);
		text_detail(&st->cause);
		rs_tprintf(stdout, "          symptom (%s): %s\n", f->id, f->summary);
		if (f->evidence[0])
			rs_tprintf(stdout, "          seen:     %s\n", f->evidence);
		return;
	}
	rs_tprintf(stdout, "          %s\n", f->summary);
	if (st->verdict == RS_PASS || st->verdict == RS_SKIP)
		return;
	text_detail(f);
}

static void json_finding(struct rs_json *j, const struct rs_finding *f)
{
	rs_json_kv_str_or_null(j, "object", f->object);
	rs_json_kv_str(j, "summary", f->summary);
	rs_json_kv_str_or_null(j, "evidence", f->evidence);
	rs_json_kv_str_or_null(j, "expected", f->expected);
	rs_json_kv_str_or_null(j, "remedy", f->remedy);
}

static void json_step(struct rs_json *j, const struct rs_run *r, size_t i)
{
	const struct rs_step *st = &r->steps[i];
	const struct rs_tree_node *n = &r->tree->nodes[st->node];

	rs_json_obj_begin(j);
	rs_json_kv_str(j, "id", n->id);
	rs_json_kv_str(j, "check", n->check->id);
	rs_json_kv_str(j, "title", n->title);
	rs_json_kv_str(j, "verdict", rs_verdict_name(st->verdict));
	json_finding(j, &st->finding);
	rs_json_kv_str_or_null(j, "cause_check", st->cause_check ? st->cause_check : "");
	rs_json_key(j, "cause");
	if (st->cause_check) {
		rs_json_obj_begin(j);
		rs_json_kv_str(j, "check", st->cause_check);
		json_finding(j, &st->cause);
		rs_json_obj_end(j);
	} else {
		rs_json_null(j);
	}
	rs_json_obj_end(j);
}

static void json_outcome(struct rs_json *j, const struct rs_run *r)
{
	int first = rs_run_first(r);
	const struct rs_step *st = first >= 0 ? &r->steps[first] : NULL;
	const struct rs_finding *head = st ? rs_step_headline(st) : NULL;

	rs_json_key(j, "outcome");
	rs_json_obj_begin(j);
	rs_json_kv_str(j, "verdict", rs_verdict_name(rs_run_worst(r)));
	if (st) {
		rs_json_kv_str(j, "step", r->tree->nodes[st->node].id);
		rs_json_kv_str(j, "check", st->finding.id);
		rs_json_kv_str_or_null(j, "cause_check", st->cause_check ? st->cause_check : "");
		rs_json_kv_str(j, "cause", head->summary);
		rs_json_kv_str_or_null(j, "remedy", head->remedy);
		rs_json_kv_str_or_null(j, "symptom", st->cause_check ? st->finding.summary : "");
	} else {
		rs_json_kv_null(j, "step");
		rs_json_kv_null(j, "check");
		rs_json_kv_null(j, "cause_check");
		rs_json_kv_null(j, "cause");
		rs_json_kv_null(j, "remedy");
		rs_json_kv_null(j, "symptom");
	}
	rs_json_obj_end(j);
}

/* "cause: step 2 (ping) - net.peer_neigh: ...", the remedy, the symptom. */
static void text_first(const struct rs_run *r, int i, const char *label)
{
	const struct rs_step *c = &r->steps[i];
	const struct rs_finding *head = rs_step_headline(c);

	if (c->cause_check)
		rs_tprintf(stdout, "%s: step %d (%s) - %s: %s\n", label, i + 1,
			   r->tree->nodes[c->node].id, c->cause_check, head->summary);
	else
		rs_tprintf(stdout, "%s: step %d (%s): %s\n", label, i + 1,
			   r->tree->nodes[c->node].id, head->summary);
	if (head->remedy[0])
		rs_tprintf(stdout, "remedy: %s\n", head->remedy);
	if (c->cause_check)
		rs_tprintf(stdout, "symptom: %s: %s\n", c->finding.id, c->finding.summary);
}

static void text_outcome(const struct rs_run *r)
{
	size_t count[RS_SKIP + 1] = { 0 };
	int first = rs_run_first(r);

	for (size_t i = 0; i < r->n_steps; i++)
		count[r->steps[i].verdict]++;
	rs_tprintf(stdout, "\n");
	if (r->tree->kind == RS_TREE_CHECKLIST) {
		rs_tprintf(stdout,
			   "checklist: %zu of %zu done, %zu to do, %zu worth a look, %zu unknown\n",
			   count[RS_PASS], r->n_steps, count[RS_FAIL], count[RS_WARN], count[RS_SKIP]);
		if (first >= 0)
			text_first(r, first, r->cause >= 0 ? "first to do" : "first to look at");
		return;
	}
	if (first >= 0) {
		text_first(r, first, "cause");
		return;
	}
	rs_tprintf(stdout, "no step failed (%zu passed, %zu warned, %zu could not tell)\n",
		   count[RS_PASS],
		   count[RS_WARN], count[RS_SKIP]);
}

/* A step's embedded test, in a child (or the demo's replay), to its end. */
static void run_test(struct rs_view *v, const struct rs_run *r)
{
	char err[RS_MSG_LEN];
	const char *dev = r->subject.dev[0] ? r->subject.dev : NULL;

	if (!v->j)
		rs_tprintf(stderr, "rocescope: running the %s test towards %s%s...\n",
			rs_test_kind_name(r->need_test), v->sess.peer,
			rs_session_is_demo(&v->sess) ? " (the demo replays a lab run)" : "");
	if (rs_session_test_step_wait(&v->sess, r->need_test, dev, r->subject.port, err,
				      sizeof(err)) && !v->j)
		rs_tprintf(stderr, "rocescope: %s\n", err);
}

/* Run the tree to its end, running each probe and test a step needs. */
static void walk(struct rs_view *v, struct rs_run *r)
{
	struct rs_check_ctx ctx;
	enum rs_probe_kind need;
	int what;

	for (;;) {
		rs_session_ctx(&v->sess, &ctx);
		what = rs_run_advance(r, &ctx, &need);
		if (what == RS_RUN_DONE)
			break;
		if (what == RS_RUN_TEST) {
			run_test(v, r);
			continue;
		}
		if (!v->j)
			rs_tprintf(stderr, "rocescope: running the %s probe towards %s...\n",
				   rs_probe_kind_name(need), v->sess.peer);
		rs_session_probe_wait(&v->sess, need);
	}
}

static void print_run(struct rs_view *v, const struct rs_run *r)
{
	const struct rs_subject *sub = &r->subject;

	if (v->j) {
		rs_json_kv_str(v->j, "tree", r->tree->name);
		rs_json_kv_str(v->j, "title", r->tree->title);
		rs_json_kv_str(v->j, "kind", r->tree->kind == RS_TREE_CHECKLIST ? "checklist" :
			       "chain");
		rs_json_kv_str_or_null(v->j, "peer", v->sess.peer);
		rs_json_key(v->j, "subject");
		rs_json_obj_begin(v->j);
		rs_json_kv_str_or_null(v->j, "device", sub->dev);
		rs_json_kv_int_or_null(v->j, "port", sub->port, sub->port > 0);
		rs_json_kv_str_or_null(v->j, "netdev", sub->netdev);
		rs_json_obj_end(v->j);
		rs_json_key(v->j, "steps");
		rs_json_arr_begin(v->j);
		for (size_t i = 0; i < r->n_steps; i++)
			json_step(v->j, r, i);
		rs_json_arr_end(v->j);
		json_outcome(v->j, r);
		return;
	}
	rs_tprintf(stdout, "%s: %s (", r->tree->name, r->tree->title);
	if (sub->dev[0])
		rs_tprintf(stdout, "%s port %u", sub->dev, sub->port);
	else
		rs_tprintf(stdout, "no RDMA port");
	rs_tprintf(stdout, "%s%s%s%s)\n", sub->netdev[0] ? ", " : "", sub->netdev,
	       v->sess.peer[0] ? "; peer " : "", v->sess.peer);
	for (size_t i = 0; i < r->n_steps; i++)
		text_step(r, i);
	text_outcome(r);
}

/* The tree name, when it can run here: 0, or -1 after saying why. */
static int load(struct rs_view *v, const char *name, struct rs_tree *tree)
{
	char err[512];

	if (rs_tree_load(tree, name, err, sizeof(err))) {
		rs_tprintf(stderr, "rocescope: %s\n", err);
		return -1;
	}
	if (tree->needs_peer && !v->sess.peer[0]) {
		rs_tprintf(stderr, "rocescope: the tree %s needs the peer's address: --peer IP\n",
			   tree->name);
		rs_tree_free(tree);
		return -1;
	}
	return 0;
}

int rs_view_tree(struct rs_view *v, const char *name, const char *dev, unsigned port)
{
	struct rs_tree tree;
	struct rs_run run;
	enum rs_verdict worst;

	if (load(v, name, &tree))
		return RS_EXIT_NOT_RUN;
	rs_run_init(&run, &tree);
	rs_run_subject(&run, &v->sess.snap, dev, port);
	if (dev && !run.subject.dev[0]) {
		rs_tprintf(stderr, "rocescope: no RDMA device %s%s\n", dev,
			   port ? " with that port" :
			   "");
		rs_tree_free(&tree);
		return RS_EXIT_NOT_RUN;
	}
	walk(v, &run);
	print_run(v, &run);
	worst = rs_run_worst(&run);
	rs_run_free(&run);
	rs_tree_free(&tree);
	return worst == RS_FAIL ? RS_EXIT_FAIL : worst == RS_WARN ? RS_EXIT_WARN : RS_EXIT_OK;
}

int rs_view_tree_causes(struct rs_view *v, const char *name, const char **ids,
			char (*objects)[RS_TEXT_LEN], size_t max, size_t *n)
{
	struct rs_tree tree;
	struct rs_run run;

	*n = 0;
	if (load(v, name, &tree))
		return RS_EXIT_NOT_RUN;
	rs_run_init(&run, &tree);
	rs_run_subject(&run, &v->sess.snap, NULL, 0);
	walk(v, &run);
	for (size_t i = 0; i < run.n_steps && *n < max; i++) {
		const struct rs_step *st = &run.steps[i];

		/* A chain's answer is its cause; a checklist's, every step not done. */
		if ((tree.kind == RS_TREE_CHAIN && (int)i == run.cause) ||
		    (tree.kind == RS_TREE_CHECKLIST && rs_finding_is_problem(&st->finding))) {
			rs_strlcpy(objects[*n], st->finding.object, RS_TEXT_LEN);
			ids[(*n)++] = st->finding.id;
		}
	}
	rs_run_free(&run);
	rs_tree_free(&tree);
	return RS_EXIT_OK;
}
