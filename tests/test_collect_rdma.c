/* SPDX-License-Identifier: MIT */
/*
 * test_collect_rdma.c - the RDMA collectors on fixture trees.
 *
 * prometheus/ is real data from other people (InfiniBand hosts); roce-cx5/,
 * roce-rxe/ and roce-broken/ are hand-made trees (tests/fixtures/
 * make-roce-trees.sh) that carry GID tables, symlinks as on a real host and
 * faults.  Values asserted here are the ones written in those files.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect/collect.h"
#include "collect/nic_generation.h"
#include "collect/rdma_priv.h"
#include "snapshot.h"
#include "util.h"

static void use_fixture(const char *name)
{
	const char *top = getenv("top_srcdir");
	char root[4096];

	snprintf(root, sizeof(root), "%s/tests/fixtures/%s", top ? top : ".", name);
	assert_int_equal(access(root, R_OK), 0);
	rs_root_set(root);
}

static void collect(struct rs_snapshot *s, const char *fixture)
{
	rs_snapshot_init(s);
	use_fixture(fixture);
	assert_int_equal(rs_collect_rdma(s), 0);
}

static const struct rs_device *dev(const struct rs_snapshot *s, const char *name)
{
	for (size_t i = 0; i < s->n_devices; i++)
		if (!strcmp(s->devices[i].name, name))
			return &s->devices[i];
	fail_msg("no device %s", name);
	return NULL;
}

static uint64_t counter(const struct rs_counter_set *set, const char *name)
{
	const struct rs_counter *c = rs_counter_set_find(set, name);

	if (!c)
		fail_msg("no counter %s", name);
	return c->value;
}

static void print_errors(const struct rs_snapshot *s)
{
	for (size_t i = 0; i < s->n_errors; i++)
		printf("# error %s %s: %s\n", s->errors[i].source, s->errors[i].object,
		       s->errors[i].message);
}

/* Tab-free expectations for one GID. */
static void check_gid(const struct rs_gid *g, unsigned index, const char *gid,
		      enum rs_gid_type type, const char *ip, int ipv4, int vlan,
		      const char *netdev)
{
	assert_int_equal(g->index, index);
	assert_string_equal(g->gid, gid);
	assert_int_equal(g->type, type);
	assert_string_equal(g->ip, ip);
	assert_int_equal(g->ipv4, ipv4);
	assert_int_equal(g->vlan, vlan);
	assert_string_equal(g->netdev, netdev);
}

static void test_cx5_devices(void **state)
{
	struct rs_snapshot s;
	const struct rs_device *d;

	collect(&s, "roce-cx5");
	print_errors(&s);
	assert_int_equal(s.n_errors, 0);
	assert_int_equal(s.n_devices, 2);
	assert_string_equal(s.devices[0].name, "mlx5_0");
	assert_string_equal(s.devices[1].name, "mlx5_1");
	for (int i = 0; i < 2; i++) {
		d = &s.devices[i];
		assert_string_equal(d->fw_ver, "16.35.2000");
		assert_string_equal(d->board_id, "MT_0000000080");
		assert_string_equal(d->hca_type, "MT4119");
		assert_string_equal(d->driver, "mlx5_core");
		assert_string_equal(d->generation, "ConnectX-5");
		assert_int_equal(d->weak_roce_v2, 0);
		assert_int_equal(d->pci.vendor_id, 0x15b3);
		assert_int_equal(d->pci.device_id, 0x1017);
		assert_string_equal(d->pci.cur_speed, "8.0 GT/s PCIe");
		assert_string_equal(d->pci.max_speed, "16.0 GT/s PCIe");
		assert_true(d->pci.cur_gts == 8.0);
		assert_true(d->pci.max_gts == 16.0);
		assert_int_equal(d->pci.cur_width, 8);
		assert_int_equal(d->pci.max_width, 16);
		assert_int_equal(d->present, 1);
		assert_int_equal(d->verbs, 0);
		assert_int_equal(d->n_ports, 1);
	}
	assert_string_equal(s.devices[0].pci.addr, "0000:a2:00.0");
	assert_string_equal(s.devices[1].pci.addr, "0000:a2:00.1");
	assert_string_equal(s.devices[0].node_guid, "b859:9f03:0012:3456");
	assert_string_equal(s.devices[1].node_guid, "b859:9f03:0012:3457");
	rs_snapshot_free(&s);
}

