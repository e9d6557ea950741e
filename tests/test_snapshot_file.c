/* SPDX-License-Identifier: MIT */
/*
 * test_snapshot_file.c - the snapshot file as files get treated: written by
 * several runs at once, cut short at every byte, written through symlinks,
 * and loaded with contents that parse but make no sense (two devices of
 * one name, a GID index past its table, a date that never was).
 *
 * Every test here failed on the code before the fixed PATH.tmp, the
 * optional end marker and the meaning checks: concurrent writers tore the
 * file, a prefix of a snapshot loaded as a smaller host, a GID index of
 * 70000 was taken (and recommended as `-x 70000`).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "model/demo.h"
#include "model/snapshot_yaml.h"
#include "snapshot.h"
#include "snapshot_sample.h"
#include "util.h"

static char tmpdir[] = "/tmp/rs-test-sfile-XXXXXX";

static void in_tmp(char *buf, size_t len, const char *name)
{
	snprintf(buf, len, "%s/%s", tmpdir, name);
}

static void write_bytes(const char *path, const char *buf, size_t len)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fwrite(buf, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* Entries of tmpdir whose name holds ".tmp-": temporary files left over. */
static int leftovers(void)
{
	struct dirent *de;
	DIR *d = opendir(tmpdir);
	int n = 0;

	assert_non_null(d);
	while ((de = readdir(d)))
		n += strstr(de->d_name, ".tmp-") != NULL;
	closedir(d);
	return n;
}

/* A snapshot of writer w: hostname says which, size differs per writer. */
static void writer_snapshot(struct rs_snapshot *s, int w)
{
	rs_sample_fill(s);
	memset(s->host.hostname, 0, sizeof(s->host.hostname));
	snprintf(s->host.hostname, sizeof(s->host.hostname), "writer-%d", w);
	for (int i = 0; i < 200 * (w + 1); i++) {
		struct rs_addr *a = RS_APPEND(s->addrs, s->n_addrs);

		snprintf(a->addr, sizeof(a->addr), "10.%d.%d.%d", w, i / 250, i % 250);
		a->family = 4;
	}
}

/*
 * N processes save to one PATH at once, over and over: every round leaves a
 * file that loads and is exactly one writer's snapshot, and no temporary
 * file.  With the one shared PATH.tmp of before, 3 runs in 10 left a torn,
 * unloadable file.
 */
static void test_concurrent_writers(void **state)
{
	enum { WRITERS = 6, ROUNDS = 4 };
	char path[512], err[512];
	struct rs_snapshot got;
	pid_t pid[WRITERS];
	int status;

	in_tmp(path, sizeof(path), "shared.yaml");
	for (int round = 0; round < ROUNDS; round++) {
		for (int w = 0; w < WRITERS; w++) {
			pid[w] = fork();
			assert_true(pid[w] >= 0);
			if (pid[w] == 0) {
				struct rs_snapshot s;
				int r = 0;

				writer_snapshot(&s, w);
				for (int k = 0; k < 3 && !r; k++)
					r = rs_snapshot_save_file(&s, path, err, sizeof(err));
				_exit(r ? 1 : 0);
			}
		}
		for (int w = 0; w < WRITERS; w++) {
			assert_int_equal(waitpid(pid[w], &status, 0), pid[w]);
			assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
		}
		if (rs_snapshot_load_file(&got, path, err, sizeof(err)))
			fail_msg("round %d: %s", round, err);
		{
			struct rs_snapshot want;
			char why[256];
			int w = -1;

			assert_int_equal(sscanf(got.host.hostname, "writer-%d", &w), 1);
			writer_snapshot(&want, w);
			if (rs_sample_compare(&want, &got, why, sizeof(why)))
				fail_msg("round %d: not writer %d's snapshot: %s", round, w, why);
			rs_snapshot_free(&want);
		}
		rs_snapshot_free(&got);
		assert_int_equal(leftovers(), 0);
	}
}

/*
 * text cut at every length: each prefix is refused with a message naming
 * the file, or loads as the whole (only the last bytes, after the "..."
 * line began, may go).  Never a smaller host.
 */
static void cut_everywhere(const char *what, const char *text, size_t len)
{
	struct rs_snapshot whole, got;
	char path[512], err[1024];
	unsigned loaded = 0;
	size_t wl, gl;
	char *want, *t;

	in_tmp(path, sizeof(path), "cut.yaml");
	write_bytes(path, text, len);
	assert_int_equal(rs_snapshot_load_file(&whole, path, err, sizeof(err)), 0);
	want = rs_sample_save_string(&whole, &wl);
	for (size_t n = len; n-- > 0;) {
		int ret;

		assert_int_equal(truncate(path, (off_t)n), 0);
		ret = rs_snapshot_load_file(&got, path, err, sizeof(err));
		if (ret) {
			if (ret != -EINVAL || strncmp(err, path, strlen(path)))
				fail_msg("%s cut at %zu: %d \"%s\"", what, n, ret, err);
			assert_true(rs_sample_is_empty(&got));
			continue;
		}
		t = rs_sample_save_string(&got, &gl);
		if (gl != wl || memcmp(t, want, wl))
			fail_msg("%s cut at %zu of %zu bytes loads as a different host", what, n,
				 len);
		free(t);
		rs_snapshot_free(&got);
		loaded++;
	}
	print_message("# %s: %zu bytes, %u prefixes load whole, %zu refused\n", what, len,
		      loaded, len - loaded);
	assert_true(loaded <= 2);	/* "...\n" less its newline, at most */
	free(want);
	rs_snapshot_free(&whole);
}

