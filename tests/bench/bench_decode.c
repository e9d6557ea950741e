/* SPDX-License-Identifier: MIT */
/*
 * bench_decode.c - the decoder's own cost, for `make bench`:
 *
 *   bench_decode --raw FILE      read every frame with libpcap, nothing else
 *   bench_decode --decode FILE   read, decode (ICRC included) and count in
 *                                the analysis, as rocescope capture does
 *
 * Prints packets, seconds (CLOCK_MONOTONIC around the loop) and packets/s,
 * so bench_capture.sh can set the decoding against the raw read of the
 * same file in the same run.
 */
#include "capture/analysis.h"
#include "capture/decode.h"
#include "util.h"

#include <pcap/pcap.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	char err[PCAP_ERRBUF_SIZE];
	struct pcap_pkthdr *h;
	const u_char *d;
	struct rs_cap_analysis *a;
	uint64_t n = 0, sum = 0, t0, t1;
	int decode;
	pcap_t *pc;

	if (argc != 3 || (strcmp(argv[1], "--raw") && strcmp(argv[1], "--decode"))) {
		fprintf(stderr, "usage: bench_decode --raw|--decode FILE\n");
		return 2;
	}
	decode = !strcmp(argv[1], "--decode");
	pc = pcap_open_offline_with_tstamp_precision(argv[2], PCAP_TSTAMP_PRECISION_NANO, err);
	if (!pc) {
		fprintf(stderr, "bench_decode: %s\n", err);
		return 1;
	}
	a = rs_cap_analysis_new(0, 0);
	t0 = rs_now_ns();
	while (pcap_next_ex(pc, &h, &d) == 1) {
		if (decode) {
			struct rs_pkt p;

			rs_pkt_decode(&p, RS_LINK_ETHERNET, d, h->caplen, h->len,
				      (uint64_t)h->ts.tv_sec * 1000000000ULL + (uint64_t)h->ts.tv_usec);
			rs_cap_analysis_add(a, &p);
		} else {
			sum += d[h->caplen / 2];	/* touch the frame, as a decoder would */
		}
		n++;
	}
	t1 = rs_now_ns();
	printf("%s %llu packets %.3f s %.0f packets/s (icrc ok %llu, check %llu)\n", argv[1] + 2,
	       (unsigned long long)n, (double)(t1 - t0) / 1e9, (double)n * 1e9 / (double)(t1 - t0),
	       (unsigned long long)rs_cap_totals(a)->icrc_ok, (unsigned long long)sum);
	rs_cap_analysis_free(a);
	pcap_close(pc);
	return 0;
}
