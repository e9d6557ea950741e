/* SPDX-License-Identifier: MIT */
/*
 * report.c - the summary of a capture (format.h): totals, opcode counts,
 * flows and the two verdicts, as JSON members or as text for 80 columns.
 * Both walk the same analysis, so they always agree.
 */
#include "capture/format.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t flow_naks(const struct rs_cap_flow *f)
{
	uint64_t n = 0;

	for (int i = 0; i < RS_NAK__COUNT; i++)
		n += f->naks[i];
	return n;
}

static void json_latency(struct rs_json *j, uint64_t n, uint64_t sum, uint64_t min, uint64_t max)
{
	rs_json_key(j, "ack_latency_us");
	if (!n) {
		rs_json_null(j);
		return;
	}
	rs_json_obj_begin(j);
	rs_json_kv_u64(j, "count", n);
	rs_json_kv_double(j, "min", (double)min / 1e3);
	rs_json_kv_double(j, "avg", (double)sum / (double)n / 1e3);
	rs_json_kv_double(j, "max", (double)max / 1e3);
	rs_json_obj_end(j);
}

static void json_counts(struct rs_json *j, const char *key, const uint64_t *v, size_t n,
			const char *(*name)(size_t i, char *buf, size_t len))
{
	char buf[32];

	rs_json_key(j, key);
	rs_json_obj_begin(j);
	for (size_t i = 0; i < n; i++)
		if (v[i])
			rs_json_kv_u64(j, name(i, buf, sizeof(buf)), v[i]);
	rs_json_obj_end(j);
}

static const char *hex_op(size_t i, char *buf, size_t len)
{
	snprintf(buf, len, "0x%02zx", i);
	return buf;
}

static const char *nak_id(size_t i, char *buf, size_t len)
{
	return rs_nak_id((enum rs_nak_code)i);
}

static const char *err_id(size_t i, char *buf, size_t len)
{
	return rs_pkt_err_id((enum rs_pkt_err)i);
}

static const char *dec(size_t i, char *buf, size_t len)
{
	snprintf(buf, len, "%zu", i);
	return buf;
}

static const char *cm_name(size_t i, char *buf, size_t len)
{
	const char *n = rs_cm_attr_name((uint16_t)i);

	if (n)
		return n;
	snprintf(buf, len, "0x%04zx", i);
	return buf;
}

static void json_flow(struct rs_json *j, const struct rs_cap_analysis *a,
		      const struct rs_cap_flow *f, uint64_t t0)
{
	const struct rs_cap_flow *peer = rs_cap_flow_peer(a, f);
	uint64_t ops[256] = { 0 };
	char b[64];

	rs_json_obj_begin(j);
	rs_cap_addr_str(f->src, b, sizeof(b));
	rs_json_kv_str(j, "src", b);
	rs_cap_addr_str(f->dst, b, sizeof(b));
	rs_json_kv_str(j, "dst", b);
	snprintf(b, sizeof(b), "0x%06x", f->dqp);
	rs_json_kv_str(j, "dest_qp", b);
	rs_json_kv_str(j, "roce", f->kind == RS_PKT_ROCE_V1 ? "v1" : "v2");
	rs_json_kv_u64(j, "packets", f->packets);
	rs_json_kv_u64(j, "bytes", f->bytes);
	rs_json_kv_double(j, "first", (double)(f->first_ts - t0) / 1e9);
	rs_json_kv_double(j, "last", (double)(f->last_ts - t0) / 1e9);
	rs_json_kv_double(j, "rate_pps", f->rate_pps);
	rs_json_kv_double(j, "rate_bps", f->rate_bps);
	for (unsigned i = 0; i < f->n_ops; i++)
		ops[f->ops[i].op] = f->ops[i].n;
	json_counts(j, "opcodes", ops, 256, hex_op);
	rs_json_kv_u64(j, "opcodes_other", f->ops_other);
	rs_json_kv_u64(j, "psn_gaps", f->psn_gaps);
	rs_json_kv_u64(j, "psn_missing", f->psn_missing);
	rs_json_kv_u64(j, "retransmissions", f->psn_repeats);
	rs_json_kv_u64(j, "dup_acks", f->dup_acks);
	rs_json_kv_u64(j, "naks", flow_naks(f));
	json_counts(j, "naks_by_code", f->naks, RS_NAK__COUNT, nak_id);
	rs_json_kv_u64(j, "rnr_naks", f->rnr_naks);
	rs_json_kv_u64(j, "cnp", f->cnp);
	rs_json_kv_u64(j, "ecn_ce", f->ecn_ce);
	rs_json_kv_u64(j, "icrc_bad", f->icrc_bad);
	rs_json_kv_u64(j, "malformed", f->malformed);
	json_latency(j, f->lat_n, f->lat_sum_ns, f->lat_min_ns, f->lat_max_ns);
	if (peer) {
		snprintf(b, sizeof(b), "0x%06x", peer->dqp);
		rs_json_kv_str(j, "peer_qp", b);
	} else {
		rs_json_kv_null(j, "peer_qp");
	}
	rs_json_obj_end(j);
}