static void test_truncated_every_offset(void **state)
{
	struct rs_snapshot s;
	char err[512], *t;
	size_t len;

	/* The demo host as shipped (profiles/demo/host.yaml, hand-written). */
	cut_everywhere("profiles/demo/host.yaml", rs_demo_host_yaml, rs_demo_host_yaml_len);
	/* The demo as `rocescope --demo snapshot` writes it. */
	assert_int_equal(rs_snapshot_load_yaml(&s, rs_demo_host_yaml, rs_demo_host_yaml_len,
					       "demo", err, sizeof(err)), 0);
	t = rs_sample_save_string(&s, &len);
	assert_string_equal(t + len - 5, "\n...\n");
	cut_everywhere("saved demo", t, len);
	free(t);
	rs_snapshot_free(&s);
}

/* A file without the end line: refused naming it, with how to accept it. */
static void test_no_end_marker(void **state)
{
	static const char old[] = "version: 2\nhost: {hostname: h1}\n";
	char path[512], err[1024];
	struct rs_snapshot s;

	in_tmp(path, sizeof(path), "old.yaml");
	write_bytes(path, old, strlen(old));
	assert_int_equal(rs_snapshot_load_file(&s, path, err, sizeof(err)), -EINVAL);
	assert_true(!strncmp(err, path, strlen(path)));
	assert_non_null(strstr(err, ": incomplete snapshot: no '...' line at its end"));
	/* ... and with it, the same text loads. */
	write_bytes(path, "version: 2\nhost: {hostname: h1}\n...\n",
		    strlen("version: 2\nhost: {hostname: h1}\n...\n"));
	assert_int_equal(rs_snapshot_load_file(&s, path, err, sizeof(err)), 0);
	assert_string_equal(s.host.hostname, "h1");
	rs_snapshot_free(&s);
	/* Text the program holds whole (the demo, tests) needs no marker. */
	assert_int_equal(rs_snapshot_load_yaml(&s, old, strlen(old), "t", err, sizeof(err)), 0);
	rs_snapshot_free(&s);
}

static void expect_refused(const char *text, const char *msg)
{
	struct rs_snapshot s;
	char err[512];

	if (rs_snapshot_load_yaml(&s, text, strlen(text), "m.yaml", err, sizeof(err)) != -EINVAL)
		fail_msg("loaded: %s", text);
	if (strcmp(err, msg))
		fail_msg("message \"%s\", wanted \"%s\"", err, msg);
	assert_true(rs_sample_is_empty(&s));
}

