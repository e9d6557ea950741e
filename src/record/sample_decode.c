/* SPDX-License-Identifier: MIT */
/*
 * sample_decode.c - one sample of a recording decoded on top of the state of the
 * sample before it (rec_priv.h), the mirror of writer.c.
 *
 * Every field is checked: unknown flag bits, bitmap bits past the set's
 * counters, a port state on a set that is not a port's counters/, bytes
 * left over.  A key sample, and (format 1) a sample that starts a schema,
 * starts from zero, as the writer encoded it.
 */
#include "record/rec_priv.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void rs_rec_state_init(struct rs_rec_state *st)
{
	memset(st, 0, sizeof(*st));
	st->schema = (unsigned)-1;
}

void rs_rec_state_free(struct rs_rec_state *st)
{
	free(st->values);
	free(st->set_ts);
	free(st->flags);
	free(st->state);
	free(st->phys);
	free(st->state_name);
	free(st->phys_name);
	rs_rec_state_init(st);
}

/* Arrays for schema sc, all zero: the state before its first sample. */
static void state_reset(struct rs_rec_state *st, const struct rs_recording *r, unsigned sc)
{
	const struct rs_rec_schema *s = &r->schemas[sc];
	size_t ns = s->n_sets ? s->n_sets : 1;
	uint64_t ts = st->ts;

	rs_rec_state_free(st);
	st->schema = sc;
	st->ts = ts;
	st->values = rs_xcalloc(s->n ? s->n : 1, sizeof(*st->values));
	st->set_ts = rs_xcalloc(ns, sizeof(*st->set_ts));
	st->flags = rs_xcalloc(ns, sizeof(*st->flags));
	st->state = rs_xcalloc(ns, sizeof(*st->state));
	st->phys = rs_xcalloc(ns, sizeof(*st->phys));
	st->state_name = rs_xcalloc(ns, sizeof(*st->state_name));
	st->phys_name = rs_xcalloc(ns, sizeof(*st->phys_name));
}

void rs_rec_state_copy(struct rs_rec_state *dst, const struct rs_rec_state *src,
		       const struct rs_recording *r)
{
	const struct rs_rec_schema *s;
	size_t ns;

	if (src->schema == (unsigned)-1) {
		rs_rec_state_free(dst);
		dst->ts = src->ts;
		return;
	}
	if (dst->schema != src->schema)
		state_reset(dst, r, src->schema);
	s = &r->schemas[src->schema];
	ns = s->n_sets;
	dst->ts = src->ts;
	memcpy(dst->values, src->values, s->n * sizeof(*dst->values));
	memcpy(dst->set_ts, src->set_ts, ns * sizeof(*dst->set_ts));
	memcpy(dst->flags, src->flags, ns * sizeof(*dst->flags));
	memcpy(dst->state, src->state, ns * sizeof(*dst->state));
	memcpy(dst->phys, src->phys, ns * sizeof(*dst->phys));
	memcpy(dst->state_name, src->state_name, ns * sizeof(*dst->state_name));
	memcpy(dst->phys_name, src->phys_name, ns * sizeof(*dst->phys_name));
}

static void decode_state(struct rs_rd *rd, struct rs_rec_state *st, size_t i)
{
	uint64_t v = rs_rd_varint(rd);

	st->state[i] = v > 0xffff ? 0 : (int)v;
	rd->err |= v > 0xffff;
	rs_rd_str(rd, st->state_name[i], RS_NAME_LEN);
	v = rs_rd_varint(rd);
	st->phys[i] = v > 0xffff ? 0 : (int)v;
	rd->err |= v > 0xffff;
	rs_rd_str(rd, st->phys_name[i], RS_NAME_LEN);
}

static void decode_values(struct rs_rd *rd, struct rs_rec_state *st, const struct rs_rec_set *set)
{
	size_t nb = (set->n + 7) / 8;
	const unsigned char *bm = rs_rd_bytes(rd, nb);

	if (!bm)
		return;
	/* bits past the last counter must be clear */
	if (set->n % 8 && (bm[nb - 1] >> (set->n % 8))) {
		rd->err = 1;
		return;
	}
	for (size_t k = 0; k < set->n && !rd->err; k++)
		if (bm[k / 8] & (1u << (k % 8)))
			st->values[set->first + k] += (uint64_t)rs_rd_svarint(rd);
}

int rs_rec_decode(const struct rs_recording *r, size_t k, struct rs_rec_state *st,
		  const char **why)
{
	const struct rs_rec_sample *smp = &r->samples[k];
	const struct rs_rec_schema *sc = &r->schemas[smp->schema];
	uint64_t prev = smp->key || !k ? 0 : r->samples[k - 1].ts;
	struct rs_rd rd;
	uint64_t step;

	if (smp->key || st->schema != smp->schema)
		state_reset(st, r, smp->schema);
	rs_rd_init(&rd, r->data + smp->off, smp->len);
	step = (uint64_t)rs_rd_svarint(&rd);
	rd.err |= prev + step != smp->ts;
	for (size_t i = 0; i < sc->n_sets && !rd.err; i++) {
		const struct rs_rec_set *set = &sc->sets[i];
		unsigned f = rs_rd_u8(&rd);

		rd.err |= (f & ~RS_RSET_KNOWN) ||
			  ((f & RS_RSET_STATE) && set->key.origin != RS_CO_PORT);
		if (!(f & RS_RSET_NO_TS))
			st->set_ts[i] += step + (uint64_t)rs_rd_svarint(&rd);
		st->flags[i] = (unsigned char)(f & (RS_RSET_NO_TS | RS_RSET_GONE));
		if (f & RS_RSET_STATE)
			decode_state(&rd, st, i);
		if (!(f & RS_RSET_SAME))
			decode_values(&rd, st, set);
	}
	st->ts = smp->ts;
	if (!rs_rd_done(&rd)) {
		*why = "malformed sample";
		return -EINVAL;
	}
	return 0;
}
