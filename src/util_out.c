/* SPDX-License-Identifier: MIT */
/*
 * util_out.c - opening the files the program writes (util_out.h).
 *
 * rocescope runs as root to see everything, and its outputs are often in
 * /tmp: a name there can be planted by any local user.  A plain open(),
 * or a rename to what realpath() says, follows a planted link and
 * overwrites whatever it points to (/etc/passwd).  So the directory is
 * reached with openat() one component at a time, each checked against
 * the directory it is in, and every later step (the check of the name,
 * the open, the rename) is relative to that directory's descriptor: a
 * component swapped for a link after its check is not followed
 * (O_NOFOLLOW), and what was checked is what is written.
 *
 * The trust rule for a directory is the kernel's for sticky directories
 * (fs.protected_symlinks, fs.protected_regular: Documentation/admin-guide/
 * sysctl/fs.rst): in a directory others can write, only our own names
 * (and root's links) are used; a directory others can write that is not
 * sticky lets them rename anything, so nothing in it is trusted.
 */
#include "util_out.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#define MAX_LINKS 40			/* links followed in one path: the kernel's MAXSYMLINKS */

/* Writable by someone else: the world, or a group that is not ours. */
static int shared(const struct stat *d)
{
	return (d->st_mode & S_IWOTH) || ((d->st_mode & S_IWGRP) && d->st_gid != getegid());
}

static int fail(char *err, size_t errlen, int ret, const char *fmt, ...) RS_PRINTF(4, 5);
static int fail(char *err, size_t errlen, int ret, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return ret;
}

/* Nothing in a directory others can write and that is not sticky. */
static int dir_ok(const struct stat *d, const char *path, const char *what, char *err,
		  size_t errlen)
{
	if (!shared(d) || (d->st_mode & S_ISVTX))
		return 0;
	return fail(err, errlen, -EPERM, "%s: %s is writable by others and not sticky (mode "
		    "%04o): anyone could swap a name in it; write elsewhere", path, what,
		    (unsigned)(d->st_mode & 07777));
}

/* The next component of *rest into comp (0), or 1 when there is none. */
static int next_component(const char **rest, char *comp, size_t len)
{
	const char *s = *rest, *e;

	while (*s == '/')
		s++;
	if (!*s)
		return 1;
	e = strchrnul(s, '/');
	if ((size_t)(e - s) >= len)
		return -ENAMETOOLONG;
	memcpy(comp, s, (size_t)(e - s));
	comp[e - s] = '\0';
	*rest = e;
	return 0;
}

/* A link at comp in the directory fd, when the rule lets us follow it:
 * its text spliced in front of what is left of the path (*todo). */
static int follow(int *fd, const struct stat *pst, const char *comp, const struct stat *lst,
		  char **todo, const char **rest, const char *path, char *err, size_t errlen)
{
	char target[PATH_MAX], *spliced;
	ssize_t n;

	if (shared(pst) && lst->st_uid != geteuid() && lst->st_uid != 0)
		return fail(err, errlen, -EPERM, "%s: %s is a link of uid %u in a directory "
			    "others can write: not followed", path, comp, (unsigned)lst->st_uid);
	n = readlinkat(*fd, comp, target, sizeof(target) - 1);
	if (n < 0)
		return fail(err, errlen, -errno, "%s: %s: %s", path, comp, strerror(errno));
	target[n] = '\0';
	spliced = rs_xasprintf("%s/%s", target, *rest);
	free(*todo);
	*todo = spliced;
	*rest = spliced;
	if (target[0] == '/') {
		close(*fd);
		*fd = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (*fd < 0)
			return fail(err, errlen, -errno, "/: %s", strerror(errno));
	}
	return 0;
}

