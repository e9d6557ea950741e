/* SPDX-License-Identifier: MIT */
/*
 * replay_psn.h - the PSN spaces of a looped replay (capture.h: replay_loop), so
 * that every pass after the first goes on where the last one stopped
 * instead of starting the file's PSNs over.  Private to src/capture/.
 *
 * During the first pass each RC/UC/RD request teaches the span of its
 * flow's PSN space (first to last PSN, READ responses included), and each
 * response flow is bound to the request space it answers (the reversed
 * addresses, its PSN inside or just past the space).  A later pass k moves
 * every PSN of a space by (k - 1) x its span, mod 2^24, and recomputes the
 * ICRC, so the frame is what the wire would carry had the traffic gone on:
 * the analysis and a pcap written from it see the same monotonic stream.
 */
#ifndef RS_CAPTURE_LOOP_H
#define RS_CAPTURE_LOOP_H

#include "capture/decode.h"
#include "capture/source.h"

struct rs_cap_loop;

struct rs_cap_loop *rs_cap_loop_new(void);
void rs_cap_loop_free(struct rs_cap_loop *l);
/* A decoded packet of the first pass. */
void rs_cap_loop_learn(struct rs_cap_loop *l, const struct rs_pkt *p);
/*
 * A frame of pass pass >= 2 (p: it decoded; out: the caller's copy of in,
 * its time set): 1 with out->data pointing at the rewritten bytes (valid
 * until the next call), 0 when it goes out as it came (not a transport
 * with a PSN, no space learnt for it, no shift).
 */
int rs_cap_loop_shift(struct rs_cap_loop *l, const struct rs_pkt *p, unsigned pass,
		      enum rs_linktype link, const struct rs_cap_frame *in,
		      struct rs_cap_frame *out);

#endif
