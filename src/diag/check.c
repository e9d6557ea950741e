/* SPDX-License-Identifier: MIT */
/*
 * check.c - the table of checks, the runner and finding lookups.
 *
 * The table order is the order findings are listed in (CLI, JSON) and in
 * which a pane meets them, so a pane that shows the findings of one object
 * in table order shows them as it always did: device before port, the
 * worst-known problems first.  Ids are stable (docs/checks.md); a new check
 * gets a new id, a changed meaning gets a new id too.
 */
#include "diag/check.h"
#include "util.h"

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROBE(k) ((k) + 1)

const struct rs_check rs_checks[] = {
	{ "device.none", N_("an RDMA device exists"), rs_check_device_none, 0 },
	{ "device.gone", N_("the device is still there"), rs_check_device_gone, 0 },
	{ "pci.link_degraded", N_("PCI link trained at its maximum speed and width"),
	  rs_check_pci_link, 0 },
	{ "nic.weak_roce_v2", N_("the NIC does RoCE v2 well (not mlx4/ConnectX-3)"),
	  rs_check_weak_roce_v2, 0 },
	{ "profile.firmware", N_("firmware and driver are a known-good pair of the site"),
	  rs_check_profile_firmware, 0 },
	{ "port.not_active", N_("the port is ACTIVE"), rs_check_port_active, 0 },
	{ "port.roce_mtu_small", N_("the netdev MTU allows RoCE MTU 4096"), rs_check_roce_mtu, 0 },
	{ "profile.mtu", N_("the netdev MTU is the site's"), rs_check_profile_mtu, 0 },
	{ "profile.link_speed", N_("the link runs at the site's speed"),
	  rs_check_profile_speed, 0 },
	{ "device.max_mr", N_("the message fits the device's largest MR and message"),
	  rs_check_max_mr, 0 },
	{ "gid.no_roce_v2", N_("the port has a RoCE v2 GID to use"), rs_check_gid_roce_v2, 0 },
	{ "gid.user_index", N_("the GID index given (-x) is usable on the port"),
	  rs_check_user_index, 0 },
	{ "gid.default_index", N_("index 0, what a tool uses without -x, is the RoCE v2 entry"),
	  rs_check_default_index, 0 },
	{ "rdma.cm_defaults", N_("rdma_cm's default RoCE mode is v2 and its ToS the site's"),
	  rs_check_cm_defaults, 0 },
	{ "counters.error_rising", N_("no error counter of the port rose in the last interval"),
	  rs_check_error_rising, 0 },
	{ "counters.error_totals",
	  N_("error counters are 0 (one reading: totals since the last reset)"),
	  rs_check_error_totals, 0 },
	{ "counters.pause_rising", N_("no pause frames arrive under load"),
	  rs_check_pause_rising, 0 },
	{ "qos.pause", N_("some flow control: 802.3x pause or PFC"), rs_check_pause, 0 },
	{ "qos.pfc", N_("PFC on the RoCE priority"), rs_check_pfc, 0 },
	{ "qos.trust", N_("the trust mode puts RoCE on its priority"), rs_check_trust, 0 },
	{ "qos.ecn", N_("RoCE ECN on the RoCE priority"), rs_check_ecn, 0 },
	{ "qos.dcqcn", N_("DCQCN reacts where it notifies, and CNPs travel on a PFC priority"),
	  rs_check_dcqcn, 0 },
	{ "qos.pause_storm", N_("no pause storm, and the PFC storm guard is on"),
	  rs_check_pause_storm, 0 },
	{ "nic.health_reporter", N_("the NIC's devlink health reporters are healthy"),
	  rs_check_health_reporter, 0 },
	{ "nic.fec_uncorrectable", N_("no uncorrectable FEC blocks on the link"),
	  rs_check_fec_uncorrectable, 0 },
	{ "nic.module_alarm", N_("the transceiver module raises no alarm or warning"),
	  rs_check_module_alarm, 0 },
	{ "net.link_flaps", N_("the link's carrier stays up (no flaps)"), rs_check_link_flaps, 0 },
	{ "net.addr", N_("the RDMA interface has an IPv4 address"), rs_check_addr, 0 },
	{ "net.default_route_rdma",
	  N_("the default route does not leave through an RDMA interface"),
	  rs_check_default_route, 0 },
	{ "net.shared_subnet", N_("no two RDMA interfaces share a subnet"),
	  rs_check_shared_subnet, 0 },
	{ "net.arp_flux", N_("RDMA interfaces sharing a subnet answer ARP for their own address"),
	  rs_check_arp_flux, 0 },
	{ "net.neigh_failed", N_("no FAILED/INCOMPLETE neighbour on an RDMA interface"),
	  rs_check_neigh_failed, 0 },
	{ "net.peer_route", N_("the route to the peer leaves through an RDMA interface"),
	  rs_check_peer_route, 0 },
	{ "net.peer_neigh", N_("the peer's (or gateway's) MAC is resolved"), rs_check_peer_neigh,
	  PROBE(RS_PROBE_NEIGH) },
	{ "net.ping", N_("the peer answers ping"), rs_check_ping, PROBE(RS_PROBE_PING) },
	{ "net.pmtu", N_("the path carries the local MTU unfragmented"), rs_check_pmtu,
	  PROBE(RS_PROBE_PMTU) },
	{ "net.control_port", N_("the test's control port (TCP 18515) is open on the peer"),
	  rs_check_control_port, PROBE(RS_PROBE_TCP) },
	{ "rdma.cm_resolve", N_("rdma_cm resolves the peer to an RDMA port"), rs_check_cm_resolve,
	  PROBE(RS_PROBE_RDMA_CM) },
	{ "peer.same_gid_type", N_("both ends use the same GID type and family"),
	  rs_check_same_gid_type, 0 },
	{ "peer.same_mtu", N_("both ends run the same RoCE MTU"), rs_check_same_mtu, 0 },
	{ "peer.same_pfc", N_("both ends have PFC on the same priorities"), rs_check_same_pfc, 0 },
	{ "peer.same_dcqcn", N_("both ends have the same ECN/DCQCN switches"), rs_check_same_dcqcn,
	  0 },
	{ "host.module_missing", N_("the RDMA modules of the loaded NIC driver are loaded"),
	  rs_check_modules, 0 },
	{ "host.memlock_small", N_("locked memory (memlock) is unlimited"), rs_check_memlock, 0 },
	{ "host.memlock_for_test", N_("memlock covers the test's message size x depth x QPs"),
	  rs_check_memlock_for_test, 0 },
	{ "host.no_hugepages", N_("huge pages are reserved"), rs_check_hugepages, 0 },
	{ "perf.pingpong", N_("a small RDMA ping-pong completes (embedded test)"),
	  rs_check_pingpong, 0 },
	{ "perf.bandwidth", N_("a bandwidth test reaches the expected rate (embedded test)"),
	  rs_check_bandwidth, 0 },
	{ "qp.error_state", N_("no QP of a job is in the error state"),
	  rs_check_qp_error_state, 0 },
	{ "qp.psn_stalled", N_("the PSNs of connected QPs move while their process runs"),
	  rs_check_qp_stalled, 0 },
	{ "qp.errors_rising",
	  N_("no QP retransmits, or counts sequence errors, RNR NAKs or timeouts"),
	  rs_check_qp_errors_rising, 0 },
	{ "qp.numa_remote", N_("processes owning QPs run on the NIC's NUMA node"),
	  rs_check_qp_numa, 0 },
	{ "capture.roce_v2", N_("the traffic on the wire is RoCE v2 (capture)"),
	  rs_check_capture_roce_v2, 0 },
	{ "capture.wire_health",
	  N_("the wire carries RoCE without errors, loss or congestion (capture)"),
	  rs_check_capture_health, 0 },
	{ NULL, NULL, NULL, 0 },
};

