/* SPDX-License-Identifier: MIT */
/* snapshot.c - ownership of the snapshot's arrays and small lookups. */
#include "snapshot.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rs_snapshot_init(struct rs_snapshot *s)
{
	memset(s, 0, sizeof(*s));
	s->version = RS_SNAPSHOT_VERSION;
	s->host.memlock_soft = s->host.memlock_hard = 0;
}

void *rs_array_append(void **arr, size_t *n, size_t size)
{
	char *p;

	/* Grow in powers of two: appends stay O(1) amortised. */
	if ((*n & (*n - 1)) == 0) {
		size_t cap = *n ? *n * 2 : 1;

		*arr = rs_xrealloc(*arr, cap * size);
	}
	p = (char *)*arr + *n * size;
	memset(p, 0, size);
	(*n)++;
	return p;
}

void rs_counter_set_add(struct rs_counter_set *set, const char *name, uint64_t value)
{
	struct rs_counter *c = RS_APPEND(set->items, set->count);

	RS_STRCPY(c->name, name);
	c->value = value;
}

const struct rs_counter *rs_counter_set_find(const struct rs_counter_set *set, const char *name)
{
	for (size_t i = 0; i < set->count; i++)
		if (!strcmp(set->items[i].name, name))
			return &set->items[i];
	return NULL;
}

void rs_counter_set_free(struct rs_counter_set *set)
{
	free(set->items);
	set->items = NULL;
	set->count = 0;
}

void rs_snapshot_add_error(struct rs_snapshot *s, const char *source,
			   const char *object, const char *fmt, ...)
{
	struct rs_error *e = RS_APPEND(s->errors, s->n_errors);
	va_list ap;

	RS_STRCPY(e->source, source ? source : "");
	RS_STRCPY(e->object, object ? object : "");
	va_start(ap, fmt);
	vsnprintf(e->message, sizeof(e->message), fmt, ap);
	va_end(ap);
}

static void port_free(struct rs_port *p)
{
	free(p->gids);
	rs_counter_set_free(&p->counters);
	rs_counter_set_free(&p->hw_counters);
}

void rs_snapshot_free(struct rs_snapshot *s)
{
	for (size_t i = 0; i < s->n_devices; i++) {
		for (size_t j = 0; j < s->devices[i].n_ports; j++)
			port_free(&s->devices[i].ports[j]);
		free(s->devices[i].ports);
	}
	free(s->devices);
	for (size_t i = 0; i < s->n_links; i++) {
		rs_counter_set_free(&s->links[i].stats);
		rs_counter_set_free(&s->links[i].ethtool);
	}
	free(s->links);
	free(s->addrs);
	free(s->routes);
	free(s->neighs);
	free(s->errors);
	free(s->host.modules);
	free(s->host.hugepages);
	rs_snapshot_init(s);
}

const struct rs_link *rs_snapshot_link(const struct rs_snapshot *s, const char *name)
{
	for (size_t i = 0; i < s->n_links; i++)
		if (!strcmp(s->links[i].name, name))
			return &s->links[i];
	return NULL;
}

const char *rs_gid_type_name(enum rs_gid_type t)
{
	switch (t) {
	case RS_GID_TYPE_ROCE_V1:
		return "IB/RoCE v1";
	case RS_GID_TYPE_ROCE_V2:
		return "RoCE v2";
	default:
		return "unknown";
	}
}
