/* SPDX-License-Identifier: MIT */
/*
 * reader.c - loading a recording (recording.h): the first pass walks the
 * frames, keeps an index of the samples and parses the host, schema and
 * findings records; the second (analyze.c) decodes every sample.
 *
 * A record cut short ends the load: it is the normal end of a recorder
 * killed with -9 or of a host that lost power.  Bytes that were changed
 * are damage: the load notes where, finds the next record by its marker
 * (rs_frame_find) and goes on.  A sample holds changes from the sample
 * before it, so after a lost one the samples are skipped up to the next
 * key sample (whole values, with the number of its schema); every sample
 * carries its number, so the load knows which follow which and how many
 * were lost.  Host and schema records come twice in a row: the copy of
 * one already read is skipped, a damaged one costs nothing.  Findings
 * that refer to a list that was lost are skipped until the next whole
 * list (one follows each key sample).  Records of an unknown type are
 * skipped (a later version may add some).
 *
 * Format 1 had no marker, no numbers and no key samples: there the first
 * damaged record ends the load, as it always did.
 */
#include "record/rec_priv.h"
#include "i18n.h"
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

/* What the first pass carries from one record to the next. */
struct scan {
	struct ids ids;
	int have_host, have_schema;
	unsigned long host_num, schema_num;	/* of the last one read (format 2) */
	uint64_t seen;			/* samples known to have been written */
	long findings;			/* the list in effect for the next sample */
};

void rs_rec_note_damage(struct rs_recording *r, size_t off, size_t len, const char *why)
{
	struct rs_rec_damage *d;

	size_t i;

	r->damaged++;
	if (r->n_damage >= RS_REC_MAX_DAMAGE)
		return;
	RS_APPEND(r->damage, r->n_damage);
	/* in file order: the second pass finds some after the first */
	for (i = r->n_damage - 1; i > 0 && r->damage[i - 1].off > off; i--)
		r->damage[i] = r->damage[i - 1];
	d = &r->damage[i];
	d->off = off;
	d->len = len;
	RS_STRCPY(d->why, why);
}

/* Format 2 numbers its hosts and schemas; a second copy is skipped. */
static int is_copy(struct rs_rd *rd, const struct rs_recording *r, int *have,
		   unsigned long *last)
{
	unsigned long num;

	if (r->version < 2)
		return 0;
	num = (unsigned long)rs_rd_varint(rd);
	if (rd->err || (*have && num == *last))
		return 1;
	*have = 1;
	*last = num;
	return 0;
}

static int parse_schema(struct rs_recording *r, struct scan *scn, const struct rs_frame *f)
{
	struct rs_rd rd;
	struct rs_rec_schema sc = { 0 };
	size_t total = 0;

	rs_rd_init(&rd, f->payload, f->len);
	if (is_copy(&rd, r, &scn->have_schema, &scn->schema_num))
		return rd.err ? -EINVAL : 0;
	sc.num = r->version < 2 ? r->n_schemas : scn->schema_num;
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
		scn->have_schema = 0;	/* a copy may still be sound */
		return -EINVAL;
	}
	sc.gid = rs_xcalloc(total ? total : 1, sizeof(*sc.gid));
	for (size_t i = 0; i < sc.n_sets; i++)
		for (size_t k = 0; k < sc.sets[i].n; k++)
			sc.gid[sc.sets[i].first + k] = ctr_id(&scn->ids, r, &sc.sets[i].key,
							      sc.names[sc.sets[i].first + k]);
	*RS_APPEND(r->schemas, r->n_schemas) = sc;
	return 0;
}