/*
 * Why a symptom fails.  The address and GID of the RDMA netdev come first
 * (without them nothing else can work), then the route, the neighbour
 * (its state and whose MAC it holds), ARP flux, then what only the peer or
 * the path can tell.  A cause is named only when its check fails.
 */
static const char *const ping_causes[] = {
	"port.not_active", "net.addr", "net.peer_route", "net.peer_neigh", "net.arp_flux",
	NULL,
};
static const char *const ctrl_causes[] = {
	"net.addr", "net.peer_route", "net.peer_neigh", "net.arp_flux", NULL,
};
static const char *const cm_causes[] = {
	"host.module_missing", "port.not_active", "net.addr", "gid.no_roce_v2",
	"net.peer_route", "net.peer_neigh", "net.arp_flux", NULL,
};
static const char *const test_causes[] = {
	"host.module_missing", "port.not_active", "net.addr", "gid.no_roce_v2",
	"gid.user_index", "net.peer_route", "net.peer_neigh", "net.arp_flux",
	"peer.same_gid_type", "net.control_port", "host.memlock_for_test", "net.pmtu",
	NULL,
};
static const char *const bw_causes[] = {
	"port.not_active", "net.addr", "gid.no_roce_v2", "gid.user_index", "net.peer_route",
	"net.peer_neigh", "net.arp_flux", "peer.same_gid_type", "net.control_port",
	"host.memlock_for_test", "net.pmtu", "pci.link_degraded", "qos.pause",
	"counters.error_rising", NULL,
};

