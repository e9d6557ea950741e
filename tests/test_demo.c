/* SPDX-License-Identifier: MIT */
/*
 * test_demo.c - the demo host's counter progression: exact, deterministic
 * increments, one second of fake time per tick (the session's ticks: the
 * interval, fractions carried, a reload put back), and objects the snapshot
 * lacks skipped without harm.  (The full demo YAML is exercised through
 * the CLI in test_cli.sh.)
 */
#include "model/demo.h"
#include "snapshot.h"
#include "util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#define T0 1000000000000ULL

static void make_demo_like(struct rs_snapshot *s)
{
	struct rs_device *d;
	struct rs_port *p;
	struct rs_link *l;

	rs_snapshot_init(s);
	d = RS_APPEND(s->devices, s->n_devices);
	RS_STRCPY(d->name, "mlx5_0");
	p = RS_APPEND(d->ports, d->n_ports);
	p->num = 1;
	rs_counter_set_add(&p->counters, "port_xmit_data", 100);
	rs_counter_set_add(&p->counters, "symbol_error", 0);
	p->counters.ts_ns = T0;
	p->hw_counters.ts_ns = T0;
	d = RS_APPEND(s->devices, s->n_devices);
	RS_STRCPY(d->name, "mlx5_1");
	p = RS_APPEND(d->ports, d->n_ports);
	p->num = 1;
	rs_counter_set_add(&p->hw_counters, "out_of_sequence", 41233);
	rs_counter_set_add(&p->hw_counters, "local_ack_timeout_err", 7);
	p->hw_counters.ts_ns = T0;
	l = RS_APPEND(s->links, s->n_links);
	RS_STRCPY(l->name, "ens1f1np1");
	rs_counter_set_add(&l->ethtool, "rx_pause_ctrl_phy", 0);
	rs_counter_set_add(&l->stats, "rx_dropped", 0);
	l->ethtool.ts_ns = T0;
	l->stats.ts_ns = T0;
}

static void test_exact_increments(void **state)
{
	struct rs_snapshot s;
	struct rs_port *p0, *p1;

	(void)state;
	make_demo_like(&s);
	p0 = &s.devices[0].ports[0];
	p1 = &s.devices[1].ports[0];
	rs_demo_advance(&s, 1);
	/* 4.1 GB/s of 4-byte words on tick 1, a flat symbol_error. */
	assert_int_equal(p0->counters.items[0].value, 100 + 1025000000ULL);
	assert_int_equal(p0->counters.items[1].value, 0);
	assert_int_equal(p1->hw_counters.items[0].value, 41233 + 3);
	assert_int_equal(p1->hw_counters.items[1].value, 7 + 1);
	assert_int_equal(s.links[0].ethtool.items[0].value, 1240);
	rs_demo_advance(&s, 2);
	assert_int_equal(p0->counters.items[0].value, 100 + 1025000000ULL + 1050000000ULL);
	assert_int_equal(s.links[0].ethtool.items[0].value, 1240 + 1280);
	rs_snapshot_free(&s);
}

static void test_fake_clock(void **state)
{
	struct rs_snapshot s;

	(void)state;
	make_demo_like(&s);
	for (unsigned long t = 1; t <= 5; t++)
		rs_demo_advance(&s, t);
	assert_int_equal(s.devices[0].ports[0].counters.ts_ns, T0 + 5 * RS_DEMO_TICK_NS);
	assert_int_equal(s.devices[1].ports[0].hw_counters.ts_ns, T0 + 5 * RS_DEMO_TICK_NS);
	assert_int_equal(s.links[0].stats.ts_ns, T0 + 5 * RS_DEMO_TICK_NS);
	/* rx_dropped moves on every 5th tick only. */
	assert_int_equal(s.links[0].stats.items[0].value, 1);
	rs_snapshot_free(&s);
}

/*
 * A tick lasts the interval: five ticks of 0.2 s move the clock 1 s and
 * add a fifth of each per-second amount, the fractions carried (3 errors a
 * second are 0, 1, 0, 1, 1 in 0.2 s steps: 3 in the second); a reload's
 * fresh snapshot gets back exactly what the ticks added.
 */
