/* SPDX-License-Identifier: MIT */
/*
 * test_util_out.c - the one way outputs are opened (src/util_out.h): a
 * symbolic link at the name is refused and what it points to is never
 * touched, in every mode and for whole-file replacement; a directory
 * others can write is refused unless sticky, and there only our own names
 * are used (another user's file, another user's link on the way: refused,
 * as root too); a hard link, a FIFO, a directory, a device are refused
 * (a device where the caller allows it is fine); new, kept and emptied
 * files; the mode of a replaced file is kept; links of our own on the
 * way to the directory are followed.  The tests that need another owner
 * run as root (as CI does) and are skipped otherwise.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"
#include "util_out.h"

#define VICTIM "precious: must never change\n"
#define OTHER_UID 65534			/* nobody */

static char top[256];
static char err[1024];

static void path_of(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", top, name);
}

static void put(const char *name, const char *text)
{
	char p[512];
	FILE *f;

	path_of(p, sizeof(p), name);
	f = fopen(p, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int same_text(const char *name, const char *text)
{
	char p[512], buf[256] = "";
	FILE *f;
	size_t n;

	path_of(p, sizeof(p), name);
	f = fopen(p, "r");
	if (!f)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return !strcmp(buf, text);
}

static int setup(void **state)
{
	snprintf(top, sizeof(top), "%s/rs-out-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	assert_non_null(mkdtemp(top));
	put("victim", VICTIM);
	return 0;
}

static int teardown(void **state)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "chmod -R u+w '%s'; rm -rf '%s'", top, top);
	return system(cmd) ? -1 : 0;
}

static int try_open(const char *name, int how)
{
	struct rs_out o;
	char p[512];
	int ret;

	path_of(p, sizeof(p), name);
	ret = rs_out_open(p, how, &o, err, sizeof(err));
	if (!ret) {
		assert_int_equal(write(o.fd, "new\n", 4), 4);
		close(o.fd);
	}
	return ret;
}

static int try_replace(const char *name)
{
	struct rs_out_file f;
	char p[512];
	int ret;

	path_of(p, sizeof(p), name);
	ret = rs_out_replace_begin(&f, p, err, sizeof(err));
	if (ret)
		return ret;
	assert_int_equal(write(f.fd, "whole\n", 6), 6);
	ret = rs_out_replace_commit(&f, err, sizeof(err));
	close(f.fd);
	return ret;
}

static void test_new_keep_trunc(void **state)
{
	assert_int_equal(try_open("a", RS_OUT_NEW), 0);
	assert_true(same_text("a", "new\n"));
	assert_int_equal(try_open("a", RS_OUT_NEW), -EEXIST);
	assert_non_null(strstr(err, "/a: exists"));
	assert_int_equal(try_open("a", RS_OUT_KEEP), 0);	/* written at offset 0, kept */
	assert_true(same_text("a", "new\n"));
	put("a", "old and long\n");
	assert_int_equal(try_open("a", RS_OUT_TRUNC), 0);
	assert_true(same_text("a", "new\n"));
}

/* A link at the name: refused in every mode, the link and its target stay. */
static void test_symlink_refused(void **state)
{
	static const int how[] = { RS_OUT_NEW, RS_OUT_TRUNC, RS_OUT_KEEP,
				   RS_OUT_TRUNC | RS_OUT_DEVICE };
	char link[512];
	struct stat st;

	path_of(link, sizeof(link), "link");
	assert_int_equal(symlink("victim", link), 0);
	for (size_t i = 0; i < RS_ARRAY_SIZE(how); i++) {
		assert_int_equal(try_open("link", how[i]), -ELOOP);
		assert_non_null(strstr(err, "a symbolic link: an output is never written"));
	}
	assert_int_equal(try_replace("link"), -ELOOP);
	assert_true(same_text("victim", VICTIM));
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	/* a dangling one: nothing is created where it points */
	unlink(link);
	assert_int_equal(symlink("made-by-the-link", link), 0);
	assert_int_equal(try_open("link", RS_OUT_TRUNC), -ELOOP);
	assert_int_equal(try_replace("link"), -ELOOP);
	path_of(link, sizeof(link), "made-by-the-link");
	assert_int_equal(access(link, F_OK), -1);
}

static void test_not_files(void **state)
{
	char p[512];

	path_of(p, sizeof(p), "fifo");
	assert_int_equal(mkfifo(p, 0600), 0);
	assert_int_equal(try_open("fifo", RS_OUT_TRUNC | RS_OUT_DEVICE), -RS_ENOTREG);
	assert_int_equal(try_replace("fifo"), -RS_ENOTREG);
	assert_non_null(strstr(err, "not a regular file"));
	path_of(p, sizeof(p), "dir");
	assert_int_equal(mkdir(p, 0700), 0);
	assert_int_equal(try_open("dir", RS_OUT_TRUNC), -RS_ENOTREG);
	assert_int_equal(try_replace("dir/"), -EISDIR);
	assert_non_null(strstr(err, "names a directory, not a file"));
	/* a hard link to a file kept elsewhere is not written in place */
	path_of(p, sizeof(p), "hard");
	{
		char v[512];

		path_of(v, sizeof(v), "victim");
		assert_int_equal(link(v, p), 0);
	}
	assert_int_equal(try_open("hard", RS_OUT_TRUNC), -EMLINK);
	assert_non_null(strstr(err, "2 names (hard links)"));
	assert_true(same_text("victim", VICTIM));
	/* replacing it renames over the name: the other name keeps its text */
	assert_int_equal(try_replace("hard"), 0);
	assert_true(same_text("hard", "whole\n"));
	assert_true(same_text("victim", VICTIM));
}

static void test_devices(void **state)
{
	struct rs_out o;

	assert_int_equal(rs_out_open("/dev/null", RS_OUT_TRUNC | RS_OUT_DEVICE, &o, err,
				     sizeof(err)), 0);
	close(o.fd);
	assert_int_equal(rs_out_open("/dev/null", RS_OUT_TRUNC, &o, err, sizeof(err)),
			 -RS_ENOTREG);
	assert_int_equal(rs_out_open("/dev/stdout", RS_OUT_TRUNC | RS_OUT_DEVICE, &o, err,
				     sizeof(err)), -ELOOP);
}

static void test_replace_mode(void **state)
{
	char p[512];
	struct stat st;

	put("kept", "old\n");
	path_of(p, sizeof(p), "kept");
	assert_int_equal(chmod(p, 0600), 0);
	assert_int_equal(try_replace("kept"), 0);
	assert_true(same_text("kept", "whole\n"));
	assert_int_equal(stat(p, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);
}

/* A directory others can write and that is not sticky: nothing in it. */
static void test_shared_dir(void **state)
{
	char p[512];

	path_of(p, sizeof(p), "open");
	assert_int_equal(mkdir(p, 0700), 0);
	assert_int_equal(chmod(p, 0777), 0);
	assert_int_equal(try_open("open/x", RS_OUT_NEW), -EPERM);
	assert_non_null(strstr(err, "writable by others and not sticky (mode 0777)"));
	assert_int_equal(try_replace("open/x"), -EPERM);
	path_of(p, sizeof(p), "open/sub");
	assert_int_equal(mkdir(p, 0700), 0);
	assert_int_equal(try_open("open/sub/x", RS_OUT_NEW), -EPERM);
	assert_non_null(strstr(err, "a directory on its way"));
}

/* Links of our own on the way are followed; .. works. */
static void test_own_links(void **state)
{
	char p[512];

	path_of(p, sizeof(p), "real");
	assert_int_equal(mkdir(p, 0700), 0);
	path_of(p, sizeof(p), "via");
	assert_int_equal(symlink("real", p), 0);
	assert_int_equal(try_open("via/out", RS_OUT_NEW), 0);
	assert_true(same_text("real/out", "new\n"));
	assert_int_equal(try_replace("via/../real/out2"), 0);
	assert_true(same_text("real/out2", "whole\n"));
}

/* A sticky directory anyone can write (as /tmp): our names only. */
static void test_sticky(void **state)
{
	char p[512], q[512];

	path_of(p, sizeof(p), "tmp");
	assert_int_equal(mkdir(p, 0700), 0);
	assert_int_equal(chmod(p, 01777), 0);
	assert_int_equal(try_open("tmp/new", RS_OUT_NEW), 0);	/* made with O_EXCL */
	assert_int_equal(try_open("tmp/new", RS_OUT_TRUNC), 0);	/* ours */
	assert_int_equal(try_replace("tmp/new"), 0);
	if (geteuid() != 0) {
		skip();
		return;
	}
	put("tmp/theirs", "theirs\n");
	path_of(p, sizeof(p), "tmp/theirs");
	assert_int_equal(chown(p, OTHER_UID, OTHER_UID), 0);
	assert_int_equal(try_open("tmp/theirs", RS_OUT_TRUNC), -EPERM);
	assert_non_null(strstr(err, "belongs to uid 65534, in a directory others can write"));
	assert_int_equal(try_replace("tmp/theirs"), -EPERM);
	assert_true(same_text("tmp/theirs", "theirs\n"));
	/* their link to a directory of ours: not followed */
	path_of(p, sizeof(p), "real2");
	assert_int_equal(mkdir(p, 0700), 0);
	path_of(q, sizeof(q), "tmp/dirlink");
	assert_int_equal(symlink(p, q), 0);
	assert_int_equal(lchown(q, OTHER_UID, OTHER_UID), 0);
	assert_int_equal(try_open("tmp/dirlink/out", RS_OUT_NEW), -EPERM);
	assert_non_null(strstr(err, "dirlink is a link of uid 65534"));
	path_of(p, sizeof(p), "real2/out");
	assert_int_equal(access(p, F_OK), -1);
	/* the same link of ours is followed */
	assert_int_equal(lchown(q, 0, 0), 0);
	assert_int_equal(try_open("tmp/dirlink/out", RS_OUT_NEW), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_new_keep_trunc),
		cmocka_unit_test(test_symlink_refused),
		cmocka_unit_test(test_not_files),
		cmocka_unit_test(test_devices),
		cmocka_unit_test(test_replace_mode),
		cmocka_unit_test(test_shared_dir),
		cmocka_unit_test(test_own_links),
		cmocka_unit_test(test_sticky),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
