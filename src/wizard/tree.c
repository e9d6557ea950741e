/* SPDX-License-Identifier: MIT */
/*
 * tree.c - loading and validating troubleshooting trees (tree.h).
 *
 * Two passes over the YAML nodes: the first collects the steps (ids,
 * checks, titles) so that targets can name steps further down; the second
 * resolves every target.  Then the graph is checked from the start: every
 * step reachable, no cycle (a depth-first walk that meets a step still on
 * its stack has found one).
 *
 * The titles are translated once loaded, for the reader (the catalogue
 * has the shipped trees' titles: tree_titles.c); a tree loaded in machine
 * mode (--json) keeps the English of its file.
 */
#include "wizard/tree.h"
#include "i18n.h"
#include "model/ydoc.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The shipped trees' text, generated from profiles/trees/ (trees_data.c). */
extern const char *const rs_tree_texts[];

const char *const rs_tree_names[] = {
	"connection-failure", "low-bandwidth", "large-message-crash", "first-time-setup", NULL,
};

static const char *const verdict_keys[RS_SKIP + 1] = { "pass", "warn", "fail", "skip" };

void rs_tree_free(struct rs_tree *t)
{
	free(t->nodes);
	t->nodes = NULL;
	t->n = 0;
}

int rs_tree_find(const struct rs_tree *t, const char *id)
{
	for (size_t i = 0; i < t->n; i++)
		if (!strcmp(t->nodes[i].id, id))
			return (int)i;
	return -1;
}

static int scalar(const struct rs_ydoc *d, const struct rs_ynode *v, const char *key,
		  char *dst, size_t size, char *err, size_t errlen)
{
	if (!v || v->kind != RS_Y_SCALAR)
		return rs_yerr(d, v, err, errlen, _("'%s' takes a single value"), key);
	if (!v->text[0] || strlen(v->text) >= size)
		return rs_yerr(d, v, err, errlen, _("'%s': from 1 to %zu characters"), key,
			       size - 1);
	rs_strlcpy(dst, v->text, size);
	return 0;
}

static int is_step_key(const char *k)
{
	static const char *const keys[] = {
		"id", "check", "title", "pass", "warn", "fail", "skip", "next", "latent",
	};

	for (size_t i = 0; i < RS_ARRAY_SIZE(keys); i++)
		if (!strcmp(k, keys[i]))
			return 1;
	return 0;
}

/* latent: true | false (absent: false). */
static int latent_flag(const struct rs_ydoc *d, const struct rs_ynode *v, int *out, char *err,
		       size_t errlen)
{
	char buf[8];
	int r;

	*out = 0;
	if (!v)
		return 0;
	if ((r = scalar(d, v, "latent", buf, sizeof(buf), err, errlen)))
		return r;
	if (strcmp(buf, "true") && strcmp(buf, "false"))
		return rs_yerr(d, v, err, errlen, _("'latent': true or false, not '%s'"), buf);
	*out = !strcmp(buf, "true");
	return 0;
}

/* First pass: id, check, title of one step. */
static int step_head(const struct rs_ydoc *d, struct rs_tree *t, const struct rs_ynode *m,
		     char *err, size_t errlen)
{
	struct rs_tree_node *n = &t->nodes[t->n];
	char check[RS_NAME_LEN];
	int r;

	if (m->kind != RS_Y_MAP)
		return rs_yerr(d, m, err, errlen, _("a step is a mapping (id, check, title, ...)"));
	for (size_t i = 0; i + 1 < m->n; i += 2)
		if (m->items[i]->kind != RS_Y_SCALAR || !is_step_key(m->items[i]->text))
			return rs_yerr(d, m->items[i], err, errlen, _("unknown key '%s' in a step "
				       "(id, check, title, pass, warn, fail, skip, next, latent)"),
				       m->items[i]->text ? m->items[i]->text : "?");
	n->line = m->line;
	if ((r = scalar(d, rs_ymap_get(m, "id"), "id", n->id, sizeof(n->id), err, errlen)) ||
	    (r = scalar(d, rs_ymap_get(m, "check"), "check", check, sizeof(check), err, errlen)) ||
	    (r = scalar(d, rs_ymap_get(m, "title"), "title", n->title, sizeof(n->title), err,
			errlen)))
		return r;
	if ((r = latent_flag(d, rs_ymap_get(m, "latent"), &n->latent, err, errlen)))
		return r;
	if (!strcmp(n->id, "end"))
		return rs_yerr(d, rs_ymap_get(m, "id"), err, errlen, _("'end' is not a step id: it "
			       "ends the tree"));
	if (rs_tree_find(t, n->id) >= 0)
		return rs_yerr(d, rs_ymap_get(m, "id"), err, errlen, _("step id '%s' used twice"),
			       n->id);
	n->check = rs_check_find(check);
	if (!n->check)
		return rs_yerr(d, rs_ymap_get(m, "check"), err, errlen, _("no check '%s' "
			       "(docs/checks.md lists them)"), check);
	t->n++;
	return 0;
}

