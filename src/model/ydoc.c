/* SPDX-License-Identifier: MIT */
/*
 * ydoc.c - YAML documents as node trees (ydoc.h), on libyaml's event parser.
 *
 * The parser walks events with an explicit stack of open collections, so a
 * hostile file cannot recurse the C stack; every limit (size, depth, nodes)
 * ends the parse with a message at the node that crossed it.
 */
#include "model/ydoc.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

#define YDOC_MAX_BYTES (1u << 20)
#define YDOC_MAX_DEPTH 64
#define YDOC_MAX_NODES 100000

struct build {
	const char *name;
	char *err;
	size_t errlen;
	struct rs_ynode *stack[YDOC_MAX_DEPTH];
	int depth;
	size_t nodes;
	struct rs_ynode *root;
};

static void node_free(struct rs_ynode *n)
{
	if (!n)
		return;
	for (size_t i = 0; i < n->n; i++)
		node_free(n->items[i]);
	free(n->items);
	free(n->text);
	free(n);
}

void rs_ydoc_free(struct rs_ydoc *d)
{
	node_free(d->root);
	d->root = NULL;
}

static int fail_at(struct build *b, const yaml_mark_t *m, const char *why)
{
	snprintf(b->err, b->errlen, "%s:%zu:%zu: %s", b->name, m->line + 1, m->column + 1, why);
	return -EINVAL;
}

/* Attach n to the open collection (or make it the root). */
static int attach(struct build *b, struct rs_ynode *n, const yaml_mark_t *m)
{
	struct rs_ynode *parent = b->depth ? b->stack[b->depth - 1] : NULL;

	if (++b->nodes > YDOC_MAX_NODES) {
		node_free(n);
		return fail_at(b, m, "too many nodes (at most 100000)");
	}
	if (!parent) {
		if (b->root) {
			node_free(n);
			return fail_at(b, m, "a second document: one per file");
		}
		b->root = n;
		return 0;
	}
	parent->items = rs_xrealloc(parent->items, (parent->n + 1) * sizeof(*parent->items));
	parent->items[parent->n++] = n;
	return 0;
}

static struct rs_ynode *new_node(enum rs_ynode_kind kind, const yaml_mark_t *m)
{
	struct rs_ynode *n = rs_xcalloc(1, sizeof(*n));

	n->kind = kind;
	n->line = (unsigned)m->line + 1;
	n->col = (unsigned)m->column + 1;
	return n;
}

/*
 * The values of these files reach the terminal (tree titles, profile
 * names): no C0 or C1 control character, no DEL, so a file cannot move the
 * cursor or retitle the window.  One final newline (a block scalar's) is
 * allowed and dropped.
 */
static int plain_text(const unsigned char *s, size_t n)
{
	if (n && s[n - 1] == '\n')
		n--;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < 0x20 || s[i] == 0x7f)
			return 0;
		if (s[i] == 0xc2 && i + 1 < n && s[i + 1] >= 0x80 && s[i + 1] <= 0x9f)
			return 0;
	}
	return 1;
}

static int on_event(struct build *b, const yaml_event_t *ev)
{
	const yaml_mark_t *m = &ev->start_mark;
	struct rs_ynode *n;
	int r;

	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		return fail_at(b, m, "aliases are not accepted in this file");
	case YAML_SCALAR_EVENT:
		if (ev->data.scalar.anchor)
			return fail_at(b, m, "anchors are not accepted in this file");
		if (memchr(ev->data.scalar.value, '\0', ev->data.scalar.length))
			return fail_at(b, m, "NUL byte in a value");
		if (!plain_text(ev->data.scalar.value, ev->data.scalar.length))
			return fail_at(b, m, "a control character in a value: the values are "
				       "one line of plain text");
		n = new_node(RS_Y_SCALAR, m);
		n->text = rs_xstrdup((const char *)ev->data.scalar.value);
		/* A block scalar (| or >) ends with its newline: not part of the text. */
		if (ev->data.scalar.length && n->text[ev->data.scalar.length - 1] == '\n')
			n->text[ev->data.scalar.length - 1] = '\0';
		return attach(b, n, m);
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		if ((ev->type == YAML_SEQUENCE_START_EVENT && ev->data.sequence_start.anchor) ||
		    (ev->type == YAML_MAPPING_START_EVENT && ev->data.mapping_start.anchor))
			return fail_at(b, m, "anchors are not accepted in this file");
		if (b->depth >= YDOC_MAX_DEPTH)
			return fail_at(b, m, "nested too deep (at most 64 levels)");
		n = new_node(ev->type == YAML_SEQUENCE_START_EVENT ? RS_Y_SEQ : RS_Y_MAP, m);
		r = attach(b, n, m);
		if (!r)
			b->stack[b->depth++] = n;
		return r;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		if (b->depth)
			b->depth--;
		return 0;
	default:
		return 0;
	}
}

