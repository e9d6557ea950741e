/* SPDX-License-Identifier: MIT */
/*
 * snapshot_sample.c - a snapshot with every field set, odd strings and
 * extreme numbers (at the ends of what the kernel reports), and a
 * schema-independent deep compare.
 *
 * The compare copies each struct, clears its pointer members and compares
 * the bytes: every field, present or future, takes part, whether or not the
 * YAML schema knows it.  This works because snapshots are built in zeroed
 * memory (rs_snapshot_init, rs_array_append) and strings are written only
 * up to their NUL, on both the sample and the loaded side.
 */
#include "snapshot_sample.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/snapshot_yaml.h"
#include "util.h"

static void fill_counters(struct rs_counter_set *set, const char *prefix, uint64_t ts, int n)
{
	char name[RS_NAME_LEN];

	set->ts_ns = ts;
	for (int i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "%s_%d", prefix, i);
		rs_counter_set_add(set, name, (uint64_t)i * 0x100000001ull);
	}
	rs_counter_set_add(set, "max", UINT64_MAX);
	rs_counter_set_add(set, "10", 10);		/* a name that looks like a number */
	rs_counter_set_add(set, "with: colon", 0);
}

static void fill_port(struct rs_port *p, unsigned num)
{
	struct rs_gid *g;

	p->num = num;
	p->state = 4;
	RS_STRCPY(p->state_name, "ACTIVE");
	p->phys_state = 5;
	RS_STRCPY(p->phys_state_name, "LinkUp");
	RS_STRCPY(p->rate, "100 Gb/sec (4X EDR)");
	p->rate_gbps = 2400;	/* the highest the kernel prints: 12X XDR */
	RS_STRCPY(p->link_layer, "Ethernet");
	RS_STRCPY(p->netdev, "enp1s0f0np0");
	p->active_mtu = 1024;
	p->max_mtu = 4096;
	p->gid_tbl_len = 255;
	for (unsigned i = 0; i < 3; i++) {
		g = RS_APPEND(p->gids, p->n_gids);
		g->index = i + 1;
		RS_STRCPY(g->gid, "0000:0000:0000:0000:0000:ffff:0a63:0001");
		g->type = i == 0 ? RS_GID_TYPE_ROCE_V1 : RS_GID_TYPE_ROCE_V2;
		RS_STRCPY(g->netdev, "eth0.100");
		RS_STRCPY(g->ip, i == 2 ? "fe80::1" : "10.99.0.1");
		g->ipv4 = 1;
		g->vlan = i == 1 ? 0 : 100;	/* 0 is a value, not the default */
	}
	fill_counters(&p->counters, "port_xmit_data", 123456789012ull, 4);
	fill_counters(&p->hw_counters, "rdma_sends", UINT64_MAX, 3);
	p->hw_lifespan_ms = 10;
}

static void fill_qps(struct rs_device *d)
{
	struct rs_qp *q;
	struct rs_irq *irq;

	d->qps_known = 1;
	RS_STRCPY(d->qps_note, "RES_CM_ID_GET: Operation not permitted");
	RS_STRCPY(d->qp_counter_mode, "manual");
	for (unsigned i = 0; i < 2; i++) {
		q = RS_APPEND(d->qps, d->n_qps);
		q->lqpn = i ? UINT32_MAX : 1;
		q->port = 1 + i;
		RS_STRCPY(q->type, i ? "RC" : "GSI");
		q->state = i ? 6 : 3;
		q->has_rqpn = (int)i;
		q->rqpn = 0xffffff;
		q->sq_psn = 0xfffffe;
		q->rq_psn = 7;
		q->pdn = 3;
		q->pid = i ? 4194304 : 0;
		RS_STRCPY(q->comm, i ? "ib_write_bw: -d \"x\"" : "ib_core");
		q->kernel = !i;
		q->cm = (int)i;
		RS_STRCPY(q->src_addr, "fe80::1%eth0");
		q->src_port = 65535;
		RS_STRCPY(q->dst_addr, "10.99.0.2");
		q->dst_port = 4791;
		q->counter_id = i ? 12 : 0;
		if (i)
			fill_counters(&q->counters, "packet_seq_err", 99, 2);
	}
	d->numa_node = 0;	/* 0 is a node, not the default */
	RS_STRCPY(d->local_cpus, "0-15,32-47");
	irq = RS_APPEND(d->irqs, d->n_irqs);
	irq->irq = 71;
	RS_STRCPY(irq->name, "mlx5_comp0@pci:0000:a2:00.0");
	RS_STRCPY(irq->affinity, "0-63");
	RS_STRCPY(irq->effective, "3");
	irq->count = UINT64_MAX;
}

