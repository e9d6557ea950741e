/* SPDX-License-Identifier: MIT */
/*
 * test_export.c - the exporter's pure parts: the exposition text built from
 * the demo host (exact values, rates, resources, findings; every family
 * written once and whole; OpenMetrics names, UNIT and EOF; label escaping
 * of hostile names) and the HTTP request-head parser (good heads byte by
 * byte, and every kind of bad one a client can send).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag/check.h"
#include "export/http.h"
#include "export/metrics.h"
#include "model/demo.h"
#include "model/series.h"
#include "model/snapshot_yaml.h"
#include "util.h"

struct demo {
	struct rs_snapshot snap;
	struct rs_series series;
	struct rs_findings findings;
};

/* The demo host after one tick: rates over exactly one second. */
static void demo_open(struct demo *d)
{
	char err[256];
	struct rs_check_params params;
	struct rs_check_ctx ctx = { 0 };

	assert_int_equal(rs_snapshot_load_yaml(&d->snap, rs_demo_host_yaml,
					       rs_demo_host_yaml_len, "demo", err, sizeof(err)), 0);
	rs_series_init(&d->series, 0);
	rs_series_update(&d->series, &d->snap);
	rs_demo_advance(&d->snap, 1);
	rs_series_update(&d->series, &d->snap);
	rs_findings_init(&d->findings);
	rs_check_params_init(&params);
	ctx.snap = &d->snap;
	ctx.series = &d->series;
	ctx.params = &params;
	ctx.recorded = 1;
	rs_checks_run(&ctx, &d->findings);
}

static void demo_close(struct demo *d)
{
	rs_findings_free(&d->findings);
	rs_series_free(&d->series);
	rs_snapshot_free(&d->snap);
}

static void build(const struct demo *d, enum rs_metrics_format f, struct rs_text *t)
{
	struct rs_metrics_src src = {
		.snap = &d->snap, .series = &d->series, .findings = &d->findings,
		.version = "0.1.0", .commit = "abc", .source = "demo", .interval_ms = 1000,
	};

	memset(t, 0, sizeof(*t));
	rs_metrics_build(t, &src, f);
	rs_metrics_end(t, f);
}

/* The whole line, exactly. */
static int has_line(const struct rs_text *t, const char *line)
{
	size_t n = strlen(line);

	for (const char *p = t->p; (p = strstr(p, line)); p++)
		if ((p == t->p || p[-1] == '\n') && p[n] == '\n')
			return 1;
	return 0;
}

static void test_values(void **state)
{
	struct demo d;
	struct rs_text t;
	char line[256];
	const struct rs_counter *c;

	demo_open(&d);
	build(&d, RS_MF_PROMETHEUS, &t);
	c = rs_counter_set_find(&d.snap.devices[0].ports[0].counters, "port_xmit_data");
	snprintf(line, sizeof(line),
		 "rocescope_port_data_transmitted_bytes_total{device=\"mlx5_0\",port=\"1\"} %llu",
		 (unsigned long long)c->value * 4);
	assert_true(has_line(&t, line));
	/* tick 1 adds 4.1e9 bytes in one second of demo time */
	assert_true(has_line(&t, "rocescope_port_transmit_bytes_per_second{device=\"mlx5_0\","
			     "port=\"1\"} 4100000000"));
	assert_true(has_line(&t, "rocescope_port_transmit_utilization_ratio{device=\"mlx5_0\","
			     "port=\"1\"} 0.328"));
	assert_true(has_line(&t, "rocescope_port_rate_bytes_per_second{device=\"mlx5_0\","
			     "port=\"1\"} 12500000000"));
	assert_true(has_line(&t, "rocescope_rdma_queue_pairs{device=\"mlx5_1\",state=\"ERR\"} 2"));
	assert_true(has_line(&t, "rocescope_rdma_resources{device=\"mlx5_0\",type=\"qp\"} 18"));
	assert_true(has_line(&t, "rocescope_port_roce_events_total{device=\"mlx5_1\",port=\"1\","
			     "counter=\"out_of_sequence\"} 41236"));
	assert_true(has_line(&t, "rocescope_check_findings{check=\"pci.link_degraded\","
			     "verdict=\"fail\"} 2"));
	assert_true(has_line(&t, "rocescope_check_findings{check=\"pci.link_degraded\","
			     "verdict=\"pass\"} 0"));
	assert_true(strstr(t.p, "rocescope_check_problem{check=\"port.roce_mtu_small\","
			   "verdict=\"warn\",object=\"mlx5_1 port 1\",device=\"mlx5_1\",port=\"1\"")
		    != NULL);
	c = rs_counter_set_find(&rs_snapshot_link(&d.snap, "ens1f1np1")->ethtool,
				"rx_pause_ctrl_phy");
	snprintf(line, sizeof(line),
		 "rocescope_netdev_pause_frames_received_total{netdev=\"ens1f1np1\"} %llu",
		 (unsigned long long)c->value);
	assert_true(c->value > 0 && has_line(&t, line));
	assert_true(has_line(&t, "rocescope_netdev_pfc_frames_received_total{netdev=\"ens1f1np1\","
			     "priority=\"3\"} 0"));
	assert_true(has_line(&t, "rocescope_build_info{version=\"0.1.0\",commit=\"abc\","
			     "source=\"demo\"} 1"));
	assert_true(has_line(&t, "# TYPE rocescope_port_data_transmitted_bytes_total counter"));
	assert_null(strstr(t.p, "# EOF"));
	assert_null(strstr(t.p, "# UNIT"));
	rs_text_free(&t);
	demo_close(&d);
}