static const struct {
	const char *id;
	const char *const *causes;
} symptom_causes[] = {
	{ "net.ping", ping_causes },
	{ "net.control_port", ctrl_causes },
	{ "rdma.cm_resolve", cm_causes },
	{ "perf.pingpong", test_causes },
	{ "perf.bandwidth", bw_causes },
};

const char *const *rs_check_causes(const struct rs_check *c)
{
	for (size_t i = 0; i < sizeof(symptom_causes) / sizeof(symptom_causes[0]); i++)
		if (!strcmp(symptom_causes[i].id, c->id))
			return symptom_causes[i].causes;
	return NULL;
}

void rs_findings_init(struct rs_findings *f)
{
	f->items = NULL;
	f->count = 0;
	rs_nidx_init(&f->by_device);
	f->device_next = NULL;
	rs_nidx_init(&f->by_netdev);
	f->netdev_next = NULL;
	f->indexed = 0;
}

void rs_findings_free(struct rs_findings *f)
{
	free(f->items);
	rs_nidx_free(&f->by_device);
	free(f->device_next);
	rs_nidx_free(&f->by_netdev);
	free(f->netdev_next);
	rs_findings_init(f);
}

#define FINDING_KEYS(f, field) \
	((struct rs_nidx_strs){ (const char *)(f)->items, sizeof(*(f)->items), \
				offsetof(struct rs_finding, field) })

/* Chain the findings by one name of theirs, in order (tail: scratch). */
static void chain(struct rs_findings *f, const struct rs_nidx_strs *keys, struct rs_nidx *x,
		  size_t **next, size_t *tail)
{
	rs_nidx_clear(x);
	*next = rs_xrealloc(*next, (f->count ? f->count : 1) * sizeof(**next));
	for (size_t i = 0; i < f->count; i++) {
		size_t head;

		(*next)[i] = SIZE_MAX;
		if (!rs_nidx_add_str(x, keys, i, &head)) {
			tail[i] = i;
			continue;
		}
		(*next)[tail[head]] = i;
		tail[head] = i;
	}
}

static void index_findings(struct rs_findings *f)
{
	const struct rs_nidx_strs dev = FINDING_KEYS(f, device), net = FINDING_KEYS(f, netdev);
	size_t *tail = rs_xcalloc(f->count ? f->count : 1, sizeof(*tail));

	chain(f, &dev, &f->by_device, &f->device_next, tail);
	chain(f, &net, &f->by_netdev, &f->netdev_next, tail);
	free(tail);
	f->indexed = f->count;
}

/* The next finding after prev whose name at offset is name: the chain
 * when the findings are indexed, else a walk. */
static const struct rs_finding *chained(const struct rs_findings *f,
					const struct rs_nidx_strs *keys,
					const struct rs_nidx *x, const size_t *next,
					const char *name, const struct rs_finding *prev)
{
	size_t i;
	long first;

	if (f->indexed != f->count) {
		for (i = prev ? (size_t)(prev - f->items) + 1 : 0; i < f->count; i++)
			if (!strcmp((const char *)&f->items[i] + keys->off, name))
				return &f->items[i];
		return NULL;
	}
	if (prev) {
		i = next[prev - f->items];
		return i == SIZE_MAX ? NULL : &f->items[i];
	}
	first = rs_nidx_find_str(x, keys, name);
	return first < 0 ? NULL : &f->items[first];
}

const struct rs_finding *rs_findings_of_device(const struct rs_findings *f, const char *dev,
					       const struct rs_finding *prev)
{
	const struct rs_nidx_strs keys = FINDING_KEYS(f, device);

	return chained(f, &keys, &f->by_device, f->device_next, dev, prev);
}

const struct rs_finding *rs_findings_of_netdev(const struct rs_findings *f, const char *netdev,
					       const struct rs_finding *prev)
{
	const struct rs_nidx_strs keys = FINDING_KEYS(f, netdev);

	return chained(f, &keys, &f->by_netdev, f->netdev_next, netdev, prev);
}

