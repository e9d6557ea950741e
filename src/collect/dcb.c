/* SPDX-License-Identifier: MIT */
/*
 * dcb.c - PFC and the trust mode of every link, from DCB netlink: one
 * RTM_GETDCB / DCB_CMD_IEEE_GET request per link on a route netlink socket
 * (what `dcb pfc show` and `dcb app show` do; libnl-3 has no DCB API, so
 * the message is built by hand on its generic calls - docs/collectors-net.md,
 * DCB, has the numbers and their sources).
 *
 * Read from the reply's DCB_ATTR_IEEE nest: DCB_ATTR_IEEE_PFC (struct
 * ieee_pfc: pfc_cap, pfc_en), the APP table (a DSCP entry, selector 5,
 * maps a DSCP to a priority: mlx5 trusts DSCP exactly when it has them) and,
 * on kernels from 6.2, the trust table (the first selector trusted).
 *
 * A driver without DCB answers EOPNOTSUPP (veth, lo, most NICs without
 * RDMA): that is no error, the link's dcb.error says so and the checks
 * skip.  Reading needs no privilege.
 */
#include "collect/collect.h"
#include "collect/producer.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <linux/dcbnl.h>
#include <linux/rtnetlink.h>
#include <netlink/attr.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>

/* DCB_ATTR_DCB_APP_TRUST_TABLE (Linux 6.2); older uapi headers lack it. */
#define RS_DCB_ATTR_IEEE_APP_TRUST 11
#define RS_DCB_APP_SEL_PCP 255

struct dcb_reply {
	struct rs_dcb *d;
	int err;		/* -errno from NLMSG_ERROR, 0 if none */
	int got;		/* a reply was parsed */
};

static void parse_apps(struct rs_dcb *d, struct nlattr *table)
{
	struct nlattr *a;
	int rem;

	nla_for_each_nested(a, table, rem) {
		const struct dcb_app *app;

		if (nla_len(a) < (int)sizeof(*app))
			continue;
		app = nla_data(a);
		if (app->selector == IEEE_8021QAZ_APP_SEL_DSCP)
			d->dscp_apps++;
	}
}

static void parse_trust(struct rs_dcb *d, struct nlattr *table)
{
	struct nlattr *a;
	int rem;

	nla_for_each_nested(a, table, rem) {
		uint8_t sel;

		if (nla_len(a) < 1)
			continue;
		sel = nla_get_u8(a);
		RS_STRCPY(d->trust, sel == IEEE_8021QAZ_APP_SEL_DSCP ? "dscp" :
			  sel == RS_DCB_APP_SEL_PCP ? "pcp" : "other");
		return;		/* the first one is trusted first */
	}
}

static int on_valid(struct nl_msg *msg, void *arg)
{
	struct dcb_reply *r = arg;
	struct nlattr *tb[DCB_ATTR_MAX + 1], *ieee[RS_DCB_ATTR_IEEE_APP_TRUST + 1];
	struct nlmsghdr *h = nlmsg_hdr(msg);

	if (nlmsg_parse(h, sizeof(struct dcbmsg), tb, DCB_ATTR_MAX, NULL) < 0 ||
	    !tb[DCB_ATTR_IEEE])
		return NL_SKIP;
	if (nla_parse_nested(ieee, RS_DCB_ATTR_IEEE_APP_TRUST, tb[DCB_ATTR_IEEE], NULL) < 0)
		return NL_SKIP;
	r->got = 1;
	r->d->known = 1;
	if (ieee[DCB_ATTR_IEEE_PFC] && nla_len(ieee[DCB_ATTR_IEEE_PFC]) >=
	    (int)sizeof(struct ieee_pfc)) {
		const struct ieee_pfc *pfc = nla_data(ieee[DCB_ATTR_IEEE_PFC]);

		r->d->pfc_cap = pfc->pfc_cap;
		r->d->pfc_en = pfc->pfc_en;
	}
	if (ieee[DCB_ATTR_IEEE_APP_TABLE])
		parse_apps(r->d, ieee[DCB_ATTR_IEEE_APP_TABLE]);
	if (ieee[RS_DCB_ATTR_IEEE_APP_TRUST])
		parse_trust(r->d, ieee[RS_DCB_ATTR_IEEE_APP_TRUST]);
	/* No trust table (mlx5, kernels before 6.2): DSCP entries are the trust. */
	if (!r->d->trust[0])
		RS_STRCPY(r->d->trust, r->d->dscp_apps ? "dscp" : "pcp");
	return NL_STOP;
}

