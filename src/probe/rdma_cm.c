/* SPDX-License-Identifier: MIT */
/*
 * rdma_cm.c - the RDMA_CM probe: what an rdma_cm application (NCCL, MPI,
 * rping, perftest -R) gets when it resolves the peer, from librdmacm itself:
 * rdma_resolve_addr (the kernel's route lookup, then the neighbour's MAC:
 * which RDMA device and port serve the source address) and
 * rdma_resolve_route (the path: source and destination GIDs).  Each step
 * waits for its event on the channel's fd, within the probe's bound; the
 * GID table (ibv_query_gid_table, one call) then tells the index and type
 * of the source GID and its netdev.
 *
 * No RDMA in the kernel (no /dev/infiniband/rdma_cm, as on the development
 * machines) is a probe that cannot run, said plainly; ADDR_ERROR,
 * ROUTE_ERROR and ADDR/ROUTE of a device-less interface are conclusions.
 */
#include "probe/probe_priv.h"

#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <infiniband/verbs.h>
#include <rdma/rdma_cma.h>

#define CM_DEV "/dev/infiniband/rdma_cm"
#define MAX_GIDS 16384
#define STEP_MARGIN_MS 500	/* our wait outlasts librdmacm's own timeout */

static int no_cm(struct rs_probe_result *res, int e)
{
	struct stat st;

	if (!e)
		e = ENODEV;
	if (stat(CM_DEV, &st) < 0)
		return rs_probe_fail(res, e, "no RDMA device / rdma_ucm not loaded: %s is "
				     "missing (modprobe rdma_ucm, with an RDMA driver or rdma_rxe)",
				     CM_DEV);
	if (e == EACCES || e == EPERM)
		return rs_probe_fail(res, e, "no permission to open %s: %s", CM_DEV, strerror(e));
	return rs_probe_fail(res, e, "no RDMA device / rdma_ucm not loaded: librdmacm: %s",
			     strerror(e));
}

/* The next event on the channel: 0 with its type and status, -ETIMEDOUT. */
static int next_event(struct rdma_event_channel *ch, uint64_t deadline,
		      enum rdma_cm_event_type *type, int *status)
{
	for (;;) {
		struct rdma_cm_event *ev;
		int r;

		if (!rdma_get_cm_event(ch, &ev)) {
			*type = ev->event;
			*status = ev->status;
			rdma_ack_cm_event(ev);
			return 0;
		}
		if (errno != EAGAIN && errno != EINTR)
			return -errno;
		r = rs_probe_poll(ch->fd, POLLIN, deadline);
		if (r < 0)
			return r;
	}
}

static void gid_text(const union ibv_gid *g, char *buf, size_t len)
{
	const uint8_t *r = g->raw;

	snprintf(buf, len, "%02x%02x:%02x%02x:%02x%02x:%02x%02x:%02x%02x:%02x%02x:%02x%02x:%02x%02x",
		 r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11],
		 r[12], r[13], r[14], r[15]);
}

static const char *gid_type_name(uint32_t t)
{
	return t == IBV_GID_TYPE_ROCE_V2 ? "RoCE v2" : t == IBV_GID_TYPE_ROCE_V1 ? "RoCE v1" : "IB";
}

/* The source GID's entry in the table: its index, type and netdev.  Where
 * the same GID is there as v1 and v2, the v2 entry (rdma_cm's default). */
static void find_sgid(struct ibv_context *ctx, const union ibv_gid *sgid,
		      struct rs_probe_result *res)
{
	struct ibv_device_attr da;
	struct ibv_port_attr pa;
	struct ibv_gid_entry *e, *best = NULL;
	size_t max = 0;
	ssize_t n;
	char name[IF_NAMESIZE];

	if (ibv_query_device(ctx, &da))
		return;
	for (unsigned p = 1; p <= da.phys_port_cnt; p++)
		if (!ibv_query_port(ctx, (uint8_t)p, &pa))
			max += pa.gid_tbl_len;
	if (!max || max > MAX_GIDS)
		return;
	e = rs_xcalloc(max, sizeof(*e));
	n = ibv_query_gid_table(ctx, e, max, 0);
	for (ssize_t i = 0; i < n; i++) {
		if (e[i].port_num != res->cm_port || memcmp(&e[i].gid, sgid, sizeof(*sgid)))
			continue;
		if (!best || e[i].gid_type == IBV_GID_TYPE_ROCE_V2)
			best = &e[i];
	}
	if (best) {
		res->cm_sgid_index = (int)best->gid_index;
		RS_STRCPY(res->cm_gid_type, gid_type_name(best->gid_type));
		if (best->ndev_ifindex && if_indextoname(best->ndev_ifindex, name))
			RS_STRCPY(res->cm_netdev, name);
	}
	free(e);
}

/* One resolution step: its event, or the conclusion that it failed.
 * 1 when the step succeeded, 0 a conclusion, -errno the probe fails. */
