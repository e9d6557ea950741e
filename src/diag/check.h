/* SPDX-License-Identifier: MIT */
/*
 * check.h - the problem checks: pure functions of a context.
 *
 * Every problem rocescope marks (in the console, in the CLI, later in the
 * guided wizard) is found here, once.  A check has a stable id (documented
 * in docs/checks.md; wizard trees in profiles/ name checks by it) and emits
 * one finding per object it looked at: a device, a port, a netdev, a
 * module, the host, the peer.  A finding carries the verdict, the evidence
 * (where the value came from and what it was), the expectation, and the
 * remedy an engineer types.
 *
 * The context is what a check may look at: the snapshot, the counter series
 * (the previous readings: deltas and rates over the last interval, or NULL
 * when there was one reading only) and the parameters the user gave (the
 * peer).  Checks do no I/O and keep no state: the same context gives the
 * same findings, so a saved snapshot is diagnosed exactly as the live host
 * was.  Data the context lacks gives a skip that says what was missing.
 */
#ifndef RS_CHECK_H
#define RS_CHECK_H

#include "capture/cap_ctx.h"
#include "diag/profile.h"
#include "finding.h"
#include "i18n.h"
#include "model/peer_view.h"
#include "model/series.h"
#include "model/snap_index.h"
#include "perf/outcome.h"
#include "probe/probe.h"
#include "snapshot.h"

struct rs_findings {
	struct rs_finding *items;
	size_t count;
	/* The findings about each device, chained in order (built by
	 * rs_checks_run(); a lookup by device walks the chain while
	 * indexed == count, the whole array otherwise). */
	struct rs_nidx by_device;
	size_t *device_next;		/* the next finding of the same device, or SIZE_MAX */
	struct rs_nidx by_netdev;	/* the same by netdev (a NIC's findings) */
	size_t *netdev_next;
	size_t indexed;
};

/* What the user asked about, beyond the host itself. */
struct rs_check_params {
	const char *peer;		/* the peer IP given (--peer, p), or NULL */
	int gid_index;			/* -x N the user means to use; -1 none */
	uint64_t msg_size;		/* -s: bytes of one message of the test; 0 none */
	unsigned tx_depth;		/* -t: messages in flight per QP; 0 means 128 */
	unsigned qps;			/* -q: queue pairs; 0 means 1 */
	const struct rs_profile *profile;	/* --profile: the site's expectations */
};

struct rs_cap_analysis;
struct rs_qp_table;

struct rs_check_ctx {
	const struct rs_snapshot *snap;
	const struct rs_series *series;	/* NULL: one reading, nothing can be rising */
	const struct rs_check_params *params;	/* NULL: none given */
	int recorded;			/* a recorded host (file, root, demo): no probe can run */
	/* The session's jobs' parts (each fills its own: src/session/job.h) */
	const struct rs_probe_results *probes;	/* NULL: no probe ran (probe/probe.h) */
	const struct rs_peer_view *peer_view;	/* NULL: the peer's own view is unknown */
	const struct rs_capture_ctx *capture;	/* NULL: no capture running (capture/cap_ctx.h) */
	const struct rs_test_results *tests;	/* NULL: no test job (perf/outcome.h) */
	const struct rs_qp_table *qps;	/* the followed QPs (model/qp_track.h); NULL none */
	/* snap's lookups (model/snap_index.h); NULL: rs_checks_run() builds one */
	const struct rs_snap_index *index;
};

/* The parameters' defaults: nothing given. */
void rs_check_params_init(struct rs_check_params *p);

/*
 * A structured finding lookup: every member set must match (NULL or 0 is
 * "any").  kind -1 is any kind.
 */
struct rs_fkey {
	const char *id;
	int kind;			/* enum rs_object_kind, or -1 */
	const char *device;
	unsigned port;
	const char *netdev;
	const char *addr;
	const char *object;		/* module name, or the host */
};

struct rs_check;
typedef void (*rs_check_fn)(const struct rs_check_ctx *ctx, const struct rs_check *c,
			    struct rs_findings *out);

struct rs_check {
	const char *id;		/* stable: "pci.link_degraded" */
	const char *title;	/* one line for lists and docs */
	rs_check_fn fn;
	int probe;		/* the probe whose result it reads (+1), 0 none */
};

/* The probe a check needs before it can judge, or -1. */
int rs_check_probe(const struct rs_check *c);
/* The embedded test (enum rs_test_kind) a check needs, or -1. */
int rs_check_test(const struct rs_check *c);
/*
 * A check that observes a symptom (ping, the control port, rdma_cm, an
 * embedded test): the ids of the checks that can cause its failure, in the
 * order a person would look (what this host knows before what needs the
 * network), NULL-ended; NULL for a check that names a cause itself.
 */
