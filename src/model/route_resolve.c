/* SPDX-License-Identifier: MIT */
/*
 * route_resolve.c - the peer's address and a route lookup computed from a
 * snapshot's routes (route_resolve.h).
 *
 * The order is the kernel's for a host without policy rules of its own:
 * an address of this host (or loopback) is local and leaves through lo;
 * then the local table (255), the main table (254) and the default table
 * (253), each by longest prefix and then lowest metric.  A route of type
 * unreachable, blackhole or prohibit answers with the error the kernel
 * gives for it, so the message reads as `ip route get` would.
 */
#include "model/route_resolve.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rs_peer_parse(const char *peer, int *family, unsigned char bin[16], char *scope,
		  size_t scopelen)
{
	char host[RS_ADDR_LEN];
	unsigned char tmp[16];
	const char *pct = strchr(peer, '%');
	size_t n = pct ? (size_t)(pct - peer) : strlen(peer);
	int fam;

	if (!n || n >= sizeof(host) || (pct && (!pct[1] || strlen(pct + 1) >= RS_NAME_LEN)))
		return -EINVAL;
	memcpy(host, peer, n);
	host[n] = '\0';
	if (inet_pton(AF_INET, host, tmp) == 1)
		fam = 4;
	else if (inet_pton(AF_INET6, host, tmp) == 1)
		fam = 6;
	else
		return -EINVAL;
	if (family)
		*family = fam;
	if (bin)
		memcpy(bin, tmp, fam == 4 ? 4 : 16);
	if (scope)
		rs_strlcpy(scope, pct ? pct + 1 : "", scopelen);
	return 0;
}

int rs_peer_is_loopback(const char *peer)
{
	static const unsigned char v6_lo[16] = { [15] = 1 };
	static const unsigned char mapped[12] = { [10] = 0xff, [11] = 0xff };
	unsigned char b[16];
	int fam;

	if (rs_peer_parse(peer, &fam, b, NULL, 0))
		return 0;
	if (fam == 4)
		return b[0] == 127;
	return !memcmp(b, v6_lo, 16) || (!memcmp(b, mapped, 12) && b[12] == 127);
}

/* Same address, whatever its spelling ("2001:db8::1" and "2001:0db8::1"). */
static int same_addr(int fam, const unsigned char *bin, const char *text)
{
	unsigned char b[16];

	if (inet_pton(fam == 4 ? AF_INET : AF_INET6, text, b) != 1)
		return 0;
	return !memcmp(bin, b, fam == 4 ? 4 : 16);
}

const struct rs_addr *rs_snapshot_own_addr(const struct rs_snapshot *s, const char *peer)
{
	unsigned char bin[16];
	int fam;

	if (rs_peer_parse(peer, &fam, bin, NULL, 0))
		return NULL;
	for (size_t i = 0; i < s->n_addrs; i++)
		if (s->addrs[i].family == fam && same_addr(fam, bin, s->addrs[i].addr))
			return &s->addrs[i];
	return NULL;
}

/* Prefix length of r when it covers bin, else -1. */
static int covers(const struct rs_route *r, int fam, const unsigned char *bin)
{
	char net[RS_CIDR_LEN], *slash;
	unsigned char nb[16];
	int len = fam == 4 ? 32 : 128, bits;

	if (!strcmp(r->dst, "default"))
		return 0;
	RS_STRCPY(net, r->dst);
	slash = strchr(net, '/');
	if (slash) {
		*slash = '\0';
		len = atoi(slash + 1);
	}
	if (len < 0 || len > (fam == 4 ? 32 : 128) ||
	    inet_pton(fam == 4 ? AF_INET : AF_INET6, net, nb) != 1)
		return -1;
	bits = len;
	for (int i = 0; bits > 0; i++, bits -= 8) {
		unsigned char m = bits >= 8 ? 0xff : (unsigned char)(0xff << (8 - bits));

		if ((nb[i] & m) != (bin[i] & m))
			return -1;
	}
	return len;
}

