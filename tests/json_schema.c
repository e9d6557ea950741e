/* SPDX-License-Identifier: MIT */
/*
 * json_schema.c - check JSON documents against the schemas docs/cli.md
 * documents, so the documentation and the output cannot drift apart.
 *
 *   json_schema DOC.md NAME [--lines] < output
 *
 * The schema NAME is the block of DOC.md that opens with a line
 * "```schema NAME" and ends at "```": one line per member,
 *
 *   PATH   TYPE[|TYPE...] [optional]
 *
 * where PATH is the member's path from the document's top ("devices[]" an
 * item of the array "devices", "devices[].pci.degraded" a member of an
 * object inside it; "opcodes.*" any member of the object "opcodes", for
 * maps whose keys are data) and TYPE one of string, int (a number without fraction
 * or exponent), number (any number), bool, null, object, array.  Every
 * member of every object must be in the schema, with one of its types (a
 * number with a fraction or exponent is not an int, and an int is not a
 * number: one kind of number per member),
 * and every member the schema lists must be there unless it is marked
 * optional.  --lines: one document per line (JSON lines).
 *
 * Exit 0 when every document fits; 1 with "json_schema: NAME: PATH: what"
 * on stderr for each misfit (the first 20); 2 on bad usage or a schema
 * that is not there.  The JSON syntax itself is json_check's business:
 * this parser is small and trusts the document is valid.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RULES 512
#define MAX_PATH 512

enum { T_STRING = 1, T_INT = 2, T_NUMBER = 4, T_BOOL = 8, T_NULL = 16, T_OBJECT = 32,
       T_ARRAY = 64 };

struct rule {
	char path[MAX_PATH];
	unsigned types;
	int optional;
	int seen;
};

static struct rule rules[MAX_RULES];
static int n_rules;
static const char *schema_name;
static const char *p, *end;
static int errors;

static void misfit(const char *path, const char *what, const char *type)
{
	if (++errors <= 20)
		fprintf(stderr, "json_schema: %s: %s: %s%s\n", schema_name, path[0] ? path : "(top)",
			type ? type : "", what);
}

static const struct { const char *name; unsigned bit; } type_names[] = {
	{ "string", T_STRING }, { "int", T_INT }, { "number", T_NUMBER },
	{ "bool", T_BOOL }, { "null", T_NULL }, { "object", T_OBJECT }, { "array", T_ARRAY },
};

static int parse_types(char *s, unsigned *out)
{
	*out = 0;
	for (char *t = strtok(s, "|"); t; t = strtok(NULL, "|")) {
		size_t i;

		for (i = 0; i < sizeof(type_names) / sizeof(type_names[0]); i++)
			if (!strcmp(t, type_names[i].name))
				break;
		if (i == sizeof(type_names) / sizeof(type_names[0]))
			return -1;
		*out |= type_names[i].bit;
	}
	return *out ? 0 : -1;
}

/* The rules of block "```schema name" in file md. */
static int load_schema(const char *md, const char *name)
{
	char line[1024], open[256];
	FILE *f = fopen(md, "r");
	int in = 0, found = 0;

	if (!f) {
		perror(md);
		return -1;
	}
	snprintf(open, sizeof(open), "```schema %s\n", name);
	while (fgets(line, sizeof(line), f)) {
		char path[MAX_PATH], types[128], opt[32] = "";
		int n;

		if (!in) {
			in = found = !strcmp(line, open);
			continue;
		}
		if (!strncmp(line, "```", 3))
			break;
		n = sscanf(line, "%511s %127s %31s", path, types, opt);
		if (n < 2 || n_rules >= MAX_RULES || parse_types(types, &rules[n_rules].types) ||
		    (n == 3 && strcmp(opt, "optional"))) {
			fprintf(stderr, "json_schema: %s: bad schema line: %s", name, line);
			fclose(f);
			return -1;
		}
		strcpy(rules[n_rules].path, path);
		rules[n_rules++].optional = n == 3;
	}
	fclose(f);
	if (!found || !n_rules) {
		fprintf(stderr, "json_schema: no schema '%s' in %s\n", name, md);
		return -1;
	}
	return 0;
}

static struct rule *rule_of(const char *path)
{
	for (int i = 0; i < n_rules; i++)
		if (!strcmp(rules[i].path, path))
			return &rules[i];
	return NULL;
}

static void ws(void)
{
	while (p < end && strchr(" \t\r\n", *p) && *p)
		p++;
}

/* A string's raw text (escapes kept: keys have none) into buf. */
static void string(char *buf, size_t len)
{
	size_t n = 0;

	p++;
	while (p < end && *p != '"') {
		if (*p == '\\')
			p++;
		if (buf && n + 1 < len)
			buf[n++] = *p;
		p++;
	}
	p++;
	if (buf)
		buf[n] = '\0';
}

