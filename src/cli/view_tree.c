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
#include "i18n.h"
#include "session/perf_job.h"
#include "session/probes.h"
#include "wizard/run.h"

#include <stdio.h>
#include <string.h>

/* seen/expected/remedy of a finding, under a step (text). */
/* TRANSLATORS: the labels end at column 20, where the text starts. */
static const char *const advice[] = { N_("          seen:     %s\n"),
				      N_("          expected: %s\n"),
				      N_("          remedy:   %s\n") };

/* A finding's members (object, summary, its advice); text: the summary
 * with summary_fmt, the advice lines when advise. */
static void print_finding(struct rs_pr *p, const struct rs_finding *f, const char *summary_fmt,
			  int advise)
{
	const char *adv[] = { _(advice[0]), _(advice[1]), _(advice[2]) };

	rs_pr_str_or_null(p, "object", NULL, f->object);
	rs_pr_str(p, "summary", summary_fmt, f->summary);
	rs_view_print_advice(p, f, advise ? adv : NULL);
}

/*
 * A step.  Text: its line, then the summary and (warn, fail) the advice;
 * when another check names the cause, the cause and its advice first, the
 * symptom after.  JSON: the step's finding, then "cause_check" and "cause".
 */
static void print_step(struct rs_pr *p, const struct rs_run *r, size_t i)
{
	const struct rs_step *st = &r->steps[i];
	const struct rs_tree_node *n = &r->tree->nodes[st->node];
	const struct rs_finding *f = &st->finding;
	int more = st->verdict != RS_PASS && st->verdict != RS_SKIP;

	rs_pr_obj_open(p, NULL);
	rs_pr_text(p, "%3zu %-4s  ", i + 1, rs_verdict_mark(st->verdict));
	rs_pr_str(p, "id", "%-14s ", n->id);
	rs_pr_str(p, "check", NULL, n->check->id);
	rs_pr_str(p, "title", NULL, n->title);
	rs_pr_text(p, "%s\n", _(n->title));
	rs_pr_str(p, "verdict", NULL, rs_verdict_name(st->verdict));
	if (!st->cause_check) {
		print_finding(p, f, "          %s\n", more);
		rs_pr_null(p, "cause_check", NULL, NULL);
		rs_pr_null(p, "cause", NULL, NULL);
		rs_pr_obj_close(p);
		return;
	}
	print_finding(p, f, NULL, 0);	/* text: the symptom, below the cause */
	rs_pr_str(p, "cause_check", _("          cause (%s): "), st->cause_check);
	rs_pr_obj_open(p, "cause");
	rs_pr_str(p, "check", NULL, st->cause_check);
	print_finding(p, &st->cause, "%s\n", 1);
	rs_pr_obj_close(p);
	rs_pr_obj_close(p);
	rs_pr_text(p, _("          symptom (%s): %s\n"), f->id, f->summary);
	rs_pr_str_or(p, NULL, _(advice[0]), f->evidence, NULL);
}

/*
 * The first step to act on: text "cause: step 2 (ping) - net.peer_neigh:
 * ...", the remedy, the symptom (label: "cause", or a checklist's "first
 * to do"); JSON the outcome's members, null when no step needs anything.
 */
static void print_first(struct rs_pr *p, const struct rs_run *r, int i, const char *label)
{
	const struct rs_step *c = i >= 0 ? &r->steps[i] : NULL;
	const struct rs_finding *head = c ? rs_step_headline(c) : NULL;
	static const char *const keys[] = { "step", "check", "cause_check", "cause", "remedy",
					    "symptom" };

	if (!c) {
		for (size_t k = 0; k < RS_ARRAY_SIZE(keys); k++)
			rs_pr_null(p, keys[k], NULL, NULL);
		return;
	}
	rs_pr_text(p, _("%s: step %d ("), label, i + 1);
	rs_pr_str(p, "step", "%s)", r->tree->nodes[c->node].id);
	rs_pr_str(p, "check", NULL, c->finding.id);
	rs_pr_str_or(p, "cause_check", " - %s", c->cause_check ? c->cause_check : "", NULL);
	rs_pr_str(p, "cause", ": %s\n", head->summary);
	rs_pr_str_or(p, "remedy", _("remedy: %s\n"), head->remedy, NULL);
	if (c->cause_check)
		rs_pr_text(p, _("symptom: %s: "), c->finding.id);
	rs_pr_str_or(p, "symptom", "%s\n", c->cause_check ? c->finding.summary : "", NULL);
}

