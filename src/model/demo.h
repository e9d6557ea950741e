/* SPDX-License-Identifier: MIT */
/*
 * demo.h - the bundled demo host (profiles/demo/host.yaml, embedded at build
 * time) and how its counters move.
 *
 * rs_demo_advance() is deterministic: tick N always adds the same amounts
 * and moves every counter timestamp by exactly one second of fake time, so
 * the rates a view shows for the demo are exact and tests assert them.
 * The session's demo ticks last its interval (rs_demo_tick): the same
 * rates, and times that match the clock.
 */
#ifndef RS_DEMO_H
#define RS_DEMO_H

#include <stddef.h>
#include <stdint.h>

#include "snapshot.h"

/* The demo YAML text, generated from profiles/demo/host.yaml. */
extern const char rs_demo_host_yaml[];
extern const size_t rs_demo_host_yaml_len;

/*
 * The demo's capture: a real Soft-RoCE capture (an rdma_cm connection,
 * SENDs and WRITEs) that the console's Capture pane replays in a loop,
 * generated from tests/fixtures/pcaps/linlinw5-rdma_ib_tutorial/rdma_cm.pcap
 * (CC BY-SA 4.0; installed with its licence under $(pkgdatadir)/demo).
 */
extern const unsigned char rs_demo_pcap[];
extern const size_t rs_demo_pcap_len;
extern const char rs_demo_pcap_name[];		/* "rdma_cm.pcap" */
extern const char rs_demo_pcap_credit[];	/* its source and licence, one line */
/* The demo's embedded tests: runs recorded in the Soft-RoCE lab, as
 * "SECONDS JSON-LINE" lines (session/perf_job.h), NUL-terminated. */
extern const char rs_demo_test_bw[];
extern const char rs_demo_test_lat[];

#define RS_DEMO_TICK_NS 1000000000ULL	/* one tick = one second of fake time */

/*
 * Apply tick number `tick` (1, 2, ...) to a snapshot loaded from the demo
 * YAML: traffic on mlx5_0/ens1f0np0, errors and pause frames on
 * mlx5_1/ens1f1np1.  Objects missing from s are skipped.
 */
void rs_demo_advance(struct rs_snapshot *s, unsigned long tick);
/* The queue pairs' PSNs and counters and the links' FEC (demo_nic.c),
 * moved from the demo's time from_ms to to_ms (since the YAML's readings);
 * rs_demo_advance(), rs_demo_tick() and rs_demo_apply() call it. */
void rs_demo_move_nic(struct rs_snapshot *s, uint64_t from_ms, uint64_t to_ms);

/*
 * Where the session's demo is: its time since the YAML's readings and
 * what the ticks added to each moving counter (what a reload puts back),
 * with the part of a count not added yet (count x ms).
 */
#define RS_DEMO_MAX_FLOWS 64
struct rs_demo_clock {
	uint64_t ns;
	uint64_t added[RS_DEMO_MAX_FLOWS];
	uint32_t rem[RS_DEMO_MAX_FLOWS];
};
void rs_demo_clock_init(struct rs_demo_clock *c);
/* Tick `tick` lasting dt_ms: each counter adds its per-second amount of
 * that tick times dt_ms / 1000 (fractions carried), every reading time
 * moves by dt_ms. */
void rs_demo_tick(struct rs_demo_clock *c, struct rs_snapshot *s, unsigned long tick,
		  unsigned dt_ms);
/* A snapshot freshly loaded from the demo YAML moved to where c is. */
void rs_demo_apply(const struct rs_demo_clock *c, struct rs_snapshot *s);

/*
 * What tick `tick` adds to one counter (0 when the demo does not move it).
 * object is a device name for port counters ("counters"/"hw_counters" of
 * port 1) or a netdev for "stats"/"ethtool".  Tests use it as the oracle.
 */
uint64_t rs_demo_increment(const char *object, const char *set, const char *counter,
			   unsigned long tick);

#endif
