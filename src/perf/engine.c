/* SPDX-License-Identifier: MIT */
/*
 * engine.c - RDMA resources of a test and the connection of its queue
 * pairs (engine.h).  The data path is in bw.c.
 *
 * Choices, each for a reason (docs/tests.md):
 * - retry_cnt 6 and rnr_retry 6: 7 means "retry forever" on rxe (and in
 *   the spec for rnr_retry), so a lost path would hang; with 6 it ends in
 *   work completion status 12 after about half a second (docs/tests.md,
 *   Engine: seen in the Soft-RoCE lab).
 * - timeout 14 (4.096 µs x 2^14 = 67 ms per try): small values fail very
 *   fast on rxe, whose unit is not the spec's.
 * - One MR for everything, n_qps regions of [receive | send], so the
 *   memlock need is one number the failure message can state.
 * - A CQ with completion timestamps when the device reports a clock
 *   (hca_core_clock and completion_timestamp_mask), else a plain one and a
 *   note saying why (rxe: EOPNOTSUPP).
 */
#include "perf/engine_priv.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define QP_TIMEOUT	14
#define QP_RETRY	6
#define QP_RNR_RETRY	6
#define INLINE_WANTED	64

int rs_perf_mtu_bytes(enum ibv_mtu m)
{
	return m >= IBV_MTU_256 && m <= IBV_MTU_4096 ? 128 << m : 0;
}

enum ibv_mtu rs_perf_mtu_enum(uint32_t bytes)
{
	switch (bytes) {
	case 256: return IBV_MTU_256;
	case 512: return IBV_MTU_512;
	case 1024: return IBV_MTU_1024;
	case 2048: return IBV_MTU_2048;
	case 4096: return IBV_MTU_4096;
	default: return 0;
	}
}

uint64_t rs_perf_ctx_mr_bytes(const struct rs_perf_params *p)
{
	uint64_t slot = ((uint64_t)p->size + 4095) & ~4095ULL;

	return (uint64_t)(p->test == RS_PERF_LAT ? 1 : p->qps) * 2 * slot;
}

static int open_device(struct rs_perf_ctx *c, const char *name, struct rs_perf_error *e)
{
	struct ibv_device **list;
	int n = 0;

	errno = 0;
	list = ibv_get_device_list(&n);
	if (!list || !n) {
		if (list)
			ibv_free_device_list(list);
		return rs_perf_fail(e, RS_PF_NO_DEVICE, errno,
				    "libibverbs lists no RDMA device (%s)",
				    errno ? strerror(errno) : "none found");
	}
	for (int i = 0; i < n && !c->vctx; i++)
		if (!strcmp(ibv_get_device_name(list[i]), name))
			c->vctx = ibv_open_device(list[i]);
	ibv_free_device_list(list);
	if (!c->vctx)
		return rs_perf_fail(e, RS_PF_NO_DEVICE, errno,
				    "cannot open RDMA device %s (%s)", name,
				    errno ? strerror(errno) : "not listed by libibverbs");
	return 0;
}

static int check_port(struct rs_perf_ctx *c, struct rs_perf_error *e)
{
	struct ibv_port_attr pa;
	struct ibv_device_attr da;
	int ret = ibv_query_port(c->vctx, (uint8_t)c->port, &pa);

	if (ret)
		return rs_perf_fail(e, RS_PF_NO_DEVICE, ret, "%s: query port %u: %s", c->devname,
				    c->port, strerror(ret));
	if (pa.state != IBV_PORT_ACTIVE)
		return rs_perf_fail(e, RS_PF_PORT_DOWN, 0, "%s port %u is %s, not ACTIVE",
				    c->devname, c->port, ibv_port_state_str(pa.state));
	c->active_mtu = pa.active_mtu;
	c->rd_atomic = 1;
	if (!ibv_query_device(c->vctx, &da) && da.max_qp_rd_atom > 0)
		c->rd_atomic = da.max_qp_rd_atom < 16 ? (unsigned)da.max_qp_rd_atom : 16;
	if (ibv_query_gid(c->vctx, (uint8_t)c->port, c->gid_index, &c->gid))
		memset(&c->gid, 0, sizeof(c->gid));
	c->gid_empty = 1;
	for (int i = 0; i < 16; i++)
		if (c->gid.raw[i])
			c->gid_empty = 0;
	return 0;
}

