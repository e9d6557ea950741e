/* SPDX-License-Identifier: MIT */
/*
 * probe_cli.c - the probes from the command line, for the namespace and lab
 * tests and for people: run one probe and print its result, one field per
 * line ("key value", rs_probe_result_write() of probe_text.h), so tests
 * assert on what really ran.  Not installed (a check_PROGRAM); rocescope itself runs the
 * probes through its trees and the Wizard pane.
 *
 *   probe_cli [--if IFNAME] [--port N] [--count N] [--timeout MS] [--fork]
 *             KIND PEER
 *   probe_cli --fake KIND SCENARIO      a canned result (tests/probe_fake.c)
 *   probe_cli --fakes                   every canned result, "KIND SCENARIO"
 *   probe_cli --listen PORT [--timeout MS]
 *       a TCP server for the tests: listens on PORT of every address (IPv4
 *       and IPv6), prints "listening PORT", accepts and closes connections
 *       until MS pass (default 60000) or a signal ends it.
 *
 * KIND: ping, pmtu, neigh, tcp, rdma_cm.  --fork runs the probe in a child
 * of the event loop (rs_child_spawn), as the session does, and prints what
 * the parent parsed back from the child's lines (the session's child
 * writes the struct itself: src/session/probes.c).
 * Exit: 0 the probe ran (ok 1), 1 it could not run (ok 0), 2 usage.
 */
#include "probe/probe.h"
#include "probe_fake.h"
#include "probe_text.h"
#include "runtime/loop.h"
#include "util.h"

#include <errno.h>
#include <getopt.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

struct forked {
	const struct rs_probe_req *req;
	char *out;
	size_t len;
	char status[64];
};

static int usage(void)
{
	fprintf(stderr, "usage: probe_cli [--if IFNAME] [--port N] [--count N] [--timeout MS] "
		"[--fork] ping|pmtu|neigh|tcp|rdma_cm PEER\n"
		"       probe_cli --fake KIND SCENARIO | --fakes | --listen PORT [--timeout MS]\n");
	return 2;
}

static int child_fn(void *arg)
{
	struct rs_probe_result res;
	const struct rs_probe_req *req = arg;

	rs_probe_run(req, &res);
	return rs_probe_result_write(&res, stdout) ? 3 : 0;
}

static void on_output(struct rs_child *c, int stream, const char *buf, size_t len, void *arg)
{
	struct forked *f = arg;

	if (stream == 2) {
		fwrite(buf, 1, len, stderr);
		return;
	}
	if (f->len + len > 64 * 1024)	/* a result is a few hundred bytes */
		return;
	f->out = rs_xrealloc(f->out, f->len + len + 1);
	memcpy(f->out + f->len, buf, len);
	f->len += len;
	f->out[f->len] = '\0';
}

static void on_exit_fn(struct rs_child *c, const struct rs_child_status *st, void *arg)
{
	struct forked *f = arg;

	rs_child_status_text(st, f->status, sizeof(f->status));
}

static int run_forked(const struct rs_probe_req *req, struct rs_probe_result *res)
{
	struct forked f = { .req = req };
	struct rs_child_spec spec = {
		.fn = child_fn, .fn_arg = (void *)req, .stdin_fd = -1,
		/* the probe bounds itself; this only catches a bug */
		.timeout_ns = ((uint64_t)rs_probe_default_timeout_ms(req->kind, req->count) +
			       req->timeout_ms + 5000) * RS_NS_PER_MS,
		.on_output = on_output, .on_exit = on_exit_fn, .arg = &f,
	};
	struct rs_loop *l = rs_loop_new();
	char why[256];
	int err = 0;

	if (!rs_child_spawn(l, &spec, why, sizeof(why))) {
		fprintf(stderr, "probe_cli: %s\n", why);
		err = -1;
	}
	while (!err && !f.status[0] && rs_loop_run_once(l, -1) == 0)
		;
	rs_loop_free(l);
	if (!err && (strcmp(f.status, "exit 0") || !f.out ||
		     rs_probe_result_parse(res, f.out, why, sizeof(why)))) {
		fprintf(stderr, "probe_cli: child %s: %s\n", f.status,
			f.out ? why : "no output");
		err = -1;
	}
	free(f.out);
	return err;
}

