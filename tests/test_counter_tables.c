/* SPDX-License-Identifier: MIT */
/*
 * test_counter_tables.c - the per-driver counter meaning tables
 * (profiles/counters/DRIVER.yaml, src/model/counter_tables.c): every shipped
 * table reads, names its sources, maps each generation's names (aliases)
 * to one meaning with its unit; a device finds its table by the PCI
 * driver or its default name; every counter file of the roce-vendors
 * fixture (names typed from the kernel and vendor sources, apart from the
 * tables) is a name of its driver's table; a broken table is refused with
 * the file, line and column.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/collect.h"
#include "model/counter_tables.h"
#include "util.h"

static const struct rs_counter_class *hw(const char *driver, const char *name)
{
	const struct rs_ctr_table *t = rs_ctr_table_find(driver);

	assert_non_null(t);
	return rs_ctr_classify(t, RS_CO_HW, name);
}

static void expect(const char *driver, const char *name, enum rs_meaning m, enum rs_cunit u)
{
	const struct rs_counter_class *c = hw(driver, name);

	if (c->meaning != m || c->unit != u)
		fail_msg("%s %s: meaning %s unit %s, want %s %s", driver, name,
			 rs_meaning_name(c->meaning), rs_cunit_name(c->unit), rs_meaning_name(m),
			 rs_cunit_name(u));
	assert_string_equal(c->name, name);	/* its own entry, not a fallback */
}

static void test_every_table(void **state)
{
	static const char *const drivers[] = {
		"mlx5", "bnxt_re", "irdma", "hns", "qedr", "mana_ib", "erdma", "rxe", "siw",
	};
	size_t n;
	const struct rs_ctr_table *t = rs_ctr_tables(&n);

	assert_string_equal(rs_ctr_tables_error(), "");
	assert_int_equal(n, RS_ARRAY_SIZE(drivers));
	for (size_t i = 0; i < RS_ARRAY_SIZE(drivers); i++)
		assert_non_null(rs_ctr_table_find(drivers[i]));
	for (size_t i = 0; i < n; i++) {
		assert_true(t[i].title[0]);
		assert_true(t[i].n_sources > 0);
		for (size_t k = 0; k < t[i].n_sources; k++) {
			assert_true(t[i].sources[k].file[0]);
			assert_true(t[i].sources[k].commit[0]);
		}
		for (size_t k = 0; k < t[i].n_classes; k++)
			assert_int_not_equal(t[i].classes[k].meaning, RS_M_NONE);
	}
	assert_true(rs_ctr_table_pma()->n_classes >= 21);
	assert_null(rs_ctr_table_find("ib_pma"));	/* not a driver */
}

/* One counter, every name it had: the older kernel's, the renamed one,
 * Broadcom's own driver's. */
static void test_bnxt_aliases(void **state)
{
	static const char *const timeout[] = { "to_retransmits", "local_ack_timeout_err" };
	static const char *const cnp[] = { "tx_cnp_pkts", "np_cnp_pkts", "np_cnp_sent" };

	for (size_t i = 0; i < RS_ARRAY_SIZE(timeout); i++)
		expect("bnxt_re", timeout[i], RS_M_TIMEOUT, RS_CU_EVENTS);
	for (size_t i = 0; i < RS_ARRAY_SIZE(cnp); i++)
		expect("bnxt_re", cnp[i], RS_M_CNP_SENT, RS_CU_PACKETS);
	expect("bnxt_re", "rx_ecn_marked_pkts", RS_M_ECN_MARKED, RS_CU_PACKETS);
	expect("bnxt_re", "np_ecn_marked_roce_packets", RS_M_ECN_MARKED, RS_CU_PACKETS);
	expect("bnxt_re", "oos_drop_count", RS_M_OUT_OF_SEQUENCE, RS_CU_PACKETS);
	expect("bnxt_re", "seq_err_naks_rcvd", RS_M_OUT_OF_SEQUENCE, RS_CU_EVENTS);
	expect("bnxt_re", "tx_bytes", RS_M_TX_BYTES, RS_CU_BYTES);
	expect("bnxt_re", "active_qps", RS_M_RESOURCE, RS_CU_NONE);
	expect("bnxt_re", "res_unaligned_atmeomic", RS_M_ERROR, RS_CU_EVENTS);
	assert_int_equal(hw("bnxt_re", "tx_bytes")->flags, RS_CF_BYTES);
	assert_int_equal(rs_counter_class_scale(hw("bnxt_re", "tx_bytes")), 1);
	/* a part of tx_bytes is never added to it */
	assert_true(hw("bnxt_re", "tx_roce_only_bytes")->part);
	assert_false(hw("bnxt_re", "tx_bytes")->part);
	/* recoverable_errors reads tx_bcast_pkts: not an error */
	assert_false(hw("bnxt_re", "recoverable_errors")->flags & RS_CF_ERROR);
	assert_int_equal(hw("bnxt_re", "active_qps")->group, RS_CG_RESOURCE);
}