const char *const *rs_check_causes(const struct rs_check *c);

/* Every check, in the order findings are listed; ends with { NULL }. */
extern const struct rs_check rs_checks[];

/* Run every check (replaces out's content).  Returns 0. */
int rs_checks_run(const struct rs_check_ctx *ctx, struct rs_findings *out);
/*
 * The same in slices (a host of thousands of ports, on the loop): from
 * check *next on (0: out is emptied first) until the clock passes
 * until_ns, at least one check; 1 when the last is done and out is whole.
 * ctx->index must be set.
 */
int rs_checks_run_some(const struct rs_check_ctx *ctx, struct rs_findings *out, size_t *next,
		       uint64_t until_ns);
/* Run one check by id, appending to out.  -ENOENT for an unknown id. */
int rs_check_run(const struct rs_check_ctx *ctx, const char *id, struct rs_findings *out);
const struct rs_check *rs_check_find(const char *id);
void rs_findings_init(struct rs_findings *f);
void rs_findings_free(struct rs_findings *f);

/*
 * The first finding of check id about object (NULL: any object), or NULL.
 * rs_findings_next() continues after prev with the same filter.
 */
const struct rs_finding *rs_findings_get(const struct rs_findings *f, const char *id,
					 const char *object);
const struct rs_finding *rs_findings_next(const struct rs_findings *f,
					  const struct rs_finding *prev, const char *id,
					  const char *object);
/* The first finding matching key after prev (NULL: from the start), or NULL. */
const struct rs_finding *rs_findings_find(const struct rs_findings *f,
					  const struct rs_finding *prev,
					  const struct rs_fkey *key);
/* The findings about device dev (its own and its ports'), after prev
 * (NULL: from the first), or NULL: constant time per finding. */
const struct rs_finding *rs_findings_of_device(const struct rs_findings *f, const char *dev,
					       const struct rs_finding *prev);
/* The same for the findings whose netdev is netdev ("" is never asked). */
const struct rs_finding *rs_findings_of_netdev(const struct rs_findings *f, const char *netdev,
					       const struct rs_finding *prev);
/* The findings of check id about a device (port 0) or one of its ports. */
const struct rs_finding *rs_findings_port(const struct rs_findings *f, const char *id,
					  const char *device, unsigned port);
/* The finding of check id about a neighbour (netdev, address). */
const struct rs_finding *rs_findings_neigh(const struct rs_findings *f, const char *id,
					   const char *netdev, const char *addr);
/* Problems (warn, fail) among the findings matching key. */
int rs_findings_count_problems(const struct rs_findings *f, const struct rs_fkey *key);
/* Problems among the findings of check id (NULL: all). */
int rs_findings_problems(const struct rs_findings *f, const char *id);

/* The RoCE path MTU a netdev MTU allows: largest IB MTU <= mtu - 96; 0 none. */
int rs_roce_mtu(unsigned netdev_mtu);

/* A memlock limit for people: "unlimited", "64 MiB", "64 KiB". */
void rs_fmt_memlock(char *buf, size_t len, uint64_t v);

/* For the check modules: append a finding with id, verdict and kind set. */
struct rs_finding *rs_finding_new(struct rs_findings *out, const struct rs_check *c,
				  enum rs_verdict v, enum rs_object_kind kind);
/* The same about a device, a port, the host (object and key fields set). */
struct rs_finding *rs_finding_dev(struct rs_findings *out, const struct rs_check *c,
				  enum rs_verdict v, const struct rs_device *d);
struct rs_finding *rs_finding_port(struct rs_findings *out, const struct rs_check *c,
				   enum rs_verdict v, const struct rs_device *d,
				   const struct rs_port *p);
struct rs_finding *rs_finding_host(struct rs_findings *out, const struct rs_check *c,
				   enum rs_verdict v);
/* The same about a network interface (object and netdev its name). */
struct rs_finding *rs_finding_netdev(struct rs_findings *out, const struct rs_check *c,
				     enum rs_verdict v, const char *netdev);
/* The same about the peer of s's route lookup (its address, the netdev). */
struct rs_finding *rs_finding_peer(struct rs_findings *out, const struct rs_check *c,
				   enum rs_verdict v, const struct rs_snapshot *s);
/* 1 when name is the netdev of an RDMA port of s (or a VLAN on one). */
int rs_is_rdma_netdev(const struct rs_snapshot *s, const char *name);
/* The same lookups through ctx->index, in constant time: what a check asks
 * once per port, link or address uses these. */
