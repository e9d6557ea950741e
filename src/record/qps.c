/* SPDX-License-Identifier: MIT */
/*
 * qps.c - the queue pairs and the NIC readings in a recording: record
 * type 'Q' (docs/recording.md).  They move every reading (PSNs, FEC
 * counts, module temperature) but are no counter sets of the schema, so
 * they are not in the host record's YAML either (rs_rec_strip_dynamic):
 * a Q record carries all of them, whole, after the sample they belong
 * to, whenever they changed.  Whole, not as differences: a reader that
 * starts anywhere, or skips a damaged record, has the full state at the
 * next Q record.  Readers that do not know 'Q' skip it (recording.h).
 *
 *   Q = varint sample (the one it follows), then
 *       varint devices; per device: str name, u8 qps_known, str qps_note,
 *         str qp_counter_mode, varint QPs; per QP: varint lqpn, port, u8
 *         state, u8 flags (1 has_rqpn, 2 kernel, 4 cm), varint rqpn,
 *         sq_psn, rq_psn, pdn, pid, str type, comm; with cm: str src,
 *         varint port, str dst, varint port; varint counter_id, varint
 *         counters, per counter str name, varint value
 *       varint procs; per process: varint pid, str comm, str cpus,
 *         svarint cpu
 *       varint links; per link: str name; health: u8 known, str error,
 *         varint reporters, per reporter: str name, svarint port, u8
 *         error, varint errors, recovers, grace_ms, svarint auto_recover;
 *         FEC: u8 known, str error, str active, u8 has-bits, varint
 *         corrected, uncorrectable, corr_bits, varint lanes (varint lane,
 *         u8 has-bits, 3 varints), varint bins (3 varints); module: u8
 *         known, str error, varint id, str spec, vendor, part, u8 has-bits
 *         (1 temp, 2 vcc, 4 flags), u64 temp, vcc (IEEE bits), varint
 *         lanes (varint lane, u8 has-bits, 3 u64), varint flags (str name,
 *         varint lane, u8 alarm)
 */
#include "record/recording.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITEMS 65536		/* of any one list in a record */

/* ------------------------------------------------------------ writing */

static void put_double(struct rs_buf *b, double v)
{
	uint64_t u;

	memcpy(&u, &v, sizeof(u));
	rs_buf_u64(b, u);
}

static void put_qp(struct rs_buf *b, const struct rs_qp *q)
{
	rs_buf_varint(b, q->lqpn);
	rs_buf_varint(b, q->port);
	rs_buf_u8(b, (unsigned)q->state & 0xff);
	rs_buf_u8(b, (q->has_rqpn ? 1u : 0) | (q->kernel ? 2u : 0) | (q->cm ? 4u : 0));
	rs_buf_varint(b, q->rqpn);
	rs_buf_varint(b, q->sq_psn);
	rs_buf_varint(b, q->rq_psn);
	rs_buf_varint(b, q->pdn);
	rs_buf_varint(b, q->pid);
	rs_buf_str(b, q->type);
	rs_buf_str(b, q->comm);
	if (q->cm) {
		rs_buf_str(b, q->src_addr);
		rs_buf_varint(b, q->src_port);
		rs_buf_str(b, q->dst_addr);
		rs_buf_varint(b, q->dst_port);
	}
	rs_buf_varint(b, q->counter_id);
	rs_buf_varint(b, q->counters.count);
	for (size_t i = 0; i < q->counters.count; i++) {
		rs_buf_str(b, q->counters.items[i].name);
		rs_buf_varint(b, q->counters.items[i].value);
	}
}

static void put_health(struct rs_buf *b, const struct rs_health *h)
{
	rs_buf_u8(b, !!h->known);
	rs_buf_str(b, h->error);
	rs_buf_varint(b, h->n_reporters);
	for (size_t i = 0; i < h->n_reporters; i++) {
		const struct rs_reporter *r = &h->reporters[i];

		rs_buf_str(b, r->name);
		rs_buf_svarint(b, r->port);
		rs_buf_u8(b, !!r->error);
		rs_buf_varint(b, r->errors);
		rs_buf_varint(b, r->recovers);
		rs_buf_varint(b, r->grace_ms);
		rs_buf_svarint(b, r->auto_recover);
	}
}

