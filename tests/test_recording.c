/* SPDX-License-Identifier: MIT */
/*
 * test_recording.c - recordings (src/record/, docs/recording.md): the
 * varints and frames; a scripted run of 24 samples (counters that move,
 * stay, wrap at 32 bits and reset, readings without a timestamp, a
 * counter that goes, a device that comes and one that goes, a port that
 * goes down, findings that change) written and read back exactly, at
 * every sample, in order and by seeking; the file cut at every byte
 * offset (never a made-up sample, always every complete one); every byte
 * changed in turn (the damage found where it is); records whose payload
 * is garbage under a valid checksum (no crash); the totals, marks and the
 * whole-run overview against the counter series.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture/decode.h"
#include "model/series.h"
#include "model/snapshot_yaml.h"
#include "record/recording.h"
#include "snapshot_sample.h"
#include "util.h"

#define SEC 1000000000ULL
#define STEPS 24

static struct rs_snapshot want[STEPS];	/* what each sample recorded */
static size_t frame_end[STEPS];		/* bytes of the file once sample k was complete */
static unsigned char *file;
static size_t file_len;

static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static uint64_t next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* ------------------------------------------------------------- codec */

static void test_varints(void **state)
{
	static const uint64_t u[] = { 0, 1, 127, 128, 16383, 16384, 1ULL << 32, 1ULL << 63,
				      UINT64_MAX };
	static const int64_t s[] = { 0, -1, 1, -64, 64, INT64_MIN, INT64_MAX };
	struct rs_buf b = { 0 };
	struct rs_rd rd;

	for (size_t i = 0; i < RS_ARRAY_SIZE(u); i++)
		rs_buf_varint(&b, u[i]);
	for (size_t i = 0; i < RS_ARRAY_SIZE(s); i++)
		rs_buf_svarint(&b, s[i]);
	rs_rd_init(&rd, b.p, b.len);
	for (size_t i = 0; i < RS_ARRAY_SIZE(u); i++)
		assert_true(rs_rd_varint(&rd) == u[i]);
	for (size_t i = 0; i < RS_ARRAY_SIZE(s); i++)
		assert_true(rs_rd_svarint(&rd) == s[i]);
	assert_true(rs_rd_done(&rd));
	rs_rd_varint(&rd);
	assert_true(rd.err);	/* past the end */
	/* eleven continuation bytes: overlong */
	memset(b.p, 0xff, 11);
	rs_rd_init(&rd, b.p, 11);
	rs_rd_varint(&rd);
	assert_true(rd.err);
	rs_buf_free(&b);
}

static void test_frames(void **state)
{
	struct rs_buf b = { 0 };
	struct rs_frame f;
	const char *why;
	size_t st = rs_frame_begin(&b);

	rs_buf_str(&b, "hello");
	rs_frame_end(&b, st, 'X');
	assert_int_equal(rs_frame_next(b.p, b.len, 0, &f, &why), RS_FRAME_OK);
	assert_int_equal(f.type, 'X');
	assert_int_equal(f.len, 6);
	assert_int_equal(f.next, b.len);
	for (size_t cut = 0; cut < b.len; cut++)
		assert_int_equal(rs_frame_next(b.p, cut, 0, &f, &why), RS_FRAME_CUT);
	for (size_t i = 0; i < b.len; i++) {
		b.p[i] ^= 0x20;
		assert_int_equal(rs_frame_next(b.p, b.len, 0, &f, &why), RS_FRAME_BAD);
		b.p[i] ^= 0x20;
	}
	rs_buf_free(&b);
}

/* --------------------------------------------------- the scripted run */

static struct rs_device *add_device(struct rs_snapshot *s, const char *name, const char *nd)
{
	struct rs_device *d = RS_APPEND(s->devices, s->n_devices);
	struct rs_port *p;
	struct rs_link *l;

