/* SPDX-License-Identifier: MIT */
/*
 * util_out.h - the one way the program opens a file it writes (a
 * snapshot, a recording, a pcap), so that a name planted by someone else
 * can never redirect the write (docs/architecture.md, "Writing files").
 *
 * The rule, for every output:
 *   - the final name is never followed when it is a symbolic link: it is
 *     refused, and neither the link nor what it points to is touched;
 *   - the directory that holds it is reached one component at a time; a
 *     directory writable by others (world-writable, or group-writable by a
 *     group that is not ours) is refused unless it is sticky (/tmp), and
 *     in a sticky one a link is followed only when it is ours or root's
 *     (the kernel's fs.protected_symlinks rule) and an existing name is
 *     used only when it is ours; a new name there is created with O_EXCL;
 *   - what exists at the name must be a regular file with one link (a
 *     character device where the caller allows it: /dev/null), never a
 *     directory, FIFO or another name of a file kept elsewhere;
 *   - a refusal names the path and why, and leaves everything as it was.
 *
 * Streams written as they go (recordings, pcaps) are opened in place with
 * rs_out_open(); whole files (snapshots) are written to a new file beside
 * the name and renamed over it (rs_out_replace_*), so a reader never sees
 * half a file and a failed write loses nothing.
 * Functions return 0 or -errno, with the reason in err.
 */
#ifndef RS_UTIL_OUT_H
#define RS_UTIL_OUT_H

#include <stddef.h>
#include <sys/stat.h>

/* What to do when the name exists (rs_out_open). */
enum rs_out_exist {
	RS_OUT_NEW,			/* refuse it: -EEXIST (a device is written) */
	RS_OUT_TRUNC,			/* empty it */
	RS_OUT_KEEP,			/* open it as it is, read and write (to append) */
};
#define RS_OUT_DEVICE 0x100		/* or'ed in: an existing character device is fine */

struct rs_out {
	int fd;
	int existed;			/* the name was there (and was accepted) */
	struct stat st;			/* of what fd is */
};

/* Open path for writing under the rule above.  how: rs_out_exist, and
 * RS_OUT_DEVICE.  A new file gets 0644 less the umask. */
int rs_out_open(const char *path, int how, struct rs_out *o, char *err, size_t errlen);

/* A whole file written beside its name, then renamed over it. */
struct rs_out_file {
	int dirfd, fd;			/* fd: the new file, to write */
	char *path;			/* as given, for messages */
	char *name, *tmp;		/* in dirfd: the name and the new file's */
};

/* Make the new file (the mode of an existing regular file at path, else
 * 0644 less the umask).  An existing name that is not a regular file is
 * refused before anything is written. */
int rs_out_replace_begin(struct rs_out_file *f, const char *path, char *err, size_t errlen);
/* fsync the new file, rename it over the name, fsync the directory; on
 * failure the new file is removed and the name keeps what it had.  Either
 * way f is done with, but fd stays open: the caller closes it (fclose of
 * the FILE it made with fdopen). */
int rs_out_replace_commit(struct rs_out_file *f, char *err, size_t errlen);
/* Give up: the new file is removed, the name untouched (fd as above). */
void rs_out_replace_abort(struct rs_out_file *f);

#endif