static void test_meaning(void **state)
{
	struct rs_snapshot s;
	char err[512];
	const char *ok = "taken_at: \"2026-02-28T23:59:60Z\"\n"
			 "devices:\n"
			 "- name: a\n"
			 "  ports:\n"
			 "  - {num: 1, gid_tbl_len: 256, gids: [{index: 255}, {index: 3}]}\n"
			 "  - {num: 2, gids: [{index: 65535}]}\n"
			 "- name: b\n"
			 "links: [{name: eth0}, {name: eth1}]\n";

	assert_int_equal(rs_snapshot_load_yaml(&s, ok, strlen(ok), "ok", err, sizeof(err)), 0);
	assert_int_equal(s.n_errors, 0);
	rs_snapshot_free(&s);

	expect_refused("devices:\n- name: mlx5_0\n- name: mlx5_1\n- name: mlx5_0\n",
		       "m.yaml:4:3: a second device named 'mlx5_0' (devices[0] has it)");
	expect_refused("links: [{name: eth0}, {mtu: 1500, name: eth0}]\n",
		       "m.yaml:1:23: a second link named 'eth0' (links[0] has it)");
	expect_refused("devices:\n- name: a\n  ports: [{num: 1}, {num: 1}]\n",
		       "m.yaml:3:21: port 1 given twice in this device");
	/* The index of the issue: never taken, so never recommended (no
	 * table has it: the field's own range refuses it first). */
	expect_refused("devices:\n- name: a\n  ports:\n  - gids:\n"
		       "    - {index: 70000, type: RoCE v2, ip: 10.0.0.1, ipv4: 1}\n",
		       "m.yaml:5:15: 'index': 70000 is out of range (0..65535)");
	/* Past the port's own table, whatever the order of the keys. */
	expect_refused("devices:\n- name: a\n  ports:\n  - gids: [{index: 256}]\n"
		       "    gid_tbl_len: 256\n",
		       "m.yaml:4:5: port 0: GID index 256 is past the end of the GID table "
		       "(256 entries)");
	expect_refused("devices:\n- ports: [{num: 1, gid_tbl_len: 70000}]\n",
		       "m.yaml:2:11: port 1: gid_tbl_len 70000: no GID table has more than "
		       "65536 entries");
	expect_refused("devices:\n- ports: [{num: 1, gids: [{index: 3}, {index: 3}]}]\n",
		       "m.yaml:2:11: port 1: GID index 3 given twice");
	/* Times that never were. */
	expect_refused("taken_at: \"2026-13-01T00:00:00Z\"\n",
		       "m.yaml:1:11: 'taken_at': '2026-13-01T00:00:00Z' is not a UTC time "
		       "(YYYY-MM-DDTHH:MM:SSZ, 1970 or later)");
	expect_refused("taken_at: \"2025-02-29T00:00:00Z\"\n",
		       "m.yaml:1:11: 'taken_at': '2025-02-29T00:00:00Z' is not a UTC time "
		       "(YYYY-MM-DDTHH:MM:SSZ, 1970 or later)");
	expect_refused("taken_at: yesterday\n",
		       "m.yaml:1:11: 'taken_at': 'yesterday' is not a UTC time "
		       "(YYYY-MM-DDTHH:MM:SSZ, 1970 or later)");
	expect_refused("taken_at: \"1969-12-31T23:59:59Z\"\n",
		       "m.yaml:1:11: 'taken_at': '1969-12-31T23:59:59Z' is not a UTC time "
		       "(YYYY-MM-DDTHH:MM:SSZ, 1970 or later)");
	expect_refused("taken_at: \"2026-11-02 09:14:07Z\"\n",
		       "m.yaml:1:11: 'taken_at': '2026-11-02 09:14:07Z' is not a UTC time "
		       "(YYYY-MM-DDTHH:MM:SSZ, 1970 or later)");

	/* A date after this machine's clock is possible (a wrong clock): noted. */
	ok = "taken_at: \"2999-01-01T00:00:00Z\"\n";
	assert_int_equal(rs_snapshot_load_yaml(&s, ok, strlen(ok), "ok", err, sizeof(err)), 0);
	assert_int_equal(s.n_errors, 1);
	assert_int_equal(s.errors[0].area, RS_AREA_HOST);
	assert_string_equal(s.errors[0].source, "file");
	assert_string_equal(s.errors[0].message, "taken at 2999-01-01T00:00:00Z, later than "
			    "this machine's clock: one of the two clocks is wrong");
	rs_snapshot_free(&s);
}

/*
 * -o naming a symlink is refused and neither the link nor its target is
 * touched (followed, a link planted in /tmp would make root replace
 * /etc/passwd); so is a dangling link and a link to a FIFO; a file's
 * permission bits survive the replace.
 */
static void test_save_symlink(void **state)
{
	char target[512], link[512], err[512];
	struct rs_snapshot a, b;
	struct stat st;

	rs_sample_fill(&a);
	in_tmp(target, sizeof(target), "real.yaml");
	in_tmp(link, sizeof(link), "latest.yaml");
	write_bytes(target, "old\n", 4);
	assert_int_equal(chmod(target, 0600), 0);
	assert_int_equal(symlink("real.yaml", link), 0);
	assert_int_equal(rs_snapshot_save_file(&a, link, err, sizeof(err)), -ELOOP);
	assert_non_null(strstr(err, "latest.yaml: a symbolic link: an output is never written "
				    "through one"));
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_int_equal(stat(target, &st), 0);
	assert_int_equal(st.st_size, 4);
	assert_int_equal(leftovers(), 0);
	assert_int_equal(rs_snapshot_save_file(&a, target, err, sizeof(err)), 0);
	assert_int_equal(stat(target, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);
	assert_int_equal(rs_snapshot_load_file(&b, target, err, sizeof(err)), 0);
	rs_snapshot_free(&b);
	assert_int_equal(leftovers(), 0);

	unlink(link);
	assert_int_equal(symlink("nowhere/x.yaml", link), 0);
	assert_int_equal(rs_snapshot_save_file(&a, link, err, sizeof(err)), -ELOOP);
	unlink(link);
	in_tmp(target, sizeof(target), "fifo");
	assert_int_equal(mkfifo(target, 0644), 0);
	assert_int_equal(rs_snapshot_save_file(&a, target, err, sizeof(err)), -RS_ENOTREG);
	assert_non_null(strstr(err, "not a regular file"));
	assert_int_equal(rs_snapshot_save_file(&a, "", err, sizeof(err)), -EINVAL);
	assert_int_equal(leftovers(), 0);
	rs_snapshot_free(&a);
}

static int setup(void **state)
{
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", tmpdir);
	return system(cmd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_concurrent_writers),
		cmocka_unit_test(test_truncated_every_offset),
		cmocka_unit_test(test_no_end_marker),
		cmocka_unit_test(test_meaning),
		cmocka_unit_test(test_save_symlink),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