/* A CQ with completion timestamps when the device has a clock for them. */
static void create_ts_cq(struct rs_perf_ctx *c, int depth)
{
	struct ibv_device_attr_ex dx;
	struct ibv_cq_init_attr_ex ca = {
		.cqe = (uint32_t)depth,
		.wc_flags = IBV_WC_STANDARD_FLAGS | IBV_WC_EX_WITH_COMPLETION_TIMESTAMP,
	};
	int ret;

	memset(&dx, 0, sizeof(dx));
	ret = ibv_query_device_ex(c->vctx, NULL, &dx);
	if (ret || !dx.completion_timestamp_mask || !dx.hca_core_clock) {
		snprintf(c->ts_note, sizeof(c->ts_note),
			 "%s has no completion timestamps (%s): no split of wire and host time",
			 c->devname, ret ? strerror(ret) : "no device clock");
		return;
	}
	errno = 0;
	c->cqx = ibv_create_cq_ex(c->vctx, &ca);
	if (!c->cqx) {
		snprintf(c->ts_note, sizeof(c->ts_note),
			 "%s has no completion timestamps (ibv_create_cq_ex: %s): no split of "
			 "wire and host time", c->devname, strerror(errno ? errno : EOPNOTSUPP));
		return;
	}
	c->ts_mask = dx.completion_timestamp_mask;
	c->ts_khz = dx.hca_core_clock;
	c->cq = ibv_cq_ex_to_cq(c->cqx);
}

static int reg_memory(struct rs_perf_ctx *c, struct rs_perf_error *e)
{
	uint64_t need = rs_perf_ctx_mr_bytes(&c->params);
	struct rlimit rl;
	char lim[48] = "unknown";
	int err;

	c->slot = (c->params.size + 4095) & ~(size_t)4095;
	c->buf_len = (size_t)need;
	if (posix_memalign((void **)&c->buf, 4096, c->buf_len))
		rs_die("out of memory (%zu bytes for the test buffers)", c->buf_len);
	memset(c->buf, 0, c->buf_len);
	c->mr = ibv_reg_mr(c->pd, c->buf, c->buf_len, IBV_ACCESS_LOCAL_WRITE |
			   IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ);
	if (c->mr)
		return 0;
	err = errno ? errno : ENOMEM;
	if (!getrlimit(RLIMIT_MEMLOCK, &rl)) {
		if (rl.rlim_cur == RLIM_INFINITY)
			snprintf(lim, sizeof(lim), "unlimited");
		else
			snprintf(lim, sizeof(lim), "%llu KiB", (unsigned long long)rl.rlim_cur / 1024);
	}
	return rs_perf_fail(e, RS_PF_MR, err,
			    "ibv_reg_mr of %llu KiB failed: %s; memlock limit (ulimit -l) %s, "
			    "the test needs %llu KiB", (unsigned long long)need / 1024,
			    strerror(err), lim, (unsigned long long)(need + 1023) / 1024);
}

static struct ibv_qp *create_qp(struct rs_perf_ctx *c)
{
	struct ibv_qp_init_attr qa = {
		.send_cq = c->cq,
		.recv_cq = c->cq,
		.cap = {
			.max_send_wr = c->params.tx_depth,
			.max_recv_wr = 1,
			.max_send_sge = 1,
			.max_recv_sge = 1,
			.max_inline_data = INLINE_WANTED,
		},
		.qp_type = IBV_QPT_RC,
	};
	struct ibv_qp *qp = ibv_create_qp(c->pd, &qa);

	if (!qp) {	/* a provider without inline data */
		qa.cap.max_inline_data = 0;
		qp = ibv_create_qp(c->pd, &qa);
	}
	if (qp)
		c->max_inline = qa.cap.max_inline_data;
	return qp;
}

static int qp_to_init(struct rs_perf_ctx *c, struct ibv_qp *qp, struct rs_perf_error *e)
{
	struct ibv_qp_attr a = {
		.qp_state = IBV_QPS_INIT,
		.pkey_index = 0,
		.port_num = (uint8_t)c->port,
		.qp_access_flags = IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE |
				   IBV_ACCESS_REMOTE_READ,
	};
	int ret = ibv_modify_qp(qp, &a, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT |
				IBV_QP_ACCESS_FLAGS);

	if (ret)
		return rs_perf_fail(e, RS_PF_RESOURCES, ret, "modify QP 0x%x to INIT: %s",
				    qp->qp_num, strerror(ret));
	return 0;
}

