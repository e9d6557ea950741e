/* SPDX-License-Identifier: MIT */
/*
 * reader.c - loading a recording (recording.h): the first pass walks the
 * frames, keeps an index of the samples and parses the host, schema and
 * findings records; the second (analyze.c) decodes every sample.
 *
 * The first record that is cut or fails a check ends the load: what came
 * before it is kept, and tail says why it stopped.  A file cut by a crash
 * is the normal case of a recorder killed with -9 or a host that lost
 * power, so it loads; bytes that were changed are damage, and the load
 * says where it is.  Records of an unknown type are skipped (a later
 * version may add some), anything malformed inside a known one is damage.
 */
#include "record/rec_priv.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define RS_REC_MAX_FILE (1ULL << 30)	/* read whole: refuse above 1 GiB */

/* Counter ids by set and name: open addressing, the table doubled as it fills. */
struct ids {
	unsigned *slot;			/* gid + 1, 0 empty */
	size_t cap;
};

static uint64_t key_hash(const struct rs_rec_key *k, const char *name)
{
	uint64_t h = 14695981039346656037ULL ^ (uint64_t)k->origin ^ ((uint64_t)k->port << 8);

	for (const char *s = k->object; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	h = (h ^ '/') * 1099511628211ULL;
	for (const char *s = name; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

static int ctr_is(const struct rs_rec_counter *c, const struct rs_rec_key *k, const char *name)
{
	return c->key.origin == k->origin && c->key.port == k->port &&
	       !strcmp(c->key.object, k->object) && !strcmp(c->name, name);
}

static void ids_put(struct ids *t, const struct rs_recording *r, unsigned gid)
{
	size_t i = key_hash(&r->ctrs[gid].key, r->ctrs[gid].name) & (t->cap - 1);

	while (t->slot[i])
		i = (i + 1) & (t->cap - 1);
	t->slot[i] = gid + 1;
}

static unsigned ctr_id(struct ids *t, struct rs_recording *r, const struct rs_rec_key *k,
		       const char *name)
{
	struct rs_rec_counter *c;
	size_t i;

	if ((r->n_ctrs + 1) * 2 > t->cap) {
		free(t->slot);
		t->cap = t->cap ? t->cap * 2 : 1024;
		t->slot = rs_xcalloc(t->cap, sizeof(*t->slot));
		for (unsigned g = 0; g < r->n_ctrs; g++)
			ids_put(t, r, g);
	}
	for (i = key_hash(k, name) & (t->cap - 1); t->slot[i]; i = (i + 1) & (t->cap - 1))
		if (ctr_is(&r->ctrs[t->slot[i] - 1], k, name))
			return t->slot[i] - 1;
	c = RS_APPEND(r->ctrs, r->n_ctrs);
	c->key = *k;
	RS_STRCPY(c->name, name);
	c->cls = rs_counter_classify(k->origin, name);
	c->scale = rs_counter_class_scale(c->cls);
	t->slot[i] = (unsigned)r->n_ctrs;
	return (unsigned)r->n_ctrs - 1;
}

static int parse_schema(struct rs_recording *r, struct ids *ids, const struct rs_frame *f)
{
	struct rs_rd rd;
	struct rs_rec_schema sc = { 0 };
	size_t total = 0;

	rs_rd_init(&rd, f->payload, f->len);
	sc.n_sets = rs_rd_count(&rd, 4);
	sc.sets = rs_xcalloc(sc.n_sets ? sc.n_sets : 1, sizeof(*sc.sets));
	for (size_t i = 0; i < sc.n_sets && !rd.err; i++) {
		struct rs_rec_set *set = &sc.sets[i];
		unsigned o = rs_rd_u8(&rd);
		uint64_t port = rs_rd_varint(&rd);

		rd.err |= o >= RS_CO_COUNT || port > 0xffff;
		set->key.origin = (enum rs_corigin)o;
		set->key.port = (unsigned)port;
		rs_rd_str(&rd, set->key.object, sizeof(set->key.object));
		set->first = total;
		set->n = rs_rd_count(&rd, 1);
		total += set->n;
		sc.names = rs_xrealloc(sc.names, (total ? total : 1) * sizeof(*sc.names));
		for (size_t k = 0; k < set->n && !rd.err; k++)
			rs_rd_str(&rd, sc.names[set->first + k], RS_NAME_LEN);
	}
	sc.n = total;
	if (!rs_rd_done(&rd)) {
		free(sc.sets);
		free(sc.names);
		return -EINVAL;
	}
	sc.gid = rs_xcalloc(total ? total : 1, sizeof(*sc.gid));
	for (size_t i = 0; i < sc.n_sets; i++)
		for (size_t k = 0; k < sc.sets[i].n; k++)
			sc.gid[sc.sets[i].first + k] = ctr_id(ids, r, &sc.sets[i].key,
							      sc.names[sc.sets[i].first + k]);
	*RS_APPEND(r->schemas, r->n_schemas) = sc;
	return 0;
}

static int parse_host(struct rs_recording *r, const struct rs_frame *f)
{
	struct rs_rec_host h = { 0 };
	struct rs_rd rd;
	uint64_t from;

	rs_rd_init(&rd, f->payload, f->len);
	h.wall_ns = rs_rd_u64(&rd);
	from = rs_rd_varint(&rd);
	rs_rd_str(&rd, h.label, sizeof(h.label));
	h.len = rs_rd_count(&rd, 1);
	h.off = (size_t)(f->payload - r->data) + rd.off;
	rs_rd_bytes(&rd, h.len);
	if (!rs_rd_done(&rd) || from != r->n_samples)
		return -EINVAL;
	h.from = (size_t)from;
	*RS_APPEND(r->hosts, r->n_hosts) = h;
	return 0;
}

static void get_finding(struct rs_rd *rd, struct rs_rec_finding *f)
{
	unsigned v, k;

	rs_rd_str(rd, f->id, sizeof(f->id));
	v = rs_rd_u8(rd);
	k = rs_rd_u8(rd);
	rd->err |= v > RS_SKIP || k > RS_OBJ_PEER;
	f->verdict = (enum rs_verdict)v;
	f->kind = (enum rs_object_kind)k;
	rs_rd_str(rd, f->object, sizeof(f->object));
	rs_rd_str(rd, f->device, sizeof(f->device));
	f->port = (unsigned)rs_rd_varint(rd);
	rs_rd_str(rd, f->netdev, sizeof(f->netdev));
	rs_rd_str(rd, f->addr, sizeof(f->addr));
	f->count = (unsigned)rs_rd_varint(rd);
	rs_rd_str(rd, f->summary, sizeof(f->summary));
}

/* Each problem: 0 and the problem, or the index + 1 of the same one in
 * the list before. */
static int parse_findings(struct rs_recording *r, const struct rs_frame *f)
{
	const struct rs_rec_flist *prev = r->n_findings ? &r->findings[r->n_findings - 1] : NULL;
	struct rs_rec_flist fl = { 0 };
	struct rs_rd rd;
	uint64_t at;

	rs_rd_init(&rd, f->payload, f->len);
	at = rs_rd_varint(&rd);
	fl.n = rs_rd_count(&rd, 1);
	fl.items = rs_xcalloc(fl.n ? fl.n : 1, sizeof(*fl.items));
	for (size_t i = 0; i < fl.n && !rd.err; i++) {
		uint64_t ref = rs_rd_varint(&rd);

		if (!ref)
			get_finding(&rd, &fl.items[i]);
		else if (prev && ref <= prev->n)
			fl.items[i] = prev->items[ref - 1];
		else
			rd.err = 1;
	}
	if (!rs_rd_done(&rd) || !r->n_samples || at != r->n_samples - 1) {
		free(fl.items);
		return -EINVAL;
	}
	fl.sample = (size_t)at;
	*RS_APPEND(r->findings, r->n_findings) = fl;
	r->samples[at].findings = (long)r->n_findings - 1;
	return 0;
}

static int index_sample(struct rs_recording *r, const struct rs_frame *f)
{
	struct rs_rec_sample *s;
	struct rs_rd rd;
	uint64_t prev = r->n_samples ? r->samples[r->n_samples - 1].ts : 0;
	int64_t step;

	if (!r->n_schemas || !r->n_hosts)
		return -EINVAL;
	rs_rd_init(&rd, f->payload, f->len);
	step = rs_rd_svarint(&rd);
	if (rd.err)
		return -EINVAL;
	s = RS_APPEND(r->samples, r->n_samples);
	s->off = (size_t)(f->payload - r->data);
	s->len = f->len;
	s->schema = (unsigned)r->n_schemas - 1;
	s->host = (unsigned)r->n_hosts - 1;
	s->findings = r->n_samples > 1 ? r->samples[r->n_samples - 2].findings : -1;
	s->ts = prev + (uint64_t)step;
	return 0;
}

static void stop(struct rs_recording *r, enum rs_rec_tail t, size_t off, const char *why)
{
	r->tail = t;
	r->tail_off = off;
	RS_STRCPY(r->tail_why, why);
}

static int handle(struct rs_recording *r, struct ids *ids, const struct rs_frame *f)
{
	switch (f->type) {
	case RS_REC_HOST: return parse_host(r, f);
	case RS_REC_SCHEMA: return parse_schema(r, ids, f);
	case RS_REC_SAMPLE: return index_sample(r, f);
	case RS_REC_FINDINGS: return parse_findings(r, f);
	case RS_REC_QPS: return rs_rec_index_qps(r, f);
	case RS_REC_END: r->tail = RS_REC_ENDED; return 0;
	default: return 0;	/* a later version's record: skipped */
	}
}

static void scan(struct rs_recording *r)
{
	struct ids ids = { 0 };
	size_t off = RS_REC_MAGIC_LEN;
	struct rs_frame f;
	const char *why;

	r->tail = RS_REC_OPEN;
	while (off < r->len) {
		enum rs_frame_res res = rs_frame_next(r->data, r->len, off, &f, &why);

		if (res != RS_FRAME_OK) {
			stop(r, res == RS_FRAME_CUT ? RS_REC_CUT : RS_REC_DAMAGED, off, why);
			break;
		}
		r->tail = RS_REC_OPEN;
		if (handle(r, &ids, &f)) {
			char msg[64];

			snprintf(msg, sizeof(msg), "malformed record of type '%c'",
				 f.type >= 0x20 && f.type < 0x7f ? f.type : '?');
			stop(r, RS_REC_DAMAGED, off, msg);
			break;
		}
		if (f.type == RS_REC_END)
			r->tail = RS_REC_ENDED;
		off = f.next;
	}
	free(ids.slot);
}

static int check_magic(const struct rs_recording *r, char *err, size_t errlen)
{
	size_t m = strlen(RS_REC_MAGIC);

	if (memcmp(r->data, RS_REC_MAGIC, r->len < m ? r->len : m)) {
		snprintf(err, errlen, "not a rocescope recording (no RSREC header)");
		return -EINVAL;
	}
	if (r->len < RS_REC_MAGIC_LEN) {
		snprintf(err, errlen, "no complete sample: the file ends after %zu bytes", r->len);
		return -ENODATA;
	}
	if (r->version > RS_REC_VERSION || !r->version) {
		snprintf(err, errlen, "recording format %u: this rocescope reads format %d",
			 r->version, RS_REC_VERSION);
		return -EINVAL;
	}
	return 0;
}

int rs_rec_load_mem(struct rs_recording *r, const void *p, size_t len, char *err,
		    size_t errlen)
{
	char tail[RS_MSG_LEN];
	int ret;

	memset(r, 0, sizeof(*r));
	r->data = rs_xmalloc(len);
	memcpy(r->data, p, len);
	r->len = len;
	if (len >= RS_REC_MAGIC_LEN)
		r->version = r->data[6] | (unsigned)r->data[7] << 8;
	ret = check_magic(r, err, errlen);
	if (ret)
		goto fail;
	scan(r);
	if (r->n_samples)
		rs_rec_analyze(r);	/* may cut n_samples at a sample that does not decode */
	if (!r->n_samples) {
		rs_rec_tail_text(r, tail, sizeof(tail));
		snprintf(err, errlen, "no complete sample (%s)", tail);
		ret = -ENODATA;
		goto fail;
	}
	return 0;
fail:
	rs_rec_free(r);
	return ret;
}

int rs_rec_load_file(struct rs_recording *r, const char *path, char *err, size_t errlen)
{
	struct stat st;
	unsigned char *buf;
	size_t got = 0;
	int fd, ret;
	char why[RS_MSG_LEN];

	memset(r, 0, sizeof(*r));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return ret;
	}
	if (!S_ISREG(st.st_mode) || (uint64_t)st.st_size > RS_REC_MAX_FILE) {
		snprintf(err, errlen, "%s: %s", path, S_ISREG(st.st_mode) ?
			 "larger than 1 GiB: not loaded" : "not a regular file");
		close(fd);
		return -EINVAL;
	}
	/* A recording still being written grows: read what is there now. */
	buf = rs_xmalloc((size_t)st.st_size);
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	ret = rs_rec_load_mem(r, buf, got, why, sizeof(why));
	free(buf);
	if (ret)
		snprintf(err, errlen, "%s: %s", path, why);
	return ret;
}

void rs_rec_free(struct rs_recording *r)
{
	rs_rec_analysis_free(r);
	for (size_t i = 0; i < r->n_schemas; i++) {
		free(r->schemas[i].sets);
		free(r->schemas[i].names);
		free(r->schemas[i].gid);
	}
	for (size_t i = 0; i < r->n_findings; i++)
		free(r->findings[i].items);
	free(r->schemas);
	free(r->findings);
	free(r->qrecs);
	free(r->hosts);
	free(r->samples);
	free(r->ctrs);
	free(r->data);
	memset(r, 0, sizeof(*r));
}

void rs_rec_tail_text(const struct rs_recording *r, char *buf, size_t len)
{
	switch (r->tail) {
	case RS_REC_ENDED:
		snprintf(buf, len, "ended");
		break;
	case RS_REC_OPEN:
		snprintf(buf, len, "not ended: still being written, or its recorder was killed");
		break;
	case RS_REC_CUT:
		snprintf(buf, len, "cut at byte %zu: %s", r->tail_off, r->tail_why);
		break;
	default:
		snprintf(buf, len, "damaged at byte %zu: %s; loaded up to it", r->tail_off,
			 r->tail_why);
	}
}

double rs_rec_offset_s(const struct rs_recording *r, size_t k)
{
	if (!r->n_samples)
		return 0;
	if (k >= r->n_samples)
		k = r->n_samples - 1;
	return (double)(r->samples[k].ts - r->samples[0].ts) / 1e9;
}

uint64_t rs_rec_wall_ns(const struct rs_recording *r, size_t k)
{
	if (!r->n_hosts || !r->n_samples)
		return 0;
	if (k >= r->n_samples)
		k = r->n_samples - 1;
	return r->hosts[0].wall_ns + (r->samples[k].ts - r->samples[0].ts);
}

size_t rs_rec_at_offset(const struct rs_recording *r, double offset_s)
{
	size_t lo = 0, hi = r->n_samples;

	/* the first sample past offset_s, then one back */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (rs_rec_offset_s(r, mid) <= offset_s)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? lo - 1 : 0;
}

long rs_rec_mark_near(const struct rs_recording *r, size_t k, int dir)
{
	if (dir > 0) {
		for (size_t i = 0; i < r->n_marks; i++)
			if (r->marks[i].sample > k)
				return (long)i;
		return -1;
	}
	for (size_t i = r->n_marks; i-- > 0;)
		if (r->marks[i].sample < k) {
			/* the first mark of that moment */
			while (i > 0 && r->marks[i - 1].sample == r->marks[i].sample)
				i--;
			return (long)i;
		}
	return -1;
}

const struct rs_rec_flist *rs_rec_findings_at(const struct rs_recording *r, size_t k)
{
	if (k >= r->n_samples || r->samples[k].findings < 0)
		return NULL;
	return &r->findings[r->samples[k].findings];
}
