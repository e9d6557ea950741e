/* SPDX-License-Identifier: MIT */
/*
 * rdma_qp.c - the queue pairs of every device, live and recorded, and the
 * requests that bind a per-QP counter and take it off again.
 *
 * The resources collector (rdma_res.c) already asks RES_QP_GET per
 * device; the same reply becomes the QP list here, then one RES_CM_ID_GET
 * dump (the rdma_cm IDs and their addresses), one STAT_GET dump of the
 * QP counters (which QP has a counter bound, and its values) and the
 * counter mode of port 1.  None of these needs a privilege; a failure of
 * the extra dumps is a note on the device (qps_note), the list stays.
 * Binding (STAT_SET, manual mode) and unbinding (STAT_DEL) need
 * CAP_NET_ADMIN and a driver with counter binding (mlx5 has it; rxe does
 * not: EOPNOTSUPP); they are asked for by the QP job only, never here.
 *
 * Recorded twin: the same replies as files under the root
 * (rdma-netlink/qp-DEV.nl, cm_id-DEV.nl, stat-qp-DEV.nl,
 * stat-mode-DEV.nl: tests/rdma_nl_record writes them); a file that is
 * missing leaves that part unknown, with a note.
 */
#include "collect/rdma_qp.h"
#include "collect/collect.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/netlink.h>
#include <rdma/rdma_netlink.h>

static void msg_init(struct rs_nl_msg *m, unsigned cmd, uint16_t flags, uint32_t dev_index)
{
	rs_nl_msg_init(m, RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, cmd), flags, NULL, 0);
	rs_nl_put_u32(m, RDMA_NLDEV_ATTR_DEV_INDEX, dev_index);
}

int rs_rdma_nl_stat_dump(int fd, uint32_t dev_index, struct rs_nl_reply *r)
{
	struct rs_nl_msg m;

	msg_init(&m, RDMA_NLDEV_CMD_STAT_GET, NLM_F_DUMP, dev_index);
	rs_nl_put_u32(&m, RDMA_NLDEV_ATTR_STAT_RES, RDMA_NLDEV_ATTR_RES_QP);
	return rs_nl_request(fd, &m, r);
}

int rs_rdma_nl_stat_mode(int fd, uint32_t dev_index, uint32_t port, struct rs_nl_reply *r)
{
	struct rs_nl_msg m;

	msg_init(&m, RDMA_NLDEV_CMD_STAT_GET, NLM_F_ACK, dev_index);
	rs_nl_put_u32(&m, RDMA_NLDEV_ATTR_PORT_INDEX, port);
	rs_nl_put_u32(&m, RDMA_NLDEV_ATTR_STAT_RES, RDMA_NLDEV_ATTR_RES_QP);
	/* stat_get_doit_qp() answers EINVAL without a mode in the request
	 * (its value is not read), as kernel 6.1 does in the lab. */
	rs_nl_put_u32(&m, RDMA_NLDEV_ATTR_STAT_MODE, RDMA_COUNTER_MODE_NONE);
	return rs_nl_request(fd, &m, r);
}

/* STAT_SET / STAT_DEL of QP lqpn's counter on a port (`rdma statistic qp
 * bind|unbind`); the caller adds the mode or the counter id. */
static void stat_qp_msg(struct rs_nl_msg *m, uint8_t cmd, uint32_t dev_index, uint32_t port,
			uint32_t lqpn)
{
	msg_init(m, cmd, NLM_F_ACK, dev_index);
	rs_nl_put_u32(m, RDMA_NLDEV_ATTR_PORT_INDEX, port);
	rs_nl_put_u32(m, RDMA_NLDEV_ATTR_STAT_RES, RDMA_NLDEV_ATTR_RES_QP);
	rs_nl_put_u32(m, RDMA_NLDEV_ATTR_RES_LQPN, lqpn);
}

int rs_rdma_stat_bind(int fd, uint32_t dev_index, uint32_t port, uint32_t lqpn,
		      uint32_t *counter_id)
{
	struct rs_nl_reply r;
	struct rs_nl_msg m;
	int ret;

	stat_qp_msg(&m, RDMA_NLDEV_CMD_STAT_SET, dev_index, port, lqpn);
	rs_nl_put_u32(&m, RDMA_NLDEV_ATTR_STAT_MODE, RDMA_COUNTER_MODE_MANUAL);
	ret = rs_nl_request(fd, &m, &r);
	if (!ret)
		ret = rs_rdma_parse_bind(r.buf, r.len, counter_id);
	free(r.buf);
	return ret;
}

