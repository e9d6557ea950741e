/* SPDX-License-Identifier: MIT */
/*
 * test_checks_unknown.c - verdicts that do not invent evidence:
 * a value the snapshot lacks (a port state, a GID table, a PCI width, the
 * device list, a netdev) is a skip with the reason, never a failure;
 * InfiniBand ports get remedies that fit them; every error counter the
 * issue names is a finding when it rises (two readings) and when its total
 * is not 0 (one reading); 802.3x pause is named as global.
 */
#include "tests/helpers/checks_lib.h"
#include "model/counter_groups.h"
#include "model/snapshot_yaml.h"
#include "util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

/* ---- unknown is never bad ---- */

static void test_unknown_state(void **state)
{
	const struct rs_finding *x;
	struct rs_findings f;
	struct rs_snapshot s;
	struct rs_port *p;
	struct rs_device *d;

	rs_snapshot_init(&s);
	/* The state file is missing: the collector leaves state 0 and no name,
	 * and records why. */
	d = rs_ct_device(&s, "mlx5_2", "mlx5_core");
	p = rs_ct_port(d, 1, 0, "Ethernet", "ens3f0np0");
	p->state_name[0] = '\0';
	rs_snapshot_add_error(&s, RS_AREA_RDMA, "sysfs", "mlx5_2",
			      "port 1 state: No such file or directory");
	d = rs_ct_device(&s, "mlx5_3", "mlx5_core");	/* a hand-written file: no reason */
	p = rs_ct_port(d, 1, 0, "Ethernet", "ens3f1np1");
	p->state_name[0] = '\0';
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "port.not_active", "mlx5_2 port 1", RS_SKIP);
	assert_string_equal(x->summary, "state not readable: No such file or directory");
	assert_string_equal(x->evidence, "/sys/class/infiniband/mlx5_2/ports/1/state: not readable "
			    "(No such file or directory)");
	assert_string_equal(x->remedy, "");
	x = rs_ct_get(&f, "port.not_active", "mlx5_3 port 1", RS_SKIP);
	assert_string_equal(x->summary, "state not readable: not in the snapshot");
	/* A real NOP (sysfs "0: NOP") is a state, and not ACTIVE. */
	RS_STRCPY(p->state_name, "NOP");
	rs_findings_free(&f);
	rs_ct_run(&s, &f);
	rs_ct_get(&f, "port.not_active", "mlx5_3 port 1", RS_FAIL);
	/* No GID slot listed: the table is unknown, not empty. */
	x = rs_ct_get(&f, "gid.no_roce_v2", "mlx5_3 port 1", RS_SKIP);
	assert_string_equal(x->summary, "GID table not read: no gids/ directory in the snapshot");
	rs_snapshot_add_error(&s, RS_AREA_RDMA, "sysfs", "mlx5_2",
			      "port 1: cannot list gids: Permission denied");
	rs_findings_free(&f);
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "gid.no_roce_v2", "mlx5_2 port 1", RS_SKIP);
	assert_string_equal(x->summary, "GID table not read: Permission denied");
	/* Addresses known, but not the port's netdev: no address to miss. */
	s.devices[1].ports[0].netdev[0] = '\0';
	RS_APPEND(s.addrs, s.n_addrs)->family = 4;
	rs_findings_free(&f);
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "net.addr", "mlx5_3 port 1", RS_SKIP);
	assert_string_equal(x->summary, "the port's netdev is unknown");
	rs_ct_get(&f, "net.addr", "mlx5_2 port 1", RS_FAIL);
	rs_findings_free(&f);
	rs_snapshot_free(&s);
}

