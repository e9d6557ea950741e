/* SPDX-License-Identifier: MIT */
/*
 * test_scale.c - the work of loading a snapshot, checking it and following
 * its counters grows linearly with the number of devices, and a load stays
 * within its memory bound.
 *
 * No clock: the test counts string comparisons.  It is linked with
 * -Wl,--wrap for strcmp, strncmp, strcasecmp and memcmp, so every call the
 * core makes goes through a counter here; a step that compares each
 * device with every other one makes 2N devices cost four times N, a
 * linear one twice.  Each case runs N and 2N devices and wants less than
 * 2.5 times.  Before the name indexes, loading 2,000 devices compared each
 * name with all the earlier ones (3.9 times), the checks asked "is this
 * an RDMA netdev" of every port for every link, address and neighbour (7.9
 * times), and the series searched its sets one by one (4.0 times).
 * The findings of each device and netdev are asked through their chains,
 * as the Devices pane does per port.
 * The memory bound is watched the same way: malloc, calloc, realloc and
 * free are wrapped too, and the peak of what the core holds during a load
 * refused for its size stays under the bound.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diag/check.h"
#include "model/series.h"
#include "model/snap_index.h"
#include "model/snapshot_yaml.h"
#include "snapshot.h"
#include "util.h"

static unsigned long compares;

int __real_strcmp(const char *a, const char *b);
int __real_strncmp(const char *a, const char *b, size_t n);
int __real_strcasecmp(const char *a, const char *b);
int __real_memcmp(const void *a, const void *b, size_t n);
int __wrap_strcmp(const char *a, const char *b);
int __wrap_strncmp(const char *a, const char *b, size_t n);
int __wrap_strcasecmp(const char *a, const char *b);
int __wrap_memcmp(const void *a, const void *b, size_t n);

int __wrap_strcmp(const char *a, const char *b)
{
	compares++;
	return __real_strcmp(a, b);
}

int __wrap_strncmp(const char *a, const char *b, size_t n)
{
	compares++;
	return __real_strncmp(a, b, n);
}

int __wrap_strcasecmp(const char *a, const char *b)
{
	compares++;
	return __real_strcasecmp(a, b);
}

int __wrap_memcmp(const void *a, const void *b, size_t n)
{
	compares++;
	return __real_memcmp(a, b, n);
}

/* What the core holds now and at most (watching is on). */
static size_t held, peak;
static int watching;

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void __real_free(void *p);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
void __wrap_free(void *p);

static void took(void *p)
{
	if (!p || !watching)
		return;
	held += malloc_usable_size(p);
	if (held > peak)
		peak = held;
}

static void gave(void *p)
{
	size_t n = p && watching ? malloc_usable_size(p) : 0;

	held = n > held ? 0 : held - n;
}

void *__wrap_malloc(size_t n)
{
	void *p = __real_malloc(n);

	took(p);
	return p;
}

void *__wrap_calloc(size_t n, size_t size)
{
	void *p = __real_calloc(n, size);

	took(p);
	return p;
}

void *__wrap_realloc(void *p, size_t n)
{
	void *q;

	gave(p);
	q = __real_realloc(p, n);
	took(q ? q : p);
	return q;
}

void __wrap_free(void *p)
{
	gave(p);
	__real_free(p);
}

struct text {
	char *buf;
	size_t len, cap;
};

static void put(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct text *t, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
		va_end(ap);
		if ((size_t)n < t->cap - t->len)
			break;
		t->cap = t->cap * 2 + (size_t)n + 1;
		t->buf = realloc(t->buf, t->cap);
		assert_non_null(t->buf);
	}
	t->len += (size_t)n;
}

