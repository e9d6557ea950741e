/* SPDX-License-Identifier: MIT */
/*
 * counter_tables.c - reading the driver tables of counter_tables.h and
 * looking names up in them.
 *
 * The YAML texts are compiled in (counter_tables_data.c, generated from
 * profiles/counters/ by src/model/local.mk) and parsed once, on the first
 * lookup, into classes that live as long as the program: a lookup is then
 * a walk over one driver's few hundred names, done once per counter when
 * the series first sees it.  A file that does not parse is a fault of the
 * build (tests/test_counter_tables checks every one); the program then
 * goes on with the tables read so far and rs_ctr_tables_error() says why.
 */
#include "model/counter_tables.h"
#include "model/ydoc.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Generated: the files' text and names, in the order of the lookup. */
extern const char *const rs_ctr_table_texts[];
extern const char *const rs_ctr_table_files[];

#define MAX_TABLES 16

static struct {
	int loaded;
	struct rs_ctr_table tables[MAX_TABLES];
	size_t n;
	struct rs_ctr_table pma;
	char error[512];
} db;

static const struct rs_counter_class other_port = {
	.name = "", .origin = RS_CO_PORT, .group = RS_CG_OTHER, .flags = 0, .note = "",
	.meaning = RS_M_OTHER,
};
static const struct rs_counter_class other_hw = {
	.name = "", .origin = RS_CO_HW, .group = RS_CG_OTHER, .flags = 0, .note = "",
	.meaning = RS_M_OTHER,
};

/* counters/ of a driver that answers PMA MADs with no data (qedr): zeros. */
static const struct rs_counter_class pma_empty = {
	.name = "", .origin = RS_CO_PORT, .group = RS_CG_OTHER, .flags = 0,
	.note = "no data: the driver answers PMA queries empty", .meaning = RS_M_OTHER,
};

static const char *const group_keys[RS_CG_COUNT] = {
	[RS_CG_TRAFFIC] = "traffic", [RS_CG_ROCE_ERR] = "roce_err",
	[RS_CG_QP_FATAL] = "qp_fatal", [RS_CG_LINK] = "link",
	[RS_CG_CONGESTION] = "congestion", [RS_CG_PAUSE] = "pause",
	[RS_CG_DROPS] = "drops", [RS_CG_PCIE] = "pcie",
	[RS_CG_RESOURCE] = "resource", [RS_CG_OTHER] = "other",
};

/* A parse in progress: the document, where errors go, the table built. */
struct rd {
	const struct rs_ydoc *doc;
	char *err;
	size_t errlen;
	struct rs_ctr_table *t;
};

/* p, owned by the table from now on (rs_ctr_table_free() frees it). */
static void *keep(struct rd *r, void *p)
{
	*RS_APPEND(r->t->owned, r->t->n_owned) = p;
	return p;
}

static int str_of(struct rd *r, const struct rs_ynode *v, const char *key, const char **out)
{
	if (!v || v->kind != RS_Y_SCALAR)
		return rs_yerr(r->doc, v, r->err, r->errlen, "'%s' takes one text", key);
	*out = keep(r, rs_xstrdup(v->text));
	return 0;
}

static int bool_of(struct rd *r, const struct rs_ynode *v, const char *key, int *out)
{
	if (!v || v->kind != RS_Y_SCALAR || (strcmp(v->text, "true") && strcmp(v->text, "false")))
		return rs_yerr(r->doc, v, r->err, r->errlen, "'%s' is true or false", key);
	*out = !strcmp(v->text, "true");
	return 0;
}

/* A text or a list of texts, as an array the table keeps. */
static int list_of(struct rd *r, const struct rs_ynode *v, const char *key, const char ***out,
		   size_t *n)
{
	*out = NULL;
	*n = 0;
	if (v && v->kind == RS_Y_SCALAR) {
		*out = keep(r, rs_xcalloc(1, sizeof(**out)));
		(*out)[(*n)++] = keep(r, rs_xstrdup(v->text));
		return 0;
	}
	if (!v || v->kind != RS_Y_SEQ || !v->n)
		return rs_yerr(r->doc, v, r->err, r->errlen, "'%s' takes a text or a list", key);
	*out = keep(r, rs_xcalloc(v->n, sizeof(**out)));
	for (size_t i = 0; i < v->n; i++) {
		if (v->items[i]->kind != RS_Y_SCALAR || !v->items[i]->text[0])
			return rs_yerr(r->doc, v->items[i], r->err, r->errlen,
				       "'%s': every item is a text", key);
		(*out)[(*n)++] = keep(r, rs_xstrdup(v->items[i]->text));
	}
	return 0;
}

