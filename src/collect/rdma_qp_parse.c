/* SPDX-License-Identifier: MIT */
/*
 * rdma_qp_parse.c - the parsers of rdma_qp.h: QP lists, rdma_cm IDs, QP
 * counters and counter modes in RDMA netlink replies.
 *
 * Layouts are the kernel's (drivers/infiniband/core/nldev.c, uapi
 * rdma/rdma_netlink.h; docs/collectors-rdma.md "Queue pairs"):
 *
 *   RES_QP_GET:    RES_QP { RES_QP_ENTRY { PORT_INDEX?, RES_LQPN, RES_RQPN
 *                  and RES_RQ_PSN (RC/UC), RES_SQ_PSN, RES_TYPE, RES_STATE,
 *                  RES_PID | RES_KERN_NAME, RES_PDN? } }
 *   RES_CM_ID_GET: RES_CM_ID { RES_CM_ID_ENTRY { PORT_INDEX?, RES_LQPN?,
 *                  RES_PS, RES_STATE, RES_SRC_ADDR?, RES_DST_ADDR? (struct
 *                  __kernel_sockaddr_storage), RES_PID | RES_KERN_NAME } }
 *   STAT_GET (QP): STAT_COUNTER { STAT_COUNTER_ENTRY { PORT_INDEX,
 *                  STAT_COUNTER_ID, STAT_MODE, RES_QP { RES_QP_ENTRY {
 *                  RES_LQPN } }, STAT_HWCOUNTERS { STAT_HWCOUNTER_ENTRY {
 *                  NAME, VALUE } } } }
 *
 * The kernel nests without NLA_F_NESTED (nla_nest_start_noflag), so a
 * nest is known by its number only.  Every entry is parsed whole before
 * it changes anything, so a garbled one never leaves a half-filled QP.
 */
#include "collect/rdma_qp.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <linux/netlink.h>
#include <netlink/attr.h>
#include <rdma/rdma_netlink.h>

#define MAXATTR RDMA_NLDEV_ATTR_MAX

static int walk(const void *buf, size_t len, int (*fn)(struct nlattr **tb, void *arg),
		void *arg)
{
	return rs_nl_walk(buf, len, 0, MAXATTR, fn, arg);
}

void rs_qp_type_name(unsigned type, char *buf, size_t len)
{
	static const char *const names[] = {
		"SMI", "GSI", "RC", "UC", "UD", "RAW_IPV6", "RAW_ETHERTYPE", NULL,
		"RAW_PACKET", "XRC_INI", "XRC_TGT",
	};

	if (type < RS_ARRAY_SIZE(names) && names[type])
		snprintf(buf, len, "%s", names[type]);
	else if (type == 0xff)
		snprintf(buf, len, "DRIVER");
	else
		snprintf(buf, len, "type %u", type);
}

/* ---------------------------------------------------------------- QPs */

struct qp_list {
	struct rs_qp *qps;
	size_t n;
	int listed;
};

/* The owner: a PID (user) or a kernel module's name. */
static int parse_owner(struct nlattr **qt, struct rs_qp *q)
{
	if (qt[RDMA_NLDEV_ATTR_RES_PID])
		return rs_nla_u32(qt[RDMA_NLDEV_ATTR_RES_PID], &q->pid);
	if (qt[RDMA_NLDEV_ATTR_RES_KERN_NAME]) {
		q->kernel = 1;
		return rs_nla_str(qt[RDMA_NLDEV_ATTR_RES_KERN_NAME], q->comm, sizeof(q->comm));
	}
	return 0;	/* neither: an owner this kernel does not say */
}

