/* SPDX-License-Identifier: MIT */
/*
 * explain_rank.c - order what a run of the explainer saw, most likely
 * cause first (explain.h, docs/explain.md "Ranking").
 *
 * Every entry that matched is one item.  Its score is ten times its
 * weight (how specific the message is to its cause); a rule whose context
 * the paste holds (rs_explain_rules[]) may point it to another class, with
 * that class's tree and step, and add to its score; two or more entries of
 * one class add a little to each other (they corroborate; a consequence,
 * weight 1, corroborates none).  Items are
 * sorted by score, the earlier first line first on a tie: in a log the
 * first failure is usually the cause and what follows its consequence.
 * The confidence comes from the score.
 */
#include "diag/explain.h"
#include "i18n.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name, *tree, *check;
} classes[RS_CLS_COUNT] = {
	/*
	 * TRANSLATORS: the class of a cause, "#1 gid, high confidence: ..." and
	 * "[gid]" after an entry; one or two words.
	 */
	[RS_CLS_NONE] = { "", NULL, NULL },
	[RS_CLS_CONTROL] = { N_("control-channel"), RS_TREE_CONNECTION, "net.control_port" },
	[RS_CLS_PATH] = { N_("path"), RS_TREE_CONNECTION, "net.ping" },
	[RS_CLS_PEER] = { N_("peer"), RS_TREE_CONNECTION, "peer.same_gid_type" },
	[RS_CLS_GID] = { N_("gid"), RS_TREE_CONNECTION, "gid.user_index" },
	[RS_CLS_PORT] = { N_("port"), RS_TREE_CONNECTION, "port.not_active" },
	[RS_CLS_MEMLOCK] = { N_("memlock"), RS_TREE_LARGE_MSG, "host.memlock_small" },
	[RS_CLS_RESOURCES] = { N_("resources"), RS_TREE_LARGE_MSG, "device.max_mr" },
	[RS_CLS_DRIVER] = { N_("driver"), RS_TREE_SETUP, "host.module_missing" },
	[RS_CLS_GPUDIRECT] = { N_("gpudirect"), RS_TREE_SETUP, "host.module_missing" },
	[RS_CLS_MTU] = { N_("mtu"), RS_TREE_BANDWIDTH, "port.roce_mtu_small" },
	[RS_CLS_CONGESTION] = { N_("congestion"), RS_TREE_BANDWIDTH, "qos.pfc" },
	[RS_CLS_PCIE] = { N_("pcie"), RS_TREE_BANDWIDTH, "pci.link_degraded" },
	[RS_CLS_FIRMWARE] = { N_("firmware"), RS_TREE_SETUP, "profile.firmware" },
	[RS_CLS_PERMISSION] = { N_("permission"), RS_TREE_SETUP, "device.none" },
	[RS_CLS_RDMA_CM] = { N_("rdma-cm"), RS_TREE_CONNECTION, "rdma.cm_resolve" },
	[RS_CLS_APPLICATION] = { N_("application"), RS_TREE_CONNECTION, "perf.pingpong" },
};

/*
 * TRANSLATORS: what the paste showed that moved a cause, in "because ...
 * (GID index 0, line 18)".  The tools' names and NCCL's variables stay.
 */
static const char *const ctx_names[RS_CTX_COUNT] = {
	N_("link-local GID"), N_("GID index 0"), N_("RoCE v1 GID"), N_("losses under load"),
	N_("port event"), N_("GPU memory"), N_("locked-memory limit"), N_("container"),
	N_("out of memory"), N_("invalid argument"), N_("InfiniBand link"), N_("shutdown"),
	N_("MTU mismatch"), "perftest", "NCCL", N_("IPv4 GID"), N_("RoCE link"),
	N_("data moving"), N_("ACS or IOMMU"), N_("MTU of 2048 or less"), N_("MTU of 4096"),
	"NCCL_IB_DISABLE", "NCCL_IB_HCA", "UCX", N_("another completion error"),
	N_("a request the peer refused"), N_("ping works"), N_("NCCL log"), N_("bad address"),
	N_("unlimited locked memory"), N_("device nodes listed"), N_("a uverbs node"),
	N_("loopback address"),
};

