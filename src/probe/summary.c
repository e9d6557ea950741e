/* SPDX-License-Identifier: MIT */
/*
 * summary.c - the one line a person reads for each probe result, built from
 * the result's fields alone, so that a test double (tests/probe_fake.c) and
 * a real run with the same facts say the same words.  Each line says what
 * was seen and, where the facts allow one reading, what it means.
 */
#include "probe/probe_priv.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The summary line; a line longer than RS_MSG_LEN (only with a peer's or
 * an error's longest texts) ends where the field does. */
static void RS_PRINTF(2, 3) S(struct rs_probe_result *res, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(res->summary, sizeof(res->summary), fmt, ap);
	va_end(ap);
}

/* "No route to host (ICMP from 10.0.0.254)" - the network's answer in
 * words.  The kernel says "host unreachable" from our own address when the
 * next hop's neighbour does not resolve. */
static const char *answer(const struct rs_probe_result *res, char *buf, size_t len)
{
	int own = res->net_from[0] && !strcmp(res->net_from, res->src);
	int other = res->net_from[0] && !own;
	const char *hint = "";

	switch (res->net_errno) {
	case EHOSTUNREACH:
		hint = other ? "" : ": the next hop's neighbour did not resolve";
		break;
	case ENETUNREACH:
		hint = ": no route";
		break;
	case ENETDOWN:
		hint = ": interface down";
		break;
	case EACCES:
	case EPERM:
		hint = ": a prohibit route or a firewall";
		break;
	case EINVAL:
		hint = ": a blackhole route?";
		break;
	}
	snprintf(buf, len, "%s%s%s%s%s", strerror(res->net_errno), other ? " (ICMP from " : "",
		 other ? res->net_from : "", other ? ")" : "", hint);
	return buf;
}

/* " via a0" when the egress interface is known. */
static const char *via(const struct rs_probe_result *res, char *buf, size_t len)
{
	buf[0] = '\0';
	if (res->dev[0])
		snprintf(buf, len, " via %s", res->dev);
	return buf;
}

/* "; a0 is down" when the egress interface is known to be down. */
static const char *down(const struct rs_probe_result *res, char *buf, size_t len)
{
	buf[0] = '\0';
	if (res->dev_up == 0 && res->dev[0])
		snprintf(buf, len, "; %s is down", res->dev);
	return buf;
}

void rs_probe_summarize_ping(struct rs_probe_result *res)
{
	char a[160], d[RS_NAME_LEN + 16], v[RS_NAME_LEN + 8];
	unsigned lost = res->sent - res->received;

	via(res, v, sizeof(v));
	if (res->received) {
		/* The egress is named where nothing came back: there it may be
		 * the cause (a route through another interface). */
		S(res, "%u/%u replies from %s (%u%% lost), rtt min/avg/max %.3f/%.3f/%.3f ms%s%s",
		  res->received, res->sent, res->peer, res->sent ? lost * 100 / res->sent : 0,
		  res->rtt_min_ms, res->rtt_avg_ms, res->rtt_max_ms, res->errors ? "; " : "",
		  res->errors ? answer(res, a, sizeof(a)) : "");
	} else if (res->errors || res->net_errno) {
		S(res, "0/%u replies from %s%s: %s%s", res->sent, res->peer, v,
		  answer(res, a, sizeof(a)), down(res, d, sizeof(d)));
	} else if (res->stray_replies) {
		S(res, "0/%u replies from %s%s; %u came in by %s instead (to that port's MAC: "
		  "the peer's ARP entry for our address names it)", res->sent, res->peer, v,
		  res->stray_replies, res->reply_dev);
	} else {
		S(res, "0/%u replies from %s%s within %u ms: no answer (host down, ICMP echo "
		  "filtered, or the path drops it)%s", res->sent, res->peer, v, res->timeout_ms,
		  down(res, d, sizeof(d)));
	}
}

void rs_probe_summarize_pmtu(struct rs_probe_result *res)
{
	char a[160], hop[48] = "";

	if (res->net_errno) {
		S(res, "path MTU to %s unknown: %s", res->peer, answer(res, a, sizeof(a)));
		return;
	}
	if (!res->pmtu_payload) {
		S(res, "path MTU to %s unknown: no echo reply even at 56 bytes (host down or "
		  "ICMP echo filtered)", res->peer);
		return;
	}
	if (res->pmtu_hop_mtu)
		snprintf(hop, sizeof(hop), "; a router announced MTU %u", res->pmtu_hop_mtu);
	if (res->pmtu_limited)
		S(res, "path MTU to %s is %u (largest DF payload %u) but %s has MTU %u: the MTUs "
		  "differ - the peer or a hop is at %u%s", res->peer, res->pmtu_mtu,
		  res->pmtu_payload, res->dev, res->local_mtu, res->pmtu_mtu, hop);
	else
		S(res, "path MTU to %s is %u (largest DF payload %u), the MTU of %s%s", res->peer,
		  res->pmtu_mtu, res->pmtu_payload, res->dev[0] ? res->dev : "the egress", hop);
}