static void print_outcome(struct rs_pr *p, const struct rs_run *r)
{
	size_t count[RS_SKIP + 1] = { 0 };
	int first = rs_run_first(r), checklist = r->tree->kind == RS_TREE_CHECKLIST;

	for (size_t i = 0; i < r->n_steps; i++)
		count[r->steps[i].verdict]++;
	rs_pr_text(p, "\n");
	if (checklist)
		rs_pr_text(p, _("checklist: %zu of %zu done, %zu to do, %zu worth a look, "
			   "%zu unknown\n"), count[RS_PASS], r->n_steps, count[RS_FAIL],
			   count[RS_WARN], count[RS_SKIP]);
	rs_pr_obj_open(p, "outcome");
	rs_pr_str(p, "verdict", NULL, rs_verdict_name(rs_run_worst(r)));
	print_first(p, r, first, !checklist ? _("cause") : r->cause >= 0 ? _("first to do") :
		    _("first to look at"));
	rs_pr_obj_close(p);
	if (!checklist && first < 0)
		rs_pr_text(p, _("no step failed (%zu passed, %zu warned, %zu could not tell)\n"),
			   count[RS_PASS], count[RS_WARN], count[RS_SKIP]);
}

/* A step's embedded test, in a child (or the demo's replay), to its end. */
static void run_test(struct rs_view *v, const struct rs_run *r)
{
	char err[RS_MSG_LEN];
	const char *dev = r->subject.dev[0] ? r->subject.dev : NULL;

	if (!v->j && rs_session_is_demo(&v->sess))
		rs_tprintf(stderr, _("rocescope: running the %s test towards %s (the demo replays "
				     "a lab run)...\n"), rs_test_kind_name(r->need_test), v->sess.peer);
	else if (!v->j)
		rs_tprintf(stderr, _("rocescope: running the %s test towards %s...\n"),
			   rs_test_kind_name(r->need_test), v->sess.peer);
	if (rs_session_test_step_wait(&v->sess, r->need_test, dev, r->subject.port, err,
				      sizeof(err)) && !v->j)
		rs_tprintf(stderr, _("rocescope: %s\n"), err);
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
			rs_tprintf(stderr, _("rocescope: running the %s probe towards %s...\n"),
				   rs_probe_kind_name(need), v->sess.peer);
		rs_session_probe_wait(&v->sess, need);
	}
}

static void print_run(struct rs_view *v, const struct rs_run *r)
{
	const struct rs_subject *sub = &r->subject;
	struct rs_pr *p = &v->pr;

	rs_pr_str(p, "tree", "%s: ", r->tree->name);
	rs_pr_str(p, "title", NULL, r->tree->title);
	rs_pr_text(p, "%s (", _(r->tree->title));
	rs_pr_str(p, "kind", NULL, r->tree->kind == RS_TREE_CHECKLIST ? "checklist" : "chain");
	rs_pr_str_or_null(p, "peer", NULL, v->sess.peer);
	rs_pr_obj_open(p, "subject");
	rs_pr_str_or(p, "device", "%s", sub->dev, "no RDMA port");
	rs_pr_int_known(p, "port", NULL, (int)sub->port, sub->port > 0);
	if (sub->dev[0])
		rs_pr_text(p, _(" port %u"), sub->port);
	rs_pr_str_or(p, "netdev", ", %s", sub->netdev, NULL);
	rs_pr_obj_close(p);
	rs_pr_str_or(p, NULL, _("; peer %s"), v->sess.peer, NULL);
	rs_pr_text(p, ")\n");
	rs_pr_arr_open(p, "steps");
	for (size_t i = 0; i < r->n_steps; i++)
		print_step(p, r, i);
	rs_pr_arr_close(p);
	print_outcome(p, r);
}

/* The tree name, when it can run here: 0, or -1 after saying why. */
static int load(struct rs_view *v, const char *name, struct rs_tree *tree)
{
	char err[512];

	if (rs_tree_load(tree, name, err, sizeof(err))) {
		rs_tprintf(stderr, _("rocescope: %s\n"), err);
		return -1;
	}
	if (tree->needs_peer && !v->sess.peer[0]) {
		rs_tprintf(stderr, _("rocescope: the tree %s needs the peer's address: --peer IP\n"),
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
		rs_tprintf(stderr, _("rocescope: no RDMA device %s%s\n"), dev,
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
