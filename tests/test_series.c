/* SPDX-License-Identifier: MIT */
/*
 * test_series.c - the counter series (src/model/series.h) the console, the
 * counters command and the checks share: classification and scaling from
 * the counter table, rates from the readings' own timestamps, a 32-bit
 * wrap, the clock that did not advance, the baseline reset, the history
 * ring, a set whose owner vanished, and a counter list that changes order.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "model/series.h"
#include "snapshot.h"
#include "util.h"

#define SEC 1000000000ULL

static struct rs_snapshot snap;
static struct rs_series series;

static struct rs_port *make_host(void)
{
	struct rs_device *d;
	struct rs_port *p;
	struct rs_link *l;

	rs_snapshot_init(&snap);
	d = RS_APPEND(snap.devices, snap.n_devices);
	RS_STRCPY(d->name, "mlx5_0");
	d->present = 1;
	p = RS_APPEND(d->ports, d->n_ports);
	p->num = 1;
	RS_STRCPY(p->netdev, "eth0");
	rs_counter_set_add(&p->counters, "symbol_error", 0);
	rs_counter_set_add(&p->counters, "port_xmit_data", 1000);
	rs_counter_set_add(&p->hw_counters, "out_of_sequence", 4294967290ULL);
	p->counters.ts_ns = p->hw_counters.ts_ns = 10 * SEC;
	l = RS_APPEND(snap.links, snap.n_links);
	RS_STRCPY(l->name, "eth0");
	rs_counter_set_add(&l->ethtool, "rx0_packets", 5);
	rs_counter_set_add(&l->ethtool, "rx_pause_ctrl_phy", 7);
	rs_counter_set_add(&l->stats, "tx_bytes", 100);
	l->ethtool.ts_ns = l->stats.ts_ns = 10 * SEC;
	return p;
}

static const struct rs_series_ctr *find(const char *object, enum rs_corigin o,
					const char *name)
{
	const struct rs_series_set *set = o == RS_CO_PORT || o == RS_CO_HW ?
		rs_series_port_set(&series, object, 1, o) : rs_series_netdev_set(&series, object, o);

	for (size_t i = 0; set && i < set->n; i++)
		if (!strcmp(set->ctrs[i].name, name))
			return &set->ctrs[i];
	return NULL;
}

static void advance(struct rs_port *p, uint64_t ns)
{
	p->counters.ts_ns += ns;
	p->hw_counters.ts_ns += ns;
	snap.links[0].ethtool.ts_ns += ns;
	snap.links[0].stats.ts_ns += ns;
}

static void done(void)
{
	rs_series_free(&series);
	rs_snapshot_free(&snap);
}

/* Groups and units come from the counter table; unknown ethtool names have
 * no class (the console does not show them), unknown *_bytes are bytes. */
static void test_grouping(void **state)
{
	make_host();
	rs_series_init(&series, 8);
	rs_series_update(&series, &snap);
	assert_int_equal(series.n_sets, 4);	/* counters, hw_counters, stats, ethtool */
	assert_int_equal(find("mlx5_0", RS_CO_PORT, "port_xmit_data")->cls->group, RS_CG_TRAFFIC);
	assert_int_equal(find("mlx5_0", RS_CO_HW, "out_of_sequence")->cls->group, RS_CG_ROCE_ERR);
	assert_int_equal(find("eth0", RS_CO_ETHTOOL, "rx_pause_ctrl_phy")->cls->group, RS_CG_PAUSE);
	/* symbol errors are the link's, not a drop */
	assert_int_equal(find("mlx5_0", RS_CO_PORT, "symbol_error")->cls->group, RS_CG_LINK);
	/* traffic, then RoCE errors, fatal QP errors and link errors, then pause,
	 * then drops: the order shown */
	assert_true(RS_CG_TRAFFIC < RS_CG_ROCE_ERR && RS_CG_ROCE_ERR < RS_CG_QP_FATAL &&
		    RS_CG_QP_FATAL < RS_CG_LINK && RS_CG_LINK < RS_CG_PAUSE &&
		    RS_CG_PAUSE < RS_CG_DROPS);
	assert_null(find("eth0", RS_CO_ETHTOOL, "rx0_packets")->cls);
	assert_null(find("eth0", RS_CO_ETHTOOL, "rx0_packets")->hist);	/* not shown: no ring */
	assert_int_equal(find("eth0", RS_CO_NETDEV, "tx_bytes")->cls->flags & RS_CF_BYTES,
			 RS_CF_BYTES);
	assert_int_equal(find("mlx5_0", RS_CO_PORT, "port_xmit_data")->scale, 4);
	assert_null(rs_series_port_set(&series, "mlx5_0", 2, RS_CO_PORT));
	done();
}

