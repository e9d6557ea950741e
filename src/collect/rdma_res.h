/* SPDX-License-Identifier: MIT */
/*
 * rdma_res.h - RDMA netlink (NETLINK_RDMA, the nldev client): the requests
 * `rdma resource show` sends, their replies kept as raw bytes, and a parser
 * of those bytes.  For the resources collector (rdma_res.c) and the tests
 * that replay recorded replies and record new ones in the lab.
 *
 * A reply is the stream of netlink messages the kernel sends for one dump
 * request, datagrams concatenated in order (each datagram is whole,
 * aligned messages), up to and including NLMSG_DONE.  Recorded replies are
 * exactly those bytes in a file, so the live and the recorded path share
 * one parser, as iproute2's ss replays TCPDIAG_FILE.  The parser trusts
 * nothing: every length is checked, a truncated or garbled stream gives
 * -EBADMSG, never a read past the end.
 */
#ifndef RS_RDMA_RES_H
#define RS_RDMA_RES_H

#include <stddef.h>
#include <stdint.h>

#include "collect/nl_util.h"
#include "snapshot.h"

/* Where the recorded twin finds replies under the root. */
#define RS_RDMA_NL_DIR "/rdma-netlink"
#define RS_RDMA_NL_RES_FILE RS_RDMA_NL_DIR "/res.nl"		/* RES_GET dump */
#define RS_RDMA_NL_QP_FILE RS_RDMA_NL_DIR "/qp-%s.nl"		/* RES_QP_GET of a device */

/*
 * Live: a NETLINK_RDMA socket.  -EPROTONOSUPPORT when the kernel has no
 * RDMA netlink (no ib_core), as on a host without RDMA.
 */
int rs_rdma_nl_open(void);
/*
 * Send one dump request (cmd: RDMA_NLDEV_CMD_*; dev_index >= 0 adds
 * RDMA_NLDEV_ATTR_DEV_INDEX) and read the whole reply into r.  0 or
 * -errno (-ETIMEDOUT when the kernel does not finish within 2 s, -EMSGSIZE
 * past 64 MiB); r is empty on failure.
 */
int rs_rdma_nl_dump(int fd, unsigned cmd, long dev_index, struct rs_nl_reply *r);

/*
 * Parse a RES_GET reply: set res (counts, known = 1) of every device of s
 * the reply names, and dev_index[i] to the kernel's index of s->devices[i]
 * (-1 when the reply does not name it).  Returns the number of devices in
 * the reply, the error an NLMSG_ERROR carries (-errno), or -EBADMSG.
 */
int rs_rdma_res_parse_summary(const void *buf, size_t len, struct rs_snapshot *s,
			      long *dev_index);
/*
 * Parse a RES_QP_GET reply: count the QPs in each state into r
 * (qp_states_known = 1).  Returns the number of QPs, -errno, or -EBADMSG.
 */
int rs_rdma_res_parse_qps(const void *buf, size_t len, struct rs_rdma_res *r);

#endif
