/* SPDX-License-Identifier: MIT */
/*
 * test_ui_width.c - the console's text widths (ui/width.h): display
 * columns of ASCII, CJK (two columns a character), mixed text and invalid
 * UTF-8; a cut at every width ends on a whole character and pads half a
 * double-width glyph with a space; the %s of ui_format() pads and cuts by
 * columns while numbers come out as printf writes them.
 */
#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include <cmocka.h>

#include "ui/width.h"

/* "端口状态": four CJK characters, 3 bytes and 2 columns each */
#define CJK "\xe7\xab\xaf\xe5\x8f\xa3\xe7\x8a\xb6\xe6\x80\x81"
#define DUAN "\xe7\xab\xaf"
#define KOU "\xe5\x8f\xa3"

static int utf8_locale(void **state)
{
	return setlocale(LC_CTYPE, "C.UTF-8") || setlocale(LC_CTYPE, "en_US.UTF-8") ? 0 : -1;
}

/* n bytes of s end on a character boundary: the rest decodes whole. */
static int whole(const char *s, size_t n)
{
	mbstate_t st;
	size_t at = 0;

	memset(&st, 0, sizeof(st));
	while (at < n) {
		wchar_t wc;
		size_t k = mbrtowc(&wc, s + at, strlen(s + at), &st);

		if (k == (size_t)-1 || k == (size_t)-2 || !k) {
			memset(&st, 0, sizeof(st));	/* invalid: one byte */
			at++;
			continue;
		}
		at += k;
	}
	return at == n;
}

static void test_ascii(void **state)
{
	size_t n;
	int flags;

	assert_int_equal(ui_width(""), 0);
	assert_int_equal(ui_width("port"), 4);
	for (int w = 0; w <= 6; w++) {
		int cols = ui_width_fit("port", w, &n, &flags);

		assert_int_equal(cols, w < 4 ? w : 4);
		assert_int_equal(n, (size_t)cols);
		assert_int_equal(flags, UI_W_ASCII | UI_W_CLEAN);
	}
}

static void test_cjk(void **state)
{
	size_t n;
	int flags;

	assert_int_equal(ui_width(CJK), 8);
	assert_int_equal(ui_width_n(CJK, 6), 4);
	/* a long text is measured whole, not up to a buffer's size */
	{
		char big[3 * 600 + 1] = "";

		for (int i = 0; i < 600; i++)
			memcpy(big + 3 * i, DUAN, 3);
		big[sizeof(big) - 1] = '\0';
		assert_int_equal(ui_width_n(big, sizeof(big) - 1), 1200);
		/* a byte of a cut character counts as the one ? drawn for it */
		assert_int_equal(ui_width_n(big, 7), 5);
	}
	for (int w = 0; w <= 10; w++) {
		int cols = ui_width_fit(CJK, w, &n, &flags);
		int want = w >= 8 ? 8 : w - w % 2;

		assert_int_equal(cols, want);
		assert_int_equal(n, (size_t)want / 2 * 3);	/* never half a character */
		assert_int_equal(flags, w >= 1 ? UI_W_CLEAN : UI_W_ASCII | UI_W_CLEAN);
	}
}

static void test_mixed(void **state)
{
	const char *s = "a" DUAN "b" KOU " ok";
	size_t n;

	assert_int_equal(ui_width(s), 9);
	ui_width_fit(s, 2, &n, NULL);
	assert_int_equal(n, 1);		/* "a", then a glyph that needs two */
	ui_width_fit(s, 3, &n, NULL);
	assert_int_equal(n, 4);
	ui_width_fit(s, 5, &n, NULL);
	assert_int_equal(n, 5);		/* "a端b", 口 does not fit in one */
}

/* Every width of every text: within the width, at most one column short,
 * on a boundary; padded, exactly that wide. */
static void test_cut_at_every_width(void **state)
{
	static const char *const texts[] = {
		"port", CJK, "a" DUAN "b" KOU " ok", DUAN "x" KOU "yy" DUAN, "caf\xc3\xa9 " CJK,
	};

	for (size_t t = 0; t < sizeof(texts) / sizeof(texts[0]); t++) {
		const char *s = texts[t];
		int total = ui_width(s);

		for (int w = 0; w <= total + 2; w++) {
			char buf[128];
			size_t n;
			int cols = ui_width_fit(s, w, &n, NULL);

			assert_true(cols <= w);
			assert_true(cols >= (w < total ? w - 1 : total));
			assert_true(whole(s, n));
			ui_width_pad(buf, sizeof(buf), s, w, 1);
			assert_int_equal(ui_width(buf), w);
			assert_true(whole(buf, strlen(buf)));
			ui_width_pad(buf, sizeof(buf), s, w, 0);
			assert_int_equal(ui_width(buf), w);
		}
	}
}

