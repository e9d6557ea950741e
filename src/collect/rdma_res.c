/* SPDX-License-Identifier: MIT */
/*
 * rdma_res.c - the RDMA resources of every device (QPs, CQs, MRs, PDs and
 * the QPs' states) from RDMA netlink, live and recorded.
 *
 * Live: one NETLINK_RDMA socket, one RES_GET dump (the summary of every
 * device, as `rdma resource show`) and one RES_QP_GET dump per device (as
 * `rdma resource show qp`), on a raw netlink socket so the reply bytes are
 * exactly what the kernel sent (libnl only parses them, rdma_res_parse.c).
 * None of these requests needs a privilege; a user sees the QPs of its
 * own PID namespace.  Without ib_core the socket fails with
 * EPROTONOSUPPORT: each device (if sysfs shows any) says so.
 *
 * Recorded twin: the same replies as files under the root
 * (<root>/rdma-netlink/res.nl and qp-DEV.nl, written in the lab by
 * tests/rdma_nl_record), parsed by the same code.  A root without them
 * says "not recorded" per device, as DCB does: unknown, never bad.
 */
#include "collect/collect.h"
#include "collect/producer.h"
#include "collect/rdma_qp.h"
#include "collect/rdma_res.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/netlink.h>
#include <rdma/rdma_netlink.h>

int rs_rdma_nl_open(void)
{
	return rs_nl_open(NETLINK_RDMA);
}

int rs_rdma_nl_dump(int fd, unsigned cmd, long dev_index, struct rs_nl_reply *r)
{
	struct rs_nl_msg m;

	rs_nl_msg_init(&m, RDMA_NL_GET_TYPE(RDMA_NL_NLDEV, cmd), NLM_F_DUMP, NULL, 0);
	if (dev_index >= 0)
		rs_nl_put_u32(&m, RDMA_NLDEV_ATTR_DEV_INDEX, (uint32_t)dev_index);
	return rs_nl_request(fd, &m, r);
}

static void all_unknown(struct rs_snapshot *s, const char *what, int err)
{
	for (size_t i = 0; i < s->n_devices; i++) {
		struct rs_rdma_res *r = &s->devices[i].res;

		memset(r, 0, sizeof(*r));
		snprintf(r->error, sizeof(r->error), "%s: %s", what,
			 err == -EBADMSG ? "malformed reply" : strerror(-err));
		RS_STRCPY(s->devices[i].qps_note, r->error);
	}
}

/* The summary parsed: name the devices the reply did not. */
static void mark_missing(struct rs_snapshot *s, const long *idx)
{
	for (size_t i = 0; i < s->n_devices; i++)
		if (idx[i] < 0) {
			RS_STRCPY(s->devices[i].res.error, "not in RDMA netlink's device list");
			RS_STRCPY(s->devices[i].qps_note, "not in RDMA netlink's device list");
		}
}

/* Nothing of the last reading's QPs survives a failed one. */
static void reset_qps(struct rs_snapshot *s, const char *why)
{
	for (size_t i = 0; i < s->n_devices; i++) {
		struct rs_device *d = &s->devices[i];

		rs_qps_free(d->qps, d->n_qps);
		d->qps = NULL;
		d->n_qps = 0;
		d->qps_known = 0;
		d->qp_counter_mode[0] = '\0';
		RS_STRCPY(d->qps_note, why);
	}
}

/* The QP list is as unknown as the states it would have counted. */
static void qp_error(struct rs_device *d, const char *what, int err)
{
	const char *why = err == -EBADMSG ? "malformed reply" : strerror(-err);

	snprintf(d->res.error, sizeof(d->res.error), "QP states: %s: %s", what, why);
	snprintf(d->qps_note, sizeof(d->qps_note), "%s: %s", what, why);
}