static int parse_host(struct rs_recording *r, struct scan *scn, const struct rs_frame *f)
{
	struct rs_rec_host h = { 0 };
	struct rs_rd rd;
	uint64_t from;

	rs_rd_init(&rd, f->payload, f->len);
	h.wall_ns = rs_rd_u64(&rd);
	if (is_copy(&rd, r, &scn->have_host, &scn->host_num))
		return rd.err ? -EINVAL : 0;
	from = rs_rd_varint(&rd);
	rs_rd_str(&rd, h.label, sizeof(h.label));
	h.len = rs_rd_count(&rd, 1);
	h.off = (size_t)(f->payload - r->data) + rd.off;
	rs_rd_bytes(&rd, h.len);
	/* format 1 counts the samples before it; format 2 may have lost some */
	if (!rs_rd_done(&rd) || (r->version < 2 && from != r->n_samples)) {
		scn->have_host = 0;
		return -EINVAL;
	}
	h.from = (size_t)from;
	h.num = r->version < 2 ? r->n_hosts : scn->host_num;
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
 * the list before (which must be the one written before: in format 2 a
 * list that refers to a lost one is skipped, *lost set). */
static int read_problems(struct rs_rd *rd, const struct rs_rec_flist *prev,
			 struct rs_rec_flist *fl, int *lost)
{
	fl->n = rs_rd_count(rd, 1);
	fl->items = rs_xcalloc(fl->n ? fl->n : 1, sizeof(*fl->items));
	for (size_t i = 0; i < fl->n && !rd->err; i++) {
		uint64_t ref = rs_rd_varint(rd);

		if (!ref)
			get_finding(rd, &fl->items[i]);
		else if (!prev || (fl->num && prev->num + 1 != fl->num))
			*lost = 1;
		else if (ref <= prev->n)
			fl->items[i] = prev->items[ref - 1];
		else
			rd->err = 1;
	}
	return rs_rd_done(rd) ? 0 : -EINVAL;
}

static int parse_findings(struct rs_recording *r, struct scan *scn, const struct rs_frame *f)
{
	const struct rs_rec_flist *prev = r->n_findings ? &r->findings[r->n_findings - 1] : NULL;
	struct rs_rec_flist fl = { 0 };
	struct rs_rd rd;
	uint64_t at;
	int lost = 0, ret;

	rs_rd_init(&rd, f->payload, f->len);
	fl.num = r->version < 2 ? 0 : (unsigned long)rs_rd_varint(&rd);
	at = rs_rd_varint(&rd);
	ret = read_problems(&rd, prev, &fl, &lost);
	if (!ret && r->version < 2 && (!r->n_samples || at != r->n_samples - 1))
		ret = -EINVAL;
	/* format 2: refers to a lost list, or its sample was lost: skipped */
	if (ret || lost || !r->n_samples) {
		free(fl.items);
		return ret;
	}
	fl.sample = r->n_samples - 1;
	*RS_APPEND(r->findings, r->n_findings) = fl;
	scn->findings = (long)r->n_findings - 1;
	/* written after its sample: when that one was loaded, it has them */
	if (r->samples[r->n_samples - 1].num == at)
		r->samples[r->n_samples - 1].findings = scn->findings;
	return 0;
}

/* The schema numbered num, or -1 (it was lost). */
static long schema_of(const struct rs_recording *r, uint64_t num)
{
	for (size_t i = r->n_schemas; i-- > 0;)
		if (r->schemas[i].num == num)
			return (long)i;
	return -1;
}

/*
 * Whether a sample can be loaded: a key sample needs its schema and a
 * host, a change sample the sample just before it (its number tells,
 * whatever was damaged in between).  *sc: its schema.
 */
static int loadable(const struct rs_recording *r, int key, uint64_t num, uint64_t schema,
		    long *sc)
{
	const struct rs_rec_sample *last = r->n_samples ? &r->samples[r->n_samples - 1] : NULL;

	if (r->version < 2) {
		*sc = (long)r->n_schemas - 1;
		return 1;
	}
	if (key) {
		*sc = schema_of(r, schema);
		return *sc >= 0 && r->n_hosts;
	}
	*sc = last ? (long)last->schema : -1;
	return last && last->num + 1 == num;
}

static int index_sample(struct rs_recording *r, struct scan *scn, const struct rs_frame *f,
			int key)
{
	struct rs_rec_sample *s, *last = r->n_samples ? &r->samples[r->n_samples - 1] : NULL;
	uint64_t num = r->n_samples, schema = 0, ts;
	struct rs_rd rd;
	size_t body;
	int64_t step;
	long sc;

	rs_rd_init(&rd, f->payload, f->len);
	if (r->version >= 2)
		num = rs_rd_varint(&rd);
	if (key)
		schema = rs_rd_varint(&rd);
	body = rd.off;
	step = rs_rd_svarint(&rd);
	if (rd.err)
		return -EINVAL;
	if (num + 1 > scn->seen)
		scn->seen = num + 1;
	/* format 2: its host or schema was lost, so the sample is */
	if (!r->n_schemas || !r->n_hosts)
		return r->version < 2 ? -EINVAL : 0;
	ts = (key ? 0 : last ? last->ts : 0) + (uint64_t)step;
	/* the time never goes back: samples are searched by it */
	if (!loadable(r, key, num, schema, &sc) || (last && ts < last->ts))
		return 0;
	s = RS_APPEND(r->samples, r->n_samples);
	s->frame = (size_t)(f->payload - r->data) - rs_frame_header(r->version);
	s->off = (size_t)(f->payload - r->data) + body;
	s->len = f->len - body;
	s->schema = (unsigned)sc;
	s->host = (unsigned)r->n_hosts - 1;
	s->findings = scn->findings;
	s->ts = ts;
	s->num = num;
	s->key = key;
	return 0;
}

static void stop(struct rs_recording *r, enum rs_rec_tail t, size_t off, const char *why)
{
	r->tail = t;
	r->tail_off = off;
	RS_STRCPY(r->tail_why, why);
}

static int parse_end(struct rs_recording *r, struct scan *scn, const struct rs_frame *f)
{
	struct rs_rd rd;
	uint64_t n;

	r->tail = RS_REC_ENDED;
	if (r->version < 2)
		return 0;
	rs_rd_init(&rd, f->payload, f->len);
	n = rs_rd_varint(&rd);
	if (!rs_rd_done(&rd))
		return -EINVAL;
	if (n > scn->seen)
		scn->seen = n;
	return 0;
}

static int handle(struct rs_recording *r, struct scan *scn, const struct rs_frame *f)
{
	switch (f->type) {
	case RS_REC_HOST: return parse_host(r, scn, f);
	case RS_REC_SCHEMA: return parse_schema(r, scn, f);
	case RS_REC_SAMPLE: return index_sample(r, scn, f, 0);
	case RS_REC_KEY: return r->version < 2 ? 0 : index_sample(r, scn, f, 1);
	case RS_REC_FINDINGS: return parse_findings(r, scn, f);
	case RS_REC_QPS: return rs_rec_index_qps(r, f);
	case RS_REC_END: return parse_end(r, scn, f);
	default: return 0;	/* a later version's record: skipped */
	}
}

/* A record that is sound but whose content is not: damage (format 1: the end). */
static int malformed(struct rs_recording *r, size_t off, const struct rs_frame *f)
{
	char msg[64];

	snprintf(msg, sizeof(msg), _("malformed record of type '%c'"),
		 f->type >= 0x20 && f->type < 0x7f ? f->type : '?');
	if (r->version < 2) {
		stop(r, RS_REC_DAMAGED, off, msg);
		return 1;
	}
	rs_rec_note_damage(r, off, f->next - off, msg);
	return 0;
}

/* Bad bytes at off: (format 2) the next record after them in *f, or 1 at
 * the end of what can be read. */
static int skip_damage(struct rs_recording *r, size_t *off, struct rs_frame *f,
		       const char *why)
{
	size_t next;

	if (r->version < 2) {
		stop(r, RS_REC_DAMAGED, *off, why);
		return 1;
	}
	next = rs_frame_find(r->data, r->len, *off + 1, f);
	rs_rec_note_damage(r, *off, next - *off, why);
	if (next >= r->len) {
		stop(r, RS_REC_DAMAGED, *off, why);
		return 1;
	}
	*off = next;
	return 0;
}

static void scan(struct rs_recording *r)
{
	struct scan scn = { .findings = -1 };
	size_t off = RS_REC_MAGIC_LEN;
	struct rs_frame f;
	const char *why;

	r->tail = RS_REC_OPEN;
	while (off < r->len) {
		enum rs_frame_res res = rs_frame_next(r->data, r->len, off, r->version, &f, &why);

		if (res == RS_FRAME_CUT) {
			stop(r, RS_REC_CUT, off, why);
			break;
		}
		if (res == RS_FRAME_BAD && skip_damage(r, &off, &f, why))
			break;
		r->tail = RS_REC_OPEN;
		if (handle(r, &scn, &f) && malformed(r, off, &f))
			break;
		if (f.type == RS_REC_END)
			r->tail = RS_REC_ENDED;
		off = f.next;
	}
	if (scn.seen > r->n_samples)
		r->lost = scn.seen - r->n_samples;
	free(scn.ids.slot);
}

/*
 * The magic and the version.  A format 2 file is still told from one that
 * is not a recording when its magic was damaged: its first record, whole
 * with its marker and checks, follows at byte 8.
 */
static int check_magic(struct rs_recording *r, char *err, size_t errlen)
{
	size_t m = strlen(RS_REC_MAGIC);
	struct rs_frame f;
	const char *why;

	if (r->len > RS_REC_MAGIC_LEN &&
	    rs_frame_next(r->data, r->len, RS_REC_MAGIC_LEN, 2, &f, &why) == RS_FRAME_OK) {
		if (memcmp(r->data, RS_REC_MAGIC, m) || r->version != 2)
			rs_rec_note_damage(r, 0, RS_REC_MAGIC_LEN, "damaged file header");
		r->version = 2;
		return 0;
	}
	if (memcmp(r->data, RS_REC_MAGIC, r->len < m ? r->len : m)) {
		snprintf(err, errlen, _("not a rocescope recording (no RSREC header)"));
		return -EINVAL;
	}
	if (r->len < RS_REC_MAGIC_LEN) {
		snprintf(err, errlen, _("no complete sample: the file ends after %zu bytes"), r->len);
		return -ENODATA;
	}
	if (r->version > RS_REC_VERSION || !r->version) {
		snprintf(err, errlen, _("recording format %u: this rocescope reads format %d"),
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
	r->data = rs_xmalloc(len ? len : 1);
	memcpy(r->data, p, len);
	r->len = len;
	if (len >= RS_REC_MAGIC_LEN)
		r->version = r->data[6] | (unsigned)r->data[7] << 8;
	ret = check_magic(r, err, errlen);
	if (ret)
		goto fail;
	scan(r);
	if (r->n_samples)
		rs_rec_analyze(r);	/* drops (format 1: cuts at) a sample that does not decode */
	if (!r->n_samples) {
		rs_rec_tail_text(r, tail, sizeof(tail));
		if (r->damaged)
			rs_rec_damage_text(r, tail, sizeof(tail));
		snprintf(err, errlen, _("no complete sample (%s)"), tail);
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
			 _("larger than 1 GiB: not loaded") : _("not a regular file"));
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
	free(r->damage);
	free(r->data);
	memset(r, 0, sizeof(*r));
}