static void test_unknown_host_parts(void **state)
{
	static const char yaml[] = "devices:\n  - name: mlx5_0\n    pci: {addr: \"0000:3b:00.0\", "
				   "cur_width: 8, max_width: 16}\n";
	const struct rs_finding *x;
	struct rs_findings f;
	struct rs_snapshot s;
	char err[256];

	/* /sys/class/infiniband could not be listed: no device is unknown. */
	rs_snapshot_init(&s);
	rs_snapshot_add_error(&s, RS_AREA_RDMA, "sysfs", "", "cannot list /sys/class/infiniband: "
			      "Permission denied");
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "device.none", "host", RS_SKIP);
	assert_string_equal(x->summary, "RDMA devices unknown: cannot list /sys/class/infiniband: "
			    "Permission denied");
	rs_findings_free(&f);
	rs_snapshot_free(&s);
	/* A file that does not say "present" is not a device gone; a PCI
	 * link with widths only shows "?" for the speeds, not 0.0. */
	assert_int_equal(rs_snapshot_load_yaml(&s, yaml, sizeof(yaml) - 1, "t.yaml", err,
					       sizeof(err)), 0);
	rs_ct_run(&s, &f);
	rs_ct_get(&f, "device.gone", "mlx5_0", RS_PASS);
	x = rs_ct_get(&f, "pci.link_degraded", "mlx5_0", RS_FAIL);
	assert_string_equal(x->summary, "PCI link below max: ? GT/s x8 of ? GT/s x16 (check slot, "
			    "riser, BIOS)");
	assert_string_equal(x->evidence, "/sys/bus/pci/devices/0000:3b:00.0: current_link_speed ?, "
			    "current_link_width 8; max_link_speed ?, max_link_width 16");
	s.devices[0].pci.max_width = 0;
	s.devices[0].pci.cur_gts = 2.5;
	s.devices[0].pci.max_gts = 8;
	rs_findings_free(&f);
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "pci.link_degraded", "mlx5_0", RS_FAIL);
	assert_string_equal(x->expected, "current speed and width equal to the maximum "
			    "(8.0 GT/s x?)");
	assert_non_null(strstr(x->remedy, "reseat the NIC in a full-width slot"));
	rs_findings_free(&f);
	rs_snapshot_free(&s);
}

/* ---- remedies fit the object: InfiniBand ports ---- */

static void test_ib_ports(void **state)
{
	const struct rs_finding *x;
	struct rs_findings f;
	struct rs_snapshot s;
	struct rs_device *d;
	struct rs_port *p;

	rs_snapshot_init(&s);
	/* a ConnectX-3 whose two ports are InfiniBand, as the Prometheus fixture */
	d = rs_ct_device(&s, "mlx4_0", "mlx4_core");
	RS_STRCPY(d->generation, "ConnectX-3");
	d->weak_roce_v2 = 1;
	p = rs_ct_port(d, 1, 2, "InfiniBand", "");
	RS_STRCPY(p->state_name, "INIT");
	RS_STRCPY(p->phys_state_name, "LinkUp");
	rs_ct_port(d, 2, 1, "InfiniBand", "");
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "nic.weak_roce_v2", "mlx4_0", RS_SKIP);
	assert_string_equal(x->summary, "mlx4 with InfiniBand ports only: RoCE v2 does not apply");
	x = rs_ct_get(&f, "port.not_active", "mlx4_0 port 1", RS_FAIL);
	assert_string_equal(x->summary, "port not ACTIVE (INIT): the link is up, no subnet manager "
			    "has configured the port");
	assert_string_equal(x->remedy, "run a subnet manager on the fabric (opensm on one host, or "
			    "the switch's SM); check with sminfo and ibstat mlx4_0 1");
	x = rs_ct_get(&f, "port.not_active", "mlx4_0 port 2", RS_FAIL);
	assert_string_equal(x->summary, "port not ACTIVE (DOWN): no physical link");
	assert_string_equal(x->remedy, "check the cable, transceiver and the switch port (ibstat "
			    "mlx4_0 2: Physical state)");
	for (size_t i = 0; i < f.count; i++)
		assert_null(strstr(f.items[i].remedy, "ip link set"));
	/* the same card with its second port in Ethernet mode does RoCE */
	RS_STRCPY(d->ports[1].link_layer, "Ethernet");
	rs_findings_free(&f);
	rs_ct_run(&s, &f);
	rs_ct_get(&f, "nic.weak_roce_v2", "mlx4_0", RS_WARN);
	rs_findings_free(&f);
	rs_snapshot_free(&s);
}

/* ---- every error counter docs/checks.md names is a finding ---- */

struct named {
	enum rs_corigin origin;
	const char *name;
};

static const struct named named_errors[] = {
	{ RS_CO_HW, "out_of_sequence" }, { RS_CO_HW, "local_ack_timeout_err" },
	{ RS_CO_HW, "packet_seq_err" }, { RS_CO_ETHTOOL, "rx_discards_phy" },
	{ RS_CO_PORT, "symbol_error" }, { RS_CO_PORT, "link_downed" },
	{ RS_CO_HW, "req_cqe_error" }, { RS_CO_HW, "resp_cqe_error" },
	{ RS_CO_HW, "req_transport_retries_exceeded" }, { RS_CO_HW, "req_rnr_retries_exceeded" },
};

