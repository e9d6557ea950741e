/* SPDX-License-Identifier: MIT */
/*
 * fuzz_perf_proto.c - libFuzzer target for what a peer or a child can feed
 * rocescope's tests: the control message decoder (src/perf/proto.c), the
 * recognition of other protocols, and the JSON lines parser the console
 * runs on a test child's output (src/perf/jsonl.c).
 *
 * Properties checked beyond "no crash, no sanitizer report": a message
 * that decodes re-encodes to exactly the same bytes (the decoder accepts
 * nothing the encoder would not write), and decoded strings are
 * NUL-terminated inside their fields.  Run by tests/test_perf_fuzz.sh.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "perf/jsonl.h"
#include "perf/proto.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t again[RS_PERF_HDR_LEN + RS_PERF_MAX_PAYLOAD];
	struct rs_perf_msg m;
	struct rs_perf_line l;
	struct rs_perf_hdr h;
	char ver[16];
	size_t len;

	rs_perf_sniff(data, size < RS_PERF_HDR_LEN ? size : RS_PERF_HDR_LEN, ver, sizeof(ver));
	if (size >= RS_PERF_HDR_LEN)
		rs_perf_decode_hdr(data, &h);
	if (rs_perf_decode(data, size, &m) == 0) {
		if (rs_perf_encode(&m, again, sizeof(again), &len) || len != size ||
		    memcmp(again, data, size))
			abort();
		if (m.type == RS_MSG_WELCOME && !memchr(m.u.welcome.hostname, 0,
							sizeof(m.u.welcome.hostname)))
			abort();
	}
	if (rs_perf_line_parse((const char *)data, size, &l) == 0 &&
	    (!memchr(l.message, 0, sizeof(l.message)) || l.n_hist > RS_PERF_HIST_BUCKETS))
		abort();
	return 0;
}