static int parse_qp(const struct nlattr *e, struct rs_qp *q)
{
	struct nlattr *qt[MAXATTR + 1];
	uint8_t type, state;

	memset(q, 0, sizeof(*q));
	if (rs_nla_nested(qt, MAXATTR, e) ||
	    rs_nla_u32(qt[RDMA_NLDEV_ATTR_RES_LQPN], &q->lqpn) ||
	    rs_nla_u8(qt[RDMA_NLDEV_ATTR_RES_TYPE], &type) ||
	    rs_nla_u8(qt[RDMA_NLDEV_ATTR_RES_STATE], &state) ||
	    (qt[RDMA_NLDEV_ATTR_PORT_INDEX] &&
	     rs_nla_u32(qt[RDMA_NLDEV_ATTR_PORT_INDEX], &q->port)) ||
	    (qt[RDMA_NLDEV_ATTR_RES_SQ_PSN] &&
	     rs_nla_u32(qt[RDMA_NLDEV_ATTR_RES_SQ_PSN], &q->sq_psn)) ||
	    (qt[RDMA_NLDEV_ATTR_RES_PDN] && rs_nla_u32(qt[RDMA_NLDEV_ATTR_RES_PDN], &q->pdn)) ||
	    parse_owner(qt, q))
		return -EBADMSG;
	if (qt[RDMA_NLDEV_ATTR_RES_RQPN]) {
		if (rs_nla_u32(qt[RDMA_NLDEV_ATTR_RES_RQPN], &q->rqpn) ||
		    (qt[RDMA_NLDEV_ATTR_RES_RQ_PSN] &&
		     rs_nla_u32(qt[RDMA_NLDEV_ATTR_RES_RQ_PSN], &q->rq_psn)))
			return -EBADMSG;
		q->has_rqpn = 1;
	}
	rs_qp_type_name(type, q->type, sizeof(q->type));
	q->state = state;
	return 0;
}

static int on_qp_list(struct nlattr **tb, void *arg)
{
	struct qp_list *l = arg;
	struct nlattr *e;
	int rem;

	if (!tb[RDMA_NLDEV_ATTR_RES_QP])
		return 0;
	nla_for_each_nested(e, tb[RDMA_NLDEV_ATTR_RES_QP], rem) {
		struct rs_qp q;

		if (nla_type(e) != RDMA_NLDEV_ATTR_RES_QP_ENTRY)
			continue;
		if (parse_qp(e, &q))
			return -EBADMSG;
		l->listed++;
		if (l->n < RS_QPS_MAX)
			*RS_APPEND(l->qps, l->n) = q;
	}
	return 0;
}

int rs_rdma_parse_qp_list(const void *buf, size_t len, struct rs_qp **qps, size_t *n)
{
	struct qp_list l = { NULL, 0, 0 };
	int ret = walk(buf, len, on_qp_list, &l);

	*qps = NULL;
	*n = 0;
	if (ret < 0) {
		rs_qps_free(l.qps, l.n);
		return ret;
	}
	*qps = l.qps;
	*n = l.n;
	return l.listed;
}

/* ------------------------------------------------------------ CM IDs */

struct qp_set {
	struct rs_qp *qps;
	size_t n;
	int count;
};

static struct rs_qp *find_qp(const struct qp_set *set, uint32_t lqpn, uint32_t port)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->qps[i].lqpn == lqpn && (!port || !set->qps[i].port ||
						 set->qps[i].port == port))
			return &set->qps[i];
	return NULL;
}

/* A struct __kernel_sockaddr_storage: family, then port and address. */
static int parse_sockaddr(const struct nlattr *a, char *addr, size_t alen, unsigned *port)
{
	const unsigned char *p;
	uint16_t family, be_port;

	if (!a)
		return 0;
	if (nla_len(a) < 4)
		return -EBADMSG;
	p = nla_data(a);
	memcpy(&family, p, 2);
	memcpy(&be_port, p + 2, 2);
	if (family == AF_INET && nla_len(a) >= 8) {
		if (!inet_ntop(AF_INET, p + 4, addr, (socklen_t)alen))
			return -EBADMSG;
	} else if (family == AF_INET6 && nla_len(a) >= 24) {
		if (!inet_ntop(AF_INET6, p + 8, addr, (socklen_t)alen))
			return -EBADMSG;
	} else if (family == AF_INET || family == AF_INET6) {
		return -EBADMSG;
	} else {
		snprintf(addr, alen, "family %u", family);	/* AF_IB: no IP to show */
	}
	*port = ntohs(be_port);
	return 0;
}

