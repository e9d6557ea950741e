/* SPDX-License-Identifier: MIT */
/*
 * test_collect_host.c - the host collector on fixture trees (a ConnectX
 * host, a nearly empty root, odd files), the pam_limits rules for memlock on
 * roots written per test, and one live run checked against uname(2),
 * sysinfo(2) and getrlimit(2).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "collect/collect.h"
#include "snapshot.h"
#include "util.h"

static char tmpdir[] = "/tmp/rs-test-host-XXXXXX";

static void collect_at(struct rs_snapshot *s, const char *fixture)
{
	char root[4096];

	snprintf(root, sizeof(root), "%s/tests/fixtures/%s", getenv("top_srcdir"), fixture);
	rs_root_set(root);
	rs_snapshot_init(s);
	assert_int_equal(rs_collect_host(s), 0);
	assert_int_equal(rs_collect_memlock_recorded(s), 0);
	rs_root_set(NULL);
}

static const struct rs_module *module(const struct rs_snapshot *s, const char *name)
{
	for (size_t i = 0; i < s->host.n_modules; i++)
		if (!strcmp(s->host.modules[i].name, name))
			return &s->host.modules[i];
	fail_msg("module %s not listed", name);
	return NULL;
}

static int has_error(const struct rs_snapshot *s, const char *object, const char *text)
{
	for (size_t i = 0; i < s->n_errors; i++)
		if (!strcmp(s->errors[i].source, "host") && !strcmp(s->errors[i].object, object) &&
		    strstr(s->errors[i].message, text))
			return 1;
	return 0;
}

static void print_errors(const struct rs_snapshot *s)
{
	for (size_t i = 0; i < s->n_errors; i++)
		print_message("# error %s/%s: %s\n", s->errors[i].source, s->errors[i].object,
			      s->errors[i].message);
}

static void test_mlx5_host(void **state)
{
	static const char *const loaded[] = {
		"mlx5_core", "mlx5_ib", "ib_core", "ib_uverbs", "rdma_ucm", "rdma_cm",
		"ib_cm", "iw_cm", "nvme_rdma",
	};
	static const char *const absent[] = {
		"mlx4_core", "mlx4_ib", "mlx4_en", "ib_umad", "rdma_rxe", "siw", "ib_ipoib",
	};
	struct rs_snapshot s;

	collect_at(&s, "host-mlx5");
	print_errors(&s);
	assert_int_equal(s.n_errors, 0);
	assert_string_equal(s.host.hostname, "roce-lab-01");
	assert_string_equal(s.host.kernel, "6.1.0-13-amd64");
	assert_string_equal(s.host.os, "Debian GNU/Linux 12 (bookworm)");
	assert_true(s.host.mem_total_kb == 263842100);
	assert_int_equal(s.host.n_modules, 16);
	for (size_t i = 0; i < RS_ARRAY_SIZE(loaded); i++)
		assert_int_equal(module(&s, loaded[i])->loaded, 1);
	for (size_t i = 0; i < RS_ARRAY_SIZE(absent); i++)
		assert_int_equal(module(&s, absent[i])->loaded, 0);
	assert_string_equal(s.host.modules[0].name, "mlx5_core");
	assert_int_equal(s.host.n_hugepages, 2);
	assert_int_equal(s.host.hugepages[0].size_kb, 2048);
	assert_int_equal(s.host.hugepages[0].total, 1024);
	assert_int_equal(s.host.hugepages[0].free, 1000);
	assert_int_equal(s.host.hugepages[1].size_kb, 1048576);
	assert_int_equal(s.host.hugepages[1].total, 4);
	assert_int_equal(s.host.hugepages[1].free, 3);
	assert_int_equal(s.host.memlock_known, 1);
	assert_true(s.host.memlock_soft == 8388608);
	assert_true(s.host.memlock_hard == RS_MEMLOCK_UNLIMITED);
	/* limits.conf ends at 131072; limits.d in C order: 10-rdma, 50-, 9-late. */
	assert_string_equal(s.host.memlock_conf, "262144");
	assert_string_equal(s.host.memlock_conf_file, "/etc/security/limits.d/9-late.conf");
	rs_snapshot_free(&s);
}