static void fill_device(struct rs_device *d, int i)
{
	snprintf(d->name, sizeof(d->name), "mlx5_%d", i);
	RS_STRCPY(d->node_guid, "0c42:a103:0065:e7a2");
	RS_STRCPY(d->fw_ver, "16.35.2000");
	RS_STRCPY(d->board_id, "MT_0000000080");
	RS_STRCPY(d->hca_type, "MT4119");
	RS_STRCPY(d->driver, "mlx5_core");
	RS_STRCPY(d->generation, "ConnectX-5 \"Ex\"");
	d->weak_roce_v2 = 1;
	RS_STRCPY(d->pci.addr, "0000:a2:00.0");
	d->pci.vendor_id = 0x15b3;
	d->pci.device_id = 0xffff;
	RS_STRCPY(d->pci.cur_speed, "8.0 GT/s PCIe");
	RS_STRCPY(d->pci.max_speed, "16.0 GT/s PCIe");
	/* the ends of what the kernel reports (kernel_values.c) */
	d->pci.cur_gts = 2.5;
	d->pci.max_gts = 128;
	d->pci.cur_width = 63;
	d->pci.max_width = 16;
	d->verbs = 1;
	d->present = 1;
	d->res.known = 1;
	RS_STRCPY(d->res.error, "partial: RES_QP_GET: Operation not permitted");
	d->res.qp = UINT64_MAX;
	d->res.cq = 12;
	d->res.mr = 0x100000000ull;
	d->res.pd = 3;
	d->res.cm_id = 16;
	d->res.ctx = 2;
	d->res.srq = 1;
	d->res.qp_states_known = 1;
	d->res.qp_reset = 1;
	d->res.qp_init = 2;
	d->res.qp_rtr = 3;
	d->res.qp_rts = UINT32_MAX;
	d->res.qp_sqd = 5;
	d->res.qp_sqe = 6;
	d->res.qp_err = 7;
	for (unsigned p = 1; p <= 2; p++)
		fill_port(RS_APPEND(d->ports, d->n_ports), p);
	fill_qps(d);
}

