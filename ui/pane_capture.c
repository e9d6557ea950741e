/* SPDX-License-Identifier: MIT */
/*
 * pane_capture.c - the Capture pane: what is on the wire, live.  The two
 * answers on top (is this really RoCE v2; is the wire healthy), the flows
 * (source, destination, destination QP, packets, rate, PSN gaps, NAKs,
 * CNP/ECN), the opcode mix, and the newest packets as the CLI prints them
 * (rs_pkt_format), with filters by QP, IP and opcode over the ring.
 *
 * The capture itself is the session's (rs_session_capture_*): this file
 * picks the source, asks before the mlx5 sniffer, and draws.  The source
 * on first view: the demo's bundled capture replayed in a loop (--demo),
 * the netdev of the selected RDMA port or of the route to the peer (live);
 * a recorded host (--load, --root) has no wire, so the pane says so and
 * offers reading a file (i).  Drawing is in pane_capture_draw.c.
 */
#include "capture/capture.h"
#include "capture/format.h"
#include "session/capture_job.h"
#include "ui/curses.h"
#include "ui/pane_capture.h"
#include "util.h"

#include <arpa/inet.h>
#include <stdarg.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct ui_capture *ui_cap(struct ui *ui)
{
	if (!ui->capture)
		ui->capture = rs_xcalloc(1, sizeof(*ui->capture));
	return ui->capture;
}

/* A message in the pane (whole, wrapped) and in the status bar (cut). */
RS_PRINTF(2, 3)
static void say(struct ui *ui, const char *fmt, ...)
{
	struct ui_capture *uc = ui_cap(ui);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(uc->say, sizeof(uc->say), fmt, ap);
	va_end(ap);
	uc->say_start = 0;
	ui_message(ui, "%s", uc->say);
}

void ui_capture_settle(struct ui *ui)
{
	struct ui_capture *uc = ui_cap(ui);
	const struct rs_capture *c = rs_session_capture(&ui->sess);

	if (!uc->say_start || !c || !rs_capture_status(c)[0])
		return;
	say(ui, "%s: %s", rs_capture_label(c), rs_capture_status(c));
	uc->say[0] = '\0';	/* the pane shows the end in its counts */
}

/* The netdev the user is on: the selected RDMA port's, else the route's. */
const char *ui_capture_default_netdev(struct ui *ui)
{
	const struct rs_port *p = ui_port(ui, ui->sel_dev, ui->sel_port);

	if (p && p->netdev[0])
		return p->netdev;
	if (ui->sess.snap.peer.ok && ui->sess.snap.peer.dev[0])
		return ui->sess.snap.peer.dev;
	return NULL;
}

static void start(struct ui *ui, enum rs_cap_kind kind, const char *name)
{
	struct rs_capture_spec spec = { .kind = kind, .name = name };
	char err[RS_MSG_LEN];
	struct ui_capture *uc = ui_cap(ui);

	uc->back = 0;
	if (rs_session_capture_start(&ui->sess, &spec, err, sizeof(err)) == 0) {
		say(ui, _("capturing: %s"), rs_capture_label(rs_session_capture(&ui->sess)));
		uc->say_start = 1;
		ui_capture_settle(ui);	/* a short file may be read already */
	}
}

/* What starts without asking: the demo's replay, or the user's netdev. */
static void start_default(struct ui *ui)
{
	char err[RS_MSG_LEN];
	const char *dev;

	if (rs_session_is_demo(&ui->sess)) {
		ui_cap(ui)->back = 0;
		rs_session_capture_demo(&ui->sess, err, sizeof(err));
		return;
	}
	if (!rs_session_can_capture(&ui->sess))
		return;		/* a recorded host: the pane offers a file */
	dev = ui_capture_default_netdev(ui);
	if (dev)
		start(ui, RS_CAP_NETDEV, dev);
}

void ui_capture_autostart(struct ui *ui)
{
	struct ui_capture *uc = ui_cap(ui);

	if (uc->started_once || !ui->loop)
		return;
	uc->started_once = 1;
	start_default(ui);
}

static int is_rdma_dev(const struct ui *ui, const char *name)
{
	size_t n = strcspn(name, ":");

	for (size_t d = 0; d < ui->sess.snap.n_devices; d++)
		if (strlen(ui->sess.snap.devices[d].name) == n &&
		    !strncmp(ui->sess.snap.devices[d].name, name, n))
			return 1;
	return 0;
}

/* "-i veth0", "-d mlx5_0", "-r x.pcap", or a bare name: an RDMA device
 * the snapshot knows, a netdev it knows, else a file. */
