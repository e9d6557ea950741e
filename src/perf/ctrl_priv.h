/* SPDX-License-Identifier: MIT */
/*
 * ctrl_priv.h - shared by ctrl.c (messages) and ctrl_sock.c (sockets).
 */
#ifndef RS_PERF_CTRL_PRIV_H
#define RS_PERF_CTRL_PRIV_H

#include "perf/ctrl.h"

/* A connection on a connected non-blocking socket (takes fd). */
struct rs_ctrl *rs_ctrl_new(struct rs_loop *l, int fd);
/* Turn the loop until done(arg), the deadline or a signal: 0, -ETIMEDOUT,
 * -EINTR (or the loop's -errno). */
int rs_ctrl_wait(struct rs_loop *l, int (*done)(void *), void *arg, uint64_t timeout_ns);

#endif
