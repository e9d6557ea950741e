/* SPDX-License-Identifier: MIT */
/*
 * test.h - one bandwidth or latency test end to end: the client side
 * (`rocescope bw|lat PEER`) and the server side (`rocescope serve`), each
 * a sequence of control messages (proto.h) around the engine (engine.h):
 *
 *   client                              server
 *   HELLO(params, view)         ->
 *                               <-      WELCOME(view)
 *   open device, MR, QPs                open device, MR, QPs
 *   QPS                         ->
 *                               <-      QPS
 *   RTR/RTS; READY              <->     RTR/RTS; READY
 *   per size: SYNC(size)        <->     SYNC(size); lat: answer pings
 *   (every interval SYNC(0): "still here")
 *   DONE(counts)                <->     DONE(counts)
 *
 * A failure on either end after the connection is sent as ERROR, so both
 * ends print the same cause.  What happens is told to a struct
 * rs_perf_report (text, JSON, JSON lines: the CLI's business).
 */
#ifndef RS_PERF_TEST_H
#define RS_PERF_TEST_H

#include "perf/ctrl.h"
#include "perf/engine.h"
#include "perf/endpoint.h"

struct rs_perf_report {
	void (*views)(void *arg, const struct rs_perf_view *local,
		      const struct rs_perf_view *remote, const struct rs_perf_diff *d, int nd);
	void (*note)(void *arg, const char *text);
	void (*interval)(void *arg, const struct rs_perf_interval *iv);
	void (*bw)(void *arg, const struct rs_perf_bw_result *r);
	void (*lat)(void *arg, const struct rs_perf_lat_result *r);
	void *arg;
};

struct rs_perf_cfg {
	const char *peer;		/* client: the server's address */
	unsigned tcp_port;
	struct rs_perf_params params;	/* client: the test; server: mtu only */
	uint64_t timeout_ns;		/* each control phase */
	uint64_t stall_ns;		/* data path without progress */
	uint64_t interval_ns;		/* progress reports */
	uint64_t max_mr_bytes;		/* server: the most a client may ask for */
	/* server: this host's neighbour entry for ip, fresh (NULL: none):
	 * its MAC into mac, 0; -1 when there is no entry with a MAC. */
	int (*neigh)(void *arg, const char *ip, char *mac, size_t len);
	void *neigh_arg;
};

/* The client end.  0, or -1 with e set (the server was told). */
int rs_perf_client(const struct rs_perf_cfg *cfg, const struct rs_perf_pick *pick,
		   const struct rs_perf_view *local, const struct rs_perf_report *rep,
		   struct rs_perf_error *e);

/* Serve one client on an accepted connection.  0, or -1 with e set. */
int rs_perf_serve_one(struct rs_ctrl *c, const struct rs_perf_cfg *cfg,
		      const struct rs_perf_pick *pick, const struct rs_perf_view *local,
		      const struct rs_perf_report *rep, struct rs_perf_error *e);

/*
 * After a failure on the RDMA path (retry exceeded, stalled, a completion
 * error): if the peer has closed the control connection meanwhile, the
 * cause is the peer going away, not the path - say so (RS_PF_PEER_CLOSED,
 * the path's message kept as the detail).
 */
void rs_perf_blame_peer(struct rs_ctrl *c, struct rs_perf_error *e);

/* The sizes of the test: size, or 2, 4, ... size with a sweep. */
int rs_perf_sizes(const struct rs_perf_params *p, uint32_t *out, int max);

#endif