int rs_ydoc_parse(struct rs_ydoc *d, const char *buf, size_t len, const char *name,
		  char *err, size_t errlen)
{
	struct build b = { .name = name ? name : "<input>", .err = err, .errlen = errlen };
	yaml_parser_t p;
	yaml_event_t ev;
	int ret = 0, done = 0;

	memset(d, 0, sizeof(*d));
	RS_STRCPY(d->name, b.name);
	err[0] = '\0';
	if (len > YDOC_MAX_BYTES) {
		snprintf(err, errlen, "%s: %zu bytes: a data file holds at most 1 MiB", b.name, len);
		return -EFBIG;
	}
	if (!yaml_parser_initialize(&p))
		rs_die("out of memory");
	yaml_parser_set_input_string(&p, (const unsigned char *)(buf ? buf : ""), buf ? len : 0);
	while (!done && !ret) {
		if (!yaml_parser_parse(&p, &ev)) {
			snprintf(err, errlen, "%s:%zu:%zu: %s", b.name, p.problem_mark.line + 1,
				 p.problem_mark.column + 1, p.problem ? p.problem : "not YAML");
			ret = -EINVAL;
			break;
		}
		done = ev.type == YAML_STREAM_END_EVENT;
		ret = on_event(&b, &ev);
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	if (ret) {
		node_free(b.root);
		return ret;
	}
	d->root = b.root;
	return 0;
}

int rs_ydoc_load_file(struct rs_ydoc *d, const char *path, char *err, size_t errlen)
{
	struct stat st;
	char *buf;
	ssize_t n;
	int fd, ret;

	memset(d, 0, sizeof(*d));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -errno;
	}
	if (!S_ISREG(st.st_mode) || st.st_size > YDOC_MAX_BYTES) {
		snprintf(err, errlen, "%s: %s", path, !S_ISREG(st.st_mode) ?
			 "not a regular file" : "larger than 1 MiB: not a data file of ours");
		close(fd);
		return -EINVAL;
	}
	buf = rs_xmalloc((size_t)st.st_size + 1);
	n = read(fd, buf, (size_t)st.st_size);
	close(fd);
	if (n < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		free(buf);
		return -EIO;
	}
	ret = rs_ydoc_parse(d, buf, (size_t)n, path, err, errlen);
	free(buf);
	return ret;
}

const struct rs_ynode *rs_ymap_get(const struct rs_ynode *m, const char *key)
{
	if (!m || m->kind != RS_Y_MAP)
		return NULL;
	for (size_t i = 0; i + 1 < m->n; i += 2)
		if (m->items[i]->kind == RS_Y_SCALAR && !strcmp(m->items[i]->text, key))
			return m->items[i + 1];
	return NULL;
}

int rs_yerr(const struct rs_ydoc *d, const struct rs_ynode *n, char *err, size_t errlen,
	    const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (n)
		snprintf(err, errlen, "%s:%u:%u: %s", d->name, n->line, n->col, msg);
	else
		snprintf(err, errlen, "%s: %s", d->name, msg);
	return -EINVAL;
}