static void put_fec(struct rs_buf *b, const struct rs_fec *f)
{
	rs_buf_u8(b, !!f->known);
	rs_buf_str(b, f->error);
	rs_buf_str(b, f->active);
	rs_buf_u8(b, (f->has_corrected ? 1u : 0) | (f->has_uncorrectable ? 2u : 0) |
		     (f->has_corr_bits ? 4u : 0));
	rs_buf_varint(b, f->corrected);
	rs_buf_varint(b, f->uncorrectable);
	rs_buf_varint(b, f->corr_bits);
	rs_buf_varint(b, f->n_lanes);
	for (size_t i = 0; i < f->n_lanes; i++) {
		const struct rs_fec_lane *l = &f->lanes[i];

		rs_buf_varint(b, l->lane);
		rs_buf_u8(b, (l->has_corrected ? 1u : 0) | (l->has_uncorrectable ? 2u : 0) |
			     (l->has_corr_bits ? 4u : 0));
		rs_buf_varint(b, l->corrected);
		rs_buf_varint(b, l->uncorrectable);
		rs_buf_varint(b, l->corr_bits);
	}
	rs_buf_varint(b, f->n_hist);
	for (size_t i = 0; i < f->n_hist; i++) {
		rs_buf_varint(b, f->hist[i].low);
		rs_buf_varint(b, f->hist[i].high);
		rs_buf_varint(b, f->hist[i].value);
	}
}

static void put_xcvr(struct rs_buf *b, const struct rs_xcvr *x)
{
	rs_buf_u8(b, !!x->known);
	rs_buf_str(b, x->error);
	rs_buf_varint(b, x->id);
	rs_buf_str(b, x->spec);
	rs_buf_str(b, x->vendor);
	rs_buf_str(b, x->part);
	rs_buf_u8(b, (x->has_temp ? 1u : 0) | (x->has_vcc ? 2u : 0) | (x->flags_known ? 4u : 0));
	put_double(b, x->temp_c);
	put_double(b, x->vcc_v);
	rs_buf_varint(b, x->n_lanes);
	for (size_t i = 0; i < x->n_lanes; i++) {
		const struct rs_xcvr_lane *l = &x->lanes[i];

		rs_buf_varint(b, l->lane);
		rs_buf_u8(b, (l->has_tx ? 1u : 0) | (l->has_rx ? 2u : 0) | (l->has_bias ? 4u : 0));
		put_double(b, l->tx_mw);
		put_double(b, l->rx_mw);
		put_double(b, l->bias_ma);
	}
	rs_buf_varint(b, x->n_flags);
	for (size_t i = 0; i < x->n_flags; i++) {
		rs_buf_str(b, x->flags[i].name);
		rs_buf_varint(b, x->flags[i].lane);
		rs_buf_u8(b, !!x->flags[i].alarm);
	}
}

/* Everything but the sample number, into b. */
static void put_state(struct rs_buf *b, const struct rs_snapshot *s)
{
	rs_buf_varint(b, s->n_devices);
	for (size_t d = 0; d < s->n_devices; d++) {
		const struct rs_device *dev = &s->devices[d];

		rs_buf_str(b, dev->name);
		rs_buf_u8(b, !!dev->qps_known);
		rs_buf_str(b, dev->qps_note);
		rs_buf_str(b, dev->qp_counter_mode);
		rs_buf_varint(b, dev->n_qps);
		for (size_t i = 0; i < dev->n_qps; i++)
			put_qp(b, &dev->qps[i]);
	}
	rs_buf_varint(b, s->n_procs);
	for (size_t i = 0; i < s->n_procs; i++) {
		rs_buf_varint(b, s->procs[i].pid);
		rs_buf_str(b, s->procs[i].comm);
		rs_buf_str(b, s->procs[i].cpus_allowed);
		rs_buf_svarint(b, s->procs[i].cpu);
	}
	rs_buf_varint(b, s->n_links);
	for (size_t i = 0; i < s->n_links; i++) {
		rs_buf_str(b, s->links[i].name);
		put_health(b, &s->links[i].health);
		put_fec(b, &s->links[i].fec);
		put_xcvr(b, &s->links[i].xcvr);
	}
}

