/* SPDX-License-Identifier: MIT */
/* test_counter_groups.c - the counter grouping table and its name patterns. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "model/counter_groups.h"

static void test_match(void **state)
{
	assert_true(rs_counter_name_match("rx_prio#_pause", "rx_prio3_pause"));
	assert_true(rs_counter_name_match("rx_prio#_pause", "rx_prio12_pause"));
	assert_false(rs_counter_name_match("rx_prio#_pause", "rx_prio_pause"));
	assert_false(rs_counter_name_match("rx_prio#_pause", "rx_prio3_pause_duration"));
	assert_false(rs_counter_name_match("rx_prio#_pause", "rx_prioX_pause"));
	assert_true(rs_counter_name_match("np_cnp_sent", "np_cnp_sent"));
	assert_false(rs_counter_name_match("np_cnp_sent", "np_cnp_sen"));
}

static void expect(enum rs_corigin o, const char *name, enum rs_cgroup g, unsigned flags)
{
	const struct rs_counter_class *c = rs_counter_classify(o, name);

	assert_non_null(c);
	assert_int_equal(c->group, g);
	assert_int_equal(c->flags, flags);
	assert_int_equal(c->origin, o);
}

static void test_groups(void **state)
{
	expect(RS_CO_PORT, "port_xmit_data", RS_CG_TRAFFIC, RS_CF_BYTES);
	expect(RS_CO_PORT, "port_rcv_data", RS_CG_TRAFFIC, RS_CF_BYTES);
	expect(RS_CO_HW, "out_of_sequence", RS_CG_ROCE_ERR, RS_CF_ERROR);
	expect(RS_CO_HW, "local_ack_timeout_err", RS_CG_ROCE_ERR, RS_CF_ERROR);
	expect(RS_CO_HW, "completer_retry_err", RS_CG_ROCE_ERR, RS_CF_ERROR | RS_CF_NOISY);
	expect(RS_CO_HW, "rcvd_seq_err", RS_CG_ROCE_ERR, RS_CF_ERROR);
	expect(RS_CO_HW, "np_cnp_sent", RS_CG_CONGESTION, 0);
	expect(RS_CO_HW, "rp_cnp_handled", RS_CG_CONGESTION, 0);
	expect(RS_CO_ETHTOOL, "rx_pause_ctrl_phy", RS_CG_PAUSE, 0);
	expect(RS_CO_ETHTOOL, "tx_prio3_pause", RS_CG_PAUSE, 0);
	expect(RS_CO_ETHTOOL, "rx_discards_phy", RS_CG_DROPS, RS_CF_ERROR);
	expect(RS_CO_ETHTOOL, "outbound_pci_stalled_rd", RS_CG_PCIE, RS_CF_ERROR);
	expect(RS_CO_HW, "rcvd_pkts", RS_CG_TRAFFIC, 0);
}

/*
 * Fatal QP errors and link errors have groups that say so: the
 * retries-exceeded pair is an error, not one of the "Other RDMA counters",
 * and symbol errors and link flaps are the link's, not "Drops and buffers".
 */
static void test_fatal_and_link(void **state)
{
	static const char *const fatal[] = {
		"req_cqe_error", "resp_cqe_error", "req_transport_retries_exceeded",
		"req_rnr_retries_exceeded", "req_remote_access_errors", "resp_local_length_error",
		"req_cqe_flush_error", "retry_exceeded_err", "retry_rnr_exceeded_err",
	};

	for (size_t i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++)
		expect(RS_CO_HW, fatal[i], RS_CG_QP_FATAL, RS_CF_ERROR);
	expect(RS_CO_PORT, "symbol_error", RS_CG_LINK, RS_CF_ERROR);
	expect(RS_CO_PORT, "link_downed", RS_CG_LINK, RS_CF_ERROR);
	expect(RS_CO_PORT, "link_error_recovery", RS_CG_LINK, RS_CF_ERROR);
	expect(RS_CO_HW, "link_downed", RS_CG_LINK, RS_CF_ERROR);
	expect(RS_CO_ETHTOOL, "rx_crc_errors_phy", RS_CG_LINK, RS_CF_ERROR);
	expect(RS_CO_ETHTOOL, "link_down_events_phy", RS_CG_LINK, RS_CF_ERROR);
	/* retransmissions the QP survives stay RoCE errors; buffers stay drops */
	expect(RS_CO_HW, "rnr_nak_retry_err", RS_CG_ROCE_ERR, RS_CF_ERROR);
	expect(RS_CO_PORT, "port_xmit_discards", RS_CG_DROPS, RS_CF_ERROR);
	assert_string_equal(rs_cgroup_name(RS_CG_QP_FATAL), "Fatal QP errors (QP in error state)");
	assert_string_equal(rs_cgroup_name(RS_CG_LINK), "Link errors (cable, optics, flaps)");
}

/* The two out-of-buffer counters mean different things and stay apart. */
static void test_out_of_buffer_apart(void **state)
{
	const struct rs_counter_class *hw = rs_counter_classify(RS_CO_HW, "out_of_buffer");
	const struct rs_counter_class *et = rs_counter_classify(RS_CO_ETHTOOL, "rx_out_of_buffer");

	assert_non_null(hw);
	assert_non_null(et);
	assert_ptr_not_equal(hw, et);
	assert_int_equal(hw->origin, RS_CO_HW);
	assert_int_equal(et->origin, RS_CO_ETHTOOL);
	assert_null(strstr(hw->note, "ethtool"));
	assert_non_null(strstr(et->note, "ethtool"));
	/* and the names do not cross origins */
	assert_int_equal(rs_counter_classify(RS_CO_ETHTOOL, "out_of_buffer"), NULL);
}

static void test_unknown(void **state)
{
	/* ethtool has hundreds of per-queue counters: unknown ones are hidden */
	assert_null(rs_counter_classify(RS_CO_ETHTOOL, "rx0_packets"));
	/* RDMA counters nobody listed still show, as "other" */
	expect(RS_CO_HW, "some_new_counter", RS_CG_OTHER, 0);
	expect(RS_CO_PORT, "port_new_thing", RS_CG_OTHER, 0);
	/* lifespan is the cache period, not a counter */
	assert_null(rs_counter_classify(RS_CO_HW, "lifespan"));
}

static void test_names(void **state)
{
	for (int g = 0; g < RS_CG_COUNT; g++)
		assert_string_not_equal(rs_cgroup_name(g), "?");
	assert_string_equal(rs_cgroup_name(RS_CG_COUNT), "?");
	assert_string_equal(rs_corigin_name(RS_CO_HW), "hw_counters");
	assert_string_equal(rs_cgroup_name(RS_CG_PAUSE), "Pause and PFC");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_match),
		cmocka_unit_test(test_groups),
		cmocka_unit_test(test_fatal_and_link),
		cmocka_unit_test(test_out_of_buffer_apart),
		cmocka_unit_test(test_unknown),
		cmocka_unit_test(test_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
