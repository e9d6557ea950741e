/* SPDX-License-Identifier: MIT */
/*
 * test_termout.c - rs_tprintf(): printf whose %s and %c arguments are
 * escaped for a terminal, widths counted in characters (terminal columns
 * when messages are translated), every numeric conversion formatted
 * exactly as the C library formats it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <cmocka.h>

#include "i18n.h"
#include "termout.h"

/* rs_tasprintf() and rs_tprintf() to a memory stream give the same text. */
static void check(const char *got, const char *want)
{
	assert_string_equal(got, want);
}

static void test_strings_escaped(void **state)
{
	const char *volatile nothing = NULL;
	char *s;

	s = rs_tasprintf("PSID %s fw %s host %s", "MT\x1b]0;pwned\a", "16.\x9b" "2J",
			 "h\xc2\x9b" "1m\xff");
	check(s, "PSID MT\\x1b]0;pwned\\x07 fw 16.\\x9b2J host h\\u009b1m\\xff");
	free(s);
	/* the format's own newline stays; one inside an argument does not */
	s = rs_tasprintf("%s\n%c%c", "a\nb", '\x1b', 'z');
	check(s, "a\\nb\n\\x1bz");
	free(s);
	s = rs_tasprintf("%s|%s", nothing, "");
	check(s, "(null)|");
	free(s);
}

static void test_widths_in_characters(void **state)
{
	char *s;

	/* UTF-8 pads by characters: the columns after it stay aligned */
	s = rs_tasprintf("[%-6s][%6s][%-4s]", "caf\xc3\xa9", "\xe8\xbf\x9e", "\x1b");
	check(s, "[caf\xc3\xa9  ][     \xe8\xbf\x9e][\\x1b]");
	free(s);
	s = rs_tasprintf("[%*s][%-*s][%.2s][%.*s]", 4, "ab", 3, "c", "\xc3\xa9\xc3\xa9z", 3,
			 "abcdef");
	check(s, "[  ab][c  ][\xc3\xa9\xc3\xa9][abc]");
	free(s);
	/* a precision counts characters of the argument, before escaping */
	s = rs_tasprintf("[%.5s][%.1s]", "--x\x1b[31m", "\xc3\xa9\x1b");
	check(s, "[--x\\x1b[][\xc3\xa9]");
	free(s);
	s = rs_tasprintf("[%*s]", -3, "x");	/* a negative width is left-justified */
	check(s, "[x  ]");
	free(s);
	/* rs_tchars: what the width counts, for sizing columns from the data */
	assert_int_equal(rs_tchars("caf\xc3\xa9"), 4);
	assert_int_equal(rs_tchars("\x1b"), 4);		/* \x1b */
	assert_int_equal(rs_tchars(""), 0);
}

static void test_numbers_as_printf(void **state)
{
	char want[256], *s;

	s = rs_tasprintf("%d %5u %-4x| %08.3f %g %ld %llu %zu %zd %%  %hhu %jd %p %e %.1f%%",
			 -42, 7u, 255u, 3.14159, 0.1, -9L, 18446744073709551615ULL,
			 (size_t)12, (ssize_t)-3, 300, (intmax_t)-1, (void *)0x1234, 1e20,
			 99.95);
	snprintf(want, sizeof(want),
		 "%d %5u %-4x| %08.3f %g %ld %llu %zu %zd %%  %hhu %jd %p %e %.1f%%", -42, 7u,
		 255u, 3.14159, 0.1, -9L, 18446744073709551615ULL, (size_t)12, (ssize_t)-3,
		 (unsigned char)300, (intmax_t)-1, (void *)0x1234, 1e20, 99.95);
	check(s, want);
	free(s);
	/* a number wider than the internal buffer */
	s = rs_tasprintf("%200d|", 1);
	assert_int_equal(strlen(s), 201);
	assert_string_equal(s + 199, "1|");
	free(s);
}