/* A target: a step id or end. */
static int target(const struct rs_ydoc *d, const struct rs_tree *t, const struct rs_ynode *v,
		  const char *key, int *out, char *err, size_t errlen)
{
	char id[RS_NAME_LEN];
	int r = scalar(d, v, key, id, sizeof(id), err, errlen);

	if (r)
		return r;
	if (!strcmp(id, "end")) {
		*out = RS_TREE_END;
		return 0;
	}
	*out = rs_tree_find(t, id);
	if (*out < 0)
		return rs_yerr(d, v, err, errlen, _("'%s: %s': no step has that id"), key, id);
	return 0;
}

/* Second pass: where each verdict goes. */
static int step_links(const struct rs_ydoc *d, struct rs_tree *t, size_t idx,
		      const struct rs_ynode *m, char *err, size_t errlen)
{
	struct rs_tree_node *n = &t->nodes[idx];
	const struct rs_ynode *nx = rs_ymap_get(m, "next");
	int next = RS_TREE_END, r, have[RS_SKIP + 1] = { 0 };

	if (nx && (r = target(d, t, nx, "next", &next, err, errlen)))
		return r;
	for (int v = 0; v <= RS_SKIP; v++) {
		const struct rs_ynode *tv = rs_ymap_get(m, verdict_keys[v]);

		n->next[v] = next;
		if (tv) {
			if ((r = target(d, t, tv, verdict_keys[v], &n->next[v], err, errlen)))
				return r;
			have[v] = 1;
		}
	}
	if (!have[RS_SKIP] && have[RS_PASS])
		n->next[RS_SKIP] = n->next[RS_PASS];
	if (!have[RS_FAIL] && t->kind == RS_TREE_CHAIN)
		n->next[RS_FAIL] = RS_TREE_END;
	if (!nx && !have[RS_PASS])
		return rs_yerr(d, m, err, errlen, _("step '%s' says nowhere to go: give pass, warn "
			       "and fail, or next"), n->id);
	return 0;
}

/* Depth-first from i: 1 on the stack, 2 done.  -1 when a cycle is met. */
static int walk(const struct rs_tree *t, size_t i, unsigned char *state, size_t *cycle_at)
{
	state[i] = 1;
	for (int v = 0; v <= RS_SKIP; v++) {
		int j = t->nodes[i].next[v];

		if (j == RS_TREE_END || state[j] == 2)
			continue;
		if (state[j] == 1) {
			*cycle_at = i;
			return -1;
		}
		if (walk(t, (size_t)j, state, cycle_at) < 0)
			return -1;
	}
	state[i] = 2;
	return 0;
}

static int check_graph(const struct rs_ydoc *d, const struct rs_tree *t,
		       const struct rs_ynode *steps, char *err, size_t errlen)
{
	unsigned char *state = rs_xcalloc(t->n, 1);
	size_t cycle_at = 0;
	int r = 0;

	if (walk(t, 0, state, &cycle_at) < 0) {
		r = rs_yerr(d, steps->items[cycle_at], err, errlen, _("step '%s' leads back to "
			    "a step before it: a tree has no cycle"), t->nodes[cycle_at].id);
	} else {
		for (size_t i = 0; i < t->n && !r; i++)
			if (!state[i])
				r = rs_yerr(d, steps->items[i], err, errlen, _("step '%s' cannot "
					    "be reached from the first step"), t->nodes[i].id);
	}
	free(state);
	return r;
}

