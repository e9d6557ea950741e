/* SPDX-License-Identifier: MIT */
/*
 * source_sniffer.c - the NIC's sniffer as a capture source (source.h): what
 * libpcap's rdmasniff module (pcap-rdmasniff.c) does, which Debian's
 * libpcap is built without (docs/capture.md, Sources and permissions).  On mlx5, RDMA traffic bypasses the kernel,
 * so a netdev capture sees none of it; a raw-packet QP with a flow of type
 * IBV_FLOW_ATTR_SNIFFER receives a copy of everything the port sends and
 * receives.
 *
 * Steps: open the device, read the port's link layer (Ethernet only: this
 * is a RoCE tool), PD, completion channel (its fd goes on the event loop),
 * CQ, raw-packet QP (INIT, RTR), the sniffer flow, one MR of RING x SLOT
 * bytes, RING receives posted.  Each completion hands out one frame; its
 * receive is posted again when the next frame is asked for.
 *
 * Failures say what they mean: no such device (and which exist), EPERM =
 * CAP_NET_RAW, a device without raw-packet QPs or sniffer flows (rxe,
 * anything not mlx5) = no sniffer here, capture on its netdev instead.
 */
#include "capture/capture.h"
#include "capture/source.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <infiniband/verbs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RING 128
#define SLOT 10000		/* bytes per receive: jumbo frames fit */
#define DLT_EN10MB_ 1

struct sniff {
	struct ibv_context *ctx;
	struct ibv_pd *pd;
	struct ibv_comp_channel *ch;
	struct ibv_cq *cq;
	struct ibv_qp *qp;
	struct ibv_flow *flow;
	struct ibv_mr *mr;
	uint8_t *buf;
	struct ibv_wc wc[RING];
	int n_wc, at;		/* completions polled, next to hand out */
	int repost;		/* slot + 1 to post again before the next frame */
	uint64_t received;
	char err[128];		/* why the last next() failed */
};

static int post(struct sniff *s, unsigned slot)
{
	struct ibv_sge sge = {
		.addr = (uintptr_t)(s->buf + (size_t)slot * SLOT), .length = SLOT, .lkey = s->mr->lkey,
	};
	struct ibv_recv_wr wr = { .wr_id = slot, .sg_list = &sge, .num_sge = 1 }, *bad;
	int e = ibv_post_recv(s->qp, &wr, &bad);

	if (e)
		snprintf(s->err, sizeof(s->err), "ibv_post_recv: %s", strerror(e));
	return e ? -EIO : 0;
}

static int sn_fd(void *h)
{
	return ((struct sniff *)h)->ch->fd;
}

/* Completions: take the event (if any), re-arm, then poll the CQ. */
static int refill(struct sniff *s)
{
	struct ibv_cq *cq;
	void *ctx;

	if (ibv_get_cq_event(s->ch, &cq, &ctx) == 0) {
		ibv_ack_cq_events(cq, 1);
		if (ibv_req_notify_cq(s->cq, 0)) {
			snprintf(s->err, sizeof(s->err), "ibv_req_notify_cq failed");
			return -EIO;
		}
	}
	s->n_wc = ibv_poll_cq(s->cq, RING, s->wc);
	s->at = 0;
	if (s->n_wc < 0)
		snprintf(s->err, sizeof(s->err), "ibv_poll_cq failed (the device went away?)");
	return s->n_wc < 0 ? -EIO : 0;
}

