/* SPDX-License-Identifier: MIT */
/* test_util.c - root-relative paths, file reads, natural sort, arrays, escaping. */
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
#include <sys/types.h>
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
	assert_int_equal(rs_read_x64(&v, "/h"), 0);
	assert_int_equal(v, 0x15b3);
	assert_int_equal(rs_read_u64(&v, "/h"), -EINVAL);	/* decimal only */
	assert_int_equal(rs_read_x64(&v, "/n"), -EINVAL);	/* sysfs hex has its 0x */
	assert_int_equal(rs_read_u64(&v, "/bad"), -EINVAL);
	assert_int_equal(rs_read_str(buf, sizeof(buf), "/missing"), -ENOENT);
	assert_string_equal(buf, "");
	rs_root_set(NULL);
}

/* Counter files as a broken tree has them: decimal only, nothing wraps. */
static void test_read_decimal(void **state)
{
	static const struct {
		const char *text;
		int ret;
		uint64_t v;
	} cases[] = {
		{ "0\n", 0, 0 },
		{ "010\n", 0, 10 },				/* not octal 8 */
		{ "18446744073709551615\n", 0, UINT64_MAX },
		{ "  42  \n\n", 0, 42 },
		{ "-5\n", -EINVAL, 0 },				/* not 2^64 - 5 */
		{ "+5\n", -EINVAL, 0 },
		{ "abc\n", -EINVAL, 0 },
		{ "", -EINVAL, 0 },
		{ "\n", -EINVAL, 0 },
		{ "12 34\n", -EINVAL, 0 },
		{ "0x10\n", -EINVAL, 0 },
		{ "18446744073709551616\n", -ERANGE, 0 },
		{ "12345678901234567890123456\n", -ERANGE, 0 },	/* 26 digits */
		/* longer than the read buffer: still out of range, not cut */
		{ "1234567890123456789012345678901234567890123456789012345678901234567890\n",
		  -ERANGE, 0 },
	};
	uint64_t v;

	rs_root_set(tmpdir);
	for (size_t i = 0; i < RS_ARRAY_SIZE(cases); i++) {
		v = 7;
		write_file("c", cases[i].text);
		assert_int_equal(rs_read_u64(&v, "/c"), cases[i].ret);
		assert_true(v == (cases[i].ret ? 7 : cases[i].v));
	}
	write_file("c", "0x\n");
	assert_int_equal(rs_read_x64(&v, "/c"), -EINVAL);
	write_file("c", "0x1ffffffffffffffff\n");
	assert_int_equal(rs_read_x64(&v, "/c"), -ERANGE);
	rs_root_set(NULL);
}

/* A value longer than its buffer: its head, an ellipsis, -EOVERFLOW. */
static void test_read_cut(void **state)
{
	char buf[16], name[8];
	uint64_t v;

	rs_root_set(tmpdir);
	write_file("long", "0123456789abcdefghij\n");
	assert_int_equal(rs_read_str(buf, sizeof(buf), "/long"), -EOVERFLOW);
	assert_string_equal(buf, "0123456789ab" RS_ELLIPSIS);
	assert_int_equal(strlen(buf), sizeof(buf) - 1);
	/* exactly full, then only blanks: whole, not cut */
	write_file("full", "0123456789abcde\n\n   \n");
	assert_int_equal(rs_read_str(buf, sizeof(buf), "/full"), 0);
	assert_string_equal(buf, "0123456789abcde");
	/* a UTF-8 sequence is never split by the ellipsis */
	write_file("utf", "0123456789a\xc3\xa9\xc3\xa9\xc3\xa9\n");
	assert_int_equal(rs_read_str(buf, sizeof(buf), "/utf"), -EOVERFLOW);
	assert_string_equal(buf, "0123456789a" RS_ELLIPSIS);
	assert_int_equal(rs_strcpy_cut(name, "abcdefghij", sizeof(name)), 1);
	assert_string_equal(name, "abcd" RS_ELLIPSIS);
	assert_int_equal(RS_STRCPY_CUT(name, "abcdefg"), 0);
	assert_string_equal(name, "abcdefg");
	assert_string_equal(rs_strerror(-EOVERFLOW),
			    "too long for its field: cut (ends with " RS_ELLIPSIS ")");
	(void)v;
	rs_root_set(NULL);
}

/*
 * A FIFO, a directory or a device where a file should be: refused at once
 * (the test runs in a child bounded by alarm(): a hang is a failure).
 */
