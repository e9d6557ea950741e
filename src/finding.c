/* SPDX-License-Identifier: MIT */
/*
 * finding.c - the names of verdicts and object kinds, and what counts as
 * a problem (finding.h): shared by the checks and the layers below them.
 * The names are JSON values and stay English; rs_verdict_label() (inside
 * a sentence) and rs_verdict_mark() (the column of a list) are the verdict
 * a person reads, in their language.
 */
#include "finding.h"
#include "i18n.h"
#include "util.h"

int rs_finding_is_problem(const struct rs_finding *f)
{
	return f && (f->verdict == RS_WARN || f->verdict == RS_FAIL);
}

const char *rs_finding_summary_en(const struct rs_finding *f)
{
	return f->summary_en[0] ? f->summary_en : f->summary;
}

const char *rs_verdict_name(enum rs_verdict v)
{
	static const char *const names[] = { "pass", "warn", "fail", "skip" };

	return (unsigned)v < RS_ARRAY_SIZE(names) ? names[v] : "?";
}

const char *rs_verdict_label(enum rs_verdict v)
{
	/* TRANSLATORS: a verdict inside a sentence ("wire pass"). */
	static const char *const labels[] = { N_("pass"), N_("warn"), N_("fail"), N_("skip") };

	return (unsigned)v < RS_ARRAY_SIZE(labels) ? _(labels[v]) : "?";
}

const char *rs_verdict_mark(enum rs_verdict v)
{
	/* TRANSLATORS: a verdict in the 4-column field of a list (check,
	 * check --tree, fix, capture): at most 4 display columns (two
	 * Chinese characters), the same word as the lowercase one. */
	static const char *const marks[] = { N_("PASS"), N_("WARN"), N_("FAIL"), N_("SKIP") };

	return (unsigned)v < RS_ARRAY_SIZE(marks) ? _(marks[v]) : "?";
}

const char *rs_object_kind_name(enum rs_object_kind k)
{
	static const char *const names[] = {
		"host", "device", "port", "netdev", "module", "neighbour", "peer",
	};

	return (unsigned)k < RS_ARRAY_SIZE(names) ? names[k] : "?";
}