struct rs_finding *rs_finding_new(struct rs_findings *out, const struct rs_check *c,
				  enum rs_verdict v, enum rs_object_kind kind)
{
	struct rs_finding *f = RS_APPEND(out->items, out->count);

	f->id = c->id;
	f->verdict = v;
	f->kind = kind;
	return f;
}

struct rs_finding *rs_finding_dev(struct rs_findings *out, const struct rs_check *c,
				  enum rs_verdict v, const struct rs_device *d)
{
	struct rs_finding *f = rs_finding_new(out, c, v, RS_OBJ_DEVICE);

	RS_FSET(f->object, "%s", d->name);
	RS_FSET(f->device, "%s", d->name);
	return f;
}

struct rs_finding *rs_finding_port(struct rs_findings *out, const struct rs_check *c,
				   enum rs_verdict v, const struct rs_device *d,
				   const struct rs_port *p)
{
	struct rs_finding *f = rs_finding_new(out, c, v, RS_OBJ_PORT);

	RS_FSET(f->object, "%s port %u", d->name, p->num);
	RS_FSET(f->device, "%s", d->name);
	RS_FSET(f->netdev, "%s", p->netdev);
	f->port = p->num;
	return f;
}

struct rs_finding *rs_finding_host(struct rs_findings *out, const struct rs_check *c,
				   enum rs_verdict v)
{
	struct rs_finding *f = rs_finding_new(out, c, v, RS_OBJ_HOST);

	RS_FSET(f->object, "host");
	return f;
}

struct rs_finding *rs_finding_netdev(struct rs_findings *out, const struct rs_check *c,
				     enum rs_verdict v, const char *netdev)
{
	struct rs_finding *f = rs_finding_new(out, c, v, RS_OBJ_NETDEV);

	RS_FSET(f->object, "%s", netdev);
	RS_FSET(f->netdev, "%s", netdev);
	return f;
}

struct rs_finding *rs_finding_peer(struct rs_findings *out, const struct rs_check *c,
				   enum rs_verdict v, const struct rs_snapshot *s)
{
	const struct rs_route_lookup *lk = &s->peer;
	struct rs_finding *f = rs_finding_new(out, c, v, RS_OBJ_PEER);

	RS_FSET(f->object, "%s", lk->peer[0] ? lk->peer : "peer");
	RS_FSET(f->addr, "%s", lk->peer);
	RS_FSET(f->netdev, "%s", lk->dev);
	return f;
}

/* The port whose netdev is name, or whose netdev is the lower device of
 * the VLAN name (RoCE over a VLAN: the GIDs are the VLAN's, the port the
 * parent's). */
static const struct rs_port *port_of_netdev(const struct rs_snapshot *s, const char *name,
					    const struct rs_device **dev)
{
	const struct rs_link *l = name[0] ? rs_snapshot_link(s, name) : NULL;
	const char *lower = l && l->vlan_id >= 0 && l->vlan_parent[0] ? l->vlan_parent : NULL;

	if (!name[0])
		return NULL;
	for (size_t d = 0; d < s->n_devices; d++)
		for (size_t p = 0; p < s->devices[d].n_ports; p++) {
			const char *nd = s->devices[d].ports[p].netdev;

			if (nd[0] && (!strcmp(nd, name) || (lower && !strcmp(nd, lower)))) {
				if (dev)
					*dev = &s->devices[d];
				return &s->devices[d].ports[p];
			}
		}
	return NULL;
}

int rs_is_rdma_netdev(const struct rs_snapshot *s, const char *name)
{
	return port_of_netdev(s, name, NULL) != NULL;
}

const struct rs_port *rs_route_port(const struct rs_snapshot *s, const struct rs_device **dev)
{
	if (!s->peer.peer[0] || !s->peer.ok)
		return NULL;
	return port_of_netdev(s, s->peer.dev, dev);
}

/* ACTIVE Ethernet beats Ethernet beats any port. */
static int port_rank(const struct rs_port *p)
{
	return rs_port_is_eth(p) ? (p->state == RS_PORT_ACTIVE ? 2 : 1) : 0;
}