static void test_pad(void **state)
{
	char buf[32];

	ui_width_pad(buf, sizeof(buf), DUAN KOU, 5, 1);
	assert_string_equal(buf, DUAN KOU " ");
	ui_width_pad(buf, sizeof(buf), DUAN KOU, 6, 0);
	assert_string_equal(buf, "  " DUAN KOU);
	ui_width_pad(buf, sizeof(buf), DUAN KOU, 3, 1);
	assert_string_equal(buf, DUAN " ");	/* half of 口: a space */
	ui_width_pad(buf, sizeof(buf), DUAN KOU, 1, 1);
	assert_string_equal(buf, " ");
	ui_width_pad(buf, 4, "abcdef", 10, 1);	/* a small buffer: what fits */
	assert_string_equal(buf, "abc");
}

static void test_invalid_utf8(void **state)
{
	size_t n;
	int flags;

	/* a byte that is no character takes one column (drawn '?') */
	assert_int_equal(ui_width("a\xff" "b"), 3);
	ui_width_fit("a\xff" "b", 5, &n, &flags);
	assert_int_equal(n, 3);
	assert_int_equal(flags & UI_W_CLEAN, 0);
	/* a sequence cut short: each of its bytes */
	assert_int_equal(ui_width("\xe7\xab"), 2);
	assert_int_equal(ui_width("\xe7\xab" KOU), 4);
	assert_int_equal(ui_width("\xc0\xaf"), 2);	/* overlong '/' */
}

static void test_format_strings(void **state)
{
	char buf[128];

	ui_format(buf, sizeof(buf), "[%-6s][%6s][%s]", DUAN KOU, DUAN, "x");
	assert_string_equal(buf, "[" DUAN KOU "  ][    " DUAN "][x]");
	ui_format(buf, sizeof(buf), "[%.3s][%-3.3s][%.1s]", DUAN KOU, DUAN KOU, DUAN);
	assert_string_equal(buf, "[" DUAN "][" DUAN " ][]");
	ui_format(buf, sizeof(buf), "[%-*s][%*s]", 5, KOU, -4, "ab");
	assert_string_equal(buf, "[" KOU "   ][ab  ]");
	/* English pads exactly as printf */
	ui_format(buf, sizeof(buf), "  %-10s %-6s %7s|", "port", "state", "pkt/s");
	assert_string_equal(buf, "  port       state    pkt/s|");
}

static void test_format_numbers(void **state)
{
	char got[256], want[256];

	ui_format(got, sizeof(got), "%d %5.1f %-4u| %x %#o %lld %zu %lu %.2g %% %c",
		  -7, 2.25, 42u, 255u, 8u, -123456789012LL, (size_t)99, 7ul, 0.5, 'z');
	snprintf(want, sizeof(want), "%d %5.1f %-4u| %x %#o %lld %zu %lu %.2g %% %c",
		 -7, 2.25, 42u, 255u, 8u, -123456789012LL, (size_t)99, 7ul, 0.5, 'z');
	assert_string_equal(got, want);
	ui_format(got, sizeof(got), "%*d|%-*.*f|%06.2f", 5, 3, 8, 3, 1.5, 3.14159);
	snprintf(want, sizeof(want), "%*d|%-*.*f|%06.2f", 5, 3, 8, 3, 1.5, 3.14159);
	assert_string_equal(got, want);
}

/* The refused formats are not literals: the compiler would refuse them. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
/* A translation's reordered arguments, padded by display width. */
static void test_format_positional(void **state)
{
	const char *volatile mixed = "%1$s %d";
	char buf[128];

	ui_format(buf, sizeof(buf), "[%2$-6s][%1$3u]", 7u, DUAN KOU);
	assert_string_equal(buf, "[" DUAN KOU "  ][  7]");
	ui_format(buf, sizeof(buf), mixed, "a", 1);
	assert_string_equal(buf, "%1$s %d");
}
#pragma GCC diagnostic pop

static void test_format_truncates(void **state)
{
	char buf[6];

	assert_int_equal(ui_format(buf, sizeof(buf), "%s-%d", "abcd", 12345), 5);
	assert_string_equal(buf, "abcd-");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ascii),
		cmocka_unit_test(test_cjk),
		cmocka_unit_test(test_mixed),
		cmocka_unit_test(test_cut_at_every_width),
		cmocka_unit_test(test_pad),
		cmocka_unit_test(test_invalid_utf8),
		cmocka_unit_test(test_format_strings),
		cmocka_unit_test(test_format_numbers),
		cmocka_unit_test(test_format_positional),
		cmocka_unit_test(test_format_truncates),
	};

	return cmocka_run_group_tests(tests, utf8_locale, NULL);
}