static void test_cx5_ports(void **state)
{
	struct rs_snapshot s;
	const struct rs_port *p;

	collect(&s, "roce-cx5");
	for (int i = 0; i < 2; i++) {
		p = &s.devices[i].ports[0];
		assert_int_equal(p->num, 1);
		assert_int_equal(p->state, 4);
		assert_string_equal(p->state_name, "ACTIVE");
		assert_int_equal(p->phys_state, 5);
		assert_string_equal(p->phys_state_name, "LinkUp");
		assert_string_equal(p->rate, "100 Gb/sec (4X EDR)");
		assert_true(p->rate_gbps == 100.0);
		assert_string_equal(p->link_layer, "Ethernet");
		assert_int_equal(p->gid_tbl_len, 16);
		assert_int_equal(p->active_mtu, 0);	/* verbs only */
	}
	assert_string_equal(s.devices[0].ports[0].netdev, "ens1f0np0");
	assert_string_equal(s.devices[1].ports[0].netdev, "bond0");
	rs_snapshot_free(&s);
}

static void test_cx5_gids(void **state)
{
	const enum rs_gid_type v1 = RS_GID_TYPE_ROCE_V1, v2 = RS_GID_TYPE_ROCE_V2;
	const char *ll = "fe80:0000:0000:0000:ba59:9fff:fe12:3456";
	const char *v4 = "0000:0000:0000:0000:0000:ffff:c0a8:0a0b";
	const char *g6 = "2001:0db8:0010:0000:0000:0000:0000:0011";
	const char *vl = "0000:0000:0000:0000:0000:ffff:0a64:000b";
	struct rs_snapshot s;
	const struct rs_port *p;

	collect(&s, "roce-cx5");
	p = &s.devices[0].ports[0];
	assert_int_equal(p->n_gids, 8);	/* 4, 5 and 10..15 are unused */
	check_gid(&p->gids[0], 0, ll, v1, "fe80::ba59:9fff:fe12:3456", 0, -1, "ens1f0np0");
	check_gid(&p->gids[1], 1, ll, v2, "fe80::ba59:9fff:fe12:3456", 0, -1, "ens1f0np0");
	check_gid(&p->gids[2], 2, v4, v1, "192.168.10.11", 1, -1, "ens1f0np0");
	check_gid(&p->gids[3], 3, v4, v2, "192.168.10.11", 1, -1, "ens1f0np0");
	check_gid(&p->gids[4], 6, g6, v1, "2001:db8:10::11", 0, -1, "ens1f0np0");
	check_gid(&p->gids[5], 7, g6, v2, "2001:db8:10::11", 0, -1, "ens1f0np0");
	check_gid(&p->gids[6], 8, vl, v1, "10.100.0.11", 1, 100, "ens1f0np0.100");
	check_gid(&p->gids[7], 9, vl, v2, "10.100.0.11", 1, 100, "ens1f0np0.100");

	p = &s.devices[1].ports[0];
	assert_int_equal(p->n_gids, 4);
	check_gid(&p->gids[0], 0, "fe80:0000:0000:0000:ba59:9fff:fe12:3457", v1,
		  "fe80::ba59:9fff:fe12:3457", 0, -1, "bond0");
	check_gid(&p->gids[3], 3, "0000:0000:0000:0000:0000:ffff:0a14:000b", v2,
		  "10.20.0.11", 1, -1, "bond0");
	rs_snapshot_free(&s);
}