static int create_resources(struct rs_perf_ctx *c, struct rs_perf_error *e)
{
	int depth = (int)(c->params.tx_depth * c->n_qps + 16);

	c->pd = ibv_alloc_pd(c->vctx);
	if (!c->pd)
		return rs_perf_fail(e, RS_PF_RESOURCES, errno, "ibv_alloc_pd: %s",
				    strerror(errno ? errno : ENOMEM));
	create_ts_cq(c, depth);
	if (!c->cq)
		c->cq = ibv_create_cq(c->vctx, depth, NULL, NULL, 0);
	if (!c->cq)
		return rs_perf_fail(e, RS_PF_RESOURCES, errno, "ibv_create_cq of %d entries: %s",
				    depth, strerror(errno ? errno : ENOMEM));
	if (reg_memory(c, e))
		return -1;
	for (unsigned i = 0; i < c->n_qps; i++) {
		c->qp[i] = create_qp(c);
		if (!c->qp[i])
			return rs_perf_fail(e, RS_PF_RESOURCES, errno,
					    "ibv_create_qp (send queue %u): %s", c->params.tx_depth,
					    strerror(errno ? errno : ENOMEM));
		if (qp_to_init(c, c->qp[i], e))
			return -1;
		c->psn[i] = (uint32_t)lrand48() & 0xffffff;
	}
	return 0;
}

int rs_perf_ctx_open(const struct rs_perf_setup *su, struct rs_perf_ctx **out,
		     struct rs_perf_error *e)
{
	struct rs_perf_ctx *c = rs_xcalloc(1, sizeof(*c));

	*out = NULL;
	c->params = su->params;
	c->stall_ns = su->stall_ns ? su->stall_ns : 10 * 1000000000ULL;
	RS_STRCPY(c->devname, su->device);
	c->port = su->port ? su->port : 1;
	c->gid_index = su->gid_index;
	c->n_qps = su->params.test == RS_PERF_LAT ? 1 : su->params.qps;
	srand48((long)(rs_now_ns() ^ (uint64_t)getpid()));
	if (open_device(c, su->device, e) || check_port(c, e) || create_resources(c, e)) {
		rs_perf_ctx_close(c);
		return -1;
	}
	*out = c;
	return 0;
}

void rs_perf_ctx_close(struct rs_perf_ctx *c)
{
	if (!c)
		return;
	for (unsigned i = 0; i < c->n_qps; i++)
		if (c->qp[i])
			ibv_destroy_qp(c->qp[i]);
	if (c->mr)
		ibv_dereg_mr(c->mr);
	if (c->cq)
		ibv_destroy_cq(c->cq);
	if (c->pd)
		ibv_dealloc_pd(c->pd);
	if (c->vctx)
		ibv_close_device(c->vctx);
	free(c->buf);
	free(c);
}

void rs_perf_ctx_local(const struct rs_perf_ctx *c, struct rs_perf_qps *out)
{
	enum ibv_mtu m = c->active_mtu;

	/* A wanted MTU above the port's is clamped, as perftest does. */
	if (c->params.mtu && rs_perf_mtu_enum(c->params.mtu) &&
	    rs_perf_mtu_enum(c->params.mtu) < m)
		m = rs_perf_mtu_enum(c->params.mtu);
	memset(out, 0, sizeof(*out));
	out->mtu = (uint32_t)rs_perf_mtu_bytes(m);
	out->n = (uint16_t)c->n_qps;
	for (unsigned i = 0; i < c->n_qps; i++) {
		out->qp[i].qpn = c->qp[i]->qp_num;
		out->qp[i].psn = c->psn[i];
		out->qp[i].rkey = c->mr->rkey;
		out->qp[i].addr = (uint64_t)(uintptr_t)(c->buf + (size_t)i * 2 * c->slot);
		memcpy(out->qp[i].gid, c->gid.raw, 16);
	}
}