/* The refused formats are not literals: the compiler would refuse them. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
/* A translation may number its arguments to reorder them. */
static void test_positional_arguments(void **state)
{
	const char *volatile mixed = "%1$s %s", *volatile unused = "%2$s|",
			     *volatile bad = "%d%n|";
	char *s;

	s = rs_tasprintf("%2$s port %1$u: %3$.1f %2$s", 3u, "mlx5_0\x1b", 2.5);
	check(s, "mlx5_0\\x1b port 3: 2.5 mlx5_0\\x1b");
	free(s);
	s = rs_tasprintf("[%2$*1$d][%3$-*1$s]", 5, 42, "ab");
	check(s, "[   42][ab   ]");
	free(s);
	/* what cannot be formatted safely prints as its own text */
	s = rs_tasprintf(mixed, "a", "b");
	check(s, "%1$s %s");
	free(s);
	s = rs_tasprintf(unused, "a", "b");
	check(s, "%2$s|");
	free(s);
	s = rs_tasprintf(bad, 1, NULL);
	check(s, "%d%n|");
	free(s);
}
#pragma GCC diagnostic pop

static void test_to_a_stream(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int n;

	assert_non_null(f);
	n = rs_tprintf(f, "note: %s %s: %s\n", "sysfs", "mlx5_\x07", "bad \xe2\x80\xae value");
	fclose(f);
	assert_string_equal(buf, "note: sysfs mlx5_\\x07: bad \\u202e value\n");
	assert_int_equal(n, (int)strlen(buf));
	free(buf);
}

/*
 * A catalogue of the header alone (the GNU .mo layout: magic, revision,
 * one message, the tables of originals and translations) under
 * dir/C.UTF-8/LC_MESSAGES: enough for gettext to call the locale
 * translated, in the C.UTF-8 locale every glibc has.
 */
static void write_catalogue(const char *dir)
{
	static const char hdr[] = "Content-Type: text/plain; charset=UTF-8\n";
	/* header (7 words), the original "" (length, offset), its translation */
	uint32_t mo[11] = { 0x950412de, 0, 1, 28, 36, 0, 44, 0, 44, 0, 45 };
	char path[512];
	FILE *f;

	mo[9] = (uint32_t)strlen(hdr);
	snprintf(path, sizeof(path), "%s/C.UTF-8", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/C.UTF-8/LC_MESSAGES", dir);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/C.UTF-8/LC_MESSAGES/rocescope.mo", dir);
	f = fopen(path, "wb");
	assert_non_null(f);
	fwrite(mo, sizeof(mo[0]), 11, f);
	fwrite("", 1, 1, f);
	fwrite(hdr, 1, sizeof(hdr), f);
	fclose(f);
}

/* Translated, a Chinese heading takes two columns a character and pads
 * so; machine mode (English), or a build without NLS, counts characters.
 * Last: the locale stays set. */
static void test_widths_in_columns_when_translated(void **state)
{
	char dir[] = "/tmp/rs_termout_XXXXXX", cmd[64];
	char *s;

	assert_non_null(mkdtemp(dir));
	write_catalogue(dir);
	setenv("ROCESCOPE_LOCALEDIR", dir, 1);
	setenv("LC_ALL", "C.UTF-8", 1);
	rs_i18n_init();
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
	if (!rs_i18n_translating()) {	/* built without NLS: characters, as in English */
		s = rs_tasprintf("[%-8s]", "\xe8\xae\xbe\xe5\xa4\x87");
		check(s, "[\xe8\xae\xbe\xe5\xa4\x87      ]");
		free(s);
		return;
	}
	s = rs_tasprintf("[%-8s][%6s]", "\xe8\xae\xbe\xe5\xa4\x87", "\xe7\xab\xaf");	/* 设备, 端 */
	check(s, "[\xe8\xae\xbe\xe5\xa4\x87    ][    \xe7\xab\xaf]");
	free(s);
	assert_int_equal(rs_tchars("\xe8\xae\xbe\xe5\xa4\x87:x"), 6);
	assert_int_equal(rs_tcols("\xe8\xae\xbe\xe5\xa4\x87", 6), 4);
	assert_int_equal(rs_tchars("caf\xc3\xa9"), 4);
	rs_i18n_machine();
	s = rs_tasprintf("[%-8s]", "\xe8\xae\xbe\xe5\xa4\x87");
	check(s, "[\xe8\xae\xbe\xe5\xa4\x87      ]");
	free(s);
	assert_int_equal(rs_tchars("\xe8\xae\xbe\xe5\xa4\x87:x"), 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_strings_escaped),
		cmocka_unit_test(test_widths_in_characters),
		cmocka_unit_test(test_numbers_as_printf),
		cmocka_unit_test(test_positional_arguments),
		cmocka_unit_test(test_to_a_stream),
		cmocka_unit_test(test_widths_in_columns_when_translated),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