static int head(const struct rs_ydoc *d, struct rs_tree *t, const struct rs_ynode *root,
		char *err, size_t errlen)
{
	const struct rs_ynode *kind = rs_ymap_get(root, "kind"), *needs = rs_ymap_get(root, "needs");
	char buf[RS_NAME_LEN];
	int r;

	for (size_t i = 0; i + 1 < root->n; i += 2) {
		const char *k = root->items[i]->text ? root->items[i]->text : "";

		if (strcmp(k, "tree") && strcmp(k, "title") && strcmp(k, "kind") &&
		    strcmp(k, "needs") && strcmp(k, "steps"))
			return rs_yerr(d, root->items[i], err, errlen, _("unknown key '%s' (tree, "
				       "title, kind, needs, steps)"), k);
	}
	if ((r = scalar(d, rs_ymap_get(root, "tree"), "tree", t->name, sizeof(t->name), err,
			errlen)) ||
	    (r = scalar(d, rs_ymap_get(root, "title"), "title", t->title, sizeof(t->title), err,
			errlen)))
		return r;
	t->kind = RS_TREE_CHAIN;
	if (kind) {
		if ((r = scalar(d, kind, "kind", buf, sizeof(buf), err, errlen)))
			return r;
		if (strcmp(buf, "chain") && strcmp(buf, "checklist"))
			return rs_yerr(d, kind, err, errlen,
				       _("'kind': chain or checklist, not '%s'"), buf);
		t->kind = !strcmp(buf, "checklist") ? RS_TREE_CHECKLIST : RS_TREE_CHAIN;
	}
	if (needs) {
		if ((r = scalar(d, needs, "needs", buf, sizeof(buf), err, errlen)))
			return r;
		if (strcmp(buf, "peer"))
			return rs_yerr(d, needs, err, errlen, _("'needs': peer, not '%s'"), buf);
		t->needs_peer = 1;
	}
	return 0;
}

static int from_doc(struct rs_tree *t, const struct rs_ydoc *d, char *err, size_t errlen)
{
	const struct rs_ynode *root = d->root, *steps;
	int r;

	if (!root || root->kind != RS_Y_MAP)
		return rs_yerr(d, root, err, errlen, _("a tree is a mapping (tree, title, steps)"));
	if ((r = head(d, t, root, err, errlen)))
		return r;
	steps = rs_ymap_get(root, "steps");
	if (!steps || steps->kind != RS_Y_SEQ || !steps->n)
		return rs_yerr(d, steps ? steps : root, err, errlen, _("'steps': a list of at "
			       "least one step"));
	t->nodes = rs_xcalloc(steps->n, sizeof(*t->nodes));
	for (size_t i = 0; i < steps->n; i++)
		if ((r = step_head(d, t, steps->items[i], err, errlen)))
			return r;
	for (size_t i = 0; i < steps->n; i++)
		if ((r = step_links(d, t, i, steps->items[i], err, errlen)))
			return r;
	return check_graph(d, t, steps, err, errlen);
}

/* dst in the reader's language, when its translation fits. */
static void translate(char *dst, size_t size)
{
	const char *tr = _(dst);

	if (tr != dst && strlen(tr) < size)
		memmove(dst, tr, strlen(tr) + 1);
}

static void translate_titles(struct rs_tree *t)
{
	translate(t->title, sizeof(t->title));
	for (size_t i = 0; i < t->n; i++)
		translate(t->nodes[i].title, sizeof(t->nodes[i].title));
}

int rs_tree_parse(struct rs_tree *t, const char *buf, size_t len, const char *name,
		  char *err, size_t errlen)
{
	struct rs_ydoc d;
	int r;

	memset(t, 0, sizeof(*t));
	RS_STRCPY(t->file, name ? name : "<input>");
	r = rs_ydoc_parse(&d, buf, len, name, err, errlen);
	if (!r)
		r = from_doc(t, &d, err, errlen);
	rs_ydoc_free(&d);
	if (r)
		rs_tree_free(t);
	else
		translate_titles(t);
	return r;
}

int rs_tree_load(struct rs_tree *t, const char *name, char *err, size_t errlen)
{
	size_t len = strlen(name);
	struct rs_ydoc d;
	int r;

	if (strchr(name, '/') || (len > 5 && !strcmp(name + len - 5, ".yaml"))) {
		memset(t, 0, sizeof(*t));
		RS_STRCPY(t->file, name);
		r = rs_ydoc_load_file(&d, name, err, errlen);
		if (!r)
			r = from_doc(t, &d, err, errlen);
		rs_ydoc_free(&d);
		if (r)
			rs_tree_free(t);
		else
			translate_titles(t);
		return r;
	}
	for (size_t i = 0; rs_tree_names[i]; i++)
		if (!strcmp(rs_tree_names[i], name)) {
			char file[RS_TEXT_LEN];

			snprintf(file, sizeof(file), "profiles/trees/%s.yaml", name);
			return rs_tree_parse(t, rs_tree_texts[i], strlen(rs_tree_texts[i]), file,
					     err, errlen);
		}
	snprintf(err, errlen, _("no tree '%s' (connection-failure, low-bandwidth, "
				"large-message-crash, first-time-setup, or a FILE.yaml)"), name);
	return -ENOENT;
}
