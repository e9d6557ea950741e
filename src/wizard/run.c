/* SPDX-License-Identifier: MIT */
/*
 * run.c - walking a tree (run.h): choose the subject, run each step's check
 * and keep the finding about the subject that decides the verdict.
 */
#include "wizard/run.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rs_run_init(struct rs_run *r, const struct rs_tree *t)
{
	memset(r, 0, sizeof(*r));
	r->tree = t;
	r->cur = t->n ? 0 : RS_TREE_END;
	r->cause = -1;
}

void rs_run_free(struct rs_run *r)
{
	free(r->steps);
	r->steps = NULL;
	r->n_steps = 0;
}

int rs_run_done(const struct rs_run *r)
{
	return r->cur == RS_TREE_END;
}

static void set_subject(struct rs_run *r, const struct rs_device *d, const struct rs_port *p)
{
	RS_STRCPY(r->subject.dev, d->name);
	r->subject.port = p->num;
	RS_STRCPY(r->subject.netdev, p->netdev);
}

void rs_run_subject(struct rs_run *r, const struct rs_snapshot *s, const char *dev,
		    unsigned port)
{
	const struct rs_device *d = NULL;
	const struct rs_port *p;

	memset(&r->subject, 0, sizeof(r->subject));
	if (dev) {
		for (size_t i = 0; i < s->n_devices; i++)
			for (size_t j = 0; j < s->devices[i].n_ports; j++)
				if (!strcmp(s->devices[i].name, dev) &&
				    (!port || s->devices[i].ports[j].num == port)) {
					set_subject(r, &s->devices[i], &s->devices[i].ports[j]);
					return;
				}
		return;
	}
	p = rs_route_port(s, &d);
	r->subject.on_route = p != NULL;
	if (!p && s->peer.peer[0] && s->peer.ok)
		RS_STRCPY(r->subject.route_dev, s->peer.dev);
	if (!p)
		p = rs_first_port(s, &d);
	if (p)
		set_subject(r, d, p);
}

/* Is the finding about the subject (or about everything)? */
static int about(const struct rs_run *r, const struct rs_finding *f)
{
	const struct rs_subject *s = &r->subject;

	switch (f->kind) {
	case RS_OBJ_DEVICE:
		return !s->dev[0] || !strcmp(f->device, s->dev);
	case RS_OBJ_PORT:
		return !s->dev[0] || (!strcmp(f->device, s->dev) && f->port == s->port);
	case RS_OBJ_NETDEV:
	case RS_OBJ_NEIGH:
		return !s->netdev[0] || !strcmp(f->netdev, s->netdev) ||
		       strstr(f->object, s->netdev) != NULL;
	default:
		return 1;
	}
}

/* fail > warn > pass > skip: the finding a step is decided by. */
static int weight(enum rs_verdict v)
{
	return v == RS_FAIL ? 3 : v == RS_WARN ? 2 : v == RS_PASS ? 1 : 0;
}

/* The finding of check c about the subject that decides (worst first). */
static int decide(const struct rs_run *r, const struct rs_check_ctx *ctx,
		  const struct rs_check *c, struct rs_finding *out)
{
	const struct rs_finding *best = NULL;
	struct rs_findings fs;

	rs_findings_init(&fs);
	rs_check_run(ctx, c->id, &fs);
	for (size_t i = 0; i < fs.count; i++)
		if (about(r, &fs.items[i]) &&
		    (!best || weight(fs.items[i].verdict) > weight(best->verdict)))
			best = &fs.items[i];
	if (best)
		*out = *best;
	rs_findings_free(&fs);
	return best != NULL;
}

static void run_step(struct rs_run *r, const struct rs_check_ctx *ctx, int node)
{
	const struct rs_tree_node *n = &r->tree->nodes[node];
	struct rs_step *st = RS_APPEND(r->steps, r->n_steps);

	st->node = node;
	if (decide(r, ctx, n->check, &st->finding)) {
		st->verdict = st->finding.verdict;
	} else {
		st->verdict = RS_SKIP;
		st->finding.id = n->check->id;
		st->finding.verdict = RS_SKIP;
		/* TRANSLATORS: a step whose check said nothing about the port
		 * walked: %s is the RDMA device, %u its port number. */
		if (r->subject.dev[0])
			RS_FSUMMARY(&st->finding, "nothing about %s port %u to judge",
				    r->subject.dev, r->subject.port);
		else
			RS_FSUMMARY(&st->finding, "nothing about this host to judge");
	}
}

