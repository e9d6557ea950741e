/* SPDX-License-Identifier: MIT */
/*
 * fuzz_decode.c - libFuzzer target for the RoCE decoder and what runs on
 * its output: the first byte picks the link type (and whether the capture
 * "snapped" the frame); the rest is the frame.  Each input is decoded,
 * counted by a small analysis (64 flows, 64 packets, so evictions happen),
 * printed as a line and as JSON, and the verdicts are computed; a looped
 * replay learns its PSN space and rewrites it as a later pass would (the
 * rewritten frame decoded again).
 *
 * Built and run by tests/test_capture_fuzz.sh with clang
 * -fsanitize=fuzzer,address,undefined; any crash or sanitizer report fails.
 */
#include "capture/analysis.h"
#include "diag/check.h"
#include "capture/decode.h"
#include "capture/format.h"
#include "capture/replay_psn.h"

#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rs_cap_analysis *a;
	static struct rs_cap_loop *loop;
	static FILE *null;
	struct rs_cap_frame fr, out;
	struct rs_cap_verdicts v;
	char line[RS_PKT_LINE];
	struct rs_json j;
	struct rs_pkt p;

	if (!a) {
		a = rs_cap_analysis_new(64, 64);
		loop = rs_cap_loop_new();
		null = fopen("/dev/null", "w");
	}
	if (size < 1)
		return 0;
	/* wire > cap when bit 2 is set: a frame the capture cut short. */
	rs_pkt_decode(&p, (enum rs_linktype)(data[0] & 3), data + 1, size - 1,
		      size - 1 + (data[0] & 4 ? 100 : 0), (uint64_t)size * 1000);
	rs_cap_analysis_add(a, &p);
	rs_pkt_format(&p, 0, line, sizeof(line));
	rs_pkt_format(&p, 0, line, 16);
	rs_json_init(&j, null);
	rs_json_set_compact(&j, 1);
	rs_pkt_json(&j, &p, 0);
	if (rs_json_finish(&j))
		__builtin_trap();	/* the writer was misused: a bug */
	if ((size & 15) == 0)
		rs_cap_verdicts(a, 0, 0, NULL, &v);
	fr.data = data + 1;
	fr.caplen = (uint32_t)(size - 1);
	fr.len = fr.caplen + (data[0] & 4 ? 100 : 0);
	fr.ts_ns = 0;
	out = fr;
	rs_cap_loop_learn(loop, &p);
	if (rs_cap_loop_shift(loop, &p, 2 + (data[0] >> 4), (enum rs_linktype)(data[0] & 3), &fr,
			      &out))
		rs_pkt_decode(&p, (enum rs_linktype)(data[0] & 3), out.data, out.caplen, out.len, 0);
	return 0;
}
