/* SPDX-License-Identifier: MIT */
/*
 * test_console_counters.c - the console's counter tracking without a
 * terminal: grouping order, 4-byte word scaling, rates from the readings'
 * own timestamps, a 32-bit wrap, the baseline reset, an absent counter,
 * the registry of extra descriptors, and the RoCE MTU of a netdev MTU.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <string.h>

#include "snapshot.h"
#include "ui/ui.h"
#include "util.h"

#define SEC 1000000000ULL

static struct ui ui;

static struct rs_port *make_host(void)
{
	struct rs_device *d;
	struct rs_port *p;
	struct rs_link *l;

	memset(&ui, 0, sizeof(ui));
	rs_snapshot_init(&ui.snap);
	d = RS_APPEND(ui.snap.devices, ui.snap.n_devices);
	RS_STRCPY(d->name, "mlx5_0");
	d->present = 1;
	p = RS_APPEND(d->ports, d->n_ports);
	p->num = 1;
	RS_STRCPY(p->netdev, "eth0");
	rs_counter_set_add(&p->counters, "symbol_error", 0);
	rs_counter_set_add(&p->counters, "port_xmit_data", 1000);
	rs_counter_set_add(&p->hw_counters, "out_of_sequence", 4294967290ULL);
	p->counters.ts_ns = p->hw_counters.ts_ns = 10 * SEC;
	l = RS_APPEND(ui.snap.links, ui.snap.n_links);
	RS_STRCPY(l->name, "eth0");
	rs_counter_set_add(&l->ethtool, "rx0_packets", 5);
	rs_counter_set_add(&l->ethtool, "rx_pause_ctrl_phy", 7);
	l->ethtool.ts_ns = 10 * SEC;
	return p;
}

static const struct ui_ctr *find(const char *name)
{
	for (size_t i = 0; i < ui.n_ctrs; i++)
		if (!strcmp(ui.ctrs[i].name, name))
			return &ui.ctrs[i];
	return NULL;
}

static void advance(struct rs_port *p, uint64_t ns)
{
	p->counters.ts_ns += ns;
	p->hw_counters.ts_ns += ns;
	ui.snap.links[0].ethtool.ts_ns += ns;
}

static void test_grouping(void **state)
{
	size_t first, end;

	make_host();
	ui_ctrs_build(&ui);
	/* traffic, then RoCE errors, then pause, then drops; rx0_packets hidden */
	assert_int_equal(ui.n_ctrs, 4);
	assert_string_equal(ui.ctrs[0].name, "port_xmit_data");
	assert_string_equal(ui.ctrs[1].name, "out_of_sequence");
	assert_string_equal(ui.ctrs[2].name, "rx_pause_ctrl_phy");
	assert_string_equal(ui.ctrs[3].name, "symbol_error");
	assert_null(find("rx0_packets"));
	ui_ctrs_of_port(&ui, 0, 0, &first, &end);
	assert_int_equal(first, 0);
	assert_int_equal(end, 4);
	ui_ctrs_of_port(&ui, 0, 1, &first, &end);
	assert_int_equal(first, end);
	ui_ctrs_free(&ui);
	rs_snapshot_free(&ui.snap);
}

static void test_rates_wrap_reset(void **state)
{
	struct rs_port *p = make_host();
	const struct ui_ctr *xmit, *oos, *pause;

	ui_ctrs_build(&ui);
	ui_ctrs_update(&ui);	/* first reading: no rate yet */
	xmit = find("port_xmit_data");
	oos = find("out_of_sequence");
	pause = find("rx_pause_ctrl_phy");
	assert_true(xmit->rate == 0);

	/* two seconds later: +500 words = 2000 bytes, 1000 B/s */
	p->counters.items[1].value += 500;
	/* the 32-bit hw counter wraps: 4294967290 -> 4, i.e. +10 */
	p->hw_counters.items[0].value = 4;
	ui.snap.links[0].ethtool.items[1].value += 20;
	advance(p, 2 * SEC);
	ui_ctrs_update(&ui);
	assert_true(xmit->rate > 999.9 && xmit->rate < 1000.1);
	assert_int_equal(xmit->total, 2000);
	assert_int_equal(oos->total, 10);
	assert_true(oos->rate > 4.99 && oos->rate < 5.01);
	assert_int_equal(pause->total, 20);
	assert_int_equal(ui.hist_len, 2);

	/* same timestamp, same values (kernel cache): no change, rate 0 */
	ui_ctrs_update(&ui);
	assert_true(xmit->rate == 0);
	assert_int_equal(xmit->total, 2000);

	/* the baseline reset clears totals and history, not the last reading */
	ui_ctrs_reset(&ui);
	assert_int_equal(xmit->total, 0);
	assert_int_equal(ui.hist_len, 0);
	p->counters.items[1].value += 1;
	advance(p, SEC);
	ui_ctrs_update(&ui);
	assert_int_equal(xmit->total, 4);

	/* the netdev vanished: its counter reads as absent, rate 0, total kept */
	ui.snap.links[0].ethtool.count = 0;
	advance(p, SEC);
	ui_ctrs_update(&ui);
	assert_true(pause->rate == 0);
	ui.snap.links[0].ethtool.count = 2;
	ui_ctrs_free(&ui);
	rs_snapshot_free(&ui.snap);
}

static int fd_cb(struct ui *u, int fd, short revents, void *arg)
{
	return UI_F_REDRAW;
}

/* The registration API for extra descriptors (capture, jobs). */
static void test_fd_registry(void **state)
{
	memset(&ui, 0, sizeof(ui));
	for (int i = 0; i < UI_MAX_FDS; i++)
		assert_int_equal(ui_fd_add(&ui, 100 + i, POLLIN, fd_cb, NULL), 0);
	assert_int_equal(ui_fd_add(&ui, 999, POLLIN, fd_cb, NULL), -ENOSPC);
	ui_fd_del(&ui, 100);
	assert_int_equal(ui.n_fds, UI_MAX_FDS - 1);
	for (int i = 0; i < ui.n_fds; i++)
		assert_int_not_equal(ui.fds[i].fd, 100);
	ui_fd_del(&ui, 12345);	/* unknown: no change */
	assert_int_equal(ui.n_fds, UI_MAX_FDS - 1);
	assert_int_equal(ui_fd_add(&ui, 999, POLLIN, fd_cb, NULL), 0);
	assert_int_equal(ui.fds[ui.n_fds - 1].cb(&ui, 999, POLLIN, NULL), UI_F_REDRAW);
}

static void test_roce_mtu(void **state)
{
	assert_int_equal(ui_roce_mtu(1500), 1024);
	assert_int_equal(ui_roce_mtu(4200), 4096);
	assert_int_equal(ui_roce_mtu(4191), 2048);
	assert_int_equal(ui_roce_mtu(9000), 4096);
	assert_int_equal(ui_roce_mtu(352), 256);
	assert_int_equal(ui_roce_mtu(300), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grouping),
		cmocka_unit_test(test_rates_wrap_reset),
		cmocka_unit_test(test_fd_registry),
		cmocka_unit_test(test_roce_mtu),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