	RS_STRCPY(d->name, name);
	d->present = 1;
	p = RS_APPEND(d->ports, d->n_ports);
	p->num = 1;
	p->state = 4;
	RS_STRCPY(p->state_name, "ACTIVE");
	p->phys_state = 5;
	RS_STRCPY(p->phys_state_name, "LinkUp");
	RS_STRCPY(p->netdev, nd);
	rs_counter_set_add(&p->counters, "port_xmit_data", 1000);
	rs_counter_set_add(&p->counters, "port_rcv_data", 0);
	rs_counter_set_add(&p->counters, "symbol_error", 0);
	rs_counter_set_add(&p->hw_counters, "out_of_sequence", 0);
	rs_counter_set_add(&p->hw_counters, "packet_seq_err", 4294967000ULL);
	rs_counter_set_add(&p->hw_counters, "np_cnp_sent", 7);
	l = RS_APPEND(s->links, s->n_links);
	rs_link_init(l);
	RS_STRCPY(l->name, nd);
	RS_STRCPY(l->operstate, "UP");
	rs_counter_set_add(&l->stats, "tx_bytes", 5);
	rs_counter_set_add(&l->ethtool, "rx_pause_ctrl_phy", 0);
	rs_counter_set_add(&l->ethtool, "tx_bytes_phy", UINT64_MAX - 3);
	return d;
}

/* Every counter set of s, for the moves below. */
static void for_sets(struct rs_snapshot *s, void (*fn)(struct rs_counter_set *cs, int k), int k)
{
	for (size_t d = 0; d < s->n_devices; d++)
		for (size_t p = 0; p < s->devices[d].n_ports; p++) {
			fn(&s->devices[d].ports[p].counters, k);
			fn(&s->devices[d].ports[p].hw_counters, k);
		}
	for (size_t l = 0; l < s->n_links; l++) {
		fn(&s->links[l].stats, k);
		fn(&s->links[l].ethtool, k);
	}
}

static void move(struct rs_counter_set *cs, int k)
{
	cs->ts_ns = (uint64_t)k * SEC + 20 * SEC + next_rand() % 5000000;
	if (k == 11 && cs->count)
		cs->ts_ns = 0;		/* a reading without a time */
	for (size_t i = 0; k && i < cs->count; i++) {
		struct rs_counter *c = &cs->items[i];

		if (!strcmp(c->name, "symbol_error"))
			continue;	/* never moves */
		if (!strcmp(c->name, "out_of_sequence")) {
			/* rises at 5, 6, 7, stops, rises again at 10 */
			c->value += (k >= 5 && k <= 7) || k == 10 ? 3 : 0;
			continue;
		}
		if (!strcmp(c->name, "port_rcv_data") && k == 14) {
			c->value = 12;	/* a reset */
			continue;
		}
		/* big moves: the 32-bit and the 64-bit counter wrap */
		c->value += next_rand() % 1000000;
	}
}

/* Sample k of the script, built on sample k - 1. */
static void script(struct rs_snapshot *s, int k)
{
	if (k == 0) {
		rs_snapshot_init(s);
		RS_STRCPY(s->host.hostname, "rec-host");
		add_device(s, "mlx5_0", "eth0");
		add_device(s, "mlx5_1", "eth1");
	}
	if (k == 7)	/* a counter goes: new schema */
		s->links[1].ethtool.count--;
	if (k == 9) {	/* a port goes down */
		s->devices[1].ports[0].state = 1;
		RS_STRCPY(s->devices[1].ports[0].state_name, "DOWN");
	}
	if (k == 12)	/* a device comes: new schema and host */
		add_device(s, "rxe0", "veth0");
	if (k == 15)
		s->devices[0].present = 0;
	if (k == 17)
		s->devices[0].present = 1;
	for_sets(s, move, k);
}

static void copy_snapshot(struct rs_snapshot *dst, const struct rs_snapshot *src)
{
	char err[256];
	size_t n;
	char *y = rs_sample_save_string(src, &n);

	assert_int_equal(rs_snapshot_load_yaml(dst, y, n, "copy", err, sizeof(err)), 0);
	free(y);
}

static void findings_of(struct rs_findings *f, int k)
{
	struct rs_finding *x;

	rs_findings_init(f);
	if (k < 5)
		return;
	x = RS_APPEND(f->items, f->count);
	x->id = "counters.error_rising";
	x->verdict = k < 10 ? RS_WARN : RS_FAIL;
	x->kind = RS_OBJ_PORT;
	RS_STRCPY(x->device, "mlx5_0");
	x->port = 1;
	snprintf(x->summary, sizeof(x->summary), "rising since %d", k < 10 ? 5 : 10);
	x = RS_APPEND(f->items, f->count);
	x->id = "pci.link_degraded";
	x->verdict = RS_PASS;	/* not a problem: not recorded */
	x = RS_APPEND(f->items, f->count);
	x->id = "port.roce_mtu_small";	/* the same from 5 on: recorded once */
	x->verdict = RS_WARN;
	RS_STRCPY(x->netdev, "eth1");
	RS_STRCPY(x->summary, "eth1 MTU 1500 < 4200");
}

