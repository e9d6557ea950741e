/* SPDX-License-Identifier: MIT */
/*
 * test_source.c - the snapshot sources of source.h: the demo opens and
 * moves by exact amounts, a reload keeps its progress, a saved file is
 * static, conflicting options and a bad file are refused with a message
 * and leave nothing half-filled.
 */
#include "model/demo.h"
#include "model/snapshot_yaml.h"
#include "model/source.h"
#include "snapshot.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

static uint64_t counter(const struct rs_snapshot *s, size_t dev, const char *name)
{
	const struct rs_counter *c = rs_counter_set_find(&s->devices[dev].ports[0].counters, name);

	assert_non_null(c);
	return c->value;
}

static void test_demo_open_refresh_reload(void **state)
{
	struct rs_source_opts o = { .demo = 1 };
	struct rs_source src;
	struct rs_snapshot s;
	char err[256];
	uint64_t v0, v3, ts0;

	(void)state;
	assert_int_equal(rs_source_open(&src, &o, &s, err, sizeof(err)), 0);
	assert_int_equal(src.kind, RS_SOURCE_DEMO);
	assert_string_equal(src.label, "demo");
	assert_true(rs_source_is_dynamic(&src));
	assert_int_equal(s.n_devices, 2);
	assert_string_equal(s.devices[0].name, "mlx5_0");
	v0 = counter(&s, 0, "port_xmit_data");
	ts0 = s.devices[0].ports[0].counters.ts_ns;
	for (int i = 0; i < 3; i++)
		assert_int_equal(rs_source_refresh_counters(&src, &s), 0);
	v3 = counter(&s, 0, "port_xmit_data");
	assert_int_equal(v3 - v0, rs_demo_increment("mlx5_0", "counters", "port_xmit_data", 1) +
				  rs_demo_increment("mlx5_0", "counters", "port_xmit_data", 2) +
				  rs_demo_increment("mlx5_0", "counters", "port_xmit_data", 3));
	assert_int_equal(s.devices[0].ports[0].counters.ts_ns, ts0 + 3 * RS_DEMO_TICK_NS);
	/* A reload replays the ticks: the counters do not go back. */
	assert_int_equal(rs_source_reload(&src, &s, err, sizeof(err)), 0);
	assert_int_equal(counter(&s, 0, "port_xmit_data"), v3);
	rs_snapshot_free(&s);
}

static void test_file_is_static(void **state)
{
	struct rs_source_opts demo = { .demo = 1 }, file = { 0 };
	char path[] = "/tmp/rs-test-source-XXXXXX";
	struct rs_snapshot s, f;
	struct rs_source src, fsrc;
	char err[256];
	uint64_t v;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(rs_source_open(&src, &demo, &s, err, sizeof(err)), 0);
	assert_int_equal(rs_snapshot_save_file(&s, path, err, sizeof(err)), 0);
	file.load = path;
	assert_int_equal(rs_source_open(&fsrc, &file, &f, err, sizeof(err)), 0);
	assert_int_equal(fsrc.kind, RS_SOURCE_FILE);
	assert_true(!strncmp(fsrc.label, "file ", 5) && strstr(fsrc.label, path));
	assert_false(rs_source_is_dynamic(&fsrc));
	v = counter(&f, 1, "port_xmit_data");
	assert_int_equal(rs_source_refresh_counters(&fsrc, &f), 0);
	assert_int_equal(counter(&f, 1, "port_xmit_data"), v);
	assert_int_equal(rs_source_reload(&fsrc, &f, err, sizeof(err)), 0);
	assert_int_equal(f.n_devices, 2);
	unlink(path);
	/* The file is gone: the reload fails and the old snapshot stays. */
	assert_int_not_equal(rs_source_reload(&fsrc, &f, err, sizeof(err)), 0);
	assert_true(err[0] != '\0');
	assert_int_equal(f.n_devices, 2);
	rs_snapshot_free(&f);
	rs_snapshot_free(&s);
}

static void test_refused(void **state)
{
	struct rs_source_opts both = { .demo = 1, .load = "x.yaml" };
	struct rs_source_opts bad = { .load = "/nonexistent/rs-no-such.yaml" };
	struct rs_source src;
	struct rs_snapshot s;
	char err[256];

	(void)state;
	assert_int_equal(rs_source_open(&src, &both, &s, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "--demo"));
	assert_int_not_equal(rs_source_open(&src, &bad, &s, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "rs-no-such.yaml"));
	assert_int_equal(s.n_devices, 0);
	rs_snapshot_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_demo_open_refresh_reload),
		cmocka_unit_test(test_file_is_static),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
