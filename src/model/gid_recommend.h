/* SPDX-License-Identifier: MIT */
/*
 * gid_recommend.h - which GID index a RoCE v2 application should use.
 *
 * For a port: the RoCE v2 entry whose address is the port netdev's IPv4
 * address (IPv4-mapped GID), else the RoCE v2 entry with a global IPv6
 * address; never a link-local or RoCE v1 entry.  Pure function of the
 * snapshot, shared by `rocescope gids` and the console.
 */
#ifndef RS_GID_RECOMMEND_H
#define RS_GID_RECOMMEND_H

#include "finding.h"
#include "model/snap_index.h"
#include "snapshot.h"

/*
 * What a port's GID table says, once for every view (gids, check, the
 * console's GIDs and Devices panes): they word it with
 * rs_gid_pick_summary() and judge it as gid.no_roce_v2 does.
 */
enum rs_gid_state {
	RS_GID_USE,		/* an index to use (pass) */
	RS_GID_STALE,		/* one, whose address left its netdev (warn) */
	RS_GID_NONE,		/* the table was read: nothing to use (fail) */
	RS_GID_UNKNOWN,		/* not a RoCE port, or its table not read (skip) */
};

struct rs_gid_pick {
	enum rs_gid_state state;
	int index;		/* -1 when no suitable RoCE v2 entry exists */
	int stale;		/* 1: its address is no longer on its netdev */
	const struct rs_gid *gid;	/* the entry, or NULL */
	char reason[256];	/* why this one, or why none (the reader's language) */
	char reason_en[256];	/* the same in English when reason is translated, else "" */
};

/* The sentence every view shows: "use GID index 3", "no GID index to use:
 * REASON", or for an unknown table its reason ("GID table not read:
 * Permission denied"). */
const char *rs_gid_pick_summary(const struct rs_gid_pick *pick, char *buf, size_t len);
/* The finding's summary (gid.no_roce_v2) from the pick: in the reader's
 * language, and in English as well when that is translated, as
 * RS_FSUMMARY sets them (rs_finding_summary_en()). */
void rs_gid_pick_summary_set(const struct rs_gid_pick *pick, struct rs_finding *f);
/* The reason in English, for a text kept in English (a finding's English
 * summary). */
const char *rs_gid_pick_reason_en(const struct rs_gid_pick *pick);
/* "use", "stale", "none", "unknown": the state in JSON. */
const char *rs_gid_state_name(enum rs_gid_state st);

void rs_gid_recommend(const struct rs_snapshot *s, const struct rs_device *d,
		      const struct rs_port *p, struct rs_gid_pick *pick);
/* The same, the addresses looked up in x (for a caller that asks about
 * every port: constant time per address instead of a walk). */
void rs_gid_recommend_in(const struct rs_snap_index *x, const struct rs_device *d,
			 const struct rs_port *p, struct rs_gid_pick *pick);
/* 1 for entries that are the usual traps of a RoCE port: RoCE v1 or IPv6
 * link-local (never on an InfiniBand port, where both are normal). */
int rs_gid_is_trap(const struct rs_port *p, const struct rs_gid *g);
/* The entry with that index on the port, or NULL (an empty slot). */
const struct rs_gid *rs_gid_find(const struct rs_port *p, unsigned index);
/* 1 when g's IPv4 address is on its netdev (or addresses are unknown). */
int rs_gid_addr_current_in(const struct rs_snap_index *x, const struct rs_gid *g);
/* "trap: RoCE v1", "trap: link-local" (English, marked for translation: shown translated),
 * or NULL for an entry that is none. */
const char *rs_gid_trap_label(const struct rs_port *p, const struct rs_gid *g);
/*
 * The entry's type as show_gids shows it: the type read, or on an
 * InfiniBand port without gid_attrs/types the IB type ("IB/RoCE v1", v1).
 */
enum rs_gid_type rs_gid_type_of(const struct rs_port *p, const struct rs_gid *g);

/* What makes perftest, NCCL and UCX use a GID index. */
struct rs_gid_settings {
	char perftest[24];	/* "-x 3" */
	char nccl[40];		/* "NCCL_IB_GID_INDEX=3" */
	char ucx[40];		/* "UCX_IB_GID_INDEX=3" */
};

void rs_gid_settings(int index, struct rs_gid_settings *out);

#endif
