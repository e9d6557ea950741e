/* SPDX-License-Identifier: MIT */
/*
 * test_checks.c - the problem checks (src/diag/) on the demo host and on
 * hand-built snapshots: pass, warn/fail and skip for each check, with the
 * exact object, summary, evidence and remedy text; the table (ids unique,
 * each documented in docs/checks.md) and the runner.
 */
#include "diag/check.h"
#include "model/demo.h"
#include "model/series.h"
#include "model/snapshot_yaml.h"
#include "util.h"
#include "snapshot.h"
#include "checks_lib.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

/* ---- the demo host ---- */

static void test_demo(void **state)
{
	const struct rs_finding *x;
	struct rs_findings f;
	struct rs_snapshot s;
	char err[256];

	assert_int_equal(rs_snapshot_load_yaml(&s, rs_demo_host_yaml, rs_demo_host_yaml_len,
					       "demo", err, sizeof(err)), 0);
	rs_ct_run(&s, &f);

	rs_ct_get(&f, "device.none", "host", RS_PASS);
	rs_ct_get(&f, "device.gone", "mlx5_0", RS_PASS);
	x = rs_ct_get(&f, "pci.link_degraded", "mlx5_0", RS_FAIL);
	assert_int_equal(x->kind, RS_OBJ_DEVICE);
	assert_string_equal(x->device, "mlx5_0");
	assert_string_equal(x->summary, "PCI link below max: 8.0 GT/s x8 of 8.0 GT/s x16 "
			    "(check slot, riser, BIOS)");
	assert_string_equal(x->evidence, "/sys/bus/pci/devices/0000:3b:00.0: current_link_speed "
			    "8.0 GT/s PCIe, current_link_width 8; max_link_speed 8.0 GT/s PCIe, "
			    "max_link_width 16");
	assert_string_equal(x->expected, "current speed and width equal to the maximum "
			    "(8.0 GT/s x16)");
	assert_string_equal(x->remedy, "reseat the NIC in a x16 slot (no narrower riser), set "
			    "the slot to its maximum PCIe speed in the BIOS; confirm with "
			    "lspci -vv -s 0000:3b:00.0 (LnkSta)");
	rs_ct_get(&f, "nic.weak_roce_v2", "mlx5_1", RS_PASS);
	rs_ct_get(&f, "port.not_active", "mlx5_0 port 1", RS_PASS);
	x = rs_ct_get(&f, "port.roce_mtu_small", "mlx5_0 port 1", RS_PASS);
	assert_string_equal(x->remedy, "");
	x = rs_ct_get(&f, "port.roce_mtu_small", "mlx5_1 port 1", RS_WARN);
	assert_int_equal(x->kind, RS_OBJ_PORT);
	assert_int_equal(x->port, 1);
	assert_string_equal(x->netdev, "ens1f1np1");
	assert_string_equal(x->summary, "ens1f1np1 MTU 1500 < 4200: RoCE MTU 1024, not 4096");
	assert_string_equal(x->evidence, "/sys/class/net/ens1f1np1/mtu: 1500 -> RoCE MTU 1024");
	assert_string_equal(x->remedy, "ip link set ens1f1np1 mtu 9000 (and in its interface "
			    "config), with MTU 9216 on every switch port on the path to the peer");
	x = rs_ct_get(&f, "gid.no_roce_v2", "mlx5_0 port 1", RS_PASS);
	assert_string_equal(x->summary, "use GID index 3");
	rs_ct_get(&f, "net.default_route_rdma", "host", RS_PASS);
	x = rs_ct_get(&f, "net.shared_subnet", "ens1f0np0 ens1f1np1", RS_WARN);
	assert_string_equal(x->summary, "ens1f0np0 and ens1f1np1 share the subnet of "
			    "192.168.100.1/24: replies may leave by the wrong port");
	assert_string_equal(x->remedy, "give each RDMA interface its own subnet, or route by "
			    "source: ip rule add from 192.168.100.2 table 101; ip route add "
			    "192.168.100.0/24 dev ens1f1np1 table 101 (and arp_ignore=1, "
			    "arp_announce=2)");
	x = rs_ct_get(&f, "net.neigh_failed", "ens1f1np1 192.168.100.20", RS_FAIL);
	assert_string_equal(x->evidence, "netlink neighbours: 192.168.100.20 dev ens1f1np1 FAILED");
	assert_int_equal(rs_findings_problems(&f, "net.neigh_failed"), 2);
	x = rs_ct_get(&f, "net.peer_route", "192.168.100.20", RS_PASS);
	assert_string_equal(x->summary, "peer 192.168.100.20 via RDMA interface ens1f0np0");
	x = rs_ct_get(&f, "net.peer_neigh", "192.168.100.20", RS_PASS);
	assert_string_equal(x->summary, "neighbour 192.168.100.20 REACHABLE b8:59:9f:c1:22:10");
	rs_ct_get(&f, "host.module_missing", "mlx5_ib", RS_PASS);
	rs_ct_get(&f, "host.memlock_small", "host", RS_PASS);
	x = rs_ct_get(&f, "host.no_hugepages", "host", RS_PASS);
	assert_string_equal(x->evidence, "/sys/kernel/mm/hugepages/*/nr_hugepages: "
			    "2048 kB: 4096, 1048576 kB: 0");
	/* Structured lookups find the same findings as the object strings. */
	assert_ptr_equal(rs_findings_port(&f, "port.roce_mtu_small", "mlx5_1", 1),
			 rs_findings_get(&f, "port.roce_mtu_small", "mlx5_1 port 1"));
	assert_ptr_equal(rs_findings_port(&f, "pci.link_degraded", "mlx5_0", 0),
			 rs_findings_get(&f, "pci.link_degraded", "mlx5_0"));
	assert_ptr_equal(rs_findings_neigh(&f, "net.neigh_failed", "ens1f1np1", "192.168.100.20"),
			 rs_findings_get(&f, "net.neigh_failed", "ens1f1np1 192.168.100.20"));
	assert_null(rs_findings_port(&f, "port.roce_mtu_small", "mlx5_1", 2));
	{
		struct rs_fkey k = { .id = "net.neigh_failed", .kind = -1, .netdev = "ens1f1np1" };

		assert_int_equal(rs_findings_count_problems(&f, &k), 2);
	}
	/* One reading: nothing can be seen rising, but the totals are there. */
	rs_ct_get(&f, "counters.error_rising", "mlx5_1 port 1", RS_SKIP);
	x = rs_ct_get(&f, "counters.error_totals", "mlx5_1 port 1", RS_WARN);
	assert_non_null(strstr(x->evidence, "counters/symbol_error = 31"));
	assert_non_null(strstr(x->evidence, "hw_counters/req_cqe_error = 12"));
	rs_ct_get(&f, "counters.error_totals", "mlx5_0 port 1", RS_WARN);	/* out_of_sequence 1 */
	/* The demo's problems: 2 PCI, 1 MTU, 2 shared subnet, 2 FAILED neighbours,
	 * 2 strict rp_filter on the shared subnet, no PFC and no ECN on mlx5_1,
	 * the error totals of both ports; index 0 (RoCE v1) where tools
	 * without -x look on both ports; the NIC of ens1f1np1 (a recovered tx
	 * reporter, uncorrectable FEC blocks, a module warning, pause storm
	 * warnings) and CNPs of ens1f0np0 on a priority without PFC. */
	rs_ct_get(&f, "net.arp_flux", "ens1f0np0", RS_FAIL);
	rs_ct_get(&f, "qos.pfc", "mlx5_1 port 1", RS_WARN);
	rs_ct_get(&f, "qos.ecn", "mlx5_1 port 1", RS_WARN);
	rs_ct_get(&f, "gid.default_index", "mlx5_0 port 1", RS_WARN);
	rs_ct_get(&f, "gid.default_index", "mlx5_1 port 1", RS_WARN);
	rs_ct_get(&f, "nic.health_reporter", "ens1f1np1", RS_WARN);
	rs_ct_get(&f, "nic.fec_uncorrectable", "ens1f1np1", RS_WARN);
	rs_ct_get(&f, "nic.module_alarm", "ens1f1np1", RS_WARN);
	rs_ct_get(&f, "qos.pause_storm", "ens1f1np1", RS_WARN);
	rs_ct_get(&f, "qos.dcqcn", "ens1f0np0", RS_WARN);
	assert_int_equal(rs_findings_problems(&f, NULL), 20);
	rs_findings_free(&f);
	rs_snapshot_free(&s);
}

