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
	const struct rs_device *fd = NULL;
	const struct rs_port *fp = NULL;

	memset(&r->subject, 0, sizeof(r->subject));
	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++) {
			const struct rs_device *d = &s->devices[i];
			const struct rs_port *p = &d->ports[j];

			if (dev) {
				if (!strcmp(d->name, dev) && (!port || p->num == port)) {
					set_subject(r, d, p);
					return;
				}
				continue;
			}
			if (s->peer.ok && p->netdev[0] && !strcmp(p->netdev, s->peer.dev)) {
				set_subject(r, d, p);
				return;
			}
			if (!fp || (fp->state != RS_PORT_ACTIVE && p->state == RS_PORT_ACTIVE &&
				    !strcmp(p->link_layer, "Ethernet"))) {
				fd = d;
				fp = p;
			}
		}
	if (fp && !dev)
		set_subject(r, fd, fp);
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

static void run_step(struct rs_run *r, const struct rs_check_ctx *ctx, int node)
{
	const struct rs_tree_node *n = &r->tree->nodes[node];
	const struct rs_finding *best = NULL;
	struct rs_findings fs;
	struct rs_step *st;

	rs_findings_init(&fs);
	rs_check_run(ctx, n->check->id, &fs);
	for (size_t i = 0; i < fs.count; i++)
		if (about(r, &fs.items[i]) &&
		    (!best || weight(fs.items[i].verdict) > weight(best->verdict)))
			best = &fs.items[i];
	st = RS_APPEND(r->steps, r->n_steps);
	st->node = node;
	if (best) {
		st->finding = *best;
		st->verdict = best->verdict;
	} else {
		st->verdict = RS_SKIP;
		st->finding.id = n->check->id;
		st->finding.verdict = RS_SKIP;
		if (r->subject.dev[0])
			RS_FSET(st->finding.summary, "nothing about %s port %u to judge",
				r->subject.dev, r->subject.port);
		else
			RS_FSET(st->finding.summary, "nothing about this host to judge");
	}
	rs_findings_free(&fs);
	if (st->verdict == RS_FAIL && r->cause < 0)
		r->cause = (int)(r->n_steps - 1);
	r->cur = n->next[st->verdict];
}

int rs_run_advance(struct rs_run *r, const struct rs_check_ctx *ctx, enum rs_probe_kind *need)
{
	/* A cycle is refused at load; the bound only guards a tree built by hand. */
	for (size_t guard = 0; r->cur != RS_TREE_END && guard <= r->tree->n; guard++) {
		const struct rs_check *c = r->tree->nodes[r->cur].check;
		int k = rs_check_probe(c), t = rs_check_test(c);
		int peer = ctx->params && ctx->params->peer;

		if (k >= 0 && !ctx->recorded && peer && (!ctx->probes || !ctx->probes->of[k])) {
			*need = (enum rs_probe_kind)k;
			return RS_RUN_PROBE;
		}
		/* The demo can run a test too: it replays a recorded one. */
		if (t >= 0 && peer && ctx->tests && ctx->tests->can_run && !ctx->tests->of[t]) {
			r->need_test = (enum rs_test_kind)t;
			return RS_RUN_TEST;
		}
		run_step(r, ctx, r->cur);
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
