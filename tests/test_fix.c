/* SPDX-License-Identifier: MIT */
/*
 * test_fix.c - `rocescope fix` below the command: the plan built from the
 * demo host's findings (which checks get which steps, the site values
 * taken from a profile and never guessed, one step per thing changed, the
 * order, our files' lines), the merge of our files, the journal written
 * and read back without loss, the state directory's rules; and the two
 * checks this work added or widened (rdma.cm_defaults, the modules).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "checks_lib.h"
#include "diag/check.h"
#include "fix/fix_priv.h"
#include "util.h"

/* The demo host, its checks' context and findings, a plan of them. */
static struct {
	struct rs_fix_plan plan;
	struct rs_fix_opts o;
	struct rs_snapshot snap;
	struct rs_check_params params;
	struct rs_profile profile;
	struct rs_check_ctx ctx;
	struct rs_findings f;
} w;

static int setup(void **state)
{
	memset(&w, 0, sizeof(w));
	rs_ct_demo(&w.snap);
	rs_check_params_init(&w.params);
	rs_profile_init(&w.profile, "test");
	w.ctx.snap = &w.snap;
	w.ctx.params = &w.params;
	rs_findings_init(&w.f);
	return 0;
}

static int teardown(void **state)
{
	rs_fix_plan_free(&w.plan);
	rs_findings_free(&w.f);
	rs_snapshot_free(&w.snap);
	return 0;
}

/* The checks, then the plan, with the profile when given. */
static size_t plan(int with_profile)
{
	w.params.profile = with_profile ? &w.profile : NULL;
	w.o.profile = w.params.profile;
	rs_checks_run(&w.ctx, &w.f);
	return rs_fix_plan_build(&w.plan, &w.snap, &w.f, &w.o);
}

static const struct rs_fix_step *step(enum rs_fix_kind k, const char *target)
{
	for (size_t i = 0; i < w.plan.n; i++)
		if (w.plan.steps[i].kind == k && !strcmp(w.plan.steps[i].target, target))
			return &w.plan.steps[i];
	return NULL;
}

/* Without a profile: the ARP sysctls of the demo's shared subnet are
 * planned, with their sysctl.d lines; what only the site knows is not. */
static void test_plan_demo(void **state)
{
	const struct rs_fix_step *st;

	assert_true(plan(0) > 0);
	st = step(RS_FIX_VALUE, "/proc/sys/net/ipv4/conf/ens1f0np0/rp_filter");
	assert_non_null(st);
	assert_string_equal(st->check, "net.arp_flux");
	assert_string_equal(st->cur, "1");
	assert_string_equal(st->want, "2");
	assert_string_equal(st->command, "sysctl -w net.ipv4.conf.ens1f0np0.rp_filter=2");
	assert_int_equal(st->persists, 1);
	assert_string_equal(st->blocked, "");
	st = step(RS_FIX_MTU, "ens1f1np1");
	assert_non_null(st);
	assert_non_null(strstr(st->blocked, "needs the site's MTU"));
	assert_string_equal(st->want, "");
	st = step(RS_FIX_PFC, "ens1f1np1");
	assert_non_null(st);
	assert_non_null(strstr(st->blocked, "needs the site's RoCE priority"));
	st = step(RS_FIX_FILE, "/etc/sysctl.d/90-rocescope.conf");
	assert_non_null(st);
	assert_non_null(strstr(st->want, "net.ipv4.conf.ens1f1np1.arp_announce = 2"));
	/* Files come last, modules first: enum order. */
	for (size_t i = 1; i < w.plan.n; i++)
		assert_true(w.plan.steps[i - 1].kind <= w.plan.steps[i].kind);
}

