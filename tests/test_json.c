/* SPDX-License-Identifier: MIT */
/*
 * test_json.c - the JSON writer of the --json views: escaping of every kind
 * of byte, nesting and commas, numbers JSON cannot carry, and misuse that
 * must be reported instead of printing broken JSON.
 */
#include "json.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

struct buf {
	char *data;
	size_t len;
	FILE *f;
};

static struct rs_json *open_buf(struct buf *b, struct rs_json *j)
{
	b->data = NULL;
	b->len = 0;
	b->f = open_memstream(&b->data, &b->len);
	assert_non_null(b->f);
	rs_json_init(j, b->f);
	return j;
}

static char *close_buf(struct buf *b)
{
	fclose(b->f);
	return b->data;
}

static char *escaped(const char *s, size_t len)
{
	struct buf b = { 0 };

	b.f = open_memstream(&b.data, &b.len);
	rs_json_write_string(b.f, s, len);
	fclose(b.f);
	return b.data;
}

static void check_escape(const char *in, size_t len, const char *want)
{
	char *got = escaped(in, len);

	assert_string_equal(got, want);
	free(got);
}

static void test_escape_basic(void **state)
{
	(void)state;
	check_escape("plain", 5, "\"plain\"");
	check_escape("a\"b\\c/d", 7, "\"a\\\"b\\\\c/d\"");
	check_escape("\b\f\n\r\t", 5, "\"\\b\\f\\n\\r\\t\"");
	check_escape("\x01\x1f\x7f", 3, "\"\\u0001\\u001f\\u007f\"");
	/* C1 controls as UTF-8 (U+009B is CSI to some terminals): escaped too,
	 * so `cat` of the output never drives the terminal */
	check_escape("a\xc2\x9b" "2J\xc2\x80\xc2\x9f\xc2\xa0", 11,
		     "\"a\\u009b2J\\u0080\\u009f\xc2\xa0\"");
	/* the bidirectional overrides (U+202A..E, U+2066..9) likewise */
	check_escape("\xe2\x80\xae" "x\xe2\x81\xa9\xe2\x80\xa9", 10, "\"\\u202ex\\u2069\xe2\x80\xa9\"");
	check_escape("", 0, "\"\"");
}

static void test_escape_nul_inside(void **state)
{
	(void)state;
	check_escape("a\0b", 3, "\"a\\u0000b\"");
}

static void test_escape_utf8(void **state)
{
	(void)state;
	/* Valid UTF-8 passes through: é (2 bytes), € (3), 😀 (4). */
	check_escape("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 9,
		     "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"");
	/* A lone continuation byte, a truncated sequence, 0xff. */
	check_escape("a\x80z", 3, "\"a\\ufffdz\"");
	check_escape("\xe2\x82", 2, "\"\\ufffd\\ufffd\"");
	check_escape("\xff", 1, "\"\\ufffd\"");
	/* Overlong '/' (c0 af), an encoded surrogate (ed a0 80), past U+10FFFF. */
	check_escape("\xc0\xaf", 2, "\"\\ufffd\\ufffd\"");
	check_escape("\xed\xa0\x80", 3, "\"\\ufffd\\ufffd\\ufffd\"");
	check_escape("\xf4\x90\x80\x80", 4, "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
}

static void test_nesting(void **state)
{
	struct rs_json j;
	struct buf b;
	char *out;

	(void)state;
	open_buf(&b, &j);
	rs_json_obj_begin(&j);
	rs_json_kv_str(&j, "name", "mlx5_0");
	rs_json_key(&j, "ports");
	rs_json_arr_begin(&j);
	rs_json_obj_begin(&j);
	rs_json_kv_int(&j, "num", 1);
	rs_json_kv_bool(&j, "up", 1);
	rs_json_obj_end(&j);
	rs_json_int(&j, -5);
	rs_json_arr_begin(&j);
	rs_json_arr_end(&j);
	rs_json_arr_end(&j);
	rs_json_key(&j, "empty");
	rs_json_obj_begin(&j);
	rs_json_obj_end(&j);
	rs_json_kv_null(&j, "none");
	rs_json_kv_u64(&j, "big", UINT64_MAX);
	rs_json_kv_str_or_null(&j, "unknown", "");
	rs_json_obj_end(&j);
	assert_int_equal(rs_json_finish(&j), 0);
	out = close_buf(&b);
	assert_string_equal(out,
		"{\n"
		"  \"name\": \"mlx5_0\",\n"
		"  \"ports\": [\n"
		"    {\n"
		"      \"num\": 1,\n"
		"      \"up\": true\n"
		"    },\n"
		"    -5,\n"
		"    []\n"
		"  ],\n"
		"  \"empty\": {},\n"
		"  \"none\": null,\n"
		"  \"big\": 18446744073709551615,\n"
		"  \"unknown\": null\n"
		"}\n");
	free(out);
}

static void test_doubles(void **state)
{
	struct rs_json j;
	struct buf b;
	char *out;

	(void)state;
	open_buf(&b, &j);
	rs_json_arr_begin(&j);
	rs_json_double(&j, 0.1);
	rs_json_double(&j, 4100000000.0);
	rs_json_double(&j, NAN);
	rs_json_double(&j, INFINITY);
	rs_json_double(&j, -2.5);
	rs_json_double(&j, 1e20);
	rs_json_double(&j, -0.0);
	rs_json_arr_end(&j);
	assert_int_equal(rs_json_finish(&j), 0);
	out = close_buf(&b);
	/* a whole double keeps its ".0": one kind of number per member */
	assert_string_equal(out, "[\n  0.1,\n  4100000000.0,\n  null,\n  null,\n  -2.5,\n"
			    "  1e+20,\n  -0.0\n]\n");
	free(out);
}

static void test_misuse(void **state)
{
	struct rs_json j;
	struct buf b;

	(void)state;
	/* A value where a key is due. */
	open_buf(&b, &j);
	rs_json_obj_begin(&j);
	rs_json_int(&j, 1);
	rs_json_obj_end(&j);
	assert_int_not_equal(rs_json_finish(&j), 0);
	free(close_buf(&b));

	/* Closing an array with the object closer. */
	open_buf(&b, &j);
	rs_json_arr_begin(&j);
	rs_json_obj_end(&j);
	assert_int_not_equal(rs_json_finish(&j), 0);
	free(close_buf(&b));

	/* A document never closed. */
	open_buf(&b, &j);
	rs_json_obj_begin(&j);
	assert_int_not_equal(rs_json_finish(&j), 0);
	free(close_buf(&b));

	/* A key left without its value. */
	open_buf(&b, &j);
	rs_json_obj_begin(&j);
	rs_json_key(&j, "k");
	rs_json_obj_end(&j);
	assert_int_not_equal(rs_json_finish(&j), 0);
	free(close_buf(&b));

	/* Too deep. */
	open_buf(&b, &j);
	for (int i = 0; i <= RS_JSON_MAX_DEPTH; i++)
		rs_json_arr_begin(&j);
	assert_int_not_equal(rs_json_finish(&j), 0);
	free(close_buf(&b));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape_basic),
		cmocka_unit_test(test_escape_nul_inside),
		cmocka_unit_test(test_escape_utf8),
		cmocka_unit_test(test_nesting),
		cmocka_unit_test(test_doubles),
		cmocka_unit_test(test_misuse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