static uint64_t hash(const unsigned char *p, size_t n)
{
	uint64_t h = 14695981039346656037ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 1099511628211ULL;
	return h ^ n;
}

void rs_rec_write_qps(struct rs_rec_writer *w, const struct rs_snapshot *snap)
{
	struct rs_buf state = { 0 };
	uint64_t h;
	size_t start;

	if (!w->samples)
		return;
	put_state(&state, snap);
	h = hash(state.p, state.len);
	if (w->have_qps && h == w->qps_hash) {
		rs_buf_free(&state);
		return;
	}
	start = rs_frame_begin(&w->out);
	rs_buf_varint(&w->out, w->samples - 1);
	rs_buf_put(&w->out, state.p, state.len);
	rs_frame_end(&w->out, start, RS_REC_QPS);
	w->qps_hash = h;
	w->have_qps = 1;
	rs_buf_free(&state);
}

void rs_rec_strip_dynamic(struct rs_snapshot *copy)
{
	for (size_t d = 0; d < copy->n_devices; d++) {
		copy->devices[d].qps = NULL;
		copy->devices[d].n_qps = 0;
		copy->devices[d].qps_note[0] = '\0';
	}
	for (size_t l = 0; l < copy->n_links; l++) {
		memset(&copy->links[l].health, 0, sizeof(copy->links[l].health));
		memset(&copy->links[l].fec, 0, sizeof(copy->links[l].fec));
		memset(&copy->links[l].xcvr, 0, sizeof(copy->links[l].xcvr));
	}
	copy->procs = NULL;
	copy->n_procs = 0;
}

/* ------------------------------------------------------------ reading */

int rs_rec_index_qps(struct rs_recording *r, const struct rs_frame *f)
{
	struct rs_rd rd;
	struct rs_rec_qrec *q;
	uint64_t at;

	rs_rd_init(&rd, f->payload, f->len);
	at = rs_rd_varint(&rd);
	if (rd.err)
		return -EINVAL;
	/* it follows its sample; format 2 skips one whose sample was lost */
	if (!r->n_samples || r->samples[r->n_samples - 1].num != at)
		return r->version < 2 ? -EINVAL : 0;
	q = RS_APPEND(r->qrecs, r->n_qrecs);
	q->sample = r->n_samples - 1;
	q->off = (size_t)(f->payload - r->data) + rd.off;
	q->len = f->len - rd.off;
	return 0;
}

static double rd_double(struct rs_rd *rd)
{
	uint64_t u = rs_rd_u64(rd);
	double v;

	memcpy(&v, &u, sizeof(v));
	return v;
}

static void get_qp(struct rs_rd *rd, struct rs_qp *q)
{
	unsigned flags;
	size_t n;

	q->lqpn = (unsigned)rs_rd_varint(rd);
	q->port = (unsigned)rs_rd_varint(rd);
	q->state = (int)rs_rd_u8(rd);
	flags = rs_rd_u8(rd);
	q->has_rqpn = !!(flags & 1);
	q->kernel = !!(flags & 2);
	q->cm = !!(flags & 4);
	q->rqpn = (unsigned)rs_rd_varint(rd);
	q->sq_psn = (unsigned)rs_rd_varint(rd);
	q->rq_psn = (unsigned)rs_rd_varint(rd);
	q->pdn = (unsigned)rs_rd_varint(rd);
	q->pid = (unsigned)rs_rd_varint(rd);
	rs_rd_str(rd, q->type, sizeof(q->type));
	rs_rd_str(rd, q->comm, sizeof(q->comm));
	if (q->cm) {
		rs_rd_str(rd, q->src_addr, sizeof(q->src_addr));
		q->src_port = (unsigned)rs_rd_varint(rd);
		rs_rd_str(rd, q->dst_addr, sizeof(q->dst_addr));
		q->dst_port = (unsigned)rs_rd_varint(rd);
	}
	q->counter_id = (unsigned)rs_rd_varint(rd);
	n = rs_rd_count(rd, 2);
	for (size_t i = 0; i < n && !rd->err; i++) {
		char name[RS_NAME_LEN];
		uint64_t v;

		rs_rd_str(rd, name, sizeof(name));
		v = rs_rd_varint(rd);
		rs_counter_set_add(&q->counters, name, v);
	}
}