int rs_ctx_rdma_netdev(const struct rs_check_ctx *ctx, const char *name);
const struct rs_link *rs_ctx_link(const struct rs_check_ctx *ctx, const char *name);
/*
 * The RDMA port the route to the peer leaves through (s->peer: the kernel's
 * lookup, or the one computed from a recording), and its device; NULL when
 * no peer was looked up or the route leaves through no RDMA port.
 */
const struct rs_port *rs_route_port(const struct rs_snapshot *s, const struct rs_device **dev);
/*
 * The port a check about the peer is about: the route's (above); with no
 * route looked up (no peer, or the lookup failed), the first ACTIVE
 * Ethernet port; NULL when the route leaves through an interface that is
 * not RDMA (net.peer_route says so).
 */
const struct rs_port *rs_peer_port(const struct rs_snapshot *s, const struct rs_device **dev);
/* The first ACTIVE Ethernet port, else the first Ethernet port, else the
 * first port at all; NULL on a host without RDMA ports. */
const struct rs_port *rs_first_port(const struct rs_snapshot *s, const struct rs_device **dev);
/*
 * Why a value is unknown: the first collection error of area a from source
 * (NULL: any) about object (NULL: any) whose message starts with prefix
 * (NULL: any), or NULL.  The collectors leave a field at its "unknown" value
 * and record why in the snapshot's errors (saved with it), so a check can
 * skip with the reason instead of judging the placeholder.
 */
const struct rs_error *rs_check_error(const struct rs_snapshot *s, enum rs_area a,
				      const char *source, const char *object,
				      const char *prefix);
/* rs_check_error() about one object (not NULL), through ctx->index. */
const struct rs_error *rs_ctx_error(const struct rs_check_ctx *ctx, enum rs_area a,
				    const char *source, const char *object, const char *prefix);

/* 1 when the peer looked up is this host and nothing crosses a wire to it
 * (loopback, or a local address the route delivers through lo). */
int rs_peer_self(const struct rs_snapshot *s);
/* 1 when two global addresses of one family are in one prefix. */
int rs_same_subnet(const struct rs_addr *a, const struct rs_addr *b);
/*
 * The addresses of the RDMA interfaces of ctx grouped by subnet
 * (subnets.c): for address i of the snapshot, head[i] is the first address
 * of its subnet and next[i] the one after it (array order); SIZE_MAX when
 * i is not on an RDMA interface or not an address.  rs_same_subnet(a, b)
 * holds exactly for a global a and a b of the same group.
 */
struct rs_subnets {
	const struct rs_snapshot *snap;
	size_t *head, *next;
	size_t *tail;			/* of each group, by head (building) */
	unsigned char *multi;		/* by head: the group spans two interfaces */
};
void rs_subnets_build(struct rs_subnets *g, const struct rs_check_ctx *ctx);
void rs_subnets_free(struct rs_subnets *g);
/* 1 when address i is global and its subnet holds another interface's. */
int rs_subnets_shared(const struct rs_subnets *g, size_t i);
#define RS_FSET(field, ...) snprintf((field), sizeof(field), __VA_ARGS__)
/*
 * A finding's summary: translated for the reader, and in English as well
 * when it is translated (rs_finding_summary_en(), for recordings).  fmt is
 * the English original (a literal, or N_() literals chosen by a
 * condition); the arguments are evaluated twice when translating, so
 * they must not have side effects.
 */
#define RS_FSUMMARY(f, fmt, ...) do {							\
	snprintf((f)->summary, sizeof((f)->summary), _(fmt), ##__VA_ARGS__);		\
	if (rs_i18n_translating())							\
		snprintf((f)->summary_en, sizeof((f)->summary_en), fmt, ##__VA_ARGS__);	\
	else										\
		(f)->summary_en[0] = '\0';						\
} while (0)
/*
 * The same when some arguments have an English form of their own (a pane
 * named with rs_pane_ref(), a reason worded in the reader's language):
 * the arguments twice, each list in parentheses, the reader's first, e.g.
 *   RS_FSUMMARY_EN(f, N_("see %s"), (rs_pane_ref(...)), (rs_pane_ref_en(...)));
 * fmt is marked with N_() where it is written.
 */
#define RS_ARGS(...) __VA_ARGS__
#define RS_FSUMMARY_EN(f, fmt, args, args_en) do {					\
	snprintf((f)->summary, sizeof((f)->summary), _(fmt), RS_ARGS args);		\
	if (rs_i18n_translating())							\
		snprintf((f)->summary_en, sizeof((f)->summary_en), fmt, RS_ARGS args_en); \
	else										\
		(f)->summary_en[0] = '\0';						\
} while (0)

