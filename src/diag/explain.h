/* SPDX-License-Identifier: MIT */
/*
 * explain.h - what the error lines of a pasted log mean (perftest,
 * libibverbs and its providers, rdma_cm, NCCL, UCX, libfabric, Open MPI,
 * SPDK, Ceph, Mooncake, the Kubernetes device plugins, the kernel's RDMA
 * drivers), their likely causes in order, the cause class each points to,
 * and which troubleshooting tree and step prove it (`rocescope explain`,
 * docs/explain.md).
 *
 * The knowledge is data: rs_explain_messages[], rs_explain_stacks[] and
 * rs_explain_wc_status[] (explain_table.c, explain_stacks.c, explain_wc.c),
 * one entry per message, each a POSIX extended regular expression matched
 * without regard to case; rs_explain_evidence[] and rs_explain_rules[]
 * (explain_context.c): lines that are no error but change what an error
 * means (a link-local GID in use, retransmissions under load), and how.
 *
 * This module compiles the tables once and matches text against them.  It
 * is pure: it reads only the bytes it is given and reports matches through
 * a callback, in input order.  Every pattern is reduced, when compiled, to
 * literal strings one of which each line it matches must contain (its
 * needles); one pass of an automaton over the line finds the needles, and
 * only the entries whose needles the line holds are tried, so a line of
 * ordinary output costs a few operations per byte and no regexec at all.
 *
 * A run aggregates as it goes: per entry how often it matched, its first
 * and last line and the first line's text; per evidence its first line.
 * rs_explain_rank() orders what a run saw, most likely cause first
 * (explain_rank.c).  Memory does not grow with the input: a run holds one
 * line and a fixed record per entry.
 *
 * An entry may also say where its line names the peer (perftest's
 * "HOST:PORT", NCCL's "peer A<port>"): the match then carries that address
 * when it is a valid IPv4 or IPv6 address, so a caller can fill --peer.
 *
 * A line longer than limits.line_max is matched on its beginning and the
 * match says so (truncated, full_len).  The input is read whole unless
 * limits.input_max sets a bound (0: none).  Lines end at '\n'; a '\r'
 * before it is dropped (pasted from Windows); NUL bytes are matched as
 * spaces but handed to the callback as they were.
 */
#ifndef RS_EXPLAIN_H
#define RS_EXPLAIN_H

#include <stddef.h>
#include <stdint.h>

#define RS_EXPLAIN_MAX_CAUSES 5
/* Classes of an entry's other likely causes (its causes after the first). */
#define RS_EXPLAIN_MAX_ALT 3
/* Ranked items a ranking adds for other likely causes, past the matches. */
#define RS_EXPLAIN_RANK_ALT 3

/*
 * The apostrophe of "couldn't" as pastes carry it: typed, typographic
 * (U+2019, from a document), a backtick, or an HTML entity (a page copied
 * as source); or left out ("Couldnt").
 */
#define RS_EXPLAIN_AP "('|\xe2\x80\x99|`|&#39;|&#x27;|&apos;)?"

/* The troubleshooting trees (profiles/trees/NAME.yaml). */
#define RS_TREE_CONNECTION	"connection-failure"
#define RS_TREE_BANDWIDTH	"low-bandwidth"
#define RS_TREE_LARGE_MSG	"large-message-crash"
#define RS_TREE_SETUP		"first-time-setup"

/*
 * What a message points to, whichever tool printed it: the classes a
 * ranking reports and the corpus is scored by (docs/explain.md has what
 * each covers and the step that proves it).
 */
enum rs_explain_class {
	RS_CLS_NONE,
	RS_CLS_CONTROL,		/* the out-of-band TCP channel: server, port, firewall */
	RS_CLS_PATH,		/* the peer cannot be reached over RoCE: route, ARP, switch */
	RS_CLS_PEER,		/* the other end failed, or runs something else */
	RS_CLS_GID,		/* the GID index or GID type (RoCE v1/v2, link-local) */
	RS_CLS_PORT,		/* the port or link is down or flapping */
	RS_CLS_MEMLOCK,		/* the locked-memory limit */
	RS_CLS_RESOURCES,	/* a device or host limit: QP, CQ, WR, inline, huge pages */
	RS_CLS_DRIVER,		/* kernel module, user-space provider, rdma-core version */
	RS_CLS_GPUDIRECT,	/* GPU memory: peer-memory module, dma-buf, ACS, IOMMU */
	RS_CLS_MTU,		/* path or port MTU */
	RS_CLS_CONGESTION,	/* losses under load: PFC, ECN, buffers */
	RS_CLS_PCIE,		/* the NIC's PCIe link */
	RS_CLS_FIRMWARE,	/* the adapter's firmware or hardware */
	RS_CLS_PERMISSION,	/* no access to the device: container, namespace, capability */
	RS_CLS_RDMA_CM,		/* rdma_cm address and route resolution */
	RS_CLS_APPLICATION,	/* the program's own use of verbs, or its configuration */
	RS_CLS_COUNT
};

