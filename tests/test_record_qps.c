/* SPDX-License-Identifier: MIT */
/*
 * test_record_qps.c - queue pairs and NIC readings in a recording (the
 * 'Q' record, src/record/qps.c): a run whose PSNs, QPs, owners, FEC
 * counts and module readings change read back exactly at every sample,
 * in order and by seeking; the host record is not rewritten for them; a
 * Q record is written only when something changed; a damaged Q record
 * ends the load there with what came before intact; the file cut at
 * every byte loads every complete sample's QPs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/recording.h"
#include "util.h"

#define SEC 1000000000ull
#define SAMPLES 12

static void host(struct rs_snapshot *s)
{
	struct rs_device *d;
	struct rs_port *p;
	struct rs_link *l;
	struct rs_qp *q;

	rs_snapshot_init(s);
	d = RS_APPEND(s->devices, s->n_devices);
	rs_device_init(d);
	RS_STRCPY(d->name, "mlx5_0");
	d->present = 1;
	p = RS_APPEND(d->ports, d->n_ports);
	p->num = 1;
	RS_STRCPY(p->netdev, "eth0");
	rs_counter_set_add(&p->hw_counters, "out_of_sequence", 0);
	d->qps_known = 1;
	RS_STRCPY(d->qp_counter_mode, "manual");
	for (unsigned i = 0; i < 3; i++) {
		q = RS_APPEND(d->qps, d->n_qps);
		q->lqpn = 17 + i;
		q->port = 1;
		RS_STRCPY(q->type, "RC");
		q->state = 3;
		q->has_rqpn = 1;
		q->pid = 100;
		RS_STRCPY(q->comm, "app");
	}
	d->qps[1].cm = 1;
	RS_STRCPY(d->qps[1].src_addr, "10.99.0.1");
	d->qps[1].src_port = 4791;
	RS_STRCPY(d->qps[1].dst_addr, "fe80::1");
	d->qps[2].counter_id = 3;
	rs_counter_set_add(&d->qps[2].counters, "roce_adp_retrans", 0);
	RS_APPEND(s->procs, s->n_procs)->pid = 100;
	l = RS_APPEND(s->links, s->n_links);
	rs_link_init(l);
	RS_STRCPY(l->name, "eth0");
	l->fec.known = l->fec.has_uncorrectable = 1;
	RS_STRCPY(l->fec.active, "RS");
	RS_APPEND(l->fec.lanes, l->fec.n_lanes)->has_corrected = 1;
	l->xcvr.known = l->xcvr.has_temp = 1;
	l->xcvr.temp_c = 40.0;
	RS_APPEND(l->xcvr.flags, l->xcvr.n_flags)->alarm = 1;
	l->health.known = 1;
	RS_STRCPY(RS_APPEND(l->health.reporters, l->health.n_reporters)->name, "fw");
}

/* Sample k: QP 17 sends, QP 19's counter counts, QP 18 ends at sample 6,
 * FEC counts every other sample, the module warms up; samples 3-4 repeat
 * sample 2 exactly (no Q record for them). */
static void step(struct rs_snapshot *s, int k)
{
	struct rs_device *d = &s->devices[0];
	struct rs_link *l = &s->links[0];

	if (k == 3 || k == 4)
		return;
	d->qps[0].sq_psn = (unsigned)k * 1000;
	d->qps[d->n_qps - 1].counters.items[0].value = (uint64_t)k * 7;
	if (k == 6) {
		d->qps[1] = d->qps[2];
		d->n_qps = 2;
	}
	if (k % 2 == 0)
		l->fec.uncorrectable = (uint64_t)k;
	l->xcvr.temp_c = 40.0 + k / 4.0;
	s->devices[0].ports[0].hw_counters.ts_ns = (uint64_t)k * SEC;
}

static unsigned char *record(size_t *len, unsigned *qrecs)
{
	struct rs_rec_writer w;
	struct rs_snapshot s;
	char err[256];
	unsigned char *out;

	host(&s);
	rs_rec_writer_init(&w);
	assert_int_equal(rs_rec_write_begin(&w, &s, "test", 1700000000 * SEC, err, sizeof(err)),
			 0);
	*qrecs = 0;
	for (int k = 0; k < SAMPLES; k++) {
		size_t before;

		step(&s, k);
		rs_rec_write_sample(&w, &s);
		before = w.out.len;
		rs_rec_write_qps(&w, &s);
		*qrecs += w.out.len != before;
	}
	rs_rec_write_end(&w);
	out = rs_xmalloc(w.out.len);
	memcpy(out, w.out.p, w.out.len);
	*len = w.out.len;
	rs_rec_writer_free(&w);
	rs_snapshot_free(&s);
	return out;
}