/* A port of device i: four GIDs, counters not in name order. */
static void device(struct text *t, int i)
{
	put(t, "- {name: mlx5_%d, ports: [{num: 1, state: 4, state_name: ACTIVE, "
	    "link_layer: Ethernet, netdev: ens%d, gid_tbl_len: 16, gids: [", i, i);
	for (int g = 0; g < 4; g++)
		put(t, "%s{index: %d, gid: \"0000:0000:0000:0000:0000:ffff:0a%02x:%02x%02x\", "
		    "type: %s, netdev: ens%d, ip: \"10.%d.%d.%d\", ipv4: 1}", g ? ", " : "", g,
		    (i / 256) % 256, i % 256, g, g % 2 ? "RoCE v2" : "IB/RoCE v1", i,
		    (i / 256) % 256, i % 256, g);
	put(t, "], counters: {ts_ns: 1, values: {port_xmit_data: %d, port_rcv_data: 1, "
	    "symbol_error: 0}}, hw_counters: {ts_ns: 1, values: {out_of_sequence: 0, "
	    "np_cnp_sent: 0}}}]}\n", i);
}

/* n devices, their netdevs (each its MAC), one address, route and neighbour
 * (with the peer's MAC) each. */
static char *snapshot_text(int n, size_t *len)
{
	struct text t = { NULL, 0, 0 };

	put(&t, "version: 2\ndevices:\n");
	for (int i = 0; i < n; i++)
		device(&t, i);
	put(&t, "links:\n");
	for (int i = 0; i < n; i++)
		put(&t, "- {ifindex: %d, name: ens%d, mac: \"02:00:00:00:%02x:%02x\", mtu: 9000, "
		    "operstate: UP, up: 1, stats: {ts_ns: 1, values: {rx_bytes: %d, "
		    "tx_bytes: 0}}}\n", i + 2, i, (i / 256) % 256, i % 256, i);
	put(&t, "addrs:\n");
	for (int i = 0; i < n; i++)
		put(&t, "- {ifname: ens%d, family: 4, addr: \"10.%d.%d.1\", prefixlen: 24, "
		    "scope: global}\n", i, (i / 256) % 256, i % 256);
	put(&t, "routes:\n");
	for (int i = 0; i < n; i++)
		put(&t, "- {family: 4, dst: \"10.%d.%d.0/24\", dev: ens%d, table: 254}\n",
		    (i / 256) % 256, i % 256, i);
	put(&t, "neighs:\n");
	for (int i = 0; i < n; i++)
		put(&t, "- {dev: ens%d, family: 4, ip: \"10.%d.%d.2\", mac: \"02:00:01:00:%02x:%02x\", "
		    "state: REACHABLE}\n", i, (i / 256) % 256, i % 256, (i / 256) % 256, i % 256);
	*len = t.len;
	return t.buf;
}

static void load(struct rs_snapshot *s, int n, unsigned long *cost)
{
	char err[RS_MSG_LEN];
	size_t len;
	char *text = snapshot_text(n, &len);

	compares = 0;
	assert_int_equal(rs_snapshot_load_yaml(s, text, len, "scale.yaml", err, sizeof(err)), 0);
	if (cost)
		*cost = compares;
	assert_int_equal(s->n_devices, n);
	free(text);
}

static void linear(const char *what, int n, unsigned long at_n, unsigned long at_2n)
{
	print_message("# %s: %lu comparisons for %d devices, %lu for %d (x%.2f)\n", what,
		      at_n, n, at_2n, 2 * n, (double)at_2n / (double)at_n);
	assert_true(at_2n * 2 < at_n * 5);
}

static void test_load_linear(void **state)
{
	struct rs_snapshot s;
	unsigned long a, b;

	(void)state;
	load(&s, 2000, &a);
	rs_snapshot_free(&s);
	load(&s, 4000, &b);
	rs_snapshot_free(&s);
	linear("load", 2000, a, b);
}

static unsigned long check_cost(int n)
{
	struct rs_check_ctx ctx = { 0 };
	struct rs_findings f;
	struct rs_series se;
	struct rs_snapshot s;
	unsigned long cost;

	load(&s, n, NULL);
	rs_series_init(&se, 0);
	rs_series_update(&se, &s);
	rs_series_update(&se, &s);
	rs_findings_init(&f);
	ctx.snap = &s;
	ctx.series = &se;
	ctx.recorded = 1;
	compares = 0;
	rs_checks_run(&ctx, &f);
	cost = compares;
	assert_non_null(rs_findings_port(&f, "gid.no_roce_v2", "mlx5_0", 1));
	rs_findings_free(&f);
	rs_series_free(&se);
	rs_snapshot_free(&s);
	return cost;
}