/* One step of the walk: comp in the directory *fd, checked, entered. */
static int step(int *fd, const char *comp, char **todo, const char **rest, int *hops,
		const char *path, char *err, size_t errlen)
{
	struct stat pst, cst;
	int nfd, ret;

	if (fstat(*fd, &pst))
		return fail(err, errlen, -errno, "%s: %s", path, strerror(errno));
	ret = dir_ok(&pst, path, "a directory on its way", err, errlen);
	if (ret)
		return ret;
	if (fstatat(*fd, comp, &cst, AT_SYMLINK_NOFOLLOW))
		return fail(err, errlen, -errno, "%s: %s: %s", path, comp, strerror(errno));
	if (S_ISLNK(cst.st_mode)) {
		if (++*hops > MAX_LINKS)
			return fail(err, errlen, -ELOOP, "%s: %s", path, strerror(ELOOP));
		return follow(fd, &pst, comp, &cst, todo, rest, path, err, errlen);
	}
	if (!S_ISDIR(cst.st_mode))
		return fail(err, errlen, -ENOTDIR, "%s: %s: %s", path, comp, strerror(ENOTDIR));
	nfd = openat(*fd, comp, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (nfd < 0)
		return fail(err, errlen, -errno, "%s: %s: %s", path, comp, strerror(errno));
	close(*fd);
	*fd = nfd;
	return 0;
}

/*
 * The directory that holds path's last component, as an O_PATH
 * descriptor, and that component.  The directory itself must pass
 * dir_ok() too; *dst is its stat.
 */
static int open_dir(const char *path, int *dirfd, const char **name, struct stat *dst,
		    char *err, size_t errlen)
{
	const char *slash = strrchr(path, '/'), *rest;
	char comp[NAME_MAX + 1], *todo;
	int fd, hops = 0, ret = 0;

	*name = slash ? slash + 1 : path;
	if (!**name || !strcmp(*name, ".") || !strcmp(*name, ".."))
		return fail(err, errlen, -EISDIR, "%s: names a directory, not a file", path);
	if (strlen(*name) > NAME_MAX)
		return fail(err, errlen, -ENAMETOOLONG, "%s: %s", path, strerror(ENAMETOOLONG));
	todo = slash ? rs_xasprintf("%.*s", (int)(slash - path), path) : rs_xstrdup("");
	rest = todo;
	fd = open(path[0] == '/' ? "/" : ".", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		ret = fail(err, errlen, -errno, "%s: %s", path, strerror(errno));
	while (!ret && !(ret = next_component(&rest, comp, sizeof(comp)))) {
		if (strcmp(comp, "."))
			ret = step(&fd, comp, &todo, &rest, &hops, path, err, errlen);
	}
	if (ret == -ENAMETOOLONG && !err[0])
		fail(err, errlen, ret, "%s: %s", path, strerror(ENAMETOOLONG));
	if (ret == 1)
		ret = fstat(fd, dst) ? fail(err, errlen, -errno, "%s: %s", path, strerror(errno)) :
		      dir_ok(dst, path, "its directory", err, errlen);
	free(todo);
	if (ret && fd >= 0)
		close(fd);
	*dirfd = ret ? -1 : fd;
	return ret;
}

/*
 * What is at the name: 0 nothing, 1 something the rule accepts (st), or
 * the refusal.  A file with several names (nlink > 1) is refused when it
 * would be written in place: a hard link planted to a file kept elsewhere.
 */
static int check_name(int dirfd, const struct stat *dst, const char *name, const char *path,
		      int how, int in_place, struct stat *st, char *err, size_t errlen)
{
	if (fstatat(dirfd, name, st, AT_SYMLINK_NOFOLLOW))
		return errno == ENOENT ? 0 : fail(err, errlen, -errno, "%s: %s", path,
						   strerror(errno));
	if (S_ISLNK(st->st_mode))
		return fail(err, errlen, -ELOOP, "%s: a symbolic link: an output is never "
			    "written through one (name the file itself)", path);
	if (shared(dst) && st->st_uid != geteuid())
		return fail(err, errlen, -EPERM, "%s: belongs to uid %u, in a directory others "
			    "can write: not ours to replace", path, (unsigned)st->st_uid);
	if (S_ISCHR(st->st_mode) && (how & RS_OUT_DEVICE))
		return 1;
	if (!S_ISREG(st->st_mode))
		return fail(err, errlen, -RS_ENOTREG, "%s: not a regular file (a directory, "
			    "FIFO or device is never replaced)", path);
	if (in_place && st->st_nlink > 1)
		return fail(err, errlen, -EMLINK, "%s: a file with %lu names (hard links): "
			    "writing it would change the others too", path,
			    (unsigned long)st->st_nlink);
	return 1;
}

/* Open the existing name: what was checked (same inode), emptied for
 * RS_OUT_TRUNC. */
static int open_existing(int dirfd, const char *name, int flags, const struct stat *was,
			 int how, struct rs_out *o, const char *path, char *err, size_t errlen)
{
	o->fd = openat(dirfd, name, flags);
	if (o->fd < 0)
		return fail(err, errlen, -errno, "%s: %s", path, strerror(errno));
	if (fstat(o->fd, &o->st) || o->st.st_dev != was->st_dev || o->st.st_ino != was->st_ino)
		return fail(err, errlen, -EAGAIN, "%s: changed while it was opened: not "
			    "written", path);
	if ((how & 0xff) == RS_OUT_TRUNC && S_ISREG(o->st.st_mode) && ftruncate(o->fd, 0))
		return fail(err, errlen, -errno, "%s: %s", path, strerror(errno));
	return 0;
}

int rs_out_open(const char *path, int how, struct rs_out *o, char *err, size_t errlen)
{
	int flags = ((how & 0xff) == RS_OUT_KEEP ? O_RDWR : O_WRONLY) | O_NOFOLLOW | O_NOCTTY |
		    O_NONBLOCK | O_CLOEXEC;
	struct stat dst, st;
	const char *name;
	int dirfd, have, ret = 0;

	memset(o, 0, sizeof(*o));
	o->fd = -1;
	err[0] = '\0';
	ret = open_dir(path, &dirfd, &name, &dst, err, errlen);
	if (ret)
		return ret;
	have = check_name(dirfd, &dst, name, path, how, 1, &st, err, errlen);
	if (have < 0) {
		ret = have;
	} else if (have && (how & 0xff) == RS_OUT_NEW && !S_ISCHR(st.st_mode)) {
		ret = fail(err, errlen, -EEXIST, "%s: exists", path);
	} else if (have) {
		ret = open_existing(dirfd, name, flags, &st, how, o, path, err, errlen);
	} else {
		/* O_EXCL: the file is the one we made, whatever appears meanwhile */
		o->fd = openat(dirfd, name, flags | O_CREAT | O_EXCL, 0644);
		if (o->fd < 0 || fstat(o->fd, &o->st))
			ret = fail(err, errlen, -errno, "%s: %s", path, strerror(errno));
	}
	close(dirfd);
	if (!ret && fcntl(o->fd, F_SETFL, fcntl(o->fd, F_GETFL) & ~O_NONBLOCK))
		ret = fail(err, errlen, -errno, "%s: %s", path, strerror(errno));
	if (ret) {
		if (o->fd >= 0)
			close(o->fd);
		o->fd = -1;
		return ret;
	}
	o->existed = have;
	return 0;
}

static void replace_free(struct rs_out_file *f)
{
	if (f->dirfd >= 0)
		close(f->dirfd);
	free(f->path);
	free(f->name);
	free(f->tmp);
	f->dirfd = -1;
	f->path = f->name = f->tmp = NULL;
}

/* The new file beside the name: NAME.tmp-XXXXXXXX, made with O_EXCL. */
static int make_tmp(struct rs_out_file *f, char *err, size_t errlen)
{
	for (int i = 0; i < 100; i++) {
		uint32_t r = 0;

		if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != sizeof(r))
			r = (uint32_t)rs_now_ns() ^ (uint32_t)getpid() * 2654435761u;
		free(f->tmp);
		f->tmp = rs_xasprintf("%s.tmp-%08x", f->name, r);
		f->fd = openat(f->dirfd, f->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
			       O_CLOEXEC, 0600);
		if (f->fd >= 0)
			return 0;
		if (errno != EEXIST)
			break;
	}
	return fail(err, errlen, -errno, "%s: cannot create a file beside it: %s", f->path,
		    strerror(errno));
}

int rs_out_replace_begin(struct rs_out_file *f, const char *path, char *err, size_t errlen)
{
	struct stat dst, st;
	const char *name;
	mode_t mask = umask(0), mode;
	int have, ret;

	umask(mask);
	memset(f, 0, sizeof(*f));
	f->fd = f->dirfd = -1;
	err[0] = '\0';
	ret = open_dir(path, &f->dirfd, &name, &dst, err, errlen);
	if (ret)
		return ret;
	have = check_name(f->dirfd, &dst, name, path, 0, 0, &st, err, errlen);
	if (have < 0) {
		replace_free(f);
		return have;
	}
	mode = have ? st.st_mode & 07777 : 0644 & ~mask;
	f->path = rs_xstrdup(path);
	f->name = rs_xstrdup(name);
	ret = make_tmp(f, err, errlen);
	if (!ret && fchmod(f->fd, mode))
		ret = fail(err, errlen, -errno, "%s: chmod: %s", f->tmp, strerror(errno));
	if (ret) {
		if (f->fd >= 0) {
			close(f->fd);
			unlinkat(f->dirfd, f->tmp, 0);
		}
		f->fd = -1;
		replace_free(f);
	}
	return ret;
}

int rs_out_replace_commit(struct rs_out_file *f, char *err, size_t errlen)
{
	int ret = 0, dfd;

	if (fsync(f->fd))
		ret = fail(err, errlen, -errno, "%s: fsync: %s", f->path, strerror(errno));
	else if (renameat(f->dirfd, f->tmp, f->dirfd, f->name))
		ret = fail(err, errlen, -errno, "%s: rename from %s: %s", f->path, f->tmp,
			   strerror(errno));
	if (ret) {
		unlinkat(f->dirfd, f->tmp, 0);	/* the name keeps what it had */
	} else {
		/* make the rename durable */
		dfd = openat(f->dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (dfd >= 0) {
			fsync(dfd);
			close(dfd);
		}
	}
	replace_free(f);
	return ret;
}

void rs_out_replace_abort(struct rs_out_file *f)
{
	if (f->dirfd >= 0 && f->tmp)
		unlinkat(f->dirfd, f->tmp, 0);
	replace_free(f);
}