/* ---- hand-built snapshots ---- */

/* mlx4_0 (weak, gone, PCI fine) with a DOWN Ethernet port on eth2 (MTU
 * 9000) and an InfiniBand port; rxe0 without PCI function. */
static void build_devices(struct rs_snapshot *s)
{
	struct rs_device *d = RS_APPEND(s->devices, s->n_devices);

	snprintf(d->name, sizeof(d->name), "mlx4_0");
	snprintf(d->driver, sizeof(d->driver), "mlx4_core");
	snprintf(d->generation, sizeof(d->generation), "ConnectX-3");
	d->weak_roce_v2 = 1;
	d->present = 0;
	snprintf(d->pci.addr, sizeof(d->pci.addr), "0000:04:00.0");
	d->pci.cur_gts = d->pci.max_gts = 8;
	d->pci.cur_width = d->pci.max_width = 8;
	rs_ct_port(d, 1, 1, "Ethernet", "eth2")->gid_tbl_len = 128;	/* read, and empty */
	rs_ct_port(d, 2, 4, "InfiniBand", "");
	rs_ct_link(s, "eth2", 9000);
	d = RS_APPEND(s->devices, s->n_devices);
	snprintf(d->name, sizeof(d->name), "rxe0");
	snprintf(d->driver, sizeof(d->driver), "rdma_rxe");
	d->present = 1;
	rs_ct_port(d, 1, 4, "Ethernet", "veth0");	/* not in the link list */
}