int rs_collect_rdma_res(struct rs_snapshot *s)
{
	struct rs_nl_reply r;
	long *idx;
	int fd, ret;

	if (!s->n_devices)
		return 0;
	reset_qps(s, "not read: RDMA netlink did not answer");
	fd = rs_rdma_nl_open();
	if (fd < 0) {
		all_unknown(s, "RDMA netlink", fd);
		return 0;
	}
	idx = rs_xcalloc(s->n_devices, sizeof(*idx));
	ret = rs_rdma_nl_dump(fd, RDMA_NLDEV_CMD_RES_GET, -1, &r);
	if (!ret)
		ret = rs_rdma_res_parse_summary(r.buf, r.len, s, idx);
	free(r.buf);
	if (ret < 0) {
		all_unknown(s, "RDMA netlink RES_GET", ret);
		goto out;
	}
	mark_missing(s, idx);
	for (size_t i = 0; i < s->n_devices; i++) {
		if (idx[i] < 0)
			continue;
		ret = rs_rdma_nl_dump(fd, RDMA_NLDEV_CMD_RES_QP_GET, idx[i], &r);
		if (!ret)
			ret = rs_rdma_res_parse_qps(r.buf, r.len, &s->devices[i].res);
		if (ret >= 0)
			rs_rdma_qps_live(fd, &s->devices[i], idx[i], &r);
		free(r.buf);
		if (ret < 0)
			qp_error(&s->devices[i], "RES_QP_GET", ret);
	}
out:
	free(idx);
	close(fd);
	return 0;
}

int rs_collect_rdma_res_recorded(struct rs_snapshot *s)
{
	struct rs_nl_reply r;
	long *idx;
	int ret;

	if (!s->n_devices)
		return 0;
	reset_qps(s, "not recorded (RDMA netlink is only read live)");
	ret = rs_nl_read_file(&r, RS_RDMA_NL_RES_FILE);
	if (ret == -ENOENT) {
		for (size_t i = 0; i < s->n_devices; i++) {
			memset(&s->devices[i].res, 0, sizeof(s->devices[i].res));
			RS_STRCPY(s->devices[i].res.error,
				  "not recorded (RDMA netlink is only read live)");
		}
		return 0;
	}
	idx = rs_xcalloc(s->n_devices, sizeof(*idx));
	if (!ret)
		ret = rs_rdma_res_parse_summary(r.buf, r.len, s, idx);
	free(r.buf);
	if (ret < 0) {
		all_unknown(s, "recorded RES_GET reply", ret);
		free(idx);
		return 0;
	}
	mark_missing(s, idx);
	for (size_t i = 0; i < s->n_devices; i++) {
		struct rs_device *d = &s->devices[i];
		char rel[RS_NAME_LEN + 32];

		if (idx[i] < 0)
			continue;
		snprintf(rel, sizeof(rel), RS_RDMA_NL_QP_FILE, d->name);
		ret = rs_nl_read_file(&r, rel);
		if (!ret)
			ret = rs_rdma_res_parse_qps(r.buf, r.len, &d->res);
		if (ret >= 0)
			rs_rdma_qps_recorded(d, &r);
		free(r.buf);
		if (ret < 0 && ret != -ENOENT)
			qp_error(d, "recorded RES_QP_GET reply", ret);
	}
	free(idx);
	return 0;
}

/* ------------------------------------------------------------ producers */

/* RDMA resources and queue pairs move with the jobs: read again on every
 * refresh, with the processes that own the QPs. */
static int res_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
		       char *err, size_t errlen)
{
	rs_collect_rdma_res(snap);
	return rs_collect_qp_owners(snap);
}

static int res_refresh(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap)
{
	rs_collect_rdma_res(snap);
	return rs_collect_qp_owners(snap);
}

static int res_recorded_collect(struct rs_producer *p, struct rs_session *s,
				struct rs_snapshot *snap, char *err, size_t errlen)
{
	rs_collect_rdma_res_recorded(snap);
	return rs_collect_qp_owners(snap);
}

static int res_recorded_refresh(struct rs_producer *p, struct rs_session *s,
				struct rs_snapshot *snap)
{
	rs_collect_rdma_res_recorded(snap);
	return rs_collect_qp_owners(snap);
}

const struct rs_producer_ops rs_rdma_res_producer = {
	.name = "rdma-res", .area = RS_AREA_RDMA, .live_only = 1, .collect = res_collect,
	.refresh = res_refresh,
};

const struct rs_producer_ops rs_rdma_res_recorded_producer = {
	.name = "rdma-res-recorded", .area = RS_AREA_RDMA, .collect = res_recorded_collect,
	.refresh = res_recorded_refresh,
};