/* With the site's values: the MTU, PFC on its priority, ECN there. */
static void test_plan_profile(void **state)
{
	const struct rs_fix_step *st;
	char err[256];

	assert_int_equal(rs_profile_set(&w.profile, "mtu", "9000", err, sizeof(err)), 0);
	assert_int_equal(rs_profile_set(&w.profile, "pfc_priority", "3", err, sizeof(err)), 0);
	plan(1);
	st = step(RS_FIX_MTU, "ens1f1np1");
	assert_non_null(st);
	assert_string_equal(st->blocked, "");
	assert_string_equal(st->cur, "1500");
	assert_string_equal(st->want, "9000");
	assert_string_equal(st->command, "ip link set ens1f1np1 mtu 9000");
	assert_int_equal(st->persists, 0);
	/* port.roce_mtu_small and profile.mtu want the same MTU: one step. */
	assert_non_null(strstr(st->also, "profile.mtu"));
	st = step(RS_FIX_PFC, "ens1f1np1");
	assert_non_null(st);
	assert_string_equal(st->want, "0x08");
	st = step(RS_FIX_VALUE, "/sys/class/net/ens1f1np1/ecn/roce_np/enable/3");
	assert_non_null(st);
	assert_string_equal(st->want, "1");
}

/* Only the checks asked for, and only one object. */
static void test_plan_filter(void **state)
{
	static const char *const only[] = { "net.arp_flux" };

	w.o.checks = only;
	w.o.n_checks = 1;
	w.o.object = "ens1f1np1";
	plan(0);
	assert_null(step(RS_FIX_VALUE, "/proc/sys/net/ipv4/conf/ens1f0np0/rp_filter"));
	assert_non_null(step(RS_FIX_VALUE, "/proc/sys/net/ipv4/conf/ens1f1np1/rp_filter"));
	assert_null(step(RS_FIX_MTU, "ens1f1np1"));
	for (size_t i = 0; i < w.plan.n; i++)
		assert_string_equal(w.plan.steps[i].check, "net.arp_flux");
	assert_true(rs_fix_has_rule("qos.pfc"));
	assert_false(rs_fix_has_rule("device.none"));
}

/* A hand-set neighbour on the route to the peer is planned from net.ping;
 * a FAILED one (the network's answer) is not removed. */
static void test_plan_neigh(void **state)
{
	struct rs_finding f = { .id = "net.ping", .verdict = RS_FAIL, .kind = RS_OBJ_PEER };
	struct rs_neigh *nb;

	RS_STRCPY(w.snap.peer.peer, "192.168.100.20");
	RS_STRCPY(w.snap.peer.dev, "ens1f0np0");
	w.snap.peer.ok = 1;
	w.snap.peer.gateway[0] = '\0';
	/* The demo's own entry for the peer, made hand-set. */
	nb = (struct rs_neigh *)rs_snapshot_neigh(&w.snap, "ens1f0np0", "192.168.100.20");
	assert_non_null(nb);
	RS_STRCPY(nb->mac, "02:00:00:00:00:99");
	RS_STRCPY(nb->state, "PERMANENT");
	RS_STRCPY(f.object, "192.168.100.20");
	rs_fix_plan_finding(&w.plan, &w.snap, &f, &w.o);
	assert_int_equal(w.plan.n, 1);
	assert_string_equal(w.plan.steps[0].target, "ens1f0np0 192.168.100.20");
	assert_string_equal(w.plan.steps[0].command, "ip neigh del 192.168.100.20 dev ens1f0np0");
	rs_fix_plan_free(&w.plan);
	RS_STRCPY(nb->state, "FAILED");
	rs_fix_plan_finding(&w.plan, &w.snap, &f, &w.o);
	assert_int_equal(w.plan.n, 0);
}