static void test_devices(void **state)
{
	const struct rs_finding *x;
	struct rs_findings f;
	struct rs_snapshot s;

	rs_snapshot_init(&s);
	build_devices(&s);
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "device.gone", "mlx4_0", RS_FAIL);
	assert_string_equal(x->summary, "device gone: its sysfs directory vanished");
	assert_string_equal(x->evidence, "/sys/class/infiniband/mlx4_0: vanished since the "
			    "last refresh");
	assert_string_equal(x->remedy, "see dmesg for why (AER, firmware reset, driver unload); "
			    "modprobe mlx4_core or reseat the NIC, then reload (R)");
	x = rs_ct_get(&f, "pci.link_degraded", "mlx4_0", RS_PASS);
	assert_string_equal(x->summary, "PCI link 8.0 GT/s x8 at its maximum");
	x = rs_ct_get(&f, "pci.link_degraded", "rxe0", RS_SKIP);
	assert_string_equal(x->summary, "no PCI function (rdma_rxe)");
	x = rs_ct_get(&f, "nic.weak_roce_v2", "mlx4_0", RS_WARN);
	assert_string_equal(x->summary, "mlx4 (ConnectX-3 class): RoCE v2 is weak here; "
			    "prefer ConnectX-4 or newer");
	assert_string_equal(x->evidence, "driver mlx4_core, generation ConnectX-3; ports: 1 "
			    "Ethernet, 1 InfiniBand, 0 link layer unknown");
	x = rs_ct_get(&f, "port.not_active", "mlx4_0 port 1", RS_FAIL);
	assert_string_equal(x->summary, "port not ACTIVE (DOWN): netdev down or no carrier");
	assert_string_equal(x->evidence, "/sys/class/infiniband/mlx4_0/ports/1/state: 1: DOWN, "
			    "phys_state Disabled");
	assert_string_equal(x->remedy, "ip link set eth2 up; check cable, transceiver and the "
			    "switch port (ethtool eth2: Link detected)");
	rs_ct_get(&f, "port.not_active", "mlx4_0 port 2", RS_PASS);
	x = rs_ct_get(&f, "port.roce_mtu_small", "mlx4_0 port 1", RS_PASS);
	assert_string_equal(x->summary, "eth2 MTU 9000: RoCE MTU 4096");
	x = rs_ct_get(&f, "port.roce_mtu_small", "mlx4_0 port 2", RS_SKIP);
	assert_string_equal(x->summary, "InfiniBand: no netdev MTU to check");
	x = rs_ct_get(&f, "port.roce_mtu_small", "rxe0 port 1", RS_SKIP);
	assert_string_equal(x->summary, "netdev veth0: MTU unknown");
	x = rs_ct_get(&f, "gid.no_roce_v2", "mlx4_0 port 1", RS_FAIL);
	assert_non_null(strstr(x->summary, "no GID index to use: "));
	assert_string_equal(x->remedy, "ip link set eth2 up; ip addr add ADDR/LEN dev eth2; "
			    "then check the RoCE v2 entries appear (rocescope gids)");
	rs_ct_get(&f, "gid.no_roce_v2", "mlx4_0 port 2", RS_SKIP);
	rs_findings_free(&f);
	rs_snapshot_free(&s);
}