/* "gid", "memlock", ...; "" for RS_CLS_NONE. */
const char *rs_explain_class_name(enum rs_explain_class c);
/* The class named so, or RS_CLS_NONE. */
enum rs_explain_class rs_explain_class_find(const char *name);
/* The tree and check that prove a cause of class c (docs/explain.md). */
void rs_explain_class_step(enum rs_explain_class c, const char **tree, const char **check);

/* A set of RS_CTX_* bits. */
typedef uint64_t rs_explain_ctx;
#define RS_CTX_BIT(n)	((rs_explain_ctx)1 << (n))

/*
 * Context a line gives (RS_CTX_* bits): an evidence entry sets them, and so
 * may a message entry (a port error sets RS_CTX_PORT).  The rules read them.
 */
#define RS_CTX_LINK_LOCAL	RS_CTX_BIT(0)	/* a link-local (fe80::) GID in use */
#define RS_CTX_GID0		RS_CTX_BIT(1)	/* GID index 0 chosen on Ethernet */
#define RS_CTX_ROCE_V1		RS_CTX_BIT(2)	/* a RoCE v1 GID in use */
#define RS_CTX_LOAD		RS_CTX_BIT(3)	/* retransmissions, pauses: losses under load */
#define RS_CTX_PORT		RS_CTX_BIT(4)	/* a port went down or flapped */
#define RS_CTX_GPU		RS_CTX_BIT(5)	/* GPU memory in play (CUDA, NCCL, ROCm) */
#define RS_CTX_MEMLOCK		RS_CTX_BIT(6)	/* the locked-memory limit is named */
#define RS_CTX_CONTAINER	RS_CTX_BIT(7)	/* a container or pod */
#define RS_CTX_ENOMEM		RS_CTX_BIT(8)	/* "Cannot allocate memory" */
#define RS_CTX_EINVAL		RS_CTX_BIT(9)	/* "Invalid argument" */
#define RS_CTX_IB		RS_CTX_BIT(10)	/* the link layer is InfiniBand, not Ethernet */
#define RS_CTX_TEARDOWN		RS_CTX_BIT(11)	/* the program was stopping, disconnecting */
#define RS_CTX_MTU		RS_CTX_BIT(12)	/* two MTUs that differ are named */
#define RS_CTX_PERFTEST		RS_CTX_BIT(13)	/* perftest's own completion error */
#define RS_CTX_NCCL		RS_CTX_BIT(14)	/* NCCL's completion error: GPU buffers */
#define RS_CTX_GID_V4		RS_CTX_BIT(15)	/* an IPv4-mapped (routable) GID in use */
#define RS_CTX_ROCE		RS_CTX_BIT(16)	/* the link layer is Ethernet (RoCE) */
#define RS_CTX_PROGRESS		RS_CTX_BIT(17)	/* data was moving: results, iterations */
#define RS_CTX_ACS		RS_CTX_BIT(18)	/* PCIe ACS or an IOMMU between GPU and NIC */
#define RS_CTX_MTU_SMALL	RS_CTX_BIT(19)	/* a port or QP MTU of 2048 or less */
#define RS_CTX_MTU_LARGE	RS_CTX_BIT(20)	/* a port or QP MTU of 4096 */
#define RS_CTX_IB_OFF		RS_CTX_BIT(21)	/* NCCL_IB_DISABLE set */
#define RS_CTX_HCA_FILTER	RS_CTX_BIT(22)	/* NCCL_IB_HCA set */
#define RS_CTX_UCX		RS_CTX_BIT(23)	/* UCX's own log lines */
#define RS_CTX_WC_ERR		RS_CTX_BIT(24)	/* a completion error other than a flush */
#define RS_CTX_REM_INV		RS_CTX_BIT(25)	/* the peer refused a request (remote invalid) */
#define RS_CTX_PING_OK		RS_CTX_BIT(26)	/* ping over the interface works */
#define RS_CTX_NCCL_LOG		RS_CTX_BIT(27)	/* NCCL's own lines, or NCCL named */
#define RS_CTX_EFAULT		RS_CTX_BIT(28)	/* "Bad address": memory the kernel cannot pin */
#define RS_CTX_MEMLOCK_OK	RS_CTX_BIT(29)	/* the locked-memory limit is shown unlimited */
#define RS_CTX_DEVNODES		RS_CTX_BIT(30)	/* /dev/infiniband listed: rdma_cm, umad nodes */
#define RS_CTX_UVERBS		RS_CTX_BIT(31)	/* a uverbs node in that listing */
#define RS_CTX_LOOPBACK		RS_CTX_BIT(32)	/* a transport aimed at loopback (127.x, lo) */
#define RS_CTX_COUNT		33