static int parse_cm_id(const struct nlattr *e, const struct qp_set *set)
{
	struct nlattr *ct[MAXATTR + 1];
	char src[RS_ADDR_LEN] = "", dst[RS_ADDR_LEN] = "";
	unsigned sport = 0, dport = 0;
	uint32_t lqpn, port = 0;
	struct rs_qp *q;

	if (rs_nla_nested(ct, MAXATTR, e) ||
	    (ct[RDMA_NLDEV_ATTR_PORT_INDEX] && rs_nla_u32(ct[RDMA_NLDEV_ATTR_PORT_INDEX], &port)) ||
	    parse_sockaddr(ct[RDMA_NLDEV_ATTR_RES_SRC_ADDR], src, sizeof(src), &sport) ||
	    parse_sockaddr(ct[RDMA_NLDEV_ATTR_RES_DST_ADDR], dst, sizeof(dst), &dport))
		return -EBADMSG;
	if (!ct[RDMA_NLDEV_ATTR_RES_LQPN])
		return 0;	/* a listening or unconnected ID: no QP */
	if (rs_nla_u32(ct[RDMA_NLDEV_ATTR_RES_LQPN], &lqpn))
		return -EBADMSG;
	q = find_qp(set, lqpn, port);
	if (!q)
		return 0;	/* a QP that came or went between the two dumps */
	q->cm = 1;
	RS_STRCPY(q->src_addr, src);
	RS_STRCPY(q->dst_addr, dst);
	q->src_port = sport;
	q->dst_port = dport;
	return 0;
}

static int on_cm_ids(struct nlattr **tb, void *arg)
{
	struct qp_set *set = arg;
	struct nlattr *e;
	int rem;

	if (!tb[RDMA_NLDEV_ATTR_RES_CM_ID])
		return 0;
	nla_for_each_nested(e, tb[RDMA_NLDEV_ATTR_RES_CM_ID], rem) {
		if (nla_type(e) != RDMA_NLDEV_ATTR_RES_CM_ID_ENTRY)
			continue;
		if (parse_cm_id(e, set))
			return -EBADMSG;
		set->count++;
	}
	return 0;
}

int rs_rdma_parse_cm_ids(const void *buf, size_t len, struct rs_qp *qps, size_t n)
{
	struct qp_set set = { qps, n, 0 };
	int ret = walk(buf, len, on_cm_ids, &set);

	return ret < 0 ? ret : set.count;
}

/* ---------------------------------------------------------- counters */

static int parse_hwcounters(const struct nlattr *table, struct rs_counter_set *out)
{
	struct nlattr *e;
	int rem;

	nla_for_each_nested(e, (struct nlattr *)table, rem) {
		struct nlattr *ht[MAXATTR + 1];
		char name[RS_NAME_LEN];
		uint64_t v;

		if (nla_type(e) != RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY)
			continue;
		if (rs_nla_nested(ht, MAXATTR, e) ||
		    rs_nla_str(ht[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_NAME], name, sizeof(name)) ||
		    rs_nla_u64(ht[RDMA_NLDEV_ATTR_STAT_HWCOUNTER_ENTRY_VALUE], &v))
			return -EBADMSG;
		if (out->count < 1024)
			rs_counter_set_add(out, name, v);
	}
	return 0;
}

/* The QPs a counter is bound to, each given its id and values. */
static int bind_qps(const struct nlattr *list, uint32_t id, uint32_t port,
		    const struct rs_counter_set *vals, const struct qp_set *set)
{
	struct nlattr *e;
	int rem;

	nla_for_each_nested(e, (struct nlattr *)list, rem) {
		struct nlattr *qt[MAXATTR + 1];
		struct rs_qp *q;
		uint32_t lqpn;

		if (nla_type(e) != RDMA_NLDEV_ATTR_RES_QP_ENTRY)
			continue;
		if (rs_nla_nested(qt, MAXATTR, e) || rs_nla_u32(qt[RDMA_NLDEV_ATTR_RES_LQPN], &lqpn))
			return -EBADMSG;
		q = find_qp(set, lqpn, port);
		if (!q)
			continue;
		q->counter_id = id;
		rs_counter_set_free(&q->counters);
		for (size_t i = 0; i < vals->count; i++)
			rs_counter_set_add(&q->counters, vals->items[i].name, vals->items[i].value);
	}
	return 0;
}