static void test_no_device(void **state)
{
	const struct rs_finding *x;
	struct rs_findings f;
	struct rs_snapshot s;

	rs_snapshot_init(&s);
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "device.none", "host", RS_FAIL);
	assert_string_equal(x->summary, "no RDMA device: no driver loaded, or no RDMA NIC here");
	assert_string_equal(x->remedy, "modprobe mlx5_core mlx5_ib (ConnectX); for Soft-RoCE: "
			    "rdma link add rxe0 type rxe netdev ETH");
	/* Nothing collected: every other check skips, none passes silently. */
	for (size_t i = 0; i < f.count; i++)
		if (strcmp(f.items[i].id, "device.none"))
			assert_int_equal(f.items[i].verdict, RS_SKIP);
	assert_int_equal(rs_findings_problems(&f, NULL), 1);
	rs_findings_free(&f);
	rs_snapshot_free(&s);
}

static void add_module(struct rs_host *h, const char *name, int loaded)
{
	struct rs_module *m = RS_APPEND(h->modules, h->n_modules);

	snprintf(m->name, sizeof(m->name), "%s", name);
	m->loaded = loaded;
}

static void test_host(void **state)
{
	const struct rs_finding *x;
	struct rs_findings f;
	struct rs_snapshot s;
	struct rs_hugepages *hp;

	rs_snapshot_init(&s);
	add_module(&s.host, "mlx5_core", 1);
	add_module(&s.host, "mlx5_ib", 0);
	add_module(&s.host, "ib_uverbs", 1);
	s.host.memlock_known = 1;
	s.host.memlock_soft = s.host.memlock_hard = 8ULL << 20;
	snprintf(s.host.memlock_conf, sizeof(s.host.memlock_conf), "8192");
	snprintf(s.host.memlock_conf_file, sizeof(s.host.memlock_conf_file),
		 "/etc/security/limits.conf");
	hp = RS_APPEND(s.host.hugepages, s.host.n_hugepages);
	hp->size_kb = 2048;
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "host.module_missing", "mlx5_ib", RS_FAIL);
	assert_int_equal(x->kind, RS_OBJ_MODULE);
	assert_string_equal(x->summary, "mlx5_ib not loaded (mlx5_core is: modprobe it)");
	assert_string_equal(x->evidence, "/proc/modules: mlx5_ib not loaded, mlx5_core loaded");
	assert_string_equal(x->remedy, "modprobe mlx5_ib; to persist: echo mlx5_ib >> "
			    "/etc/modules-load.d/rdma.conf");
	rs_ct_get(&f, "host.module_missing", "ib_uverbs", RS_PASS);
	assert_null(rs_findings_get(&f, "host.module_missing", "mlx5_core"));
	x = rs_ct_get(&f, "host.memlock_small", "host", RS_FAIL);	/* CAP_IPC_LOCK unknown */
	assert_string_equal(x->summary, "this process (CAP_IPC_LOCK unknown): memlock soft 8 MiB, "
			    "hard 8 MiB: RDMA pins buffers, big MRs fail (ENOMEM)");
	assert_string_equal(x->evidence, "getrlimit(RLIMIT_MEMLOCK) of this process: soft 8 MiB, "
			    "hard 8 MiB; configured: 8192 in /etc/security/limits.conf; "
			    "CAP_IPC_LOCK unknown");
	assert_string_equal(x->remedy, "add '* soft memlock unlimited' and '* hard memlock "
			    "unlimited' to /etc/security/limits.d/rdma.conf and log in again "
			    "(services: LimitMEMLOCK=infinity)");
	x = rs_ct_get(&f, "host.no_hugepages", "host", RS_WARN);
	assert_string_equal(x->summary, "no huge pages reserved: large RDMA buffers use more "
			    "MTT entries");
	assert_string_equal(x->remedy, "echo 2048 > /sys/kernel/mm/hugepages/hugepages-2048kB/"
			    "nr_hugepages (persist: vm.nr_hugepages = 2048 in /etc/sysctl.d/)");
	rs_findings_free(&f);

	/* The same 8 MiB with CAP_IPC_LOCK (root): this process is exempt, the
	 * host's other users are not - a warning about them, not a failure. */
	s.host.cap_ipc_lock = 1;
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "host.memlock_small", "host", RS_WARN);
	assert_string_equal(x->summary, "this process holds CAP_IPC_LOCK: no limit applies to it; "
			    "other users' logins get 8 MiB (/etc/security/limits.conf): their "
			    "big MRs fail (ENOMEM)");
	assert_non_null(strstr(x->evidence, "; CAP_IPC_LOCK held"));
	rs_findings_free(&f);
	/* No memlock line: logins keep the default this process has too. */
	s.host.memlock_conf[0] = s.host.memlock_conf_file[0] = '\0';
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "host.memlock_small", "host", RS_WARN);
	assert_string_equal(x->summary, "this process holds CAP_IPC_LOCK: no limit applies to it; "
			    "other users' logins get 8 MiB (no memlock line in limits.conf: the "
			    "default, as this process has): their big MRs fail (ENOMEM)");
	rs_findings_free(&f);
	/* A healthy root pair: exempt, and limits.d gives logins unlimited -
	 * nothing to warn about (a warning on main before issue 12). */
	RS_STRCPY(s.host.memlock_conf, "unlimited");
	RS_STRCPY(s.host.memlock_conf_file, "/etc/security/limits.d/rdma.conf");
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "host.memlock_small", "host", RS_PASS);
	assert_string_equal(x->summary, "this process holds CAP_IPC_LOCK: no limit applies to it; "
			    "other users' logins get unlimited (/etc/security/limits.d/rdma.conf)");
	assert_string_equal(x->remedy, "");
	rs_findings_free(&f);
	RS_STRCPY(s.host.memlock_conf, "8192");
	RS_STRCPY(s.host.memlock_conf_file, "/etc/security/limits.conf");
	s.host.cap_ipc_lock = 0;

	/* 128 MiB: a warning; mlx5_core not loaded: nothing to expect. */
	s.host.memlock_soft = 128ULL << 20;
	s.host.modules[0].loaded = 0;
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "host.memlock_small", "host", RS_WARN);
	assert_string_equal(x->summary, "this process (no CAP_IPC_LOCK): memlock soft 128 MiB, "
			    "hard 8 MiB: RDMA pins buffers, big MRs fail (ENOMEM)");
	x = rs_ct_get(&f, "host.module_missing", "mlx5_ib", RS_SKIP);
	assert_string_equal(x->remedy, "");
	rs_findings_free(&f);

	/* Limits not read, no hugepages directory, no module list: skips. */
	s.host.memlock_known = 0;
	s.host.n_hugepages = 0;
	s.host.n_modules = 0;
	rs_ct_run(&s, &f);
	rs_ct_get(&f, "host.memlock_small", "host", RS_SKIP);
	rs_ct_get(&f, "host.no_hugepages", "host", RS_SKIP);
	rs_ct_get(&f, "host.module_missing", "host", RS_SKIP);
	rs_findings_free(&f);
	s.host.n_hugepages = 1;
	s.host.n_modules = 3;
	rs_snapshot_free(&s);
}