/* The state of sample k read back, against the scripted one. */
static void check_sample(const struct rs_recording *r, size_t k)
{
	struct rs_snapshot want, got;
	char err[256];

	host(&want);
	for (int i = 0; i <= (int)k; i++)
		step(&want, i);
	assert_int_equal(rs_rec_host_snapshot(r, r->samples[k].host, &got, err, sizeof(err)), 0);
	assert_int_equal(got.devices[0].n_qps, 0);	/* the host record has none */
	assert_int_equal(rs_rec_apply_qps(r, k, &got), 0);
	assert_int_equal(got.devices[0].n_qps, want.devices[0].n_qps);
	for (size_t i = 0; i < want.devices[0].n_qps; i++) {
		const struct rs_qp *a = &want.devices[0].qps[i], *b = &got.devices[0].qps[i];

		assert_int_equal(a->lqpn, b->lqpn);
		assert_int_equal(a->sq_psn, b->sq_psn);
		assert_int_equal(a->cm, b->cm);
		assert_string_equal(a->dst_addr, b->dst_addr);
		assert_int_equal(a->counters.count, b->counters.count);
		if (a->counters.count)
			assert_int_equal(a->counters.items[0].value, b->counters.items[0].value);
	}
	assert_string_equal(got.devices[0].qp_counter_mode, "manual");
	assert_int_equal(got.n_procs, 1);
	assert_int_equal(got.links[0].fec.uncorrectable, want.links[0].fec.uncorrectable);
	assert_int_equal(got.links[0].fec.n_lanes, 1);
	assert_true(got.links[0].xcvr.temp_c == want.links[0].xcvr.temp_c);
	assert_int_equal(got.links[0].xcvr.n_flags, 1);
	assert_int_equal(got.links[0].health.n_reporters, 1);
	rs_snapshot_free(&want);
	rs_snapshot_free(&got);
}

static void test_round_trip(void **state)
{
	struct rs_recording r;
	unsigned qrecs;
	size_t len;
	char err[256];
	unsigned char *file = record(&len, &qrecs);

	assert_int_equal(qrecs, SAMPLES - 2);	/* samples 3 and 4 changed nothing */
	assert_int_equal(rs_rec_load_mem(&r, file, len, err, sizeof(err)), 0);
	assert_int_equal(r.n_samples, SAMPLES);
	assert_int_equal(r.n_hosts, 1);		/* PSNs and FEC never rewrote the host */
	assert_int_equal(r.n_qrecs, SAMPLES - 2);
	for (size_t k = 0; k < SAMPLES; k++)
		check_sample(&r, k);
	for (size_t k = SAMPLES; k-- > 0;)	/* seeking back gives the same */
		check_sample(&r, k);
	rs_rec_free(&r);
	free(file);
}

/* Cut anywhere: every sample loaded has its QPs; changed bytes: no crash,
 * and the samples before the damage keep theirs. */
static void test_cut_and_damage(void **state)
{
	unsigned qrecs;
	size_t len;
	char err[256];
	unsigned char *file = record(&len, &qrecs);

	for (size_t cut = RS_REC_MAGIC_LEN; cut < len; cut++) {
		struct rs_recording r;

		if (rs_rec_load_mem(&r, file, cut, err, sizeof(err)))
			continue;
		for (size_t k = 0; k < r.n_samples; k++)
			if (r.n_qrecs && r.qrecs[r.n_qrecs - 1].sample >= k)
				check_sample(&r, k);
		rs_rec_free(&r);
	}
	for (size_t at = RS_REC_MAGIC_LEN; at < len; at++) {
		unsigned char *copy = rs_xmalloc(len);
		struct rs_recording r;
		struct rs_snapshot s;

		memcpy(copy, file, len);
		copy[at] ^= 0x5a;
		if (!rs_rec_load_mem(&r, copy, len, err, sizeof(err))) {
			for (size_t k = 0; k < r.n_samples; k++) {
				if (rs_rec_host_snapshot(&r, r.samples[k].host, &s, err, sizeof(err)))
					continue;
				rs_rec_apply_qps(&r, k, &s);
				rs_snapshot_free(&s);
			}
			rs_rec_free(&r);
		}
		free(copy);
	}
	free(file);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_cut_and_damage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
