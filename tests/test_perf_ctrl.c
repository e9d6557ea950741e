/* SPDX-License-Identifier: MIT */
/*
 * test_perf_ctrl.c - the control channel of the tests (src/perf/ctrl.h)
 * and both ends of a test (test.h) on loopback TCP, against peers forked
 * by the test: a perftest client and server replaying the first bytes of
 * HOST-APIS.md §1, ibv_rc_pingpong on both sides, a slow-loris client that
 * trickles a byte at a time, one that goes silent, one that vanishes in
 * the middle of a message, one that announces a huge message, another
 * version, plain garbage, a client asking for more memory than allowed,
 * nobody listening, an address that is not ours, a port in use, Ctrl-C.
 *
 * Every case must end with its own failure code within its timeout; no
 * assertion is about time.  A forked peer has an alarm() so a broken test
 * cannot leave it behind.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "perf/ctrl.h"
#include "perf/test.h"

#define SHORT (2 * RS_NS_PER_S)

/* HOST-APIS.md §1: what ib_write_bw 6.20 sends first, as captured. */
static const uint8_t perftest_client[] =
	"6.20\0\0\0\0\0\0\0\0\0\0\0\0"
	"\x00\x00\x10\x00" "\x00\x00\x00\x40"
	"3\0"
	"0000:0001:00001d:533a2f:00000e1c:00005e135cf9b000:"
	"00:00:00:00:00:00:00:00:00:00:ff:ff:0a:01:10:3e:00000000:";
static const char pingpong_msg[] = "0000:000021:59dfd7:00000000000000000000ffff0a01103e";

static struct rs_loop *loop;
static int lfd = -1;
static unsigned port;

static int setup(void **state)
{
	struct rs_perf_error e;
	struct sockaddr_in sa;
	socklen_t len = sizeof(sa);

	loop = rs_loop_new();
	assert_int_equal(rs_ctrl_watch_signals(loop), 0);
	lfd = rs_ctrl_listen("127.0.0.1", 0, &e);
	assert_true(lfd >= 0);
	assert_int_equal(getsockname(lfd, (struct sockaddr *)&sa, &len), 0);
	port = ntohs(sa.sin_port);
	return 0;
}

static int teardown(void **state)
{
	close(lfd);
	rs_loop_free(loop);
	return 0;
}

static int raw_connect(unsigned p)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons((uint16_t)p) };
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	inet_pton(AF_INET, "127.0.0.1", &sa.sin_addr);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa)))
		_exit(90);
	return fd;
}

static void write_all(int fd, const void *p, size_t n)
{
	if (write(fd, p, n) != (ssize_t)n)
		_exit(91);
}

/* Read until the other side closes; exit 0 then (the peer did not hang). */
static void read_to_eof(int fd)
{
	char buf[256];

	while (read(fd, buf, sizeof(buf)) > 0)
		;
	_exit(0);
}

typedef void (*peer_fn)(void);

static pid_t fork_peer(peer_fn fn)
{
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (!pid) {
		alarm(20);
		fn();
		_exit(0);
	}
	return pid;
}

