/* SPDX-License-Identifier: MIT */
/*
 * series.h - every counter of a snapshot followed across readings: the
 * previous value, the increase and the per-second rate over the last
 * interval, the total since a baseline, and (optionally) a ring of recent
 * rates for sparklines.  One model for the console and `rocescope
 * counters`, and the "previous reading" the checks see.
 *
 * Sets are the snapshot's counter sets, named by what owns them: a port's
 * counters/ and hw_counters/ ("mlx5_0" port 1), a link's statistics and
 * ethtool -S ("ens1f0np0").  An update matches sets and counters by name
 * (a cached position makes the common case a string compare per counter,
 * and a hash index of the sets by name finds the others), so a reload that
 * reorders devices or links does not mix them up, and finding a set costs
 * the same with 16 ports or 40,000.  Deltas go
 * through rs_counter_delta(): a 32-bit wrap or a reset is no spike.  Units
 * and scales come from the counter tables (counter_groups.h, the port's
 * driver table of counter_tables.h): port_xmit_data is reported in bytes,
 * its delta already multiplied by 4.
 */
#ifndef RS_SERIES_H
#define RS_SERIES_H

#include <stddef.h>
#include <stdint.h>

#include "model/counter_groups.h"
#include "model/counter_tables.h"
#include "model/name_index.h"
#include "snapshot.h"

struct rs_series_ctr {
	const struct rs_counter_class *cls;	/* NULL when the table does not know it */
	char name[RS_NAME_LEN];
	unsigned scale;
	int seen;		/* read at least once */
	uint64_t last;		/* raw value at the last reading */
	uint64_t last_ns;	/* its timestamp */
	uint64_t delta;		/* scaled increase over the last interval */
	int has_rate;		/* the last interval gave a rate (clock advanced) */
	double rate;		/* scaled per second over the last interval */
	uint64_t total;		/* scaled increase since the baseline */
	float *hist;		/* ring of rates (history on, counter classified), or NULL */
	const float *run;	/* a replay: the highest rate in each slice of the whole
				 * run (run_len of them; < 0: no sample there), or NULL */
};

struct rs_series_set {
	enum rs_corigin origin;
	char object[RS_NAME_LEN];	/* device name, or netdev name */
	unsigned port;			/* port number; 0 for a netdev's sets */
	int present;			/* found in the last update */
	const struct rs_ctr_table *table;	/* the port's driver table, NULL unknown
						 * (a netdev's sets: NULL) */
	struct rs_series_ctr *ctrs;
	size_t n;
};

struct rs_series {
	struct rs_series_set *sets;
	size_t n_sets;
	struct rs_nidx by_name;		/* sets by (origin, object, port) */
	unsigned hist_cap;		/* samples per ring, 0: no history */
	unsigned hist_head;		/* next slot to write */
	unsigned hist_len;		/* samples written since the baseline, <= hist_cap */
	unsigned long updates;		/* readings taken */
	unsigned run_len, run_at;	/* a replay: slices of the run, the current one's */
};

#define RS_SERIES_RUN_MAX 1024		/* the most slices a whole-run overview has */

void rs_series_init(struct rs_series *s, unsigned hist_cap);
void rs_series_free(struct rs_series *s);
/* Take a reading of every counter set of snap (the first is the baseline). */
void rs_series_update(struct rs_series *s, const struct rs_snapshot *snap);
/* A new baseline: totals and history start again from the next reading. */
void rs_series_reset(struct rs_series *s);

/* The set of a port (RS_CO_PORT, RS_CO_HW) or a netdev (RS_CO_ETHTOOL,
 * RS_CO_NETDEV), or NULL. */
const struct rs_series_set *rs_series_port_set(const struct rs_series *s, const char *dev,
					       unsigned port, enum rs_corigin origin);
const struct rs_series_set *rs_series_netdev_set(const struct rs_series *s,
						 const char *netdev, enum rs_corigin origin);
/* The i-th sample of c's ring, oldest first (i < s->hist_len). */
float rs_series_sample(const struct rs_series *s, const struct rs_series_ctr *c, unsigned i);

#endif
