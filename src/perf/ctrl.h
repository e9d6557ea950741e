/* SPDX-License-Identifier: MIT */
/*
 * ctrl.h - the control channel of the tests: one TCP connection carrying
 * proto.h messages, driven by the event loop (src/runtime/loop.h).
 *
 * Every call waits for one thing with its own deadline, turning the loop
 * until it happens: a connection, a whole message, all bytes written.
 * SIGINT and SIGTERM, watched through the loop, end any wait with
 * RS_PF_INTERRUPTED.  A connection reads exactly the bytes of the message
 * it expects (header, then the announced payload), into a fixed buffer:
 * memory per client is bounded by RS_PERF_HDR_LEN + RS_PERF_MAX_PAYLOAD.
 * The first 16 bytes of the peer decide who it is (rs_perf_sniff): a
 * perftest or ibv_rc_pingpong peer ends the wait with its own failure code
 * instead of a hang.
 */
#ifndef RS_PERF_CTRL_H
#define RS_PERF_CTRL_H

#include <stdint.h>

#include "perf/fail.h"
#include "perf/proto.h"
#include "runtime/loop.h"

struct rs_ctrl;

/* Watch SIGINT/SIGTERM on l for every wait below (once per loop). */
int rs_ctrl_watch_signals(struct rs_loop *l);
/* 1 after SIGINT/SIGTERM was seen. */
int rs_ctrl_interrupted(void);

/* Connect to host:port within timeout_ns.  NULL with e set. */
struct rs_ctrl *rs_ctrl_connect(struct rs_loop *l, const char *host, unsigned port,
				uint64_t timeout_ns, struct rs_perf_error *e);

/* A listening socket on addr:port (addr NULL or "0.0.0.0": every interface).
 * The fd, or -1 with e set. */
int rs_ctrl_listen(const char *addr, unsigned port, struct rs_perf_error *e);
/* Wait up to timeout_ns for one client; peer gets its address text. */
struct rs_ctrl *rs_ctrl_accept(struct rs_loop *l, int lfd, uint64_t timeout_ns, char *peer,
			       size_t peerlen, struct rs_perf_error *e);

/* Receive one whole message within timeout_ns.  0, or -1 with e set (closed,
 * timed out, malformed, another protocol, interrupted). */
int rs_ctrl_recv(struct rs_ctrl *c, struct rs_perf_msg *m, uint64_t timeout_ns,
		 struct rs_perf_error *e);
/* rs_ctrl_recv, then: an ERROR message becomes RS_PF_PEER_FAILED with the
 * peer's words (e->err = its code), any type but `type` RS_PF_PROTOCOL. */
int rs_ctrl_expect(struct rs_ctrl *c, unsigned type, struct rs_perf_msg *m, uint64_t timeout_ns,
		   struct rs_perf_error *e);
/* Send m, then rs_ctrl_expect() the answer of type `type` into m. */
int rs_ctrl_exchange(struct rs_ctrl *c, struct rs_perf_msg *m, unsigned type,
		     uint64_t timeout_ns, struct rs_perf_error *e);
/* What the waits are for, for the messages ("waiting for the server's view"). */
void rs_ctrl_set_phase(struct rs_ctrl *c, const char *phase);
/* Send one message within timeout_ns.  0 or -1 with e set. */
int rs_ctrl_send(struct rs_ctrl *c, const struct rs_perf_msg *m, uint64_t timeout_ns,
		 struct rs_perf_error *e);
/* Send an ERROR message for e, best effort (the peer may be gone). */
void rs_ctrl_send_error(struct rs_ctrl *c, const struct rs_perf_error *e);

/*
 * During the data path: without blocking, has the peer sent a message or
 * gone?  0 nothing yet, 1 a whole message is in *m, -1 with e set (closed,
 * malformed, interrupted).  Turns the loop once with a zero timeout.
 */
int rs_ctrl_poll(struct rs_ctrl *c, struct rs_perf_msg *m, struct rs_perf_error *e);

/* 1 when the peer closed without sending a byte: a port probe (the
 * wizard's control-port step, nc -z), not a test. */
int rs_ctrl_silent(const struct rs_ctrl *c);
void rs_ctrl_close(struct rs_ctrl *c);

#endif
