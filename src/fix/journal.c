/* SPDX-License-Identifier: MIT */
/*
 * journal.c - the state directory of `rocescope fix`: its lock, and one
 * journal per change set.
 *
 *   STATE/lock            flock(2)ed while a fix applies or undoes
 *   STATE/changes/N.json  change set N: who, when, how, and per change what
 *                         it touched, the value read just before, the new
 *                         value and how far it got
 *
 * STATE is --state-dir, else $RS_STATE_DIR, else ROOT/var/lib/rocescope
 * (ROOT: --root, so a fixture tree keeps its own journal).  A journal is
 * JSON (src/json.c writes it, libyaml reads it back: JSON is YAML) and is
 * rewritten whole and atomically before every change and after it, so
 * whatever kills the process, the file on disk is one complete state that
 * says which change may have happened: `fix --undo` finishes from there.
 */
#include "fix/fix_priv.h"
#include "json.h"
#include "model/ydoc.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const state_names[] = {
	"pending", "applying", "applied", "failed", "skipped", "undone", "undo-failed",
};

const char *rs_fix_state_name(enum rs_fix_state s)
{
	return (size_t)s < RS_ARRAY_SIZE(state_names) ? state_names[s] : "?";
}

/* mkdir -p with mode 0700, each level checked as it is met. */
static int make_dirs(const char *path)
{
	char buf[4096];
	struct stat st;

	RS_STRCPY(buf, path);
	for (char *p = buf + 1; ; p++) {
		int end = !*p;

		if (*p != '/' && !end)
			continue;
		*p = '\0';
		if (mkdir(buf, 0700) && errno != EEXIST)
			return -errno;
		if (lstat(buf, &st))
			return -errno;
		if (S_ISLNK(st.st_mode) && end)
			return -ELOOP;
		if (end)
			return 0;
		*p = '/';
	}
}

int rs_fix_state_dir(char *buf, size_t len, const char *given, char *err, size_t errlen)
{
	const char *env = getenv("RS_STATE_DIR");
	struct stat st;
	int ret;

	if (given && given[0])
		ret = rs_snprintf(buf, len, "%s", given);
	else if (env && env[0])
		ret = rs_snprintf(buf, len, "%s", env);
	else
		ret = rs_path(buf, len, "/var/lib/rocescope");
	if (ret)
		return rs_fix_err(err, errlen, ENAMETOOLONG, _("state directory: name too long"));
	ret = make_dirs(buf);
	if (!ret && lstat(buf, &st))
		ret = -errno;
	if (ret)
		return rs_fix_err(err, errlen, -ret, _("state directory %s: %s"), buf,
				  ret == -ELOOP ? "a symlink (refused)" : strerror(-ret));
	/* Others who can write here could plant a journal undo would obey. */
	if (st.st_mode & (S_IWGRP | S_IWOTH))
		return rs_fix_err(err, errlen, EPERM, _("state directory %s: group or others may "
				  "write into it (chmod 700 it)"), buf);
	return 0;
}

int rs_fix_lock(const char *state_dir, char *err, size_t errlen)
{
	char path[4200];
	int fd;

	snprintf(path, sizeof(path), "%s/lock", state_dir);
	fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return rs_fix_err(err, errlen, errno, "%s: %s", path, strerror(errno));
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		int e = errno;

		close(fd);
		if (e == EWOULDBLOCK)
			return rs_fix_err(err, errlen, EBUSY, _("another rocescope fix is running "
					  "(it holds %s): one at a time"), path);
		return rs_fix_err(err, errlen, e, "%s: flock: %s", path, strerror(e));
	}
	return fd;
}

void rs_fix_unlock(int fd)
{
	if (fd >= 0)
		close(fd);	/* the lock goes with the descriptor */
}

/* The id of a journal's file name ("12.json"), 0 if it is not one. */
static unsigned file_id(const char *name)
{
	char *end;
	unsigned long v = strtoul(name, &end, 10);

	return name[0] >= '1' && name[0] <= '9' && !strcmp(end, ".json") && v < 1000000 ?
	       (unsigned)v : 0;
}