static void test_file_merge(void **state)
{
	char out[1024];
	const char *ours = RS_FIX_MARKER "\nnet.ipv4.conf.a0.arp_ignore = 1\nvm.nr_hugepages = 64\n";

	assert_int_equal(rs_fix_file_merge(RS_FIX_SYSCTL_FILE, "", 0, "vm.nr_hugepages = 512",
					   out, sizeof(out)), 0);
	assert_string_equal(out, RS_FIX_MARKER "\nvm.nr_hugepages = 512\n");
	/* The same setting is replaced, the others kept in their order. */
	assert_int_equal(rs_fix_file_merge(RS_FIX_SYSCTL_FILE, ours, 1, "vm.nr_hugepages = 512",
					   out, sizeof(out)), 0);
	assert_string_equal(out, RS_FIX_MARKER "\nnet.ipv4.conf.a0.arp_ignore = 1\n"
			    "vm.nr_hugepages = 512\n");
	/* limits.conf: domain, type and item make the key. */
	assert_int_equal(rs_fix_file_merge(RS_FIX_LIMITS_FILE, RS_FIX_MARKER "\n* soft memlock 64\n"
					   "* soft nofile 1024\n", 1, "* soft memlock unlimited",
					   out, sizeof(out)), 0);
	assert_string_equal(out, RS_FIX_MARKER "\n* soft nofile 1024\n* soft memlock unlimited\n");
	/* Another's file is never edited. */
	assert_int_equal(rs_fix_file_merge(RS_FIX_SYSCTL_FILE, "# mine\nvm.x = 1\n", 1, "vm.y = 2",
					   out, sizeof(out)), -EPERM);
	assert_false(rs_fix_file_is_ours(RS_FIX_MARKER "x\n"));
	assert_true(rs_fix_file_is_ours(RS_FIX_MARKER));
}

