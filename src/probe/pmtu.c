/* SPDX-License-Identifier: MIT */
/*
 * pmtu.c - the PMTU probe: the largest ICMP echo payload that reaches the
 * peer and comes back with "don't fragment" set, as `ping -M do -s SIZE`
 * finds by hand (8972 on a 9000-byte path, 1472 on a 1500 one).
 *
 * Every echo leaves with DF and IP_PMTUDISC_PROBE, so neither this host nor
 * a router fragments it, and the kernel's path MTU cache (an old "frag
 * needed") does not shrink what we send.  A size is:
 * - passed: its echo reply came back (even late: a reply is proof);
 * - too big here: sendto() says EMSGSIZE (the egress MTU is smaller);
 * - too big on the way: a router said "fragmentation needed" / "packet too
 *   big" with its MTU (an EMSGSIZE error event), or nothing came back within
 *   the per-size wait, twice (a veth whose peer has a smaller MTU says
 *   ENOBUFS to the sender: the same drop, seen earlier).  A switch or a receiving NIC with a smaller
 *   MTU drops silently - the usual RoCE case.
 * Search: one small echo (is the peer there at all, how long does it take:
 * the per-size wait is 10 RTT + 100 ms, at most 1 s), then the egress MTU,
 * then 1500, then bisection.  A silent size may be a lost packet: when the
 * bisection ends below the egress MTU, the first failing size is tried
 * again with the longest wait, and if it passes after all the search goes
 * on above it.  The whole search stays within the probe's bound.
 */
#include "probe/probe_priv.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TRIES 256
#define SMALL 56
#define V4_MAX_PAYLOAD 65507		/* 65535 - 20 - 8 */
#define V6_MAX_PAYLOAD 65527		/* payload length 65535 - 8 */
#define WAIT_MIN_NS (100 * 1000000ULL)
#define WAIT_MAX_NS (1000 * 1000000ULL)

struct search {
	struct rs_icmp ic;
	struct rs_probe_result *res;
	uint64_t deadline;
	uint64_t wait_ns;		/* per echo */
	unsigned replies;
	unsigned lo;			/* largest payload seen passing, 0 none */
	unsigned hi;			/* smallest payload taken as failing */
	unsigned hard_hi;		/* smallest payload surely failing (EMSGSIZE) */
	unsigned sizes[MAX_TRIES];	/* payload of each sequence number - 1 */
	uint64_t sent_ns[MAX_TRIES];
};

static void passed(struct search *s, unsigned size)
{
	if (size <= s->lo)
		return;
	s->lo = size;
	/* A size taken as failing because it was silent did pass: what was
	 * concluded above it is void, up to what surely fails. */
	if (s->lo >= s->hi)
		s->hi = s->hard_hi;
}

static void too_big(struct search *s, unsigned size, unsigned hop_mtu)
{
	unsigned overhead = rs_icmp_overhead(s->ic.family);

	if (hop_mtu > overhead && hop_mtu - overhead + 1 < size) {
		s->res->pmtu_hop_mtu = hop_mtu;
		size = hop_mtu - overhead + 1;
	}
	if (size < s->hard_hi)
		s->hard_hi = size;
	if (size < s->hi)
		s->hi = size;
}

/* After a reply to seq: the per-echo wait follows the RTT measured. */
static void on_reply(struct search *s, unsigned i, uint64_t t_ns)
{
	uint64_t w = (t_ns - s->sent_ns[i]) * 10 + WAIT_MIN_NS;

	passed(s, s->sizes[i]);
	if (w > WAIT_MAX_NS)
		w = WAIT_MAX_NS;
	if (!s->replies || w > s->wait_ns)
		s->wait_ns = w;
	s->replies++;
}

/* An error event during the wait for echo i: 1 go on waiting, else the
 * -errno that answers echo i. */
static int on_error(struct search *s, unsigned i, const struct rs_icmp_ev *ev)
{
	unsigned j = ev->seq_known ? ev->seq - 1u : i;

	/* sendto() already said EMSGSIZE for a size too big here. */
	if (ev->local && ev->err == EMSGSIZE)
		return 1;
	if (ev->err == EMSGSIZE && j < s->res->pmtu_tries)
		too_big(s, s->sizes[j], ev->info);
	else
		rs_strlcpy(s->res->net_from, ev->from, sizeof(s->res->net_from));
	return j == i ? -ev->err : 1;
}