const char *rs_explain_class_name(enum rs_explain_class c)
{
	return (unsigned)c < RS_CLS_COUNT ? classes[c].name : "";
}

enum rs_explain_class rs_explain_class_find(const char *name)
{
	for (int c = 1; c < RS_CLS_COUNT; c++)
		if (!strcmp(classes[c].name, name))
			return (enum rs_explain_class)c;
	return RS_CLS_NONE;
}

void rs_explain_class_step(enum rs_explain_class c, const char **tree, const char **check)
{
	*tree = (unsigned)c < RS_CLS_COUNT ? classes[c].tree : NULL;
	*check = (unsigned)c < RS_CLS_COUNT ? classes[c].check : NULL;
}

const char *rs_explain_ctx_name(unsigned bit)
{
	return bit < RS_CTX_COUNT ? ctx_names[bit] : "";
}

const char *rs_explain_confidence_name(enum rs_explain_confidence c)
{
	/* TRANSLATORS: the word in "#1 gid, high confidence: ..." */
	return c == RS_CONF_HIGH ? N_("high") : c == RS_CONF_MEDIUM ? N_("medium") : N_("low");
}

/* The rule names e: by id, or as "class:NAME" of e's class. */
static int rule_names(const struct rs_explain_rule *r, const struct rs_explain_entry *e)
{
	if (!strncmp(r->entry, "class:", 6))
		return !strcmp(r->entry + 6, rs_explain_class_name(e->cls));
	return !strcmp(r->entry, e->id);
}

/* The context bits of the paste that the rule may use for this entry. */
static rs_explain_ctx rule_hit(const struct rs_explain_rule *r,
			       const struct rs_explain_ranked *it,
			       const struct rs_explain_stats *st)
{
	/* what the entry's own line gives is no context for it */
	rs_explain_ctx hit = st->ctx & r->when & ~it->e->sets;

	if (r->flags & RS_RULE_DEFAULT)
		return 1;
	if (r->flags & RS_RULE_BEFORE)
		for (unsigned b = 0; b < RS_CTX_COUNT; b++)
			if ((hit & RS_CTX_BIT(b)) && st->ctx_line[b] >= it->seen->first)
				hit &= ~RS_CTX_BIT(b);
	if ((r->flags & RS_RULE_ALL) && hit != r->when)
		return 0;
	return hit;
}

/* Apply the first rule of table r that names the item; 1 when one did. */
static int apply_table(const struct rs_explain_rule *r, struct rs_explain_ranked *it,
		       const struct rs_explain_stats *st)
{
	for (; r->entry; r++) {
		rs_explain_ctx hit = rule_hit(r, it, st);

		if (!hit || (st->ctx & r->unless) || !rule_names(r, it->e))
			continue;
		it->rule = r;
		it->cls = r->cls;
		rs_explain_class_step(r->cls, &it->tree, &it->check);
		it->score += 10 * r->bonus;
		if (r->flags & RS_RULE_DEFAULT) {
			/* no context line: the entry's own line is the evidence */
			it->rule_line = it->seen->first;
			it->rule_ctx = N_("nothing else in the log");
			return 1;
		}
		for (unsigned b = 0; b < RS_CTX_COUNT; b++)
			if (hit & RS_CTX_BIT(b)) {
				it->rule_line = st->ctx_line[b];
				it->rule_ctx = ctx_names[b];
				break;
			}
		return 1;
	}
	return 0;
}

/* The rule tables, tried in this order. */
static const struct rs_explain_rule *const rule_tables[] = {
	rs_explain_rules, rs_explain_rules_errno,
};