static void fill_nic(struct rs_link *l)
{
	struct rs_reporter *r;
	struct rs_fec_lane *fl;
	struct rs_fec_bin *b;
	struct rs_xcvr_lane *xl;
	struct rs_xcvr_flag *f;

	l->health.known = 1;
	RS_STRCPY(l->health.error, "- not: a list");
	r = RS_APPEND(l->health.reporters, l->health.n_reporters);
	RS_STRCPY(r->name, "fw_fatal");
	r->port = 0;
	r->error = 1;
	r->errors = UINT64_MAX;
	r->recovers = 3;
	r->grace_ms = 1200000;
	r->auto_recover = 0;
	l->fec.known = 1;
	RS_STRCPY(l->fec.error, "");
	RS_STRCPY(l->fec.active, "RS");
	l->fec.has_corrected = l->fec.has_uncorrectable = l->fec.has_corr_bits = 1;
	l->fec.corrected = UINT64_MAX;
	l->fec.uncorrectable = 1;
	l->fec.corr_bits = 0x100000000ull;
	fl = RS_APPEND(l->fec.lanes, l->fec.n_lanes);
	fl->lane = 3;
	fl->has_corrected = 1;
	fl->corrected = 5;
	b = RS_APPEND(l->fec.hist, l->fec.n_hist);
	b->low = 0;
	b->high = 0;
	b->value = 123456789;
	l->xcvr.known = 1;
	l->xcvr.id = 0x11;
	RS_STRCPY(l->xcvr.spec, "SFF-8636");
	RS_STRCPY(l->xcvr.vendor, "Mellanox");
	RS_STRCPY(l->xcvr.part, "MCP1600-C003");
	l->xcvr.has_temp = l->xcvr.has_vcc = 1;
	l->xcvr.temp_c = -12.5;
	l->xcvr.vcc_v = 3.2999;
	l->xcvr.flags_known = 1;
	xl = RS_APPEND(l->xcvr.lanes, l->xcvr.n_lanes);
	xl->lane = 4;
	xl->has_tx = xl->has_rx = xl->has_bias = 1;
	xl->tx_mw = 0.0001;
	xl->rx_mw = 6.5535;
	xl->bias_ma = 131.07;
	f = RS_APPEND(l->xcvr.flags, l->xcvr.n_flags);
	RS_STRCPY(f->name, "rx power low");
	f->lane = 4;
	f->alarm = 1;
}

static void fill_link(struct rs_link *l, int i)
{
	l->ifindex = INT32_MAX - i;
	snprintf(l->name, sizeof(l->name), "eth%d", i);
	RS_STRCPY(l->kind, "vlan");
	RS_STRCPY(l->mac, "aa:bb:cc:dd:ee:ff");
	l->mtu = INT32_MAX;
	RS_STRCPY(l->operstate, "LOWERLAYERDOWN");
	l->up = 1;
	l->carrier = 1;
	RS_STRCPY(l->master, "bond0");
	l->vlan_id = 4095;
	RS_STRCPY(l->vlan_parent, "yes");	/* a YAML 1.1 boolean word */
	fill_counters(&l->stats, "rx_bytes", 1, 2);
	fill_counters(&l->ethtool, "rx_prio3_pause", 2, 5);
	l->pause.known = 1;
	l->pause.autoneg = 1;
	l->pause.rx = 1;
	l->pause.tx = 1;
	l->ecn.known = 1;
	l->ecn.np_en = 0x08;
	l->ecn.rp_en = 0xff;
	l->ecn.cnp_dscp = 48;
	l->ecn.cnp_prio = 0;
	fill_counters(&l->ecn.np_params, "min_time_between_cnps", 0, 1);
	fill_counters(&l->ecn.rp_params, "rpg_time_reset", 0, 3);
	RS_STRCPY(l->bus, "0000:a2:00.0");
	fill_nic(l);
	l->pfc_prevention_ms = 65535;
	RS_STRCPY(l->pfc_prevention_error, "");
}