/* Each family once, its samples right after its own TYPE line. */
static void test_grouping(void **state)
{
	struct demo d;
	struct rs_text t;
	char family[128] = "", seen[16384] = "|";

	demo_open(&d);
	build(&d, RS_MF_PROMETHEUS, &t);
	for (char *l = strtok(t.p, "\n"); l; l = strtok(NULL, "\n")) {
		char name[128], key[140];

		if (!strncmp(l, "# TYPE ", 7)) {
			assert_int_equal(sscanf(l + 7, "%127s", family), 1);
			snprintf(key, sizeof(key), "|%s|", family);
			assert_null(strstr(seen, key));		/* not twice */
			assert_true(strlen(seen) + strlen(family) + 2 < sizeof(seen));
			strcat(seen, family);
			strcat(seen, "|");
			continue;
		}
		if (l[0] == '#')
			continue;
		assert_int_equal(sscanf(l, "%127[^{ ]", name), 1);
		assert_string_equal(name, family);
	}
	rs_text_free(&t);
	demo_close(&d);
}

static void test_openmetrics(void **state)
{
	struct demo d;
	struct rs_text t;

	demo_open(&d);
	build(&d, RS_MF_OPENMETRICS, &t);
	assert_true(has_line(&t, "# TYPE rocescope_port_data_transmitted_bytes counter"));
	assert_true(has_line(&t, "# UNIT rocescope_port_data_transmitted_bytes bytes"));
	assert_true(has_line(&t, "# TYPE rocescope_build info"));
	assert_true(has_line(&t, "# TYPE rocescope_refresh_interval_seconds gauge"));
	assert_true(has_line(&t, "# UNIT rocescope_refresh_interval_seconds seconds"));
	assert_true(has_line(&t, "rocescope_refresh_interval_seconds 1"));
	assert_int_equal(strcmp(t.p + t.len - 6, "# EOF\n"), 0);
	assert_string_equal(rs_metrics_content_type(RS_MF_OPENMETRICS),
			    "application/openmetrics-text; version=1.0.0; charset=utf-8");
	rs_text_free(&t);
	demo_close(&d);
}

/* A device named by a hostile sysfs: quote, backslash, newline, not UTF-8. */
static void test_escaping(void **state)
{
	struct rs_snapshot s;
	struct rs_metrics_src src = { .snap = &s };
	struct rs_text t = { 0 };
	struct rs_device *d;

	rs_snapshot_init(&s);
	d = RS_APPEND(s.devices, s.n_devices);
	RS_STRCPY(d->name, "a\"b\\c\nd\xff\xc3\xa9");
	d->present = 1;
	rs_metrics_build(&t, &src, RS_MF_PROMETHEUS);
	assert_true(has_line(&t, "rocescope_device_present{device=\"a\\\"b\\\\c\\nd\xef\xbf\xbd"
			     "\xc3\xa9\"} 1"));
	/* no ports, no resources read: those families write nothing at all */
	assert_null(strstr(t.p, "rocescope_port_info"));
	assert_null(strstr(t.p, "rocescope_rdma_queue_pairs"));
	assert_true(has_line(&t, "rocescope_collect_errors{area=\"rdma\"} 0"));
	rs_text_free(&t);
	rs_snapshot_free(&s);
}

static void test_exporter_tail(void **state)
{
	struct rs_exporter_stats st = { .scrapes = 7, .conns_open = 1, .build_seconds = 0.5 };
	struct rs_text t = { 0 };

	rs_metrics_exporter(&t, &st, RS_MF_PROMETHEUS);
	assert_true(has_line(&t, "rocescope_exporter_scrapes_total 7"));
	assert_true(has_line(&t, "rocescope_exporter_open_connections 1"));
	assert_true(has_line(&t, "rocescope_exporter_build_cpu_seconds 0.5"));
	rs_text_free(&t);
}