static int unit_of(struct rd *r, const struct rs_ynode *v, enum rs_cunit *u)
{
	static const char *const units[] = { "", "bytes", "words", "packets", "events" };

	for (size_t i = 1; v && v->kind == RS_Y_SCALAR && i < RS_ARRAY_SIZE(units); i++)
		if (!strcmp(v->text, units[i])) {
			*u = (enum rs_cunit)i;
			return 0;
		}
	return rs_yerr(r->doc, v, r->err, r->errlen,
		       "'unit' is bytes, words (4-byte words), packets or events");
}

static int group_of(struct rd *r, const struct rs_ynode *v, enum rs_cgroup *g)
{
	for (int i = 0; v && v->kind == RS_Y_SCALAR && i < RS_CG_COUNT; i++)
		if (!strcmp(v->text, group_keys[i])) {
			*g = (enum rs_cgroup)i;
			return 0;
		}
	return rs_yerr(r->doc, v, r->err, r->errlen, "'group': unknown group");
}

/* One key of a counter entry onto the class c (meaning already set). */
static int entry_key(struct rd *r, const char *k, const struct rs_ynode *v,
		     struct rs_counter_class *c)
{
	int b = 0;

	if (!strcmp(k, "unit"))
		return unit_of(r, v, &c->unit);
	if (!strcmp(k, "group"))
		return group_of(r, v, &c->group);
	if (!strcmp(k, "note"))
		return str_of(r, v, k, &c->note);
	if (strcmp(k, "part") && strcmp(k, "error") && strcmp(k, "noisy"))
		return rs_yerr(r->doc, v, r->err, r->errlen, "unknown key '%s' in a counter", k);
	if (bool_of(r, v, k, &b))
		return -1;
	if (!strcmp(k, "part"))
		c->part = b;
	else if (!strcmp(k, "error"))
		c->flags = b ? c->flags | RS_CF_ERROR : c->flags & ~RS_CF_ERROR;
	else
		c->flags = b ? c->flags | RS_CF_NOISY : c->flags & ~RS_CF_NOISY;
	return 0;
}

/* The class every name of the entry e gets (its names are added after). */
static int entry_class(struct rd *r, const struct rs_ynode *e, enum rs_corigin o,
		       struct rs_counter_class *c)
{
	const struct rs_ynode *m = rs_ymap_get(e, "meaning");

	memset(c, 0, sizeof(*c));
	c->origin = o;
	c->note = "";
	if (!m || m->kind != RS_Y_SCALAR || rs_meaning_of(m->text) == RS_M_NONE)
		return rs_yerr(r->doc, m ? m : e, r->err, r->errlen, "a counter needs a 'meaning' "
			       "of the vocabulary (tx_bytes ... other)");
	c->meaning = rs_meaning_of(m->text);
	rs_meaning_defaults(c->meaning, &c->group, &c->flags);
	for (size_t i = 0; i + 1 < e->n; i += 2) {
		const char *k = e->items[i]->text;

		if (strcmp(k, "meaning") && strcmp(k, "names") &&
		    entry_key(r, k, e->items[i + 1], c))
			return -1;
	}
	if (c->unit == RS_CU_WORDS) {
		c->scale = 4;
		c->flags |= RS_CF_BYTES;
	} else if (c->unit == RS_CU_BYTES) {
		c->flags |= RS_CF_BYTES;
	}
	return 0;
}

static int known_name(const struct rs_counter_class *v, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i].name, name))
			return 1;
	return 0;
}

/* A list of counter entries: one class per name, aliases included. */
static int counters_of(struct rd *r, const struct rs_ynode *list, enum rs_corigin o,
		       struct rs_counter_class **v, size_t *n)
{
	if (!list)
		return 0;
	if (list->kind != RS_Y_SEQ)
		return rs_yerr(r->doc, list, r->err, r->errlen, "counters are a list");
	for (size_t i = 0; i < list->n; i++) {
		const struct rs_ynode *e = list->items[i];
		struct rs_counter_class c;
		const char **names;
		size_t n_names;

		if (e->kind != RS_Y_MAP)
			return rs_yerr(r->doc, e, r->err, r->errlen, "a counter is a mapping");
		if (list_of(r, rs_ymap_get(e, "names"), "names", &names, &n_names) ||
		    entry_class(r, e, o, &c))
			return -1;
		for (size_t k = 0; k < n_names; k++) {
			if (known_name(*v, *n, names[k]))
				return rs_yerr(r->doc, e, r->err, r->errlen,
					       "'%s' is listed twice", names[k]);
			c.name = names[k];
			*RS_APPEND(*v, *n) = c;
		}
	}
	return 0;
}

