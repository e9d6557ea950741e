/* SPDX-License-Identifier: MIT */
/*
 * test_snapshot_fuzz.c - the loader against damaged copies of a real
 * snapshot file: a prefix every few bytes (a file cut short by a full disk or a broken
 * transfer) and thousands of random byte changes with a fixed seed.
 *
 * For each input the loader must return 0 or -EINVAL, never crash; on
 * -EINVAL the message names the input with a line:column and the snapshot
 * is empty; on 0 the snapshot saves and reloads to the same text (a damaged
 * file that still parses is a valid snapshot, not a half-read one).
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

#include "model/snapshot_yaml.h"
#include "snapshot.h"
#include "snapshot_sample.h"

static char *sample;
static size_t sample_len;
static unsigned n_ok, n_err;

static void check_one(const char *buf, size_t len)
{
	struct rs_snapshot s, r;
	char err[512];
	int ret;

	ret = rs_snapshot_load_yaml(&s, buf, len, "fuzz", err, sizeof(err));
	if (ret == -EINVAL) {
		unsigned line, col;

		n_err++;
		if (sscanf(err, "fuzz:%u:%u: ", &line, &col) != 2 || !line || !col)
			fail_msg("bad message \"%s\"", err);
		assert_true(rs_sample_is_empty(&s));
		return;
	}
	assert_int_equal(ret, 0);
	n_ok++;
	{
		size_t l1, l2;
		char *t1 = rs_sample_save_string(&s, &l1), *t2, why[256];

		if (rs_snapshot_load_yaml(&r, t1, l1, "again", err, sizeof(err)))
			fail_msg("saved form refused: %s", err);
		if (rs_sample_compare(&s, &r, why, sizeof(why)))
			fail_msg("reloaded snapshot differs: %s", why);
		t2 = rs_sample_save_string(&r, &l2);
		assert_int_equal(l1, l2);
		assert_memory_equal(t1, t2, l1);
		free(t1);
		free(t2);
		rs_snapshot_free(&r);
	}
	rs_snapshot_free(&s);
}

static void test_prefixes(void **state)
{
	char *buf = malloc(sample_len + 1);

	n_ok = n_err = 0;
	/*
	 * Every 5th byte (all of them take ~5 s on a busy 2-core machine), plus
	 * the last few: the end of the file is where a cut is most likely.
	 */
	for (size_t n = 0; n <= sample_len; n += n + 8 >= sample_len ? 1 : 5) {
		memcpy(buf, sample, n);
		check_one(buf, n);
	}
	print_message("# prefixes: %u parsed, %u rejected\n", n_ok, n_err);
	assert_true(n_err > 0 && n_ok > 0);
	free(buf);
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next_rand(void)
{
	/* xorshift64: the same sequence on every machine. */
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static size_t mutate(char *buf, size_t len, size_t cap)
{
	static const char special[] = ":-[]{}&*!|>'\"#%@`,? \n\t\\\0\xff\xc3";
	size_t at = next_rand() % len, n;

	switch (next_rand() % 5) {
	case 0:		/* flip one bit */
		buf[at] ^= (char)(1u << (next_rand() % 8));
		break;
	case 1:		/* a YAML-significant character */
		buf[at] = special[next_rand() % (sizeof(special) - 1)];
		break;
	case 2:		/* a random byte */
		buf[at] = (char)next_rand();
		break;
	case 3:		/* delete a run */
		n = next_rand() % 16 + 1;
		if (at + n > len)
			n = len - at;
		memmove(buf + at, buf + at + n, len - at - n);
		len -= n;
		break;
	default:	/* repeat a run */
		n = next_rand() % 32 + 1;
		if (at + n > len)
			n = len - at;
		if (len + n <= cap) {
			memmove(buf + at + n, buf + at, len - at);
			len += n;
		}
		break;
	}
	return len;
}

static void test_mutations(void **state)
{
	size_t cap = sample_len * 2;
	char *buf = malloc(cap);
	/* RS_FUZZ_ROUNDS=200000 for a longer run by hand (make check: 2500). */
	const char *env = getenv("RS_FUZZ_ROUNDS");
	int rounds = env ? atoi(env) : 2500;

	n_ok = n_err = 0;
	for (int i = 0; i < rounds; i++) {
		size_t len = sample_len;
		int edits = 1 + (int)(next_rand() % 4);

		memcpy(buf, sample, len);
		for (int e = 0; e < edits && len; e++)
			len = mutate(buf, len, cap);
		check_one(buf, len);
	}
	print_message("# mutations: %u parsed, %u rejected\n", n_ok, n_err);
	assert_true(n_err > 0 && n_ok > 0);
	free(buf);
}

static int setup(void **state)
{
	struct rs_snapshot s;

	rs_sample_fill(&s);
	sample = rs_sample_save_string(&s, &sample_len);
	rs_snapshot_free(&s);
	return 0;
}

static int teardown(void **state)
{
	free(sample);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prefixes),
		cmocka_unit_test(test_mutations),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