unsigned rs_fix_next_id(const char *state_dir)
{
	char path[4200];
	unsigned max = 0;
	struct dirent *de;
	DIR *d;

	snprintf(path, sizeof(path), "%s/changes", state_dir);
	d = opendir(path);
	while (d && (de = readdir(d)))
		if (file_id(de->d_name) > max)
			max = file_id(de->d_name);
	if (d)
		closedir(d);
	return max + 1;
}

/*
 * Values may hold several lines (a file's content): the reader takes one
 * line of plain text per value, so control characters and the backslash
 * travel as \xNN (and come back in unescape()).
 */
static void kv_escaped(struct rs_json *j, const char *key, const char *v)
{
	char buf[RS_FIX_VAL_LEN * 4 + 1];
	size_t n = 0;

	for (const unsigned char *p = (const unsigned char *)v; *p && n + 5 < sizeof(buf); p++)
		if (*p < 0x20 || *p == 0x7f || *p == '\\')
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "\\x%02x", *p);
		else
			buf[n++] = (char)*p;
	buf[n] = '\0';
	rs_json_kv_str(j, key, buf);
}

static void unescape(char *dst, size_t len, const char *s)
{
	size_t n = 0;

	while (*s && n + 1 < len) {
		unsigned v;

		if (s[0] == '\\' && s[1] == 'x' && sscanf(s + 2, "%2x", &v) == 1) {
			dst[n++] = (char)v;
			s += 4;
		} else {
			dst[n++] = *s++;
		}
	}
	dst[n] = '\0';
}

static void json_entry(struct rs_json *j, const struct rs_fix_entry *e)
{
	rs_json_obj_begin(j);
	rs_fix_json_entry_head(j, e);
	rs_json_kv_str(j, "netdev", e->netdev);
	rs_json_kv_str(j, "target", e->target);
	rs_json_kv_str(j, "arg", e->arg);
	kv_escaped(j, "old", e->old);
	kv_escaped(j, "want", e->want);
	kv_escaped(j, "undo", e->undo);
	rs_json_kv_str(j, "state", rs_fix_state_name(e->state));
	kv_escaped(j, "message", e->message);
	rs_json_kv_str(j, "also", e->also);
	rs_json_obj_end(j);
}

void rs_fix_json_entry_head(struct rs_json *j, const struct rs_fix_entry *e)
{
	rs_json_kv_str(j, "kind", rs_fix_kind_name(e->kind));
	rs_json_kv_str(j, "check", e->check);
	rs_json_kv_str(j, "object", e->object);
	rs_json_kv_str(j, "what", e->what);
}

void rs_fix_json_head(struct rs_json *j, const struct rs_fix_set *set)
{
	rs_json_kv_int(j, "id", set->id);
	rs_json_kv_str(j, "started", set->started);
	rs_json_kv_str(j, "who", set->who);
	rs_json_kv_str(j, "command", set->command);
}

int rs_fix_journal_write(const char *state_dir, const struct rs_fix_set *set)
{
	char path[4300], dir[4200], why[RS_MSG_LEN];
	struct rs_json j;
	size_t len = 0;
	char *buf = NULL;
	FILE *f = open_memstream(&buf, &len);
	int ret;

	if (!f)
		rs_die("out of memory");
	rs_json_init(&j, f);
	rs_json_obj_begin(&j);
	rs_fix_json_head(&j, set);
	rs_json_kv_str(&j, "root", set->root);
	rs_json_kv_bool(&j, "undone", set->undone);
	rs_json_key(&j, "changes");
	rs_json_arr_begin(&j);
	for (size_t i = 0; i < set->n; i++)
		json_entry(&j, &set->entries[i]);
	rs_json_arr_end(&j);
	rs_json_obj_end(&j);
	ret = rs_json_finish(&j) ? -EINVAL : 0;
	fclose(f);
	snprintf(dir, sizeof(dir), "%s/changes", state_dir);
	if (!ret && mkdir(dir, 0700) && errno != EEXIST)
		ret = -errno;
	snprintf(path, sizeof(path), "%s/%u.json", dir, set->id);
	if (!ret)
		ret = rs_fix_write_file(path, buf, len, 0600, why, sizeof(why));
	free(buf);
	return ret;
}

/* ------------------------------------------------------------- reading */