static void test_irdma_names(void **state)
{
	expect("irdma", "ip4OutOctets", RS_M_TX_BYTES, RS_CU_BYTES);
	expect("irdma", "ip6InOctets", RS_M_RX_BYTES, RS_CU_BYTES);
	expect("irdma", "cnpSent", RS_M_CNP_SENT, RS_CU_PACKETS);
	expect("irdma", "RxECNMrkd", RS_M_ECN_MARKED, RS_CU_PACKETS);
	expect("irdma", "RetransSegs", RS_M_RETRANSMIT, RS_CU_PACKETS);
	expect("irdma", "tcpRetransSegs", RS_M_RETRANSMIT, RS_CU_PACKETS);
	/* GEN3's names have spaces */
	expect("irdma", "RNR sent", RS_M_RNR_NAK, RS_CU_EVENTS);
	expect("irdma", "Nak Sequence Error", RS_M_OUT_OF_SEQUENCE, RS_CU_EVENTS);
	expect("irdma", "Rcvd Out of order packets", RS_M_OUT_OF_SEQUENCE, RS_CU_PACKETS);
	expect("irdma", "RTO", RS_M_TIMEOUT, RS_CU_EVENTS);
	assert_true(hw("irdma", "ip4OutMcastOctets")->part);
	assert_ptr_not_equal(hw("irdma", "iwInRdmaReads"), hw("irdma", "InRdmaReads"));
	assert_int_equal(hw("irdma", "iwInRdmaReads")->meaning, hw("irdma", "InRdmaReads")->meaning);
}

/* hns counts packets, CNPs and no byte; mlx5's words are bytes x 4. */
static void test_other_drivers(void **state)
{
	const struct rs_ctr_table *hns = rs_ctr_table_find("hns");
	const struct rs_ctr_table *mlx5 = rs_ctr_table_find("mlx5");
	const struct rs_ctr_table *qedr = rs_ctr_table_find("qedr");
	const struct rs_counter_class *c;

	expect("hns", "tx_cnp_pkt", RS_M_CNP_SENT, RS_CU_PACKETS);
	expect("hns", "rx_pkt", RS_M_RX_PACKETS, RS_CU_PACKETS);
	assert_true(hw("hns", "rx_rc_pkt")->part);
	assert_false(rs_ctr_table_has(hns, RS_M_TX_BYTES));
	assert_false(rs_ctr_table_has(hns, RS_M_OUT_OF_SEQUENCE));
	assert_true(rs_ctr_table_has(hns, RS_M_CNP_SENT));
	c = rs_ctr_classify(mlx5, RS_CO_PORT, "port_xmit_data");
	assert_int_equal(c->meaning, RS_M_TX_BYTES);
	assert_int_equal(rs_counter_class_scale(c), 4);
	assert_true(rs_ctr_table_has(mlx5, RS_M_TX_BYTES));	/* through the PMA */
	/* qedr answers PMA queries with nothing: its zeros are no traffic */
	assert_int_equal(rs_ctr_classify(qedr, RS_CO_PORT, "port_xmit_data")->meaning,
			 RS_M_OTHER);
	assert_false(rs_ctr_table_has(qedr, RS_M_TX_BYTES));
	expect("mana_ib", "requester_oos_nak", RS_M_OUT_OF_SEQUENCE, RS_CU_EVENTS);
	expect("mana_ib", "tx_bytes", RS_M_TX_BYTES, RS_CU_BYTES);
	expect("erdma", "hw_tx_bytes_cnt", RS_M_TX_BYTES, RS_CU_BYTES);
	expect("erdma", "tx_bps_limit_drop_cnt", RS_M_DROP, RS_CU_PACKETS);
	assert_int_equal(hw("erdma", "verbs_create_qp_failed_cnt")->meaning, RS_M_ERROR);
	assert_int_equal(rs_ctr_table_find("siw")->n_classes, 0);
	/* lifespan is the cache period; an unknown name is "other" */
	assert_null(rs_ctr_classify(hns, RS_CO_HW, "lifespan"));
	assert_int_equal(rs_ctr_classify(hns, RS_CO_HW, "no_such_counter")->meaning, RS_M_OTHER);
	/* a device of no known driver: the first table that has the name */
	assert_int_equal(rs_ctr_classify(NULL, RS_CO_HW, "to_retransmits")->meaning,
			 RS_M_TIMEOUT);
	assert_string_equal(rs_ctr_classify(NULL, RS_CO_HW, "out_of_sequence")->note,
			    "packet loss seen by responder");	/* mlx5's, first */
}

static const struct rs_ctr_table *table_of(const char *name, const char *driver)
{
	struct rs_device d;

	memset(&d, 0, sizeof(d));
	RS_STRCPY(d.name, name);
	RS_STRCPY(d.driver, driver);
	return rs_ctr_table_for(&d);
}

static void test_table_for(void **state)
{
	assert_string_equal(table_of("rocep1s0f0", "bnxt_en")->driver, "bnxt_re");
	assert_string_equal(table_of("rdmap24s0f0", "ice")->driver, "irdma");
	assert_string_equal(table_of("irdma1", "i40e")->driver, "irdma");
	assert_string_equal(table_of("x", "hns3")->driver, "hns");
	assert_string_equal(table_of("hns_3", "")->driver, "hns");
	assert_string_equal(table_of("mlx5_bond_0", "")->driver, "mlx5");
	assert_string_equal(table_of("rxe0", "")->driver, "rxe");
	assert_string_equal(table_of("mana_0", "mana")->driver, "mana_ib");
	assert_null(table_of("mlx4_0", "mlx4_core"));
	assert_null(table_of("rocep5s0", ""));
}