static void test_cx5_counters(void **state)
{
	struct rs_snapshot s;
	const struct rs_port *p;

	collect(&s, "roce-cx5");
	p = &s.devices[0].ports[0];
	assert_int_equal(p->counters.count, 21);
	assert_int_equal(p->hw_counters.count, 28);
	assert_true(p->counters.ts_ns > 0);
	assert_int_equal(counter(&p->counters, "port_xmit_data"), 3221225472ull);
	assert_int_equal(counter(&p->counters, "port_rcv_data"), 2147483648ull + 12345);
	assert_int_equal(counter(&p->counters, "port_xmit_discards"), 12);
	assert_int_equal(counter(&p->counters, "VL15_dropped"), 0);
	assert_int_equal(counter(&p->hw_counters, "out_of_buffer"), 4294967289ull);
	assert_int_equal(counter(&p->hw_counters, "np_ecn_marked_roce_packets"), 1620);
	assert_int_equal(counter(&p->hw_counters, "rx_write_requests"), 420000);
	assert_null(rs_counter_set_find(&p->hw_counters, "lifespan"));
	assert_int_equal(p->hw_lifespan_ms, 12);
	/* Kept in the order read: natural order of the names. */
	assert_string_equal(p->hw_counters.items[0].name, "duplicate_request");
	p = &s.devices[1].ports[0];
	assert_int_equal(counter(&p->counters, "port_xmit_data"), 6442450944ull);
	assert_int_equal(counter(&p->hw_counters, "out_of_buffer"), 4294967288ull);
	rs_snapshot_free(&s);
}

static void test_rxe(void **state)
{
	struct rs_snapshot s;
	const struct rs_device *d;
	const struct rs_port *p;

	collect(&s, "roce-rxe");
	print_errors(&s);
	assert_int_equal(s.n_errors, 0);
	assert_int_equal(s.n_devices, 1);
	d = dev(&s, "rxe0");
	assert_string_equal(d->generation, "Soft-RoCE");
	assert_string_equal(d->fw_ver, "");
	assert_string_equal(d->pci.addr, "");
	assert_string_equal(d->driver, "");
	assert_int_equal(d->pci.device_id, 0);
	assert_int_equal(d->n_ports, 1);
	p = &d->ports[0];
	assert_string_equal(p->netdev, "veth0");
	assert_true(p->rate_gbps == 10.0);
	assert_string_equal(p->link_layer, "Ethernet");
	assert_int_equal(p->gid_tbl_len, 16);
	assert_int_equal(p->n_gids, 2);
	check_gid(&p->gids[0], 0, "fe80:0000:0000:0000:5054:00ff:fe99:0001",
		  RS_GID_TYPE_ROCE_V2, "fe80::5054:ff:fe99:1", 0, -1, "veth0");
	check_gid(&p->gids[1], 1, "0000:0000:0000:0000:0000:ffff:0a63:0001",
		  RS_GID_TYPE_ROCE_V2, "10.99.0.1", 1, -1, "veth0");
	assert_int_equal(p->counters.count, 0);
	assert_int_equal(p->hw_counters.count, 15);
	assert_int_equal(p->hw_lifespan_ms, 10);
	assert_int_equal(counter(&p->hw_counters, "completer_retry_err"), 312);
	assert_int_equal(counter(&p->hw_counters, "sent_pkts"), 120611);
	rs_snapshot_free(&s);
}