static void add_route(struct rs_snapshot *s, const char *dst, const char *gw, const char *dev)
{
	struct rs_route *r = RS_APPEND(s->routes, s->n_routes);

	r->family = 4;
	r->table = 254;
	snprintf(r->dst, sizeof(r->dst), "%s", dst);
	snprintf(r->gateway, sizeof(r->gateway), "%s", gw);
	snprintf(r->dev, sizeof(r->dev), "%s", dev);
}

static void add_neigh(struct rs_snapshot *s, const char *dev, const char *ip, const char *st)
{
	struct rs_neigh *n = RS_APPEND(s->neighs, s->n_neighs);

	n->family = 4;
	snprintf(n->dev, sizeof(n->dev), "%s", dev);
	snprintf(n->ip, sizeof(n->ip), "%s", ip);
	snprintf(n->state, sizeof(n->state), "%s", st);
	snprintf(n->mac, sizeof(n->mac), "%s", strcmp(st, "REACHABLE") ? "" : "02:00:00:00:00:01");
}

static void set_peer(struct rs_snapshot *s, const char *peer, int ok, const char *dev,
		     const char *gw)
{
	memset(&s->peer, 0, sizeof(s->peer));
	snprintf(s->peer.peer, sizeof(s->peer.peer), "%s", peer);
	s->peer.ok = ok;
	snprintf(s->peer.dev, sizeof(s->peer.dev), "%s", dev);
	snprintf(s->peer.src, sizeof(s->peer.src), "10.0.0.1");
	snprintf(s->peer.gateway, sizeof(s->peer.gateway), "%s", gw);
	snprintf(s->peer.error, sizeof(s->peer.error), "%s", ok ? "" : "Network is unreachable");
}

