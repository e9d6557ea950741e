/* SPDX-License-Identifier: MIT */
/*
 * report_text.c - the summary of a capture as text for people (format.h):
 * the two verdicts first, then the counts that back them, the opcodes and
 * the flows, most packets first.  Fits 80 columns except the flow rows
 * with IPv6 addresses.  Strings (the source label, the verdict texts)
 * go through rs_tprintf(): a file name or a hint can hold anything.
 */
#include "capture/format.h"
#include "i18n.h"
#include "termout.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

static void verdicts(FILE *f, const struct rs_cap_verdicts *v)
{
	rs_tprintf(f, _("RoCE v2?  %s  %s\n"), rs_verdict_mark(v->roce), v->roce_text);
	for (size_t i = 0; i < v->n_reasons; i++)
		/* TRANSLATORS: the label of the wire's verdicts, padded to 9
		 * display columns (as "RoCE v2?" above it). */
		rs_tprintf(f, "%-9s %s  %s\n", i ? "" : _("wire"), rs_verdict_mark(v->reasons[i].verdict),
			   v->reasons[i].text);
}

static void counts(FILE *f, const struct rs_cap_totals *t, const struct rs_cap_summary_info *info)
{
	rs_tprintf(f,
		   _("ICRC      %llu ok, %llu bad, %llu unchecked; %llu malformed, %llu truncated\n"),
		   (unsigned long long)t->icrc_ok, (unsigned long long)t->icrc_bad,
		   (unsigned long long)t->icrc_unchecked, (unsigned long long)t->malformed,
		   (unsigned long long)t->snapped);
	rs_tprintf(f, _("ACKs      %llu (%llu duplicate)\n"), (unsigned long long)t->acks,
		   (unsigned long long)t->dup_acks);
	rs_tprintf(f,
		   _("NAKs      %llu PSN sequence, %llu invalid req, %llu remote access, %llu remote "
		   "op; %llu RNR\n"), (unsigned long long)t->naks[RS_NAK_PSN_SEQ],
		   (unsigned long long)t->naks[RS_NAK_INVALID_REQ],
		   (unsigned long long)t->naks[RS_NAK_REMOTE_ACCESS],
		   (unsigned long long)t->naks[RS_NAK_REMOTE_OP], (unsigned long long)t->rnr_naks);
	rs_tprintf(f, _("PSN       %llu gaps (%llu missing), %llu retransmitted\n"),
		   (unsigned long long)t->psn_gaps, (unsigned long long)t->psn_missing,
		   (unsigned long long)t->psn_repeats);
	rs_tprintf(f, _("ECN       %llu CE, %llu ECN-capable, %llu CNPs; %llu VLAN-tagged\n"),
		   (unsigned long long)t->ecn[3], (unsigned long long)(t->ecn[1] + t->ecn[2]),
		   (unsigned long long)t->cnp, (unsigned long long)t->vlan);
	if (t->lat_n)
		rs_tprintf(f, _("latency   ACK after request: min %.1f avg %.1f max %.1f us (%llu)\n"),
			   (double)t->lat_min_ns / 1e3, (double)t->lat_sum_ns / (double)t->lat_n / 1e3,
			   (double)t->lat_max_ns / 1e3, (unsigned long long)t->lat_n);
	if (info->have_drops)
		rs_tprintf(f, _("capture   %llu received, %llu dropped\n"),
			   (unsigned long long)info->received, (unsigned long long)info->drops);
}

static void opcodes(FILE *f, const struct rs_cap_totals *t)
{
	int any = 0;

	for (int i = 0; i < 256; i++) {
		if (!t->opcodes[i])
			continue;
		if (!any++)
			/* TRANSLATORS: "packets" ends at column 55, above the counts. */
			rs_tprintf(f,
				   _("\nopcode                                          packets\n"));
		rs_tprintf(f, "  0x%02x  %-38s %9llu\n", i, rs_opcode_name((uint8_t)i),
			   (unsigned long long)t->opcodes[i]);
	}
	for (size_t i = 0; i < RS_ARRAY_SIZE(t->cm); i++)
		if (t->cm[i])
			rs_tprintf(f, _("  CM %-43s %9llu\n"), rs_cm_attr_name((uint16_t)i) ?
				   rs_cm_attr_name((uint16_t)i) : "attribute ?",
				   (unsigned long long)t->cm[i]);
}

static void flow_row(FILE *f, const struct rs_cap_flow *fl)
{
	char s[64], d[64];
	uint64_t naks = 0;

	for (int i = 0; i < RS_NAK__COUNT; i++)
		naks += fl->naks[i];
	rs_cap_addr_str(fl->src, s, sizeof(s));
	rs_cap_addr_str(fl->dst, d, sizeof(d));
	rs_tprintf(f, "  %-15s %-15s %06x %7llu %10llu %4llu %4llu %4llu %4llu\n", s, d, fl->dqp,
		   (unsigned long long)fl->packets, (unsigned long long)fl->bytes,
		   (unsigned long long)fl->psn_gaps, (unsigned long long)fl->psn_repeats,
		   (unsigned long long)(naks + fl->rnr_naks), (unsigned long long)(fl->cnp + fl->ecn_ce));
}

static void flows(FILE *f, const struct rs_cap_analysis *a, size_t max)
{
	size_t n = rs_cap_flow_count(a);
	const struct rs_cap_flow **v;

	if (!n)
		return;
	v = rs_xcalloc(n, sizeof(*v));
	n = rs_cap_flows_sorted(a, v, max && max < n ? max : n);
	rs_tprintf(f, _("\nflows (%llu seen, %llu evicted)\n"),
		   (unsigned long long)rs_cap_totals(a)->flows_seen,
		   (unsigned long long)rs_cap_totals(a)->flows_evicted);
	rs_tprintf(f, "  %-15s %-15s %-6s %7s %10s %4s %4s %4s %4s\n", "src", "dst", "qp", "pkts",
		   "bytes", "gaps", "retx", "naks", "cong");
	for (size_t i = 0; i < n; i++)
		flow_row(f, v[i]);
	if (n < rs_cap_flow_count(a))
		rs_tprintf(f, _("  (%zu more flows)\n"), rs_cap_flow_count(a) - n);
	free(v);
}

void rs_cap_summary_text(FILE *f, const struct rs_cap_analysis *a,
			 const struct rs_cap_summary_info *info)
{
	const struct rs_cap_totals *t = rs_cap_totals(a);

	rs_tprintf(f,
		   _("capture of %s\n%llu frames: %llu RoCE v2, %llu RoCE v1, %llu other, in %.3f s\n"),
		   info->label, (unsigned long long)t->frames, (unsigned long long)t->roce_v2,
		   (unsigned long long)t->roce_v1, (unsigned long long)t->other,
		   (double)(t->last_ts - t->first_ts) / 1e9);
	if (info->end_text)
		rs_tprintf(f, "%s\n", info->end_text);
	verdicts(f, info->verdicts);
	counts(f, t, info);
	opcodes(f, t);
	flows(f, a, info->max_flows);
}