static void test_prometheus(void **state)
{
	struct rs_snapshot s;
	const struct rs_device *d;
	const struct rs_port *p;

	collect(&s, "prometheus");
	print_errors(&s);
	assert_int_equal(s.n_errors, 0);
	assert_int_equal(s.n_devices, 3);
	assert_string_equal(s.devices[0].name, "hfi1_0");
	assert_string_equal(s.devices[1].name, "mlx4_0");
	assert_string_equal(s.devices[2].name, "mlx5_0");

	d = dev(&s, "mlx5_0");
	assert_string_equal(d->node_guid, "0a7f:bc12:45ef:d23b");	/* no newline */
	assert_string_equal(d->fw_ver, "14.28.2006");
	assert_string_equal(d->board_id, "SM_2001000001034");
	assert_string_equal(d->hca_type, "MT4118");
	assert_string_equal(d->generation, "ConnectX-4 Lx VF");	/* 4118 = 0x1016 */
	assert_string_equal(d->pci.addr, "");
	p = &d->ports[0];
	assert_int_equal(p->state, 4);
	assert_int_equal(p->phys_state, 4);			/* "4: ACTIVE" as found */
	assert_string_equal(p->phys_state_name, "ACTIVE");
	assert_true(p->rate_gbps == 25.0);
	assert_string_equal(p->link_layer, "InfiniBand");
	assert_int_equal(p->n_gids, 0);
	assert_string_equal(p->netdev, "");
	assert_int_equal(p->counters.count, 21);
	assert_int_equal(p->hw_counters.count, 24);
	assert_int_equal(p->hw_lifespan_ms, 10);
	assert_int_equal(counter(&p->counters, "port_xmit_data"), 2880761508848ull);
	assert_int_equal(counter(&p->hw_counters, "rx_write_requests"), 742114);

	d = dev(&s, "mlx4_0");
	assert_string_equal(d->generation, "ConnectX-3");
	assert_int_equal(d->weak_roce_v2, 1);
	assert_int_equal(d->n_ports, 2);
	assert_string_equal(d->ports[1].link_layer, "InfiniBand");	/* extra blank line */
	assert_true(d->ports[1].rate_gbps == 40.0);
	assert_int_equal(counter(&d->ports[1].counters, "port_rcv_data"), 2460436784ull);

	d = dev(&s, "hfi1_0");
	/* 72 bytes of real board id, whole (it was cut at 63 before) */
	assert_string_equal(d->board_id, "HPE 100Gb 1-port OP101 QSFP28 x16 PCIe Gen3 "
			    "with Intel Omni-Path Adapter");
	assert_string_equal(d->generation, "");
	assert_string_equal(d->node_guid, "");
	assert_true(d->ports[0].rate_gbps == 100.0);
	rs_snapshot_free(&s);
}

static int has_error(const struct rs_snapshot *s, const char *object, const char *msg)
{
	for (size_t i = 0; i < s->n_errors; i++)
		if (!strcmp(s->errors[i].source, "sysfs") &&
		    !strcmp(s->errors[i].object, object) &&
		    !strcmp(s->errors[i].message, msg))
			return 1;
	return 0;
}