static void source_done(struct ui *ui, const char *text)
{
	struct ui_capture *uc = ui_cap(ui);
	enum rs_cap_kind kind;
	const char *name;

	while (isspace((unsigned char)*text))
		text++;
	if (!text[0])
		return;
	kind = !strncmp(text, "-i ", 3) ? RS_CAP_NETDEV : !strncmp(text, "-d ", 3) ? RS_CAP_RDMA :
	       !strncmp(text, "-r ", 3) ? RS_CAP_FILE : 0;
	name = kind ? text + 3 : text;
	while (isspace((unsigned char)*name))
		name++;
	if (!kind)
		kind = is_rdma_dev(ui, name) ? RS_CAP_RDMA : rs_snapshot_link(&ui->sess.snap, name) ?
		       RS_CAP_NETDEV : RS_CAP_FILE;
	if (kind == RS_CAP_NETDEV && !rs_session_can_capture(&ui->sess)) {
		say(ui, _("live capture needs the live host (source: %s)"), ui->sess.label);
		return;
	}
	if (kind == RS_CAP_RDMA) {
		/* The sniffer can slow RDMA traffic: ask first (y starts it). */
		RS_STRCPY(uc->confirm, name);
		return;
	}
	start(ui, kind, name);
}

static int k_source(struct ui *ui, struct ui_pane *p, int key)
{
	const char *dev = rs_session_can_capture(&ui->sess) ? ui_capture_default_netdev(ui) : NULL;
	char initial[RS_NAME_LEN + 4] = "-r ";

	if (dev)
		snprintf(initial, sizeof(initial), "-i %s", dev);
	ui_input_ask(ui, _("Capture -i NETDEV | -d RDMA_DEV | -r FILE"), initial, source_done);
	return UI_F_REDRAW;
}

static int k_start_stop(struct ui *ui, struct ui_pane *p, int key)
{
	if (rs_session_capture(&ui->sess)) {
		rs_session_capture_stop(&ui->sess);
		say(ui, _("capture stopped (s starts it again)"));
		return UI_F_REDRAW;
	}
	if (!rs_session_can_capture(&ui->sess) && !rs_session_is_demo(&ui->sess))
		return k_source(ui, p, key);
	start_default(ui);
	if (!rs_session_capture(&ui->sess) && !rs_session_capture_error(&ui->sess)[0])
		return k_source(ui, p, key);	/* no RDMA port: ask where */
	return UI_F_REDRAW;
}

static int k_pause(struct ui *ui, struct ui_pane *p, int key)
{
	int paused = !rs_session_capture_paused(&ui->sess);

	if (!rs_session_capture(&ui->sess)) {
		say(ui, _("no capture running (s starts one)"));
		return UI_F_REDRAW;
	}
	rs_session_capture_pause(&ui->sess, paused);
	say(ui, "%s", paused ? _("capture paused (Space resumes)") : _("capture resumed"));
	return UI_F_REDRAW;
}

static void write_done(struct ui *ui, const char *path)
{
	char err[RS_MSG_LEN];

	if (!path[0])
		return;
	if (rs_session_capture_write(&ui->sess, path, err, sizeof(err)))
		say(ui, "%s", err);
	else
		say(ui, _("writing the capture to %s (w stops)"), path);
	RS_STRCPY(ui_cap(ui)->write_path, path);
}

static int k_write(struct ui *ui, struct ui_pane *p, int key)
{
	const struct rs_capture *c = rs_session_capture(&ui->sess);
	struct rs_capture_stats st;
	char err[RS_MSG_LEN];

	if (!c) {
		say(ui, _("no capture running (s starts one)"));
		return UI_F_REDRAW;
	}
	rs_capture_stats(c, &st);
	if (st.written_files && !st.write_failed) {
		rs_session_capture_write(&ui->sess, NULL, err, sizeof(err));
		say(ui, _("stopped writing %s"), ui_cap(ui)->write_path);
		ui_cap(ui)->write_path[0] = '\0';
		return UI_F_REDRAW;
	}
	ui_input_ask(ui, _("Write to pcap file"), "rocescope-capture.pcap", write_done);
	return UI_F_REDRAW;
}

