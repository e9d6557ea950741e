/* SPDX-License-Identifier: MIT */
/*
 * gid_recommend.c - pick the GID index a RoCE v2 application should use.
 *
 * The usual first-day failure is a GID index that works on one host and not
 * the other: index 0 (IPv6 link-local) or a RoCE v1 entry.  The right entry
 * is the RoCE v2 one whose address is the IPv4 address of the port's netdev;
 * mlx5 puts it at a different index on every host (v1 and v2 twins, VLANs),
 * so it has to be looked up, never assumed.
 *
 * Ranking, lowest index wins within a rank:
 *   0  RoCE v2, IPv4, on the port's netdev itself
 *   1  RoCE v2, IPv4, on a VLAN (or other upper) netdev of the port
 *   2  RoCE v2, IPv4, but the address is no longer on that netdev (stale)
 *   3  RoCE v2, global (not link-local) IPv6
 * RoCE v1 and link-local entries are never picked.  When the snapshot has no
 * addresses at all (a fixture tree without netlink), the GID table itself is
 * the evidence and every IPv4 entry counts as confirmed.
 *
 * The reasons and the summary are worded for a person, in their language;
 * a finding keeps its summary in English as well (recordings), so when
 * messages are translated the reason is worded twice, in English too.
 */
#include "model/gid_recommend.h"
#include "i18n.h"
#include "util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { RANK_NONE = 99 };

/* fmt (an English N_() literal) in English, or in the reader's language. */
static const char *lang(int en, const char *fmt) __attribute__((format_arg(2)));
static const char *lang(int en, const char *fmt)
{
	return en ? fmt : _(fmt);
}

static int is_link_local(const struct rs_gid *g)
{
	unsigned long first;
	char *end;

	if (g->ipv4)
		return 0;
	first = strtoul(g->gid, &end, 16);
	if (end == g->gid)
		return 0;
	return (first & 0xffc0) == 0xfe80;	/* fe80::/10 */
}

/*
 * The traps are RoCE ones.  On an InfiniBand port every GID is of the IB
 * type (the kernel's IB_GID_TYPE_IB, which sysfs prints "IB/RoCE v1") and
 * the default one is fe80::/64 plus the port GUID: neither is a trap there.
 */
int rs_gid_is_trap(const struct rs_port *p, const struct rs_gid *g)
{
	return rs_gid_trap_label(p, g) != NULL;
}

const char *rs_gid_trap_label(const struct rs_port *p, const struct rs_gid *g)
{
	if (rs_port_is_ib(p))
		return NULL;
	if (g->type == RS_GID_TYPE_ROCE_V1)
		return N_("trap: RoCE v1");
	if (is_link_local(g))
		return N_("trap: link-local");
	return NULL;
}

enum rs_gid_type rs_gid_type_of(const struct rs_port *p, const struct rs_gid *g)
{
	/* Old kernels have no gid_attrs/types: an IB port's GIDs are all of
	 * type 0, which show_gids shows as v1 (sysfs: "IB/RoCE v1"). */
	if (g->type == RS_GID_TYPE_UNKNOWN && rs_port_is_ib(p))
		return RS_GID_TYPE_ROCE_V1;
	return g->type;
}

void rs_gid_settings(int index, struct rs_gid_settings *out)
{
	snprintf(out->perftest, sizeof(out->perftest), "-x %d", index);
	snprintf(out->nccl, sizeof(out->nccl), "NCCL_IB_GID_INDEX=%d", index);
	snprintf(out->ucx, sizeof(out->ucx), "UCX_IB_GID_INDEX=%d", index);
}

/*
 * Where addresses are looked up: the snapshot's array, walked, or its
 * index (a caller that asks for every port: rs_gid_recommend_in()).
 */
struct addrs {
	const struct rs_snapshot *snap;
	const struct rs_snap_index *x;	/* NULL: walk snap->addrs */
};

/* The first address of ifname at or after i (SIZE_MAX: none). */
static size_t addr_of(const struct addrs *s, const char *ifname, size_t i, int first)
{
	if (s->x)
		return first ? rs_snap_index_addr_first(s->x, ifname) :
		       rs_snap_index_addr_next(s->x, i);
	for (i = first ? 0 : i + 1; i < s->snap->n_addrs; i++)
		if (!strcmp(s->snap->addrs[i].ifname, ifname))
			return i;
	return SIZE_MAX;
}

#define FOR_ADDRS_OF(s, ifname, i) \
	for (size_t i = addr_of((s), (ifname), 0, 1); i != SIZE_MAX; \
	     i = addr_of((s), (ifname), i, 0))

