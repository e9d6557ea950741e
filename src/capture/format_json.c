/* SPDX-License-Identifier: MIT */
/*
 * format_json.c - one decoded packet as one JSON object (format.h), the
 * same fields as the text line.  Numbers that are identifiers (opcode, QP,
 * keys, addresses in memory) are hex strings as people read them
 * ("0x04", "0x000020"); counts and lengths are numbers.
 */
#include "capture/format.h"

#include <stdio.h>

/* "0x" and v in width hex digits. */
static void kv_hex(struct rs_json *j, const char *key, int width, unsigned long long v)
{
	char b[24];

	snprintf(b, sizeof(b), "0x%0*llx", width, v);
	rs_json_kv_str(j, key, b);
}

static void json_l3(struct rs_json *j, const struct rs_pkt *p)
{
	char a[64];

	rs_json_kv_int(j, "ip_version", p->ip_ver);
	rs_cap_addr_str(p->src, a, sizeof(a));
	rs_json_kv_str(j, "src", a);
	rs_cap_addr_str(p->dst, a, sizeof(a));
	rs_json_kv_str(j, "dst", a);
	rs_json_kv_int(j, "dscp", p->tos >> 2);
	rs_json_kv_int(j, "ecn", p->tos & 3);
	if (p->ip_proto == 17 && !rs_pkt_malformed(p)) {
		rs_json_kv_int(j, "sport", p->sport);
		rs_json_kv_int(j, "dport", p->dport);
	}
}

static void json_vlan(struct rs_json *j, const struct rs_pkt *p)
{
	rs_json_key(j, "vlan");
	rs_json_arr_begin(j);
	for (unsigned i = 0; i < p->n_vlan && i < 2; i++) {
		rs_json_obj_begin(j);
		kv_hex(j, "tpid", 4, p->vlan_tpid[i]);
		rs_json_kv_int(j, "vid", p->vlan_tci[i] & 0xfff);
		rs_json_kv_int(j, "pcp", p->vlan_tci[i] >> 13);
		rs_json_obj_end(j);
	}
	rs_json_arr_end(j);
}

static void json_bth(struct rs_json *j, const struct rs_pkt *p)
{
	kv_hex(j, "opcode", 2, p->opcode);
	rs_json_kv_str(j, "opcode_name", rs_opcode_name(p->opcode));
	kv_hex(j, "dest_qp", 6, p->dqp);
	rs_json_kv_int(j, "psn", p->psn);
	rs_json_kv_bool(j, "se", p->bth_flags & RS_BTH_SE);
	rs_json_kv_bool(j, "mig_req", p->bth_flags & RS_BTH_MIG);
	rs_json_kv_bool(j, "ack_req", p->bth_flags & RS_BTH_ACKREQ);
	rs_json_kv_bool(j, "fecn", p->bth_flags & RS_BTH_FECN);
	rs_json_kv_bool(j, "becn", p->bth_flags & RS_BTH_BECN);
	rs_json_kv_int(j, "pad", p->pad);
	kv_hex(j, "pkey", 4, p->pkey);
	rs_json_kv_int(j, "tver", p->tver);
}

static void json_aeth(struct rs_json *j, const struct rs_pkt *p)
{
	static const char *const kinds[] = { "ack", "rnr_nak", "reserved", "nak" };
	enum rs_aeth_kind k = rs_aeth_kind(p->syndrome);

	rs_json_key(j, "aeth");
	rs_json_obj_begin(j);
	kv_hex(j, "syndrome", 2, p->syndrome);
	rs_json_kv_str(j, "kind", kinds[k]);
	if (k == RS_AETH_ACK) {
		if (rs_aeth_credits(p->syndrome) < 0)
			rs_json_kv_null(j, "credits");
		else
			rs_json_kv_int(j, "credits", rs_aeth_credits(p->syndrome));
	} else if (k == RS_AETH_RNR_NAK) {
		rs_json_kv_double(j, "rnr_timer_ms", rs_aeth_rnr_us(p->syndrome) / 1000.0);
	} else if (k == RS_AETH_NAK) {
		rs_json_kv_str(j, "nak", rs_nak_id(rs_aeth_nak(p->syndrome)));
	}
	rs_json_kv_int(j, "msn", p->msn);
	rs_json_obj_end(j);
}