static int setup_run(void **state)
{
	struct rs_rec_writer w;
	struct rs_snapshot s;
	char err[256];

	rs_rec_writer_init(&w);
	for (int k = 0; k < STEPS; k++) {
		struct rs_findings f;

		script(&s, k);
		if (k == 0)
			assert_int_equal(rs_rec_write_begin(&w, &s, "test", 1700000000 * SEC, err,
							    sizeof(err)), 0);
		else
			assert_int_equal(rs_rec_write_host(&w, &s, "test", (1700000000 + k) * SEC,
							   err, sizeof(err)), 0);
		rs_rec_write_sample(&w, &s);
		frame_end[k] = w.out.len;
		findings_of(&f, k);
		rs_rec_write_findings(&w, &f);
		rs_findings_free(&f);
		copy_snapshot(&want[k], &s);
	}
	rs_rec_write_end(&w);
	file = rs_xmalloc(w.out.len);
	memcpy(file, w.out.p, w.out.len);
	file_len = w.out.len;
	rs_rec_writer_free(&w);
	rs_snapshot_free(&s);
	return 0;
}

static int teardown_run(void **state)
{
	for (int k = 0; k < STEPS; k++)
		rs_snapshot_free(&want[k]);
	free(file);
	return 0;
}

/* -------------------------------------------------------- comparisons */

static const struct rs_counter_set *want_set(const struct rs_snapshot *s,
					     const struct rs_rec_key *k, const struct rs_device **dev,
					     const struct rs_port **port)
{
	*dev = NULL;
	*port = NULL;
	for (size_t d = 0; d < s->n_devices; d++)
		for (size_t p = 0; p < s->devices[d].n_ports; p++)
			if (!strcmp(s->devices[d].name, k->object) &&
			    s->devices[d].ports[p].num == k->port &&
			    (k->origin == RS_CO_PORT || k->origin == RS_CO_HW)) {
				*dev = &s->devices[d];
				*port = &s->devices[d].ports[p];
				return k->origin == RS_CO_PORT ? &(*port)->counters :
				       &(*port)->hw_counters;
			}
	for (size_t l = 0; l < s->n_links; l++)
		if (!strcmp(s->links[l].name, k->object) &&
		    (k->origin == RS_CO_NETDEV || k->origin == RS_CO_ETHTOOL))
			return k->origin == RS_CO_NETDEV ? &s->links[l].stats :
			       &s->links[l].ethtool;
	return NULL;
}

/* The cursor's state is exactly sample k of the script. */
static void check_state(const struct rs_rec_cursor *c, int k)
{
	const struct rs_snapshot *w = &want[k];
	const struct rs_recording *r = c->rec;
	const struct rs_rec_schema *sc = &r->schemas[c->st.schema];
	size_t sets = 2 * w->n_links;

	assert_true(c->valid);
	assert_int_equal(c->k, k);
	for (size_t d = 0; d < w->n_devices; d++)
		sets += 2 * w->devices[d].n_ports;
	assert_int_equal(sc->n_sets, sets);
	for (size_t i = 0; i < sc->n_sets; i++) {
		const struct rs_rec_set *set = &sc->sets[i];
		const struct rs_device *dev;
		const struct rs_port *port;
		const struct rs_counter_set *cs = want_set(w, &set->key, &dev, &port);
		uint64_t ts = (c->st.flags[i] & RS_RSET_NO_TS) ? 0 : c->st.set_ts[i];

		assert_non_null(cs);
		assert_int_equal(cs->count, set->n);
		assert_true(ts == cs->ts_ns);
		for (size_t j = 0; j < set->n; j++) {
			assert_string_equal(cs->items[j].name, sc->names[set->first + j]);
			assert_true(cs->items[j].value == c->st.values[set->first + j]);
		}
		if (dev)
			assert_int_equal(!dev->present, !!(c->st.flags[i] & RS_RSET_GONE));
		if (port && set->key.origin == RS_CO_PORT) {
			assert_int_equal(port->state, c->st.state[i]);
			assert_string_equal(port->state_name, c->st.state_name[i]);
			assert_int_equal(port->phys_state, c->st.phys[i]);
		}
	}
}