/* 1 when ip is an address of ifname in the snapshot (or addresses unknown). */
static int addr_confirmed(const struct addrs *s, const char *ifname, const char *ip)
{
	if (s->snap->n_addrs == 0)
		return 1;
	FOR_ADDRS_OF(s, ifname, i)
		if (!strcasecmp(s->snap->addrs[i].addr, ip))
			return 1;
	return 0;
}

const struct rs_gid *rs_gid_find(const struct rs_port *p, unsigned index)
{
	for (size_t i = 0; i < p->n_gids; i++)
		if (p->gids[i].index == index)
			return &p->gids[i];
	return NULL;
}

int rs_gid_addr_current_in(const struct rs_snap_index *x, const struct rs_gid *g)
{
	const struct addrs a = { x->snap, x };

	return !g->ipv4 || addr_confirmed(&a, g->netdev, g->ip);
}

static const struct rs_addr *first_ipv4(const struct addrs *s, const char *ifname)
{
	FOR_ADDRS_OF(s, ifname, i)
		if (s->snap->addrs[i].family == 4)
			return &s->snap->addrs[i];
	return NULL;
}

static int rank_of(const struct addrs *s, const struct rs_port *p, const struct rs_gid *g)
{
	if (g->type != RS_GID_TYPE_ROCE_V2 || is_link_local(g) || !g->ip[0])
		return RANK_NONE;
	/* ibv_global_route.sgid_index is 8 bits: -x 300 would use entry 44. */
	if (g->index > RS_GID_INDEX_VERBS_MAX)
		return RANK_NONE;
	if (!g->ipv4)
		return 3;
	if (!addr_confirmed(s, g->netdev, g->ip))
		return 2;
	if (p->netdev[0] && !strcmp(g->netdev, p->netdev))
		return 0;
	return 1;
}

static void explain_pick(const struct rs_port *p, const struct rs_gid *g, int rank,
			 char *r, size_t rl, int en)
{
	/* TRANSLATORS: instead of a netdev's name, in the GID reasons. */
	const char *nd = g->netdev[0] ? g->netdev : lang(en, N_("no netdev"));

	switch (rank) {
	case 0:
		/* TRANSLATORS: why a GID index is the one to use: its address,
		 * then its netdev. */
		snprintf(r, rl, lang(en, N_("RoCE v2, %s on %s")), g->ip, nd);
		break;
	case 1:
		if (g->vlan >= 0)
			snprintf(r, rl, lang(en, N_("RoCE v2, %s on %s (VLAN %d)")), g->ip, nd,
				 g->vlan);
		else if (p->netdev[0])
			/* TRANSLATORS: the address, the VLAN or other upper
			 * netdev, then the port's netdev. */
			snprintf(r, rl, lang(en, N_("RoCE v2, %s on %s, an upper device of %s")),
				 g->ip, nd, p->netdev);
		else
			snprintf(r, rl, lang(en, N_("RoCE v2, %s on %s, an upper device of the "
						    "port")), g->ip, nd);
		break;
	case 2:
		/* TRANSLATORS: the address, then its netdev twice. */
		snprintf(r, rl, lang(en, N_("RoCE v2, %s on %s, but that address is no longer "
					    "on %s: stale entry")), g->ip, nd, nd);
		break;
	default:
		snprintf(r, rl, lang(en, N_("RoCE v2, global IPv6 %s on %s (no IPv4 RoCE v2 "
					    "entry)")), g->ip, nd);
		break;
	}
}

/* The errors the collector noted about device d, in order: the first
 * at or after i (SIZE_MAX: none), through the index when there is one. */
static size_t error_of(const struct addrs *s, const struct rs_device *d, size_t i, int first)
{
	if (s->x)
		return first ? rs_snap_index_error_first(s->x, d->name) :
		       rs_snap_index_error_next(s->x, i);
	for (i = first ? 0 : i + 1; i < s->snap->n_errors; i++)
		if (!strcmp(s->snap->errors[i].object, d->name))
			return i;
	return SIZE_MAX;
}

#define FOR_ERRORS_OF(s, d, i) \
	for (size_t i = error_of((s), (d), 0, 1); i != SIZE_MAX; i = error_of((s), (d), i, 0))

/*
 * Why the table cannot be judged, or "" when it can: not read at all (no
 * slot listed), or some of its entries not read while none of those read
 * is usable (the one to use may be among the rest).  The reason is the
 * collector's (rdma_gids.c: "port N: cannot list gids: REASON", "port N
 * gid K: cannot read: REASON"), else what the snapshot lacks.
 */