static void test_broken(void **state)
{
	struct rs_snapshot s;
	const struct rs_device *d;
	const struct rs_port *p;

	collect(&s, "roce-broken");
	print_errors(&s);
	assert_int_equal(s.n_devices, 3);
	assert_int_equal(s.n_errors, 8);
	assert_true(has_error(&s, "mlx5_2", "port 1 state: cannot parse \"garbage\""));
	/* The counter files that hold none are named, not dropped silently. */
	assert_true(has_error(&s, "mlx5_2", "port 1 counters: 2 files hold no counter: "
			      "bogus (Is a directory), port_xmit_data (\"N/A\": not a decimal number)"));
	assert_true(has_error(&s, "mlx5_2", "port 1 rate: cannot parse \"fast\""));
	assert_true(has_error(&s, "mlx5_2", "port 1 link_layer: Is a directory"));
	assert_true(has_error(&s, "mlx5_2",
			      "port 1 gid 1: cannot read type: No such file or directory"));
	assert_true(has_error(&s, "mlx5_2", "port 1 gid 2: not a GID: \"not-a-gid\""));
	assert_true(has_error(&s, "mlx5_2", "port 1 gid 3: unknown type \"RoCE v3\""));
	assert_true(has_error(&s, "rxe1", "cannot list ports: No such file or directory"));

	d = dev(&s, "mlx5_2");
	assert_string_equal(d->generation, "ConnectX-6 Dx");
	assert_string_equal(d->pci.addr, "0000:05:00.0");
	p = &d->ports[0];
	assert_int_equal(p->state, 0);
	assert_string_equal(p->state_name, "");
	assert_int_equal(p->phys_state, 5);
	assert_string_equal(p->rate, "fast");
	assert_true(p->rate_gbps == 0);
	assert_string_equal(p->netdev, "ens3f0np0");	/* through dev_port */
	assert_int_equal(p->n_gids, 2);
	check_gid(&p->gids[0], 1, "fe80:0000:0000:0000:0e42:a1ff:fe00:0001",
		  RS_GID_TYPE_UNKNOWN, "fe80::e42:a1ff:fe00:1", 0, -1, "ens3f0np0");
	check_gid(&p->gids[1], 3, "0000:0000:0000:0000:0000:ffff:0a00:0001",
		  RS_GID_TYPE_UNKNOWN, "10.0.0.1", 1, -1, "ens3f0np0");
	assert_int_equal(p->counters.count, 1);	/* N/A and a directory skipped */
	assert_int_equal(counter(&p->counters, "port_rcv_data"), 42);
	assert_int_equal(counter(&p->hw_counters, "out_of_buffer"), 4294967295ull);
	assert_int_equal(p->hw_lifespan_ms, 10);

	d = dev(&s, "mlx4_0");
	assert_string_equal(d->generation, "ConnectX-3 Pro");
	assert_int_equal(d->weak_roce_v2, 1);
	assert_string_equal(d->driver, "mlx4_core");
	assert_int_equal(d->n_ports, 2);
	assert_string_equal(d->ports[0].netdev, "eth2");
	assert_string_equal(d->ports[1].netdev, "eth3");
	assert_true(d->ports[1].rate_gbps == 10.0);

	d = dev(&s, "rxe1");
	assert_int_equal(d->n_ports, 0);
	assert_string_equal(d->generation, "Soft-RoCE");
	rs_snapshot_free(&s);
}

/*
 * Temporary roots, removed by remove_tree() or, when an assertion jumped
 * out of the test first, by the group teardown.
 */
static char *tmp_dirs[8];

static char *make_tmp_dir(void)
{
	char *dir = strdup("/tmp/rs-test-rdma-XXXXXX");

	assert_non_null(mkdtemp(dir));
	for (size_t i = 0; i < RS_ARRAY_SIZE(tmp_dirs); i++) {
		if (!tmp_dirs[i]) {
			tmp_dirs[i] = dir;
			return dir;
		}
	}
	fail_msg("too many temporary roots");
	return NULL;
}

static void rm_rf(const char *dir)
{
	char cmd[4200];

	/* A tree copied from a read-only srcdir (distcheck) is read-only. */
	snprintf(cmd, sizeof(cmd), "chmod -R u+w '%s' 2>/dev/null; rm -rf '%s'", dir, dir);
	if (system(cmd) != 0)
		fprintf(stderr, "# could not remove %s\n", dir);
}

static void remove_tree(char *dir)
{
	for (size_t i = 0; i < RS_ARRAY_SIZE(tmp_dirs); i++)
		if (tmp_dirs[i] == dir)
			tmp_dirs[i] = NULL;
	rm_rf(dir);
	free(dir);
}

static int remove_leftovers(void **state)
{
	for (size_t i = 0; i < RS_ARRAY_SIZE(tmp_dirs); i++) {
		if (tmp_dirs[i]) {
			rm_rf(tmp_dirs[i]);
			free(tmp_dirs[i]);
			tmp_dirs[i] = NULL;
		}
	}
	return 0;
}

/* Copy a fixture to a fresh temporary root (cp -a keeps the symlinks). */
static char *copy_fixture(const char *name, const char *cp_flags)
{
	const char *top = getenv("top_srcdir");
	char *dir = make_tmp_dir(), cmd[8192];

	snprintf(cmd, sizeof(cmd), "cp %s '%s/tests/fixtures/%s/.' '%s/' && chmod -R u+w '%s'",
		 cp_flags, top ? top : ".", name, dir, dir);
	assert_int_equal(system(cmd), 0);
	return dir;
}