static int parse_counter(const struct nlattr *e, const struct qp_set *set)
{
	struct nlattr *st[MAXATTR + 1];
	struct rs_counter_set vals = { NULL, 0, 0 };
	uint32_t id, port = 0;
	int ret;

	if (rs_nla_nested(st, MAXATTR, e) ||
	    rs_nla_u32(st[RDMA_NLDEV_ATTR_STAT_COUNTER_ID], &id) ||
	    (st[RDMA_NLDEV_ATTR_PORT_INDEX] && rs_nla_u32(st[RDMA_NLDEV_ATTR_PORT_INDEX], &port)))
		return -EBADMSG;
	ret = st[RDMA_NLDEV_ATTR_STAT_HWCOUNTERS] ?
	      parse_hwcounters(st[RDMA_NLDEV_ATTR_STAT_HWCOUNTERS], &vals) : 0;
	if (!ret && st[RDMA_NLDEV_ATTR_RES_QP])
		ret = bind_qps(st[RDMA_NLDEV_ATTR_RES_QP], id, port, &vals, set);
	rs_counter_set_free(&vals);
	return ret;
}

static int on_counters(struct nlattr **tb, void *arg)
{
	struct qp_set *set = arg;
	struct nlattr *e;
	int rem;

	if (!tb[RDMA_NLDEV_ATTR_STAT_COUNTER])
		return 0;
	nla_for_each_nested(e, tb[RDMA_NLDEV_ATTR_STAT_COUNTER], rem) {
		if (nla_type(e) != RDMA_NLDEV_ATTR_STAT_COUNTER_ENTRY)
			continue;
		if (parse_counter(e, set))
			return -EBADMSG;
		set->count++;
	}
	return 0;
}

int rs_rdma_parse_qp_counters(const void *buf, size_t len, struct rs_qp *qps, size_t n)
{
	struct qp_set set = { qps, n, 0 };
	int ret = walk(buf, len, on_counters, &set);

	return ret < 0 ? ret : set.count;
}

/* ----------------------------------------------------- mode, binding */

struct one_u32 {
	int attr;
	uint32_t v;
	int seen;
};

static int on_u32(struct nlattr **tb, void *arg)
{
	struct one_u32 *o = arg;

	if (!tb[o->attr])
		return 0;
	if (rs_nla_u32(tb[o->attr], &o->v))
		return -EBADMSG;
	o->seen = 1;
	return 0;
}

int rs_rdma_parse_stat_mode(const void *buf, size_t len, char *mode, size_t mlen)
{
	static const char *const names[] = { "none", "auto", "manual" };
	struct one_u32 o = { RDMA_NLDEV_ATTR_STAT_MODE, 0, 0 };
	int ret = walk(buf, len, on_u32, &o);

	if (ret < 0)
		return ret;
	if (!o.seen)
		return -EBADMSG;
	if (o.v < RS_ARRAY_SIZE(names))
		snprintf(mode, mlen, "%s", names[o.v]);
	else
		snprintf(mode, mlen, "mode %u", o.v);
	return 0;
}

int rs_rdma_parse_bind(const void *buf, size_t len, uint32_t *counter_id)
{
	struct one_u32 o = { RDMA_NLDEV_ATTR_STAT_COUNTER_ID, 0, 0 };
	int ret = walk(buf, len, on_u32, &o);

	if (ret < 0)
		return ret;
	if (!o.seen)
		return -EBADMSG;
	*counter_id = o.v;
	return 0;
}
