/* SPDX-License-Identifier: MIT */
/*
 * collect.c - one call that fills a whole snapshot, and one that refreshes
 * only its counters (the console's tick).
 *
 * The order matters: rdma before verbs (verbs completes the devices sysfs
 * found), rdma before net (the net collector maps ports to netdevs), net
 * before ethtool (ethtool fills the links net found).  A collector that
 * fails has recorded why in s->errors and the rest still run: a partial
 * snapshot with its reasons is the point of the tool.
 */
#include "collect/collect.h"
#include "util.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static void set_origin(struct rs_snapshot *s)
{
	struct tm tm;
	time_t now = time(NULL);

	if (rs_root_is_live())
		RS_STRCPY(s->source, "live");
	else if (rs_snprintf(s->source, sizeof(s->source), "root:%s", rs_root()))
		/* A root path too long for the field: keep its end, the telling part. */
		snprintf(s->source, sizeof(s->source), "root:...%s",
			 rs_root() + strlen(rs_root()) - (sizeof(s->source) - 9));
	if (gmtime_r(&now, &tm))
		strftime(s->taken_at, sizeof(s->taken_at), "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* Keep the first failure, run everything anyway. */
static void keep(int *ret, int r)
{
	if (r && !*ret)
		*ret = r;
}

int rs_collect_all(struct rs_snapshot *s, const struct rs_collect_opts *o)
{
	static const struct rs_collect_opts defaults;
	int ret = 0;

	if (!o)
		o = &defaults;
	set_origin(s);
	keep(&ret, rs_collect_host(s));
	keep(&ret, rs_collect_rdma(s));
	if (!o->no_verbs)
		keep(&ret, rs_collect_verbs(s));
	keep(&ret, rs_collect_net(s, o->peer));
	if (!o->no_ethtool)
		keep(&ret, rs_collect_ethtool(s));
	return ret;
}

int rs_collect_counters(struct rs_snapshot *s)
{
	int ret = 0;

	keep(&ret, rs_collect_rdma_counters(s));
	keep(&ret, rs_collect_net_counters(s));
	return ret;
}
