/* SPDX-License-Identifier: MIT */
/*
 * rate.h - counter deltas and per-second rates between two readings.
 *
 * Survives 32-bit wrap (mlx5 hw_counters are 32-bit), a counter reset (the
 * driver reloaded, or a counter cleared), and a clock that did not advance
 * (rate unknown rather than a division by zero).
 */
#ifndef RS_RATE_H
#define RS_RATE_H

#include <stdint.h>

#include "snapshot.h"

enum rs_delta_kind {
	RS_DELTA_OK,		/* cur >= prev */
	RS_DELTA_WRAP32,	/* cur < prev, prev near 2^32: wrapped once */
	RS_DELTA_RESET,		/* cur < prev otherwise: counted from 0 */
};

/* Increase from prev to cur; *kind says how it was derived (may be NULL). */
uint64_t rs_counter_delta(uint64_t prev, uint64_t cur, enum rs_delta_kind *kind);

/*
 * Per-second rate of a counter between readings at prev_ns and cur_ns
 * (CLOCK_MONOTONIC).  Returns 0 and sets *rate, or -EAGAIN when the clock
 * did not advance (cur_ns <= prev_ns) and no rate can be given.
 */
int rs_counter_rate(uint64_t prev, uint64_t prev_ns, uint64_t cur, uint64_t cur_ns,
		    double *rate);

/*
 * What one unit of a port counter (ports/P/counters/) is worth in the unit
 * it is reported in: port_xmit_data and port_rcv_data count 4-byte words,
 * so 4; else 1.  From the counter table (counter_groups.h).
 */
unsigned rs_counter_scale(const char *name);

#endif