const struct rs_port *rs_first_port(const struct rs_snapshot *s, const struct rs_device **dev)
{
	const struct rs_port *fp = NULL;

	for (size_t i = 0; i < s->n_devices; i++)
		for (size_t j = 0; j < s->devices[i].n_ports; j++) {
			const struct rs_port *p = &s->devices[i].ports[j];

			if (!fp || port_rank(p) > port_rank(fp)) {
				fp = p;
				if (dev)
					*dev = &s->devices[i];
			}
		}
	return fp;
}

const struct rs_port *rs_peer_port(const struct rs_snapshot *s, const struct rs_device **dev)
{
	const struct rs_port *p = rs_route_port(s, dev);

	if (p || (s->peer.peer[0] && s->peer.ok))
		return p;
	p = rs_first_port(s, dev);
	return p && rs_port_is_eth(p) ? p : NULL;
}

int rs_ctx_rdma_netdev(const struct rs_check_ctx *ctx, const char *name)
{
	const struct rs_link *l;

	if (rs_snap_index_netdev_port(ctx->index, name, NULL))
		return 1;
	/* A VLAN over an RDMA netdev, as port_of_netdev() says. */
	l = rs_ctx_link(ctx, name);
	return l && l->vlan_id >= 0 && l->vlan_parent[0] &&
	       rs_snap_index_netdev_port(ctx->index, l->vlan_parent, NULL);
}

const struct rs_link *rs_ctx_link(const struct rs_check_ctx *ctx, const char *name)
{
	return name[0] ? rs_snap_index_link(ctx->index, name) : NULL;
}

static int error_matches(const struct rs_error *e, enum rs_area a, const char *source,
			 const char *object, const char *prefix)
{
	return e->area == a && (!source || !strcmp(e->source, source)) &&
	       (!object || !strcmp(e->object, object)) &&
	       (!prefix || !strncmp(e->message, prefix, strlen(prefix)));
}

const struct rs_error *rs_check_error(const struct rs_snapshot *s, enum rs_area a,
				      const char *source, const char *object,
				      const char *prefix)
{
	for (size_t i = 0; i < s->n_errors; i++)
		if (error_matches(&s->errors[i], a, source, object, prefix))
			return &s->errors[i];
	return NULL;
}

const struct rs_error *rs_ctx_error(const struct rs_check_ctx *ctx, enum rs_area a,
				    const char *source, const char *object, const char *prefix)
{
	const struct rs_snap_index *x = ctx->index;

	for (size_t i = rs_snap_index_error_first(x, object); i != SIZE_MAX;
	     i = rs_snap_index_error_next(x, i))
		if (error_matches(&x->snap->errors[i], a, source, NULL, prefix))
			return &x->snap->errors[i];
	return NULL;
}

int rs_check_probe(const struct rs_check *c)
{
	return c->probe ? c->probe - 1 : -1;
}

/* Two checks read a test: named by their function, not by a table column
 * every other check would carry empty. */
int rs_check_test(const struct rs_check *c)
{
	return c->fn == rs_check_pingpong ? RS_TEST_LAT : c->fn == rs_check_bandwidth ? RS_TEST_BW :
	       -1;
}

void rs_check_params_init(struct rs_check_params *p)
{
	memset(p, 0, sizeof(*p));
	p->gid_index = -1;
}

const struct rs_check *rs_check_find(const char *id)
{
	for (const struct rs_check *c = rs_checks; c->id; c++)
		if (!strcmp(c->id, id))
			return c;
	return NULL;
}

/* Run fn(c) for each c with ctx->index set: the caller's, or one built
 * for this run. */
static void run_indexed(const struct rs_check_ctx *ctx, const struct rs_check *only,
			struct rs_findings *out)
{
	struct rs_check_ctx with = *ctx;
	struct rs_snap_index own;

	if (!ctx->index) {
		rs_snap_index_init(&own);
		rs_snap_index_build(&own, ctx->snap);
		with.index = &own;
	}
	for (const struct rs_check *c = only ? only : rs_checks; c->id; c++) {
		c->fn(&with, c, out);
		if (only)
			break;
	}
	if (!ctx->index)
		rs_snap_index_free(&own);
}

int rs_check_run(const struct rs_check_ctx *ctx, const char *id, struct rs_findings *out)
{
	const struct rs_check *c = rs_check_find(id);

	if (!c)
		return -ENOENT;
	run_indexed(ctx, c, out);
	return 0;
}

int rs_checks_run(const struct rs_check_ctx *ctx, struct rs_findings *out)
{
	/* Keep the array: a console tick reruns every check, the count is stable. */
	out->count = 0;
	run_indexed(ctx, NULL, out);
	index_findings(out);
	return 0;
}