/* The snapshot a replay shows at sample k is the recorded one. */
static void check_snapshot(const struct rs_rec_cursor *c, int k)
{
	const struct rs_recording *r = c->rec;
	struct rs_snapshot s;
	char err[256];

	assert_int_equal(rs_rec_host_snapshot(r, r->samples[k].host, &s, err, sizeof(err)), 0);
	rs_rec_apply(c, &s);
	assert_string_equal(s.host.hostname, "rec-host");
	assert_int_equal(s.n_devices, want[k].n_devices);
	assert_int_equal(s.n_links, want[k].n_links);
	for (size_t d = 0; d < s.n_devices; d++) {
		const struct rs_port *a = &s.devices[d].ports[0], *b = &want[k].devices[d].ports[0];

		assert_int_equal(s.devices[d].present, want[k].devices[d].present);
		assert_int_equal(a->state, b->state);
		assert_string_equal(a->state_name, b->state_name);
		for (int h = 0; h < 2; h++) {
			const struct rs_counter_set *x = h ? &a->hw_counters : &a->counters;
			const struct rs_counter_set *y = h ? &b->hw_counters : &b->counters;

			assert_int_equal(x->count, y->count);
			assert_true(x->ts_ns == y->ts_ns);
			for (size_t i = 0; i < x->count; i++)
				assert_true(x->items[i].value == y->items[i].value);
		}
	}
	for (size_t l = 0; l < s.n_links; l++) {
		assert_int_equal(s.links[l].ethtool.count, want[k].links[l].ethtool.count);
		for (size_t i = 0; i < s.links[l].ethtool.count; i++)
			assert_true(s.links[l].ethtool.items[i].value ==
				    want[k].links[l].ethtool.items[i].value);
	}
	rs_snapshot_free(&s);
}

/* ---------------------------------------------------------------- tests */

static void test_round_trip(void **state)
{
	struct rs_recording r;
	struct rs_rec_cursor c;
	char err[256];

	assert_int_equal(rs_rec_load_mem(&r, file, file_len, err, sizeof(err)), 0);
	assert_int_equal(r.n_samples, STEPS);
	assert_int_equal(r.tail, RS_REC_ENDED);
	assert_int_equal(r.n_schemas, 3);	/* start, a counter gone, a device come */
	rs_rec_cursor_init(&c, &r);
	for (int k = 0; k < STEPS; k++) {
		assert_int_equal(k ? rs_rec_next(&c) : rs_rec_seek(&c, 0), 0);
		check_state(&c, k);
		check_snapshot(&c, k);
	}
	assert_int_equal(rs_rec_next(&c), -ERANGE);
	for (int i = 0; i < 3 * STEPS; i++) {
		int k = (int)(next_rand() % STEPS);

		assert_int_equal(rs_rec_seek(&c, (size_t)k), 0);
		check_state(&c, k);
	}
	assert_true(rs_rec_offset_s(&r, STEPS - 1) > STEPS - 2);
	assert_true(rs_rec_wall_ns(&r, 0) == 1700000000 * SEC);
	assert_int_equal(rs_rec_at_offset(&r, 0), 0);
	assert_int_equal(rs_rec_at_offset(&r, 1e9), STEPS - 1);
	rs_rec_cursor_free(&c);
	rs_rec_free(&r);
}

/* Every complete sample before byte cut, and nothing else. */
static void check_prefix(const struct rs_recording *r, size_t n)
{
	struct rs_rec_cursor c;

	assert_int_equal(r->n_samples, n);
	rs_rec_cursor_init(&c, r);
	for (size_t k = 0; k < n; k++) {
		assert_int_equal(k ? rs_rec_next(&c) : rs_rec_seek(&c, 0), 0);
		check_state(&c, (int)k);
	}
	rs_rec_cursor_free(&c);
}

static size_t complete_before(size_t off)
{
	size_t n = 0;

	while (n < STEPS && frame_end[n] <= off)
		n++;
	return n;
}