static unsigned value(const char *path);

/* A member's value or an array's item, and the comma after it. */
static void item(const char *path)
{
	value(path);
	ws();
	if (p < end && *p == ',')
		p++;
	ws();
}

/* Members of the object at path; then every listed member must have come. */
static void object(const char *path)
{
	char key[256], child[MAX_PATH];
	char seen[MAX_RULES] = { 0 };
	size_t plen = strlen(path);
	struct rule *r;

	p++;
	ws();
	while (p < end && *p != '}') {
		string(key, sizeof(key));
		snprintf(child, sizeof(child), "%s%s%s", path, plen ? "." : "", key);
		ws();
		p++;	/* ':' */
		r = rule_of(child);
		if (!r) {	/* a map: "path.*" */
			snprintf(child, sizeof(child), "%s%s*", path, plen ? "." : "");
			r = rule_of(child);
			if (!r)
				snprintf(child, sizeof(child), "%s%s%s", path, plen ? "." : "", key);
		}
		if (r)
			seen[r - rules] = 1;
		else
			misfit(child, "not in the schema", NULL);
		item(child);
	}
	p++;
	for (int i = 0; i < n_rules; i++) {
		const char *rp = rules[i].path, *dot = strrchr(rp, '.');
		size_t parent = dot ? (size_t)(dot - rp) : 0;

		/* direct members of this object: "path.key", or "key" at the top */
		if (parent != plen || strncmp(rp, path, plen) || strstr(rp + parent + !!dot, "[]") ||
		    !strcmp(rp + parent + !!dot, "*") || rules[i].optional || seen[i])
			continue;
		misfit(rp, "missing", NULL);
	}
}

static void array(const char *path)
{
	char child[MAX_PATH];

	snprintf(child, sizeof(child), "%s[]", path);
	p++;
	ws();
	while (p < end && *p != ']')
		item(child);
	p++;
}

static unsigned scalar(void)
{
	unsigned t = T_INT;

	if (*p == '"') {
		string(NULL, 0);
		return T_STRING;
	}
	if (*p == 't' || *p == 'f' || *p == 'n') {
		t = *p == 'n' ? T_NULL : T_BOOL;
		while (p < end && *p >= 'a' && *p <= 'z')
			p++;
		return t;
	}
	while (p < end && strchr("+-0123456789.eE", *p) && *p) {
		if (strchr(".eE", *p))
			t = T_NUMBER;
		p++;
	}
	return t;
}

static const char *type_text(unsigned t)
{
	for (size_t i = 0; i < sizeof(type_names) / sizeof(type_names[0]); i++)
		if (type_names[i].bit == t)
			return type_names[i].name;
	return "?";
}

/* One value at path: its type checked against the path's rule. */
static unsigned value(const char *path)
{
	struct rule *r = rule_of(path);
	unsigned t;

	ws();
	if (*p == '{') {
		t = T_OBJECT;
		object(path);
	} else if (*p == '[') {
		t = T_ARRAY;
		array(path);
	} else {
		t = scalar();
	}
	if (r) {
		r->seen = 1;
		if (!(r->types & t))
			misfit(path, " where the schema says otherwise", type_text(t));
	} else if (strlen(path) >= 2 && !strcmp(path + strlen(path) - 2, "[]")) {
		misfit(path, "array items not in the schema", NULL);
	}
	return t;
}

static int check(const char *b, const char *e)
{
	p = b;
	end = e;
	ws();
	if (p >= end)
		return 0;
	if (value("") != T_OBJECT)
		misfit("", "not an object", NULL);
	return 0;
}

int main(int argc, char **argv)
{
	static char buf[64 << 20];
	size_t len;
	int lines = argc == 4 && !strcmp(argv[3], "--lines");

	if (argc < 3 || (argc == 4 && !lines) || argc > 4) {
		fprintf(stderr, "usage: json_schema DOC.md NAME [--lines] < output\n");
		return 2;
	}
	schema_name = argv[2];
	if (load_schema(argv[1], argv[2]))
		return 2;
	len = fread(buf, 1, sizeof(buf), stdin);
	if (!lines) {
		check(buf, buf + len);
	} else {
		for (const char *b = buf, *nl; b < buf + len; b = nl + 1) {
			nl = memchr(b, '\n', (size_t)(buf + len - b));
			if (!nl)
				nl = buf + len;
			check(b, nl);
		}
	}
	if (errors > 20)
		fprintf(stderr, "json_schema: %s: %d misfits in all\n", schema_name, errors);
	return errors ? 1 : 0;
}
