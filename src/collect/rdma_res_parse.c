/* SPDX-License-Identifier: MIT */
/*
 * rdma_res_parse.c - the parser of rdma_res.h: RDMA netlink replies to
 * RES_GET (a summary per device) and RES_QP_GET (one entry per QP), as raw
 * bytes, live or recorded.
 *
 * Attribute numbers and layouts are the kernel's uapi rdma/rdma_netlink.h
 * and core/nldev.c (docs/collectors-rdma.md, RDMA resources): no family
 * header, attributes follow the nlmsghdr.  RES_SUMMARY nests RES_SUMMARY_ENTRY nests, each a NAME
 * ("qp", "cq", "mr", "pd", "cm_id", "ctx", "srq") and a u64 CURR.
 * RES_QP nests RES_QP_ENTRY nests, each with RES_STATE (u8, enum
 * ib_qp_state: 0 RESET ... 6 ERR).  libnl walks the messages and
 * attributes (nlmsg_ok, nla_parse check each length against what is
 * left); the width of each value is checked here before it is read.
 */
#include "collect/rdma_res.h"
#include "util.h"

#include <errno.h>
#include <string.h>

#include <linux/netlink.h>
#include <netlink/attr.h>
#include <netlink/msg.h>
#include <rdma/rdma_netlink.h>

#define RS_NLDEV_MAX RDMA_NLDEV_ATTR_MAX

/* Attributes follow the nlmsghdr: no family header. */
static int walk(const void *buf, size_t len, int (*fn)(struct nlattr **tb, void *arg),
		void *arg)
{
	return rs_nl_walk(buf, len, 0, RS_NLDEV_MAX, fn, arg);
}

/* ------------------------------------------------------------- RES_GET */

struct summary {
	struct rs_snapshot *s;
	long *dev_index;
	int devices;
};

static int set_count(struct rs_rdma_res *r, const char *name, uint64_t v)
{
	static const struct {
		const char *name;
		size_t off;
	} names[] = {
		{ "qp", offsetof(struct rs_rdma_res, qp) },
		{ "cq", offsetof(struct rs_rdma_res, cq) },
		{ "mr", offsetof(struct rs_rdma_res, mr) },
		{ "pd", offsetof(struct rs_rdma_res, pd) },
		{ "cm_id", offsetof(struct rs_rdma_res, cm_id) },
		{ "ctx", offsetof(struct rs_rdma_res, ctx) },
		{ "srq", offsetof(struct rs_rdma_res, srq) },
	};

	for (size_t i = 0; i < RS_ARRAY_SIZE(names); i++)
		if (!strcmp(name, names[i].name)) {
			memcpy((char *)r + names[i].off, &v, sizeof(v));
			return 1;
		}
	return 0;	/* a kind this program does not show (a newer kernel's) */
}

static int parse_summary_table(struct nlattr *table, struct rs_rdma_res *r)
{
	struct nlattr *e;
	int rem;

	nla_for_each_nested(e, table, rem) {
		struct nlattr *tb[RS_NLDEV_MAX + 1];
		char name[RS_NAME_LEN];
		uint64_t v;

		if (nla_parse_nested(tb, RS_NLDEV_MAX, e, NULL) < 0 ||
		    rs_nla_str(tb[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_NAME], name, sizeof(name)) ||
		    rs_nla_u64(tb[RDMA_NLDEV_ATTR_RES_SUMMARY_ENTRY_CURR], &v))
			return -EBADMSG;
		set_count(r, name, v);
	}
	return 0;
}

static int on_summary(struct nlattr **tb, void *arg)
{
	struct summary *sum = arg;
	struct rs_rdma_res res = { .known = 1 };
	char name[RS_NAME_LEN];
	uint32_t index;

	if (rs_nla_str(tb[RDMA_NLDEV_ATTR_DEV_NAME], name, sizeof(name)) ||
	    rs_nla_u32(tb[RDMA_NLDEV_ATTR_DEV_INDEX], &index))
		return -EBADMSG;
	if (tb[RDMA_NLDEV_ATTR_RES_SUMMARY] &&
	    parse_summary_table(tb[RDMA_NLDEV_ATTR_RES_SUMMARY], &res))
		return -EBADMSG;
	sum->devices++;
	for (size_t i = 0; i < sum->s->n_devices; i++) {
		struct rs_device *d = &sum->s->devices[i];

		if (strcmp(d->name, name))
			continue;
		/* the counts only: the QP states are a second request's */
		d->res.known = 1;
		d->res.error[0] = '\0';
		d->res.qp = res.qp;
		d->res.cq = res.cq;
		d->res.mr = res.mr;
		d->res.pd = res.pd;
		d->res.cm_id = res.cm_id;
		d->res.ctx = res.ctx;
		d->res.srq = res.srq;
		if (sum->dev_index)
			sum->dev_index[i] = (long)index;
	}
	return 0;
}

int rs_rdma_res_parse_summary(const void *buf, size_t len, struct rs_snapshot *s,
			      long *dev_index)
{
	struct summary sum = { .s = s, .dev_index = dev_index };
	int ret;

	for (size_t i = 0; dev_index && i < s->n_devices; i++)
		dev_index[i] = -1;
	ret = walk(buf, len, on_summary, &sum);
	return ret < 0 ? ret : sum.devices;
}

/* ---------------------------------------------------------- RES_QP_GET */

struct qps {
	unsigned state[RS_QP_STATES];
	int n;
};

static int on_qps(struct nlattr **tb, void *arg)
{
	struct qps *q = arg;
	struct nlattr *e;
	int rem;

	if (!tb[RDMA_NLDEV_ATTR_RES_QP])
		return 0;
	nla_for_each_nested(e, tb[RDMA_NLDEV_ATTR_RES_QP], rem) {
		struct nlattr *qt[RS_NLDEV_MAX + 1];
		const struct nlattr *st;

		if (nla_parse_nested(qt, RS_NLDEV_MAX, e, NULL) < 0)
			return -EBADMSG;
		st = qt[RDMA_NLDEV_ATTR_RES_STATE];
		if (!st || nla_len(st) < 1)
			return -EBADMSG;
		if (nla_get_u8((struct nlattr *)st) < RS_QP_STATES)
			q->state[nla_get_u8((struct nlattr *)st)]++;
		q->n++;
	}
	return 0;
}

int rs_rdma_res_parse_qps(const void *buf, size_t len, struct rs_rdma_res *r)
{
	struct qps q = { { 0 }, 0 };
	int ret = walk(buf, len, on_qps, &q);

	if (ret < 0)
		return ret;
	r->qp_states_known = 1;
	r->qp_reset = q.state[0];
	r->qp_init = q.state[1];
	r->qp_rtr = q.state[2];
	r->qp_rts = q.state[3];
	r->qp_sqd = q.state[4];
	r->qp_sqe = q.state[5];
	r->qp_err = q.state[6];
	return q.n;
}
