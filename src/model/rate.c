/* SPDX-License-Identifier: MIT */
/*
 * rate.c - counter deltas and per-second rates between two readings.
 *
 * The console shows rates of sysfs counters read a second apart, so this is
 * where "the counter went down" must be told apart from "the counter
 * wrapped".  mlx5 hw_counters (and some older port counters) are 32-bit
 * registers exposed as 64-bit sysfs values: after 0xffffffff comes 0.  A
 * driver reload or a `rdma statistic` reset also makes a counter go down,
 * and then the new value is all that was counted since.  The rules, and why
 * they are safe, are in docs/counters-rate.md.
 */
#include "model/rate.h"
#include "model/counter_groups.h"

#include <errno.h>
#include <string.h>

#define RS_2P31 0x80000000ull
#define RS_2P32 0x100000000ull

/*
 * A decrease is taken as a single 32-bit wrap only when the previous value
 * could have been a 32-bit register close enough to its end: prev in
 * [2^31, 2^32 - 1].  A wrap from prev >= 2^31 means at most 2^31 units were
 * lost to the wrap window, the same ambiguity every 32-bit counter tool
 * accepts at a sane polling interval.  Below 2^31, or above 2^32 - 1 (a
 * genuine 64-bit counter cannot wrap in practice), a decrease is a reset: the
 * counter restarted at 0 and counted cur since.
 */
uint64_t rs_counter_delta(uint64_t prev, uint64_t cur, enum rs_delta_kind *kind)
{
	enum rs_delta_kind k;
	uint64_t d;

	if (cur >= prev) {
		k = RS_DELTA_OK;
		d = cur - prev;
	} else if (prev >= RS_2P31 && prev < RS_2P32) {
		k = RS_DELTA_WRAP32;
		/* cur < prev < 2^32, so this neither overflows nor underflows. */
		d = cur + RS_2P32 - prev;
	} else {
		k = RS_DELTA_RESET;
		d = cur;
	}
	if (kind)
		*kind = k;
	return d;
}

/*
 * The clock is CLOCK_MONOTONIC, so cur_ns < prev_ns only happens when the
 * readings were swapped or come from different boots (a loaded snapshot
 * against a live one); cur_ns == prev_ns when two refreshes fell in the same
 * tick.  Either way a rate would be a lie or a division by zero: -EAGAIN,
 * and the caller shows "-" until the next reading.
 */
int rs_counter_rate(uint64_t prev, uint64_t prev_ns, uint64_t cur, uint64_t cur_ns,
		    double *rate)
{
	uint64_t d;

	if (cur_ns <= prev_ns)
		return -EAGAIN;
	d = rs_counter_delta(prev, cur, NULL);
	*rate = (double)d * 1e9 / (double)(cur_ns - prev_ns);
	return 0;
}

/* The counter table knows which port counters count 4-byte words. */
unsigned rs_counter_scale(const char *name)
{
	if (!name)
		return 1;
	return rs_counter_class_scale(rs_counter_classify(RS_CO_PORT, name));
}
