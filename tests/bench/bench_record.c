/* SPDX-License-Identifier: MIT */
/*
 * bench_record.c - what recording costs, for `make bench-record`
 * (docs/recording.md).
 *
 *   bench_record ROOT SAMPLES MODE FILE
 *
 * Opens a session on ROOT (tests/bench/gen_root.sh: 16 ports), starts
 * recording to FILE and takes SAMPLES samples one second of reading time
 * apart.  MODE busy moves every traffic counter of every port and link by
 * a different amount each sample (as under a load test at ~10 GB/s a
 * port) and an error counter now and then; MODE idle moves nothing.  The
 * counters move in memory, so what is timed is the recorder alone
 * (rs_session_record_note: encode, findings, one write), in CPU time of
 * this thread; the reference, timed in the same run, is the session's own
 * refresh on the same root (reading 16 ports' sysfs, series, checks).
 * Then the file is loaded back (rs_rec_load_file) and sought to random
 * samples.  Prints figures, asserts nothing.
 */
#include "record/recording.h"
#include "session/record_job.h"
#include "session/session.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static uint64_t cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static uint64_t rng = 88172645463325252ULL;
static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void move_set(struct rs_counter_set *cs, int busy, unsigned long k)
{
	cs->ts_ns += 1000000000ULL + rnd() % 2000000;	/* 1 s, read with jitter */
	for (size_t i = 0; busy && i < cs->count; i++) {
		const char *n = cs->items[i].name;

		if (strstr(n, "data") || strstr(n, "bytes"))
			cs->items[i].value += 2400000000ULL + rnd() % 100000000;
		else if (strstr(n, "packets") || strstr(n, "requests"))
			cs->items[i].value += 2400000 + rnd() % 100000;
		else if (strstr(n, "cnp") || strstr(n, "ecn"))
			cs->items[i].value += rnd() % 50;
		else if (!strcmp(n, "out_of_sequence") && k % 60 == 0)
			cs->items[i].value += 1 + rnd() % 10;
	}
}

static void move(struct rs_snapshot *s, int busy, unsigned long k)
{
	for (size_t d = 0; d < s->n_devices; d++)
		for (size_t p = 0; p < s->devices[d].n_ports; p++) {
			move_set(&s->devices[d].ports[p].counters, busy, k);
			move_set(&s->devices[d].ports[p].hw_counters, busy, k);
		}
	for (size_t l = 0; l < s->n_links; l++) {
		move_set(&s->links[l].stats, busy, k);
		move_set(&s->links[l].ethtool, busy, k);
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void load_back(const char *path, unsigned long n)
{
	struct rs_recording r;
	struct rs_rec_cursor c;
	char err[RS_MSG_LEN];
	uint64_t t0 = cpu_ns(), t1, t2;

	if (rs_rec_load_file(&r, path, err, sizeof(err))) {
		fprintf(stderr, "bench_record: %s\n", err);
		exit(1);
	}
	t1 = cpu_ns();
	rs_rec_cursor_init(&c, &r);
	for (int i = 0; i < 100; i++)
		rs_rec_seek(&c, (size_t)(rnd() % n));
	t2 = cpu_ns();
	printf("load: %lu samples in %.1f ms; a seek to a random sample %.0f us\n",
	       (unsigned long)r.n_samples, (double)(t1 - t0) / 1e6, (double)(t2 - t1) / 100 / 1e3);
	rs_rec_cursor_free(&c);
	rs_rec_free(&r);
}

int main(int argc, char **argv)
{
	struct rs_session_opts o = { .scope = RS_SCOPE_ALL };
	struct rs_session s;
	char err[RS_MSG_LEN];
	unsigned long n;
	uint64_t *t, ref = 0, head;
	int busy;
	struct stat st;

	if (argc != 5) {
		fprintf(stderr, "usage: bench_record ROOT SAMPLES busy|idle FILE\n");
		return 2;
	}
	o.root = argv[1];
	n = strtoul(argv[2], NULL, 10);
	busy = !strcmp(argv[3], "busy");
	if (!n || rs_session_open(&s, &o, err, sizeof(err)) ||
	    rs_session_record_start(&s, argv[4], RS_REC_FORCE, err, sizeof(err))) {
		fprintf(stderr, "bench_record: %s\n", err);
		return 1;
	}
	head = (uint64_t)(stat(argv[4], &st) ? 0 : st.st_size);
	t = rs_xcalloc(n, sizeof(*t));
	for (unsigned long k = 0; k < n; k++) {
		uint64_t t0;

		move(&s.snap, busy, k);
		t0 = cpu_ns();
		rs_session_record_note(&s, RS_CHANGE_COUNTERS);
		t[k] = cpu_ns() - t0;
	}
	rs_session_record_stop(&s, err, sizeof(err));
	for (int i = 0; i < 20; i++) {	/* the reference: the session's refresh */
		uint64_t t0 = cpu_ns();

		rs_session_refresh(&s);
		ref += cpu_ns() - t0;
	}
	stat(argv[4], &st);
	qsort(t, n, sizeof(*t), cmp_u64);
	printf("%s, %zu ports: %lu samples, %lld bytes (%llu of them the start: host, schema)\n",
	       argv[3], s.snap.n_devices, n + 1, (long long)st.st_size, (unsigned long long)head);
	printf("%s: %.0f bytes per sample; at 1 sample/s %.2f MB per hour\n", argv[3],
	       (double)((uint64_t)st.st_size - head) / (double)n,
	       ((double)((uint64_t)st.st_size - head) / (double)n * 3600 + (double)head) / 1e6);
	printf("%s: recorder CPU per sample: median %.1f us, 90th %.1f us; the session's refresh "
	       "(read 16 ports, series, checks) %.0f us: ratio %.3f\n", argv[3],
	       (double)t[n / 2] / 1e3, (double)t[n * 9 / 10] / 1e3, (double)ref / 20 / 1e3,
	       (double)t[n / 2] / ((double)ref / 20));
	load_back(argv[4], n);
	free(t);
	rs_session_close(&s);
	return 0;
}