static void test_tick_of_interval(void **state)
{
	struct rs_demo_clock c;
	struct rs_snapshot s, fresh;
	uint64_t xmit = 0;

	(void)state;
	make_demo_like(&s);
	rs_demo_clock_init(&c);
	for (unsigned long t = 1; t <= 5; t++) {
		rs_demo_tick(&c, &s, t, 200);
		xmit += rs_demo_increment("mlx5_0", "counters", "port_xmit_data", t) / 5;
	}
	assert_int_equal(s.devices[0].ports[0].counters.ts_ns, T0 + RS_DEMO_TICK_NS);
	assert_int_equal(s.links[0].stats.ts_ns, T0 + RS_DEMO_TICK_NS);
	assert_int_equal(s.devices[0].ports[0].counters.items[0].value, 100 + xmit);
	assert_int_equal(s.devices[1].ports[0].hw_counters.items[0].value, 41233 + 3);
	assert_int_equal(s.devices[1].ports[0].hw_counters.items[1].value, 7 + 1);
	make_demo_like(&fresh);
	rs_demo_apply(&c, &fresh);
	assert_int_equal(fresh.devices[0].ports[0].counters.items[0].value,
			 s.devices[0].ports[0].counters.items[0].value);
	assert_int_equal(fresh.devices[1].ports[0].hw_counters.items[0].value, 41233 + 3);
	assert_int_equal(fresh.links[0].ethtool.ts_ns, s.links[0].ethtool.ts_ns);
	rs_snapshot_free(&fresh);
	rs_snapshot_free(&s);
}

static void test_deterministic_wave(void **state)
{
	struct rs_snapshot a, b;

	(void)state;
	make_demo_like(&a);
	make_demo_like(&b);
	for (unsigned long t = 1; t <= 100; t++) {
		rs_demo_advance(&a, t);
		rs_demo_advance(&b, t);
	}
	assert_int_equal(a.devices[0].ports[0].counters.items[0].value,
			 b.devices[0].ports[0].counters.items[0].value);
	/* The swell: peak at tick 20, back to base at tick 40. */
	assert_int_equal(rs_demo_increment("mlx5_0", "counters", "port_xmit_data", 20),
			 1000000000ULL + 20 * 25000000ULL);
	assert_int_equal(rs_demo_increment("mlx5_0", "counters", "port_xmit_data", 40),
			 1000000000ULL);
	assert_int_equal(rs_demo_increment("mlx5_0", "counters", "port_xmit_data", 21),
			 rs_demo_increment("mlx5_0", "counters", "port_xmit_data", 19));
	assert_int_equal(rs_demo_increment("mlx5_0", "counters", "no_such_counter", 3), 0);
	rs_snapshot_free(&a);
	rs_snapshot_free(&b);
}

static void test_empty_snapshot(void **state)
{
	struct rs_snapshot s;

	(void)state;
	rs_snapshot_init(&s);
	rs_demo_advance(&s, 1);	/* nothing to move, nothing to crash on */
	assert_int_equal(s.n_devices, 0);
	rs_snapshot_free(&s);
}

static void test_embedded_yaml(void **state)
{
	(void)state;
	/* The generated literal is the whole file, byte for byte in length. */
	assert_true(rs_demo_host_yaml_len > 1000);
	assert_int_equal(strlen(rs_demo_host_yaml), rs_demo_host_yaml_len);
	assert_non_null(strstr(rs_demo_host_yaml, "hostname: demo-roce-01"));
	assert_non_null(strstr(rs_demo_host_yaml, "\"RoCE v2\""));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact_increments),
		cmocka_unit_test(test_fake_clock),
		cmocka_unit_test(test_tick_of_interval),
		cmocka_unit_test(test_deterministic_wave),
		cmocka_unit_test(test_empty_snapshot),
		cmocka_unit_test(test_embedded_yaml),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
