/* SPDX-License-Identifier: MIT */
/*
 * net_probe.c - test helper: run the network collectors and print what
 * they put in the snapshot, one fact per line, so tests/test_collect_net*.sh
 * can assert on it against state they built with `ip` in a namespace of
 * their own.  Live: rs_collect_net, rs_collect_route_lookup,
 * rs_collect_ethtool and their counter refreshes; with --root the recorded
 * twin (rs_collect_net_recorded), as the session chooses them.
 *
 *   net_probe [--root DIR] [--peer ADDR] [--ethtool] [--refresh MARKER]
 *             [--bench N]
 *
 * --refresh: after the first print, create MARKER, wait for a line on stdin
 * (the script moves traffic meanwhile), call rs_collect_net_counters and
 * print the "stat"/"ethtool"/"ts" lines again as "stat2"/"ethtool2"/"ts2",
 * and all errors as "error2".
 * --bench N: time N calls of rs_collect_net_counters and print only
 *   "bench LINKS CALLS USEC_PER_CALL" (the console calls it every second).
 *
 * Line format (fields separated by one space, empty values allowed):
 *   link NAME ifindex= kind= mac= mtu= operstate= up= carrier= master= vlan_id= vlan_parent=
 *   pause NAME known= autoneg= rx= tx=
 *   stat NAME COUNTER VALUE            ethtool NAME COUNTER VALUE
 *   ts NAME STATS_TS ETHTOOL_TS        (nanoseconds, CLOCK_MONOTONIC)
 *   addr IF FAMILY ADDR/PREFIX SCOPE
 *   route FAMILY DST gw= dev= src= table= metric= scope= type=
 *   neigh DEV FAMILY IP mac= state=
 *   peer PEER ok= dev= src= gw= error=TEXT...
 *   error SOURCE OBJECT MESSAGE...
 */
#include "collect/collect.h"
#include "snapshot.h"
#include "util.h"

#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void print_counters(const struct rs_snapshot *s, int round)
{
	const char *sfx = round ? "2" : "";

	for (size_t i = 0; i < s->n_links; i++) {
		const struct rs_link *k = &s->links[i];

		for (size_t j = 0; j < k->stats.count; j++)
			printf("stat%s %s %s %" PRIu64 "\n", sfx, k->name,
			       k->stats.items[j].name, k->stats.items[j].value);
		for (size_t j = 0; j < k->ethtool.count; j++)
			printf("ethtool%s %s %s %" PRIu64 "\n", sfx, k->name,
			       k->ethtool.items[j].name, k->ethtool.items[j].value);
		printf("ts%s %s %" PRIu64 " %" PRIu64 "\n", sfx, k->name,
		       k->stats.ts_ns, k->ethtool.ts_ns);
	}
}

static void print_links(const struct rs_snapshot *s)
{
	for (size_t i = 0; i < s->n_links; i++) {
		const struct rs_link *k = &s->links[i];

		printf("link %s ifindex=%d kind=%s mac=%s mtu=%u operstate=%s up=%d "
		       "carrier=%d master=%s vlan_id=%d vlan_parent=%s\n",
		       k->name, k->ifindex, k->kind, k->mac, k->mtu, k->operstate,
		       k->up, k->carrier, k->master, k->vlan_id, k->vlan_parent);
		printf("pause %s known=%d autoneg=%d rx=%d tx=%d\n", k->name,
		       k->pause.known, k->pause.autoneg, k->pause.rx, k->pause.tx);
	}
}

static void print_rest(const struct rs_snapshot *s)
{
	for (size_t i = 0; i < s->n_addrs; i++)
		printf("addr %s %d %s/%d %s\n", s->addrs[i].ifname, s->addrs[i].family,
		       s->addrs[i].addr, s->addrs[i].prefixlen, s->addrs[i].scope);
	for (size_t i = 0; i < s->n_routes; i++) {
		const struct rs_route *r = &s->routes[i];

		printf("route %d %s gw=%s dev=%s src=%s table=%u metric=%u scope=%s type=%s\n",
		       r->family, r->dst, r->gateway, r->dev, r->prefsrc, r->table,
		       r->metric, r->scope, r->type);
	}
	for (size_t i = 0; i < s->n_neighs; i++)
		printf("neigh %s %d %s mac=%s state=%s\n", s->neighs[i].dev,
		       s->neighs[i].family, s->neighs[i].ip, s->neighs[i].mac,
		       s->neighs[i].state);
	if (s->peer.peer[0])
		printf("peer %s ok=%d dev=%s src=%s gw=%s error=%s\n", s->peer.peer,
		       s->peer.ok, s->peer.dev, s->peer.src, s->peer.gateway,
		       s->peer.error);
	for (size_t i = 0; i < s->n_errors; i++)
		printf("error %s %s %s\n", s->errors[i].source, s->errors[i].object,
		       s->errors[i].message);
}

static int live = 1;

static void refresh(struct rs_snapshot *s)
{
	if (!live) {
		rs_collect_net_recorded_counters(s);
		return;
	}
	rs_collect_net_counters(s);
	rs_collect_ethtool_counters(s);
}

static int wait_and_refresh(struct rs_snapshot *s, const char *marker)
{
	char line[16];
	int fd;

	fflush(stdout);
	fd = open(marker, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		perror(marker);
		return 1;
	}
	close(fd);
	if (!fgets(line, sizeof(line), stdin))
		fprintf(stderr, "net_probe: no line on stdin, refreshing anyway\n");
	refresh(s);
	print_counters(s, 1);
	for (size_t i = 0; i < s->n_errors; i++)
		printf("error2 %s %s %s\n", s->errors[i].source, s->errors[i].object,
		       s->errors[i].message);
	return 0;
}

static void bench(struct rs_snapshot *s, int n)
{
	uint64_t t0 = rs_now_ns();

	for (int i = 0; i < n; i++)
		refresh(s);
	printf("bench %zu %d %.1f\n", s->n_links, n,
	       n ? (double)(rs_now_ns() - t0) / n / 1000.0 : 0.0);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "root", required_argument, NULL, 'r' },
		{ "peer", required_argument, NULL, 'p' },
		{ "ethtool", no_argument, NULL, 'e' },
		{ "refresh", required_argument, NULL, 'R' },
		{ "bench", required_argument, NULL, 'b' },
		{ NULL, 0, NULL, 0 },
	};
	const char *peer = NULL, *marker = NULL;
	struct rs_snapshot s;
	int c, ethtool = 0, ret = 0, n_bench = -1;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			rs_root_set(optarg);
			live = 0;
			break;
		case 'p': peer = optarg; break;
		case 'e': ethtool = 1; break;
		case 'R': marker = optarg; break;
		case 'b': n_bench = atoi(optarg); break;
		default:
			fprintf(stderr, "usage: net_probe [--root DIR] [--peer ADDR] "
				"[--ethtool] [--refresh MARKER] [--bench N]\n");
			return 2;
		}
	}
	rs_snapshot_init(&s);
	if (live) {
		rs_collect_net(&s);
		rs_collect_route_lookup(&s, peer);
		if (ethtool)
			rs_collect_ethtool(&s);
	} else {
		rs_collect_net_recorded(&s);
	}
	if (n_bench >= 0) {
		bench(&s, n_bench);
		rs_snapshot_free(&s);
		return 0;
	}
	print_links(&s);
	print_counters(&s, 0);
	print_rest(&s);
	if (marker)
		ret = wait_and_refresh(&s, marker);
	rs_snapshot_free(&s);
	return ret;
}