/* "link-local", "gid0", ...: the name of bit i of RS_CTX_*. */
const char *rs_explain_ctx_name(unsigned bit);

struct rs_explain_entry {
	const char *id;		/* stable: "perftest.connect_failed", "wc.retry_exc_err" */
	const char *tool;	/* who prints it: "perftest", "libibverbs", "NCCL", ... */
	const char *pattern;	/* POSIX ERE, case-insensitive */
	const char *meaning;	/* what happened, in one or two sentences */
	const char *causes[RS_EXPLAIN_MAX_CAUSES + 1];	/* most likely first, NULL-ended */
	const char *tree;	/* RS_TREE_*: the tree to run */
	const char *check;	/* the step of that tree that finds the cause: a check id */
	const char *peer;	/* optional ERE whose group 1 is the peer's address */
	enum rs_explain_class cls;	/* what its first cause is */
	/*
	 * What its other causes are, in the order of causes[] (RS_CLS_NONE
	 * ends the list): the ranking offers them as the next places to look.
	 */
	enum rs_explain_class alt[RS_EXPLAIN_MAX_ALT];
	/*
	 * How specific the message is to that cause, 1..9: 9 the message names
	 * it ("Please set max locked memory"), 5 a status or errno with one
	 * usual cause, 3 a generic failure, 1 a consequence of another error
	 * (flushed requests, a summary line).  The ranking orders by it.
	 */
	int weight;
	rs_explain_ctx sets;	/* RS_CTX_* bits the line gives */
	/*
	 * A work-completion status (1..): the entry also matches its number
	 * after the words tools put before one (rs_explain_wc_number).
	 */
	int num;
	/*
	 * A fallback (explain_listings.c, explain_errno.c): it counts only on a
	 * line no other entry matched, and only the first fallback of a line.
	 */
	int fallback;
	/*
	 * Evidence only: tried on at most this many lines whose needles it
	 * names (0: on every one).  For a trait that every line of a process
	 * repeats, its host name in the prefix: if the first lines do not
	 * show it, the rest will not either, and a needle as common as the
	 * tool's own name would otherwise send every line to the regex.
	 */
	unsigned tries;
};

/*
 * The tables, each ended by an entry with a NULL id: the messages
 * (explain_table.c), the kernel's (explain_kernel.c), those of the stacks
 * built on verbs (explain_stacks.c),
 * then the work-completion statuses (explain_wc.c).  Matches on one line
 * are reported in this order.  rs_explain_evidence[] (explain_context.c)
 * has the lines that only give context: their .sets, .cls and .meaning
 * count; they are never a match.
 */