static void write_value(const char *dir, const char *rel, const char *text)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/*
 * Floats from sysfs that no kernel prints (strtod takes "inf" and "1e308"):
 * noted, and the value stays unknown, never shown as a speed.
 */
static void test_implausible_floats(void **state)
{
	char *dir = copy_fixture("roce-cx5", "-a");
	const char *pci = "sys/class/infiniband/mlx5_0/device";
	char rel[256];
	struct rs_snapshot s;

	snprintf(rel, sizeof(rel), "%s/current_link_speed", pci);
	write_value(dir, rel, "1e308 GT/s PCIe\n");
	snprintf(rel, sizeof(rel), "%s/max_link_speed", pci);
	write_value(dir, rel, "inf GT/s PCIe\n");
	write_value(dir, "sys/class/infiniband/mlx5_0/ports/1/rate", "inf Gb/sec (4X EDR)\n");
	write_value(dir, "sys/class/infiniband/mlx5_1/ports/1/rate", "1e308 Gb/sec (4X EDR)\n");
	rs_snapshot_init(&s);
	rs_root_set(dir);
	assert_int_equal(rs_collect_rdma(&s), 0);
	assert_true(s.devices[0].pci.cur_gts == 0);
	assert_true(s.devices[0].pci.max_gts == 0);
	assert_true(s.devices[0].ports[0].rate_gbps == 0);
	assert_true(s.devices[1].ports[0].rate_gbps == 0);
	assert_true(has_error(&s, "mlx5_0", "device/current_link_speed: \"1e308 GT/s PCIe\" is "
			      "not a PCIe speed the kernel prints"));
	assert_true(has_error(&s, "mlx5_0", "device/max_link_speed: \"inf GT/s PCIe\" is not a "
			      "PCIe speed the kernel prints"));
	assert_true(has_error(&s, "mlx5_0", "port 1 rate: cannot parse \"inf Gb/sec (4X EDR)\""));
	assert_true(has_error(&s, "mlx5_1", "port 1 rate: cannot parse \"1e308 Gb/sec (4X EDR)\""));
	/* the other device's real values still read */
	assert_true(s.devices[1].pci.cur_gts == 8);
	rs_snapshot_free(&s);
	remove_tree(dir);
}

static void test_refresh_and_vanish(void **state)
{
	char *dir = copy_fixture("roce-cx5", "-a"), cmd[4200];
	const char *ports = "sys/class/infiniband/mlx5_0/ports/1";
	struct rs_snapshot s;
	struct rs_port *p0, *p1;
	char rel[256];
	uint64_t ts;

	rs_snapshot_init(&s);
	rs_root_set(dir);
	assert_int_equal(rs_collect_rdma(&s), 0);
	assert_int_equal(s.n_errors, 0);
	p0 = &s.devices[0].ports[0];
	p1 = &s.devices[1].ports[0];
	ts = p0->counters.ts_ns;

	/* Counters move, the port goes down: the tick sees both. */
	snprintf(rel, sizeof(rel), "%s/counters/port_xmit_data", ports);
	write_value(dir, rel, "3221229999\n");
	snprintf(rel, sizeof(rel), "%s/hw_counters/out_of_buffer", ports);
	write_value(dir, rel, "5\n");
	snprintf(rel, sizeof(rel), "%s/state", ports);
	write_value(dir, rel, "1: DOWN\n");
	/* A counter file that becomes unreadable keeps its last value. */
	snprintf(rel, sizeof(rel), "%s/hw_counters/np_cnp_sent", ports);
	write_value(dir, rel, "garbage\n");
	assert_int_equal(rs_collect_rdma_counters(&s), 0);
	assert_int_equal(counter(&p0->counters, "port_xmit_data"), 3221229999ull);
	assert_int_equal(counter(&p0->hw_counters, "out_of_buffer"), 5);
	assert_int_equal(counter(&p0->hw_counters, "np_cnp_sent"), 1500);
	assert_int_equal(p0->state, 1);
	assert_string_equal(p0->state_name, "DOWN");
	assert_true(p0->counters.ts_ns >= ts);
	assert_int_equal(p0->hw_counters.count, 28);
	assert_int_equal(s.n_errors, 0);

	/* mlx5_1's directory vanishes (the class link now dangles). */
	snprintf(cmd, sizeof(cmd),
		 "rm -rf '%s/sys/devices/pci0000:a0/0000:a0:03.1/0000:a2:00.1/infiniband'", dir);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(rs_collect_rdma_counters(&s), 0);
	assert_int_equal(s.devices[0].present, 1);
	assert_int_equal(s.devices[1].present, 0);
	assert_int_equal(counter(&p1->counters, "port_xmit_data"), 6442450944ull);
	assert_int_equal(p1->n_gids, 4);

	/* And the whole class directory goes (module unloaded). */
	snprintf(cmd, sizeof(cmd), "rm -rf '%s/sys/class/infiniband'", dir);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(rs_collect_rdma_counters(&s), 0);
	assert_int_equal(s.devices[0].present, 0);
	assert_int_equal(counter(&p0->counters, "port_xmit_data"), 3221229999ull);
	assert_int_equal(s.n_errors, 0);

	/* A full collection then finds nothing, and says nothing. */
	assert_int_equal(rs_collect_rdma(&s), 0);
	assert_int_equal(s.n_devices, 0);
	assert_int_equal(s.n_errors, 0);
	rs_snapshot_free(&s);
	remove_tree(dir);
}