static void json_mad(struct rs_json *j, const struct rs_pkt *p)
{
	const char *name = rs_cm_attr_name(p->mad_attr), *space;
	unsigned port;

	rs_json_key(j, "mad");
	rs_json_obj_begin(j);
	kv_hex(j, "class", 2, p->mad_class);
	kv_hex(j, "method", 2, p->mad_method);
	kv_hex(j, "attr", 4, p->mad_attr);
	kv_hex(j, "tid", 16, p->mad_tid);
	if (p->mad_class == RS_MAD_CLASS_CM)
		rs_json_kv_str(j, "cm", name);
	if (p->service_id) {
		kv_hex(j, "service_id", 16, p->service_id);
		if (rs_service_id_port(p->service_id, &space, &port)) {
			rs_json_kv_str(j, "port_space", space);
			rs_json_kv_int(j, "port", port);
		}
	}
	rs_json_obj_end(j);
}

static void json_ext(struct rs_json *j, const struct rs_pkt *p)
{
	if (p->hdrs & RS_HDR_RDETH)
		kv_hex(j, "ee_context", 6, p->ee_ctx);
	if (p->hdrs & RS_HDR_DETH) {
		kv_hex(j, "qkey", 8, p->qkey);
		kv_hex(j, "src_qp", 6, p->src_qp);
	}
	if (p->hdrs & RS_HDR_FETH)
		kv_hex(j, "feth", 8, p->feth);
	if (p->hdrs & (RS_HDR_RETH | RS_HDR_ATOMIC)) {
		kv_hex(j, "va", 16, p->va);
		kv_hex(j, "rkey", 8, p->rkey);
	}
	if (p->hdrs & RS_HDR_RETH)
		rs_json_kv_u64(j, "dma_len", p->dma_len);
	if (p->hdrs & RS_HDR_ATOMIC) {
		kv_hex(j, "swap_add", 16, p->swap_add);
		kv_hex(j, "compare", 16, p->compare);
	}
	if (p->hdrs & RS_HDR_AETH)
		json_aeth(j, p);
	if (p->hdrs & RS_HDR_ATOMICACK)
		kv_hex(j, "orig_data", 16, p->atomic_ack);
	if (p->hdrs & RS_HDR_IMM)
		kv_hex(j, "imm", 8, p->imm);
	if (p->hdrs & RS_HDR_IETH)
		kv_hex(j, "inv_rkey", 8, p->inv_rkey);
	if (p->hdrs & RS_HDR_MAD)
		json_mad(j, p);
}

void rs_pkt_json(struct rs_json *j, const struct rs_pkt *p, uint64_t t0_ns)
{
	static const char *const kinds[] = { "other", "v2", "v1" };

	rs_json_obj_begin(j);
	rs_json_kv_schema(j);	/* every JSON line carries it (docs/cli.md) */
	rs_json_kv_double(j, "time", p->ts_ns >= t0_ns ? (double)(p->ts_ns - t0_ns) / 1e9 : 0);
	rs_json_kv_int(j, "len", p->wire_len);
	rs_json_kv_int(j, "caplen", p->cap_len);
	rs_json_kv_str(j, "roce", kinds[p->kind]);
	kv_hex(j, "ethertype", 4, p->ethertype);
	json_vlan(j, p);
	if (p->ip_ver)
		json_l3(j, p);
	if (p->bth_ok) {
		json_bth(j, p);
		json_ext(j, p);
		if (!rs_pkt_malformed(p) && p->err != RS_PERR_SNAPPED)
			rs_json_kv_int(j, "payload_len", p->payload_len);
	}
	if (rs_pkt_is_roce(p)) {
		rs_json_kv_str(j, "icrc", rs_icrc_name(p->icrc));
		if (p->icrc != RS_ICRC_UNCHECKED) {
			kv_hex(j, "icrc_carried", 8, p->icrc_wire);
			kv_hex(j, "icrc_computed", 8, p->icrc_calc);
		}
	}
	if (p->err == RS_PERR_NONE)
		rs_json_kv_null(j, "error");
	else
		rs_json_kv_str(j, "error", rs_pkt_err_id(p->err));
	rs_json_kv_bool(j, "malformed", rs_pkt_malformed(p));
	rs_json_obj_end(j);
}