/* The checks, by area (checks_device.c, checks_network.c, checks_host.c,
 * checks_counters.c). */
#define RS_CHECK_FN(name) \
	void name(const struct rs_check_ctx *, const struct rs_check *, struct rs_findings *)
RS_CHECK_FN(rs_check_device_none);
RS_CHECK_FN(rs_check_device_gone);
RS_CHECK_FN(rs_check_pci_link);
RS_CHECK_FN(rs_check_weak_roce_v2);
RS_CHECK_FN(rs_check_port_active);
RS_CHECK_FN(rs_check_roce_mtu);
RS_CHECK_FN(rs_check_gid_roce_v2);
RS_CHECK_FN(rs_check_cm_defaults);
RS_CHECK_FN(rs_check_error_rising);
RS_CHECK_FN(rs_check_error_totals);
RS_CHECK_FN(rs_check_default_route);
RS_CHECK_FN(rs_check_shared_subnet);
RS_CHECK_FN(rs_check_neigh_failed);
RS_CHECK_FN(rs_check_peer_route);
/* checks_neigh.c */
RS_CHECK_FN(rs_check_peer_neigh);
RS_CHECK_FN(rs_check_arp_flux);
/* The first RDMA driver not loaded while its NIC's Ethernet driver is (bnxt_re
 * for bnxt_en), with that driver in *core; NULL when there is none. */
const char *rs_check_rdma_module_missing(const struct rs_host *h, const char **core);
RS_CHECK_FN(rs_check_modules);
RS_CHECK_FN(rs_check_memlock);
RS_CHECK_FN(rs_check_hugepages);
/* checks_qos.c */
RS_CHECK_FN(rs_check_pause);
RS_CHECK_FN(rs_check_pfc);
RS_CHECK_FN(rs_check_trust);
RS_CHECK_FN(rs_check_ecn);
RS_CHECK_FN(rs_check_pause_rising);
/* checks_setup.c */
RS_CHECK_FN(rs_check_user_index);
RS_CHECK_FN(rs_check_default_index);
RS_CHECK_FN(rs_check_memlock_for_test);
RS_CHECK_FN(rs_check_max_mr);
RS_CHECK_FN(rs_check_profile_mtu);
RS_CHECK_FN(rs_check_profile_speed);
RS_CHECK_FN(rs_check_profile_firmware);
/* checks_peer.c */
RS_CHECK_FN(rs_check_ping);
RS_CHECK_FN(rs_check_pmtu);
RS_CHECK_FN(rs_check_control_port);
RS_CHECK_FN(rs_check_cm_resolve);
RS_CHECK_FN(rs_check_same_gid_type);
RS_CHECK_FN(rs_check_same_mtu);
RS_CHECK_FN(rs_check_same_pfc);
RS_CHECK_FN(rs_check_addr);
/* checks_perf.c */
RS_CHECK_FN(rs_check_pingpong);
RS_CHECK_FN(rs_check_bandwidth);
/* checks_nic.c */
RS_CHECK_FN(rs_check_health_reporter);
RS_CHECK_FN(rs_check_fec_uncorrectable);
RS_CHECK_FN(rs_check_module_alarm);
RS_CHECK_FN(rs_check_link_flaps);
RS_CHECK_FN(rs_check_pause_storm);
/* checks_dcqcn.c */
RS_CHECK_FN(rs_check_dcqcn);
RS_CHECK_FN(rs_check_same_dcqcn);
/* checks_qps.c */
RS_CHECK_FN(rs_check_qp_error_state);
RS_CHECK_FN(rs_check_qp_stalled);
RS_CHECK_FN(rs_check_qp_errors_rising);
RS_CHECK_FN(rs_check_qp_numa);
/* checks_capture.c */
RS_CHECK_FN(rs_check_capture_roce_v2);
RS_CHECK_FN(rs_check_capture_health);
/*
 * The capture's wire rules (capture_verdicts.c): its two answers from the
 * analysis a.  drops: packets the capture lost (libpcap ps_drop +
 * ps_ifdrop), counted against the evidence.  traffic_claimed: something
 * (a test, the user) says RDMA traffic runs, so nothing seen is a
 * failure, not a skip.  hint: appended to the "nothing seen" text (e.g.
 * the mlx5 sniffer), may be NULL.
 */
void rs_cap_verdicts(const struct rs_cap_analysis *a, uint64_t drops, int traffic_claimed,
		     const char *hint, struct rs_cap_verdicts *v);

#endif
