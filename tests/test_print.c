/* SPDX-License-Identifier: MIT */
/*
 * test_print.c - the text-or-JSON printer (src/print.h): one walk gives
 * the text and the JSON, hostile strings are escaped in both, unknown
 * values are null, arrays take elements without keys, and a format that
 * does not fit its value is reported instead of printed.
 */
#include "print.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

struct out {
	char *data;
	size_t len;
	FILE *f;
	struct rs_json j;
	struct rs_pr p;
};

/* A printer into memory: JSON (an object open) or text. */
static struct rs_pr *open_out(struct out *o, int json)
{
	memset(o, 0, sizeof(*o));
	o->f = open_memstream(&o->data, &o->len);
	assert_non_null(o->f);
	if (json) {
		rs_json_init(&o->j, o->f);
		rs_json_obj_begin(&o->j);
	}
	rs_pr_init(&o->p, o->f, json ? &o->j : NULL);
	return &o->p;
}

/* Closes the document (JSON), checks nothing was misused; the output. */
static char *close_out(struct out *o)
{
	if (o->p.j) {
		rs_json_obj_end(&o->j);
		assert_int_equal(rs_json_finish(&o->j), 0);
	}
	assert_int_equal(rs_pr_error(&o->p), 0);
	fclose(o->f);
	return o->data;
}

static char *walk_both(void (*walk)(struct rs_pr *), int json)
{
	struct out o;

	walk(open_out(&o, json));
	return close_out(&o);
}

/* A port as a view would print it: shared, JSON-only and text-only parts. */
static void walk_port(struct rs_pr *p)
{
	rs_pr_obj_open(p, "port");
	rs_pr_str(p, "dev", "%s", "mlx5_0");
	rs_pr_uint(p, "num", " port %u:", 1);
	rs_pr_str(p, "state", NULL, "ACTIVE");
	rs_pr_text(p, " %s", "up");
	rs_pr_int(p, "mtu", " MTU %d", 4096);
	rs_pr_u64(p, "rx_bytes", " rx %llu B", UINT64_C(18446744073709551615));
	rs_pr_size(p, "gids", " %zu GIDs", (size_t)3);
	rs_pr_double(p, "rate", " %.1f Gb/s", 100.0);
	rs_pr_bool(p, "present", NULL, 1);
	rs_pr_obj_close(p);
	rs_pr_text(p, "\n");
}

static void test_one_walk(void **state)
{
	char *text = walk_both(walk_port, 0), *json = walk_both(walk_port, 1);

	(void)state;
	assert_string_equal(text, "mlx5_0 port 1: up MTU 4096 rx 18446744073709551615 B "
			    "3 GIDs 100.0 Gb/s\n");
	assert_string_equal(json, "{\n  \"port\": {\n    \"dev\": \"mlx5_0\",\n    \"num\": 1,\n"
			    "    \"state\": \"ACTIVE\",\n    \"mtu\": 4096,\n"
			    "    \"rx_bytes\": 18446744073709551615,\n    \"gids\": 3,\n"
			    "    \"rate\": 100.0,\n    \"present\": true\n  }\n}\n");
	free(text);
	free(json);
}

/* Strings from sysfs or a peer: an ESC sequence, BEL, a C1 CSI, a bidi
 * override, an invalid byte and a newline inside the value. */
static const char hostile[] = "MT_\033]0;pwned\007\302\2332J\342\200\256\377\nend";

static void walk_hostile(struct rs_pr *p)
{
	rs_pr_str(p, "board_id", "PSID %s\n", hostile);
	rs_pr_str_or(p, "fw_ver", "fw %s\n", hostile, "?");
	/* a backslash is escaped in text too (and the width counts it so) */
	rs_pr_str(p, "path", "%-8s|\n", "a\\b");
	rs_pr_str(p, "plain", "%-8s|\n", "a b");
}

static void test_hostile(void **state)
{
	char *text = walk_both(walk_hostile, 0), *json = walk_both(walk_hostile, 1);
	const char *want = "MT_\\x1b]0;pwned\\x07\\u009b2J\\u202e\\xff\\nend";
	char line[256];

	(void)state;
	snprintf(line, sizeof(line), "PSID %s\nfw %s\na\\\\b    |\na b     |\n", want, want);
	assert_string_equal(text, line);
	assert_string_equal(json, "{\n  \"board_id\": \"MT_\\u001b]0;pwned\\u0007\\u009b2J"
			    "\\u202e\\ufffd\\nend\",\n  \"fw_ver\": \"MT_\\u001b]0;pwned"
			    "\\u0007\\u009b2J\\u202e\\ufffd\\nend\",\n  \"path\": \"a\\\\b\",\n"
			    "  \"plain\": \"a b\"\n}\n");
	/* no byte of either reaches a terminal raw: no ESC, BEL or C1 */
	assert_null(strchr(text, '\033'));
	assert_null(strchr(json, '\033'));
	assert_null(strchr(text, '\007'));
	assert_null(strstr(text, "\302\233"));
	free(text);
	free(json);
}

/* Unknown values: null in JSON; in text the stand-in, or nothing. */
static void walk_unknown(struct rs_pr *p)
{
	rs_pr_str_or(p, "fw_ver", "fw %s", "", "?");
	rs_pr_str_or(p, "hca", " hca %s", NULL, "unknown");
	rs_pr_str_or(p, "netdev", " netdev %s", "", NULL);
	rs_pr_str_or_null(p, "board", " board [%s]", "");
	rs_pr_str(p, "vendor", " vendor [%s]", NULL);
	rs_pr_int_known(p, "port", " port %d", 0, 0);
	rs_pr_u64_known(p, "qps", " qps %llu", 0, 0);
	rs_pr_double_known(p, "gts", " %g GT/s", 0, 0);
	rs_pr_int_known(p, "mtu", " mtu %d", 1024, 1);
	rs_pr_null(p, "state", " state %s", "-");
	rs_pr_text(p, "\n");
}