/* "qp 0x3b ip 10.1.16.61 op write": each part narrows; empty clears. */
static int parse_filter(struct ui_cap_filter *f, const char *text, char *err, size_t errlen)
{
	char buf[256], *save = NULL, *w;

	memset(f, 0, sizeof(*f));
	RS_STRCPY(buf, text);
	for (w = strtok_r(buf, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		char *v = strtok_r(NULL, " \t", &save), *end;
		unsigned char a[16];

		if (!v) {
			snprintf(err, errlen, _("filter: '%s' needs a value (qp N, ip ADDR, op NAME)"), w);
			return -1;
		}
		if (!strcasecmp(w, "qp")) {
			unsigned long q = strtoul(v, &end, 0);

			if (*end || q > 0xffffff)
				goto bad;
			f->qp = (uint32_t)q;
			f->has_qp = 1;
		} else if (!strcasecmp(w, "ip")) {
			memset(f->ip, 0, sizeof(f->ip));
			if (inet_pton(AF_INET, v, a) == 1) {
				f->ip[10] = f->ip[11] = 0xff;
				memcpy(f->ip + 12, a, 4);
			} else if (inet_pton(AF_INET6, v, a) == 1) {
				memcpy(f->ip, a, 16);
			} else {
				goto bad;
			}
			f->has_ip = 1;
		} else if (!strcasecmp(w, "op")) {
			RS_STRCPY(f->op, v);
		} else {
			snprintf(err, errlen, _("filter: qp N, ip ADDR or op NAME|0xNN, not '%s'"), w);
			return -1;
		}
		continue;
bad:
		snprintf(err, errlen, _("filter: '%s' is not a valid %s"), v, w);
		return -1;
	}
	RS_STRCPY(f->text, text);
	return 0;
}

static void filter_done(struct ui *ui, const char *text)
{
	struct ui_capture *uc = ui_cap(ui);
	struct ui_cap_filter f;
	char err[RS_MSG_LEN];

	if (parse_filter(&f, text, err, sizeof(err))) {
		say(ui, "%s", err);
		return;
	}
	uc->filter = f;
	uc->back = 0;
	if (f.text[0])
		say(ui, _("filter: %s"), f.text);
	else
		say(ui, "%s", _("filter cleared"));
}

static int k_filter(struct ui *ui, struct ui_pane *p, int key)
{
	ui_input_ask(ui, _("Filter (qp N, ip ADDR, op NAME|0xNN)"), ui_cap(ui)->filter.text,
		     filter_done);
	return UI_F_REDRAW;
}

/* The packet list scrolls back through the ring; End follows the newest. */
static int k_scroll(struct ui *ui, struct ui_pane *p, int key)
{
	struct ui_capture *uc = ui_cap(ui);
	int page = uc->list_rows > 1 ? uc->list_rows - 1 : 1;

	switch (key) {
	case KEY_UP: uc->back++; break;
	case KEY_DOWN: uc->back--; break;
	case KEY_PPAGE: uc->back += page; break;
	case KEY_NPAGE: uc->back -= page; break;
	case KEY_HOME: uc->back = 1 << 30; break;
	case KEY_END: uc->back = 0; break;
	}
	if (uc->back < 0)
		uc->back = 0;
	return UI_F_REDRAW;
}

/* Packet lines are longer than 80 columns: Right shows their end. */
static int k_hscroll(struct ui *ui, struct ui_pane *p, int key)
{
	struct ui_capture *uc = ui_cap(ui);

	uc->hscroll += key == KEY_RIGHT ? 20 : -20;
	if (uc->hscroll < 0)
		uc->hscroll = 0;
	if (uc->hscroll > RS_PKT_LINE - 20)
		uc->hscroll = RS_PKT_LINE - 20;
	return UI_F_REDRAW;
}

static const struct ui_key capture_keys[] = {
	{ 's', 0, "s", N_("start / stop the capture (the selected port's netdev; demo: the replay)"),
	  k_start_stop },
	{ 'i', 0, "i", N_("capture from: -i NETDEV, -d RDMA_DEV (the sniffer, asks first), -r FILE"),
	  k_source },
	{ ' ', 0, "Space", N_("pause / resume the capture"), k_pause },
	{ 'w', 0, "w", N_("start / stop writing the capture to a pcap file"), k_write },
	{ '/', 0, "/", N_("filter the packets and flows: qp N, ip ADDR, op NAME|0xNN"), k_filter },
	{ KEY_UP, 0, NULL, NULL, k_scroll },
	{ KEY_DOWN, 0, NULL, NULL, k_scroll },
	{ KEY_PPAGE, 0, NULL, NULL, k_scroll },
	{ KEY_NPAGE, 0, NULL, NULL, k_scroll },
	{ KEY_HOME, 0, NULL, NULL, k_scroll },
	{ KEY_END, 0, "End", N_("packet list: back to the newest (Up, PgUp scroll back)"), k_scroll },
	{ KEY_RIGHT, 0, "Right", N_("packet list: show the lines from 20 columns further"), k_hscroll },
	{ KEY_LEFT, 0, "Left", N_("packet list: back 20 columns"), k_hscroll },
	{ 0 },
};

/* While the sniffer question is on screen: y starts it, any key cancels. */
static int capture_key(struct ui *ui, struct ui_pane *p, int key)
{
	struct ui_capture *uc = ui_cap(ui);

	uc->say[0] = '\0';
	if (uc->confirm[0]) {
		char dev[RS_NAME_LEN];

		RS_STRCPY(dev, uc->confirm);
		uc->confirm[0] = '\0';
		if (key == 'y' || key == 'Y')
			start(ui, RS_CAP_RDMA, dev);
		else
			say(ui, _("the sniffer was not started"));
		return UI_F_REDRAW;
	}
	return ui_keys_dispatch(capture_keys, ui, p, key);
}

static void capture_tick(struct ui *ui, struct ui_pane *p)
{
	if (ui->capture)
		ui_capture_settle(ui);
	p->problems += rs_findings_problems(&ui->sess.findings, "capture.roce_v2") +
		       rs_findings_problems(&ui->sess.findings, "capture.wire_health");
}

static void capture_close(struct ui *ui, struct ui_pane *p)
{
	free(ui->capture);
	ui->capture = NULL;
}

const struct ui_pane_class ui_pane_capture = {
	.id = RS_PANE_CAPTURE,
	.about = N_("the wire: RoCE v2 or not, its health, flows per QP, opcodes, packets"),
	.draw = ui_capture_draw,
	.key = capture_key,
	.tick = capture_tick,
	.close = capture_close,
	.keys = capture_keys,
};
