/* SPDX-License-Identifier: MIT */
/* test_rate.c - counter deltas across wrap and reset, rates, word scaling. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>

#include "model/rate.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_delta_normal),
		cmocka_unit_test(test_delta_wrap32),
		cmocka_unit_test(test_delta_reset),
		cmocka_unit_test(test_rate),
		cmocka_unit_test(test_rate_clock),
		cmocka_unit_test(test_scale),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
