/* SPDX-License-Identifier: MIT */
/*
 * explain.h - what an error line of perftest, libibverbs, rdma_cm or NCCL
 * means, its likely causes in order, and which troubleshooting tree and
 * step find the cause (`rocescope explain`, docs/explain.md).
 *
 * The knowledge is data: rs_explain_messages[] and rs_explain_wc_status[]
 * (explain_table.c, explain_wc.c), one entry per message, each a POSIX
 * extended regular expression matched without regard to case.  This module
 * compiles the tables once and matches text against them.  It is pure: it reads only the bytes it is given (a chunk, a
 * string, or the file descriptor the caller passes) and reports matches
 * through a callback, in input order, so nothing grows with the input.
 *
 * An entry may also say where its line names the peer (perftest's
 * "HOST:PORT", NCCL's "peer A<port>"): the match then carries that address
 * when it is a valid IPv4 or IPv6 address, so a caller can fill --peer.
 *
 * Input is bounded: a line longer than limits.line_max is matched on its
 * beginning and the match says so (truncated, full_len); past
 * limits.input_max bytes reading stops and the summary says so.  Lines end
 * at '\n'; a '\r' before it is dropped (pasted from Windows); NUL bytes are
 * matched as spaces but handed to the callback as they were.
 */
#ifndef RS_EXPLAIN_H
#define RS_EXPLAIN_H

#include <stddef.h>

#define RS_EXPLAIN_MAX_CAUSES 5

/* The troubleshooting trees (profiles/trees/NAME.yaml, issue 8). */
#define RS_TREE_CONNECTION	"connection-failure"
#define RS_TREE_BANDWIDTH	"low-bandwidth"
#define RS_TREE_LARGE_MSG	"large-message-crash"
#define RS_TREE_SETUP		"first-time-setup"

struct rs_explain_entry {
	const char *id;		/* stable: "perftest.connect_failed", "wc.retry_exc_err" */
	const char *tool;	/* who prints it: "perftest", "libibverbs", "NCCL", ... */
	const char *pattern;	/* POSIX ERE, case-insensitive */
	const char *meaning;	/* what happened, in one or two sentences */
	const char *causes[RS_EXPLAIN_MAX_CAUSES + 1];	/* most likely first, NULL-ended */
	const char *tree;	/* RS_TREE_*: the tree to run */
	const char *check;	/* the step of that tree that finds the cause: a check id */
	const char *peer;	/* optional ERE whose group 1 is the peer's address */
};

/*
 * The tables, each ended by an entry with a NULL id: the messages
 * (explain_table.c), then the work-completion statuses (explain_wc.c).
 * Matches on one line are reported in this order.
 */
extern const struct rs_explain_entry rs_explain_messages[];
extern const struct rs_explain_entry rs_explain_wc_status[];

struct rs_explain_limits {
	size_t line_max;	/* bytes of a line kept and matched */
	size_t input_max;	/* bytes read in all; the rest is not read */
};

#define RS_EXPLAIN_LINE_MAX	(4 * 1024)
#define RS_EXPLAIN_INPUT_MAX	(16 * 1024 * 1024)

/* An IPv6 address in text, with its NUL (INET6_ADDRSTRLEN). */
#define RS_EXPLAIN_PEER_LEN 46

/* One recognised line and one entry it matched. */
struct rs_explain_match {
	size_t line;			/* 1-based line number */
	const struct rs_explain_entry *e;
	const char *text;		/* the line as given (NULs kept), without '\n' */
	size_t len;			/* bytes in text */
	size_t full_len;		/* bytes of the whole line (> len when truncated) */
	int truncated;			/* the line was longer than line_max */
	size_t first_line;		/* earlier line with the same entry, or 0 */
	char peer[RS_EXPLAIN_PEER_LEN];	/* the peer's IP address the line names, or "" */
};

typedef void (*rs_explain_cb)(void *arg, const struct rs_explain_match *m);

/* What a run saw, for the summary. */
struct rs_explain_stats {
	size_t lines;			/* lines read */
	size_t bytes;			/* bytes read */
	size_t recognised;		/* lines with at least one match */
	size_t matches;			/* (line, entry) pairs */
	size_t long_lines;		/* lines matched on their beginning only */
	int input_cut;			/* input_max reached: the rest was not read */
	size_t *per_entry;		/* matches per entry, rs_explainer_entry() order */
};

struct rs_explainer;

/*
 * Compile the table (or, for tests, another one).  0, or -EINVAL after
 * writing "ID: why" into err when a pattern does not compile.
 */
int rs_explainer_new(struct rs_explainer **out, char *err, size_t errlen);
int rs_explainer_new_table(struct rs_explainer **out, const struct rs_explain_entry *table,
			   size_t n, char *err, size_t errlen);
void rs_explainer_free(struct rs_explainer *x);
/* The entries compiled, in matching order: both tables, or the one given. */
size_t rs_explainer_count(const struct rs_explainer *x);
const struct rs_explain_entry *rs_explainer_entry(const struct rs_explainer *x, size_t i);

/*
 * The entries one line matches, in table order: up to max of them into
 * hits.  Returns how many matched (may exceed max).  The line may hold NULs.
 */
size_t rs_explain_line(const struct rs_explainer *x, const char *line, size_t len,
		       const struct rs_explain_entry **hits, size_t max);

/* A run over one input: feed it chunks, then finish.  Not thread-safe. */
struct rs_explain_run;

struct rs_explain_run *rs_explain_run_new(const struct rs_explainer *x,
					  const struct rs_explain_limits *lim,
					  rs_explain_cb cb, void *arg);
/* Feed bytes; 1 once input_max is reached (stop reading), else 0. */
int rs_explain_feed(struct rs_explain_run *r, const char *buf, size_t len);
/* The last line (when it has no '\n'); the stats stay valid until free. */
const struct rs_explain_stats *rs_explain_finish(struct rs_explain_run *r);
void rs_explain_run_free(struct rs_explain_run *r);

/*
 * Feed everything fd gives, in chunks, until EOF or input_max (one more
 * byte is read to tell whether more came).  0, or -errno of a failed read.
 */
int rs_explain_fd(struct rs_explain_run *r, int fd);

/* The entry with this id, or NULL. */
const struct rs_explain_entry *rs_explain_find(const char *id);

#endif