static int step(struct rdma_event_channel *ch, uint64_t deadline, enum rdma_cm_event_type want,
		struct rs_probe_result *res)
{
	enum rdma_cm_event_type type = RDMA_CM_EVENT_ADDR_ERROR;
	int status = 0, err;

	err = next_event(ch, deadline, &type, &status);
	if (err == -ETIMEDOUT) {
		/* Its own timeout's ADDR_ERROR was due before ours: an answer. */
		res->net_errno = ETIMEDOUT;
		snprintf(res->cm_event, sizeof(res->cm_event), "no %s",
			 rdma_event_str(want) + strlen("RDMA_CM_EVENT_"));
		return 0;
	}
	if (err)
		return rs_probe_fail(res, -err, "rdma_get_cm_event: %s", strerror(-err));
	RS_STRCPY(res->cm_event, rdma_event_str(type) + strlen("RDMA_CM_EVENT_"));
	if (type == want && !status)
		return 1;
	res->net_errno = status < 0 ? -status : status ? status : EPROTO;
	return 0;
}

/* librdmacm's own timeout for a step: what is left, less a margin in
 * which its ADDR_ERROR / ROUTE_ERROR can still reach us (a fifth, at least
 * STEP_MARGIN_MS: under QEMU TCG events come late). */
static int cm_ms(uint64_t deadline)
{
	int left = rs_probe_left_ms(deadline);
	int margin = left / 5 > STEP_MARGIN_MS ? left / 5 : STEP_MARGIN_MS;

	return left - margin > 100 ? left - margin : 100;
}

static int resolve(struct rdma_cm_id *id, const struct rs_peer *src, struct rs_peer *dst,
		   uint64_t deadline, struct rs_probe_result *res)
{
	const union ibv_gid *sgid;
	int r;

	if (rdma_resolve_addr(id, src ? (struct sockaddr *)&src->ss : NULL,
			      (struct sockaddr *)&dst->ss, cm_ms(deadline))) {
		/* e.g. ENODEV: the source address has no RDMA device */
		res->net_errno = errno;
		RS_STRCPY(res->cm_event, "resolve_addr failed");
		return 0;
	}
	r = step(id->channel, deadline, RDMA_CM_EVENT_ADDR_RESOLVED, res);
	if (r <= 0)
		return r;
	if (id->verbs)
		RS_STRCPY(res->cm_dev, ibv_get_device_name(id->verbs->device));
	res->cm_port = id->port_num;
	if (rdma_resolve_route(id, cm_ms(deadline))) {
		res->net_errno = errno;
		RS_STRCPY(res->cm_event, "resolve_route failed");
		return 0;
	}
	r = step(id->channel, deadline, RDMA_CM_EVENT_ROUTE_RESOLVED, res);
	if (r <= 0)
		return r;
	sgid = &id->route.addr.addr.ibaddr.sgid;
	gid_text(sgid, res->cm_sgid, sizeof(res->cm_sgid));
	gid_text(&id->route.addr.addr.ibaddr.dgid, res->cm_dgid, sizeof(res->cm_dgid));
	if (id->verbs)
		find_sgid(id->verbs, sgid, res);
	return 0;
}

/* With an interface given, resolve from its address (rdma_cm has no
 * SO_BINDTODEVICE): the source the route lookup through it picked. */
static int source_of(const struct rs_probe_req *req, struct rs_peer *src,
		     struct rs_probe_result *res)
{
	struct rs_probe_req r = *req;

	if (!res->src[0])
		return rs_probe_fail(res, EADDRNOTAVAIL, "%s has no address to reach %s from",
				     req->ifname, req->peer);
	RS_STRCPY(r.peer, res->src);
	return rs_probe_peer(&r, 0, src, res);
}

int rs_probe_rdma_cm(const struct rs_probe_req *req, uint64_t deadline,
		     struct rs_probe_result *res)
{
	struct rdma_event_channel *ch;
	struct rdma_cm_id *id;
	struct rs_peer dst, src;
	int err;

	err = rs_probe_peer(req, 0, &dst, res);
	if (!err)
		err = rs_probe_egress(req, res, NULL, 0);
	if (!err && req->ifname[0])
		err = source_of(req, &src, res);
	if (err)
		return err;
	res->net_errno = 0;	/* rdma_cm says its own */
	ch = rdma_create_event_channel();
	if (!ch)
		return no_cm(res, errno);
	if (rdma_create_id(ch, &id, NULL, RDMA_PS_TCP)) {
		err = no_cm(res, errno);
		goto out_ch;
	}
	if (fcntl(ch->fd, F_SETFL, fcntl(ch->fd, F_GETFL) | O_NONBLOCK) < 0) {
		err = rs_probe_fail(res, errno, "rdma_cm channel: %s", strerror(errno));
		goto out_id;
	}
	err = resolve(id, req->ifname[0] ? &src : NULL, &dst, deadline, res);
	err = err > 0 ? 0 : err;
out_id:
	rdma_destroy_id(id);
out_ch:
	rdma_destroy_event_channel(ch);
	return err;
}