/* mlx5_0 port 1 on eth0 with one counter of origin o, and its netdev. */
static struct rs_counter_set *one_counter_host(struct rs_snapshot *s, enum rs_corigin o,
					       const char *name, uint64_t v)
{
	struct rs_device *d;
	struct rs_port *p;
	struct rs_link *l;
	struct rs_counter_set *set;

	rs_snapshot_init(s);
	d = rs_ct_device(s, "mlx5_0", "mlx5_core");
	p = rs_ct_port(d, 1, 4, "Ethernet", "eth0");
	l = rs_ct_link(s, "eth0", 9000);
	set = o == RS_CO_PORT ? &p->counters : o == RS_CO_HW ? &p->hw_counters : &l->ethtool;
	rs_counter_set_add(set, name, v);
	set->ts_ns = 1000000000ULL;
	return set;
}

static void test_named_counters(void **state)
{
	for (size_t i = 0; i < sizeof(named_errors) / sizeof(named_errors[0]); i++) {
		const struct named *n = &named_errors[i];
		struct rs_snapshot s;
		struct rs_series ser;
		struct rs_findings f;
		struct rs_counter_set *set = one_counter_host(&s, n->origin, n->name, 5);
		const struct rs_finding *x;
		char want[128];

		rs_findings_init(&f);
		rs_series_init(&ser, 0);
		/* one reading: a non-zero total is a warning with its value */
		rs_ct_rising(&s, &ser, &f);
		rs_findings_free(&f);
		assert_int_equal(rs_check_run(&(struct rs_check_ctx){ .snap = &s },
					      "counters.error_totals", &f), 0);
		x = rs_ct_get(&f, "counters.error_totals", "mlx5_0 port 1", RS_WARN);
		snprintf(want, sizeof(want), "%s/%s = 5", rs_corigin_name(n->origin), n->name);
		if (!strstr(x->evidence, want))
			fail_msg("%s: evidence \"%s\" lacks \"%s\"", n->name, x->evidence, want);
		assert_true(x->remedy[0]);
		/* two readings: rising is a failure with its increase */
		set->items[0].value += 3;
		set->ts_ns += 1000000000ULL;
		rs_ct_rising(&s, &ser, &f);
		x = rs_ct_get(&f, "counters.error_rising", "mlx5_0 port 1", RS_FAIL);
		snprintf(want, sizeof(want), "%s/%s +3 in the last 1.0 s",
			 rs_corigin_name(n->origin), n->name);
		if (strcmp(x->evidence, want))
			fail_msg("%s: evidence \"%s\", want \"%s\"", n->name, x->evidence, want);
		assert_true(x->remedy[0]);
		rs_findings_free(&f);
		rs_series_free(&ser);
		rs_snapshot_free(&s);
	}
}

/* Global pause: 802.3x frames arriving on a RoCE port stop every priority. */
static void test_global_pause(void **state)
{
	struct rs_snapshot s;
	struct rs_series ser;
	struct rs_findings f;
	struct rs_counter_set *set = one_counter_host(&s, RS_CO_ETHTOOL, "rx_pause_ctrl_phy", 10);
	struct rs_check_ctx ctx = { .snap = &s, .series = &ser };
	const struct rs_finding *x;

	rs_findings_init(&f);
	rs_series_init(&ser, 0);
	rs_series_update(&ser, &s);
	set->items[0].value += 1240;
	set->ts_ns += 1000000000ULL;
	rs_series_update(&ser, &s);
	assert_int_equal(rs_check_run(&ctx, "counters.pause_rising", &f), 0);
	x = rs_ct_get(&f, "counters.pause_rising", "mlx5_0 port 1", RS_WARN);
	assert_string_equal(x->summary, "802.3x (global) pause frames on eth0: a congested peer or "
			    "switch port stops the whole port, every priority; bandwidth drops");
	assert_string_equal(x->evidence, "ethtool/rx_pause_ctrl_phy +1240");
	assert_non_null(strstr(x->remedy, "pauses per priority (PFC)"));
	rs_findings_free(&f);
	/* an InfiniBand port has no pause frames to look at */
	RS_STRCPY(s.devices[0].ports[0].link_layer, "InfiniBand");
	assert_int_equal(rs_check_run(&ctx, "counters.pause_rising", &f), 0);
	assert_int_equal(f.count, 0);
	rs_findings_free(&f);
	/* no pause counter at all in ethtool -S: unknown, not "no pause frame" */
	RS_STRCPY(s.devices[0].ports[0].link_layer, "Ethernet");
	RS_STRCPY(set->items[0].name, "rx_bytes_phy");
	rs_series_free(&ser);
	rs_series_init(&ser, 0);
	rs_series_update(&ser, &s);
	set->ts_ns += 1000000000ULL;
	rs_series_update(&ser, &s);
	assert_int_equal(rs_check_run(&ctx, "counters.pause_rising", &f), 0);
	x = rs_ct_get(&f, "counters.pause_rising", "mlx5_0 port 1", RS_SKIP);
	assert_string_equal(x->summary, "no pause counters in eth0's ethtool -S");
	rs_findings_free(&f);
	rs_series_free(&ser);
	rs_snapshot_free(&s);
}