/* ------------------------------------------------------------------ HTTP */

static int parse(const char *s, struct rs_http_req *r)
{
	return rs_http_parse(s, strlen(s), r);
}

static void test_http_good(void **state)
{
	static const char get[] = "GET /metrics?x=1 HTTP/1.1\r\nHost: a\r\n"
				  "Accept: application/openmetrics-text;version=1.0.0,text/plain;q=0.5\r\n"
				  "\r\nGET / HTTP/1.1\r\n\r\n";
	size_t head = strstr(get, "\r\n\r\n") - get + 4;
	struct rs_http_req r;

	/* byte by byte: incomplete until the blank line, then its length */
	for (size_t n = 0; n < head; n++)
		assert_int_equal(rs_http_parse(get, n, &r), RS_HTTP_NEED_MORE);
	assert_int_equal(rs_http_parse(get, sizeof(get) - 1, &r), (int)head);
	assert_string_equal(r.method, "GET");
	assert_string_equal(r.path, "/metrics");
	assert_int_equal(r.minor, 1);
	assert_true(r.openmetrics);
	assert_false(r.close);
	assert_false(r.has_body);
	assert_int_equal(parse("HEAD / HTTP/1.0\n\n", &r), 17);	/* bare LF */
	assert_true(r.close);					/* 1.0: no keep-alive */
	assert_int_equal(parse("GET / HTTP/1.1\r\nHost: a\r\n"
			       "connection: Keep-Alive, CLOSE\r\n\r\n", &r) > 0, 1);
	assert_true(r.close);
	assert_true(parse("POST /metrics HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello",
			  &r) > 0);
	assert_string_equal(r.method, "POST");
	assert_true(r.has_body);
	assert_true(parse("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n", &r) > 0);
	assert_false(r.has_body);
	assert_true(parse("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 007 \r\n\r\n", &r) > 0);
	assert_true(r.has_body);				/* OWS after the value */
	assert_true(parse("GET / HTTP/1.1\r\nHost: a\r\nAccept: text/plain\r\n\r\n", &r) > 0);
	assert_false(r.openmetrics);
}

/* RFC 9112's framing and Host rules: what a proxy in front could read
 * differently (request smuggling) is refused. */
static void test_http_smuggling(void **state)
{
	static const char *const bad[] = {
		"GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 5\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5,6\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: a\r\nContent-Length: +5\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0x10\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1 2\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: a\r\nContent-Length:\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: a\r\nContent-Length : 5\r\n\r\n",	/* space before : */
		"GET / HTTP/1.1\r\nHost : a\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n"
		"Content-Length: 5\r\n\r\n",					/* TE + CL */
		"GET / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n",		/* TE in 1.0 */
		"GET / HTTP/1.1\r\nHost: a\r\n\tfolded\r\n\r\n",		/* obs-fold, HTAB */
		"GET / HTTP/1.1\r\nHost: a\r\nX-A: b\rc\r\n\r\n",		/* a bare CR */
		"GET / HTTP/1.1\rHost: a\r\n\r\n",
		"GET / HTTP/1.1\r\r\nHost: a\r\n\r\n",
		"GET / HTTP/1.1\r\n\r\n",					/* 1.1 without Host */
		"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",		/* two Hosts */
		"GET / HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: a b\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: a/b\r\n\r\n",
		"GET / HTTP/1.1\r\nHost: u@a\r\n\r\n",
		"GET http://u@a/metrics HTTP/1.1\r\nHost: a\r\n\r\n",		/* userinfo */
		"GET http:///metrics HTTP/1.1\r\nHost: a\r\n\r\n",		/* no authority */
		"GET ftp://a/metrics HTTP/1.1\r\nHost: a\r\n\r\n",
		"GET * HTTP/1.1\r\nHost: a\r\n\r\n",
		"GET /a#b HTTP/1.1\r\nHost: a\r\n\r\n",
		"GET /\xc3\xa9 HTTP/1.1\r\nHost: a\r\n\r\n",
		"GET /a\\b HTTP/1.1\r\nHost: a\r\n\r\n",
	};
	char nul[] = "GET / HTTP/1.1\r\nHost: a\r\nX-A: b\0c\r\n\r\n";
	char buf[RS_HTTP_HEAD_MAX + 64];
	struct rs_http_req r;

	for (size_t i = 0; i < RS_ARRAY_SIZE(bad); i++)
		if (parse(bad[i], &r) != RS_HTTP_BAD)
			fail_msg("not refused with 400: %s", bad[i]);
	assert_int_equal(rs_http_parse(nul, sizeof(nul) - 1, &r), RS_HTTP_BAD);
	assert_int_equal(parse("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
			       "0\r\n\r\n", &r), RS_HTTP_NOT_IMPLEMENTED);
	assert_string_equal(rs_http_reason(501), "Not Implemented");
	/* 1.0 needs no Host; absolute-form is accepted, its path routed */
	assert_true(parse("GET /metrics HTTP/1.0\r\n\r\n", &r) > 0);
	assert_true(parse("GET http://[::1]:9479/metrics?a=b HTTP/1.1\r\nHost: x\r\n\r\n", &r) > 0);
	assert_string_equal(r.path, "/metrics");
	assert_true(parse("GET HTTP://h HTTP/1.1\r\nHost: h\r\n\r\n", &r) > 0);
	assert_string_equal(r.path, "/");
	assert_true(parse("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n", &r) > 0);
	assert_string_equal(r.path, "*");
	assert_true(parse("GET / HTTP/1.1\r\nHost:\r\n\r\n", &r) > 0);	/* empty: allowed */
	/* a request line past the head's limit: its target is too long */
	memset(buf, 'a', sizeof(buf));
	memcpy(buf, "GET /", 5);
	assert_int_equal(rs_http_parse(buf, RS_HTTP_HEAD_MAX, &r), RS_HTTP_URI_TOO_LONG);
	memcpy(buf, "GET / HTTP/1.1\r\nX-A: ", 21);
	assert_int_equal(rs_http_parse(buf, RS_HTTP_HEAD_MAX, &r), RS_HTTP_HEAD_TOO_LARGE);
}

