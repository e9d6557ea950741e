/* SPDX-License-Identifier: MIT */
/*
 * jsonl_write.c - the writer of `--json-lines` (jsonl.h): one object built
 * in memory, then written with one write(2), so a reader of the pipe never
 * sees half a line.  Strings go through the core JSON writer's escaping
 * (src/json.h): control characters escaped, invalid UTF-8 replaced.
 */
#include "perf/jsonl.h"
#include "json.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void rs_jl_begin(struct rs_jl *jl, const char *type)
{
	memset(jl, 0, sizeof(*jl));
	jl->mem = open_memstream(&jl->buf, &jl->len);
	if (!jl->mem)
		rs_die("out of memory");
	fputc('{', jl->mem);
	rs_jl_u64(jl, "schema_version", RS_JSON_SCHEMA_VERSION);	/* docs/cli.md */
	rs_jl_str(jl, "type", type);
}

static void key(struct rs_jl *jl, const char *k)
{
	if (jl->n++)
		fputc(',', jl->mem);
	rs_json_write_string(jl->mem, k, strlen(k));
	fputc(':', jl->mem);
}

void rs_jl_str(struct rs_jl *jl, const char *k, const char *val)
{
	key(jl, k);
	rs_json_write_string(jl->mem, val, strlen(val));
}

void rs_jl_num(struct rs_jl *jl, const char *k, double val)
{
	char buf[64];

	key(jl, k);
	if (!isfinite(val)) {
		fputs("null", jl->mem);
		return;
	}
	snprintf(buf, sizeof(buf), "%.6g", val);
	if (!strpbrk(buf, ".e"))
		strcat(buf, ".0");	/* always a fraction, as the JSON writer's doubles */
	fputs(buf, jl->mem);
}

void rs_jl_u64(struct rs_jl *jl, const char *k, uint64_t val)
{
	key(jl, k);
	fprintf(jl->mem, "%llu", (unsigned long long)val);
}

void rs_jl_int(struct rs_jl *jl, const char *k, int64_t val)
{
	key(jl, k);
	fprintf(jl->mem, "%lld", (long long)val);
}

void rs_jl_bool(struct rs_jl *jl, const char *k, int val)
{
	key(jl, k);
	fputs(val ? "true" : "false", jl->mem);
}

void rs_jl_hist(struct rs_jl *jl, const char *k, const uint64_t *v, size_t n)
{
	key(jl, k);
	fputc('[', jl->mem);
	for (size_t i = 0; i < n; i++)
		fprintf(jl->mem, "%s%llu", i ? "," : "", (unsigned long long)v[i]);
	fputc(']', jl->mem);
}

int rs_jl_end(struct rs_jl *jl, int fd)
{
	size_t off = 0;
	int ret = 0;

	fputs("}\n", jl->mem);
	fclose(jl->mem);
	while (off < jl->len) {
		ssize_t n = write(fd, jl->buf + off, jl->len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ret = -errno;
			break;
		}
		off += (size_t)n;
	}
	free(jl->buf);
	jl->buf = NULL;
	return ret;
}