/*
 * Every counter file of the roce-vendors fixture is a name of its own
 * driver's table (or of the PMA set, in counters/): a name mistyped in the
 * fixture or in a table, or a table that lost one, fails here.
 */
static void test_fixture_names(void **state)
{
	const char *top = getenv("top_srcdir");
	char root[4096];
	struct rs_snapshot s;
	size_t checked = 0;

	snprintf(root, sizeof(root), "%s/tests/fixtures/roce-vendors", top ? top : ".");
	rs_root_set(root);
	rs_snapshot_init(&s);
	rs_collect_rdma(&s);
	assert_int_equal(s.n_devices, 11);
	for (size_t i = 0; i < s.n_devices; i++) {
		const struct rs_device *d = &s.devices[i];
		const struct rs_ctr_table *t = rs_ctr_table_for(d);
		const struct rs_ctr_table *pma = rs_ctr_table_pma();

		if (!t)
			fail_msg("%s (driver %s): no table", d->name, d->driver);
		for (size_t k = 0; k < d->ports[0].hw_counters.count; k++) {
			const char *n = d->ports[0].hw_counters.items[k].name;
			const struct rs_counter_class *c = rs_ctr_classify(t, RS_CO_HW, n);

			if (c < t->classes || c >= t->classes + t->n_classes)
				fail_msg("%s: hw_counters/%s is not in %s's table", d->name, n,
					 t->driver);
			checked++;
		}
		for (size_t k = 0; t->pma == RS_PMA_YES && k < d->ports[0].counters.count; k++) {
			const struct rs_counter_class *c =
				rs_ctr_classify(t, RS_CO_PORT, d->ports[0].counters.items[k].name);

			assert_true(c >= pma->classes && c < pma->classes + pma->n_classes);
			checked++;
		}
	}
	assert_true(checked > 300);
	rs_snapshot_free(&s);
	rs_root_set("/");
}

static void test_broken_tables(void **state)
{
	static const struct {
		const char *text, *err;
	} bad[] = {
		{ "driver: x\ntitle: X\nsources: [{repo: r, file: f, commit: c, what: w}]\n"
		  "hw_counters:\n  - {names: a, meaning: tx_byte}\n",
		  "t.yaml:5:25: a counter needs a 'meaning' of the vocabulary (tx_bytes ... other)" },
		{ "driver: x\ntitle: X\nsources: [{repo: r, file: f, commit: c, what: w}]\n"
		  "hw_counters:\n  - {names: a, meaning: drop}\n  - {names: [b, a], meaning: drop}\n",
		  "t.yaml:6:5: 'a' is listed twice" },
		{ "driver: x\ntitle: X\nhw_counters: []\n", "t.yaml: a table names its 'sources'" },
		{ "driver: x\ntitle: X\nsources: [{repo: r, file: f, commit: c, what: w}]\n"
		  "hw_counters:\n  - {names: a, meaning: drop, unit: bits}\n",
		  "t.yaml:5:37: 'unit' is bytes, words (4-byte words), packets or events" },
		{ "driver: x\ntitle: X\ncolour: blue\n", "t.yaml:3:1: unknown key 'colour'" },
		{ "driver: [x\n", "t.yaml:2:1: " },
	};

	for (size_t i = 0; i < RS_ARRAY_SIZE(bad); i++) {
		struct rs_ctr_table t;
		char err[256];

		if (!rs_ctr_table_parse(bad[i].text, "t.yaml", &t, err, sizeof(err)))
			fail_msg("table %zu was taken", i);
		if (strncmp(err, bad[i].err, strlen(bad[i].err)))
			fail_msg("table %zu: \"%s\", want \"%s\"", i, err, bad[i].err);
	}
}

static void test_meaning_names(void **state)
{
	for (int m = RS_M_NONE + 1; m < RS_M_COUNT; m++) {
		assert_true(rs_meaning_name(m)[0]);
		assert_int_equal(rs_meaning_of(rs_meaning_name(m)), m);
	}
	assert_int_equal(rs_meaning_of("bogus"), RS_M_NONE);
	assert_string_equal(rs_cunit_name(RS_CU_WORDS), "4-byte words");
	assert_int_equal(rs_counter_prio("rx_priority_3_xoff.nic"), 3);
	assert_int_equal(rs_counter_prio("mac_rx_pfc_pri7_pkt_num"), 7);
	assert_int_equal(rs_counter_prio("rx_pause_ctrl_phy"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_table),
		cmocka_unit_test(test_bnxt_aliases),
		cmocka_unit_test(test_irdma_names),
		cmocka_unit_test(test_other_drivers),
		cmocka_unit_test(test_table_for),
		cmocka_unit_test(test_fixture_names),
		cmocka_unit_test(test_broken_tables),
		cmocka_unit_test(test_meaning_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
