/* SPDX-License-Identifier: MIT */
/*
 * run.h - walking a troubleshooting tree (tree.h) with the checks.
 *
 * The runner is pure, as the checks are: given a context it runs steps
 * until the tree ends or a step needs a probe result, or an embedded
 * test's outcome, that the context does not have; the caller (the session
 * on the event loop, or `check --tree`) runs that probe or test, puts its
 * result in the context and advances again.  Each step
 * keeps the finding that decided it, so a view shows what was run, what was
 * seen, what was expected and the remedy.
 *
 * A step is about one subject: the port asked for, or the port the route
 * to the peer leaves by (rs_route_port()), or the first ACTIVE Ethernet
 * port; the step's verdict is the worst of its check's findings about
 * that port, its device, its netdev, the host and the peer.
 *
 * A failed step whose check observes a symptom (rs_check_causes()) is
 * explained by the first of its causes that fails about the same subject:
 * the step keeps that check's id and finding beside its own.  A cause that
 * reads a probe not run yet makes the runner ask for it (RS_RUN_PROBE) and
 * run the step again once it is in.
 */
#ifndef RS_RUN_H
#define RS_RUN_H

#include "wizard/tree.h"

struct rs_step {
	int node;			/* index into tree->nodes */
	enum rs_verdict verdict;
	struct rs_finding finding;	/* the finding that decided */
	/* A failed symptom (ping, control port, rdma_cm, a test) whose cause
	 * another check names: its id (static) and finding; NULL when the
	 * step's own check is the cause. */
	const char *cause_check;
	struct rs_finding cause;
};

/* What to tell first about a step: its cause's finding, else its own. */
const struct rs_finding *rs_step_headline(const struct rs_step *st);

struct rs_subject {
	char dev[RS_NAME_LEN];		/* "" when there is no port */
	unsigned port;
	char netdev[RS_NAME_LEN];
	int on_route;			/* the route to the peer leaves through this port */
	char route_dev[RS_NAME_LEN];	/* else the non-RDMA interface it leaves by, "" none */
};

struct rs_run {
	const struct rs_tree *tree;
	struct rs_subject subject;
	struct rs_step *steps;		/* the steps run, in order */
	size_t n_steps;
	int cur;			/* the next step to run, RS_TREE_END when done */
	int cause;			/* index in steps of the first failure, -1 none */
	enum rs_test_kind need_test;	/* what rs_run_advance() returned RS_RUN_TEST for */
};

/* What rs_run_advance() returns. */
#define RS_RUN_DONE	0
#define RS_RUN_PROBE	1		/* run probe *need first */
#define RS_RUN_TEST	2		/* run the embedded test r->need_test first */

void rs_run_init(struct rs_run *r, const struct rs_tree *t);
void rs_run_free(struct rs_run *r);
/* Choose the subject: dev/port when given (dev non-NULL), else as above. */
void rs_run_subject(struct rs_run *r, const struct rs_snapshot *s, const char *dev,
		    unsigned port);
/* Run steps until the end (RS_RUN_DONE) or a step that needs probe *need
 * (RS_RUN_PROBE) or the embedded test r->need_test (RS_RUN_TEST) first. */
int rs_run_advance(struct rs_run *r, const struct rs_check_ctx *ctx, enum rs_probe_kind *need);
/* Forget step i and those after it; the next advance runs step i again. */
void rs_run_rewind(struct rs_run *r, size_t i);
/*
 * The step to tell first (index in steps, -1 none): the cause (the first
 * failure); in a checklist without one, its first warning on a latent
 * step (a fault waiting to happen, before the advice).
 */
int rs_run_first(const struct rs_run *r);
/* The worst verdict of the steps run (RS_PASS when all passed or skipped). */
enum rs_verdict rs_run_worst(const struct rs_run *r);
int rs_run_done(const struct rs_run *r);

#endif
