/* SPDX-License-Identifier: MIT */
/*
 * ping.c - the PING probe: count ICMP echo requests of 56 bytes (ping's
 * default size) to the peer, 200 ms apart (the shortest interval ping
 * allows a user), from our own socket (icmp.c).  Counts the replies and
 * their round-trip times, and the echoes that the network answered with an
 * error instead (host unreachable after a failed ARP, no route...), with
 * the error and who sent it.  It waits for the last answers until the
 * probe's bound, never longer.
 *
 * The socket is bound to the route's interface, as an application's
 * traffic leaves and comes back by it.  When not one reply came to it and
 * nothing answered with an error, the same echoes go out once more from a
 * socket bound to nothing: replies that reach that one come in by another
 * interface (reply_dev, stray_replies) - the peer sends them to the MAC of
 * our other port, which is ARP flux.
 */
#include "probe/probe_priv.h"

#include <errno.h>
#include <net/if.h>
#include <stdlib.h>
#include <string.h>

#define PING_PAYLOAD 56
#define PING_INTERVAL_NS (200 * 1000000ULL)

struct ping {
	struct rs_icmp ic;
	unsigned count;
	uint64_t *sent_ns;		/* per sequence number - 1 */
	unsigned char *done;		/* 1 replied, 2 answered by an error */
	struct rs_probe_result *res;
	double rtt_sum;
};

static void note_error(struct ping *p, int err, const char *from)
{
	struct rs_probe_result *res = p->res;

	res->net_errno = err;
	rs_strlcpy(res->net_from, from ? from : "", sizeof(res->net_from));
}

static void on_event(struct ping *p, const struct rs_icmp_ev *ev)
{
	struct rs_probe_result *res = p->res;
	unsigned i = ev->seq - 1u;
	double ms;

	if (ev->kind == RS_ICMP_ERROR) {
		note_error(p, ev->err, ev->from);
		/* An error that does not say which echo it answers counts for
		 * the oldest one still waiting. */
		if (!ev->seq_known)
			for (i = 0; i < res->sent && p->done[i]; i++)
				;
		if (i < res->sent && !p->done[i]) {
			p->done[i] = 2;
			res->errors++;
		}
		return;
	}
	if (i >= res->sent || p->done[i])
		return;		/* a duplicate, or not one of this probe */
	ms = (double)(ev->t_ns - p->sent_ns[i]) / 1e6;
	p->done[i] = 1;
	if (!res->reply_dev[0] && ev->ifindex > 0 && !if_indextoname((unsigned)ev->ifindex,
								       res->reply_dev))
		res->reply_dev[0] = '\0';
	res->received++;
	p->rtt_sum += ms;
	if (ms < res->rtt_min_ms || res->received == 1)
		res->rtt_min_ms = ms;
	if (ms > res->rtt_max_ms)
		res->rtt_max_ms = ms;
}

static void send_next(struct ping *p)
{
	struct rs_probe_result *res = p->res;
	unsigned i = res->sent++;
	int err;

	p->sent_ns[i] = rs_now_ns();
	err = rs_icmp_send(&p->ic, (uint16_t)(i + 1), PING_PAYLOAD);
	if (err) {
		/* No route, interface down, neighbour already failed: the
		 * network's answer for this echo. */
		note_error(p, -err, NULL);
		p->done[i] = 2;
		res->errors++;
	}
}

static int run(struct ping *p, uint64_t deadline)
{
	struct rs_probe_result *res = p->res;
	uint64_t next = rs_now_ns();
	struct rs_icmp_ev ev;
	int err;

	for (;;) {
		if (res->sent < p->count && rs_now_ns() >= next) {
			send_next(p);
			next += PING_INTERVAL_NS;
		}
		if (res->sent == p->count && res->received + res->errors == p->count)
			return 0;
		err = rs_icmp_wait(&p->ic, res->sent < p->count && next < deadline ? next : deadline,
				   &ev);
		if (err == -ETIMEDOUT) {
			if (rs_now_ns() >= deadline)
				return 0;
			continue;
		}
		if (err)
			return rs_probe_fail(res, -err, "ICMP receive: %s", strerror(-err));
		on_event(p, &ev);
	}
}

/* One round of echoes on a socket bound as req says; counts into res. */
static int round_of(const struct rs_probe_req *req, unsigned count, uint64_t deadline,
		    struct rs_probe_result *res, double *rtt_sum)
{
	struct ping p = { .count = count, .res = res };
	int err;

	err = rs_icmp_open(&p.ic, req, 0, res);
	if (err)
		return err;
	p.sent_ns = rs_xcalloc(p.count, sizeof(*p.sent_ns));
	p.done = rs_xcalloc(p.count, 1);
	err = run(&p, deadline);
	*rtt_sum = p.rtt_sum;
	free(p.sent_ns);
	free(p.done);
	rs_icmp_close(&p.ic);
	return err;
}

/* Nothing came back to the bound socket: do the replies come in elsewhere? */
static void stray_round(const struct rs_probe_req *req, unsigned count, uint64_t deadline,
			struct rs_probe_result *res)
{
	struct rs_probe_req loose = *req;
	struct rs_probe_result r2;
	double sum;

	loose.ifname[0] = '\0';
	rs_probe_result_init(&r2, RS_PROBE_PING);
	if (round_of(&loose, count, deadline, &r2, &sum) || !r2.received ||
	    !strcmp(r2.reply_dev, res->dev))
		return;
	res->stray_replies = r2.received;
	RS_STRCPY(res->reply_dev, r2.reply_dev);
}

int rs_probe_ping(const struct rs_probe_req *req, uint64_t deadline, struct rs_probe_result *res)
{
	unsigned count = req->count ? req->count : 3;
	double sum = 0;
	int err;

	err = rs_probe_egress(req, res, NULL, 0);
	if (err)
		return err;
	/* The second round gets what is left of the bound, at most half. */
	err = round_of(req, count, req->ifname[0] ? rs_now_ns() + (deadline - rs_now_ns()) / 2 :
		       deadline, res, &sum);
	if (res->received)
		res->rtt_avg_ms = sum / res->received;
	else if (!err && req->ifname[0] && !res->errors && !res->net_errno)
		stray_round(req, count, deadline, res);
	return err;
}