static void test_http_bad(void **state)
{
	static const char *const bad[] = {
		"GET /metrics\r\n\r\n",			/* HTTP/0.9 */
		"GET metrics HTTP/1.1\r\nHost: a\r\n\r\n",	/* not origin-form */
		"GET  /metrics HTTP/1.1\r\n\r\n",		/* two spaces */
		"G(T / HTTP/1.1\r\n\r\n",			/* not a token */
		"GET / HTTP/1.1 \r\n\r\n",
		"GET / HTTX/1.1\r\n\r\n",
		"GET / HTTP/1.x\r\n\r\n",
		"GET / HTTP/1.1\r\nHost a\r\n\r\n",		/* no colon */
		"GET / HTTP/1.1\r\n folded: x\r\n\r\n",	/* obs-fold */
		"GET / HTTP/1.1\r\nX-A: b\x01\r\n\r\n",	/* a control byte */
		"\r\n\r\n",
	};
	struct rs_http_req r;
	char buf[RS_HTTP_HEAD_MAX + 64];
	char nul[] = "GET /\0x HTTP/1.1\r\n\r\n";

	for (size_t i = 0; i < RS_ARRAY_SIZE(bad); i++)
		assert_int_equal(parse(bad[i], &r), RS_HTTP_BAD);
	assert_int_equal(rs_http_parse(nul, sizeof(nul) - 1, &r), RS_HTTP_BAD);
	assert_int_equal(parse("GET / HTTP/2.0\r\n\r\n", &r), RS_HTTP_BAD_VERSION);
	/* a path longer than is kept */
	memset(buf, 'a', sizeof(buf));
	memcpy(buf, "GET /", 5);
	memcpy(buf + 5 + RS_HTTP_TARGET_MAX, " HTTP/1.1\r\n\r\n", 13);
	assert_int_equal(rs_http_parse(buf, 5 + RS_HTTP_TARGET_MAX + 13, &r),
			 RS_HTTP_URI_TOO_LONG);
	/* no end of head within the limit */
	memset(buf, 'a', sizeof(buf));
	assert_int_equal(rs_http_parse(buf, RS_HTTP_HEAD_MAX - 1, &r), RS_HTTP_NEED_MORE);
	assert_int_equal(rs_http_parse(buf, RS_HTTP_HEAD_MAX, &r), RS_HTTP_HEAD_TOO_LARGE);
	assert_string_equal(rs_http_reason(431), "Request Header Fields Too Large");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_grouping),
		cmocka_unit_test(test_openmetrics),
		cmocka_unit_test(test_escaping),
		cmocka_unit_test(test_exporter_tail),
		cmocka_unit_test(test_http_good),
		cmocka_unit_test(test_http_bad),
		cmocka_unit_test(test_http_smuggling),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
