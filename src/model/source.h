/* SPDX-License-Identifier: MIT */
/*
 * source.h - where a snapshot comes from, for the CLI views and the console.
 *
 * live : the host itself (collectors, root "/")
 * root : the collectors on a fixture tree (--root DIR)
 * file : a saved snapshot (--load FILE); static afterwards
 * demo : the bundled demo host (--demo); its counters move deterministically
 *        on every refresh so a newcomer sees a live console without RDMA.
 */
#ifndef RS_SOURCE_H
#define RS_SOURCE_H

#include "snapshot.h"

enum rs_source_kind {
	RS_SOURCE_LIVE,
	RS_SOURCE_ROOT,
	RS_SOURCE_FILE,
	RS_SOURCE_DEMO,
};

struct rs_source_opts {
	const char *root;	/* NULL or "/" for live */
	const char *load;	/* snapshot file, or NULL */
	int demo;
	const char *peer;	/* route lookup target, or NULL */
	int gids_only;		/* live/root: RDMA devices + addresses only (fast gids view) */
};

struct rs_source {
	enum rs_source_kind kind;
	char label[256];	/* "live", "root /tmp/x", "file snap.yaml", "demo" */
	char peer[64];
	unsigned long ticks;	/* refreshes done (drives the demo) */
	int gids_only;		/* opened with gids_only: reload does the same */
};

/*
 * --demo, --load and --root exclude each other; --root / is the live host
 * and excludes nothing.  0, or -EINVAL with err set.
 */
int rs_source_check(const char *root, const char *load, int demo, char *err, size_t errlen);

/* Fill s from the source; on error returns -errno with err set. */
int rs_source_open(struct rs_source *src, const struct rs_source_opts *o,
		   struct rs_snapshot *s, char *err, size_t errlen);
/* Counters only: live/root re-read, demo advances, file does nothing. */
int rs_source_refresh_counters(struct rs_source *src, struct rs_snapshot *s);
/* Everything again (devices, GIDs, network), e.g. after a hot-plug. */
int rs_source_reload(struct rs_source *src, struct rs_snapshot *s, char *err, size_t errlen);
/* 1 when counters can move (live, root, demo). */
int rs_source_is_dynamic(const struct rs_source *src);

#endif