static void test_read_not_regular(void **state)
{
	char path[512], buf[32];
	uint64_t v;
	FILE *f;

	snprintf(path, sizeof(path), "%s/fifo", tmpdir);
	assert_int_equal(mkfifo(path, 0644), 0);
	snprintf(path, sizeof(path), "%s/adir", tmpdir);
	assert_int_equal(mkdir(path, 0755), 0);
	rs_root_set(tmpdir);
	alarm(30);
	assert_int_equal(rs_read_str(buf, sizeof(buf), "/fifo"), -RS_ENOTREG);
	assert_int_equal(rs_read_u64(&v, "/fifo"), -RS_ENOTREG);
	assert_int_equal(rs_read_str(buf, sizeof(buf), "/adir"), -EISDIR);
	snprintf(path, sizeof(path), "%s/fifo", tmpdir);
	f = rs_fopen_read(path);
	assert_null(f);
	assert_int_equal(errno, RS_ENOTREG);
	assert_string_equal(rs_strerror(-RS_ENOTREG), "not a regular file");
	rs_root_set("/");
	assert_int_equal(rs_read_str(buf, sizeof(buf), "/dev/zero"), -RS_ENOTREG);
	alarm(0);
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
	/* A note too long for its field says it was cut. */
	rs_snapshot_add_error(&s, RS_AREA_RDMA, "sysfs", "mlx5_0", "%0300d", 7);
	assert_int_equal(strlen(s.errors[1].message), RS_MSG_LEN - 1);
	assert_string_equal(s.errors[1].message + RS_MSG_LEN - 4, RS_ELLIPSIS);
	rs_snapshot_free(&s);
	assert_int_equal(s.n_addrs, 0);
}

/* rs_escape_text(s) into a buffer large enough, checked against want;
 * n is the length of s, or 0 for strlen(s). */
static void check_escape(const char *s, size_t n, const char *want)
{
	char buf[RS_ESCAPE_MAX(64)];
	size_t need;

	n = n ? n : strlen(s);
	need = rs_escape_text(buf, sizeof(buf), s, n);

	assert_string_equal(buf, want);
	assert_int_equal(need, strlen(want));
	assert_true(need < RS_ESCAPE_MAX(n));
}

static void test_escape_text(void **state)
{
	char small[8];
	size_t need;

	check_escape("plain ASCII: 10.0.0.1:18515", 0, "plain ASCII: 10.0.0.1:18515");
	check_escape("\x1b[31mred\x1b[0m", 0, "\\x1b[31mred\\x1b[0m");	/* ANSI colours */
	check_escape("a\tb\nc\rd\\e", 0, "a\\tb\\nc\\rd\\\\e");
	check_escape("nul\0bel\a del\x7f", 13, "nul\\x00bel\\x07 del\\x7f");
	/* valid UTF-8 stays (CJK, e with accent); invalid bytes, overlong and
	 * truncated sequences become \xNN one byte at a time */
	check_escape("\xe8\xbf\x9e\xe6\x8e\xa5 caf\xc3\xa9", 0, "\xe8\xbf\x9e\xe6\x8e\xa5 caf\xc3\xa9");
	check_escape("\xff\xfe", 0, "\\xff\\xfe");
	check_escape("\xc0\xaf", 0, "\\xc0\\xaf");
	check_escape("ab\xe8\xbf", 0, "ab\\xe8\\xbf");
	/* C1 controls (U+009B is CSI on some terminals) and bidi overrides */
	check_escape("x\xc2\x9b" "2Jy", 0, "x\\u009b2Jy");
	check_escape("\xe2\x80\xae" "evil\xe2\x81\xa6", 0, "\\u202eevil\\u2066");
	/* a buffer too small: cut, NUL-terminated, the full length returned */
	need = rs_escape_text(small, sizeof(small), "\x1b\x1b\x1b", 3);
	assert_int_equal(need, 12);
	assert_int_equal(strlen(small), 7);
	assert_string_equal(small, "\\x1b\\x1");
	assert_int_equal(rs_escape_text(small, 0, "abc", 3), 3);
	/* rs_text_needs_escape: what the console escapes before drawing */
	assert_false(rs_text_needs_escape("a\\b caf\xc3\xa9 \xe8\xbf\x9e", 13));
	assert_false(rs_text_needs_escape("", 0));
	assert_true(rs_text_needs_escape("m\x1b[2J", 5));
	assert_true(rs_text_needs_escape("a\tb", 3));
	assert_true(rs_text_needs_escape("del\x7f", 4));
	assert_true(rs_text_needs_escape("\xff", 1));
	assert_true(rs_text_needs_escape("ab\xe8\xbf", 4));
	assert_true(rs_text_needs_escape("x\xc2\x9b", 3));
	assert_true(rs_text_needs_escape("\xe2\x80\xae" "evil", 7));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_root_path),
		cmocka_unit_test(test_read),
		cmocka_unit_test(test_read_decimal),
		cmocka_unit_test(test_read_cut),
		cmocka_unit_test(test_read_not_regular),
		cmocka_unit_test(test_list_dir_natural),
		cmocka_unit_test(test_array_and_counters),
		cmocka_unit_test(test_escape_text),
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