static void test_checks_linear(void **state)
{
	unsigned long a, b;

	(void)state;
	a = check_cost(300);
	b = check_cost(600);
	linear("checks", 300, a, b);
}

/* The findings of every device and netdev through their chains: the same
 * as a walk, and linear over all of them (the Devices pane asks per port). */
static unsigned long chain_cost(int n)
{
	struct rs_check_ctx ctx = { 0 };
	struct rs_findings f;
	struct rs_snapshot s;
	unsigned long cost;
	size_t seen = 0;

	load(&s, n, NULL);
	rs_findings_init(&f);
	ctx.snap = &s;
	ctx.recorded = 1;
	rs_checks_run(&ctx, &f);
	compares = 0;
	for (size_t i = 0; i < s.n_links; i++) {
		const struct rs_finding *x = NULL;
		size_t walk = 0;

		while ((x = rs_findings_of_netdev(&f, s.links[i].name, x)))
			seen++;
		while ((x = rs_findings_of_device(&f, s.devices[i].name, x)))
			seen++;
		cost = compares;
		for (size_t k = 0; k < f.count; k++)
			walk += !__real_strcmp(f.items[k].netdev, s.links[i].name) +
				!__real_strcmp(f.items[k].device, s.devices[i].name);
		seen -= walk;
		compares = cost;
	}
	assert_int_equal(seen, 0);
	cost = compares;
	rs_findings_free(&f);
	rs_snapshot_free(&s);
	return cost;
}

static void test_finding_chains(void **state)
{
	(void)state;
	linear("finding chains", 300, chain_cost(300), chain_cost(600));
}

/* The first reading (every set new), a second, and each port's sets. */
static unsigned long series_cost(int n)
{
	struct rs_series se;
	struct rs_snapshot s;
	unsigned long cost;

	load(&s, n, NULL);
	rs_series_init(&se, 0);
	compares = 0;
	rs_series_update(&se, &s);
	rs_series_update(&se, &s);
	for (size_t i = 0; i < s.n_devices; i++) {
		assert_non_null(rs_series_port_set(&se, s.devices[i].name, 1, RS_CO_PORT));
		assert_non_null(rs_series_port_set(&se, s.devices[i].name, 1, RS_CO_HW));
		assert_non_null(rs_series_netdev_set(&se, s.links[i].name, RS_CO_NETDEV));
	}
	cost = compares;
	rs_series_free(&se);
	rs_snapshot_free(&s);
	return cost;
}

static void test_series_linear(void **state)
{
	unsigned long a, b;

	(void)state;
	a = series_cost(1000);
	b = series_cost(2000);
	linear("series", 1000, a, b);
}

/* The lookups every check and view makes per port answer as a walk would. */
static void test_index_answers(void **state)
{
	struct rs_snap_index x;
	struct rs_snapshot s;

	(void)state;
	load(&s, 50, NULL);
	rs_snap_index_init(&x);
	rs_snap_index_build(&x, &s);
	for (size_t i = 0; i < s.n_links; i++) {
		const struct rs_device *d;

		assert_ptr_equal(rs_snap_index_link(&x, s.links[i].name), &s.links[i]);
		assert_ptr_equal(rs_snap_index_netdev_port(&x, s.links[i].name, &d),
				 &s.devices[i].ports[0]);
		assert_ptr_equal(d, &s.devices[i]);
		assert_int_equal(rs_snap_index_addr_first(&x, s.links[i].name), i);
		assert_int_equal(rs_snap_index_addr_next(&x, i), SIZE_MAX);
		assert_ptr_equal(rs_snap_index_neigh(&x, "", s.neighs[i].ip), &s.neighs[i]);
		assert_ptr_equal(rs_snap_index_neigh(&x, s.links[i].name, s.neighs[i].ip),
				 &s.neighs[i]);
	}
	assert_null(rs_snap_index_link(&x, "eth9"));
	assert_null(rs_snap_index_netdev_port(&x, "", NULL));
	assert_null(rs_snap_index_neigh(&x, "ens1", s.neighs[0].ip));
	rs_snap_index_free(&x);
	rs_snapshot_free(&s);
}