extern const struct rs_explain_entry rs_explain_messages[];
extern const struct rs_explain_entry rs_explain_kernel[];
extern const struct rs_explain_entry rs_explain_stacks[];
extern const struct rs_explain_entry rs_explain_wc_status[];
/* Host listings and summary lines; RDMA calls that failed with an errno. */
extern const struct rs_explain_entry rs_explain_listings[];
extern const struct rs_explain_entry rs_explain_errno[];
/* More messages of the tools in their own words (explain_more.c). */
extern const struct rs_explain_entry rs_explain_more[];
/* Drivers asking for newer adapter firmware (explain_firmware.c). */
extern const struct rs_explain_entry rs_explain_firmware[];
/* NCCL's and UCX's setup failures that name their cause (explain_nccl_ucx.c). */
extern const struct rs_explain_entry rs_explain_nccl_ucx[];
/* Programs naming the module or device limit they found missing (explain_modules.c). */
extern const struct rs_explain_entry rs_explain_modules[];
/* Crashes, failed assertions, services naming their peer (explain_crash.c). */
extern const struct rs_explain_entry rs_explain_crash[];
/* The rest of NCCL's warnings, aws-ofi-nccl's and PyTorch's (explain_nccl.c). */
extern const struct rs_explain_entry rs_explain_nccl[];
/* The rest of perftest's, rdma-core's, the kernel's and SPDK's own lines (explain_verbs.c). */
extern const struct rs_explain_entry rs_explain_verbs[];
/* UCX's, Open MPI's and libfabric's own lines, from their sources (explain_ucx.c). */
extern const struct rs_explain_entry rs_explain_ucx[];
extern const struct rs_explain_entry rs_explain_evidence[];
/* The words before a status number, and the number (group 3): explain_wc.c. */
extern const char rs_explain_wc_number[];

/*
 * A rule: an entry (by id, or "class:NAME" for every entry of a class) seen
 * with any of the context bits in `when` points to class `cls` instead, and
 * its tree and step become the class's.  `why` says so in the output.  The
 * first rule that applies to an entry wins (explain_context.c).
 */
#define RS_RULE_ALL	1u	/* every bit of `when`, not any one of them */
#define RS_RULE_BEFORE	2u	/* the context came before the entry's first line */
/*
 * The rule holds when the paste gives none of the `unless` bits, whatever
 * `when` says: what a message means when nothing else in the log speaks.
 */
#define RS_RULE_DEFAULT	4u

struct rs_explain_rule {
	const char *entry;
	rs_explain_ctx when;
	rs_explain_ctx unless;	/* not when any of these bits is set */
	enum rs_explain_class cls;
	int bonus;		/* added to the entry's weight */
	const char *why;
	unsigned flags;		/* RS_RULE_* */
};

extern const struct rs_explain_rule rs_explain_rules[];	/* ended by a NULL entry */
/* The rules of the fallbacks (explain_errno.c), tried after rs_explain_rules[]. */
extern const struct rs_explain_rule rs_explain_rules_errno[];

struct rs_explain_limits {
	size_t line_max;	/* bytes of a line kept and matched */
	uint64_t input_max;	/* bytes read in all, the rest not read; 0: no limit */
};

#define RS_EXPLAIN_LINE_MAX	(4 * 1024)
#define RS_EXPLAIN_INPUT_MAX	0

/* An IPv6 address in text, with its NUL (INET6_ADDRSTRLEN). */
#define RS_EXPLAIN_PEER_LEN 46

/* One recognised line and one entry it matched. */
struct rs_explain_match {
	uint64_t line;			/* 1-based line number */
	const struct rs_explain_entry *e;
	const char *text;		/* the line as given (NULs kept), without '\n' */
	size_t len;			/* bytes in text */
	size_t full_len;		/* bytes of the whole line (> len when truncated) */
	int truncated;			/* the line was longer than line_max */
	uint64_t first_line;		/* earlier line with the same entry, or 0 */
	char peer[RS_EXPLAIN_PEER_LEN];	/* the peer's IP address the line names, or "" */
};

typedef void (*rs_explain_cb)(void *arg, const struct rs_explain_match *m);

/* What a run saw of one entry (or evidence). */
struct rs_explain_seen {
	uint64_t count;			/* lines it matched */
	uint64_t first, last;		/* their first and last line numbers, 0 none */
	char *text;			/* the first line (NULs kept), or NULL */
	size_t len, full_len;		/* bytes kept of it, and of the whole line */
	char peer[RS_EXPLAIN_PEER_LEN];	/* the first peer address a line of it named */
};

