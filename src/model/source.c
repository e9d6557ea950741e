/* SPDX-License-Identifier: MIT */
/*
 * source.c - open, refresh and reload a snapshot from one of four sources
 * (source.h): the live host, a fixture root, a saved file, the demo host.
 *
 * The views and the console only ever see a struct rs_snapshot and this
 * interface, so each of them runs unchanged on a live host, a customer's
 * file and the demo.  The "gids_only" mode is the fast path of
 * `rocescope gids`: sysfs RDMA devices plus one netlink address dump, none
 * of the link/route/neighbour dumps, ethtool ioctls or host facts that the
 * full collector set reads (see docs/cli.md for the measured difference).
 */
#include "model/source.h"
#include "model/demo.h"
#include "model/snapshot_yaml.h"
#include "collect/collect.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <netlink/netlink.h>
#include <netlink/route/addr.h>
#include <netlink/route/rtnl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define FILE_PREFIX "file "
#define ROOT_PREFIX "root "

static void set_taken_at(struct rs_snapshot *s)
{
	time_t now = time(NULL);
	struct tm tm;

	if (gmtime_r(&now, &tm))
		strftime(s->taken_at, sizeof(s->taken_at), "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static void add_one_addr(struct rs_snapshot *s, struct rtnl_addr *a)
{
	struct nl_addr *local = rtnl_addr_get_local(a);
	int fam = rtnl_addr_get_family(a);
	char ifname[IF_NAMESIZE] = "";
	struct rs_addr *ra;
	int scope;

	if (!local || (fam != AF_INET && fam != AF_INET6))
		return;
	if (!if_indextoname((unsigned)rtnl_addr_get_ifindex(a), ifname))
		return;		/* the interface went away during the dump */
	ra = RS_APPEND(s->addrs, s->n_addrs);
	RS_STRCPY(ra->ifname, ifname);
	ra->family = fam == AF_INET ? 4 : 6;
	inet_ntop(fam, nl_addr_get_binary_addr(local), ra->addr, sizeof(ra->addr));
	ra->prefixlen = rtnl_addr_get_prefixlen(a);
	scope = rtnl_addr_get_scope(a);
	rtnl_scope2str(scope, ra->scope, sizeof(ra->scope));
}

/*
 * The one netlink dump the GID recommendation needs: which IPv4 addresses
 * each netdev has.  Live only; a fixture root has no netlink.
 */
static int collect_addrs_only(struct rs_snapshot *s)
{
	struct nl_sock *sk;
	struct nl_cache *cache = NULL;
	int ret;

	sk = nl_socket_alloc();
	if (!sk)
		rs_die("out of memory");
	ret = nl_connect(sk, NETLINK_ROUTE);
	if (!ret)
		ret = rtnl_addr_alloc_cache(sk, &cache);
	if (ret) {
		rs_snapshot_add_error(s, "netlink", "", "address dump failed: %s",
				      nl_geterror(ret));
		nl_socket_free(sk);
		return 0;
	}
	for (struct nl_object *o = nl_cache_get_first(cache); o; o = nl_cache_get_next(o))
		add_one_addr(s, (struct rtnl_addr *)o);
	nl_cache_free(cache);
	nl_socket_free(sk);
	return 0;
}

static int collect(struct rs_source *src, struct rs_snapshot *s)
{
	struct rs_collect_opts co = { 0 };

	if (!src->gids_only) {
		co.peer = src->peer[0] ? src->peer : NULL;
		return rs_collect_all(s, &co);
	}
	RS_STRCPY(s->source, src->kind == RS_SOURCE_LIVE ? "live" : "");
	if (src->kind == RS_SOURCE_ROOT)
		snprintf(s->source, sizeof(s->source), "root:%s", rs_root());
	set_taken_at(s);
	rs_collect_rdma(s);
	if (rs_root_is_live())
		collect_addrs_only(s);
	return 0;
}

static int load_demo(struct rs_snapshot *s, char *err, size_t errlen)
{
	int ret = rs_snapshot_load_yaml(s, rs_demo_host_yaml, rs_demo_host_yaml_len,
					"demo", err, errlen);

	if (!ret)
		RS_STRCPY(s->source, "demo");
	return ret;
}

int rs_source_check(const char *root, const char *load, int demo, char *err, size_t errlen)
{
	int fixture_root = root && root[0] && strcmp(root, "/");

	if (!!demo + !!load + fixture_root > 1) {
		snprintf(err, errlen, "choose one of --demo, --load FILE and --root DIR");
		return -EINVAL;
	}
	return 0;
}

static int check_opts(const struct rs_source_opts *o, char *err, size_t errlen)
{
	if (rs_source_check(o->root, o->load, o->demo, err, errlen))
		return -EINVAL;
	if (o->load && strlen(o->load) + sizeof(FILE_PREFIX) > sizeof(((struct rs_source *)0)->label)) {
		snprintf(err, errlen, "%s: path too long", o->load);
		return -ENAMETOOLONG;
	}
	if (o->peer && strlen(o->peer) >= sizeof(((struct rs_source *)0)->peer)) {
		snprintf(err, errlen, "%s: not an address", o->peer);
		return -EINVAL;
	}
	return 0;
}

int rs_source_open(struct rs_source *src, const struct rs_source_opts *o,
		   struct rs_snapshot *s, char *err, size_t errlen)
{
	int ret;

	memset(src, 0, sizeof(*src));
	rs_snapshot_init(s);
	err[0] = '\0';
	ret = check_opts(o, err, errlen);
	if (ret)
		return ret;
	src->gids_only = o->gids_only;
	if (o->peer)
		RS_STRCPY(src->peer, o->peer);
	if (o->demo) {
		src->kind = RS_SOURCE_DEMO;
		RS_STRCPY(src->label, "demo");
		return load_demo(s, err, errlen);
	}
	if (o->load) {
		src->kind = RS_SOURCE_FILE;
		snprintf(src->label, sizeof(src->label), FILE_PREFIX "%s", o->load);
		return rs_snapshot_load_file(s, o->load, err, errlen);
	}
	if (o->root && o->root[0] && strcmp(o->root, "/")) {
		src->kind = RS_SOURCE_ROOT;
		snprintf(src->label, sizeof(src->label), ROOT_PREFIX "%s", o->root);
	} else {
		src->kind = RS_SOURCE_LIVE;
		RS_STRCPY(src->label, "live");
	}
	rs_root_set(o->root);
	ret = collect(src, s);
	if (ret)
		snprintf(err, errlen, "collecting from %s failed: %s", src->label, strerror(-ret));
	return ret;
}

int rs_source_refresh_counters(struct rs_source *src, struct rs_snapshot *s)
{
	switch (src->kind) {
	case RS_SOURCE_LIVE:
	case RS_SOURCE_ROOT:
		src->ticks++;
		return rs_collect_counters(s);
	case RS_SOURCE_DEMO:
		src->ticks++;
		rs_demo_advance(s, src->ticks);
		return 0;
	case RS_SOURCE_FILE:
	default:
		return 0;
	}
}

int rs_source_reload(struct rs_source *src, struct rs_snapshot *s, char *err, size_t errlen)
{
	struct rs_snapshot fresh;
	int ret;

	rs_snapshot_init(&fresh);
	err[0] = '\0';
	switch (src->kind) {
	case RS_SOURCE_DEMO:
		ret = load_demo(&fresh, err, errlen);
		/* Replay the ticks so a reload does not send the counters back. */
		for (unsigned long t = 1; !ret && t <= src->ticks; t++)
			rs_demo_advance(&fresh, t);
		break;
	case RS_SOURCE_FILE:
		ret = rs_snapshot_load_file(&fresh, src->label + strlen(FILE_PREFIX), err, errlen);
		break;
	default:
		ret = collect(src, &fresh);
		if (ret)
			snprintf(err, errlen, "collecting from %s failed: %s", src->label,
				 strerror(-ret));
		break;
	}
	if (ret) {
		/* Keep the old snapshot: a failed reload never loses what is shown. */
		rs_snapshot_free(&fresh);
		return ret;
	}
	rs_snapshot_free(s);
	*s = fresh;
	return 0;
}

int rs_source_is_dynamic(const struct rs_source *src)
{
	return src->kind != RS_SOURCE_FILE;
}