/* The test's TCP server, bounded by its timeout. */
static int listen_on(unsigned port, unsigned timeout_ms)
{
	struct sockaddr_in6 sin6 = { .sin6_family = AF_INET6, .sin6_port = htons(port),
				     .sin6_addr = IN6ADDR_ANY_INIT };
	uint64_t deadline = rs_now_ns() + (uint64_t)(timeout_ms ? timeout_ms : 60000) * 1000000;
	int fd = socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0), off = 0, on = 1;

	if (fd < 0 || setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &off, sizeof(off)) ||
	    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on)) ||
	    bind(fd, (struct sockaddr *)&sin6, sizeof(sin6)) || listen(fd, 16)) {
		fprintf(stderr, "probe_cli: listen on %u: %s\n", port, strerror(errno));
		return 1;
	}
	printf("listening %u\n", port);
	fflush(stdout);
	while (rs_now_ns() < deadline) {
		struct pollfd p = { .fd = fd, .events = POLLIN };

		if (poll(&p, 1, 100) < 0 && errno != EINTR)
			break;
		if (p.revents & POLLIN) {
			int s = accept(fd, NULL, NULL);

			if (s >= 0)
				close(s);
		}
	}
	close(fd);
	return 0;
}

static void list_fakes(void)
{
	for (unsigned k = 0; k < RS_PROBE_KINDS; k++)
		for (const char *const *n = rs_probe_fake_scenarios(k); *n; n++)
			printf("%s %s\n", rs_probe_kind_name(k), *n);
}

static int parse_uint(const char *s, unsigned *v)
{
	char *end;
	unsigned long x = strtoul(s, &end, 10);

	if (!*s || *end || x > 4000000000UL)
		return -1;
	*v = (unsigned)x;
	return 0;
}

/* Options into req and the flags; 0, or -1 on a usage error. */
static int parse_opts(int argc, char **argv, struct rs_probe_req *req, int *fork_it,
		      const char **fake, unsigned *listen_port)
{
	static const struct option opts[] = {
		{ "if", required_argument, NULL, 'i' }, { "port", required_argument, NULL, 'p' },
		{ "count", required_argument, NULL, 'c' },
		{ "timeout", required_argument, NULL, 't' },
		{ "fork", no_argument, NULL, 'f' }, { "fake", no_argument, NULL, 'F' },
		{ "fakes", no_argument, NULL, 'L' },
		{ "listen", required_argument, NULL, 'l' }, { NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		int bad = 0;

		switch (c) {
		case 'i':
			bad = rs_strlcpy(req->ifname, optarg, sizeof(req->ifname)) >=
			      sizeof(req->ifname);
			break;
		case 'p': bad = parse_uint(optarg, &req->port); break;
		case 'c': bad = parse_uint(optarg, &req->count); break;
		case 't': bad = parse_uint(optarg, &req->timeout_ms); break;
		case 'f': *fork_it = 1; break;
		case 'F': *fake = "yes"; break;
		case 'L': list_fakes(); exit(0);
		case 'l': bad = parse_uint(optarg, listen_port) || !*listen_port; break;
		default: return -1;
		}
		if (bad)
			return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct rs_probe_req req = { 0 };
	struct rs_probe_result res;
	const char *fake = NULL;
	unsigned listen_port = 0;
	int fork_it = 0;

	if (parse_opts(argc, argv, &req, &fork_it, &fake, &listen_port))
		return usage();
	if (listen_port)
		return argc == optind ? listen_on(listen_port, req.timeout_ms) : usage();
	if (argc - optind != 2 ||
	    rs_probe_kind_parse(argv[optind], &req.kind))
		return usage();
	if (fake) {
		if (rs_probe_fake(req.kind, argv[optind + 1], &res)) {
			fprintf(stderr, "probe_cli: no fake '%s' for %s (--fakes lists them)\n",
				argv[optind + 1], argv[optind]);
			return 2;
		}
	} else {
		if (rs_strlcpy(req.peer, argv[optind + 1], sizeof(req.peer)) >= sizeof(req.peer))
			return usage();
		if (fork_it ? run_forked(&req, &res) : (rs_probe_run(&req, &res), 0))
			return 1;
	}
	if (rs_probe_result_write(&res, stdout) || fflush(stdout))
		return 1;
	return res.ok ? 0 : 1;
}
