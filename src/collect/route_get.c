/* SPDX-License-Identifier: MIT */
/*
 * route_get.c - what the kernel would do to reach a peer, the equivalent of
 * `ip route get PEER`: one RTM_GETROUTE request (not a dump) built with libnl
 * and answered by the kernel's FIB lookup, which is the only honest source:
 * policy rules, other tables, local addresses and the source address choice
 * all take part in it.
 *
 * When the kernel refuses (no route, unreachable/prohibit route), its answer
 * is an NLMSG_ERROR carrying an errno; libnl would turn that into its own
 * error codes, so an error callback keeps the errno and the message becomes
 * strerror() of it, the same words `ip route get` prints.
 */
#include "collect/route.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>

#include <linux/rtnetlink.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>
#include <netlink/route/route.h>

struct route_reply {
	struct rtnl_route *route;	/* parsed RTM_NEWROUTE, NULL if none */
	int err;			/* -errno from NLMSG_ERROR, 0 if none */
};

static int on_valid(struct nl_msg *msg, void *arg)
{
	struct route_reply *r = arg;
	struct nlmsghdr *h = nlmsg_hdr(msg);

	if (h->nlmsg_type != RTM_NEWROUTE || r->route)
		return NL_SKIP;
	if (rtnl_route_parse(h, &r->route) < 0)
		r->route = NULL;
	return NL_STOP;
}

static int on_error(struct sockaddr_nl *nla, struct nlmsgerr *e, void *arg)
{
	struct route_reply *r = arg;

	r->err = e->error;
	return NL_STOP;
}

/* "10.0.0.1", "fe80::1" or "fe80::1%veth0" into family, bytes, ifindex.
 * "10.0.0.1%veth0" is the IPv4 lookup with that output interface (the
 * probes ask it that way when told which interface to leave through). */
static int parse_peer(const char *peer, int *fam, unsigned char *bin,
		      int *oif, char *why, size_t len)
{
	char host[RS_ADDR_LEN + RS_NAME_LEN];
	char *pct;

	*oif = 0;
	if (rs_strlcpy(host, peer, sizeof(host)) >= sizeof(host)) {
		snprintf(why, len, "peer address too long");
		return -EINVAL;
	}
	pct = strchr(host, '%');
	if (pct) {
		*pct++ = '\0';
		*oif = if_nametoindex(pct);
		if (!*oif) {
			snprintf(why, len, "no interface '%s' for scope of %s", pct, peer);
			return -ENODEV;
		}
	}
	if (inet_pton(AF_INET, host, bin) == 1)
		*fam = AF_INET;
	else if (inet_pton(AF_INET6, host, bin) == 1)
		*fam = AF_INET6;
	else {
		snprintf(why, len, "not an IPv4 or IPv6 address: '%s'", peer);
		return -EINVAL;
	}
	return 0;
}

static struct nl_msg *build_request(int fam, const unsigned char *bin, int oif)
{
	struct rtmsg rtm = {
		.rtm_family = fam,
		.rtm_dst_len = fam == AF_INET ? 32 : 128,
	};
	struct nl_msg *msg = nlmsg_alloc_simple(RTM_GETROUTE, 0);

	if (!msg)
		rs_die("out of memory");
	if (nlmsg_append(msg, &rtm, sizeof(rtm), NLMSG_ALIGNTO) < 0 ||
	    nla_put(msg, RTA_DST, fam == AF_INET ? 4 : 16, bin) < 0 ||
	    (oif && nla_put_u32(msg, RTA_OIF, oif) < 0))
		rs_die("netlink message too small");
	return msg;
}

/* Send the request, wait for its one answer. */
static int ask_kernel(struct nl_msg *msg, struct route_reply *rep, char *why, size_t len)
{
	struct nl_sock *sk = nl_socket_alloc();
	struct nl_cb *cb = nl_cb_alloc(NL_CB_DEFAULT);
	int err;

	if (!sk || !cb)
		rs_die("out of memory");
	/* No ACK: the answer is the route itself or an NLMSG_ERROR. */
	nl_socket_disable_auto_ack(sk);
	err = nl_connect(sk, NETLINK_ROUTE);
	if (err < 0) {
		snprintf(why, len, "route netlink socket: %s", nl_geterror(err));
		goto out;
	}
	nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, on_valid, rep);
	nl_cb_err(cb, NL_CB_CUSTOM, on_error, rep);
	err = nl_send_auto(sk, msg);
	if (err < 0) {
		snprintf(why, len, "RTM_GETROUTE send: %s", nl_geterror(err));
		goto out;
	}
	err = nl_recvmsgs(sk, cb);
	if (err < 0 && !rep->err && !rep->route)
		snprintf(why, len, "RTM_GETROUTE answer: %s", nl_geterror(err));
	err = 0;
out:
	nl_cb_put(cb);
	nl_socket_free(sk);
	return err;
}

static void addr_text(struct nl_addr *a, char *buf, size_t len)
{
	buf[0] = '\0';
	if (a && nl_addr_get_len(a) &&
	    !inet_ntop(nl_addr_get_family(a), nl_addr_get_binary_addr(a), buf, len))
		buf[0] = '\0';
}

static void fill_result(struct rs_route_lookup *out, struct rtnl_route *rt)
{
	struct rtnl_nexthop *nh = rtnl_route_nexthop_n(rt, 0);
	char name[IF_NAMESIZE];

	out->ok = 1;
	addr_text(rtnl_route_get_pref_src(rt), out->src, sizeof(out->src));
	if (nh) {
		addr_text(rtnl_route_nh_get_gateway(nh), out->gateway,
			  sizeof(out->gateway));
		if (if_indextoname(rtnl_route_nh_get_ifindex(nh), name))
			RS_STRCPY(out->dev, name);
	}
}

int rs_net_route_get(struct rs_route_lookup *out, const char *peer)
{
	struct route_reply rep = { NULL, 0 };
	unsigned char bin[16];
	struct nl_msg *msg;
	int fam, oif, err;

	out->ok = 0;
	out->err = 0;
	out->dev[0] = out->src[0] = out->gateway[0] = out->error[0] = '\0';
	RS_STRCPY(out->peer, peer);
	err = parse_peer(peer, &fam, bin, &oif, out->error, sizeof(out->error));
	if (err)
		return err;
	msg = build_request(fam, bin, oif);
	err = ask_kernel(msg, &rep, out->error, sizeof(out->error));
	nlmsg_free(msg);
	if (err)
		return err;
	if (rep.route) {
		fill_result(out, rep.route);
		rtnl_route_put(rep.route);
		return 0;
	}
	if (rep.err) {
		RS_STRCPY(out->error, strerror(-rep.err));
		out->err = -rep.err;
		return rep.err;
	}
	if (!out->error[0])
		RS_STRCPY(out->error, "no answer to RTM_GETROUTE");
	return -EIO;
}
