/* SPDX-License-Identifier: MIT */
/*
 * json_check.c - validate that stdin holds exactly one JSON document
 * (RFC 8259), or with --lines one per line (JSON lines), for the shell
 * tests of the --json views.  It is written apart
 * from the writer it checks (src/cli/json.c) on purpose, and keeps the
 * tests free of python3 or jq, which a fresh Debian does not have.
 *
 * Exit 0 when valid; 1 with "json_check: offset N: what" on stderr if not.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned char *p, *end;
static const unsigned char *start;
static const char *failure;

static int fail(const char *why)
{
	if (!failure)
		failure = why;
	return -1;
}

static void ws(void)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
}

static int lit(const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(end - p) < n || memcmp(p, word, n))
		return fail("bad literal");
	p += n;
	return 0;
}

static int hex4(void)
{
	for (int i = 0; i < 4; i++, p++)
		if (p >= end || !strchr("0123456789abcdefABCDEF", *p) || !*p)
			return fail("bad \\u escape");
	return 0;
}

static int string(void)
{
	p++;	/* opening quote */
	while (p < end) {
		unsigned char c = *p;

		if (c == '"') {
			p++;
			return 0;
		}
		if (c < 0x20)
			return fail("control character in string");
		if (c == '\\') {
			p++;
			if (p >= end)
				break;
			if (*p == 'u') {
				p++;
				if (hex4())
					return -1;
				continue;
			}
			if (!strchr("\"\\/bfnrt", *p) || !*p)
				return fail("bad escape");
		}
		p++;
	}
	return fail("unterminated string");
}

static int digits(void)
{
	const unsigned char *s = p;

	while (p < end && *p >= '0' && *p <= '9')
		p++;
	return p > s ? 0 : fail("digit expected");
}

static int number(void)
{
	if (*p == '-')
		p++;
	if (p < end && *p == '0')
		p++;
	else if (digits())
		return -1;
	if (p < end && *p == '.') {
		p++;
		if (digits())
			return -1;
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < end && (*p == '+' || *p == '-'))
			p++;
		if (digits())
			return -1;
	}
	return 0;
}

static int value(int depth);

static int members(int depth, int obj)
{
	char close = obj ? '}' : ']';

	p++;
	ws();
	if (p < end && *p == close) {
		p++;
		return 0;
	}
	for (;;) {
		ws();
		if (obj) {
			if (p >= end || *p != '"')
				return fail("key expected");
			if (string())
				return -1;
			ws();
			if (p >= end || *p != ':')
				return fail("':' expected");
			p++;
		}
		if (value(depth + 1))
			return -1;
		ws();
		if (p < end && *p == ',') {
			p++;
			continue;
		}
		if (p < end && *p == close) {
			p++;
			return 0;
		}
		return fail("',' or end of container expected");
	}
}

static int value(int depth)
{
	if (depth > 512)
		return fail("too deep");
	ws();
	if (p >= end)
		return fail("value expected");
	switch (*p) {
	case '{': return members(depth, 1);
	case '[': return members(depth, 0);
	case '"': return string();
	case 't': return lit("true");
	case 'f': return lit("false");
	case 'n': return lit("null");
	default:
		if (*p == '-' || (*p >= '0' && *p <= '9'))
			return number();
		return fail("value expected");
	}
}

/* One document in [b, e): 0, or 1 after saying why (line > 0: JSON lines). */
static int check(const unsigned char *b, const unsigned char *e, long line)
{
	start = p = b;
	end = e;
	failure = NULL;
	if (value(0) == 0) {
		ws();
		if (p != end)
			fail("trailing data after the document");
	}
	if (!failure)
		return 0;
	if (line)
		fprintf(stderr, "json_check: line %ld, offset %ld: %s\n", line, (long)(p - start),
			failure);
	else
		fprintf(stderr, "json_check: offset %ld: %s\n", (long)(p - start), failure);
	return 1;
}

/* --lines: every line is one document (JSON lines); at least one line. */
static int check_lines(const unsigned char *buf, size_t len)
{
	const unsigned char *b = buf, *e = buf + len, *nl;
	long line = 0;

	if (!len) {
		fprintf(stderr, "json_check: no line\n");
		return 1;
	}
	for (; b < e; b = nl + 1) {
		nl = memchr(b, '\n', (size_t)(e - b));
		if (!nl)
			nl = e;
		if (check(b, nl, ++line))
			return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	size_t cap = 1 << 16, len = 0, n;
	unsigned char *buf = malloc(cap);
	int lines = argc > 1 && !strcmp(argv[1], "--lines"), ret;

	while (buf && (n = fread(buf + len, 1, cap - len, stdin)) > 0) {
		len += n;
		if (len == cap)
			buf = realloc(buf, cap *= 2);
	}
	if (!buf) {
		fprintf(stderr, "json_check: out of memory\n");
		return 2;
	}
	ret = lines ? check_lines(buf, len) : check(buf, buf + len, 0);
	free(buf);
	return ret;
}