static void test_cut_everywhere(void **state)
{
	for (size_t cut = 0; cut < file_len; cut++) {
		struct rs_recording r;
		char err[256];
		size_t n = complete_before(cut);
		int ret = rs_rec_load_mem(&r, file, cut, err, sizeof(err));

		if (!n) {
			assert_int_equal(ret, -ENODATA);
			continue;
		}
		assert_int_equal(ret, 0);
		assert_true(r.tail == RS_REC_CUT || r.tail == RS_REC_OPEN);
		check_prefix(&r, n);
		rs_rec_free(&r);
	}
}

/* The frame that holds byte i of the file (its start), by walking them. */
static size_t frame_of(size_t i)
{
	size_t off = RS_REC_MAGIC_LEN;
	struct rs_frame f;
	const char *why;

	while (rs_frame_next(file, file_len, off, &f, &why) == RS_FRAME_OK && f.next <= i)
		off = f.next;
	return off;
}

static void test_every_byte_changed(void **state)
{
	unsigned char *copy = rs_xmalloc(file_len);

	for (size_t i = 0; i < file_len; i++) {
		struct rs_recording r;
		char err[256];
		size_t start = frame_of(i), n = complete_before(start);
		int ret;

		memcpy(copy, file, file_len);
		copy[i] ^= (unsigned char)(1 + next_rand() % 255);
		ret = rs_rec_load_mem(&r, copy, file_len, err, sizeof(err));
		if (i < RS_REC_MAGIC_LEN) {
			assert_int_equal(ret, -EINVAL);
			continue;
		}
		if (!n) {
			assert_int_equal(ret, -ENODATA);
			assert_non_null(strstr(err, "damaged"));
			continue;
		}
		assert_int_equal(ret, 0);
		assert_int_equal(r.tail, RS_REC_DAMAGED);
		assert_int_equal(r.tail_off, start);
		check_prefix(&r, n);
		rs_rec_free(&r);
	}
	free(copy);
}

/* Garbage under a valid checksum: the decoder's own checks, never a crash. */
static void test_garbage_payloads(void **state)
{
	unsigned char *copy = rs_xmalloc(file_len);
	size_t starts[256], n_frames = 0, off = RS_REC_MAGIC_LEN;
	struct rs_frame f;
	const char *why;

	while (n_frames < 256 && rs_frame_next(file, file_len, off, &f, &why) == RS_FRAME_OK) {
		starts[n_frames++] = off;
		off = f.next;
	}
	for (int it = 0; it < 4000; it++) {
		size_t s = starts[next_rand() % n_frames], len;
		struct rs_recording r;
		struct rs_rec_cursor c;
		char err[256];

		memcpy(copy, file, file_len);
		len = copy[s] | (size_t)copy[s + 1] << 8 | (size_t)copy[s + 2] << 16;
		if (!len)
			continue;
		for (int m = 0; m < 1 + it % 3; m++)
			copy[s + RS_FRAME_HEADER + next_rand() % len] = (unsigned char)next_rand();
		{
			uint32_t crc = rs_crc32(0, copy + s + RS_FRAME_HEADER, len);

			for (int b = 0; b < 4; b++)
				copy[s + RS_FRAME_HEADER + len + b] = (unsigned char)(crc >> (8 * b));
		}
		if (rs_rec_load_mem(&r, copy, file_len, err, sizeof(err)))
			continue;
		/* what lies before the changed record is intact */
		rs_rec_cursor_init(&c, &r);
		for (size_t k = 0; k < r.n_samples; k++) {
			assert_int_equal(k ? rs_rec_next(&c) : rs_rec_seek(&c, 0), 0);
			if (frame_end[k] <= s)
				check_state(&c, (int)k);
		}
		for (unsigned h = 0; h < r.n_hosts; h++) {
			struct rs_snapshot snap;

			if (!rs_rec_host_snapshot(&r, h, &snap, err, sizeof(err))) {
				rs_rec_apply(&c, &snap);
				rs_snapshot_free(&snap);
			}
		}
		rs_rec_cursor_free(&c);
		rs_rec_free(&r);
	}
	free(copy);
}