static int sn_next(void *h, struct rs_cap_frame *fr)
{
	struct sniff *s = h;
	struct timespec ts;

	if (s->repost && post(s, (unsigned)s->repost - 1))
		return -EIO;
	s->repost = 0;
	while (s->at >= s->n_wc) {
		int r = refill(s);

		if (r)
			return r;
		if (!s->n_wc)
			return 0;
	}
	const struct ibv_wc *wc = &s->wc[s->at++];

	s->repost = (int)wc->wr_id + 1;
	if (wc->status != IBV_WC_SUCCESS)
		return sn_next(h, fr);	/* a flushed or failed receive: not a frame */
	clock_gettime(CLOCK_REALTIME, &ts);
	fr->data = s->buf + wc->wr_id * SLOT;
	fr->caplen = fr->len = wc->byte_len > SLOT ? SLOT : wc->byte_len;
	fr->ts_ns = (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
	s->received++;
	return 1;
}

static int sn_stats(void *h, struct rs_capture_stats *st)
{
	return -EOPNOTSUPP;	/* the sniffer has no drop counter of its own */
}

static uint64_t sn_records(void *h)
{
	return ((struct sniff *)h)->received;
}

static const char *sn_error(void *h)
{
	return ((struct sniff *)h)->err;
}

static void sn_close(void *h)
{
	struct sniff *s = h;

	if (!s)
		return;
	if (s->flow)
		ibv_destroy_flow(s->flow);
	if (s->qp)
		ibv_destroy_qp(s->qp);
	if (s->mr)
		ibv_dereg_mr(s->mr);
	if (s->cq)
		ibv_destroy_cq(s->cq);
	if (s->ch)
		ibv_destroy_comp_channel(s->ch);
	if (s->pd)
		ibv_dealloc_pd(s->pd);
	if (s->ctx)
		ibv_close_device(s->ctx);
	free(s->buf);
	free(s);
}

static const struct rs_cap_source_ops sniff_ops = {
	.kind = "sniffer", .fd = sn_fd, .next = sn_next, .stats = sn_stats, .records = sn_records,
	.error = sn_error, .close = sn_close,
};

/* Which RDMA devices exist, for the "no such device" message. */
static void list_devices(struct ibv_device **l, int n, char *buf, size_t len)
{
	size_t pos = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && pos < len; i++)
		pos += (size_t)snprintf(buf + pos, len - pos, "%s%s", i ? ", " : "",
					ibv_get_device_name(l[i]));
	if (!n)
		snprintf(buf, len, "libibverbs finds none on this host");
}

static struct ibv_context *open_dev(const char *name, char *err, size_t errlen)
{
	int n = 0;
	struct ibv_device **l = ibv_get_device_list(&n);
	struct ibv_context *ctx = NULL;
	char names[256];

	for (int i = 0; l && i < n && !ctx; i++)
		if (!strcmp(ibv_get_device_name(l[i]), name)) {
			ctx = ibv_open_device(l[i]);
			if (!ctx)
				snprintf(err, errlen, "cannot open RDMA device %s: %s", name,
					 strerror(errno));
		}
	if (!ctx && !err[0]) {
		list_devices(l, l ? n : 0, names, sizeof(names));
		snprintf(err, errlen, "no RDMA device named '%s' (%s)", name, names);
	}
	if (l)
		ibv_free_device_list(l);
	return ctx;
}

/* "rxe0 has no sniffer ...": what the device is, and where to capture instead. */
static int no_sniffer(const char *dev, unsigned port, int e, const char *step, char *err,
		      size_t errlen)
{
	char ndev[64] = "", parent[64] = "", drv[256] = "";
	const char *d = "unknown";

	rs_read_str(ndev, sizeof(ndev), "/sys/class/infiniband/%s/ports/%u/gid_attrs/ndevs/0",
		    dev, port);
	/* rxe has no PCI function but a "parent" file naming its netdev. */
	rs_read_str(parent, sizeof(parent), "/sys/class/infiniband/%s/parent", dev);
	if (!ndev[0])
		RS_STRCPY(ndev, parent);
	if (!rs_read_link(drv, sizeof(drv), "/sys/class/infiniband/%s/device/driver", dev))
		d = strrchr(drv, '/') ? strrchr(drv, '/') + 1 : drv;
	else if (parent[0] || !strncmp(dev, "rxe", 3))
		d = "rdma_rxe (Soft-RoCE)";
	snprintf(err, errlen, "%s has no sniffer: %s failed (%s); driver %s. The sniffer is an "
		 "mlx5 feature (raw-packet QP + sniffer flow). %s%s", dev, step, strerror(e), d,
		 ndev[0] ? "This device sends through its netdev: capture there with -i " :
		 "Capture on its netdev with -i NETDEV", ndev);
	return -EOPNOTSUPP;
}

static int qp_up(struct sniff *s, unsigned port)
{
	struct ibv_qp_attr a = { .qp_state = IBV_QPS_INIT, .port_num = (uint8_t)port };

	if (ibv_modify_qp(s->qp, &a, IBV_QP_STATE | IBV_QP_PORT))
		return errno ? errno : EINVAL;
	memset(&a, 0, sizeof(a));
	a.qp_state = IBV_QPS_RTR;
	return ibv_modify_qp(s->qp, &a, IBV_QP_STATE) ? (errno ? errno : EINVAL) : 0;
}