/* The journal says everything back, even values of several lines. */
static void test_journal_roundtrip(void **state)
{
	char dir[] = "/tmp/rs-fix-unit-XXXXXX", err[256], path[128];
	struct rs_fix_set set = { .id = 3 }, back;
	struct rs_fix_entry *e;

	assert_non_null(mkdtemp(dir));
	RS_STRCPY(set.started, "2026-12-01T10:00:00Z");
	RS_STRCPY(set.who, "root (uid 0)");
	RS_STRCPY(set.command, "rocescope fix --apply \"quoted\"");
	RS_STRCPY(set.root, "/");
	e = RS_APPEND(set.entries, set.n);
	e->kind = RS_FIX_FILE;
	RS_STRCPY(e->check, "net.arp_flux");
	RS_STRCPY(e->target, "/etc/sysctl.d/90-rocescope.conf");
	RS_STRCPY(e->old, RS_FIX_MARKER "\n\tvm.x = 1 \\ back\\x41\n");
	RS_STRCPY(e->want, "a = 1\nb = 2");
	RS_STRCPY(e->undo, "present");
	e->state = RS_FIXS_APPLYING;
	assert_int_equal(rs_fix_journal_write(dir, &set), 0);
	assert_int_equal(rs_fix_next_id(dir), 4);
	assert_int_equal(rs_fix_journal_read(dir, 3, &back, err, sizeof(err)), 0);
	assert_int_equal(back.id, 3);
	assert_string_equal(back.command, set.command);
	assert_int_equal(back.n, 1);
	assert_int_equal(back.entries[0].kind, RS_FIX_FILE);
	assert_int_equal(back.entries[0].state, RS_FIXS_APPLYING);
	assert_string_equal(back.entries[0].old, e->old);
	assert_string_equal(back.entries[0].want, e->want);
	rs_fix_set_free(&back);
	rs_fix_set_free(&set);
	snprintf(path, sizeof(path), "%s/changes/3.json", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/changes", dir);
	rmdir(path);
	rmdir(dir);
}

static void test_state_dir(void **state)
{
	char dir[] = "/tmp/rs-fix-unit-XXXXXX", sd[4096], err[256], sub[128];

	assert_non_null(mkdtemp(dir));
	snprintf(sub, sizeof(sub), "%s/a/b", dir);
	assert_int_equal(rs_fix_state_dir(sd, sizeof(sd), sub, err, sizeof(err)), 0);
	assert_string_equal(sd, sub);
	chmod(sub, 0777);
	assert_int_equal(rs_fix_state_dir(sd, sizeof(sd), sub, err, sizeof(err)), -EPERM);
	assert_non_null(strstr(err, "group or others may write"));
	rmdir(sub);
	snprintf(sub, sizeof(sub), "%s/a", dir);
	rmdir(sub);
	assert_int_equal(symlink("/tmp", sub), 0);
	assert_int_equal(rs_fix_state_dir(sd, sizeof(sd), sub, err, sizeof(err)), -ELOOP);
	unlink(sub);
	rmdir(dir);
}

/* rdma.cm_defaults: RoCE v1 fails, a ToS other than the site's warns,
 * no configfs group skips (reading never makes one). */
static void test_cm_defaults(void **state)
{
	struct rs_port *p = &w.snap.devices[0].ports[0];
	const struct rs_finding *f;

	rs_checks_run(&w.ctx, &w.f);
	f = rs_findings_port(&w.f, "rdma.cm_defaults", w.snap.devices[0].name, p->num);
	assert_non_null(f);
	assert_int_equal(f->verdict, RS_SKIP);
	p->cm_known = 1;
	RS_STRCPY(p->cm_roce_mode, "IB/RoCE v1");
	rs_checks_run(&w.ctx, &w.f);
	f = rs_findings_port(&w.f, "rdma.cm_defaults", w.snap.devices[0].name, p->num);
	assert_int_equal(f->verdict, RS_FAIL);
	RS_STRCPY(p->cm_roce_mode, "RoCE v2");
	w.profile.roce_tos = 106;
	w.params.profile = &w.profile;
	rs_checks_run(&w.ctx, &w.f);
	f = rs_findings_port(&w.f, "rdma.cm_defaults", w.snap.devices[0].name, p->num);
	assert_int_equal(f->verdict, RS_WARN);
	p->cm_roce_tos = 106;
	rs_checks_run(&w.ctx, &w.f);
	f = rs_findings_port(&w.f, "rdma.cm_defaults", w.snap.devices[0].name, p->num);
	assert_int_equal(f->verdict, RS_PASS);
}

/* host.module_missing: rdma_rxe needs rdma_ucm; a profile's module too. */
static void test_modules(void **state)
{
	struct rs_host *h = &w.snap.host;
	const struct rs_finding *f;
	char err[256];

	for (size_t i = 0; i < h->n_modules; i++) {
		if (!strcmp(h->modules[i].name, "mlx5_core"))
			h->modules[i].loaded = 0;
		if (!strcmp(h->modules[i].name, "rdma_rxe"))
			h->modules[i].loaded = 1;
		if (!strcmp(h->modules[i].name, "rdma_ucm") || !strcmp(h->modules[i].name, "nvme_rdma"))
			h->modules[i].loaded = 0;
	}
	rs_checks_run(&w.ctx, &w.f);
	f = rs_findings_get(&w.f, "host.module_missing", "rdma_ucm");
	assert_non_null(f);
	assert_int_equal(f->verdict, RS_FAIL);
	assert_non_null(strstr(f->summary, "rdma_rxe is: modprobe it"));
	assert_null(rs_findings_get(&w.f, "host.module_missing", "nvme_rdma"));
	assert_int_equal(rs_profile_set(&w.profile, "modules", "nvme_rdma", err, sizeof(err)), 0);
	w.params.profile = &w.profile;
	rs_checks_run(&w.ctx, &w.f);
	f = rs_findings_get(&w.f, "host.module_missing", "nvme_rdma");
	assert_non_null(f);
	assert_int_equal(f->verdict, RS_FAIL);
	assert_non_null(strstr(f->summary, "the profile test needs it"));
	assert_int_equal(rs_profile_set(&w.profile, "modules", "a;b", err, sizeof(err)), -EINVAL);
	assert_int_equal(rs_profile_set(&w.profile, "hugepages", "1.5", err, sizeof(err)), -EINVAL);
	assert_int_equal(rs_profile_set(&w.profile, "nosuch", "1", err, sizeof(err)), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_plan_demo, setup, teardown),
		cmocka_unit_test_setup_teardown(test_plan_profile, setup, teardown),
		cmocka_unit_test_setup_teardown(test_plan_filter, setup, teardown),
		cmocka_unit_test_setup_teardown(test_plan_neigh, setup, teardown),
		cmocka_unit_test(test_file_merge),
		cmocka_unit_test(test_journal_roundtrip),
		cmocka_unit_test(test_state_dir),
		cmocka_unit_test_setup_teardown(test_cm_defaults, setup, teardown),
		cmocka_unit_test_setup_teardown(test_modules, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