static int peer_status(pid_t pid)
{
	int st;

	assert_int_equal(waitpid(pid, &st, 0), pid);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static int last_silent;		/* rs_ctrl_silent() of serve_recv's connection */

/* Accept one client from the forked peer and receive one message. */
static int serve_recv(peer_fn fn, struct rs_perf_error *e, int *peer_rc)
{
	struct rs_perf_msg m;
	struct rs_ctrl *c;
	pid_t pid = fork_peer(fn);
	int ret;

	c = rs_ctrl_accept(loop, lfd, SHORT * 5, NULL, 0, e);
	assert_non_null(c);
	ret = rs_ctrl_recv(c, &m, SHORT, e);
	last_silent = rs_ctrl_silent(c);
	rs_ctrl_close(c);	/* the peer sees the end */
	*peer_rc = peer_status(pid);
	return ret;
}

static void perftest_client_peer(void)
{
	int fd = raw_connect(port);

	write_all(fd, perftest_client, sizeof(perftest_client));
	read_to_eof(fd);
}

static void test_perftest_client(void **state)
{
	struct rs_perf_error e;
	int rc;

	assert_int_equal(serve_recv(perftest_client_peer, &e, &rc), -1);
	assert_int_equal(e.code, RS_PF_PEER_PERFTEST);
	assert_non_null(strstr(e.message, "the peer speaks perftest's protocol, not rocescope's"));
	assert_non_null(strstr(e.message, "6.20"));
	assert_int_equal(rc, 0);	/* the perftest client got EOF, no hang */
}

static void pingpong_client_peer(void)
{
	int fd = raw_connect(port);

	write_all(fd, pingpong_msg, sizeof(pingpong_msg));
	read_to_eof(fd);
}

static void test_pingpong_client(void **state)
{
	struct rs_perf_error e;
	int rc;

	assert_int_equal(serve_recv(pingpong_client_peer, &e, &rc), -1);
	assert_int_equal(e.code, RS_PF_PEER_PINGPONG);
	assert_int_equal(rc, 0);
}

static void slow_loris_peer(void)
{
	int fd = raw_connect(port);
	struct rs_perf_msg m = { .type = RS_MSG_READY };
	uint8_t buf[64];
	size_t len;

	/* A valid header, one byte every 300 ms: never a whole message in time. */
	m.type = RS_MSG_SYNC;
	rs_perf_encode(&m, buf, sizeof(buf), &len);
	for (size_t i = 0; i < len; i++) {
		if (write(fd, buf + i, 1) != 1)
			_exit(0);	/* the server hung up: good */
		usleep(300000);
	}
	_exit(0);
}

static void test_slow_loris(void **state)
{
	struct rs_perf_error e;
	int rc;

	assert_int_equal(serve_recv(slow_loris_peer, &e, &rc), -1);
	assert_int_equal(e.code, RS_PF_PEER_TIMEOUT);
	assert_non_null(strstr(e.message, "cut short"));
}

static void silent_peer(void)
{
	int fd = raw_connect(port);

	read_to_eof(fd);
}

static void test_silent(void **state)
{
	struct rs_perf_error e;
	int rc;

	assert_int_equal(serve_recv(silent_peer, &e, &rc), -1);
	assert_int_equal(e.code, RS_PF_PEER_TIMEOUT);
	assert_int_equal(rc, 0);
}

static void vanish_peer(void)
{
	struct rs_perf_msg m = { .type = RS_MSG_WELCOME };
	uint8_t buf[512];
	size_t len;
	int fd = raw_connect(port);

	strcpy(m.u.welcome.hostname, "x");
	rs_perf_encode(&m, buf, sizeof(buf), &len);
	write_all(fd, buf, len / 2);
	_exit(0);	/* gone in the middle of the message */
}

static void test_vanish(void **state)
{
	struct rs_perf_error e;
	int rc;

	assert_int_equal(serve_recv(vanish_peer, &e, &rc), -1);
	assert_int_equal(e.code, RS_PF_PEER_CLOSED);
	assert_non_null(strstr(e.message, "inside a message"));
	assert_false(last_silent);	/* it said something: a client, not a probe */
}

/* A port probe (the wizard's control-port step): connect, close. */
static void probe_peer(void)
{
	close(raw_connect(port));
}

static void test_port_probe(void **state)
{
	struct rs_perf_error e;
	int rc;

	assert_int_equal(serve_recv(probe_peer, &e, &rc), -1);
	assert_int_equal(e.code, RS_PF_PEER_CLOSED);
	assert_true(last_silent);	/* serve does not count it as a test */
}

static void huge_peer(void)
{
	/* Announces 1 GiB, then sends as much as the server takes. */
	static const uint8_t hdr[16] = { 'R', 'S', 'P', 'F', RS_PERF_VERSION, RS_MSG_HELLO, 0, 0, 0x40, 0, 0, 0 };
	static uint8_t junk[65536];
	int fd = raw_connect(port);

	write_all(fd, hdr, sizeof(hdr));
	while (write(fd, junk, sizeof(junk)) > 0)
		;
	_exit(0);
}

static void test_oversized(void **state)
{
	struct rs_perf_error e;
	int rc;

	assert_int_equal(serve_recv(huge_peer, &e, &rc), -1);
	assert_int_equal(e.code, RS_PF_PROTOCOL);
	assert_non_null(strstr(e.message, "the limit is 4096"));
}

static void version_peer(void)
{
	static const uint8_t hdr[16] = { 'R', 'S', 'P', 'F', 9, RS_MSG_HELLO };
	int fd = raw_connect(port);

	write_all(fd, hdr, sizeof(hdr));
	read_to_eof(fd);
}

static void test_version(void **state)
{
	struct rs_perf_error e;
	int rc;

	assert_int_equal(serve_recv(version_peer, &e, &rc), -1);
	assert_int_equal(e.code, RS_PF_PEER_VERSION);
	assert_non_null(strstr(e.message, "version 9"));
}

static void http_peer(void)
{
	int fd = raw_connect(port);

	write_all(fd, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", 27);
	read_to_eof(fd);
}

static void test_garbage(void **state)
{
	struct rs_perf_error e;
	int rc;

	assert_int_equal(serve_recv(http_peer, &e, &rc), -1);
	assert_int_equal(e.code, RS_PF_PEER_FOREIGN);
	assert_non_null(strstr(e.message, "47 45 54 20"));
}

/* --- we are the client; the peer is a fake server on a second listener */

static int peer_lfd;
static unsigned peer_port;

/* The fake server's accept, blocking (the listener is non-blocking). */
static int peer_accept(void)
{
	fcntl(peer_lfd, F_SETFL, fcntl(peer_lfd, F_GETFL) & ~O_NONBLOCK);
	return accept(peer_lfd, NULL, NULL);
}

static void perftest_server_peer(void)
{
	uint8_t buf[16];
	int fd = peer_accept();

	/* perftest: read the client's 16-byte version, send ours, exit. */
	if (fd < 0 || read(fd, buf, 16) != 16)
		_exit(92);
	write_all(fd, "6.20\0\0\0\0\0\0\0\0\0\0\0\0", 16);
	_exit(0);
}

static void pingpong_server_peer(void)
{
	char buf[sizeof(pingpong_msg)];
	int fd = peer_accept();

	if (fd < 0 || read(fd, buf, sizeof(buf)) <= 0)
		_exit(92);
	write_all(fd, pingpong_msg, sizeof(pingpong_msg));
	read_to_eof(fd);
}

static int client_exchange(peer_fn fn, struct rs_perf_error *e)
{
	struct rs_perf_error le;
	struct sockaddr_in sa;
	socklen_t len = sizeof(sa);
	struct rs_perf_msg m = { .type = RS_MSG_HELLO };
	struct rs_ctrl *c;
	pid_t pid;
	int ret;

	peer_lfd = rs_ctrl_listen("127.0.0.1", 0, &le);
	assert_true(peer_lfd >= 0);
	getsockname(peer_lfd, (struct sockaddr *)&sa, &len);
	peer_port = ntohs(sa.sin_port);
	pid = fork_peer(fn);
	c = rs_ctrl_connect(loop, "127.0.0.1", peer_port, SHORT, e);
	assert_non_null(c);
	m.u.hello.params = (struct rs_perf_params){ .test = RS_PERF_BW, .verb = RS_VERB_WRITE,
						    .qps = 1, .size = 2, .iters = 1, .tx_depth = 1 };
	assert_int_equal(rs_ctrl_send(c, &m, SHORT, e), 0);
	ret = rs_ctrl_expect(c, RS_MSG_WELCOME, &m, SHORT, e);
	rs_ctrl_close(c);
	peer_status(pid);
	close(peer_lfd);
	return ret;
}

static void test_perftest_server(void **state)
{
	struct rs_perf_error e;

	assert_int_equal(client_exchange(perftest_server_peer, &e), -1);
	assert_int_equal(e.code, RS_PF_PEER_PERFTEST);
	assert_non_null(strstr(e.message, "perftest version 6.20"));
}

static void test_pingpong_server(void **state)
{
	struct rs_perf_error e;

	assert_int_equal(client_exchange(pingpong_server_peer, &e), -1);
	assert_int_equal(e.code, RS_PF_PEER_PINGPONG);
}

static void test_refused(void **state)
{
	struct rs_perf_error e;
	int fd = rs_ctrl_listen("127.0.0.1", 0, &e);
	struct sockaddr_in sa;
	socklen_t len = sizeof(sa);
	unsigned p;

	getsockname(fd, (struct sockaddr *)&sa, &len);
	p = ntohs(sa.sin_port);
	close(fd);		/* nothing listens there now */
	assert_null(rs_ctrl_connect(loop, "127.0.0.1", p, SHORT, &e));
	assert_int_equal(e.code, RS_PF_CTRL_UNREACHABLE);
	assert_non_null(strstr(e.message, "connection refused"));
}

static void test_listen_errors(void **state)
{
	struct rs_perf_error e;

	assert_int_equal(rs_ctrl_listen("192.0.2.1", 0, &e), -1);	/* TEST-NET-1: not ours */
	assert_int_equal(e.code, RS_PF_BIND);
	assert_non_null(strstr(e.message, "not an address of this host"));
	assert_int_equal(rs_ctrl_listen("127.0.0.1", port, &e), -1);
	assert_non_null(strstr(e.message, "in use"));
	assert_int_equal(rs_ctrl_listen("not-an-address", 0, &e), -1);
}

static void test_no_client(void **state)
{
	struct rs_perf_error e;

	assert_null(rs_ctrl_accept(loop, lfd, RS_NS_PER_S / 5, NULL, 0, &e));
	assert_int_equal(e.code, RS_PF_NO_CLIENT);
}

/* --- both ends of a test: a greedy client is refused before any allocation */

static struct rs_device fake_dev = { .name = "nodev0" };
static struct rs_port fake_port = { .num = 1 };
static const struct rs_perf_pick fake_pick = { .dev = &fake_dev, .port = &fake_port,
					       .gid_index = 1 };

static void greedy_peer(void)
{
	struct rs_perf_msg m = { .type = RS_MSG_HELLO };
	uint8_t buf[RS_PERF_HDR_LEN + RS_PERF_MAX_PAYLOAD];
	size_t len, got = 0;
	int fd = raw_connect(port);

	m.u.hello.params = (struct rs_perf_params){ .test = RS_PERF_BW, .verb = RS_VERB_WRITE,
		.qps = 16, .size = 1u << 30, .iters = 1, .tx_depth = 1 };
	rs_perf_encode(&m, buf, sizeof(buf), &len);
	write_all(fd, buf, len);
	/* Expect an ERROR message with the memory code. */
	while (got < sizeof(buf)) {
		ssize_t n = read(fd, buf + got, sizeof(buf) - got);

		if (n <= 0)
			break;
		got += (size_t)n;
	}
	_exit(rs_perf_decode(buf, got, &m) == 0 && m.type == RS_MSG_ERROR &&
	      m.u.error.code == RS_PF_MR ? 0 : 93);
}

static void test_greedy_client(void **state)
{
	struct rs_perf_cfg cfg = { .timeout_ns = SHORT, .stall_ns = SHORT,
				   .interval_ns = RS_NS_PER_S, .max_mr_bytes = 64 << 20 };
	struct rs_perf_view v = { .version = "t" };
	struct rs_perf_report rep = { 0 };
	struct rs_perf_error e;
	pid_t pid = fork_peer(greedy_peer);
	struct rs_ctrl *c = rs_ctrl_accept(loop, lfd, SHORT * 5, NULL, 0, &e);

	assert_non_null(c);
	assert_int_equal(rs_perf_serve_one(c, &cfg, &fake_pick, &v, &rep, &e), -1);
	rs_ctrl_close(c);
	assert_int_equal(e.code, RS_PF_MR);
	assert_non_null(strstr(e.message, "allows 65536 KiB"));
	assert_int_equal(peer_status(pid), 0);	/* it was told why */
}

/* A whole client against a whole server, on a host without RDMA: the views
 * cross, then both fail to open the device and say so. */
static struct rs_perf_view seen_remote;

static void on_views(void *arg, const struct rs_perf_view *l, const struct rs_perf_view *r,
		     const struct rs_perf_diff *d, int nd)
{
	seen_remote = *r;
}

static void server_peer(void)
{
	struct rs_perf_cfg cfg = { .timeout_ns = SHORT, .stall_ns = SHORT,
				   .interval_ns = RS_NS_PER_S, .max_mr_bytes = 64 << 20 };
	struct rs_perf_view v = { .version = "t", .hostname = "server-view", .gid_index = 1 };
	struct rs_perf_report rep = { 0 };
	struct rs_perf_error e;
	struct rs_loop *l = rs_loop_new();
	struct rs_ctrl *c = rs_ctrl_accept(l, lfd, SHORT * 5, NULL, 0, &e);

	if (!c)
		_exit(94);
	rs_perf_serve_one(c, &cfg, &fake_pick, &v, &rep, &e);
	_exit(e.code == RS_PF_NO_DEVICE ? 0 : 95);
}

static void test_client_server(void **state)
{
	struct rs_perf_cfg cfg = {
		.peer = "127.0.0.1", .tcp_port = port, .timeout_ns = SHORT, .stall_ns = SHORT,
		.interval_ns = RS_NS_PER_S,
		.params = { .test = RS_PERF_LAT, .verb = RS_VERB_WRITE, .qps = 1, .size = 2,
			    .iters = 10, .tx_depth = 2 },
	};
	struct rs_perf_view v = { .version = "t", .hostname = "client-view", .gid_index = 1 };
	struct rs_perf_report rep = { .views = on_views };
	struct rs_perf_error e;
	pid_t pid = fork_peer(server_peer);

	assert_int_equal(rs_perf_client(&cfg, &fake_pick, &v, &rep, &e), -1);
	assert_string_equal(seen_remote.hostname, "server-view");
	assert_true(e.code == RS_PF_NO_DEVICE || e.code == RS_PF_PEER_FAILED);
	assert_int_equal(peer_status(pid), 0);
}

/* Last: the interrupted flag stays set for the process. */
static void test_interrupt(void **state)
{
	struct rs_perf_error e;

	kill(getpid(), SIGINT);	/* blocked: read through the loop's signalfd */
	assert_null(rs_ctrl_accept(loop, lfd, SHORT * 5, NULL, 0, &e));
	assert_int_equal(e.code, RS_PF_INTERRUPTED);
	assert_true(rs_ctrl_interrupted());
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_perftest_client),
		cmocka_unit_test(test_pingpong_client),
		cmocka_unit_test(test_slow_loris),
		cmocka_unit_test(test_silent),
		cmocka_unit_test(test_vanish),
		cmocka_unit_test(test_port_probe),
		cmocka_unit_test(test_oversized),
		cmocka_unit_test(test_version),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_perftest_server),
		cmocka_unit_test(test_pingpong_server),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_listen_errors),
		cmocka_unit_test(test_no_client),
		cmocka_unit_test(test_greedy_client),
		cmocka_unit_test(test_client_server),
		cmocka_unit_test(test_interrupt),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, setup, teardown);
}