static void fill_host(struct rs_host *h)
{
	struct rs_hugepages *hp;
	struct rs_module *m;

	RS_STRCPY(h->hostname, "host: with colon # and hash");
	RS_STRCPY(h->kernel, "6.1.0-13-amd64");
	RS_STRCPY(h->os, "Debian GNU/Linux 12 (bookworm) \xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
	h->mem_total_kb = UINT64_MAX - 1;
	m = RS_APPEND(h->modules, h->n_modules);
	RS_STRCPY(m->name, "mlx5_core");
	m->loaded = 1;
	m = RS_APPEND(h->modules, h->n_modules);
	RS_STRCPY(m->name, "null");
	m->loaded = 1;
	hp = RS_APPEND(h->hugepages, h->n_hugepages);
	hp->size_kb = 2048;
	hp->total = 1024;
	hp->free = 1000;
	hp = RS_APPEND(h->hugepages, h->n_hugepages);
	hp->size_kb = 1048576;
	hp->total = UINT64_MAX;
	hp->free = 1;
	h->memlock_soft = RS_MEMLOCK_UNLIMITED;
	h->memlock_hard = 65536;
	h->memlock_known = 1;
	RS_STRCPY(h->memlock_conf, "65536");
	RS_STRCPY(h->memlock_conf_file, "/etc/security/limits.d/rdma.conf");
	for (unsigned n = 0; n < 2; n++) {
		struct rs_numa_node *nn = RS_APPEND(h->numa, h->n_numa);

		nn->node = n;
		RS_STRCPY(nn->cpus, n ? "16-31" : "0-15");
	}
}

static void fill_net(struct rs_snapshot *s)
{
	struct rs_addr *a;
	struct rs_route *r;
	struct rs_neigh *n;

	a = RS_APPEND(s->addrs, s->n_addrs);
	RS_STRCPY(a->ifname, "eth0");
	a->family = 6;
	RS_STRCPY(a->addr, "fe80::aabb:ccff:fedd:eeff");
	a->prefixlen = 64;
	RS_STRCPY(a->scope, "link");
	r = RS_APPEND(s->routes, s->n_routes);
	r->family = 4;
	RS_STRCPY(r->dst, "10.99.0.0/24");
	RS_STRCPY(r->gateway, "10.99.0.254");
	RS_STRCPY(r->dev, "eth0");
	RS_STRCPY(r->prefsrc, "10.99.0.1");
	r->table = 254;
	r->metric = 100;
	RS_STRCPY(r->scope, "global");
	RS_STRCPY(r->type, "unicast");
	n = RS_APPEND(s->neighs, s->n_neighs);
	RS_STRCPY(n->dev, "eth0");
	n->family = 4;
	RS_STRCPY(n->ip, "10.99.0.2");
	RS_STRCPY(n->mac, "02:00:00:00:00:02");
	RS_STRCPY(n->state, "REACHABLE");
	RS_STRCPY(s->peer.peer, "10.99.0.2");
	s->peer.ok = 1;
	RS_STRCPY(s->peer.dev, "eth0");
	RS_STRCPY(s->peer.src, "10.99.0.1");
	RS_STRCPY(s->peer.gateway, "~");
	RS_STRCPY(s->peer.error, "line one\nline two\ttab \"quoted\" 'single' \\back\x01\x7f end ");
}

void rs_sample_fill(struct rs_snapshot *s)
{
	rs_snapshot_init(s);
	RS_STRCPY(s->source, "root:/tmp/a dir/with 'quotes'");
	RS_STRCPY(s->taken_at, "2026-11-29T15:30:00Z");
	fill_host(&s->host);
	for (int i = 0; i < 2; i++)
		fill_device(RS_APPEND(s->devices, s->n_devices), i);
	for (int i = 0; i < 2; i++)
		fill_link(RS_APPEND(s->links, s->n_links), i);
	fill_net(s);
	for (unsigned i = 0; i < 2; i++) {
		struct rs_proc *p = RS_APPEND(s->procs, s->n_procs);

		p->pid = i ? 4194304 : 1;
		RS_STRCPY(p->comm, i ? "ib_write_bw" : "");
		RS_STRCPY(p->cpus_allowed, i ? "16-31" : "0-63");
		p->cpu = i ? 17 : 0;
	}
	rs_snapshot_add_error(s, RS_AREA_NET, "netlink", "- dash", "%s", "  leading spaces, --- and ... inside");
	rs_snapshot_add_error(s, RS_AREA_RDMA, "verbs", "&anchor *alias !tag", "%s", "");
	rs_snapshot_add_error(s, RS_AREA_NET, "ethtool", "@`%", "%s", "\xef\xbb\xbf" "bom and [flow] {map}");
}

#define SAME(what, type, a, b, ...)                                              \
	do {                                                                     \
		type x_, y_;                                                     \
		memcpy(&x_, (a), sizeof(x_));                                    \
		memcpy(&y_, (b), sizeof(y_));                                    \
		{ __VA_ARGS__ }                                                  \
		if (memcmp(&x_, &y_, sizeof(x_)))                                \
			return differ(why, len, what, &x_, &y_, sizeof(x_));     \
	} while (0)

static int differ(char *why, size_t len, const char *what, const void *a, const void *b,
		  size_t size)
{
	size_t i = 0;

	while (i < size && ((const char *)a)[i] == ((const char *)b)[i])
		i++;
	snprintf(why, len, "%s differs at byte %zu of %zu", what, i, size);
	return 1;
}

static int same_set(const struct rs_counter_set *a, const struct rs_counter_set *b,
		    const char *what, char *why, size_t len)
{
	if (a->count != b->count || a->ts_ns != b->ts_ns) {
		snprintf(why, len, "%s: count/ts_ns differ", what);
		return 1;
	}
	for (size_t i = 0; i < a->count; i++)
		SAME(what, struct rs_counter, &a->items[i], &b->items[i]);
	return 0;
}

static int same_port(const struct rs_port *a, const struct rs_port *b, char *why, size_t len)
{
	SAME("port", struct rs_port, a, b, x_.gids = y_.gids = NULL;
	     x_.counters.items = y_.counters.items = NULL;
	     x_.hw_counters.items = y_.hw_counters.items = NULL;);
	for (size_t i = 0; i < a->n_gids; i++)
		SAME("gid", struct rs_gid, &a->gids[i], &b->gids[i]);
	return same_set(&a->counters, &b->counters, "counters", why, len) ||
	       same_set(&a->hw_counters, &b->hw_counters, "hw_counters", why, len);
}

static int same_qps(const struct rs_device *a, const struct rs_device *b, char *why,
		    size_t len)
{
	for (size_t i = 0; i < a->n_qps; i++) {
		SAME("qp", struct rs_qp, &a->qps[i], &b->qps[i],
		     x_.counters.items = y_.counters.items = NULL;);
		if (same_set(&a->qps[i].counters, &b->qps[i].counters, "qp counters", why, len))
			return 1;
	}
	for (size_t i = 0; i < a->n_irqs; i++)
		SAME("irq", struct rs_irq, &a->irqs[i], &b->irqs[i]);
	return 0;
}

static int same_devices(const struct rs_snapshot *a, const struct rs_snapshot *b,
			char *why, size_t len)
{
	for (size_t i = 0; i < a->n_devices; i++) {
		SAME("device", struct rs_device, &a->devices[i], &b->devices[i],
		     x_.ports = y_.ports = NULL; x_.qps = y_.qps = NULL;
		     x_.irqs = y_.irqs = NULL;);
		for (size_t j = 0; j < a->devices[i].n_ports; j++)
			if (same_port(&a->devices[i].ports[j], &b->devices[i].ports[j], why, len))
				return 1;
		if (same_qps(&a->devices[i], &b->devices[i], why, len))
			return 1;
	}
	for (size_t i = 0; i < a->n_procs; i++)
		SAME("proc", struct rs_proc, &a->procs[i], &b->procs[i]);
	return 0;
}

static int same_nic(const struct rs_link *a, const struct rs_link *b, char *why, size_t len)
{
	for (size_t i = 0; i < a->health.n_reporters; i++)
		SAME("reporter", struct rs_reporter, &a->health.reporters[i],
		     &b->health.reporters[i]);
	for (size_t i = 0; i < a->fec.n_lanes; i++)
		SAME("fec lane", struct rs_fec_lane, &a->fec.lanes[i], &b->fec.lanes[i]);
	for (size_t i = 0; i < a->fec.n_hist; i++)
		SAME("fec bin", struct rs_fec_bin, &a->fec.hist[i], &b->fec.hist[i]);
	for (size_t i = 0; i < a->xcvr.n_lanes; i++)
		SAME("module lane", struct rs_xcvr_lane, &a->xcvr.lanes[i], &b->xcvr.lanes[i]);
	for (size_t i = 0; i < a->xcvr.n_flags; i++)
		SAME("module flag", struct rs_xcvr_flag, &a->xcvr.flags[i], &b->xcvr.flags[i]);
	return same_set(&a->ecn.np_params, &b->ecn.np_params, "np_params", why, len) ||
	       same_set(&a->ecn.rp_params, &b->ecn.rp_params, "rp_params", why, len);
}

static int same_links(const struct rs_snapshot *a, const struct rs_snapshot *b,
		      char *why, size_t len)
{
	for (size_t i = 0; i < a->n_links; i++) {
		const struct rs_link *la = &a->links[i], *lb = &b->links[i];

		SAME("link", struct rs_link, la, lb, x_.stats.items = y_.stats.items = NULL;
		     x_.ethtool.items = y_.ethtool.items = NULL;
		     x_.ecn.np_params.items = y_.ecn.np_params.items = NULL;
		     x_.ecn.rp_params.items = y_.ecn.rp_params.items = NULL;
		     x_.health.reporters = y_.health.reporters = NULL;
		     x_.fec.lanes = y_.fec.lanes = NULL; x_.fec.hist = y_.fec.hist = NULL;
		     x_.xcvr.lanes = y_.xcvr.lanes = NULL; x_.xcvr.flags = y_.xcvr.flags = NULL;);
		if (same_set(&la->stats, &lb->stats, "stats", why, len) ||
		    same_set(&la->ethtool, &lb->ethtool, "ethtool", why, len) ||
		    same_nic(la, lb, why, len))
			return 1;
	}
	return 0;
}

int rs_sample_compare(const struct rs_snapshot *a, const struct rs_snapshot *b,
		      char *why, size_t len)
{
	SAME("snapshot", struct rs_snapshot, a, b,
	     x_.host.modules = y_.host.modules = NULL;
	     x_.host.hugepages = y_.host.hugepages = NULL;
	     x_.host.numa = y_.host.numa = NULL; x_.procs = y_.procs = NULL;
	     x_.devices = y_.devices = NULL; x_.links = y_.links = NULL;
	     x_.addrs = y_.addrs = NULL; x_.routes = y_.routes = NULL;
	     x_.neighs = y_.neighs = NULL; x_.errors = y_.errors = NULL;);
	for (size_t i = 0; i < a->host.n_modules; i++)
		SAME("module", struct rs_module, &a->host.modules[i], &b->host.modules[i]);
	for (size_t i = 0; i < a->host.n_hugepages; i++)
		SAME("hugepages", struct rs_hugepages, &a->host.hugepages[i], &b->host.hugepages[i]);
	for (size_t i = 0; i < a->host.n_numa; i++)
		SAME("numa", struct rs_numa_node, &a->host.numa[i], &b->host.numa[i]);
	for (size_t i = 0; i < a->n_addrs; i++)
		SAME("addr", struct rs_addr, &a->addrs[i], &b->addrs[i]);
	for (size_t i = 0; i < a->n_routes; i++)
		SAME("route", struct rs_route, &a->routes[i], &b->routes[i]);
	for (size_t i = 0; i < a->n_neighs; i++)
		SAME("neigh", struct rs_neigh, &a->neighs[i], &b->neighs[i]);
	for (size_t i = 0; i < a->n_errors; i++)
		SAME("error", struct rs_error, &a->errors[i], &b->errors[i]);
	return same_devices(a, b, why, len) || same_links(a, b, why, len);
}

int rs_sample_is_empty(const struct rs_snapshot *s)
{
	struct rs_snapshot e;

	rs_snapshot_init(&e);
	return !memcmp(&e, s, sizeof(e));
}

char *rs_sample_save_string(const struct rs_snapshot *s, size_t *len)
{
	char err[256], *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	if (!f || rs_snapshot_save_yaml(s, f, err, sizeof(err))) {
		fprintf(stderr, "save failed: %s\n", err);
		abort();
	}
	fclose(f);
	if (len)
		*len = n;
	return buf;
}
