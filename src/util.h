/* SPDX-License-Identifier: MIT */
/*
 * util.h - small helpers every module uses: allocation that dies on OOM,
 * bounded string copies, and file access through the one overridable root.
 *
 * Every sysfs/procfs/etc path the program reads is built by rs_path() from
 * the root set with rs_root_set() (--root DIR, default "/"), so the whole
 * program can run on a fixture tree.  Functions return 0 or -errno.
 */
#ifndef RS_UTIL_H
#define RS_UTIL_H

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define RS_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define RS_PRINTF(f, a) __attribute__((format(printf, f, a)))

void *rs_xmalloc(size_t size);
void *rs_xcalloc(size_t n, size_t size);
void *rs_xrealloc(void *p, size_t size);
char *rs_xstrdup(const char *s);
char *rs_xasprintf(const char *fmt, ...) RS_PRINTF(1, 2);
void rs_die(const char *fmt, ...) RS_PRINTF(1, 2) __attribute__((noreturn));

/* Copy with truncation, always NUL-terminated; returns strlen(src). */
size_t rs_strlcpy(char *dst, const char *src, size_t size);
#define RS_STRCPY(dst, src) rs_strlcpy((dst), (src), sizeof(dst))
/*
 * A value that does not fit its buffer is never cut silently: it keeps its
 * head and ends with RS_ELLIPSIS (U+2026 "…", 3 bytes of UTF-8), which says so
 * to whoever reads it.  rs_mark_cut() puts the ellipsis at the end of a
 * full buffer of size bytes (not splitting a UTF-8 sequence);
 * rs_strcpy_cut() copies and marks, returning 1 when it had to cut.
 */
#define RS_ELLIPSIS "\xe2\x80\xa6"
void rs_mark_cut(char *buf, size_t size);
int rs_strcpy_cut(char *dst, const char *src, size_t size);
#define RS_STRCPY_CUT(dst, src) rs_strcpy_cut((dst), (src), sizeof(dst))
/*
 * A decimal unsigned integer, digits only (blanks around are allowed): no
 * sign ("-5" is not 2^64 - 5), no octal ("010" is 10), no hex, no empty
 * string.  0, -EINVAL (not a number) or -ERANGE (past 2^64 - 1).
 */
int rs_parse_u64(const char *s, uint64_t *v);
/* snprintf that returns -ENAMETOOLONG instead of truncating silently. */
int rs_snprintf(char *buf, size_t len, const char *fmt, ...) RS_PRINTF(3, 4);
/*
 * Length of the valid UTF-8 sequence at s (1..4, at most left bytes), or 0
 * when the bytes there are not one: overlong forms, surrogates and code
 * points past U+10FFFF count as invalid, as RFC 3629 says.
 */
size_t rs_utf8_len(const unsigned char *s, size_t left);
/* The code point of a UTF-8 sequence of l bytes when it is a C1 control
 * or a bidi embedding, override or isolate (text a terminal must not get
 * raw), else 0. */
uint32_t rs_utf8_hidden(const unsigned char *s, size_t l);
/*
 * Untrusted text (a pasted log, a peer's message) made safe for a
 * terminal: control characters (C0, DEL) become \t, \n, \r or \xNN,
 * bytes that are not valid UTF-8 \xNN, C1 controls and the Unicode
 * bidirectional overrides \uNNNN, a backslash \\; valid UTF-8 stays, so
 * nothing is lost and the result reads back unambiguously.  Writes at
 * most size - 1 bytes and a NUL; returns the length the whole escape needs
 * (as snprintf: >= size means it was cut).  RS_ESCAPE_MAX(n) always fits.
 */
#define RS_ESCAPE_MAX(n) (4 * (n) + 1)
size_t rs_escape_text(char *dst, size_t size, const char *s, size_t n);
/* 1 when rs_escape_text() would change s for more than its backslashes:
 * a control character (C0, DEL), a byte that is not UTF-8, a C1 control or
 * a bidi override.  Text without them can reach a terminal as it is. */
int rs_text_needs_escape(const char *s, size_t n);
/* Trim trailing whitespace/newlines in place; returns s. */
char *rs_rtrim(char *s);

/*
 * strerror() for the codes of the file functions below: -RS_ENOTREG is
 * "not a regular file", -EOVERFLOW "too long for its field: cut ...".
 * err may be negative (-errno) or positive.
 */
#define RS_ENOTREG EMEDIUMTYPE
const char *rs_strerror(int err);

/*
 * File access (util_file.c).  The root every file path goes through.
 * NULL or "/" means the live host's "/".
 */
void rs_root_set(const char *root);
const char *rs_root(void);
/* buf = root + formatted path (path starts with '/'). */
int rs_path(char *buf, size_t len, const char *fmt, ...) RS_PRINTF(3, 4);
int rs_vpath(char *buf, size_t len, const char *fmt, va_list ap);

/*
 * Files under the root are read as sysfs and procfs serve them: regular
 * files only, opened without blocking.  A FIFO, device or socket where a
 * file should be (a hostile or broken fixture tree) is -RS_ENOTREG at once,
 * never a hang; a directory is -EISDIR.
 *
 * rs_read_str() reads a small file into buf, trailing blanks trimmed.  When
 * the value does not fit it returns -EOVERFLOW with its head in buf ending
 * in RS_ELLIPSIS, so a caller that keeps it shows the cut.
 */
int rs_read_str(char *buf, size_t len, const char *fmt, ...) RS_PRINTF(3, 4);
/* A decimal unsigned integer file (rs_parse_u64): -EINVAL, -ERANGE, -errno. */
int rs_read_u64(uint64_t *val, const char *fmt, ...) RS_PRINTF(2, 3);
/* The same for a path already under the root (built by rs_path() once for
 * a directory of counters read every tick: no formatting per file). */
int rs_read_u64_path(uint64_t *val, const char *path);
/* A sysfs hex file ("0x15b3", "0x1003"): "0x" and 1 to 16 hex digits. */
int rs_read_x64(uint64_t *val, const char *fmt, ...) RS_PRINTF(2, 3);
/* Target of a symlink under the root (not resolved further); a target that
 * does not fit buf is -ENAMETOOLONG. */
int rs_read_link(char *buf, size_t len, const char *fmt, ...) RS_PRINTF(3, 4);
/*
 * fopen(path, "re") of a full path (already under the root) for a regular
 * file only, opened without blocking; NULL with errno (RS_ENOTREG) else.
 */
FILE *rs_fopen_read(const char *path);

/*
 * Entries of a directory under the root, without "." and "..", sorted in
 * natural order ("2" before "10").  *names is NULL-terminated; free with
 * rs_strv_free().  Returns the count or -errno.
 */
int rs_list_dir(char ***names, const char *fmt, ...) RS_PRINTF(2, 3);
void rs_strv_free(char **v);
int rs_natural_cmp(const char *a, const char *b);

/* This program's own file (/proc/self/exe), to run itself as a child. */
const char *rs_self_exe(void);

/* CLOCK_MONOTONIC in nanoseconds. */
uint64_t rs_now_ns(void);

#endif
