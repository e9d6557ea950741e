/* SPDX-License-Identifier: MIT */
/*
 * test_recording.c - recordings (src/record/, docs/recording.md): the
 * varints and frames; a scripted run of 24 samples (counters that move,
 * stay, wrap at 32 bits and reset, readings without a timestamp, a
 * counter that goes, a device that comes and one that goes, a port that
 * goes down, findings that change) written and read back exactly, at
 * every sample, in order and by seeking; the file cut at every byte
 * offset (never a made-up sample, always every complete one); every byte
 * changed in turn, and one bit flipped at every byte of the first 10 KB of
 * a run of 250 samples (the damage found where it is, every sample it
 * does not cost loaded exactly, the skipped ones counted); records whose
 * payload is garbage under a valid checksum (no crash); a damaged findings
 * list; the totals, marks and the whole-run overview against the counter
 * series, and a short run's overview (no data is not 0); a recording of
 * format 1 loading as it did.
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

#include "crc32.h"
#include "diag/check.h"
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
	assert_int_equal(rs_frame_next(b.p, b.len, 0, 2, &f, &why), RS_FRAME_OK);
	assert_int_equal(f.type, 'X');
	assert_int_equal(f.len, 6);
	assert_int_equal(f.next, b.len);
	for (size_t cut = 0; cut < b.len; cut++)
		assert_int_equal(rs_frame_next(b.p, cut, 0, 2, &f, &why), RS_FRAME_CUT);
	for (size_t i = 0; i < b.len; i++) {
		b.p[i] ^= 0x20;
		assert_int_equal(rs_frame_next(b.p, b.len, 0, 2, &f, &why), RS_FRAME_BAD);
		/* and the next frame is found past the damaged one */
		assert_int_equal(rs_frame_find(b.p, b.len, 1, &f), b.len);
		b.p[i] ^= 0x20;
	}
	/* a frame after 100 bytes of garbage, some of them markers */
	{
		struct rs_buf g = { 0 };

		for (int i = 0; i < 100; i++)
			rs_buf_u8(&g, i % 3 ? (unsigned)i : RS_FRAME_SYNC0);
		rs_buf_put(&g, b.p, b.len);
		assert_int_equal(rs_frame_find(g.p, g.len, 0, &f), 100);
		assert_int_equal(f.type, 'X');
		rs_buf_free(&g);
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

/* Step k of the script written: the host (the magic first), the sample
 * (*end: the file's length after it), the findings. */
static void write_step(struct rs_rec_writer *w, struct rs_snapshot *s, int k, size_t *end)
{
	struct rs_findings f;
	char err[256];

	script(s, k);
	if (k == 0)
		assert_int_equal(rs_rec_write_begin(w, s, "test", 1700000000 * SEC, err,
						    sizeof(err)), 0);
	else
		assert_int_equal(rs_rec_write_host(w, s, "test", (1700000000 + k) * SEC, err,
						   sizeof(err)), 0);
	rs_rec_write_sample(w, s);
	if (end)
		*end = w->out.len;
	findings_of(&f, k);
	rs_rec_write_findings(w, f.items, f.count);
	rs_findings_free(&f);
}

static int setup_run(void **state)
{
	struct rs_rec_writer w;
	struct rs_snapshot s;

	rs_rec_writer_init(&w);
	for (int k = 0; k < STEPS; k++) {
		write_step(&w, &s, k, &frame_end[k]);
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

/* The cursor's state is exactly the snapshot w. */
static void check_state_of(const struct rs_rec_cursor *c, const struct rs_snapshot *w)
{
	const struct rs_recording *r = c->rec;
	const struct rs_rec_schema *sc = &r->schemas[c->st.schema];
	size_t sets = 2 * w->n_links;

	assert_true(c->valid);
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

/* The cursor's state is exactly sample k of the script. */
static void check_state(const struct rs_rec_cursor *c, int k)
{
	assert_int_equal(c->k, k);
	check_state_of(c, &want[k]);
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

/* ------------------------------------------------------------ damage */

/* A record of a sound file: where it is, its type, a sample's number. */
struct rec_map {
	size_t start, end;
	unsigned type;
	size_t num;			/* (size_t)-1: not a sample */
};

static size_t map_file(const unsigned char *p, size_t len, struct rec_map **out)
{
	size_t n = 0, off = RS_REC_MAGIC_LEN, samples = 0;
	struct rec_map *m = NULL;
	struct rs_frame f;
	const char *why;

	while (rs_frame_next(p, len, off, 2, &f, &why) == RS_FRAME_OK) {
		struct rec_map *e = RS_APPEND(m, n);

		e->start = off;
		e->end = f.next;
		e->type = f.type;
		e->num = f.type == RS_REC_SAMPLE || f.type == RS_REC_KEY ? samples++ : (size_t)-1;
		off = f.next;
	}
	*out = m;
	return n;
}

/*
 * What damage at byte i costs: the record that holds it (*at; 0 for the
 * magic) and the samples [*from, *to) - the one whose record holds it and
 * the change samples after it, up to the next key sample.  A host or a
 * schema comes twice, so a damaged copy costs nothing; findings are not
 * samples.
 */
static void cost_of(const struct rec_map *m, size_t n, size_t i, size_t *at, size_t *from,
		    size_t *to)
{
	*at = *from = *to = 0;
	for (size_t k = 0; k < n; k++) {
		if (i < m[k].start || i >= m[k].end)
			continue;
		*at = m[k].start;
		if (m[k].num == (size_t)-1)
			return;
		*from = m[k].num;
		*to = *from + 1;
		for (size_t j = k + 1; j < n && m[j].type != RS_REC_KEY; j++)
			if (m[j].type == RS_REC_SAMPLE)
				*to = m[j].num + 1;
		return;
	}
}

/*
 * The file p with byte i damaged loads every sample but those it costs,
 * each exactly the snapshot it recorded (w[its number]); it names the
 * place and counts what was skipped.
 */
static void check_damaged(const unsigned char *p, size_t len, size_t i,
			  const struct rs_snapshot *w, size_t n_want, const struct rec_map *m,
			  size_t nm)
{
	struct rs_recording r;
	struct rs_rec_cursor c;
	size_t at, from, to;
	char err[256];
	int ret = rs_rec_load_mem(&r, p, len, err, sizeof(err));

	cost_of(m, nm, i, &at, &from, &to);
	if (to - from == n_want) {
		assert_int_equal(ret, -ENODATA);
		return;
	}
	if (ret)
		fail_msg("byte %zu: %s", i, err);
	assert_true(r.damaged >= 1);
	assert_int_equal(r.damage[0].off, at);
	if (r.n_samples != n_want - (to - from))
		fail_msg("byte %zu (record at %zu): %zu samples, not %zu", i, at, r.n_samples,
			 n_want - (to - from));
	assert_int_equal(r.lost, to - from);
	rs_rec_cursor_init(&c, &r);
	for (size_t k = 0; k < r.n_samples; k++) {
		size_t num = (size_t)r.samples[k].num;

		assert_true(num < n_want && (num < from || num >= to));
		assert_int_equal(k ? rs_rec_next(&c) : rs_rec_seek(&c, 0), 0);
		check_state_of(&c, &w[num]);
	}
	rs_rec_cursor_free(&c);
	rs_rec_free(&r);
}

/* Every byte of the scripted run changed in turn: the damage is found in
 * the record that holds it, and only the samples it costs are lost. */
static void test_every_byte_changed(void **state)
{
	unsigned char *copy = rs_xmalloc(file_len);
	struct rec_map *m;
	size_t nm = map_file(file, file_len, &m);

	for (size_t i = 0; i < file_len; i++) {
		memcpy(copy, file, file_len);
		copy[i] ^= (unsigned char)(1 + next_rand() % 255);
		check_damaged(copy, file_len, i, want, STEPS, m, nm);
	}
	free(m);
	free(copy);
}

#define LONG_RUN 250
#define FLIPPED (10 * 1024)

/*
 * A recording of many samples with one bit flipped, at every byte of its
 * first 10 KB (the magic, both host and schema copies, findings, key and
 * change samples): every sample the flip does not cost is there, exact,
 * and they are counted.
 */
static void test_bit_flips(void **state)
{
	struct rs_snapshot *w = rs_xcalloc(LONG_RUN, sizeof(*w)), s;
	struct rs_rec_writer wr;
	struct rec_map *m;
	unsigned char *copy;
	size_t nm, keys = 0;

	rs_rec_writer_init(&wr);
	for (int k = 0; k < LONG_RUN; k++) {
		write_step(&wr, &s, k, NULL);
		copy_snapshot(&w[k], &s);
	}
	rs_rec_write_end(&wr);
	nm = map_file(wr.out.p, wr.out.len, &m);
	for (size_t i = 0; i < nm; i++)
		keys += m[i].type == RS_REC_KEY;
	/* the flips end well before the file does, and cross key samples */
	assert_true(wr.out.len > FLIPPED + 4096 && keys >= LONG_RUN / RS_REC_KEY_EVERY);
	copy = rs_xmalloc(wr.out.len);
	for (size_t i = 0; i < FLIPPED; i++) {
		memcpy(copy, wr.out.p, wr.out.len);
		copy[i] ^= (unsigned char)(1u << (i % 8));
		check_damaged(copy, wr.out.len, i, w, LONG_RUN, m, nm);
	}
	free(copy);
	free(m);
	for (int k = 0; k < LONG_RUN; k++)
		rs_snapshot_free(&w[k]);
	free(w);
	rs_snapshot_free(&s);
	rs_rec_writer_free(&wr);
}

/* Garbage under a valid checksum: the decoder's own checks, never a crash. */
static void test_garbage_payloads(void **state)
{
	unsigned char *copy = rs_xmalloc(file_len);
	size_t starts[256], n_frames = 0, off = RS_REC_MAGIC_LEN;
	struct rs_frame f;
	const char *why;

	while (n_frames < 256 && rs_frame_next(file, file_len, off, 2, &f, &why) == RS_FRAME_OK) {
		starts[n_frames++] = off;
		off = f.next;
	}
	for (int it = 0; it < 4000; it++) {
		size_t s = starts[next_rand() % n_frames], len;
		struct rs_recording r;
		struct rs_rec_cursor c;
		char err[256];

		memcpy(copy, file, file_len);
		len = copy[s + 2] | (size_t)copy[s + 3] << 8 | (size_t)copy[s + 4] << 16;
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
	/* none, a warning, a failure; and whole again after the key samples
	 * of the new schemas at 7 and 12 */
	assert_int_equal(r.n_findings, 5);
	fl = rs_rec_findings_at(&r, 3);
	assert_non_null(fl);
	assert_int_equal(fl->n, 0);
	fl = rs_rec_findings_at(&r, 6);
	assert_int_equal(fl->n, 2);		/* the pass is not recorded */
	assert_int_equal(fl->sample, 5);
	assert_int_equal(fl->items[0].verdict, RS_WARN);
	assert_string_equal(fl->items[0].id, "counters.error_rising");
	assert_string_equal(fl->items[0].device, "mlx5_0");
	fl = rs_rec_findings_at(&r, 7);
	assert_int_equal(fl->sample, 7);	/* written whole after the key sample */
	assert_int_equal(fl->n, 2);
	fl = rs_rec_findings_at(&r, 11);
	assert_int_equal(fl->sample, 10);
	assert_int_equal(fl->n, 2);
	assert_int_equal(fl->items[0].verdict, RS_FAIL);
	assert_string_equal(fl->items[0].summary, "rising since 10");
	/* the unchanged one, written as a reference to the list before */
	assert_string_equal(fl->items[1].id, "port.roce_mtu_small");
	assert_string_equal(fl->items[1].summary, "eth1 MTU 1500 < 4200");
	assert_string_equal(fl->items[1].netdev, "eth1");
	fl = rs_rec_findings_at(&r, STEPS - 1);
	assert_int_equal(fl->sample, 12);
	assert_int_equal(fl->n, 2);
	assert_string_equal(fl->items[1].summary, "eth1 MTU 1500 < 4200");
	rs_rec_free(&r);
}

/* The list written whole after the key sample 7 damaged: the one at 10
 * refers to it and is skipped, so 7 to 11 show the list before (not a
 * made-up one), and 12 has its own whole list again. */
static void test_findings_damaged(void **state)
{
	unsigned char *copy = rs_xmalloc(file_len);
	const struct rs_rec_flist *fl;
	struct rs_recording r;
	struct rec_map *m;
	size_t nm = map_file(file, file_len, &m), i = 0;
	char err[256];

	while (i < nm && !(m[i].type == RS_REC_KEY && m[i].num == 7))
		i++;
	while (i < nm && m[i].type != RS_REC_FINDINGS)
		i++;
	assert_true(i < nm);
	memcpy(copy, file, file_len);
	copy[m[i].end - 1] ^= 1;
	assert_int_equal(rs_rec_load_mem(&r, copy, file_len, err, sizeof(err)), 0);
	assert_int_equal(r.n_samples, STEPS);
	assert_int_equal(r.damaged, 1);
	for (size_t k = 7; k < 12; k++) {
		fl = rs_rec_findings_at(&r, k);
		assert_int_equal(fl->sample, 5);
		assert_int_equal(fl->items[0].verdict, RS_WARN);
	}
	fl = rs_rec_findings_at(&r, 12);
	assert_int_equal(fl->sample, 12);
	assert_int_equal(fl->items[0].verdict, RS_FAIL);
	rs_rec_free(&r);
	free(m);
	free(copy);
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
	float top[RS_REC_BUCKETS];
	const float *ov;

	for (unsigned b = 0; b < RS_REC_BUCKETS; b++)
		top[b] = RS_REC_NO_DATA;

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
	assert_int_equal(r.n_buckets, STEPS - 1);	/* a short run: a slice per interval */
	for (unsigned b = 0; b < r.n_buckets; b++) {
		int skip = b == rs_rec_bucket(&r, 11) || b == rs_rec_bucket(&r, 12) ||
			   b == rs_rec_bucket(&r, 13);

		if (!skip)
			assert_true(ov[b] == top[b]);
	}
	rs_series_free(&s);
	rs_rec_cursor_free(&c);
	rs_rec_free(&r);
}

/*
 * A short run of a steady 45 Gb/s (fewer samples than the overview has
 * slices, readings not evenly spaced): every slice of its overview is
 * that rate or no data, never a false drop to zero.
 */
static void test_overview_short(void **state)
{
	struct rs_rec_writer w;
	struct rs_snapshot s;
	struct rs_recording r;
	char err[256];
	const float *ov;
	unsigned data = 0;
	uint64_t ts = 100 * SEC;

	rs_rec_writer_init(&w);
	rs_snapshot_init(&s);
	RS_STRCPY(s.host.hostname, "steady");
	add_device(&s, "mlx5_0", "eth0");
	for (int k = 0; k < 30; k++) {
		struct rs_counter_set *cs = &s.devices[0].ports[0].counters;
		uint64_t step = SEC - 3000000 + next_rand() % 6000000;	/* 1 s +- 3 ms */

		ts += step;
		cs->ts_ns = ts;
		/* 45 Gb/s in 4-byte words */
		cs->items[0].value += (uint64_t)(45e9 / 32 * (double)step / 1e9);
		if (k == 0)
			assert_int_equal(rs_rec_write_begin(&w, &s, "test", 1700000000 * SEC, err,
							    sizeof(err)), 0);
		rs_rec_write_sample(&w, &s);
	}
	rs_rec_write_end(&w);
	assert_int_equal(rs_rec_load_mem(&r, w.out.p, w.out.len, err, sizeof(err)), 0);
	ov = rs_rec_overview(&r, (unsigned)gid_of(&r, RS_CO_PORT, "mlx5_0", 1, "port_xmit_data"));
	assert_non_null(ov);
	for (unsigned b = 0; b < r.n_buckets; b++) {
		if (ov[b] == RS_REC_NO_DATA)
			continue;
		data++;
		/* 45 Gb/s = 1.40625e9 words/s, times the scale of 4 bytes */
		assert_true(ov[b] > 5.5e9f && ov[b] < 5.8e9f);
	}
	assert_true(data >= r.n_buckets / 2);
	rs_rec_free(&r);
	rs_rec_writer_free(&w);
	rs_snapshot_free(&s);
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
	unsigned char v3[] = { 'R', 'S', 'R', 'E', 'C', '\n', 3, 0 };

	assert_int_equal(rs_rec_load_mem(&r, "", 0, err, sizeof(err)), -ENODATA);
	assert_int_equal(rs_rec_load_mem(&r, "# rocescope snapshot\n", 21, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "not a rocescope recording"));
	assert_int_equal(rs_rec_load_mem(&r, v3, sizeof(v3), err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "format 3"));
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
		cmocka_unit_test(test_bit_flips),
		cmocka_unit_test(test_garbage_payloads),
		cmocka_unit_test(test_findings),
		cmocka_unit_test(test_findings_damaged),
		cmocka_unit_test(test_marks),
		cmocka_unit_test(test_totals_overview),
		cmocka_unit_test(test_overview_short),
		cmocka_unit_test(test_not_recordings),
		cmocka_unit_test(test_format1),
	};

	return cmocka_run_group_tests(tests, setup_run, teardown_run);
}