static void get_health(struct rs_rd *rd, struct rs_health *h)
{
	size_t n;

	h->known = rs_rd_u8(rd) & 1;
	rs_rd_str(rd, h->error, sizeof(h->error));
	n = rs_rd_count(rd, 7);
	for (size_t i = 0; i < n && !rd->err; i++) {
		struct rs_reporter *r = RS_APPEND(h->reporters, h->n_reporters);

		rs_rd_str(rd, r->name, sizeof(r->name));
		r->port = (int)rs_rd_svarint(rd);
		r->error = rs_rd_u8(rd) & 1;
		r->errors = rs_rd_varint(rd);
		r->recovers = rs_rd_varint(rd);
		r->grace_ms = rs_rd_varint(rd);
		r->auto_recover = (int)rs_rd_svarint(rd);
	}
}

static void get_fec(struct rs_rd *rd, struct rs_fec *f)
{
	unsigned has;
	size_t n;

	f->known = rs_rd_u8(rd) & 1;
	rs_rd_str(rd, f->error, sizeof(f->error));
	rs_rd_str(rd, f->active, sizeof(f->active));
	has = rs_rd_u8(rd);
	f->has_corrected = !!(has & 1);
	f->has_uncorrectable = !!(has & 2);
	f->has_corr_bits = !!(has & 4);
	f->corrected = rs_rd_varint(rd);
	f->uncorrectable = rs_rd_varint(rd);
	f->corr_bits = rs_rd_varint(rd);
	n = rs_rd_count(rd, 5);
	for (size_t i = 0; i < n && !rd->err; i++) {
		struct rs_fec_lane *l = RS_APPEND(f->lanes, f->n_lanes);

		l->lane = (unsigned)rs_rd_varint(rd);
		has = rs_rd_u8(rd);
		l->has_corrected = !!(has & 1);
		l->has_uncorrectable = !!(has & 2);
		l->has_corr_bits = !!(has & 4);
		l->corrected = rs_rd_varint(rd);
		l->uncorrectable = rs_rd_varint(rd);
		l->corr_bits = rs_rd_varint(rd);
	}
	n = rs_rd_count(rd, 3);
	for (size_t i = 0; i < n && !rd->err; i++) {
		struct rs_fec_bin *bin = RS_APPEND(f->hist, f->n_hist);

		bin->low = (unsigned)rs_rd_varint(rd);
		bin->high = (unsigned)rs_rd_varint(rd);
		bin->value = rs_rd_varint(rd);
	}
}

static void get_xcvr(struct rs_rd *rd, struct rs_xcvr *x)
{
	unsigned has;
	size_t n;

	x->known = rs_rd_u8(rd) & 1;
	rs_rd_str(rd, x->error, sizeof(x->error));
	x->id = (unsigned)rs_rd_varint(rd);
	rs_rd_str(rd, x->spec, sizeof(x->spec));
	rs_rd_str(rd, x->vendor, sizeof(x->vendor));
	rs_rd_str(rd, x->part, sizeof(x->part));
	has = rs_rd_u8(rd);
	x->has_temp = !!(has & 1);
	x->has_vcc = !!(has & 2);
	x->flags_known = !!(has & 4);
	x->temp_c = rd_double(rd);
	x->vcc_v = rd_double(rd);
	n = rs_rd_count(rd, 26);
	for (size_t i = 0; i < n && !rd->err; i++) {
		struct rs_xcvr_lane *l = RS_APPEND(x->lanes, x->n_lanes);

		l->lane = (unsigned)rs_rd_varint(rd);
		has = rs_rd_u8(rd);
		l->has_tx = !!(has & 1);
		l->has_rx = !!(has & 2);
		l->has_bias = !!(has & 4);
		l->tx_mw = rd_double(rd);
		l->rx_mw = rd_double(rd);
		l->bias_ma = rd_double(rd);
	}
	n = rs_rd_count(rd, 3);
	for (size_t i = 0; i < n && !rd->err; i++) {
		struct rs_xcvr_flag *fl = RS_APPEND(x->flags, x->n_flags);

		rs_rd_str(rd, fl->name, sizeof(fl->name));
		fl->lane = (unsigned)rs_rd_varint(rd);
		fl->alarm = rs_rd_u8(rd) & 1;
	}
}

