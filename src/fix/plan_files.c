/* SPDX-License-Identifier: MIT */
/*
 * plan_files.c - rocescope's own files in /etc, which make a change last
 * across a reboot: sysctl.d for the address sysctls and huge pages,
 * limits.d for memlock, modules-load.d for modules.
 *
 * Each file is ours only: its first line is RS_FIX_MARKER, and a file
 * without it (another package's, an administrator's) is never edited: the
 * step says so and leaves it.  Ours is always written whole (the marker,
 * then one line per setting, a new value replacing the line of the same
 * setting), atomically, never through a symlink: rs_fix_write_file().
 *
 * rs_fix_write_file() writes through the program's one safe writer
 * (util_out.h: a new file beside the name, renamed over it; a symlink at
 * the name refused; a directory others may write into refused unless
 * sticky).
 */
#include "fix/fix_priv.h"
#include "util.h"
#include "util_out.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const paths[RS_FIX_FILES] = {
	"/etc/sysctl.d/90-rocescope.conf",
	"/etc/security/limits.d/90-rocescope-memlock.conf",
	"/etc/modules-load.d/rocescope.conf",
};

const char *rs_fix_file_path(enum rs_fix_file f)
{
	return f < RS_FIX_FILES ? paths[f] : "";
}

void rs_fix_persist_line(struct rs_fix_plan *plan, struct rs_fix_step *st, enum rs_fix_file f,
			 const char *key, const char *fmt, ...)
{
	struct rs_fix_line *l = RS_APPEND(plan->lines, plan->n_lines);
	va_list ap;

	l->file = f;
	RS_STRCPY(l->key, key);
	va_start(ap, fmt);
	vsnprintf(l->line, sizeof(l->line), fmt, ap);
	va_end(ap);
	l->step = st ? (size_t)(st - plan->steps) : (size_t)-1;
}

static void file_step(struct rs_fix_plan *plan, enum rs_fix_file f)
{
	struct rs_finding src = { .id = NULL };
	const struct rs_fix_line *first = NULL;
	struct rs_fix_step *st;
	size_t n = 0, used = 0;

	for (size_t i = 0; i < plan->n_lines && !first; i++)
		if (plan->lines[i].file == f)
			first = &plan->lines[i];
	if (!first)
		return;
	if (first->step != (size_t)-1) {
		src.id = plan->steps[first->step].check;
		RS_STRCPY(src.object, plan->steps[first->step].object);
	} else {
		src.id = first->finding->id;
		RS_STRCPY(src.object, first->finding->object);
	}
	st = rs_fix_step_new(plan, &src, RS_FIX_FILE, paths[f]);
	if (!st)
		return;
	st->file_kind = (int)f;
	RS_FSET(st->what, "%s", paths[f]);
	RS_FSET(st->cur, "%s", _("(read when applied)"));
	for (size_t i = 0; i < plan->n_lines; i++) {
		const struct rs_fix_line *l = &plan->lines[i];
		struct rs_fix_step *of = l->step != (size_t)-1 ? &plan->steps[l->step] : NULL;

		if (l->file != f || (of && of->blocked[0]))
			continue;
		used += (size_t)snprintf(st->want + used, used < sizeof(st->want) ?
					 sizeof(st->want) - used : 0, "%s%s", n ? "\n" : "",
					 l->line);
		n++;
		if (!of)
			continue;
		of->persists = 1;
		RS_FSET(of->persist, _("at boot, from %s"), paths[f]);
	}
	if (used >= sizeof(st->want))
		rs_fix_block(st, _("too many lines for one change set: apply part of the plan"));
	if (!n)
		rs_fix_block(st, _("no setting of this file is planned"));
	RS_FSET(st->command, rs_trn("write %s whole: its marker line, then %zu line",
				    "write %s whole: its marker line, then %zu lines", n),
		paths[f], n);
	st->persists = 1;
	if (f == RS_FIX_LIMITS_FILE)
		RS_FSET(st->persist, _("every new login; the running shell's limit cannot change: "
			"log in again (a service needs LimitMEMLOCK=infinity in its unit)"));
	else
		RS_FSET(st->persist, _("a file read at every boot; ours only (its first line says "
			"so)"));
}

