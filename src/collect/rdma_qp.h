/* SPDX-License-Identifier: MIT */
/*
 * rdma_qp.h - the queue pairs of a device from RDMA netlink: the QP list
 * (RES_QP_GET, `rdma resource show qp`), the rdma_cm IDs that own some of
 * them (RES_CM_ID_GET, `rdma resource show cm_id`), the per-QP counters
 * (STAT_GET with STAT_RES = QP, `rdma statistic qp show`) and the
 * counter mode of a port; and binding a counter to one QP and taking it
 * off again (STAT_SET / STAT_DEL, `rdma statistic qp bind|unbind`, which
 * need CAP_NET_ADMIN and a driver that can count per QP).
 *
 * Parsers take a whole reply (nl_util.h), live or recorded, and trust
 * nothing in it; collectors are rdma_qp.c.
 */
#ifndef RS_RDMA_QP_H
#define RS_RDMA_QP_H

#include <stddef.h>
#include <stdint.h>

#include "collect/nl_util.h"
#include "collect/rdma_res.h"
#include "snapshot.h"

/*
 * Recorded twins, beside rdma_res.h's res.nl and qp-DEV.nl: KIND-DEV.nl
 * with KIND "cm_id" (RES_CM_ID_GET dump), "stat-qp" (STAT_GET dump,
 * STAT_RES QP) and "stat-mode" (STAT_GET of port 1).
 */
#define RS_RDMA_NL_DEV_FILE RS_RDMA_NL_DIR "/%s-%s.nl"
#define RS_RDMA_NL_CM "cm_id"
#define RS_RDMA_NL_STAT "stat-qp"
#define RS_RDMA_NL_MODE "stat-mode"

/* No device here holds more QPs than this; a reply listing more is cut
 * there, and the device says so. */
#define RS_QPS_MAX 65536

/*
 * A RES_QP_GET reply into a new QP list (*qps, *n; free with
 * rs_qps_free()).  Returns the number of QPs listed (more than *n when
 * past RS_QPS_MAX), -errno from an error reply, or -EBADMSG.
 */
int rs_rdma_parse_qp_list(const void *buf, size_t len, struct rs_qp **qps, size_t *n);
/* The name of a QP type (enum ib_qp_type) as iproute2 prints it. */
void rs_qp_type_name(unsigned type, char *buf, size_t len);
/*
 * A RES_CM_ID_GET reply onto the QPs it names (by LQPN): cm, src/dst
 * address and port.  Returns the number of IDs, -errno or -EBADMSG.
 */
int rs_rdma_parse_cm_ids(const void *buf, size_t len, struct rs_qp *qps, size_t n);
/*
 * A STAT_GET (STAT_RES QP) reply onto the QPs each counter is bound to:
 * counter_id and the counter's values.  Returns the number of counters,
 * -errno or -EBADMSG.
 */
int rs_rdma_parse_qp_counters(const void *buf, size_t len, struct rs_qp *qps, size_t n);
/* A port's counter mode (STAT_GET doit): "none", "auto", "manual". */
int rs_rdma_parse_stat_mode(const void *buf, size_t len, char *mode, size_t mlen);
/* The counter a STAT_SET bind answered with. */
int rs_rdma_parse_bind(const void *buf, size_t len, uint32_t *counter_id);

/* Live requests on a NETLINK_RDMA socket (rs_rdma_nl_open). */
int rs_rdma_nl_stat_dump(int fd, uint32_t dev_index, struct rs_nl_reply *r);
int rs_rdma_nl_stat_mode(int fd, uint32_t dev_index, uint32_t port, struct rs_nl_reply *r);
/* Bind a new counter to lqpn (manual mode): 0 and *counter_id, or -errno
 * (-EOPNOTSUPP: the driver cannot; -EPERM: no CAP_NET_ADMIN). */
int rs_rdma_stat_bind(int fd, uint32_t dev_index, uint32_t port, uint32_t lqpn,
		      uint32_t *counter_id);
/*
 * For the resources collector: the QP list of d from its RES_QP_GET reply
 * qp, then the rdma_cm IDs, the QP counters and the counter mode, asked
 * live on fd (dev_index the kernel's) or read from the recorded files.
 */
void rs_rdma_qps_live(int fd, struct rs_device *d, long dev_index, const struct rs_nl_reply *qp);
void rs_rdma_qps_recorded(struct rs_device *d, const struct rs_nl_reply *qp);
/* Take it off again: 0 or -errno. */
int rs_rdma_stat_unbind(int fd, uint32_t dev_index, uint32_t port, uint32_t lqpn,
			uint32_t counter_id);

#endif