static int sources_of(struct rd *r, const struct rs_ynode *list, struct rs_ctr_table *t)
{
	struct rs_ctr_source *v;
	size_t n = 0;

	if (!list || list->kind != RS_Y_SEQ || !list->n)
		return rs_yerr(r->doc, list, r->err, r->errlen, "a table names its 'sources'");
	v = keep(r, rs_xcalloc(list->n, sizeof(*v)));
	for (size_t i = 0; i < list->n; i++) {
		const struct rs_ynode *e = list->items[i];
		struct rs_ctr_source *s = &v[n++];

		if (str_of(r, rs_ymap_get(e, "repo"), "repo", &s->repo) ||
		    str_of(r, rs_ymap_get(e, "file"), "file", &s->file) ||
		    str_of(r, rs_ymap_get(e, "commit"), "commit", &s->commit) ||
		    str_of(r, rs_ymap_get(e, "what"), "what", &s->what))
			return -1;
	}
	t->sources = v;
	t->n_sources = n;
	return 0;
}

static int pma_of(struct rd *r, const struct rs_ynode *v, enum rs_ctr_pma *p)
{
	if (v && v->kind == RS_Y_SCALAR && !strcmp(v->text, "none"))
		*p = RS_PMA_NONE;
	else if (v && v->kind == RS_Y_SCALAR && !strcmp(v->text, "pma"))
		*p = RS_PMA_YES;
	else if (v && v->kind == RS_Y_SCALAR && !strcmp(v->text, "pma-empty"))
		*p = RS_PMA_EMPTY;
	else
		return rs_yerr(r->doc, v, r->err, r->errlen, "'counters_dir' is none, pma or "
			       "pma-empty");
	return 0;
}

static int table_of(struct rd *r, const struct rs_ynode *root, struct rs_ctr_table *t)
{
	static const char *const keys[] = {
		"driver", "title", "note", "pci_drivers", "names", "counters_dir", "sources",
		"counters", "hw_counters", "device_hw_counters", "netdev_counts_rdma",
	};
	struct rs_counter_class *cls = NULL, *dev = NULL;
	size_t n = 0, n_dev = 0;

	if (!root || root->kind != RS_Y_MAP)
		return rs_yerr(r->doc, root, r->err, r->errlen, "a table is a mapping");
	for (size_t i = 0; i + 1 < root->n; i += 2) {
		size_t k = 0;

		while (k < RS_ARRAY_SIZE(keys) && strcmp(keys[k], root->items[i]->text))
			k++;
		if (k == RS_ARRAY_SIZE(keys))
			return rs_yerr(r->doc, root->items[i], r->err, r->errlen,
				       "unknown key '%s'", root->items[i]->text);
	}
	t->note = "";
	if (str_of(r, rs_ymap_get(root, "driver"), "driver", &t->driver) ||
	    str_of(r, rs_ymap_get(root, "title"), "title", &t->title) ||
	    (rs_ymap_get(root, "note") && str_of(r, rs_ymap_get(root, "note"), "note", &t->note)) ||
	    (rs_ymap_get(root, "counters_dir") &&
	     pma_of(r, rs_ymap_get(root, "counters_dir"), &t->pma)) ||
	    sources_of(r, rs_ymap_get(root, "sources"), t) ||
	    counters_of(r, rs_ymap_get(root, "counters"), RS_CO_PORT, &cls, &n) ||
	    counters_of(r, rs_ymap_get(root, "hw_counters"), RS_CO_HW, &cls, &n) ||
	    counters_of(r, rs_ymap_get(root, "device_hw_counters"), RS_CO_HW, &dev, &n_dev)) {
		free(cls);
		free(dev);
		return -1;
	}
	if (cls)
		keep(r, cls);
	if (dev)
		keep(r, dev);
	if (rs_ymap_get(root, "netdev_counts_rdma") &&
	    bool_of(r, rs_ymap_get(root, "netdev_counts_rdma"), "netdev_counts_rdma",
		    &t->netdev_counts_rdma))
		return -1;
	if (rs_ymap_get(root, "pci_drivers") &&
	    list_of(r, rs_ymap_get(root, "pci_drivers"), "pci_drivers", &t->pci_drivers,
		    &t->n_pci_drivers))
		return -1;
	if (rs_ymap_get(root, "names") &&
	    list_of(r, rs_ymap_get(root, "names"), "names", &t->prefixes, &t->n_prefixes))
		return -1;
	t->classes = cls;
	t->n_classes = n;
	t->device_classes = dev;
	t->n_device_classes = n_dev;
	return 0;
}