static void test_network(void **state)
{
	const struct rs_finding *x;
	struct rs_findings f;
	struct rs_snapshot s;

	rs_snapshot_init(&s);
	build_devices(&s);	/* RDMA netdevs: eth2, veth0 */
	add_route(&s, "default", "10.0.0.254", "eth2");
	add_neigh(&s, "eth2", "10.0.0.254", "REACHABLE");
	add_neigh(&s, "eth2", "10.0.0.9", "INCOMPLETE");
	add_neigh(&s, "eno1", "192.0.2.1", "FAILED");	/* not an RDMA interface */
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "net.default_route_rdma", "eth2", RS_WARN);
	assert_string_equal(x->summary, "the default route (IPv4) leaves through RDMA interface eth2");
	assert_string_equal(x->evidence, "netlink routes, table main: default via 10.0.0.254 "
			    "dev eth2 metric 0");
	assert_string_equal(x->remedy, "ip route del default dev eth2, keep the default on the "
			    "management interface, ip route add PEER_SUBNET dev eth2");
	rs_ct_get(&f, "net.shared_subnet", "host", RS_SKIP);	/* no addresses */
	x = rs_ct_get(&f, "net.neigh_failed", "eth2 10.0.0.9", RS_FAIL);
	assert_string_equal(x->summary, "neigh 10.0.0.9 INCOMPLETE: its MAC is unknown");
	assert_string_equal(x->remedy, "check 10.0.0.9 is up and on the same subnet/VLAN: "
			    "ping -c1 -I eth2 10.0.0.9; ip neigh flush dev eth2 to retry");
	assert_null(rs_findings_get(&f, "net.neigh_failed", "eno1 192.0.2.1"));
	rs_ct_get(&f, "net.peer_route", "peer", RS_SKIP);
	rs_ct_get(&f, "net.peer_neigh", "peer", RS_SKIP);
	rs_findings_free(&f);

	set_peer(&s, "10.0.1.5", 0, "", "");
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "net.peer_route", "10.0.1.5", RS_FAIL);
	assert_string_equal(x->summary, "peer 10.0.1.5: no route: Network is unreachable");
	assert_string_equal(x->remedy, "ip route add 10.0.1.5/32 dev RDMA_NETDEV (or an address "
			    "in the peer's subnet on the RDMA interface)");
	rs_ct_get(&f, "net.peer_neigh", "10.0.1.5", RS_SKIP);
	rs_findings_free(&f);

	set_peer(&s, "10.0.1.5", 1, "eno1", "");
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "net.peer_route", "10.0.1.5", RS_FAIL);
	assert_string_equal(x->summary, "eno1 is not an RDMA interface: RoCE to this peer "
			    "cannot use it");
	rs_findings_free(&f);

	set_peer(&s, "10.0.1.5", 1, "eth2", "10.0.0.254");	/* via a resolved gateway */
	rs_ct_run(&s, &f);
	rs_ct_get(&f, "net.peer_route", "10.0.1.5", RS_PASS);
	x = rs_ct_get(&f, "net.peer_neigh", "10.0.1.5", RS_PASS);
	assert_string_equal(x->summary, "neighbour 10.0.0.254 REACHABLE 02:00:00:00:00:01");
	rs_findings_free(&f);

	set_peer(&s, "10.0.0.9", 1, "eth2", "");
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "net.peer_neigh", "10.0.0.9", RS_FAIL);
	assert_string_equal(x->summary, "neighbour 10.0.0.9 INCOMPLETE: nobody answers ARP for "
			    "it (peer down, other subnet or VLAN): RoCE will hang");
	rs_findings_free(&f);

	set_peer(&s, "10.0.0.7", 1, "eth2", "");
	rs_ct_run(&s, &f);
	x = rs_ct_get(&f, "net.peer_neigh", "10.0.0.7", RS_WARN);
	assert_string_equal(x->summary, "no neighbour entry yet (ping the peer once)");
	assert_string_equal(x->remedy, "ping -c1 -I eth2 10.0.0.7");
	rs_findings_free(&f);
	rs_snapshot_free(&s);
}