/* A tree whose links were copied as directories (tar -h): uevent answers. */
static void test_dereferenced_copy(void **state)
{
	char *dir = copy_fixture("roce-broken", "-rL");
	struct rs_snapshot s;
	const struct rs_device *d;

	rs_snapshot_init(&s);
	rs_root_set(dir);
	assert_int_equal(rs_collect_rdma(&s), 0);
	d = dev(&s, "mlx5_2");
	assert_string_equal(d->pci.addr, "0000:05:00.0");
	assert_string_equal(d->driver, "mlx5_core");
	assert_string_equal(d->generation, "ConnectX-6 Dx");
	d = dev(&s, "mlx4_0");
	assert_string_equal(d->driver, "mlx4_core");
	assert_int_equal(s.n_errors, 8);	/* the same faults as in place */
	rs_snapshot_free(&s);
	remove_tree(dir);
}

static void test_no_rdma(void **state)
{
	char *dir = make_tmp_dir();
	struct rs_snapshot s;

	rs_snapshot_init(&s);
	rs_root_set(dir);
	assert_int_equal(rs_collect_rdma(&s), 0);
	assert_int_equal(s.n_devices, 0);
	assert_int_equal(s.n_errors, 0);
	assert_int_equal(rs_collect_rdma_counters(&s), 0);
	rs_snapshot_free(&s);
	remove_tree(dir);
}

/*
 * Live: on a host without RDMA (this project's build machines) there is no
 * device and no error.  Where devices exist, each is opened or explained.
 */
static void test_verbs_live(void **state)
{
	struct rs_snapshot s;

	rs_snapshot_init(&s);
	rs_root_set(NULL);
	assert_int_equal(rs_collect_rdma(&s), 0);
	assert_int_equal(rs_collect_verbs(&s), 0);
	if (s.n_devices == 0) {
		print_errors(&s);
		assert_int_equal(s.n_errors, 0);
	}
	for (size_t i = 0; i < s.n_devices; i++) {
		int explained = s.devices[i].verbs;

		for (size_t j = 0; j < s.n_errors && !explained; j++)
			explained = !strcmp(s.errors[j].object, s.devices[i].name);
		assert_true(explained);
		if (s.devices[i].verbs && s.devices[i].n_ports) {
			int mtu = s.devices[i].ports[0].max_mtu;

			assert_true(mtu == 256 || mtu == 512 || mtu == 1024 ||
				    mtu == 2048 || mtu == 4096);
		}
	}
	rs_snapshot_free(&s);
}