/* What our own ARP request found, when it tells more than the entry. */
static const char *arp_said(const struct rs_probe_result *res, char *buf, size_t len)
{
	buf[0] = '\0';
	if (res->neigh_arp_macs > 1)
		snprintf(buf, len, "; %u different MACs answered one ARP request (first %s)",
			 res->neigh_arp_macs, res->neigh_arp_mac);
	else if (res->neigh_arp_macs && strcasecmp(res->neigh_arp_mac, res->neigh_mac))
		snprintf(buf, len, "; ARP is answered by %s, not by the entry's MAC",
			 res->neigh_arp_mac);
	else if (!strcmp(res->neigh_arp, "no answer"))
		snprintf(buf, len, "; nobody answers ARP for it");
	return buf;
}

void rs_probe_summarize_neigh(struct rs_probe_result *res)
{
	const char *st = res->neigh_state, *proto = strchr(res->neigh_ip, ':') ? "ND" : "ARP";
	char a[160], via[RS_ADDR_LEN + 32] = "", d[RS_NAME_LEN + 16];

	if (!st[0]) {
		S(res, "no next hop for %s: %s%s", res->peer, answer(res, a, sizeof(a)),
		  down(res, d, sizeof(d)));
		return;
	}
	if (!strcmp(st, "LOCAL")) {
		S(res, "%s is an address of this host (route via lo): no neighbour", res->peer);
		return;
	}
	if (strcmp(res->neigh_ip, res->peer))
		snprintf(via, sizeof(via), " (gateway to %s)", res->peer);
	if (!strcmp(st, "FAILED"))
		S(res, "%s on %s%s: FAILED - nobody answered %s", res->neigh_ip, res->neigh_dev,
		  via, proto);
	else if (!strcmp(st, "NONE"))
		S(res, "%s on %s%s: no neighbour entry%s%s", res->neigh_ip, res->neigh_dev, via,
		  res->net_errno ? ": " : "", res->net_errno ? answer(res, a, sizeof(a)) : "");
	else if (!strcmp(st, "INCOMPLETE") || !strcmp(st, "DELAY") || !strcmp(st, "PROBE"))
		S(res, "%s on %s%s: still %s after %u ms%s%s", res->neigh_ip, res->neigh_dev, via,
		  st, res->timeout_ms, res->neigh_mac[0] ? ", last MAC " : "", res->neigh_mac);
	else
		S(res, "%s on %s%s: %s, MAC %s%s", res->neigh_ip, res->neigh_dev, via, st,
		  res->neigh_mac[0] ? res->neigh_mac : "none", arp_said(res, a, sizeof(a)));
}

void rs_probe_summarize_tcp(struct rs_probe_result *res)
{
	char a[160], d[RS_NAME_LEN + 16], v[RS_NAME_LEN + 8];

	via(res, v, sizeof(v));
	switch (res->tcp) {
	case RS_TCP_OPEN:
		S(res, "%s port %u open: connected in %.3f ms from %s", res->peer, res->tcp_port,
		  res->tcp_ms, res->src);
		break;
	case RS_TCP_REFUSED:
		S(res, "%s port %u refused: the host answers but nobody listens there (start "
		  "the server side first)", res->peer, res->tcp_port);
		break;
	case RS_TCP_TIMEOUT:
		S(res, "%s port %u%s: no answer within %u ms (a firewall drops it, or the path "
		  "loses it)", res->peer, res->tcp_port, v, res->timeout_ms);
		break;
	default:
		S(res, "%s port %u unreachable%s: %s%s", res->peer, res->tcp_port, v,
		  answer(res, a, sizeof(a)), down(res, d, sizeof(d)));
		break;
	}
}

void rs_probe_summarize_rdma_cm(struct rs_probe_result *res)
{
	char a[160];

	if (!strcmp(res->cm_event, "ROUTE_RESOLVED")) {
		S(res, "rdma_cm: %s via %s port %u (%s), source GID index %d (%s) %s -> %s",
		  res->peer, res->cm_dev, res->cm_port, res->cm_netdev[0] ? res->cm_netdev : "?",
		  res->cm_sgid_index, res->cm_gid_type[0] ? res->cm_gid_type : "?", res->cm_sgid,
		  res->cm_dgid);
		return;
	}
	if (res->net_errno == ENODEV && !res->cm_dev[0]) {
		S(res, "rdma_cm cannot resolve %s: the interface the route uses (%s) has no "
		  "RDMA device", res->peer, res->dev[0] ? res->dev : "?");
		return;
	}
	if (!strncmp(res->cm_event, "no ", 3)) {
		S(res, "rdma_cm cannot resolve %s%s%s: %s event within %u ms", res->peer,
		  res->cm_dev[0] ? " from " : "", res->cm_dev, res->cm_event, res->timeout_ms);
		return;
	}
	S(res, "rdma_cm cannot resolve %s%s%s: %s%s%s", res->peer,
	  res->cm_dev[0] ? " from " : "", res->cm_dev, res->cm_event,
	  res->net_errno ? ", " : "", res->net_errno ? answer(res, a, sizeof(a)) : "");
}