static void test_shared_subnet(void **state)
{
	static const char *const a[][3] = {
		{ "eth2", "10.0.0.1", "global" }, { "veth0", "10.0.0.200", "global" },
		{ "eno1", "10.0.0.3", "global" },
	};
	struct rs_findings f;
	struct rs_snapshot s;

	rs_snapshot_init(&s);
	build_devices(&s);
	for (size_t i = 0; i < 3; i++) {
		struct rs_addr *x = RS_APPEND(s.addrs, s.n_addrs);

		snprintf(x->ifname, sizeof(x->ifname), "%s", a[i][0]);
		snprintf(x->addr, sizeof(x->addr), "%s", a[i][1]);
		snprintf(x->scope, sizeof(x->scope), "%s", a[i][2]);
		x->family = 4;
		x->prefixlen = 24;
	}
	rs_ct_run(&s, &f);
	rs_ct_get(&f, "net.shared_subnet", "eth2 veth0", RS_WARN);
	assert_int_equal(rs_findings_problems(&f, "net.shared_subnet"), 1);	/* not eno1 */
	rs_findings_free(&f);
	s.addrs[1].prefixlen = 25;	/* 10.0.0.128/25: another subnet */
	rs_ct_run(&s, &f);
	rs_ct_get(&f, "net.shared_subnet", "host", RS_PASS);
	rs_findings_free(&f);
	rs_snapshot_free(&s);
}

/* Ids unique, dotted, documented; unknown ids refused; roce_mtu edges. */
static void test_table(void **state)
{
	const char *top = getenv("top_srcdir");
	char path[4096], *doc = NULL;
	struct rs_check_ctx ctx = { 0 };
	struct rs_findings f;
	struct rs_snapshot s;
	size_t len = 0;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/docs/checks.md", top ? top : ".");
	fp = fopen(path, "r");
	assert_non_null(fp);
	doc = calloc(1, 1 << 20);
	assert_non_null(doc);
	len = fread(doc, 1, (1 << 20) - 1, fp);
	fclose(fp);
	assert_true(len > 0);
	for (const struct rs_check *c = rs_checks; c->id; c++) {
		char want[128];

		assert_non_null(strchr(c->id, '.'));
		assert_ptr_equal(rs_check_find(c->id), c);
		snprintf(want, sizeof(want), "`%s`", c->id);
		if (!strstr(doc, want))
			fail_msg("%s is not documented in docs/checks.md", c->id);
	}
	free(doc);
	rs_snapshot_init(&s);
	rs_findings_init(&f);
	ctx.snap = &s;
	assert_int_equal(rs_check_run(&ctx, "no.such_check", &f), -ENOENT);
	assert_int_equal(rs_check_run(&ctx, "device.none", &f), 0);
	assert_int_equal(f.count, 1);
	rs_findings_free(&f);
	assert_int_equal(rs_roce_mtu(4200), 4096);
	assert_int_equal(rs_roce_mtu(4191), 2048);
	assert_int_equal(rs_roce_mtu(1500), 1024);
	assert_int_equal(rs_roce_mtu(300), 0);
	assert_string_equal(rs_verdict_name(RS_SKIP), "skip");
}

