/* SPDX-License-Identifier: MIT */
/* test_util.c - root-relative paths, file reads, natural sort, arrays. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "snapshot.h"
#include "util.h"

static char tmpdir[] = "/tmp/rs-test-util-XXXXXX";

static void write_file(const char *rel, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, rel);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void test_root_path(void **state)
{
	char buf[64];

	rs_root_set(NULL);
	assert_string_equal(rs_root(), "/");
	assert_int_equal(rs_path(buf, sizeof(buf), "/sys/class/%s", "net"), 0);
	assert_string_equal(buf, "/sys/class/net");
	rs_root_set("/tmp/x/");
	assert_string_not_equal(rs_root(), "/");
	assert_string_equal(rs_root(), "/tmp/x");
	assert_int_equal(rs_path(buf, sizeof(buf), "/sys"), 0);
	assert_string_equal(buf, "/tmp/x/sys");
	assert_int_equal(rs_path(buf, 8, "/sys/class"), -ENAMETOOLONG);
	rs_root_set("/");
	assert_string_equal(rs_root(), "/");
}

static void test_read(void **state)
{
	char buf[32];
	uint64_t v;

	rs_root_set(tmpdir);
	write_file("a", "4: ACTIVE\n");
	write_file("n", "12345\n");
	write_file("h", "0x15b3\n");
	write_file("bad", "12x\n");
	assert_int_equal(rs_read_str(buf, sizeof(buf), "/a"), 0);
	assert_string_equal(buf, "4: ACTIVE");
	assert_int_equal(rs_read_u64(&v, "/n"), 0);
	assert_int_equal(v, 12345);
	assert_int_equal(rs_read_u64(&v, "/h"), 0);
	assert_int_equal(v, 0x15b3);
	assert_int_equal(rs_read_u64(&v, "/bad"), -EINVAL);
	assert_int_equal(rs_read_str(buf, sizeof(buf), "/missing"), -ENOENT);
	assert_string_equal(buf, "");
	rs_root_set(NULL);
}

static void test_list_dir_natural(void **state)
{
	char **names;
	char path[512];

	snprintf(path, sizeof(path), "%s/d", tmpdir);
	mkdir(path, 0755);
	write_file("d/10", "");
	write_file("d/2", "");
	write_file("d/1", "");
	rs_root_set(tmpdir);
	assert_int_equal(rs_list_dir(&names, "/d"), 3);
	assert_string_equal(names[0], "1");
	assert_string_equal(names[1], "2");
	assert_string_equal(names[2], "10");
	assert_null(names[3]);
	rs_strv_free(names);
	assert_int_equal(rs_list_dir(&names, "/nope"), -ENOENT);
	rs_root_set(NULL);
}

static void test_array_and_counters(void **state)
{
	struct rs_snapshot s;

	rs_snapshot_init(&s);
	for (int i = 0; i < 100; i++) {
		struct rs_addr *a = RS_APPEND(s.addrs, s.n_addrs);

		a->prefixlen = i;
	}
	assert_int_equal(s.n_addrs, 100);
	assert_int_equal(s.addrs[99].prefixlen, 99);
	rs_snapshot_add_error(&s, RS_AREA_RDMA, "sysfs", "mlx5_0", "cannot read %s", "x");
	assert_string_equal(s.errors[0].message, "cannot read x");
	rs_snapshot_free(&s);
	assert_int_equal(s.n_addrs, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_root_path),
		cmocka_unit_test(test_read),
		cmocka_unit_test(test_list_dir_natural),
		cmocka_unit_test(test_array_and_counters),
	};
	int ret;

	if (!mkdtemp(tmpdir))
		return 99;
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	{
		char cmd[600];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
		if (system(cmd) != 0)
			fprintf(stderr, "could not remove %s\n", tmpdir);
	}
	return ret;
}