static struct rs_device *device_named(struct rs_snapshot *s, const char *name)
{
	for (size_t d = 0; d < s->n_devices; d++)
		if (!strcmp(s->devices[d].name, name))
			return &s->devices[d];
	return NULL;
}

static struct rs_link *link_named(struct rs_snapshot *s, const char *name)
{
	for (size_t i = 0; i < s->n_links; i++)
		if (!strcmp(s->links[i].name, name))
			return &s->links[i];
	return NULL;
}

/* The devices' QPs: onto the devices of snap that the record names. */
static void get_devices(struct rs_rd *rd, struct rs_snapshot *snap)
{
	size_t nd = rs_rd_count(rd, 5);

	for (size_t d = 0; d < nd && !rd->err; d++) {
		struct rs_device tmp, *dev;
		size_t n;

		memset(&tmp, 0, sizeof(tmp));
		rs_rd_str(rd, tmp.name, sizeof(tmp.name));
		tmp.qps_known = rs_rd_u8(rd) & 1;
		rs_rd_str(rd, tmp.qps_note, sizeof(tmp.qps_note));
		rs_rd_str(rd, tmp.qp_counter_mode, sizeof(tmp.qp_counter_mode));
		n = rs_rd_count(rd, 13);
		for (size_t i = 0; i < n && !rd->err && i < MAX_ITEMS; i++)
			get_qp(rd, RS_APPEND(tmp.qps, tmp.n_qps));
		dev = rd->err ? NULL : device_named(snap, tmp.name);
		if (!dev) {
			rs_qps_free(tmp.qps, tmp.n_qps);
			continue;
		}
		rs_qps_free(dev->qps, dev->n_qps);
		dev->qps = tmp.qps;
		dev->n_qps = tmp.n_qps;
		dev->qps_known = tmp.qps_known;
		RS_STRCPY(dev->qps_note, tmp.qps_note);
		RS_STRCPY(dev->qp_counter_mode, tmp.qp_counter_mode);
	}
}

static void get_procs(struct rs_rd *rd, struct rs_snapshot *snap)
{
	size_t n = rs_rd_count(rd, 4);

	free(snap->procs);
	snap->procs = NULL;
	snap->n_procs = 0;
	for (size_t i = 0; i < n && !rd->err; i++) {
		struct rs_proc *p = RS_APPEND(snap->procs, snap->n_procs);

		p->pid = (unsigned)rs_rd_varint(rd);
		rs_rd_str(rd, p->comm, sizeof(p->comm));
		rs_rd_str(rd, p->cpus_allowed, sizeof(p->cpus_allowed));
		p->cpu = (int)rs_rd_svarint(rd);
	}
}

static void get_links(struct rs_rd *rd, struct rs_snapshot *snap)
{
	size_t n = rs_rd_count(rd, 8);

	for (size_t i = 0; i < n && !rd->err; i++) {
		struct rs_link tmp, *k;

		memset(&tmp, 0, sizeof(tmp));
		rs_rd_str(rd, tmp.name, sizeof(tmp.name));
		get_health(rd, &tmp.health);
		get_fec(rd, &tmp.fec);
		get_xcvr(rd, &tmp.xcvr);
		k = rd->err ? NULL : link_named(snap, tmp.name);
		if (!k) {
			rs_link_nic_free(&tmp);
			continue;
		}
		rs_link_nic_free(k);
		k->health = tmp.health;
		k->fec = tmp.fec;
		k->xcvr = tmp.xcvr;
	}
}

int rs_rec_apply_qps(const struct rs_recording *r, size_t k, struct rs_snapshot *snap)
{
	const struct rs_rec_qrec *q = NULL;
	struct rs_rd rd;

	for (size_t i = 0; i < r->n_qrecs && r->qrecs[i].sample <= k; i++)
		q = &r->qrecs[i];
	if (!q)
		return 0;	/* a recording of a host without QPs, or older than 'Q' */
	rs_rd_init(&rd, r->data + q->off, q->len);
	get_devices(&rd, snap);
	get_procs(&rd, snap);
	get_links(&rd, snap);
	return rs_rd_done(&rd) ? 0 : -EINVAL;
}
