/* SPDX-License-Identifier: MIT */
/*
 * cap_ctx.h - what a running capture saw, as the checks read it
 * (capture.roce_v2, capture.wire_health; src/diag/checks_capture.c).  The
 * session's capture job fills it and puts it in the checks' context; the
 * checks never see the capture object itself.  A leaf: no includes, so the
 * checks' context can name it without pulling the decoder in.
 */
#ifndef RS_CAPTURE_CAP_CTX_H
#define RS_CAPTURE_CAP_CTX_H

struct rs_cap_verdicts;

struct rs_capture_ctx {
	const char *label;		/* "live veth0", "replay of rdma_cm.pcap (x1)" */
	const struct rs_cap_verdicts *verdicts;
	unsigned long long packets;	/* frames the capture received */
	const char *claim;		/* why traffic should be there ("" none) */
};

#endif