const char *rs_perf_ctx_ts_note(const struct rs_perf_ctx *c)
{
	return c->ts_note;
}

static const char *rtr_hint(const struct rs_perf_ctx *c, int err)
{
	if (c->gid_empty)
		return "this end's GID slot is empty: wrong GID index (-x)";
	switch (err) {
	case ENODATA:
		return "no GID at that index (-x)";
	case ETIMEDOUT:
		return "the peer's address did not resolve: nobody answered ARP for it";
	case ENETUNREACH:
	case EHOSTUNREACH:
		return "no route to the peer's address (port down?)";
	case EINVAL:
		return "the MTU or the GID index is not accepted";
	default:
		return "check GID index, MTU and the path";
	}
}

static int qp_to_rtr(struct rs_perf_ctx *c, unsigned i, const struct rs_perf_qp_info *r,
		     struct rs_perf_error *e)
{
	struct ibv_qp_attr a = {
		.qp_state = IBV_QPS_RTR,
		.path_mtu = c->mtu,
		.dest_qp_num = r->qpn,
		.rq_psn = r->psn,
		.max_dest_rd_atomic = (uint8_t)c->rd_atomic,
		.min_rnr_timer = 12,
		.ah_attr = {
			.is_global = 1,
			.port_num = (uint8_t)c->port,
			.grh = { .sgid_index = (uint8_t)c->gid_index, .hop_limit = 64 },
		},
	};
	int ret;

	memcpy(a.ah_attr.grh.dgid.raw, r->gid, 16);
	ret = ibv_modify_qp(c->qp[i], &a, IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU |
			    IBV_QP_DEST_QPN | IBV_QP_RQ_PSN | IBV_QP_MAX_DEST_RD_ATOMIC |
			    IBV_QP_MIN_RNR_TIMER);
	if (ret)
		return rs_perf_fail(e, RS_PF_RTR, ret,
				    "modify QP 0x%x to RTR (%s port %u, GID index %d, MTU %d): "
				    "%s (errno %d): %s", c->qp[i]->qp_num, c->devname, c->port,
				    c->gid_index, rs_perf_mtu_bytes(c->mtu), strerror(ret), ret,
				    rtr_hint(c, ret));
	return 0;
}

static int qp_to_rts(struct rs_perf_ctx *c, unsigned i, struct rs_perf_error *e)
{
	struct ibv_qp_attr a = {
		.qp_state = IBV_QPS_RTS,
		.timeout = QP_TIMEOUT,
		.retry_cnt = QP_RETRY,
		.rnr_retry = QP_RNR_RETRY,
		.sq_psn = c->psn[i],
		.max_rd_atomic = (uint8_t)c->rd_atomic,
	};
	int ret = ibv_modify_qp(c->qp[i], &a, IBV_QP_STATE | IBV_QP_TIMEOUT |
				IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY | IBV_QP_SQ_PSN |
				IBV_QP_MAX_QP_RD_ATOMIC);

	if (ret)
		return rs_perf_fail(e, RS_PF_RTS, ret, "modify QP 0x%x to RTS: %s (errno %d)",
				    c->qp[i]->qp_num, strerror(ret), ret);
	return 0;
}

int rs_perf_ctx_connect(struct rs_perf_ctx *c, const struct rs_perf_qps *remote,
			struct rs_perf_error *e)
{
	struct rs_perf_qps mine;
	uint32_t mtu;

	rs_perf_ctx_local(c, &mine);
	if (remote->n != c->n_qps)
		return rs_perf_fail(e, RS_PF_PROTOCOL, 0, "the peer has %u QPs, this end %u",
				    remote->n, c->n_qps);
	/* Both ends take the smaller MTU, so a 9000/1500 pair runs at 1024. */
	mtu = remote->mtu && remote->mtu < mine.mtu ? remote->mtu : mine.mtu;
	c->mtu = rs_perf_mtu_enum(mtu);
	if (!c->mtu)
		return rs_perf_fail(e, RS_PF_PROTOCOL, 0, "no valid path MTU (%u)", mtu);
	for (unsigned i = 0; i < c->n_qps; i++)
		if (qp_to_rtr(c, i, &remote->qp[i], e) || qp_to_rts(c, i, e))
			return -1;
	return 0;
}