/* Can the caller run probe k for this walk (and has it not yet)? */
static int probe_wanted(const struct rs_check_ctx *ctx, int k)
{
	return k >= 0 && !ctx->recorded && ctx->params && ctx->params->peer &&
	       (!ctx->probes || !ctx->probes->of[k]);
}

/*
 * A failed symptom: the first of its causes whose check fails about the
 * subject names the cause.  A cause that reads a probe not run yet needs
 * it first (RS_RUN_PROBE); an embedded test is never run for a cause.
 */
static int explain(const struct rs_run *r, const struct rs_check_ctx *ctx, struct rs_step *st,
		   enum rs_probe_kind *need)
{
	const char *const *ids = rs_check_causes(r->tree->nodes[st->node].check);

	for (size_t i = 0; ids && ids[i]; i++) {
		const struct rs_check *c = rs_check_find(ids[i]);
		struct rs_finding f;

		if (!c || rs_check_test(c) >= 0)
			continue;
		if (probe_wanted(ctx, rs_check_probe(c))) {
			*need = (enum rs_probe_kind)rs_check_probe(c);
			return RS_RUN_PROBE;
		}
		if (decide(r, ctx, c, &f) && f.verdict == RS_FAIL) {
			st->cause_check = c->id;
			st->cause = f;
			break;
		}
	}
	return RS_RUN_DONE;
}

int rs_run_advance(struct rs_run *r, const struct rs_check_ctx *ctx, enum rs_probe_kind *need)
{
	/* A cycle is refused at load; the bound only guards a tree built by hand. */
	for (size_t guard = 0; r->cur != RS_TREE_END && guard <= r->tree->n; guard++) {
		const struct rs_tree_node *n = &r->tree->nodes[r->cur];
		int k = rs_check_probe(n->check), t = rs_check_test(n->check);
		int peer = ctx->params && ctx->params->peer;
		struct rs_step *st;

		if (probe_wanted(ctx, k)) {
			*need = (enum rs_probe_kind)k;
			return RS_RUN_PROBE;
		}
		/* The demo can run a test too: it replays a recorded one. */
		if (t >= 0 && peer && ctx->tests && ctx->tests->can_run && !ctx->tests->of[t]) {
			r->need_test = (enum rs_test_kind)t;
			return RS_RUN_TEST;
		}
		run_step(r, ctx, r->cur);
		st = &r->steps[r->n_steps - 1];
		if (st->verdict == RS_FAIL && explain(r, ctx, st, need) == RS_RUN_PROBE) {
			/* Run again once the cause's probe is in: the same verdict. */
			r->n_steps--;
			return RS_RUN_PROBE;
		}
		if (st->verdict == RS_FAIL && r->cause < 0)
			r->cause = (int)(r->n_steps - 1);
		r->cur = n->next[st->verdict];
	}
	r->cur = RS_TREE_END;
	return RS_RUN_DONE;
}

void rs_run_rewind(struct rs_run *r, size_t i)
{
	if (i >= r->n_steps)
		return;
	r->cur = r->steps[i].node;
	r->n_steps = i;
	if (r->cause >= (int)i)
		r->cause = -1;
}

enum rs_verdict rs_run_worst(const struct rs_run *r)
{
	enum rs_verdict worst = RS_PASS;

	for (size_t i = 0; i < r->n_steps; i++)
		if (weight(r->steps[i].verdict) > weight(worst))
			worst = r->steps[i].verdict;
	return worst;
}

const struct rs_finding *rs_step_headline(const struct rs_step *st)
{
	return st->cause_check ? &st->cause : &st->finding;
}

int rs_run_first(const struct rs_run *r)
{
	if (r->cause >= 0 || r->tree->kind != RS_TREE_CHECKLIST)
		return r->cause;
	for (size_t i = 0; i < r->n_steps; i++)
		if (r->steps[i].verdict == RS_WARN && r->tree->nodes[r->steps[i].node].latent)
			return (int)i;
	return -1;
}