static void test_error_totals(void **state)
{
	struct rs_snapshot s;
	struct rs_series ser;
	struct rs_findings f;
	struct rs_check_ctx ctx = { .snap = &s };
	struct rs_port *p;
	const struct rs_finding *x;

	rs_findings_init(&f);
	one_counter_host(&s, RS_CO_ETHTOOL, "rx_discards_phy", 7);
	p = &s.devices[0].ports[0];
	rs_counter_set_add(&p->counters, "symbol_error", 0);
	rs_counter_set_add(&p->counters, "link_downed", 1);
	rs_counter_set_add(&p->hw_counters, "req_cqe_error", 2);
	/* left out: noisy on healthy links, and the netdev's own drops */
	rs_counter_set_add(&p->hw_counters, "completer_retry_err", 312);
	rs_counter_set_add(&s.links[0].stats, "rx_dropped", 100);
	assert_int_equal(rs_check_run(&ctx, "counters.error_totals", &f), 0);
	x = rs_ct_get(&f, "counters.error_totals", "mlx5_0 port 1", RS_WARN);
	assert_int_equal(x->count, 3);
	/* the most serious group first: a fatal QP error, a link error, a drop */
	assert_string_equal(x->summary, "3 error counters not 0 since the last reset (one reading: "
			    "whether they still rise is unknown): req_cqe_error, link_downed, "
			    "rx_discards_phy");
	assert_string_equal(x->evidence, "hw_counters/req_cqe_error = 2, counters/link_downed = 1, "
			    "ethtool/rx_discards_phy = 7 (totals since the counters were last "
			    "reset)");
	/* the worst group's remedy: a QP went to error */
	assert_non_null(strstr(x->remedy, "to see which still rise; if they do: a QP went to the "
			       "error state"));
	rs_findings_free(&f);
	/* all zero: a pass that counts what it looked at */
	p->counters.items[1].value = p->hw_counters.items[0].value = 0;
	s.links[0].ethtool.items[0].value = 0;
	assert_int_equal(rs_check_run(&ctx, "counters.error_totals", &f), 0);
	x = rs_ct_get(&f, "counters.error_totals", "mlx5_0 port 1", RS_PASS);
	assert_string_equal(x->summary, "all 4 error counters at 0");
	rs_findings_free(&f);
	/* two readings: error_rising judges, the totals step aside */
	rs_series_init(&ser, 0);
	rs_series_update(&ser, &s);
	rs_series_update(&ser, &s);
	ctx.series = &ser;
	assert_int_equal(rs_check_run(&ctx, "counters.error_totals", &f), 0);
	rs_ct_get(&f, "counters.error_totals", "mlx5_0 port 1", RS_SKIP);
	rs_findings_free(&f);
	rs_series_free(&ser);
	/* no error counter at all: no evidence either way */
	ctx.series = NULL;
	rs_counter_set_free(&p->counters);
	rs_counter_set_free(&p->hw_counters);
	rs_counter_set_free(&s.links[0].ethtool);
	assert_int_equal(rs_check_run(&ctx, "counters.error_totals", &f), 0);
	x = rs_ct_get(&f, "counters.error_totals", "mlx5_0 port 1", RS_SKIP);
	assert_string_equal(x->summary, "no error counter read for this port");
	rs_findings_free(&f);
	rs_snapshot_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unknown_state),
		cmocka_unit_test(test_unknown_host_parts),
		cmocka_unit_test(test_ib_ports),
		cmocka_unit_test(test_named_counters),
		cmocka_unit_test(test_global_pause),
		cmocka_unit_test(test_error_totals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
