/* SPDX-License-Identifier: MIT */
/* snapshot.c - ownership of the snapshot's arrays and small lookups. */
#include "snapshot.h"
#include "util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rs_snapshot_init(struct rs_snapshot *s)
{
	memset(s, 0, sizeof(*s));
	s->version = RS_SNAPSHOT_VERSION;
	s->host.memlock_soft = s->host.memlock_hard = 0;
	s->host.cap_ipc_lock = -1;
}

void rs_link_init(struct rs_link *k)
{
	k->vlan_id = -1;
	k->rp_filter = k->arp_ignore = k->arp_announce = -1;
	k->ecn.cnp_dscp = k->ecn.cnp_prio = -1;
	k->pfc_prevention_ms = -1;
}

void rs_device_init(struct rs_device *d)
{
	d->numa_node = -1;
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

	RS_STRCPY_CUT(c->name, name);
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

static void add_error_v(struct rs_snapshot *s, enum rs_area area, const char *source,
			const char *object, int once, const char *fmt, va_list ap)
{
	char msg[RS_MSG_LEN];
	struct rs_error *e;

	/* A note is never cut silently either. */
	if (vsnprintf(msg, sizeof(msg), fmt, ap) >= (int)sizeof(msg))
		rs_mark_cut(msg, sizeof(msg));
	source = source ? source : "";
	object = object ? object : "";
	for (size_t i = 0; once && i < s->n_errors; i++)
		if (s->errors[i].area == area && !strcmp(s->errors[i].source, source) &&
		    !strcmp(s->errors[i].object, object) && !strcmp(s->errors[i].message, msg))
			return;
	e = RS_APPEND(s->errors, s->n_errors);
	e->area = area;
	RS_STRCPY_CUT(e->source, source);
	RS_STRCPY_CUT(e->object, object);
	RS_STRCPY(e->message, msg);
}

void rs_snapshot_add_error(struct rs_snapshot *s, enum rs_area area, const char *source,
			   const char *object, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_error_v(s, area, source, object, 0, fmt, ap);
	va_end(ap);
}

void rs_snapshot_add_error_once(struct rs_snapshot *s, enum rs_area area, const char *source,
				const char *object, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_error_v(s, area, source, object, 1, fmt, ap);
	va_end(ap);
}

static void port_free(struct rs_port *p)
{
	free(p->gids);
	rs_counter_set_free(&p->counters);
	rs_counter_set_free(&p->hw_counters);
}

void rs_qps_free(struct rs_qp *qps, size_t n)
{
	for (size_t i = 0; i < n; i++)
		rs_counter_set_free(&qps[i].counters);
	free(qps);
}

static void free_devices(struct rs_snapshot *s)
{
	for (size_t i = 0; i < s->n_devices; i++) {
		for (size_t j = 0; j < s->devices[i].n_ports; j++)
			port_free(&s->devices[i].ports[j]);
		free(s->devices[i].ports);
		rs_qps_free(s->devices[i].qps, s->devices[i].n_qps);
		free(s->devices[i].irqs);
	}
	free(s->devices);
	free(s->procs);
	s->devices = NULL;
	s->procs = NULL;
	s->n_devices = s->n_procs = 0;
}

void rs_link_nic_free(struct rs_link *k)
{
	free(k->health.reporters);
	free(k->fec.lanes);
	free(k->fec.hist);
	free(k->xcvr.lanes);
	free(k->xcvr.flags);
	memset(&k->health, 0, sizeof(k->health));
	memset(&k->fec, 0, sizeof(k->fec));
	memset(&k->xcvr, 0, sizeof(k->xcvr));
}

static void free_net(struct rs_snapshot *s)
{
	for (size_t i = 0; i < s->n_links; i++) {
		rs_counter_set_free(&s->links[i].stats);
		rs_counter_set_free(&s->links[i].ethtool);
		rs_counter_set_free(&s->links[i].ecn.np_params);
		rs_counter_set_free(&s->links[i].ecn.rp_params);
		rs_link_nic_free(&s->links[i]);
	}
	free(s->links);
	free(s->addrs);
	free(s->routes);
	free(s->neighs);
	s->links = NULL;
	s->addrs = NULL;
	s->routes = NULL;
	s->neighs = NULL;
	s->n_links = s->n_addrs = s->n_routes = s->n_neighs = 0;
	memset(&s->peer, 0, sizeof(s->peer));
}

static void free_host(struct rs_snapshot *s)
{
	free(s->host.modules);
	free(s->host.hugepages);
	free(s->host.numa);
	memset(&s->host, 0, sizeof(s->host));
	s->host.cap_ipc_lock = -1;
}

static void drop_errors(struct rs_snapshot *s, enum rs_area area)
{
	size_t k = 0;

	for (size_t i = 0; i < s->n_errors; i++)
		if (s->errors[i].area != area)
			s->errors[k++] = s->errors[i];
	s->n_errors = k;
}

void rs_snapshot_clear_area(struct rs_snapshot *s, enum rs_area area)
{
	if (area == RS_AREA_RDMA)
		free_devices(s);
	else if (area == RS_AREA_NET)
		free_net(s);
	else
		free_host(s);
	drop_errors(s, area);
}

void rs_snapshot_free(struct rs_snapshot *s)
{
	free_devices(s);
	free_net(s);
	free_host(s);
	free(s->errors);
	rs_snapshot_init(s);
}

const struct rs_link *rs_snapshot_link(const struct rs_snapshot *s, const char *name)
{
	for (size_t i = 0; i < s->n_links; i++)
		if (!strcmp(s->links[i].name, name))
			return &s->links[i];
	return NULL;
}

const struct rs_neigh *rs_snapshot_neigh(const struct rs_snapshot *s, const char *dev,
					 const char *ip)
{
	for (size_t i = 0; i < s->n_neighs; i++)
		if (!strcmp(s->neighs[i].ip, ip) && (!dev[0] || !strcmp(s->neighs[i].dev, dev)))
			return &s->neighs[i];
	return NULL;
}

int rs_port_is_eth(const struct rs_port *p)
{
	return !strcmp(p->link_layer, "Ethernet");
}

int rs_port_is_ib(const struct rs_port *p)
{
	return p->link_layer[0] && !rs_port_is_eth(p);
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

static const char *const qp_state_names[RS_QP_STATES] = {
	"RESET", "INIT", "RTR", "RTS", "SQD", "SQE", "ERR",
};

const char *rs_qp_state_name(int st)
{
	return st >= 0 && st < RS_QP_STATES ? qp_state_names[st] : "?";
}

unsigned rs_rdma_res_qps_in(const struct rs_rdma_res *r, int st)
{
	const unsigned v[RS_QP_STATES] = {
		r->qp_reset, r->qp_init, r->qp_rtr, r->qp_rts, r->qp_sqd, r->qp_sqe, r->qp_err,
	};

	return st >= 0 && st < RS_QP_STATES ? v[st] : 0;
}

void rs_rdma_res_fmt(char *buf, size_t len, const struct rs_rdma_res *r)
{
	char states[96] = "";
	size_t n = 0;

	if (!r->known) {
		snprintf(buf, len, "unknown: %s", r->error[0] ? r->error : "not read");
		return;
	}
	for (int st = 0; r->qp_states_known && st < RS_QP_STATES; st++) {
		unsigned q = rs_rdma_res_qps_in(r, st);

		if (q && n < sizeof(states))
			n += (size_t)snprintf(states + n, sizeof(states) - n, "%s%s %u",
					      n ? ", " : " (", qp_state_names[st], q);
	}
	if (n && n < sizeof(states) - 1)
		strcat(states, ")");
	snprintf(buf, len, "QPs %llu%s, CQs %llu, MRs %llu, PDs %llu",
		 (unsigned long long)r->qp, states, (unsigned long long)r->cq,
		 (unsigned long long)r->mr, (unsigned long long)r->pd);
}

static const char *const area_names[RS_AREA_COUNT] = {
	[RS_AREA_RDMA] = "rdma",
	[RS_AREA_NET] = "net",
	[RS_AREA_HOST] = "host",
};

const char *rs_area_name(enum rs_area a)
{
	return (unsigned)a < RS_AREA_COUNT ? area_names[a] : "?";
}

int rs_area_parse(const char *name, enum rs_area *a)
{
	for (int i = 0; i < RS_AREA_COUNT; i++)
		if (!strcmp(name, area_names[i])) {
			*a = (enum rs_area)i;
			return 0;
		}
	return -EINVAL;
}
