/* SPDX-License-Identifier: MIT */
/*
 * metrics.c - the text writer of metrics.h and the families that are not
 * about one device: the build, the session's refresh, collection errors,
 * the findings of the checks, and the exporter's own counters.
 *
 * The writer holds one family at a time and writes its TYPE/HELP (and in
 * OpenMetrics its UNIT) lines just before its first sample, so every family
 * is written once, whole, in one place - what both formats require (a
 * family split in two is an error for promtool).
 */
#include "export/metrics_priv.h"
#include "util.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rs_text_free(struct rs_text *t)
{
	free(t->p);
	memset(t, 0, sizeof(*t));
}

static void reserve(struct rs_text *t, size_t n)
{
	if (t->len + n + 1 <= t->cap)
		return;
	while (t->cap < t->len + n + 1)
		t->cap = t->cap ? t->cap * 2 : 4096;
	t->p = rs_xrealloc(t->p, t->cap);
}

void rs_text_add(struct rs_text *t, const char *s, size_t n)
{
	reserve(t, n);
	memcpy(t->p + t->len, s, n);
	t->len += n;
	t->p[t->len] = '\0';
}

void rs_text_printf(struct rs_text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	reserve(t, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(t->p + t->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	t->len += (size_t)n;
}

const char *rs_metrics_content_type(enum rs_metrics_format f)
{
	return f == RS_MF_OPENMETRICS ? "application/openmetrics-text; version=1.0.0; charset=utf-8"
				      : "text/plain; version=0.0.4; charset=utf-8";
}

/* ------------------------------------------------------------ the writer */

/*
 * Text the formats carry escaped: backslash, newline and (in label values)
 * the double quote; bytes that are not UTF-8 become U+FFFD, since both
 * formats are UTF-8 and a scraper rejects the whole page otherwise.  The
 * formats have no escape for other control characters, so a control
 * character, C1 control or bidi override (from sysfs or a file) is written
 * as the visible text \x1b or \u202e (its backslash escaped): the page
 * stays valid, `--once` on a terminal cannot drive it, nothing is lost.
 */
static void put_escaped(struct rs_text *t, const char *s, int quote)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = strlen(s);

	for (size_t i = 0; i < n;) {
		size_t l = rs_utf8_len(u + i, n - i);

		if (!l) {
			rs_text_add(t, "\xef\xbf\xbd", 3);
			i++;
		} else if (u[i] == '\\') {
			rs_text_add(t, "\\\\", 2);
			i++;
		} else if (u[i] == '\n') {
			rs_text_add(t, "\\n", 2);
			i++;
		} else if (u[i] == '"' && quote) {
			rs_text_add(t, "\\\"", 2);
			i++;
		} else if (u[i] < 0x20 || u[i] == 0x7f || rs_utf8_hidden(u + i, l)) {
			char tmp[12];
			uint32_t cp = u[i] < 0x80 ? u[i] : rs_utf8_hidden(u + i, l);
			int k = snprintf(tmp, sizeof(tmp), cp < 0x100 ? "\\\\x%02x" : "\\\\u%04x",
					 (unsigned)cp);

			rs_text_add(t, tmp, (size_t)k);
			i += l;
		} else {
			rs_text_add(t, s + i, l);
			i += l;
		}
	}
}

/* The family's name in OpenMetrics: without _total (counter), _info (info). */
static size_t family_len(const char *name, enum rs_mtype type, enum rs_metrics_format f)
{
	size_t n = strlen(name);
	const char *sfx = type == RS_MT_COUNTER ? "_total" : type == RS_MT_INFO ? "_info" : "";

	if (f == RS_MF_OPENMETRICS && n > strlen(sfx) && !strcmp(name + n - strlen(sfx), sfx))
		n -= strlen(sfx);
	return n;
}

static int ends_with(const char *s, size_t n, const char *sfx)
{
	size_t l = strlen(sfx);

	return n >= l && !memcmp(s + n - l, sfx, l);
}

static void header(struct rs_mw *w)
{
	static const char *const prom[] = { "counter", "gauge", "gauge" };
	static const char *const om[] = { "counter", "gauge", "info" };
	size_t n = family_len(w->name, w->type, w->f);
	const char *type = (w->f == RS_MF_OPENMETRICS ? om : prom)[w->type];

	rs_text_printf(w->t, "# HELP %.*s ", (int)n, w->name);
	put_escaped(w->t, w->help, 0);
	rs_text_printf(w->t, "\n# TYPE %.*s %s\n", (int)n, w->name, type);
	if (w->f == RS_MF_OPENMETRICS && w->type != RS_MT_INFO) {
		if (ends_with(w->name, n, "_bytes"))
			rs_text_printf(w->t, "# UNIT %.*s bytes\n", (int)n, w->name);
		else if (ends_with(w->name, n, "_seconds"))
			rs_text_printf(w->t, "# UNIT %.*s seconds\n", (int)n, w->name);
	}
	w->header_done = 1;
}

void rs_mw_family(struct rs_mw *w, const char *name, enum rs_mtype type, const char *help)
{
	w->name = name;
	w->type = type;
	w->help = help;
	w->header_done = 0;
}

static void labels(struct rs_mw *w, va_list ap)
{
	const char *k, *sep = "{";

	while ((k = va_arg(ap, const char *))) {
		const char *v = va_arg(ap, const char *);

		rs_text_printf(w->t, "%s%s=\"", sep, k);
		put_escaped(w->t, v ? v : "", 1);
		rs_text_add(w->t, "\"", 1);
		sep = ",";
	}
	if (sep[0] == ',')
		rs_text_add(w->t, "}", 1);
}

void rs_mw_u64(struct rs_mw *w, uint64_t v, ...)
{
	va_list ap;

	if (!w->header_done)
		header(w);
	rs_text_add(w->t, w->name, strlen(w->name));
	va_start(ap, v);
	labels(w, ap);
	va_end(ap);
	rs_text_printf(w->t, " %llu\n", (unsigned long long)v);
}

/* The shortest %g that reads back as the same double (0.1, not 0.1000...01). */
static void put_double(struct rs_text *t, double v)
{
	char buf[40];

	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	rs_text_printf(t, " %s\n", buf);
}

void rs_mw_f64(struct rs_mw *w, double v, ...)
{
	va_list ap;

	if (!w->header_done)
		header(w);
	rs_text_add(w->t, w->name, strlen(w->name));
	va_start(ap, v);
	labels(w, ap);
	va_end(ap);
	if (isnan(v))
		rs_text_add(w->t, " NaN\n", 5);
	else if (isinf(v))
		rs_text_add(w->t, v > 0 ? " +Inf\n" : " -Inf\n", 6);
	else if (v == floor(v) && fabs(v) < 9007199254740992.0)
		rs_text_printf(w->t, " %.0f\n", v);
	else
		put_double(w->t, v);
}

/* ------------------------------------------------------------ families */

static void meta(struct rs_mw *w, const struct rs_metrics_src *src)
{
	rs_mw_family(w, "rocescope_build_info", RS_MT_INFO,
		     "The rocescope build and the source it reads (live, demo, root DIR, file F).");
	rs_mw_u64(w, 1, "version", src->version ? src->version : "",
		  "commit", src->commit ? src->commit : "", "source", src->source ? src->source : "",
		  NULL);
	rs_mw_family(w, "rocescope_refresh_interval_seconds", RS_MT_GAUGE,
		     "Seconds between two readings of the counters (0: a static source).");
	rs_mw_f64(w, src->interval_ms / 1000.0, NULL);
	if (src->series) {
		rs_mw_family(w, "rocescope_refreshes_total", RS_MT_COUNTER,
			     "Readings of the counters taken since the exporter started.");
		rs_mw_u64(w, src->series->updates, NULL);
	}
	if (src->refreshed_at > 0) {
		rs_mw_family(w, "rocescope_last_refresh_timestamp_seconds", RS_MT_GAUGE,
			     "Unix time of the reading these metrics come from.");
		rs_mw_f64(w, src->refreshed_at, NULL);
	}
}

static void errors(struct rs_mw *w, const struct rs_snapshot *s)
{
	rs_mw_family(w, "rocescope_collect_errors", RS_MT_GAUGE,
		     "Sources that could not be read at the last collection, by area "
		     "(rocescope check shows them).");
	for (int a = 0; a < RS_AREA_COUNT; a++) {
		unsigned n = 0;

		for (size_t i = 0; i < s->n_errors; i++)
			n += s->errors[i].area == (enum rs_area)a;
		rs_mw_u64(w, n, "area", rs_area_name((enum rs_area)a), NULL);
	}
}

/* Each check that ran, with every verdict (zeros too: an alert on
 * verdict="fail" then resolves to 0 instead of vanishing). */
static void findings(struct rs_mw *w, const struct rs_findings *fs)
{
	rs_mw_family(w, "rocescope_check_findings", RS_MT_GAUGE,
		     "Findings of each check by verdict (pass, warn, fail, skip): "
		     "objects the check judged; docs/checks.md says what each check id means.");
	for (const struct rs_check *c = rs_checks; c->id; c++) {
		unsigned n[4] = { 0 };
		int ran = 0;

		for (size_t i = 0; i < fs->count; i++)
			if (!strcmp(fs->items[i].id, c->id)) {
				n[fs->items[i].verdict & 3]++;
				ran = 1;
			}
		for (int v = 0; ran && v < 4; v++)
			rs_mw_u64(w, n[v], "check", c->id,
				  "verdict", rs_verdict_name((enum rs_verdict)v), NULL);
	}
	rs_mw_family(w, "rocescope_check_problem", RS_MT_GAUGE,
		     "1 for each warning or failure of a check, with the object it is about "
		     "(rocescope check prints its evidence and remedy).");
	for (size_t i = 0; i < fs->count; i++) {
		const struct rs_finding *f = &fs->items[i];
		char port[16] = "";

		if (!rs_finding_is_problem(f))
			continue;
		if (f->port)
			snprintf(port, sizeof(port), "%u", f->port);
		rs_mw_u64(w, 1, "check", f->id, "verdict", rs_verdict_name(f->verdict),
			  "object", f->object, "device", f->device, "port", port,
			  "netdev", f->netdev, NULL);
	}
}

void rs_metrics_build(struct rs_text *out, const struct rs_metrics_src *src,
		      enum rs_metrics_format f)
{
	struct rs_mw w = { .t = out, .f = f };

	meta(&w, src);
	errors(&w, src->snap);
	rs_metrics_devices(&w, src);
	rs_metrics_ports(&w, src);
	rs_metrics_netdevs(&w, src);
	rs_metrics_nic(&w, src);
	if (src->findings)
		findings(&w, src->findings);
}

void rs_metrics_end(struct rs_text *out, enum rs_metrics_format f)
{
	if (f == RS_MF_OPENMETRICS)
		rs_text_add(out, "# EOF\n", 6);
}

void rs_metrics_exporter(struct rs_text *out, const struct rs_exporter_stats *st,
			 enum rs_metrics_format f)
{
	const struct {
		const char *name;
		enum rs_mtype type;
		const char *help;
		double v;
	} own[] = {
		{ "rocescope_exporter_scrapes_total", RS_MT_COUNTER,
		  "Requests for /metrics answered.", (double)st->scrapes },
		{ "rocescope_exporter_bad_requests_total", RS_MT_COUNTER,
		  "Requests refused: 4xx (bad request, not found, wrong method, too long) and "
		  "501/505 (a transfer coding, another HTTP version).",
		  (double)st->requests_bad },
		{ "rocescope_exporter_rejected_connections_total", RS_MT_COUNTER,
		  "Connections closed at once because the connection cap was reached.",
		  (double)st->conns_rejected },
		{ "rocescope_exporter_timed_out_connections_total", RS_MT_COUNTER,
		  "Connections closed because the client was too slow to send or read.",
		  (double)st->conns_timed_out },
		{ "rocescope_exporter_open_connections", RS_MT_GAUGE,
		  "Connections open now, this scrape's included.", (double)st->conns_open },
		{ "rocescope_exporter_builds_total", RS_MT_COUNTER,
		  "Times the exposition was built (once per refresh, never per scrape).",
		  (double)st->builds },
		{ "rocescope_exporter_build_cpu_seconds", RS_MT_GAUGE,
		  "CPU time the last build of the exposition took.", st->build_seconds },
		/* the name every Prometheus client library uses for its process */
		{ "process_cpu_seconds_total", RS_MT_COUNTER,
		  "User and system CPU time the exporter's process has used.", st->cpu_seconds },
	};
	struct rs_mw w = { .t = out, .f = f };

	for (size_t i = 0; i < RS_ARRAY_SIZE(own); i++) {
		rs_mw_family(&w, own[i].name, own[i].type, own[i].help);
		rs_mw_f64(&w, own[i].v, NULL);
	}
}