static const char *str_of(const struct rs_ynode *m, const char *key)
{
	const struct rs_ynode *v = rs_ymap_get(m, key);

	return v && v->kind == RS_Y_SCALAR ? v->text : "";
}

static int read_entry(const struct rs_ydoc *d, const struct rs_ynode *m,
		      struct rs_fix_entry *e, char *err, size_t errlen)
{
	const char *st = str_of(m, "state");

	if (m->kind != RS_Y_MAP || rs_fix_kind_parse(str_of(m, "kind"), &e->kind))
		return rs_yerr(d, m, err, errlen, _("a change without a known kind"));
	RS_STRCPY(e->check, str_of(m, "check"));
	RS_STRCPY(e->object, str_of(m, "object"));
	RS_STRCPY(e->what, str_of(m, "what"));
	RS_STRCPY(e->netdev, str_of(m, "netdev"));
	RS_STRCPY(e->target, str_of(m, "target"));
	RS_STRCPY(e->arg, str_of(m, "arg"));
	unescape(e->old, sizeof(e->old), str_of(m, "old"));
	unescape(e->want, sizeof(e->want), str_of(m, "want"));
	unescape(e->undo, sizeof(e->undo), str_of(m, "undo"));
	unescape(e->message, sizeof(e->message), str_of(m, "message"));
	RS_STRCPY(e->also, str_of(m, "also"));
	for (size_t i = 0; i < RS_ARRAY_SIZE(state_names); i++)
		if (!strcmp(st, state_names[i])) {
			e->state = (enum rs_fix_state)i;
			return 0;
		}
	return rs_yerr(d, m, err, errlen, _("a change in an unknown state '%s'"), st);
}

static int from_doc(const struct rs_ydoc *d, struct rs_fix_set *set, char *err, size_t errlen)
{
	const struct rs_ynode *r = d->root, *ch;
	int ret;

	if (!r || r->kind != RS_Y_MAP || !(ch = rs_ymap_get(r, "changes")) ||
	    ch->kind != RS_Y_SEQ)
		return rs_yerr(d, r, err, errlen, _("not a rocescope fix journal"));
	set->id = (unsigned)strtoul(str_of(r, "id"), NULL, 10);
	RS_STRCPY(set->started, str_of(r, "started"));
	RS_STRCPY(set->who, str_of(r, "who"));
	RS_STRCPY(set->command, str_of(r, "command"));
	RS_STRCPY(set->root, str_of(r, "root"));
	set->undone = !strcmp(str_of(r, "undone"), "true");
	for (size_t i = 0; i < ch->n; i++) {
		struct rs_fix_entry *e = RS_APPEND(set->entries, set->n);

		ret = read_entry(d, ch->items[i], e, err, errlen);
		if (ret)
			return ret;
	}
	return 0;
}

int rs_fix_journal_read(const char *state_dir, unsigned id, struct rs_fix_set *set,
			char *err, size_t errlen)
{
	char path[4200];
	struct rs_ydoc d;
	struct stat st;
	int ret;

	memset(set, 0, sizeof(*set));
	snprintf(path, sizeof(path), "%s/changes/%u.json", state_dir, id);
	if (lstat(path, &st))
		return rs_fix_err(err, errlen, errno, "%s: %s", path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return rs_fix_err(err, errlen, EINVAL, _("%s: not a regular file"), path);
	ret = rs_ydoc_load_file(&d, path, err, errlen);
	if (!ret)
		ret = from_doc(&d, set, err, errlen);
	rs_ydoc_free(&d);
	if (ret)
		rs_fix_set_free(set);
	return ret;
}

void rs_fix_set_free(struct rs_fix_set *set)
{
	free(set->entries);
	set->entries = NULL;
	set->n = 0;
}

int rs_fix_list(const struct rs_fix_env *env, struct rs_fix_set **sets, size_t *n, char *err,
		size_t errlen)
{
	unsigned last = rs_fix_next_id(env->state_dir);

	*sets = NULL;
	*n = 0;
	for (unsigned id = 1; id < last; id++) {
		struct rs_fix_set s;

		if (rs_fix_journal_read(env->state_dir, id, &s, err, errlen))
			continue;
		*RS_APPEND(*sets, *n) = s;
	}
	return 0;
}

int rs_fix_err(char *err, size_t errlen, int e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -e;
}