/* Names and numbers out of order still find their twin, past the first. */
static void test_duplicates_found(void **state)
{
	static const char *const bad[] = {
		"devices: [{name: b}, {name: a}, {name: c}, {name: a}]\n",
		"links: [{name: y}, {name: x}, {name: y}]\n",
		"devices: [{name: d, ports: [{num: 2}, {num: 1}, {num: 3}, {num: 2}]}]\n",
		"devices: [{name: d, ports: [{num: 1, gids: [{index: 5}, {index: 3}, "
		"{index: 9}, {index: 3}]}]}]\n",
		"devices: [{name: d, ports: [{num: 1, counters: {values: {b: 1, a: 2, c: 3, "
		"a: 4}}}]}]\n",
	};
	static const char *const why[] = {
		"a second device named 'a' (devices[1] has it)",
		"a second link named 'y' (links[0] has it)",
		"port 2 given twice in this device",
		"port 1: GID index 3 given twice",
		"duplicate counter 'a' in counters",
	};
	struct rs_snapshot s;
	char err[RS_MSG_LEN];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(rs_snapshot_load_yaml(&s, bad[i], strlen(bad[i]), "d.yaml", err,
						       sizeof(err)), -EINVAL);
		if (!strstr(err, why[i]))
			fail_msg("%s: got '%s'", why[i], err);
	}
	/* Many GIDs from the top down: one port of a full table loads. */
	{
		struct text t = { NULL, 0, 0 };

		put(&t, "devices: [{name: d, ports: [{num: 1, gids: [");
		for (int g = RS_GID_TBL_MAX - 1; g >= 0; g--)
			put(&t, "%s{index: %d}", g == RS_GID_TBL_MAX - 1 ? "" : ", ", g);
		put(&t, "]}]}]\n");
		assert_int_equal(rs_snapshot_load_yaml(&s, t.buf, t.len, "g.yaml", err,
						       sizeof(err)), 0);
		assert_int_equal(s.devices[0].ports[0].n_gids, RS_GID_TBL_MAX);
		rs_snapshot_free(&s);
		free(t.buf);
	}
}

/*
 * The bound counts what the arrays hold: with a bound of 1 MiB, P devices
 * (the most a room of a power of two can hold) load; P + 1 of them fit
 * the bound too, but their array would double to 2P, which does not, so
 * that load is refused.  While it loads, the core never holds much more
 * than the bound.
 */
static void test_budget_counts_room(void **state)
{
	const size_t bound = 1u << 20, size = sizeof(struct rs_device);
	struct text t = { NULL, 0, 0 };
	size_t old = rs_snapshot_load_budget(bound), room = 1;
	struct rs_snapshot s;
	char err[RS_MSG_LEN];

	(void)state;
	while (room * 2 * size <= bound)
		room *= 2;
	assert_true((room + 1) * size <= bound);
	put(&t, "devices:\n");
	for (size_t i = 0; i < room; i++)
		put(&t, "- {name: d%zu}\n", i);
	assert_int_equal(rs_snapshot_load_yaml(&s, t.buf, t.len, "b.yaml", err, sizeof(err)), 0);
	rs_snapshot_free(&s);
	put(&t, "- {name: d%zu}\n", room);
	held = peak = 0;
	watching = 1;
	assert_int_equal(rs_snapshot_load_yaml(&s, t.buf, t.len, "b.yaml", err, sizeof(err)),
			 -EINVAL);
	watching = 0;
	print_message("# %zu devices of %zu bytes load, %zu do not; peak held during the "
		      "refused load: %zu bytes (bound 1 MiB)\n", room, size, room + 1, peak);
	assert_non_null(strstr(err, "too many elements: a snapshot holds at most 1 MiB"));
	assert_true(peak < bound + (64u << 10));
	rs_snapshot_load_budget(old);
	free(t.buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_load_linear),
		cmocka_unit_test(test_checks_linear),
		cmocka_unit_test(test_finding_chains),
		cmocka_unit_test(test_series_linear),
		cmocka_unit_test(test_index_answers),
		cmocka_unit_test(test_duplicates_found),
		cmocka_unit_test(test_budget_counts_room),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