/* ---- counters rising between two readings ---- */

static struct rs_port *rising_host(struct rs_snapshot *s)
{
	struct rs_device *d;
	struct rs_port *p;

	rs_snapshot_init(s);
	d = RS_APPEND(s->devices, s->n_devices);
	RS_STRCPY(d->name, "rxe0");
	d->present = 1;
	p = RS_APPEND(d->ports, d->n_ports);
	p->num = 1;
	RS_STRCPY(p->netdev, "veth0");
	rs_counter_set_add(&p->hw_counters, "sent_pkts", 100);
	rs_counter_set_add(&p->hw_counters, "completer_retry_err", 5);
	rs_counter_set_add(&p->hw_counters, "retry_exceeded_err", 0);
	p->hw_counters.ts_ns = 1000000000ULL;
	return p;
}

static void test_error_rising(void **state)
{
	struct rs_findings f;
	struct rs_series ser;
	struct rs_snapshot s;
	struct rs_port *p = rising_host(&s);
	const struct rs_finding *x;

	rs_findings_init(&f);
	rs_series_init(&ser, 0);
	rs_ct_rising(&s, &ser, &f);
	rs_ct_get(&f, "counters.error_rising", "rxe0 port 1", RS_SKIP);	/* the baseline */

	/* traffic only: nothing rises */
	p->hw_counters.items[0].value += 1000;
	p->hw_counters.ts_ns += 1000000000ULL;
	rs_ct_rising(&s, &ser, &f);
	x = rs_ct_get(&f, "counters.error_rising", "rxe0 port 1", RS_PASS);
	assert_string_equal(x->remedy, "");

	/* rxe's retransmit timer under emulation: worth a look, not a failure */
	p->hw_counters.items[1].value += 3;
	p->hw_counters.ts_ns += 1000000000ULL;
	rs_ct_rising(&s, &ser, &f);
	x = rs_ct_get(&f, "counters.error_rising", "rxe0 port 1", RS_WARN);
	assert_string_equal(x->summary, "1 error counter rising: completer_retry_err");

	/* retries exhausted: packets are lost on the path */
	p->hw_counters.items[2].value += 2;
	p->hw_counters.ts_ns += 2000000000ULL;
	rs_ct_rising(&s, &ser, &f);
	x = rs_ct_get(&f, "counters.error_rising", "rxe0 port 1", RS_FAIL);
	assert_string_equal(x->summary, "1 error counter rising: retry_exceeded_err");
	assert_string_equal(x->evidence, "hw_counters/retry_exceeded_err +2 in the last 2.0 s");
	/* retries exhausted put the QP in error: the fatal-QP remedy (issue 12) */
	assert_non_null(strstr(x->remedy, "a QP went to the error state"));
	assert_int_equal(x->kind, RS_OBJ_PORT);
	assert_string_equal(x->netdev, "veth0");

	/* and flat again in the next interval */
	p->hw_counters.ts_ns += 1000000000ULL;
	rs_ct_rising(&s, &ser, &f);
	rs_ct_get(&f, "counters.error_rising", "rxe0 port 1", RS_PASS);
	rs_findings_free(&f);
	rs_series_free(&ser);
	rs_snapshot_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_demo),
		cmocka_unit_test(test_devices),
		cmocka_unit_test(test_no_device),
		cmocka_unit_test(test_host),
		cmocka_unit_test(test_network),
		cmocka_unit_test(test_shared_subnet),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_error_rising),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