static void test_minimal_host(void **state)
{
	struct rs_snapshot s;

	collect_at(&s, "host-minimal");
	assert_string_equal(s.host.hostname, "");
	assert_string_equal(s.host.kernel, "");
	assert_true(has_error(&s, "hostname", "/proc/sys/kernel/hostname: No such file"));
	assert_true(has_error(&s, "kernel", "/proc/sys/kernel/osrelease: No such file"));
	assert_true(has_error(&s, "meminfo", "/proc/meminfo: No such file"));
	assert_string_equal(s.host.os, "Alpine \"edge\" \\n");	/* usr/lib fallback */
	assert_int_equal(s.host.n_modules, 16);
	assert_int_equal(module(&s, "rdma_rxe")->loaded, 1);
	assert_int_equal(module(&s, "mlx5_core")->loaded, 0);	/* not mlx5_core_extra */
	assert_int_equal(module(&s, "ib_core")->loaded, 1);	/* built in: sys/module only */
	assert_int_equal(module(&s, "ib_uverbs")->loaded, 0);
	assert_int_equal(s.host.n_hugepages, 0);
	assert_int_equal(s.host.memlock_known, 0);
	assert_string_equal(s.host.memlock_conf, "");
	assert_string_equal(s.host.memlock_conf_file, "");
	/* Nothing else is an error: no hugetlb, no limits files are normal. */
	assert_int_equal(s.n_errors, 3);
	rs_snapshot_free(&s);
}

static void test_odd_host(void **state)
{
	struct rs_snapshot s;

	collect_at(&s, "host-odd");
	assert_string_equal(s.host.os, "Custom \"Lab\" OS $HOME");
	assert_true(has_error(&s, "meminfo", "no MemTotal line"));
	assert_true(has_error(&s, "memlock", "Max locked memory"));
	assert_int_equal(s.host.memlock_known, 0);
	assert_true(has_error(&s, "modules", "/proc/modules: No such file"));
	assert_int_equal(s.host.n_modules, 0);	/* unknown, not "none loaded" */
	assert_true(has_error(&s, "hugepages", "hugepages-2048kB: No such file"));
	assert_int_equal(s.host.n_hugepages, 0);
	rs_snapshot_free(&s);
}

/* Write root-relative files of the per-test root. */
static void put(const char *rel, const char *fmt, ...)
{
	char path[4096], *slash;
	va_list ap;
	FILE *f;

	snprintf(path, sizeof(path), "%s%s", tmpdir, rel);
	for (slash = strchr(path + strlen(tmpdir) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0755);
		*slash = '/';
	}
	f = fopen(path, "w");
	assert_non_null(f);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fclose(f);
}

static void limits_at_tmp(struct rs_snapshot *s)
{
	rs_root_set(tmpdir);
	rs_snapshot_init(s);
	rs_collect_host(s);
	rs_collect_memlock_recorded(s);
	rs_root_set(NULL);
}

static void clean_tmp(void)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "rm -rf %s/etc", tmpdir);
	assert_int_equal(system(cmd), 0);
}

/* The user is "tester" (our uid), primary group prim, member of rdma. */
static void put_identity(void)
{
	put("/etc/passwd", "daemon:x:%u:1::/:/bin/sh\ntester:x:%u:4242::/home/t:/bin/sh\n",
	    (unsigned)geteuid() + 1, (unsigned)geteuid());
	put("/etc/group", "prim:x:4242:\nrdma:x:4243:alice,tester,bob\nother:x:4244:alice\n");
}

static void test_limits_priority(void **state)
{
	struct rs_snapshot s;

	clean_tmp();
	put_identity();
	put("/etc/security/limits.conf",
	    "*      soft memlock 100\n"
	    "@rdma  soft memlock 200\n"
	    "@other soft memlock 201\n");
	put("/etc/security/limits.d/a.conf", "* soft memlock unlimited\n");
	limits_at_tmp(&s);
	/* A group line beats "*", even a later one. */
	assert_string_equal(s.host.memlock_conf, "200");
	assert_string_equal(s.host.memlock_conf_file, "/etc/security/limits.conf");
	rs_snapshot_free(&s);

	put("/etc/security/limits.d/b.conf", "tester - memlock 300\n");
	put("/etc/security/limits.d/c.conf", "@prim soft memlock 400\n@:4242 soft memlock 401\n");
	limits_at_tmp(&s);
	/* The user's own line beats any group line after it. */
	assert_string_equal(s.host.memlock_conf, "300");
	assert_string_equal(s.host.memlock_conf_file, "/etc/security/limits.d/b.conf");
	rs_snapshot_free(&s);

	put("/etc/security/limits.d/d.conf", "%u: soft memlock 500\n", (unsigned)geteuid());
	limits_at_tmp(&s);
	/* A uid range is as specific as the name, and later. */
	assert_string_equal(s.host.memlock_conf, "500");
	rs_snapshot_free(&s);

	put("/etc/security/limits.d/e.conf", "tester soft memlock 18014398509481984\n");
	limits_at_tmp(&s);
	/* Too big to be multiplied by 1024: pam makes it infinity. */
	assert_string_equal(s.host.memlock_conf, "unlimited");
	rs_snapshot_free(&s);
}