static void test_rates_wrap_reset(void **state)
{
	struct rs_port *p = make_host();
	const struct rs_series_ctr *xmit, *oos, *pause;

	rs_series_init(&series, 8);
	rs_series_update(&series, &snap);	/* first reading: no rate yet */
	xmit = find("mlx5_0", RS_CO_PORT, "port_xmit_data");
	oos = find("mlx5_0", RS_CO_HW, "out_of_sequence");
	pause = find("eth0", RS_CO_ETHTOOL, "rx_pause_ctrl_phy");
	assert_true(xmit->rate == 0);
	assert_false(xmit->has_rate);

	/* two seconds later: +500 words = 2000 bytes, 1000 B/s */
	p->counters.items[1].value += 500;
	/* the 32-bit hw counter wraps: 4294967290 -> 4, i.e. +10 */
	p->hw_counters.items[0].value = 4;
	snap.links[0].ethtool.items[1].value += 20;
	advance(p, 2 * SEC);
	rs_series_update(&series, &snap);
	assert_true(xmit->rate > 999.9 && xmit->rate < 1000.1);
	assert_int_equal(xmit->delta, 2000);
	assert_int_equal(xmit->total, 2000);
	assert_int_equal(oos->total, 10);
	assert_true(oos->rate > 4.99 && oos->rate < 5.01);
	assert_int_equal(pause->total, 20);
	assert_int_equal(series.hist_len, 2);

	/* same timestamp, same values (kernel cache): no change, rate 0 */
	rs_series_update(&series, &snap);
	assert_true(xmit->rate == 0);
	assert_false(xmit->has_rate);
	assert_int_equal(xmit->total, 2000);

	/* the baseline reset clears totals and history, not the last reading */
	rs_series_reset(&series);
	assert_int_equal(xmit->total, 0);
	assert_int_equal(series.hist_len, 0);
	p->counters.items[1].value += 1;
	advance(p, SEC);
	rs_series_update(&series, &snap);
	assert_int_equal(xmit->total, 4);
	done();
}

/* The ring keeps the last hist_cap rates, oldest first. */
static void test_history(void **state)
{
	struct rs_port *p = make_host();
	const struct rs_series_ctr *xmit;

	rs_series_init(&series, 3);
	rs_series_update(&series, &snap);
	xmit = find("mlx5_0", RS_CO_PORT, "port_xmit_data");
	for (int i = 1; i <= 4; i++) {
		p->counters.items[1].value += (uint64_t)i;	/* i words: 4i B/s */
		advance(p, SEC);
		rs_series_update(&series, &snap);
	}
	assert_int_equal(series.hist_len, 3);
	assert_true(rs_series_sample(&series, xmit, 0) == 8.0f);
	assert_true(rs_series_sample(&series, xmit, 1) == 12.0f);
	assert_true(rs_series_sample(&series, xmit, 2) == 16.0f);
	assert_true(rs_series_sample(&series, xmit, 3) == 0.0f);	/* past the end */
	done();
}

/* The netdev vanished: its counters no longer move, totals are kept; when
 * it comes back the series goes on from its last values by name. */
static void test_vanished_and_back(void **state)
{
	struct rs_port *p = make_host();
	const struct rs_series_ctr *pause;
	const struct rs_series_set *set;
	size_t n_links = snap.n_links;

	rs_series_init(&series, 4);
	rs_series_update(&series, &snap);
	snap.links[0].ethtool.items[1].value += 6;
	advance(p, SEC);
	rs_series_update(&series, &snap);
	pause = find("eth0", RS_CO_ETHTOOL, "rx_pause_ctrl_phy");
	assert_true(pause->rate > 5.99 && pause->rate < 6.01);

	snap.n_links = 0;	/* gone from the snapshot */
	advance(p, SEC);
	rs_series_update(&series, &snap);
	set = rs_series_netdev_set(&series, "eth0", RS_CO_ETHTOOL);
	assert_false(set->present);
	assert_true(pause->rate == 0);
	assert_int_equal(pause->total, 6);

	snap.n_links = n_links;
	snap.links[0].ethtool.items[1].value += 2;
	advance(p, SEC);
	rs_series_update(&series, &snap);
	assert_true(set->present);
	assert_int_equal(pause->total, 8);
	done();
}

/* A driver that adds a counter: the set realigns by name, state kept. */
static void test_counter_added(void **state)
{
	struct rs_port *p = make_host();
	const struct rs_series_ctr *oos;
	struct rs_counter keep;

	rs_series_init(&series, 4);
	rs_series_update(&series, &snap);
	/* a new counter in front of the old one */
	keep = p->hw_counters.items[0];
	p->hw_counters.items[0].value = 0;
	RS_STRCPY(p->hw_counters.items[0].name, "rp_cnp_handled");
	rs_counter_set_add(&p->hw_counters, keep.name, 4294967295ULL);
	advance(p, SEC);
	rs_series_update(&series, &snap);
	oos = find("mlx5_0", RS_CO_HW, "out_of_sequence");
	assert_int_equal(oos->total, 5);
	assert_true(oos->rate > 4.99 && oos->rate < 5.01);
	assert_non_null(find("mlx5_0", RS_CO_HW, "rp_cnp_handled"));
	assert_int_equal(find("mlx5_0", RS_CO_HW, "rp_cnp_handled")->total, 0);
	done();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grouping),
		cmocka_unit_test(test_rates_wrap_reset),
		cmocka_unit_test(test_history),
		cmocka_unit_test(test_vanished_and_back),
		cmocka_unit_test(test_counter_added),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