/* Resources up to the flow; returns 0 or an errno, *step naming what failed. */
static int setup(struct sniff *s, unsigned port, const char **step)
{
	struct ibv_qp_init_attr qa = { 0 };
	struct ibv_flow_attr fa = { 0 };
	int r;

	*step = "protection domain";
	if (!(s->pd = ibv_alloc_pd(s->ctx)))
		return errno ? errno : ENOMEM;
	*step = "completion channel";
	if (!(s->ch = ibv_create_comp_channel(s->ctx)))
		return errno ? errno : ENOMEM;
	*step = "completion queue";
	if (!(s->cq = ibv_create_cq(s->ctx, RING, NULL, s->ch, 0)) || ibv_req_notify_cq(s->cq, 0))
		return errno ? errno : ENOMEM;
	qa.send_cq = qa.recv_cq = s->cq;
	qa.cap.max_recv_wr = RING;
	qa.cap.max_recv_sge = 1;
	qa.qp_type = IBV_QPT_RAW_PACKET;
	*step = "raw-packet QP";
	if (!(s->qp = ibv_create_qp(s->pd, &qa)))
		return errno ? errno : EOPNOTSUPP;
	*step = "raw-packet QP to RTR";
	if ((r = qp_up(s, port)))
		return r;
	fa.type = IBV_FLOW_ATTR_SNIFFER;
	fa.size = sizeof(fa);
	fa.port = (uint8_t)port;
	*step = "sniffer flow (ibv_create_flow)";
	if (!(s->flow = ibv_create_flow(s->qp, &fa)))
		return errno ? errno : EOPNOTSUPP;
	*step = "receive buffer (memory registration)";
	s->buf = rs_xcalloc(RING, SLOT);
	if (!(s->mr = ibv_reg_mr(s->pd, s->buf, (size_t)RING * SLOT, IBV_ACCESS_LOCAL_WRITE)))
		return errno ? errno : ENOMEM;
	*step = "posting receives";
	for (unsigned i = 0; i < RING; i++)
		if (post(s, i))
			return EIO;
	return 0;
}

static int setup_error(const char *dev, unsigned port, int e, const char *step, char *err,
		       size_t errlen)
{
	if (e == EPERM || e == EACCES) {
		snprintf(err, errlen, "sniffer on %s: %s: permission denied: the sniffer needs "
			 "CAP_NET_RAW (root, or setcap cap_net_raw,cap_net_admin+eip $(command -v "
			 "rocescope))%s", dev, step, strstr(step, "memory") ?
			 "; its 1.28 MB buffer also needs memlock (ulimit -l) or CAP_IPC_LOCK" : "");
		return -EPERM;
	}
	if (e == 524) {	/* ENOTSUPP, kernel-internal: the firmware lacks the capability */
		snprintf(err, errlen, "sniffer on %s: the firmware does not allow a sniffer flow "
			 "(mlx5 capability allow_sniffer_and_nic_rx_shared_tir is off)", dev);
		return -EOPNOTSUPP;
	}
	if (e == EOPNOTSUPP || e == ENOSYS || (e == EINVAL && strstr(step, "QP")))
		return no_sniffer(dev, port, e, step, err, errlen);
	snprintf(err, errlen, "sniffer on %s port %u: %s failed: %s", dev, port, step, strerror(e));
	return -e;
}

int rs_cap_open_sniffer(struct rs_cap_source *src, const char *spec, char *err, size_t errlen)
{
	char dev[64];
	unsigned port = 1;
	const char *colon = strchr(spec, ':');
	struct ibv_port_attr pa;
	struct sniff *s = rs_xcalloc(1, sizeof(*s));
	const char *step = "";
	int e;

	snprintf(dev, sizeof(dev), "%.*s", colon ? (int)(colon - spec) : (int)strlen(spec), spec);
	if (colon && (sscanf(colon + 1, "%u", &port) != 1 || port < 1 || port > 255)) {
		snprintf(err, errlen, "'%s': the port after ':' is a number from 1 (mlx5_0:1)", spec);
		free(s);
		return -EINVAL;
	}
	err[0] = '\0';
	if (!(s->ctx = open_dev(dev, err, errlen))) {
		free(s);
		return -ENODEV;
	}
	if (ibv_query_port(s->ctx, (uint8_t)port, &pa)) {
		snprintf(err, errlen, "%s has no port %u", dev, port);
		sn_close(s);
		return -ENODEV;
	}
	if (pa.link_layer != IBV_LINK_LAYER_ETHERNET) {
		snprintf(err, errlen, "%s port %u is not Ethernet (InfiniBand link layer): no RoCE "
			 "to capture", dev, port);
		sn_close(s);
		return -EPROTONOSUPPORT;
	}
	e = setup(s, port, &step);
	if (e) {
		sn_close(s);
		return setup_error(dev, port, e, step, err, errlen);
	}
	fcntl(s->ch->fd, F_SETFL, fcntl(s->ch->fd, F_GETFL) | O_NONBLOCK);
	src->ops = &sniff_ops;
	src->h = s;
	src->link = RS_LINK_ETHERNET;
	src->dlt = DLT_EN10MB_;
	src->snaplen = SLOT;
	return 0;
}