static void test_limits_no_limits_line(void **state)
{
	struct rs_snapshot s;

	clean_tmp();
	put_identity();
	put("/etc/security/limits.conf", "* soft memlock 64\n* -\n");
	put("/etc/security/limits.d/x.conf", "* soft memlock 65\n");
	limits_at_tmp(&s);
	/* "* -" is not a "no limits" line for pam: only users and groups. */
	assert_string_equal(s.host.memlock_conf, "65");
	rs_snapshot_free(&s);

	put("/etc/security/limits.d/w.conf", "@rdma -\n");
	limits_at_tmp(&s);
	/* pam stops at "@rdma -" and sets nothing at all. */
	assert_string_equal(s.host.memlock_conf, "");
	assert_string_equal(s.host.memlock_conf_file, "/etc/security/limits.d/w.conf");
	rs_snapshot_free(&s);
}

static void test_limits_unreadable(void **state)
{
	struct rs_snapshot s;
	char path[4096];

	clean_tmp();
	snprintf(path, sizeof(path), "%s/etc/security/limits.conf", tmpdir);
	put("/etc/security/limits.d/x.conf", "* soft memlock infinity\n");
	assert_int_equal(mkdir(path, 0755), 0);	/* a directory: reading fails */
	limits_at_tmp(&s);
	assert_true(has_error(&s, "limits.conf", "limits.conf: Is a directory"));
	assert_string_equal(s.host.memlock_conf, "unlimited");
	rs_snapshot_free(&s);
}

static void test_live(void **state)
{
	struct rs_snapshot s;
	struct utsname u;
	struct sysinfo si;
	struct rlimit rl;

	rs_root_set(NULL);
	rs_snapshot_init(&s);
	assert_int_equal(rs_collect_host(&s), 0);
	assert_int_equal(rs_collect_memlock(&s), 0);
	print_errors(&s);
	assert_int_equal(uname(&u), 0);
	assert_string_equal(s.host.kernel, u.release);
	assert_string_equal(s.host.hostname, u.nodename);
	assert_true(s.host.os[0] != '\0');
	assert_int_equal(sysinfo(&si), 0);
	assert_true(s.host.mem_total_kb == (uint64_t)si.totalram * si.mem_unit / 1024);
	assert_int_equal(s.host.n_modules, 16);
	for (size_t i = 0; i < s.host.n_modules; i++) {
		char p[128];

		/* Loaded or built in, the kernel shows /sys/module/NAME. */
		snprintf(p, sizeof(p), "/sys/module/%s", s.host.modules[i].name);
		assert_int_equal(s.host.modules[i].loaded, access(p, F_OK) == 0);
	}
	assert_int_equal(getrlimit(RLIMIT_MEMLOCK, &rl), 0);
	assert_int_equal(s.host.memlock_known, 1);
	assert_true(s.host.memlock_soft == (rl.rlim_cur == RLIM_INFINITY ? RS_MEMLOCK_UNLIMITED
								       : rl.rlim_cur));
	if (access("/sys/kernel/mm/hugepages/hugepages-2048kB", F_OK) == 0)
		assert_true(s.host.n_hugepages >= 1);
	assert_int_equal(s.n_errors, 0);
	rs_snapshot_free(&s);
}

static int setup(void **state)
{
	if (!getenv("top_srcdir"))
		setenv("top_srcdir", ".", 1);
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", tmpdir);
	return system(cmd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mlx5_host),
		cmocka_unit_test(test_minimal_host),
		cmocka_unit_test(test_odd_host),
		cmocka_unit_test(test_limits_priority),
		cmocka_unit_test(test_limits_no_limits_line),
		cmocka_unit_test(test_limits_unreadable),
		cmocka_unit_test(test_live),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
