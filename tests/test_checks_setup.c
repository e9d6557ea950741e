/* SPDX-License-Identifier: MIT */
/*
 * test_checks_setup.c - the setup checks (src/diag/checks_setup.c) on the demo host
 * (strict rp_filter on two ports in one subnet), edited copies of it and
 * site profiles: ARP flux, the GID index a user gives, large messages,
 * the profile's firmware, link speed and MTU - for the pass and every
 * failure each check knows.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture/capture.h"
#include "diag/check.h"
#include "model/demo.h"
#include "model/snapshot_yaml.h"
#include "tests/helpers/checks_ctx.h"
#include "util.h"

static void test_arp_flux(void **state)
{
	const struct rs_finding *x;

	x = rs_cc_judge("net.arp_flux", "ens1f1np1", RS_FAIL); /* strict rp_filter */
	assert_non_null(strstr(x->remedy, "net.ipv4.conf.ens1f1np1.rp_filter=2"));
	rs_cc_link("ens1f1np1")->rp_filter = 2;
	x = rs_cc_judge("net.arp_flux", "ens1f1np1", RS_WARN); /* arp_ignore 0 */
	assert_non_null(strstr(x->summary, "ARP flux"));
	rs_cc_link("ens1f1np1")->arp_ignore = 1;
	rs_cc_link("ens1f1np1")->arp_announce = 2;
	rs_cc_judge("net.arp_flux", "ens1f1np1", RS_PASS);
	rs_cc_link("ens1f1np1")->rp_filter = -1;
	rs_cc_judge("net.arp_flux", "ens1f1np1", RS_SKIP);
}

static void test_user_index(void **state)
{
	const struct rs_finding *x;

	rs_cc_judge("gid.user_index", "host", RS_SKIP); /* no -x given */
	rs_cc.params.gid_index = 3;
	rs_cc_judge("gid.user_index", "mlx5_0 port 1", RS_PASS);
	rs_cc.params.gid_index = 2;
	x = rs_cc_judge("gid.user_index", "mlx5_0 port 1", RS_FAIL);
	assert_non_null(strstr(x->summary, "RoCE v1"));
	assert_non_null(strstr(x->remedy, "use -x 3"));
	rs_cc.params.gid_index = 1;
	x = rs_cc_judge("gid.user_index", "mlx5_0 port 1", RS_WARN);
	assert_non_null(strstr(x->summary, "link-local"));
	rs_cc.params.gid_index = 9;
	x = rs_cc_judge("gid.user_index", "mlx5_0 port 1", RS_FAIL);
	assert_non_null(strstr(x->summary, "empty"));
	/* the address behind index 3 was removed from the netdev: stale */
	rs_cc.params.gid_index = 3;
	for (size_t i = 0; i < rs_cc.snap.n_addrs; i++)
		if (!strcmp(rs_cc.snap.addrs[i].addr, "192.168.100.1"))
			RS_STRCPY(rs_cc.snap.addrs[i].addr, "192.168.100.9");
	x = rs_cc_judge("gid.user_index", "mlx5_0 port 1", RS_FAIL);
	assert_non_null(strstr(x->summary, "no longer on"));
	x = rs_cc_judge("gid.no_roce_v2", "mlx5_0 port 1", RS_WARN);
	assert_non_null(strstr(x->summary, "no longer on"));
	/* the entry's type not read: neither a RoCE v1 trap nor a pass */
	rs_cc.snap.devices[0].ports[0].gids[3].type = RS_GID_TYPE_UNKNOWN;
	x = rs_cc_judge("gid.user_index", "mlx5_0 port 1", RS_SKIP);
	assert_string_equal(x->summary, "GID index 3: its type is unknown (gid_attrs/types not "
					"read)");
	/* no GID table read at all: an index is not "empty", it is unknown */
	rs_cc.snap.devices[0].ports[0].n_gids = 0;
	rs_cc.snap.devices[0].ports[0].gid_tbl_len = 0;
	rs_cc.params.gid_index = 9;
	x = rs_cc_judge("gid.user_index", "mlx5_0 port 1", RS_SKIP);
	assert_string_equal(x->summary, "GID index 9: the port's GID table was not read");
	rs_cc.snap.devices[0].ports[0].n_gids = 6; /* teardown frees the array */
}

static void test_large_messages(void **state)
{
	const struct rs_finding *x;

	rs_cc_judge("host.memlock_for_test", "host", RS_SKIP); /* no -s */
	rs_cc_judge("device.max_mr", "host", RS_SKIP);
	rs_cc.params.msg_size = 8 << 20;
	rs_cc_judge("host.memlock_for_test", "host", RS_PASS); /* unlimited */
	rs_cc_judge("device.max_mr", "mlx5_0 port 1", RS_PASS);
	rs_cc.snap.host.memlock_soft = 64 << 10;
	x = rs_cc_judge("host.memlock_for_test", "host", RS_FAIL);
	assert_non_null(strstr(x->evidence, "= 1024 MiB")); /* 8 MiB x 128 x 1 */
	assert_non_null(strstr(x->summary, "Couldn't allocate MR"));
	rs_cc.snap.host.cap_ipc_lock = 1;
	x = rs_cc_judge("host.memlock_for_test", "host", RS_PASS);
	assert_non_null(strstr(x->summary, "CAP_IPC_LOCK"));
	rs_cc.params.msg_size = 2ULL << 30;
	rs_cc_judge("device.max_mr", "mlx5_0 port 1", RS_FAIL);
	rs_cc.snap.devices[0].max_mr_size = 0;
	rs_cc_judge("device.max_mr", "mlx5_0 port 1", RS_SKIP);
}

static void test_profile_checks(void **state)
{
	rs_cc_judge("profile.mtu", "host", RS_SKIP);
	rs_cc_judge("profile.firmware", "host", RS_SKIP);
	rs_cc_profile("lossless");
	rs_cc_judge("profile.mtu", "mlx5_0 port 1", RS_PASS);
	rs_cc_judge("profile.mtu", "mlx5_1 port 1", RS_FAIL);
	rs_cc_judge("profile.link_speed", "mlx5_0 port 1", RS_PASS);
	rs_cc_judge("profile.firmware", "mlx5_0", RS_PASS);
	RS_STRCPY(rs_cc.snap.devices[0].fw_ver, "16.31.1014");
	rs_cc_judge("profile.firmware", "mlx5_0", RS_WARN);
	rs_cc.snap.devices[0].ports[0].rate_gbps = 25;
	rs_cc_judge("profile.link_speed", "mlx5_0 port 1", RS_FAIL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_arp_flux, rs_cc_setup, rs_cc_teardown),
		cmocka_unit_test_setup_teardown(test_user_index, rs_cc_setup, rs_cc_teardown),
		cmocka_unit_test_setup_teardown(test_large_messages, rs_cc_setup, rs_cc_teardown),
		cmocka_unit_test_setup_teardown(test_profile_checks, rs_cc_setup, rs_cc_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
