/* SPDX-License-Identifier: MIT */
/*
 * stats.c - the arithmetic of the tests, pure: latency statistics from the
 * round-trip samples, device clock cycles to nanoseconds, Gb/s.
 *
 * Percentiles are nearest-rank on the sorted samples (the value at rank
 * ceil(p * n)), so p99 of 100 samples is the 99th smallest and p99.9 of
 * fewer than 1000 samples is the maximum: no interpolation invents a
 * latency nobody saw.
 */
#include "perf/engine.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static uint64_t rank(const uint64_t *v, size_t n, double p)
{
	size_t r = (size_t)ceil(p * (double)n);

	if (r < 1)
		r = 1;
	if (r > n)
		r = n;
	return v[r - 1];
}

/* One-way (half the round trip) in microseconds. */
static double ow_us(uint64_t rtt_ns)
{
	return (double)rtt_ns / 2000.0;
}

static unsigned bucket_of(double us)
{
	unsigned b = 0;

	while (us >= 1.0 && b < RS_PERF_HIST_BUCKETS - 1) {
		us /= 2;
		b++;
	}
	return b;
}

void rs_perf_lat_stats(uint64_t *rtt_ns, size_t n, struct rs_perf_lat_result *r)
{
	double sum = 0, sq = 0, avg;

	memset(r->hist, 0, sizeof(r->hist));
	r->iterations = n;
	r->t_min_us = r->t_median_us = r->t_avg_us = r->t_p99_us = 0;
	r->t_p999_us = r->t_max_us = r->t_stdev_us = 0;
	if (!n)
		return;
	qsort(rtt_ns, n, sizeof(*rtt_ns), cmp_u64);
	for (size_t i = 0; i < n; i++) {
		sum += ow_us(rtt_ns[i]);
		r->hist[bucket_of(ow_us(rtt_ns[i]))]++;
	}
	avg = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		sq += (ow_us(rtt_ns[i]) - avg) * (ow_us(rtt_ns[i]) - avg);
	r->t_min_us = ow_us(rtt_ns[0]);
	r->t_max_us = ow_us(rtt_ns[n - 1]);
	r->t_median_us = ow_us(rank(rtt_ns, n, 0.5));
	r->t_p99_us = ow_us(rank(rtt_ns, n, 0.99));
	r->t_p999_us = ow_us(rank(rtt_ns, n, 0.999));
	r->t_avg_us = avg;
	r->t_stdev_us = sqrt(sq / (double)n);
}

uint64_t rs_perf_cycles_delta(uint64_t prev, uint64_t cur, uint64_t mask)
{
	if (!mask)
		mask = UINT64_MAX;
	prev &= mask;
	cur &= mask;
	if (cur >= prev)
		return cur - prev;
	return mask - prev + cur + 1;	/* the device clock wrapped once */
}

double rs_perf_cycles_to_ns(uint64_t cycles, uint64_t khz)
{
	return khz ? (double)cycles * 1e6 / (double)khz : 0;
}

double rs_perf_gbps(uint64_t bytes, uint64_t ns)
{
	return ns ? (double)bytes * 8.0 / (double)ns : 0;
}