static void test_findings(void **state)
{
	struct rs_recording r;
	const struct rs_rec_flist *fl;
	char err[256];

	assert_int_equal(rs_rec_load_mem(&r, file, file_len, err, sizeof(err)), 0);
	assert_int_equal(r.n_findings, 3);	/* none, a warning, a failure */
	fl = rs_rec_findings_at(&r, 3);
	assert_non_null(fl);
	assert_int_equal(fl->n, 0);
	fl = rs_rec_findings_at(&r, 7);
	assert_int_equal(fl->n, 2);		/* the pass is not recorded */
	assert_int_equal(fl->sample, 5);
	assert_int_equal(fl->items[0].verdict, RS_WARN);
	assert_string_equal(fl->items[0].id, "counters.error_rising");
	assert_string_equal(fl->items[0].device, "mlx5_0");
	fl = rs_rec_findings_at(&r, STEPS - 1);
	assert_int_equal(fl->n, 2);
	assert_int_equal(fl->items[0].verdict, RS_FAIL);
	assert_string_equal(fl->items[0].summary, "rising since 10");
	/* the unchanged one, written as a reference to the list before */
	assert_string_equal(fl->items[1].id, "port.roce_mtu_small");
	assert_string_equal(fl->items[1].summary, "eth1 MTU 1500 < 4200");
	assert_string_equal(fl->items[1].netdev, "eth1");
	rs_rec_free(&r);
}

static long gid_of(const struct rs_recording *r, enum rs_corigin o, const char *obj,
		   unsigned port, const char *name)
{
	for (size_t g = 0; g < r->n_ctrs; g++)
		if (r->ctrs[g].key.origin == o && r->ctrs[g].key.port == port &&
		    !strcmp(r->ctrs[g].key.object, obj) && !strcmp(r->ctrs[g].name, name))
			return (long)g;
	return -1;
}

static void test_marks(void **state)
{
	struct rs_recording r;
	char err[256];
	long oos, sym;
	size_t at[4], n = 0;
	long m;

	assert_int_equal(rs_rec_load_mem(&r, file, file_len, err, sizeof(err)), 0);
	oos = gid_of(&r, RS_CO_HW, "mlx5_0", 1, "out_of_sequence");
	sym = gid_of(&r, RS_CO_PORT, "mlx5_0", 1, "symbol_error");
	assert_true(oos >= 0 && sym >= 0);
	for (size_t i = 0; i < r.n_marks; i++) {
		assert_true(r.marks[i].gid != (unsigned)sym);	/* never moved */
		assert_true(i == 0 || r.marks[i].sample >= r.marks[i - 1].sample);
		if (r.marks[i].gid == (unsigned)oos && n < 4)
			at[n++] = r.marks[i].sample;
	}
	assert_int_equal(n, 2);		/* started at 5, stopped, started again at 10 */
	assert_int_equal(at[0], 5);
	assert_int_equal(at[1], 10);
	m = rs_rec_mark_near(&r, 5, 1);
	assert_true(m >= 0 && r.marks[m].sample > 5);
	m = rs_rec_mark_near(&r, 5, -1);
	assert_true(m >= 0 && r.marks[m].sample < 5);
	assert_int_equal(rs_rec_mark_near(&r, STEPS, 1), -1);
	rs_rec_free(&r);
}

/* Totals and the overview agree with the counter series fed the same readings. */
static void test_totals_overview(void **state)
{
	struct rs_recording r;
	struct rs_rec_cursor c;
	struct rs_series s;
	char err[256];
	long xmit;
	float top[RS_REC_BUCKETS] = { 0 };
	const float *ov;

	assert_int_equal(rs_rec_load_mem(&r, file, file_len, err, sizeof(err)), 0);
	rs_rec_cursor_init(&c, &r);
	rs_series_init(&s, 0);
	xmit = gid_of(&r, RS_CO_PORT, "mlx5_0", 1, "port_xmit_data");
	for (int k = 0; k < STEPS; k++) {
		const struct rs_series_set *set;

		rs_series_update(&s, &want[k]);
		set = rs_series_port_set(&s, "mlx5_0", 1, RS_CO_PORT);
		if (k != 11 && k != 12 && set->ctrs[0].has_rate &&
		    set->ctrs[0].rate > top[rs_rec_bucket(&r, (size_t)k)])
			top[rs_rec_bucket(&r, (size_t)k)] = (float)set->ctrs[0].rate;
		assert_int_equal(rs_rec_seek(&c, (size_t)k), 0);
		for (size_t i = 0; i < s.n_sets; i++)
			for (size_t j = 0; j < s.sets[i].n; j++) {
				struct rs_series_set *ss = &s.sets[i];
				long g = gid_of(&r, ss->origin, ss->object, ss->port,
						ss->ctrs[j].name);

				assert_true(g >= 0);
				assert_true(c.acc.total[g] == ss->ctrs[j].total);
			}
	}
	ov = rs_rec_overview(&r, (unsigned)xmit);
	assert_non_null(ov);
	for (unsigned b = 0; b < RS_REC_BUCKETS; b++) {
		int skip = b == rs_rec_bucket(&r, 11) || b == rs_rec_bucket(&r, 12) ||
			   b == rs_rec_bucket(&r, 13);

		if (!skip)
			assert_true(ov[b] == top[b]);
	}
	rs_series_free(&s);
	rs_rec_cursor_free(&c);
	rs_rec_free(&r);
}