/* 1 its reply came, 0 silence, -EMSGSIZE too big, -errno network answer. */
static int one_echo(struct search *s, unsigned size, uint64_t wait_ns)
{
	struct rs_probe_result *res = s->res;
	unsigned i = res->pmtu_tries;
	struct rs_icmp_ev ev;
	uint64_t until;
	int err;

	if (i >= MAX_TRIES)
		return -ETIMEDOUT;
	res->pmtu_tries++;
	s->sizes[i] = size;
	s->sent_ns[i] = rs_now_ns();
	err = rs_icmp_send(&s->ic, (uint16_t)(i + 1), size);
	/* A veth refuses a frame larger than its peer's MTU with ENOBUFS:
	 * dropped on the way, as a switch would drop it silently. */
	if (err == -ENOBUFS)
		return 0;
	if (err)
		return err;
	until = s->sent_ns[i] + wait_ns < s->deadline ? s->sent_ns[i] + wait_ns : s->deadline;
	while (!(err = rs_icmp_wait(&s->ic, until, &ev))) {
		unsigned j = ev.seq - 1u;

		if (ev.kind == RS_ICMP_ERROR) {
			err = on_error(s, i, &ev);
			if (err != 1)
				return err;
			continue;
		}
		if (j < res->pmtu_tries)
			on_reply(s, j, ev.t_ns);
		if (j == i)
			return 1;
	}
	return err == -ETIMEDOUT ? 0 : err;
}

/* Try a size (two echoes before calling it silent); updates lo/hi.
 * Returns 0, or -errno when the network answered something else. */
static int try_size(struct search *s, unsigned size, uint64_t wait_ns)
{
	int r = 0;

	for (int attempt = 0; attempt < 2 && r == 0 && rs_probe_left_ms(s->deadline); attempt++)
		r = one_echo(s, size, wait_ns);
	if (r == 0 && size < s->hi)
		s->hi = size;
	if (r == -EMSGSIZE)
		too_big(s, size, 0);
	return r == 1 || r == 0 || r == -EMSGSIZE ? 0 : r;
}

static int bisect(struct search *s)
{
	int err = 0;

	while (!err && s->hi - s->lo > 1 && rs_probe_left_ms(s->deadline))
		err = try_size(s, s->lo + (s->hi - s->lo) / 2, s->wait_ns);
	return err;
}

static int search(struct search *s, unsigned max)
{
	unsigned eth = 1500 - rs_icmp_overhead(s->ic.family);
	int err;

	err = try_size(s, max, s->wait_ns);
	if (!err && s->lo < max && eth > s->lo && eth < s->hi)
		err = try_size(s, eth, s->wait_ns);
	/* The usual edge next: a 1500 hop (or end) between larger ones is
	 * one size to try, not a bisection of silent sizes to wait for. */
	if (!err && s->lo == eth && s->hi > eth + 1)
		err = try_size(s, eth + 1, s->wait_ns);
	while (!err && rs_probe_left_ms(s->deadline)) {
		unsigned edge;

		err = bisect(s);
		/* Done when out of time, or when the edge is proven by
		 * EMSGSIZE or by the egress MTU itself. */
		if (err || s->hi - s->lo > 1 || s->hi >= s->hard_hi)
			break;
		/* The edge is a silent size: confirm it with the longest wait. */
		edge = s->hi;
		err = try_size(s, edge, WAIT_MAX_NS);
		if (s->hi == edge)
			break;
	}
	return err;
}

static int conclude(struct search *s, unsigned max, int err)
{
	struct rs_probe_result *res = s->res;
	unsigned overhead = rs_icmp_overhead(s->ic.family);

	if (err) {
		res->net_errno = -err;
		return 0;
	}
	res->pmtu_payload = s->lo;
	res->pmtu_mtu = s->lo + overhead;
	/* Limited when the egress could send more than passed (lo's MTU is
	 * 65536 but no IPv4 packet exceeds 65535: not a limit of the path). */
	res->pmtu_limited = res->local_mtu && s->lo < max;
	if (s->hi - s->lo > 1)
		return rs_probe_fail(res, ETIMEDOUT, "timed out after %u ms: the path passes %u "
				     "bytes of payload, %u is undecided", res->timeout_ms, s->lo,
				     s->lo + 1);
	return 0;
}

int rs_probe_pmtu(const struct rs_probe_req *req, uint64_t deadline, struct rs_probe_result *res)
{
	struct search *s = rs_xcalloc(1, sizeof(*s));
	unsigned max, overhead;
	int err;

	s->res = res;
	s->deadline = deadline;
	s->ic.fd = -1;
	err = rs_probe_egress(req, res, NULL, 0);
	if (err)
		goto out;
	res->local_mtu = rs_probe_if_mtu(res->dev);
	err = rs_icmp_open(&s->ic, req, 1, res);
	if (err)
		goto out;
	overhead = rs_icmp_overhead(s->ic.family);
	max = s->ic.family == AF_INET ? V4_MAX_PAYLOAD : V6_MAX_PAYLOAD;
	if (res->local_mtu > overhead && res->local_mtu - overhead < max)
		max = res->local_mtu - overhead;
	s->hi = s->hard_hi = max + 1;
	/* Is the peer there at all?  Its reply also sets the wait per size. */
	s->wait_ns = WAIT_MAX_NS;
	err = try_size(s, SMALL, WAIT_MAX_NS);
	if (!err && !s->lo)
		goto out;	/* silent: that is the conclusion, the MTU is unknown */
	if (!err)
		err = search(s, max);
	err = conclude(s, max, err);
out:
	rs_icmp_close(&s->ic);
	free(s);
	return err;
}