int rs_rdma_stat_unbind(int fd, uint32_t dev_index, uint32_t port, uint32_t lqpn,
			uint32_t counter_id)
{
	struct rs_nl_reply r;
	struct rs_nl_msg m;
	int ret;

	stat_qp_msg(&m, RDMA_NLDEV_CMD_STAT_DEL, dev_index, port, lqpn);
	rs_nl_put_u32(&m, RDMA_NLDEV_ATTR_STAT_COUNTER_ID, counter_id);
	ret = rs_nl_request(fd, &m, &r);
	if (!ret)
		ret = rs_nl_walk(r.buf, r.len, 0, RDMA_NLDEV_ATTR_MAX, NULL, NULL);
	free(r.buf);
	return ret;
}

/* "cm_id: Operation not permitted" appended to the device's note. */
static void note(struct rs_device *d, const char *what, int err)
{
	size_t n = strlen(d->qps_note);

	if (n + 3 >= sizeof(d->qps_note))
		return;
	if (snprintf(d->qps_note + n, sizeof(d->qps_note) - n, "%s%s: %s", n ? "; " : "",
		     what, rs_nl_strerror(err)) >= (int)(sizeof(d->qps_note) - n))
		rs_mark_cut(d->qps_note, sizeof(d->qps_note));
}

/* The list from a RES_QP_GET reply replaces d's: 0, or the parse error. */
static int take_list(struct rs_device *d, const struct rs_nl_reply *qp)
{
	struct rs_qp *qps;
	size_t n;
	int listed = rs_rdma_parse_qp_list(qp->buf, qp->len, &qps, &n);

	rs_qps_free(d->qps, d->n_qps);
	d->qps = NULL;
	d->n_qps = 0;
	d->qps_note[0] = '\0';
	d->qp_counter_mode[0] = '\0';
	d->qps_known = listed >= 0;
	if (listed < 0) {
		note(d, "QP list", listed);
		return listed;
	}
	d->qps = qps;
	d->n_qps = n;
	if ((size_t)listed > n)
		snprintf(d->qps_note, sizeof(d->qps_note), "%d QPs, the first %zu shown", listed, n);
	return 0;
}

/* Apply one of the extra replies (ret: how it was obtained). */
static void apply(struct rs_device *d, const char *what, int ret, struct rs_nl_reply *r,
		  int (*parse)(const void *, size_t, struct rs_qp *, size_t))
{
	if (!ret)
		ret = parse(r->buf, r->len, d->qps, d->n_qps);
	free(r->buf);
	r->buf = NULL;
	if (ret < 0)
		note(d, what, ret);
}

static void apply_mode(struct rs_device *d, int ret, struct rs_nl_reply *r)
{
	if (!ret)
		ret = rs_rdma_parse_stat_mode(r->buf, r->len, d->qp_counter_mode,
					      sizeof(d->qp_counter_mode));
	free(r->buf);
	r->buf = NULL;
	if (ret < 0)
		note(d, "counter mode", ret);
}

void rs_rdma_qps_live(int fd, struct rs_device *d, long dev_index, const struct rs_nl_reply *qp)
{
	struct rs_nl_msg m;
	struct rs_nl_reply r;
	int ret;

	if (take_list(d, qp))
		return;
	rs_nl_msg_init(&m, RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, RDMA_NLDEV_CMD_RES_CM_ID_GET),
		       NLM_F_DUMP, NULL, 0);
	rs_nl_put_u32(&m, RDMA_NLDEV_ATTR_DEV_INDEX, (uint32_t)dev_index);
	ret = rs_nl_request(fd, &m, &r);
	apply(d, "rdma_cm IDs", ret, &r, rs_rdma_parse_cm_ids);
	ret = rs_rdma_nl_stat_dump(fd, (uint32_t)dev_index, &r);
	apply(d, "QP counters", ret, &r, rs_rdma_parse_qp_counters);
	ret = rs_rdma_nl_stat_mode(fd, (uint32_t)dev_index, 1, &r);
	apply_mode(d, ret, &r);
}

/* The recorded reply KIND-DEV.nl of d. */
static int recorded(struct rs_nl_reply *r, const char *kind, const struct rs_device *d)
{
	char rel[RS_NAME_LEN + 64];

	snprintf(rel, sizeof(rel), RS_RDMA_NL_DEV_FILE, kind, d->name);
	return rs_nl_read_file(r, rel);
}

void rs_rdma_qps_recorded(struct rs_device *d, const struct rs_nl_reply *qp)
{
	struct rs_nl_reply r;
	int ret;

	if (take_list(d, qp))
		return;
	ret = recorded(&r, RS_RDMA_NL_CM, d);
	if (ret != -ENOENT)
		apply(d, "rdma_cm IDs", ret, &r, rs_rdma_parse_cm_ids);
	ret = recorded(&r, RS_RDMA_NL_STAT, d);
	if (ret != -ENOENT)
		apply(d, "QP counters", ret, &r, rs_rdma_parse_qp_counters);
	ret = recorded(&r, RS_RDMA_NL_MODE, d);
	if (ret != -ENOENT)
		apply_mode(d, ret, &r);
}