/* A digest of everything the cursor says at every sample. */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ c[i]) * 1099511628211ULL;
	return h;
}

static uint64_t digest(const struct rs_recording *r)
{
	struct rs_rec_cursor c;
	uint64_t h = 14695981039346656037ULL;

	rs_rec_cursor_init(&c, r);
	for (size_t k = 0; k < r->n_samples; k++) {
		const struct rs_rec_schema *sc;

		assert_int_equal(k ? rs_rec_next(&c) : rs_rec_seek(&c, 0), 0);
		sc = &r->schemas[c.st.schema];
		h = fnv(h, &r->samples[k].ts, sizeof(r->samples[k].ts));
		h = fnv(h, c.st.values, sc->n * sizeof(*c.st.values));
		for (size_t i = 0; i < sc->n_sets; i++) {
			h = fnv(h, &c.st.set_ts[i], sizeof(c.st.set_ts[i]));
			h = fnv(h, &c.st.flags[i], 1);
			h = fnv(h, &c.st.state[i], sizeof(c.st.state[i]));
			h = fnv(h, c.st.state_name[i], strlen(c.st.state_name[i]));
		}
		h = fnv(h, c.acc.total, r->n_ctrs * sizeof(*c.acc.total));
	}
	rs_rec_cursor_free(&c);
	return h;
}

/* A recording of the first format (the demo, 6 samples, written by the
 * rocescope of that format) loads exactly as it did. */
static void test_format1(void **state)
{
	const char *top = getenv("top_srcdir");
	char path[4096], err[512];
	struct rs_recording r;

	snprintf(path, sizeof(path), "%s/tests/fixtures/recordings/demo-v1.rsrec",
		 top ? top : ".");
	assert_int_equal(rs_rec_load_file(&r, path, err, sizeof(err)), 0);
	assert_int_equal(r.version, 1);
	assert_int_equal(r.n_samples, 6);
	assert_int_equal(r.tail, RS_REC_ENDED);
	assert_int_equal(r.n_hosts, 1);
	assert_int_equal(r.n_ctrs, 260);
	assert_int_equal(r.n_marks, 14);
	assert_true(digest(&r) == 0x1f1ab8a38f04e2e7ULL);
	rs_rec_free(&r);
}

static void test_not_recordings(void **state)
{
	struct rs_recording r;
	char err[256];
	unsigned char v2[] = { 'R', 'S', 'R', 'E', 'C', '\n', 2, 0 };

	assert_int_equal(rs_rec_load_mem(&r, "", 0, err, sizeof(err)), -ENODATA);
	assert_int_equal(rs_rec_load_mem(&r, "# rocescope snapshot\n", 21, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "not a rocescope recording"));
	assert_int_equal(rs_rec_load_mem(&r, v2, sizeof(v2), err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "format 2"));
	assert_int_equal(rs_rec_load_mem(&r, file, RS_REC_MAGIC_LEN, err, sizeof(err)), -ENODATA);
	assert_int_equal(rs_rec_load_file(&r, "/nonexistent/x.rsrec", err, sizeof(err)), -ENOENT);
	assert_int_equal(rs_rec_load_file(&r, "/", err, sizeof(err)), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_varints),
		cmocka_unit_test(test_frames),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_cut_everywhere),
		cmocka_unit_test(test_every_byte_changed),
		cmocka_unit_test(test_garbage_payloads),
		cmocka_unit_test(test_findings),
		cmocka_unit_test(test_marks),
		cmocka_unit_test(test_totals_overview),
		cmocka_unit_test(test_not_recordings),
		cmocka_unit_test(test_format1),
	};

	return cmocka_run_group_tests(tests, setup_run, teardown_run);
}