static int table_rank(unsigned table)
{
	switch (table) {
	case 255: return 0;		/* local */
	case 254: case 0: return 1;	/* main (0: not recorded) */
	case 253: return 2;		/* default */
	default: return -1;		/* reached only through a policy rule */
	}
}

/* The best route for bin: lowest table rank, longest prefix, lowest metric. */
static const struct rs_route *best_route(const struct rs_snapshot *s, int fam,
					 const unsigned char *bin, const char *scope)
{
	const struct rs_route *best = NULL;
	int best_rank = 0, best_len = 0;

	for (size_t i = 0; i < s->n_routes; i++) {
		const struct rs_route *r = &s->routes[i];
		int rank = table_rank(r->table), len;

		if (r->family != fam || rank < 0 || (scope[0] && strcmp(scope, r->dev)))
			continue;
		len = covers(r, fam, bin);
		if (len < 0)
			continue;
		if (!best || rank < best_rank || (rank == best_rank && len > best_len) ||
		    (rank == best_rank && len == best_len && r->metric < best->metric)) {
			best = r;
			best_rank = rank;
			best_len = len;
		}
	}
	return best;
}

/* The source address the kernel would pick, roughly: one on the device. */
static void pick_src(const struct rs_snapshot *s, const struct rs_route *r, int fam,
		     struct rs_route_lookup *out)
{
	if (r->prefsrc[0]) {
		RS_STRCPY(out->src, r->prefsrc);
		return;
	}
	for (size_t i = 0; i < s->n_addrs; i++) {
		const struct rs_addr *a = &s->addrs[i];

		if (a->family == fam && !strcmp(a->ifname, r->dev) &&
		    (fam == 4 || strcmp(a->scope, "link"))) {
			RS_STRCPY(out->src, a->addr);
			return;
		}
	}
}

static void local_answer(struct rs_route_lookup *out, const char *peer)
{
	out->ok = 1;
	RS_STRCPY(out->dev, "lo");
	RS_STRCPY(out->src, peer);
}

void rs_route_resolve(const struct rs_snapshot *s, const char *peer, struct rs_route_lookup *out)
{
	char scope[RS_NAME_LEN];
	unsigned char bin[16];
	const struct rs_route *r;
	int fam;

	memset(out, 0, sizeof(*out));
	RS_STRCPY(out->peer, peer);
	out->computed = 1;
	if (rs_peer_parse(peer, &fam, bin, scope, sizeof(scope))) {
		snprintf(out->error, sizeof(out->error), "not an IPv4 or IPv6 address");
		return;
	}
	if (rs_peer_is_loopback(peer) || rs_snapshot_own_addr(s, peer)) {
		local_answer(out, peer);
		return;
	}
	if (!rs_route_count(s, fam)) {
		snprintf(out->error, sizeof(out->error), "the recording has no IPv%d routes", fam);
		return;
	}
	r = best_route(s, fam, bin, scope);
	if (!r) {
		snprintf(out->error, sizeof(out->error), "%s", strerror(ENETUNREACH));
		return;
	}
	if (!strcmp(r->type, "local")) {
		local_answer(out, peer);
	} else if (!strcmp(r->type, "unreachable") || !strcmp(r->type, "blackhole") ||
		   !strcmp(r->type, "prohibit")) {
		snprintf(out->error, sizeof(out->error), "%s (a %s route: %s)",
			 strerror(r->type[0] == 'u' ? EHOSTUNREACH : r->type[0] == 'b' ?
				  EINVAL : EACCES), r->type, r->dst);
	} else {
		out->ok = 1;
		RS_STRCPY(out->dev, r->dev);
		RS_STRCPY(out->gateway, r->gateway);
		pick_src(s, r, fam, out);
	}
}

int rs_peer_host_prefix(const char *addr)
{
	int fam = 4;

	if (rs_peer_parse(addr, &fam, NULL, NULL, 0))
		fam = strchr(addr, ':') ? 6 : 4;
	return fam == 6 ? 128 : 32;
}

size_t rs_route_count(const struct rs_snapshot *s, int family)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n_routes; i++)
		n += s->routes[i].family == family && table_rank(s->routes[i].table) >= 0;
	return n;
}
