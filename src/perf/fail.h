/* SPDX-License-Identifier: MIT */
/*
 * fail.h - every way a bandwidth or latency test can fail, mapped to what
 * to check (docs/tests.md "Failure mapping").
 *
 * The engine, the control channel and the commands report a failure as a
 * struct rs_perf_error: a code from the table below plus the message of
 * the moment ("modify QP 0x11 to RTR: No data available (errno 61)").  The
 * table gives each code a stable id for JSON and the console, a title and
 * the things to check, in the words of the troubleshooting trees.  Codes
 * travel to the peer in ERROR messages, so they are part of the protocol:
 * append only.
 */
#ifndef RS_PERF_FAIL_H
#define RS_PERF_FAIL_H

#include <stdarg.h>

#include "perf/proto.h"

enum rs_perf_fail {
	RS_PF_OK = 0,
	RS_PF_CTRL_UNREACHABLE,	/* connect refused / host or net unreachable */
	RS_PF_CTRL_TIMEOUT,	/* connect got no answer */
	RS_PF_PEER_PERFTEST,	/* the peer speaks perftest's protocol */
	RS_PF_PEER_PINGPONG,	/* the peer speaks ibv_rc_pingpong's */
	RS_PF_PEER_FOREIGN,	/* something else answered */
	RS_PF_PEER_VERSION,	/* rocescope, another protocol version */
	RS_PF_PROTOCOL,		/* malformed or unexpected message */
	RS_PF_PEER_CLOSED,	/* control connection closed mid-test */
	RS_PF_PEER_TIMEOUT,	/* the peer went silent (vanished) */
	RS_PF_PEER_FAILED,	/* the peer reported a failure of its own */
	RS_PF_NO_DEVICE,
	RS_PF_PORT_DOWN,
	RS_PF_NO_GID,
	RS_PF_MR,		/* memory registration: memlock */
	RS_PF_RESOURCES,	/* PD, CQ, QP creation */
	RS_PF_RTR,		/* QP to RTR: GID index, MTU, path */
	RS_PF_RTS,
	RS_PF_RETRY_EXCEEDED,	/* work completion status 12 */
	RS_PF_WC_ERROR,		/* any other completion status */
	RS_PF_STALLED,		/* no completion, no echo, in time */
	RS_PF_INTERRUPTED,	/* SIGINT / SIGTERM */
	RS_PF_BIND,		/* serve: cannot listen */
	RS_PF_NO_CLIENT,	/* serve: nobody came before the timeout */
	RS_PF_MAX,
};

struct rs_perf_error {
	enum rs_perf_fail code;
	int err;			/* errno or work completion status, 0 none */
	char message[RS_PERF_MSG_LEN];	/* what happened, with values */
};

struct rs_perf_fail_info {
	const char *id;		/* "retry_exceeded": JSON and console */
	const char *title;	/* "retry exceeded" */
	const char *check;	/* what to check */
};

const struct rs_perf_fail_info *rs_perf_fail_info(enum rs_perf_fail code);

/* Set e (code, errno-ish value, formatted message); returns -1 for chaining. */
int rs_perf_fail(struct rs_perf_error *e, enum rs_perf_fail code, int err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
