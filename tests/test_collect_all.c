/* SPDX-License-Identifier: MIT */
/*
 * test_collect_all.c - rs_collect_all on a fixture root and on this host:
 * origin fields, every collector ran, and the real snapshot survives a
 * save/load round trip unchanged (the end-to-end path of --save/--load).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "collect/collect.h"
#include "model/snapshot_yaml.h"
#include "snapshot.h"
#include "snapshot_sample.h"
#include "util.h"

static void assert_recent_utc(const char *t)
{
	struct tm tm = { 0 };
	const char *end = strptime(t, "%Y-%m-%dT%H:%M:%SZ", &tm);
	time_t when;

	assert_non_null(end);
	assert_int_equal(*end, '\0');
	when = timegm(&tm);
	assert_true(labs((long)(time(NULL) - when)) < 120);
}

static void round_trip(const struct rs_snapshot *s)
{
	char path[] = "/tmp/rs-test-all-XXXXXX", err[512], why[256];
	struct rs_snapshot r;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(rs_snapshot_save_file(s, path, err, sizeof(err)), 0);
	assert_int_equal(rs_snapshot_load_file(&r, path, err, sizeof(err)), 0);
	if (rs_sample_compare(s, &r, why, sizeof(why)))
		fail_msg("collected snapshot changed through YAML: %s", why);
	rs_snapshot_free(&r);
	unlink(path);
}

static void test_fixture_root(void **state)
{
	struct rs_collect_opts o = { .peer = NULL, .no_verbs = 1, .no_ethtool = 1 };
	char root[4096], want[4200];
	struct rs_snapshot s;

	snprintf(root, sizeof(root), "%s/tests/fixtures/host-mlx5", getenv("top_srcdir"));
	rs_root_set(root);
	rs_snapshot_init(&s);
	assert_int_equal(rs_collect_all(&s, &o), 0);
	rs_root_set(NULL);
	if (strlen(root) + 5 < sizeof(s.source)) {
		snprintf(want, sizeof(want), "root:%s", root);
		assert_string_equal(s.source, want);
	} else {
		/* Too long for the field: "root:..." and the end of the path. */
		assert_memory_equal(s.source, "root:...", 8);
		assert_string_equal(s.source + 8, root + strlen(root) - (strlen(s.source) - 8));
	}
	assert_recent_utc(s.taken_at);
	assert_string_equal(s.host.hostname, "roce-lab-01");
	round_trip(&s);
	rs_snapshot_free(&s);
}

static void test_live(void **state)
{
	struct rs_snapshot s;

	rs_root_set(NULL);
	rs_snapshot_init(&s);
	assert_int_equal(rs_collect_all(&s, NULL), 0);
	assert_string_equal(s.source, "live");
	assert_recent_utc(s.taken_at);
	assert_true(s.host.kernel[0] != '\0');
	assert_true(s.n_links >= 1);	/* at least lo, from the net collector */
	assert_int_equal(rs_collect_counters(&s), 0);
	round_trip(&s);
	rs_snapshot_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixture_root),
		cmocka_unit_test(test_live),
	};

	if (!getenv("top_srcdir"))
		setenv("top_srcdir", ".", 1);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
