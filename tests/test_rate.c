/* SPDX-License-Identifier: MIT */
/* test_rate.c - counter deltas across wrap and reset, rates, word scaling,
 * and rates for people in Gb/s and pps (model/units.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>

#include "model/counter_groups.h"
#include "model/rate.h"
#include "model/units.h"

#include <string.h>

static void test_delta_normal(void **state)
{
	enum rs_delta_kind k = RS_DELTA_RESET;

	assert_int_equal(rs_counter_delta(100, 250, &k), 150);
	assert_int_equal(k, RS_DELTA_OK);
	assert_int_equal(rs_counter_delta(7, 7, &k), 0);
	assert_int_equal(k, RS_DELTA_OK);
	/* 64-bit counters far past 2^32 are just subtracted. */
	assert_true(rs_counter_delta(0x1ffffffffull, 0x200000010ull, &k) == 0x11);
	assert_int_equal(k, RS_DELTA_OK);
	assert_true(rs_counter_delta(0, UINT64_MAX, NULL) == UINT64_MAX);
}

static void test_delta_wrap32(void **state)
{
	enum rs_delta_kind k;

	/* Exactly at the edge: 0xffffffff -> 0 is one step. */
	assert_true(rs_counter_delta(0xffffffffull, 0, &k) == 1);
	assert_int_equal(k, RS_DELTA_WRAP32);
	assert_true(rs_counter_delta(0xfffffff0ull, 0x10, &k) == 0x20);
	assert_int_equal(k, RS_DELTA_WRAP32);
	/* prev = 2^31 is the lowest value still taken as a wrap. */
	assert_true(rs_counter_delta(0x80000000ull, 5, &k) == 0x80000005ull);
	assert_int_equal(k, RS_DELTA_WRAP32);
}

static void test_delta_reset(void **state)
{
	enum rs_delta_kind k;

	/* Below 2^31: a reset, the new value is all that was counted. */
	assert_true(rs_counter_delta(0x7fffffffull, 5, &k) == 5);
	assert_int_equal(k, RS_DELTA_RESET);
	assert_true(rs_counter_delta(1000, 3, &k) == 3);
	assert_int_equal(k, RS_DELTA_RESET);
	/* Above 2^32 - 1 the counter is 64-bit: a decrease is a reset. */
	assert_true(rs_counter_delta(0x100000000ull, 0, &k) == 0);
	assert_int_equal(k, RS_DELTA_RESET);
	assert_true(rs_counter_delta(UINT64_MAX, 42, &k) == 42);
	assert_int_equal(k, RS_DELTA_RESET);
	assert_true(rs_counter_delta(5, 0, NULL) == 0);
}

static void test_rate(void **state)
{
	double r = -1;

	assert_int_equal(rs_counter_rate(1000, 1000000000ull, 3000, 3000000000ull, &r), 0);
	assert_true(r == 1000.0);
	assert_int_equal(rs_counter_rate(0xffffffffull, 0, 99, 500000000ull, &r), 0);
	assert_true(r == 200.0);	/* wrapped: 100 in half a second */
	assert_int_equal(rs_counter_rate(10, 0, 10, 1, &r), 0);
	assert_true(r == 0.0);
}

static void test_rate_clock(void **state)
{
	double r = 123.0;

	/* Stuck clock: no rate, and *rate untouched. */
	assert_int_equal(rs_counter_rate(1, 5000, 2, 5000, &r), -EAGAIN);
	assert_true(r == 123.0);
	/* Clock going backwards. */
	assert_int_equal(rs_counter_rate(1, 5000, 2, 4999, &r), -EAGAIN);
	assert_int_equal(rs_counter_rate(1, UINT64_MAX, 2, 0, &r), -EAGAIN);
	assert_true(r == 123.0);
}

static void test_scale(void **state)
{
	assert_int_equal(rs_counter_scale("port_xmit_data"), 4);
	assert_int_equal(rs_counter_scale("port_rcv_data"), 4);
	assert_int_equal(rs_counter_scale("port_xmit_packets"), 1);
	assert_int_equal(rs_counter_scale("rx_bytes"), 1);
	assert_int_equal(rs_counter_scale("port_xmit_data_64"), 1);
	assert_int_equal(rs_counter_scale(""), 1);
	assert_int_equal(rs_counter_scale(NULL), 1);
}

/* Data in bits per second, SI: what a "100G" port is sold as. */
static void test_units(void **state)
{
	static const struct {
		double rate;
		enum rs_rate_unit u;
		int short_form;
		const char *want;
	} cases[] = {
		{ 3680000000.0, RS_RU_BITS, 0, "29.44 Gb/s" },
		{ 12.5e9, RS_RU_BITS, 0, "100.00 Gb/s" },
		{ 1500.0, RS_RU_BITS, 0, "12.00 kb/s" },
		{ 0.0, RS_RU_BITS, 0, "0.00 b/s" },
		{ 897500.0, RS_RU_PACKETS, 0, "897.50 kpps" },
		{ 150000.0, RS_RU_EVENTS, 0, "150000.00 /s" },
		/* 999.999 Gb/s would print as 1000.00 Gb/s: it steps up instead */
		{ 999.999e9 / 8, RS_RU_BITS, 0, "1.00 Tb/s" },
		{ 4.1e9, RS_RU_BITS, 1, "32.8 Gb/s" },
		{ 4e9, RS_RU_BITS, 1, "32.0 Gb/s" },
		{ 0, RS_RU_PACKETS, 1, "0 pps" },
		{ 150000.0, RS_RU_EVENTS, 1, "150.0 k/s" },
		{ 3.0, RS_RU_EVENTS, 1, "3 /s" },
	};
	const struct rs_counter_class *xmit = rs_counter_classify(RS_CO_PORT, "port_xmit_data");
	char buf[32];

	assert_int_equal(rs_rate_unit_of(xmit, "port_xmit_data"), RS_RU_BITS);
	assert_int_equal(rs_rate_unit_of(rs_counter_classify(RS_CO_PORT, "port_xmit_packets"),
					 "port_xmit_packets"), RS_RU_PACKETS);
	assert_int_equal(rs_rate_unit_of(NULL, "sent_pkts"), RS_RU_PACKETS);
	assert_int_equal(rs_rate_unit_of(NULL, "out_of_sequence"), RS_RU_EVENTS);
	assert_string_equal(rs_rate_unit_name(RS_RU_BITS), "bytes");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (cases[i].short_form)
			rs_fmt_rate_short(buf, sizeof(buf), cases[i].rate, cases[i].u);
		else
			rs_fmt_rate(buf, sizeof(buf), cases[i].rate, cases[i].u);
		assert_string_equal(buf, cases[i].want);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_delta_normal),
		cmocka_unit_test(test_delta_wrap32),
		cmocka_unit_test(test_delta_reset),
		cmocka_unit_test(test_rate),
		cmocka_unit_test(test_rate_clock),
		cmocka_unit_test(test_scale),
		cmocka_unit_test(test_units),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