static int on_error(struct sockaddr_nl *nla, struct nlmsgerr *e, void *arg)
{
	((struct dcb_reply *)arg)->err = e->error;
	return NL_STOP;
}

static int ask(struct nl_sock *sk, struct rs_link *k, struct dcb_reply *r)
{
	struct dcbmsg dm = { .dcb_family = AF_UNSPEC, .cmd = DCB_CMD_IEEE_GET };
	struct nl_msg *msg = nlmsg_alloc_simple(RTM_GETDCB, NLM_F_REQUEST);
	struct nl_cb *cb = nl_cb_alloc(NL_CB_DEFAULT);
	int ret;

	if (!msg || !cb)
		rs_die("out of memory");
	nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, on_valid, r);
	nl_cb_err(cb, NL_CB_CUSTOM, on_error, r);
	if (nlmsg_append(msg, &dm, sizeof(dm), NLMSG_ALIGNTO) < 0 ||
	    nla_put_string(msg, DCB_ATTR_IFNAME, k->name) < 0) {
		ret = -EMSGSIZE;
		goto out;
	}
	/* No ACK asked: the answer is one message, the reply or an error. */
	ret = nl_send_auto(sk, msg);
	if (ret < 0) {
		ret = -EIO;
		goto out;
	}
	ret = 0;
	while (!r->got && !r->err && nl_recvmsgs(sk, cb) >= 0)
		;
	ret = r->err;
out:
	nl_cb_put(cb);
	nlmsg_free(msg);
	return ret;
}

static void link_dcb(struct nl_sock *sk, struct rs_link *k)
{
	struct dcb_reply r = { .d = &k->dcb };
	int err;

	memset(&k->dcb, 0, sizeof(k->dcb));
	err = ask(sk, k, &r);
	if (r.got)
		return;
	if (err == -EOPNOTSUPP)
		snprintf(k->dcb.error, sizeof(k->dcb.error),
			 "the driver does not answer DCB (EOPNOTSUPP)");
	else
		snprintf(k->dcb.error, sizeof(k->dcb.error), "RTM_GETDCB: %s",
			 strerror(err ? -err : EIO));
}

int rs_collect_dcb(struct rs_snapshot *s)
{
	struct nl_sock *sk = nl_socket_alloc();
	int err;

	if (!sk)
		rs_die("out of memory");
	nl_socket_disable_auto_ack(sk);
	err = nl_connect(sk, NETLINK_ROUTE);
	if (err < 0) {
		rs_snapshot_add_error(s, RS_AREA_NET, "dcb", "", "route netlink socket: %s",
				      nl_geterror(err));
		nl_socket_free(sk);
		return 0;
	}
	for (size_t i = 0; i < s->n_links; i++)
		link_dcb(sk, &s->links[i]);
	nl_socket_free(sk);
	return 0;
}

int rs_collect_dcb_recorded(struct rs_snapshot *s)
{
	for (size_t i = 0; i < s->n_links; i++)
		snprintf(s->links[i].dcb.error, sizeof(s->links[i].dcb.error),
			 "not recorded: DCB is only read from a live host");
	return 0;
}

/* ------------------------------------------------------------ producers */

static int dcb_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
		       char *err, size_t errlen)
{
	return rs_collect_dcb(snap);
}

static int dcb_recorded_collect(struct rs_producer *p, struct rs_session *s,
				struct rs_snapshot *snap, char *err, size_t errlen)
{
	return rs_collect_dcb_recorded(snap);
}

const struct rs_producer_ops rs_dcb_producer = {
	.name = "dcb", .area = RS_AREA_NET, .live_only = 1, .collect = dcb_collect,
};

const struct rs_producer_ops rs_dcb_recorded_producer = {
	.name = "dcb-recorded", .area = RS_AREA_NET, .collect = dcb_recorded_collect,
};