static void table_unread(const struct addrs *s, const struct rs_device *d,
			 const struct rs_port *p, char *r, size_t rl, int en)
{
	char list[48], entry[48];
	const struct rs_error *e, *first = NULL, *listing = NULL;
	size_t n = 0;

	r[0] = '\0';
	snprintf(list, sizeof(list), "port %u: cannot list gids: ", p->num);
	snprintf(entry, sizeof(entry), "port %u gid ", p->num);
	FOR_ERRORS_OF(s, d, i) {
		e = &s->snap->errors[i];
		if (e->area != RS_AREA_RDMA || strcmp(e->source, "sysfs"))
			continue;
		if (!listing && !strncmp(e->message, list, strlen(list)))
			listing = e;
		if (!strncmp(e->message, entry, strlen(entry)) &&
		    strstr(e->message, ": cannot read: ")) {
			first = first ? first : e;
			n++;
		}
	}
	if (!p->gid_tbl_len && !p->n_gids) {
		if (listing)
			/* TRANSLATORS: %s is the collector's reason (a
			 * strerror text: "Permission denied"). */
			snprintf(r, rl, lang(en, N_("GID table not read: %s")),
				 listing->message + strlen(list));
		else
			snprintf(r, rl, "%s", lang(en, N_("GID table not read: no gids/ directory "
							  "in the snapshot")));
		return;
	}
	if (first)
		snprintf(r, rl, en ? (p->gid_tbl_len == 1 ?
			 "GID table not read: %zu of %u entry: %s" :
			 "GID table not read: %zu of %u entries: %s") :
			 /* TRANSLATORS: entries not read, the table's size,
			  * then the collector's reason. */
			 rs_trn("GID table not read: %zu of %u entry: %s",
				"GID table not read: %zu of %u entries: %s", p->gid_tbl_len),
			 n, p->gid_tbl_len,
			 strstr(first->message, ": cannot read: ") + strlen(": cannot read: "));
}

/* Why there is no RoCE v2 entry to use, most specific first, into r (in
 * English with en); RS_GID_UNKNOWN when the port's table cannot tell. */
static enum rs_gid_state explain_none(const struct addrs *s, const struct rs_device *d,
				      const struct rs_port *p, char *r, size_t rl, int en)
{
	const char *nd = p->netdev;
	int v1_ipv4 = 0, v2 = 0, any_netdev = 0;
	const struct rs_addr *a;

	for (size_t i = 0; i < p->n_gids; i++) {
		const struct rs_gid *g = &p->gids[i];

		if (g->type == RS_GID_TYPE_ROCE_V1 && g->ipv4)
			v1_ipv4 = 1;
		if (g->type == RS_GID_TYPE_ROCE_V2)
			v2 = 1;
		if (g->netdev[0])
			any_netdev = 1;
	}
	if (rs_port_is_ib(p)) {
		/* TRANSLATORS: %s is the link layer, "InfiniBand". */
		snprintf(r, rl, lang(en, N_("%s port: no RoCE GID to choose")), p->link_layer);
		return RS_GID_UNKNOWN;
	}
	table_unread(s, d, p, r, rl, en);
	if (r[0])
		return RS_GID_UNKNOWN;
	if (!p->link_layer[0]) {
		snprintf(r, rl, "%s", !nd[0] && !any_netdev ?
			 lang(en, N_("link layer unknown (no netdev): no RoCE GID to choose")) :
			 lang(en, N_("link layer unknown: no RoCE GID to choose")));
		return RS_GID_UNKNOWN;
	}
	if (!nd[0] && !any_netdev) {
		snprintf(r, rl, "%s", lang(en, N_("port has no netdev: RoCE needs an Ethernet "
						  "interface")));
		return RS_GID_NONE;
	}
	if (!nd[0])
		/* TRANSLATORS: instead of the port's netdev name in the
		 * reasons below (the port's GIDs name one, the port none). */
		nd = lang(en, N_("its netdev"));
	if (p->n_gids == 0) {
		snprintf(r, rl, lang(en, N_("GID table of the port is empty (%s down or no "
					    "address?)")), nd);
		return RS_GID_NONE;
	}
	if (v1_ipv4 && !v2) {
		snprintf(r, rl, lang(en, N_("only RoCE v1 entries carry IPv4 on %s: RoCE v2 is "
					    "not enabled or not supported")), nd);
		return RS_GID_NONE;
	}
	a = p->netdev[0] ? first_ipv4(s, p->netdev) : NULL;
	if (a)
		/* TRANSLATORS: the address, then the netdev. */
		snprintf(r, rl, lang(en, N_("%s on %s has no RoCE v2 GID entry (GID table not "
					    "updated?)")), a->addr, nd);
	else if (v2)
		snprintf(r, rl, lang(en, N_("only link-local RoCE v2 entries: no IPv4 address "
					    "on %s")), nd);
	else
		snprintf(r, rl, lang(en, N_("no RoCE v2 entry and no IPv4 address on %s")), nd);
	return RS_GID_NONE;
}