static void json_verdicts(struct rs_json *j, const struct rs_cap_verdicts *v)
{
	rs_json_key(j, "verdicts");
	rs_json_obj_begin(j);
	rs_json_key(j, "roce");
	rs_json_obj_begin(j);
	rs_json_kv_str(j, "seen", rs_roce_seen_name(v->seen));
	rs_json_kv_str(j, "verdict", rs_verdict_name(v->roce));
	rs_json_kv_str(j, "text", v->roce_text);
	rs_json_obj_end(j);
	rs_json_key(j, "health");
	rs_json_obj_begin(j);
	rs_json_kv_str(j, "verdict", rs_verdict_name(v->health));
	rs_json_key(j, "reasons");
	rs_json_arr_begin(j);
	for (size_t i = 0; i < v->n_reasons; i++) {
		rs_json_obj_begin(j);
		rs_json_kv_str(j, "verdict", rs_verdict_name(v->reasons[i].verdict));
		rs_json_kv_str(j, "id", v->reasons[i].id);
		rs_json_kv_str(j, "text", v->reasons[i].text);
		rs_json_obj_end(j);
	}
	rs_json_arr_end(j);
	rs_json_obj_end(j);
	rs_json_obj_end(j);
}

static void json_flows(struct rs_json *j, const struct rs_cap_analysis *a, size_t max)
{
	size_t n = rs_cap_flow_count(a);
	const struct rs_cap_flow **v = rs_xcalloc(n ? n : 1, sizeof(*v));

	n = rs_cap_flows_sorted(a, v, max && max < n ? max : n);
	rs_json_key(j, "flows");
	rs_json_arr_begin(j);
	for (size_t i = 0; i < n; i++)
		json_flow(j, a, v[i], rs_cap_totals(a)->first_ts);
	rs_json_arr_end(j);
	free(v);
}

void rs_cap_summary_json(struct rs_json *j, const struct rs_cap_analysis *a,
			 const struct rs_cap_summary_info *info)
{
	const struct rs_cap_totals *t = rs_cap_totals(a);

	rs_json_kv_str(j, "source", info->label);
	rs_json_kv_u64(j, "frames", t->frames);
	rs_json_kv_u64(j, "bytes", t->bytes);
	rs_json_kv_u64(j, "roce", t->roce_v2);
	rs_json_kv_u64(j, "roce_v1", t->roce_v1);
	rs_json_kv_u64(j, "other", t->other);
	/* no frame: no time span to speak of (unknown, not 0 s) */
	rs_json_kv_double_or_null(j, "duration", (double)(t->last_ts - t->first_ts) / 1e9,
				  t->frames > 0);
	json_counts(j, "opcodes", t->opcodes, 256, hex_op);
	json_flows(j, a, info->max_flows);
	rs_json_kv_u64(j, "flows_total", t->flows_seen);
	rs_json_kv_u64(j, "flows_evicted", t->flows_evicted);
	rs_json_kv_u64(j, "cnp", t->cnp);
	rs_json_kv_u64(j, "ecn_ce", t->ecn[3]);
	rs_json_kv_u64(j, "ecn_capable", t->ecn[1] + t->ecn[2]);
	json_counts(j, "dscp", t->dscp, 64, dec);
	rs_json_kv_u64(j, "vlan_tagged", t->vlan);
	rs_json_kv_u64(j, "icrc_ok", t->icrc_ok);
	rs_json_kv_u64(j, "icrc_bad", t->icrc_bad);
	rs_json_kv_u64(j, "icrc_unchecked", t->icrc_unchecked);
	rs_json_kv_u64(j, "malformed", t->malformed);
	json_counts(j, "malformed_by", t->malformed_by, RS_PERR__COUNT, err_id);
	rs_json_kv_u64(j, "truncated", t->snapped);
	rs_json_kv_u64(j, "acks", t->acks);
	json_counts(j, "naks", t->naks, RS_NAK__COUNT, nak_id);
	rs_json_kv_u64(j, "rnr_naks", t->rnr_naks);
	rs_json_kv_u64(j, "dup_acks", t->dup_acks);
	rs_json_kv_u64(j, "psn_gaps", t->psn_gaps);
	rs_json_kv_u64(j, "psn_missing", t->psn_missing);
	rs_json_kv_u64(j, "retransmissions", t->psn_repeats);
	rs_json_kv_u64(j, "mads", t->mads);
	json_counts(j, "cm", t->cm, RS_ARRAY_SIZE(t->cm), cm_name);
	json_latency(j, t->lat_n, t->lat_sum_ns, t->lat_min_ns, t->lat_max_ns);
	rs_json_kv_u64(j, "received", info->received);
	if (info->have_drops)
		rs_json_kv_u64(j, "drops", info->drops);
	else
		rs_json_kv_null(j, "drops");
	if (info->end) {
		rs_json_key(j, "end");
		rs_json_obj_begin(j);
		rs_json_kv_str(j, "state", info->end);
		rs_json_kv_u64(j, "packets", info->end_packets);
		rs_json_kv_str(j, "text", info->end_text ? info->end_text : "");
		rs_json_obj_end(j);
	} else {
		rs_json_kv_null(j, "end");
	}
	json_verdicts(j, info->verdicts);
}