void rs_fix_files_finish(struct rs_fix_plan *plan)
{
	for (int f = 0; f < RS_FIX_FILES; f++)
		file_step(plan, (enum rs_fix_file)f);
	free(plan->lines);
	plan->lines = NULL;
	plan->n_lines = 0;
}

int rs_fix_file_is_ours(const char *text)
{
	size_t n = strlen(RS_FIX_MARKER);

	return !strncmp(text, RS_FIX_MARKER, n) && (text[n] == '\n' || !text[n]);
}

/* The setting a line of file f is about: sysctl's name, limits.conf's
 * domain, type and item, a module's name. */
static void line_key(enum rs_fix_file f, const char *line, char *key, size_t len)
{
	char a[RS_MSG_LEN] = "", b[RS_MSG_LEN] = "", c[RS_MSG_LEN] = "";

	if (f == RS_FIX_SYSCTL_FILE) {
		snprintf(key, len, "%.*s", (int)strcspn(line, "= \t"), line);
	} else if (f == RS_FIX_LIMITS_FILE && sscanf(line, "%255s %255s %255s", a, b, c) == 3) {
		snprintf(key, len, "%s %s %s", a, b, c);
	} else {
		snprintf(key, len, "%.*s", (int)strcspn(line, " \t"), line);
	}
}

/* Append line to out unless a line of lines has its key. */
static int keep_line(enum rs_fix_file f, const char *line, const char *lines, char *out,
		     size_t len, size_t *used)
{
	char key[RS_MSG_LEN], other[RS_MSG_LEN];
	const char *p = lines;

	line_key(f, line, key, sizeof(key));
	while (*p) {
		char one[RS_MSG_LEN];
		size_t n = strcspn(p, "\n");

		snprintf(one, sizeof(one), "%.*s", (int)n, p);
		line_key(f, one, other, sizeof(other));
		if (key[0] && !strcmp(key, other))
			return 0;
		p += n + (p[n] == '\n');
	}
	*used += (size_t)snprintf(out + *used, *used < len ? len - *used : 0, "%s\n", line);
	return *used < len ? 0 : -ENAMETOOLONG;
}

int rs_fix_file_merge(enum rs_fix_file f, const char *old, int exists, const char *lines,
		      char *out, size_t len)
{
	size_t used = 0;
	const char *p;

	if (exists && !rs_fix_file_is_ours(old))
		return -EPERM;
	used += (size_t)snprintf(out, len, "%s\n", RS_FIX_MARKER);
	p = exists ? old + strcspn(old, "\n") : "";
	p += *p == '\n';
	while (*p) {
		char line[RS_MSG_LEN];
		size_t n = strcspn(p, "\n");

		snprintf(line, sizeof(line), "%.*s", (int)n, p);
		if (line[0] && keep_line(f, line, lines, out, len, &used))
			return -ENAMETOOLONG;
		p += n + (p[n] == '\n');
	}
	used += (size_t)snprintf(out + used, used < len ? len - used : 0, "%s\n", lines);
	return used < len ? 0 : -ENAMETOOLONG;
}

/* -------------------------------------------------------- file access */

static int write_all(int fd, const char *data, size_t len)
{
	while (len) {
		ssize_t w = write(fd, data, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return w < 0 ? -errno : -EIO;
		data += w;
		len -= (size_t)w;
	}
	return 0;
}

int rs_fix_write_file(const char *path, const char *data, size_t len, unsigned mode,
		      char *err, size_t errlen)
{
	struct rs_out_file f;
	int ret = rs_out_replace_begin(&f, path, err, errlen);

	if (ret)
		return ret;
	ret = write_all(f.fd, data, len);
	if (!ret && fchmod(f.fd, mode))
		ret = -errno;
	if (ret) {
		rs_fix_err(err, errlen, -ret, "%s: %s", path, strerror(-ret));
		rs_out_replace_abort(&f);
	} else {
		ret = rs_out_replace_commit(&f, err, errlen);
	}
	close(f.fd);
	return ret;
}

int rs_fix_read_file(const char *path, char *buf, size_t len, size_t *got)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	size_t n = 0;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return -RS_ENOTREG;
	}
	while (n + 1 < len) {
		ssize_t r = read(fd, buf + n, len - 1 - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	buf[n] = '\0';
	close(fd);
	if (got)
		*got = n;
	return n + 1 >= len ? -EFBIG : 0;
}
