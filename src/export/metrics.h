/* SPDX-License-Identifier: MIT */
/*
 * metrics.h - the session's state as Prometheus metrics: the text of
 * /metrics, built from a snapshot, its counter series and the findings.
 *
 * Pure: no socket, no clock, no collector.  The exporter (src/export/
 * exporter.c) builds the text once per refresh of its session and serves
 * that text to every scrape until the next refresh, so a scrape never reads
 * sysfs; the tests build it from fixed snapshots and check it line by line
 * and with `promtool check metrics`.
 *
 * Two formats from one walk: the Prometheus text format 0.0.4 (what every
 * Prometheus and promtool read) and OpenMetrics 1.0 (content negotiation:
 * counter families named without _total, UNIT lines, info families,
 * "# EOF").  Names follow Prometheus' conventions: a rocescope_ prefix,
 * base units (bytes, seconds), _total on counters, snake_case; label
 * values are escaped per the format (backslash, double quote, newline) and
 * bytes that are not UTF-8 become U+FFFD (the formats require UTF-8).
 * docs/exporter.md lists every metric.
 */
#ifndef RS_METRICS_H
#define RS_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include "diag/check.h"
#include "model/series.h"
#include "snapshot.h"

struct rs_qp_table;

/* A growing text buffer. */
struct rs_text {
	char *p;
	size_t len, cap;
};

void rs_text_free(struct rs_text *t);
void rs_text_printf(struct rs_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void rs_text_add(struct rs_text *t, const char *s, size_t n);

enum rs_metrics_format {
	RS_MF_PROMETHEUS,	/* text/plain; version=0.0.4 */
	RS_MF_OPENMETRICS,	/* application/openmetrics-text; version=1.0.0 */
};

/* The Content-Type header value of a format. */
const char *rs_metrics_content_type(enum rs_metrics_format f);

/* What the metrics are built from (all pointers may be NULL but snap). */
struct rs_metrics_src {
	const struct rs_snapshot *snap;
	const struct rs_series *series;		/* rates; NULL: none */
	const struct rs_findings *findings;	/* NULL: no check ran */
	const struct rs_qp_table *qps;		/* the followed QPs; NULL: none */
	const char *version, *commit;		/* of this build */
	const char *source;			/* "live", "demo", "root DIR", "file F" */
	unsigned interval_ms;			/* between refreshes (0: static) */
	double refreshed_at;			/* wall clock of the reading (s), 0 unknown */
};

/* Append the exposition of src in format f to out (without the OpenMetrics
 * "# EOF" line: rs_metrics_end adds it, after whatever the caller adds). */
void rs_metrics_build(struct rs_text *out, const struct rs_metrics_src *src,
		      enum rs_metrics_format f);
void rs_metrics_end(struct rs_text *out, enum rs_metrics_format f);

/* The exporter's own counters, written per scrape (cheap, no snapshot). */
struct rs_exporter_stats {
	unsigned long long scrapes;		/* /metrics answered */
	unsigned long long requests_bad;	/* 4xx, 501 and 505 answers */
	unsigned long long conns_rejected;	/* over the connection cap */
	unsigned long long conns_timed_out;	/* slow clients dropped */
	unsigned conns_open;
	unsigned long long builds;		/* expositions built (refreshes) */
	double build_seconds;			/* CPU of the last build */
	double cpu_seconds;			/* the process's CPU so far (getrusage) */
};
void rs_metrics_exporter(struct rs_text *out, const struct rs_exporter_stats *st,
			 enum rs_metrics_format f);

#endif