/* What a run saw, for the summary. */
struct rs_explain_stats {
	uint64_t lines;			/* lines read */
	uint64_t bytes;			/* bytes read */
	uint64_t recognised;		/* lines with at least one match */
	uint64_t matches;		/* (line, entry) pairs */
	uint64_t long_lines;		/* lines matched on their beginning only */
	uint64_t tried;			/* lines a needle sent to the patterns */
	int input_cut;			/* input_max reached: the rest was not read */
	size_t distinct;		/* entries that matched at least once */
	rs_explain_ctx ctx;		/* RS_CTX_* bits the input gave */
	uint64_t ctx_line[RS_CTX_COUNT];	/* the first line that gave each */
	uint64_t *per_entry;		/* matches per entry, rs_explainer_entry() order */
	const struct rs_explain_seen *seen;	/* per entry, the same order */
	const struct rs_explain_seen *evidence;	/* per rs_explain_evidence[] entry */
};

struct rs_explainer;

/*
 * Compile the tables (or, for tests, another one; evidence is then not
 * looked for).  0, or -EINVAL after writing "ID: why" into err when a
 * pattern does not compile.
 */
int rs_explainer_new(struct rs_explainer **out, char *err, size_t errlen);
int rs_explainer_new_table(struct rs_explainer **out, const struct rs_explain_entry *table,
			   size_t n, char *err, size_t errlen);
void rs_explainer_free(struct rs_explainer *x);
/* The entries compiled, in matching order (the evidence not among them). */
size_t rs_explainer_count(const struct rs_explainer *x);
const struct rs_explain_entry *rs_explainer_entry(const struct rs_explainer *x, size_t i);
/* The evidence entries compiled: rs_explain_evidence[], or none. */
size_t rs_explainer_evidence_count(const struct rs_explainer *x);

/*
 * The needles of entry i: how many, and the k-th folded to lower case
 * into buf ("" past the end).  0 needles: the entry is tried on every
 * line (the tests refuse such an entry: its pattern has no literal).
 */
size_t rs_explainer_needles(const struct rs_explainer *x, size_t i, size_t k, char *buf,
			    size_t len);
/*
 * Tests: try every pattern on every line, ignoring the needles, to check
 * that they never hide a match.
 */
void rs_explainer_set_brute(struct rs_explainer *x, int on);

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
const struct rs_explainer *rs_explain_run_explainer(const struct rs_explain_run *r);
/* What the run saw so far (after rs_explain_finish(): all of it). */
const struct rs_explain_stats *rs_explain_run_stats(const struct rs_explain_run *r);

/*
 * Feed everything fd gives, in chunks, until EOF or input_max (one more
 * byte is read to tell whether more came).  0, or -errno of a failed read.
 */
int rs_explain_fd(struct rs_explain_run *r, int fd);

/* The entry with this id (messages, stacks, statuses, evidence), or NULL. */
const struct rs_explain_entry *rs_explain_find(const char *id);

/* --- ranking (explain_rank.c) ------------------------------------------- */

enum rs_explain_confidence { RS_CONF_LOW, RS_CONF_MEDIUM, RS_CONF_HIGH };

/* "low", "medium", "high". */
const char *rs_explain_confidence_name(enum rs_explain_confidence c);

/* One entry a run saw, with what it points to once the context is read. */
struct rs_explain_ranked {
	const struct rs_explain_entry *e;
	size_t index;			/* its rs_explainer_entry() index */
	const struct rs_explain_seen *seen;
	enum rs_explain_class cls;	/* the entry's class, or a rule's */
	const char *tree, *check;	/* the entry's, or the rule's class's */
	int score;
	enum rs_explain_confidence conf;
	const struct rs_explain_rule *rule;	/* the rule that applied, or NULL */
	uint64_t rule_line;		/* the line that gave the rule's context */
	const char *rule_ctx;		/* and the name of that context */
	/*
	 * An other likely cause of an entry ranked before (its class from
	 * the entry's alt[], or the entry's own class when a rule moved it):
	 * always after every entry, low confidence.
	 */
	int alternative;
};

/*
 * Order what a finished run saw, most likely cause first: the most specific
 * message first (weight, plus a rule's bonus), the earlier one first on a
 * tie; then, for the first entries, the classes of their other likely
 * causes not ranked yet (at most RS_EXPLAIN_RANK_ALT).  Fills up to max
 * items of out (room for distinct + RS_EXPLAIN_RANK_ALT holds them all);
 * returns how many items the ranking has.
 */
size_t rs_explain_rank(const struct rs_explain_run *r, struct rs_explain_ranked *out,
		       size_t max);

#endif