static void test_nic_generation(void **state)
{
	struct rs_device d;

	assert_string_equal(rs_nic_gen_lookup(0x15b3, 0x1017)->name, "ConnectX-5");
	assert_string_equal(rs_nic_gen_lookup(0x15b3, 0x1018)->name, "ConnectX-5 VF");
	assert_string_equal(rs_nic_gen_lookup(0x15b3, 0x1019)->name, "ConnectX-5 Ex");
	assert_string_equal(rs_nic_gen_lookup(0x15b3, 0x101f)->name, "ConnectX-6 Lx");
	assert_string_equal(rs_nic_gen_lookup(0x15b3, 0x1021)->name, "ConnectX-7");
	assert_string_equal(rs_nic_gen_lookup(0x15b3, 0xa2d6)->name, "BlueField-2");
	assert_int_equal(rs_nic_gen_lookup(0x15b3, 0x1003)->weak_roce_v2, 1);
	assert_int_equal(rs_nic_gen_lookup(0x15b3, 0x1015)->weak_roce_v2, 0);
	assert_null(rs_nic_gen_lookup(0x8086, 0x1017));
	assert_null(rs_nic_gen_lookup(0x15b3, 0x020d));	/* flash recovery */

	memset(&d, 0, sizeof(d));
	RS_STRCPY(d.hca_type, "MT4123");			/* 0x101b, no PCI */
	rs_nic_gen_fill(&d);
	assert_string_equal(d.generation, "ConnectX-6");
	memset(&d, 0, sizeof(d));
	RS_STRCPY(d.name, "siw0");
	rs_nic_gen_fill(&d);
	assert_string_equal(d.generation, "Soft-iWARP");
	memset(&d, 0, sizeof(d));
	RS_STRCPY(d.name, "roce0");
	RS_STRCPY(d.driver, "rdma_rxe");
	rs_nic_gen_fill(&d);
	assert_string_equal(d.generation, "Soft-RoCE");
	memset(&d, 0, sizeof(d));
	RS_STRCPY(d.name, "mlx4_1");
	d.pci.vendor_id = 0x15b3;
	d.pci.device_id = 0x1234;
	RS_STRCPY(d.driver, "mlx4_core");
	rs_nic_gen_fill(&d);
	assert_string_equal(d.generation, "");
	assert_int_equal(d.weak_roce_v2, 1);
}

static void test_gid_raw(void **state)
{
	const unsigned char v4[16] = { [10] = 0xff, [11] = 0xff, 10, 99, 0, 2 };
	const unsigned char v6[16] = { 0xfe, 0x80, [15] = 1 };
	struct rs_gid g = { .index = 0 };

	rs_gid_set_raw(&g, v4);
	assert_string_equal(g.gid, "0000:0000:0000:0000:0000:ffff:0a63:0002");
	assert_string_equal(g.ip, "10.99.0.2");
	assert_int_equal(g.ipv4, 1);
	rs_gid_set_raw(&g, v6);
	assert_string_equal(g.gid, "fe80:0000:0000:0000:0000:0000:0000:0001");
	assert_string_equal(g.ip, "fe80::1");
	assert_int_equal(g.ipv4, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cx5_devices),
		cmocka_unit_test(test_cx5_ports),
		cmocka_unit_test(test_cx5_gids),
		cmocka_unit_test(test_cx5_counters),
		cmocka_unit_test(test_rxe),
		cmocka_unit_test(test_prometheus),
		cmocka_unit_test(test_broken),
		cmocka_unit_test(test_refresh_and_vanish),
		cmocka_unit_test(test_implausible_floats),
		cmocka_unit_test(test_dereferenced_copy),
		cmocka_unit_test(test_no_rdma),
		cmocka_unit_test(test_verbs_live),
		cmocka_unit_test(test_nic_generation),
		cmocka_unit_test(test_gid_raw),
	};

	return cmocka_run_group_tests(tests, NULL, remove_leftovers);
}