static void test_unknown(void **state)
{
	char *text = walk_both(walk_unknown, 0), *json = walk_both(walk_unknown, 1);

	(void)state;
	assert_string_equal(text, "fw ? hca unknown board [] vendor [] mtu 1024 state -\n");
	assert_string_equal(json, "{\n  \"fw_ver\": null,\n  \"hca\": null,\n  \"netdev\": null,\n"
			    "  \"board\": null,\n  \"vendor\": null,\n  \"port\": null,\n"
			    "  \"qps\": null,\n  \"gts\": null,\n  \"mtu\": 1024,\n"
			    "  \"state\": null\n}\n");
	free(text);
	free(json);
}

/* Arrays: elements without keys, objects in them, an empty one. */
static void walk_arrays(struct rs_pr *p)
{
	static const char *const notes[] = { "one", "two" };

	rs_pr_arr_open(p, "notes");
	for (int i = 0; i < 2; i++)
		rs_pr_str(p, RS_PR_ITEM, "note: %s\n", notes[i]);
	rs_pr_arr_close(p);
	rs_pr_arr_open(p, "hist");
	for (unsigned i = 0; i < 3; i++)
		rs_pr_u64(p, RS_PR_ITEM, NULL, i * 10);
	rs_pr_arr_close(p);
	rs_pr_arr_open(p, "ports");
	for (unsigned i = 1; i <= 2; i++) {
		rs_pr_obj_open(p, NULL);
		rs_pr_uint(p, "num", "port %u\n", i);
		rs_pr_obj_close(p);
	}
	rs_pr_arr_close(p);
	rs_pr_arr_open(p, "errors");
	rs_pr_arr_close(p);
}

static void test_arrays(void **state)
{
	char *text = walk_both(walk_arrays, 0), *json = walk_both(walk_arrays, 1);

	(void)state;
	assert_string_equal(text, "note: one\nnote: two\nport 1\nport 2\n");
	assert_string_equal(json, "{\n  \"notes\": [\n    \"one\",\n    \"two\"\n  ],\n"
			    "  \"hist\": [\n    0,\n    10,\n    20\n  ],\n"
			    "  \"ports\": [\n    {\n      \"num\": 1\n    },\n    {\n"
			    "      \"num\": 2\n    }\n  ],\n  \"errors\": []\n}\n");
	free(text);
	free(json);
}

/* A format that does not fit its value prints nothing and is reported,
 * in text and in JSON mode alike; "%%" and flags are fine. */
static void check_misuse(void (*bad)(struct rs_pr *))
{
	for (int json = 0; json < 2; json++) {
		struct out o;

		bad(open_out(&o, json));
		assert_int_equal(rs_pr_error(&o.p), 1);
		if (json)
			rs_json_obj_end(&o.j);
		fclose(o.f);
		assert_true(json || o.len == 0);
		free(o.data);
	}
}

static void bad_str(struct rs_pr *p) { rs_pr_str(p, "a", "%d", "x"); }
static void bad_two(struct rs_pr *p) { rs_pr_int(p, "a", "%d %d", 1); }
static void bad_none(struct rs_pr *p) { rs_pr_uint(p, "a", "no value", 1); }
static void bad_star(struct rs_pr *p) { rs_pr_int(p, "a", "%*d", 1); }
static void bad_len(struct rs_pr *p) { rs_pr_int(p, "a", "%lld", 1); }
static void bad_u64(struct rs_pr *p) { rs_pr_u64(p, "a", "%u", 1); }
static void bad_dbl(struct rs_pr *p) { rs_pr_double(p, "a", "%d", 1.5); }
static void bad_size(struct rs_pr *p) { rs_pr_size(p, "a", "%lu", 1); }

static void test_misuse(void **state)
{
	struct out o;
	char *text;

	(void)state;
	check_misuse(bad_str);
	check_misuse(bad_two);
	check_misuse(bad_none);
	check_misuse(bad_star);
	check_misuse(bad_len);
	check_misuse(bad_u64);
	check_misuse(bad_dbl);
	check_misuse(bad_size);
	/* what fits */
	open_out(&o, 0);
	rs_pr_int(&o.p, "a", "%-+5d%%|", 7);
	rs_pr_uint(&o.p, "b", "%04x|", 0x15b3);
	rs_pr_u64(&o.p, "c", "%20llu|", 5);
	rs_pr_size(&o.p, "d", "%-3zu|", (size_t)2);
	rs_pr_double(&o.p, "e", "100%% %8.3e|", 0.5);
	rs_pr_str(&o.p, "f", "%-4.2s|", "abc");
	text = close_out(&o);
	assert_string_equal(text, "+7   %|15b3|                   5|2  |100% 5.000e-01|ab  |");
	free(text);
	/* an array's element where a key is due is the JSON writer's misuse */
	open_out(&o, 1);
	rs_pr_str(&o.p, RS_PR_ITEM, NULL, "x");
	assert_int_equal(rs_pr_error(&o.p), 1);
	fclose(o.f);
	free(o.data);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_walk),
		cmocka_unit_test(test_hostile),
		cmocka_unit_test(test_unknown),
		cmocka_unit_test(test_arrays),
		cmocka_unit_test(test_misuse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