int rs_checks_run_some(const struct rs_check_ctx *ctx, struct rs_findings *out, size_t *next,
		       uint64_t until_ns)
{
	if (!*next)
		out->count = 0;
	while (rs_checks[*next].id) {
		rs_checks[*next].fn(ctx, &rs_checks[*next], out);
		(*next)++;
		if (rs_now_ns() >= until_ns)
			break;
	}
	if (rs_checks[*next].id)
		return 0;
	index_findings(out);
	return 1;
}

static int matches(const struct rs_finding *f, const char *id, const char *object)
{
	return (!id || !strcmp(f->id, id)) && (!object || !strcmp(f->object, object));
}

const struct rs_finding *rs_findings_next(const struct rs_findings *f,
					  const struct rs_finding *prev, const char *id,
					  const char *object)
{
	size_t i = prev ? (size_t)(prev - f->items) + 1 : 0;

	for (; i < f->count; i++)
		if (matches(&f->items[i], id, object))
			return &f->items[i];
	return NULL;
}

const struct rs_finding *rs_findings_get(const struct rs_findings *f, const char *id,
					 const char *object)
{
	return rs_findings_next(f, NULL, id, object);
}

static int key_matches(const struct rs_finding *f, const struct rs_fkey *k)
{
	return (!k->id || !strcmp(f->id, k->id)) && (k->kind < 0 || (int)f->kind == k->kind) &&
	       (!k->device || !strcmp(f->device, k->device)) && (!k->port || f->port == k->port) &&
	       (!k->netdev || !strcmp(f->netdev, k->netdev)) &&
	       (!k->addr || !strcmp(f->addr, k->addr)) &&
	       (!k->object || !strcmp(f->object, k->object));
}

const struct rs_finding *rs_findings_find(const struct rs_findings *f,
					  const struct rs_finding *prev,
					  const struct rs_fkey *key)
{
	size_t i = prev ? (size_t)(prev - f->items) + 1 : 0;

	if (key->device) {
		while ((prev = rs_findings_of_device(f, key->device, prev)))
			if (key_matches(prev, key))
				return prev;
		return NULL;
	}
	for (; i < f->count; i++)
		if (key_matches(&f->items[i], key))
			return &f->items[i];
	return NULL;
}

const struct rs_finding *rs_findings_port(const struct rs_findings *f, const char *id,
					  const char *device, unsigned port)
{
	struct rs_fkey k = {
		.id = id, .kind = port ? RS_OBJ_PORT : RS_OBJ_DEVICE, .device = device,
		.port = port,
	};

	return rs_findings_find(f, NULL, &k);
}

const struct rs_finding *rs_findings_neigh(const struct rs_findings *f, const char *id,
					   const char *netdev, const char *addr)
{
	struct rs_fkey k = { .id = id, .kind = RS_OBJ_NEIGH, .netdev = netdev, .addr = addr };

	return rs_findings_find(f, NULL, &k);
}

int rs_findings_count_problems(const struct rs_findings *f, const struct rs_fkey *key)
{
	const struct rs_finding *at = NULL;
	int n = 0;

	while ((at = rs_findings_find(f, at, key)))
		n += rs_finding_is_problem(at);
	return n;
}

int rs_findings_problems(const struct rs_findings *f, const char *id)
{
	int n = 0;

	for (size_t i = 0; i < f->count; i++)
		n += matches(&f->items[i], id, NULL) && rs_finding_is_problem(&f->items[i]);
	return n;
}

void rs_fmt_memlock(char *buf, size_t len, uint64_t v)
{
	if (v == RS_MEMLOCK_UNLIMITED)
		snprintf(buf, len, "unlimited");
	else if (v >= (1ULL << 20))
		snprintf(buf, len, "%llu MiB", (unsigned long long)(v >> 20));
	else
		snprintf(buf, len, "%llu KiB", (unsigned long long)(v >> 10));
}

int rs_roce_mtu(unsigned netdev_mtu)
{
	static const int ib_mtus[] = { 4096, 2048, 1024, 512, 256 };

	/* RoCE v2 headers take 96 bytes of the Ethernet payload (IBTA A17.3). */
	for (size_t i = 0; i < sizeof(ib_mtus) / sizeof(ib_mtus[0]); i++)
		if (netdev_mtu >= (unsigned)ib_mtus[i] + 96)
			return ib_mtus[i];
	return 0;
}