void rs_ctr_table_free(struct rs_ctr_table *t)
{
	for (size_t i = 0; i < t->n_owned; i++)
		free(t->owned[i]);
	free(t->owned);
	memset(t, 0, sizeof(*t));
}

int rs_ctr_table_parse(const char *text, const char *file, struct rs_ctr_table *t,
		       char *err, size_t errlen)
{
	struct rs_ydoc d;
	struct rd r = { .doc = &d, .err = err, .errlen = errlen, .t = t };
	int ret;

	memset(t, 0, sizeof(*t));
	if (rs_ydoc_parse(&d, text, strlen(text), file, err, errlen))
		return -EINVAL;
	ret = table_of(&r, d.root, t) ? -EINVAL : 0;
	rs_ydoc_free(&d);
	if (ret)
		rs_ctr_table_free(t);
	return ret;
}

static void load_one(const char *text, const char *file)
{
	struct rs_ctr_table t;

	if (rs_ctr_table_parse(text, file, &t, db.error, sizeof(db.error)))
		return;
	if (!strcmp(t.driver, "ib_pma"))
		db.pma = t;
	else if (db.n < MAX_TABLES)
		db.tables[db.n++] = t;
	db.error[0] = '\0';
}

static void load(void)
{
	char first[sizeof(db.error)] = "";

	if (db.loaded)
		return;
	db.loaded = 1;
	for (size_t i = 0; rs_ctr_table_texts[i]; i++) {
		load_one(rs_ctr_table_texts[i], rs_ctr_table_files[i]);
		if (db.error[0] && !first[0])
			RS_STRCPY(first, db.error);
	}
	RS_STRCPY(db.error, first);
}

const struct rs_ctr_table *rs_ctr_tables(size_t *n)
{
	load();
	*n = db.n;
	return db.tables;
}

const struct rs_ctr_table *rs_ctr_table_pma(void)
{
	load();
	return &db.pma;
}

const char *rs_ctr_tables_error(void)
{
	load();
	return db.error;
}

const struct rs_ctr_table *rs_ctr_table_find(const char *driver)
{
	load();
	for (size_t i = 0; i < db.n; i++)
		if (!strcmp(db.tables[i].driver, driver))
			return &db.tables[i];
	return NULL;
}

static int has_prefix(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

const struct rs_ctr_table *rs_ctr_table_for(const struct rs_device *d)
{
	load();
	for (size_t i = 0; d->driver[0] && i < db.n; i++)
		for (size_t k = 0; k < db.tables[i].n_pci_drivers; k++)
			if (!strcmp(d->driver, db.tables[i].pci_drivers[k]))
				return &db.tables[i];
	for (size_t i = 0; i < db.n; i++)
		for (size_t k = 0; k < db.tables[i].n_prefixes; k++)
			if (has_prefix(d->name, db.tables[i].prefixes[k]))
				return &db.tables[i];
	return NULL;
}

static const struct rs_counter_class *in_table(const struct rs_ctr_table *t, enum rs_corigin o,
					       const char *name)
{
	for (size_t i = 0; t && i < t->n_classes; i++)
		if (t->classes[i].origin == o && rs_counter_name_match(t->classes[i].name, name))
			return &t->classes[i];
	return NULL;
}

const struct rs_counter_class *rs_ctr_classify(const struct rs_ctr_table *t,
					       enum rs_corigin origin, const char *name)
{
	const struct rs_counter_class *c;

	if (origin != RS_CO_PORT && origin != RS_CO_HW)
		return rs_counter_classify_eth(origin, name);
	load();
	if (origin == RS_CO_HW && !strcmp(name, "lifespan"))
		return NULL;
	c = in_table(t, origin, name);
	if (!c && origin == RS_CO_PORT && t && t->pma == RS_PMA_EMPTY)
		return &pma_empty;
	if (!c && origin == RS_CO_PORT)
		c = in_table(&db.pma, origin, name);
	/* a name the driver's table does not have: whoever else has it */
	for (size_t i = 0; !c && i < db.n; i++)
		if (&db.tables[i] != t)
			c = in_table(&db.tables[i], origin, name);
	if (c)
		return c;
	return origin == RS_CO_PORT ? &other_port : &other_hw;
}

int rs_ctr_table_has(const struct rs_ctr_table *t, enum rs_meaning m)
{
	const struct rs_ctr_table *pma = rs_ctr_table_pma();

	for (size_t i = 0; t && i < t->n_classes; i++)
		if (t->classes[i].meaning == m)
			return 1;
	for (size_t i = 0; t && t->pma == RS_PMA_YES && i < pma->n_classes; i++)
		if (pma->classes[i].meaning == m)
			return 1;
	return 0;
}
