/* SPDX-License-Identifier: MIT */
/*
 * format.h - how a capture is shown: one packet as one line of text or one
 * JSON object, and the summary of a whole capture (totals, opcodes, flows,
 * the two verdicts) as text or JSON.  The CLI prints these; the console's
 * Capture pane shows the same lines, so both always agree.  The verdicts
 * are the checks' (diag/check.h): the caller judges, this only prints.
 */
#ifndef RS_CAPTURE_FORMAT_H
#define RS_CAPTURE_FORMAT_H

#include "capture/analysis.h"
#include "capture/decode.h"
#include "json.h"

#include <stdio.h>

#define RS_PKT_LINE 512		/* fits every line rs_pkt_format writes */

/* "10.1.16.61" for an IPv4-mapped address, else IPv6 text. */
void rs_cap_addr_str(const uint8_t *addr, char *buf, size_t len);

/*
 * The packet as one line (no newline), time relative to t0_ns.  Returns
 * the length the whole line needs; when that is >= len the line ends with
 * " >>" (cut, visibly).
 */
size_t rs_pkt_format(const struct rs_pkt *p, uint64_t t0_ns, char *buf, size_t len);

/* The packet as one JSON object (time relative to t0_ns, in seconds). */
void rs_pkt_json(struct rs_json *j, const struct rs_pkt *p, uint64_t t0_ns);

/* What the summary needs besides the analysis. */
struct rs_cap_summary_info {
	const char *label;	/* "file x.pcap", "live veth0", "replay of x.pcap" */
	uint64_t received;	/* frames the source delivered */
	uint64_t drops;		/* libpcap ps_drop + ps_ifdrop (0 for files) */
	int have_drops;		/* the source reports drops */
	const struct rs_cap_verdicts *verdicts;	/* the two answers (rs_cap_verdicts()) */
	size_t max_flows;	/* flows listed, 0: all */
	/* How it ended, NULL when not said: "end_of_file", "failed" (a damaged
	 * file, a source gone), "count" (-c N), "signal"; the sentence; the
	 * packets the source read. */
	const char *end, *end_text;
	uint64_t end_packets;
};

/* Members of the summary object (the caller opened it), and the text form. */
void rs_cap_summary_json(struct rs_json *j, const struct rs_cap_analysis *a,
			 const struct rs_cap_summary_info *info);
void rs_cap_summary_text(FILE *f, const struct rs_cap_analysis *a,
			 const struct rs_cap_summary_info *info);

#endif