static void apply_rules(struct rs_explain_ranked *it, const struct rs_explain_stats *st)
{
	for (size_t t = 0; t < RS_ARRAY_SIZE(rule_tables); t++)
		if (apply_table(rule_tables[t], it, st))
			return;
}

static int cmp_ranked(const void *a, const void *b)
{
	const struct rs_explain_ranked *x = a, *y = b;

	if (x->score != y->score)
		return x->score > y->score ? -1 : 1;
	if (x->seen->first != y->seen->first)
		return x->seen->first < y->seen->first ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* How many entries, from the first, may offer their other causes. */
#define ALT_FROM 3

/* The class c is already ranked in all[0..k). */
static int ranked_class(const struct rs_explain_ranked *all, size_t k, enum rs_explain_class c)
{
	for (size_t i = 0; i < k; i++)
		if (all[i].cls == c)
			return 1;
	return 0;
}

/* Append to all[k..] the other likely causes of the first entries. */
static size_t add_alternatives(struct rs_explain_ranked *all, size_t k)
{
	size_t n = k;

	for (size_t i = 0; i < k && i < ALT_FROM; i++) {
		const struct rs_explain_entry *e = all[i].e;
		enum rs_explain_class cand[RS_EXPLAIN_MAX_ALT + 1];
		size_t nc = 0;

		if (all[i].rule)
			cand[nc++] = e->cls;
		for (size_t a = 0; a < RS_EXPLAIN_MAX_ALT && e->alt[a]; a++)
			cand[nc++] = e->alt[a];
		for (size_t a = 0; a < nc && n < k + RS_EXPLAIN_RANK_ALT; a++) {
			struct rs_explain_ranked *it;

			if (ranked_class(all, n, cand[a]))
				continue;
			it = &all[n++];
			*it = all[i];
			it->cls = cand[a];
			rs_explain_class_step(cand[a], &it->tree, &it->check);
			it->rule = NULL;
			it->rule_line = 0;
			it->rule_ctx = NULL;
			it->alternative = 1;
			it->score = all[i].score / 3;
		}
	}
	return n;
}

size_t rs_explain_rank(const struct rs_explain_run *r, struct rs_explain_ranked *out,
		       size_t max)
{
	const struct rs_explainer *x = rs_explain_run_explainer(r);
	const struct rs_explain_stats *st = rs_explain_run_stats(r);
	size_t n = rs_explainer_count(x), k = 0;
	struct rs_explain_ranked *all;
	int per_class[RS_CLS_COUNT] = { 0 };

	all = rs_xcalloc(n + RS_EXPLAIN_RANK_ALT, sizeof(*all));
	for (size_t i = 0; i < n; i++) {
		const struct rs_explain_entry *e = rs_explainer_entry(x, i);
		struct rs_explain_ranked *it;

		if (!st->seen[i].count)
			continue;
		it = &all[k++];
		it->e = e;
		it->index = i;
		it->seen = &st->seen[i];
		it->cls = e->cls;
		it->tree = e->tree;
		it->check = e->check;
		it->score = 10 * e->weight;
		apply_rules(it, st);
		/* a consequence (weight 1) follows from any cause: it corroborates none */
		per_class[it->cls] += e->weight > 1;
	}
	for (size_t i = 0; i < k; i++) {
		int more = per_class[all[i].cls] - (all[i].e->weight > 1);

		all[i].score += more > 3 ? 9 : 3 * more;
	}
	qsort(all, k, sizeof(*all), cmp_ranked);
	k = add_alternatives(all, k);
	for (size_t i = 0; i < k; i++) {
		all[i].conf = all[i].alternative ? RS_CONF_LOW :
			      all[i].score >= 70 ? RS_CONF_HIGH :
			      all[i].score >= 40 ? RS_CONF_MEDIUM : RS_CONF_LOW;
		if (i < max)
			out[i] = all[i];
	}
	free(all);
	return k;
}