static void recommend(const struct addrs *s, const struct rs_device *d, const struct rs_port *p,
		      struct rs_gid_pick *pick)
{
	int best_rank = RANK_NONE;
	const struct rs_gid *best = NULL;

	memset(pick, 0, sizeof(*pick));
	pick->index = -1;
	for (size_t i = 0; i < p->n_gids; i++) {
		const struct rs_gid *g = &p->gids[i];
		int r = rank_of(s, p, g);

		if (r < best_rank || (r == best_rank && r != RANK_NONE && g->index < best->index)) {
			best_rank = r;
			best = g;
		}
	}
	if (!best) {
		pick->state = explain_none(s, d, p, pick->reason, sizeof(pick->reason), 0);
		if (rs_i18n_translating())
			explain_none(s, d, p, pick->reason_en, sizeof(pick->reason_en), 1);
		return;
	}
	pick->index = (int)best->index;
	pick->gid = best;
	pick->stale = best_rank == 2;
	pick->state = pick->stale ? RS_GID_STALE : RS_GID_USE;
	explain_pick(p, best, best_rank, pick->reason, sizeof(pick->reason), 0);
	if (rs_i18n_translating())
		explain_pick(p, best, best_rank, pick->reason_en, sizeof(pick->reason_en), 1);
}

void rs_gid_recommend(const struct rs_snapshot *s, const struct rs_device *d,
		      const struct rs_port *p, struct rs_gid_pick *pick)
{
	const struct addrs a = { s, NULL };

	recommend(&a, d, p, pick);
}

void rs_gid_recommend_in(const struct rs_snap_index *x, const struct rs_device *d,
			 const struct rs_port *p, struct rs_gid_pick *pick)
{
	const struct addrs a = { x->snap, x };

	recommend(&a, d, p, pick);
}

/* The summary in English (en) or in the reader's language. */
static const char *summary(const struct rs_gid_pick *pick, char *buf, size_t len, int en)
{
	const char *reason = en ? rs_gid_pick_reason_en(pick) : pick->reason;

	switch (pick->state) {
	case RS_GID_USE:
		snprintf(buf, len, lang(en, N_("use GID index %d")), pick->index);
		break;
	case RS_GID_STALE:
		/* TRANSLATORS: the index, its address, then its netdev. */
		snprintf(buf, len, lang(en, N_("GID index %d names %s, which is no longer on %s")),
			 pick->index, pick->gid->ip, pick->gid->netdev);
		break;
	case RS_GID_NONE:
		/* TRANSLATORS: %s is why (one of the GID reasons). */
		snprintf(buf, len, lang(en, N_("no GID index to use: %s")), reason);
		break;
	default:
		snprintf(buf, len, "%s", reason);
		break;
	}
	return buf;
}

const char *rs_gid_pick_summary(const struct rs_gid_pick *pick, char *buf, size_t len)
{
	return summary(pick, buf, len, 0);
}

const char *rs_gid_pick_reason_en(const struct rs_gid_pick *pick)
{
	return pick->reason_en[0] ? pick->reason_en : pick->reason;
}

void rs_gid_pick_summary_set(const struct rs_gid_pick *pick, struct rs_finding *f)
{
	summary(pick, f->summary, sizeof(f->summary), 0);
	if (rs_i18n_translating())
		summary(pick, f->summary_en, sizeof(f->summary_en), 1);
	else
		f->summary_en[0] = '\0';
}

const char *rs_gid_state_name(enum rs_gid_state st)
{
	static const char *const names[] = {
		[RS_GID_USE] = "use", [RS_GID_STALE] = "stale", [RS_GID_NONE] = "none",
		[RS_GID_UNKNOWN] = "unknown",
	};

	return (unsigned)st < RS_ARRAY_SIZE(names) ? names[st] : "unknown";
}
