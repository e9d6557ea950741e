/* SPDX-License-Identifier: MIT */
/*
 * scrape_client.c - clients for the exporter's tests and benchmark, good
 * and hostile, each bounded in time (nothing here waits forever).
 *
 *   scrape_client ADDR:PORT get PATH [om]   one GET; body to stdout, exit 0 on 200
 *   scrape_client ADDR:PORT load N M [PFX]  N processes x M keep-alive scrapes,
 *                                           each checked (status, length, the
 *                                           exporter's own line, and the value of
 *                                           the line starting with PFX never
 *                                           going down); prints the rate
 *   scrape_client ADDR:PORT raw             stdin's bytes as the request; prints
 *                                           the status line; exit 0 when the server
 *                                           then closed the connection
 *   scrape_client ADDR:PORT slow N          N slowloris connections (a header
 *                                           byte every 100 ms); exit 0 when the
 *                                           server closed every one (within 60 s)
 *   scrape_client ADDR:PORT stall           a request, then never read; exit 0
 *                                           when the server gives up (within 60 s)
 *   scrape_client ADDR:PORT cap N           N idle connections, then a scrape:
 *                                           prints its status (503 past the cap),
 *                                           closes them, scrapes again (200)
 * Only loopback addresses are used by the tests.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char host[64];
static int port;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int dial(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (fd < 0 || inet_pton(AF_INET, host, &a.sin_addr) != 1 ||
	    connect(fd, (struct sockaddr *)&a, sizeof(a))) {
		perror("scrape_client: connect");
		exit(1);
	}
	return fd;
}

static int send_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = send(fd, p, n, MSG_NOSIGNAL);

		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Wait up to ms for fd to be readable; 1 readable, 0 not. */
static int readable(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, ms) == 1;
}

/* One response on a keep-alive connection: status, body (malloc'd). */
static int response(int fd, char **body, size_t *blen)
{
	static char buf[1 << 16];
	static size_t have;
	char *end, *cl;
	size_t hlen, need;
	int status;

	for (;;) {
		buf[have] = '\0';
		end = strstr(buf, "\r\n\r\n");
		if (end)
			break;
		if (have + 1 >= sizeof(buf) || !readable(fd, 30000))
			return -1;
		ssize_t n = read(fd, buf + have, sizeof(buf) - 1 - have);

		if (n <= 0)
			return -1;
		have += (size_t)n;
	}
	hlen = (size_t)(end - buf) + 4;
	if (sscanf(buf, "HTTP/1.1 %d", &status) != 1 || !(cl = strstr(buf, "Content-Length: ")))
		return -1;
	need = strtoul(cl + 16, NULL, 10);
	*body = malloc(need + 1);
	*blen = need;
	size_t got = have - hlen < need ? have - hlen : need;

	memcpy(*body, buf + hlen, got);
	memmove(buf, buf + hlen + got, have - hlen - got);
	have -= hlen + got;
	while (got < need) {
		if (!readable(fd, 30000))
			return -1;
		ssize_t n = read(fd, *body + got, need - got);

		if (n <= 0)
			return -1;
		got += (size_t)n;
	}
	(*body)[need] = '\0';
	return status;
}

static int get(int fd, const char *path, int om, char **body, size_t *blen)
{
	char req[512];

	snprintf(req, sizeof(req), "GET %s HTTP/1.1\r\nHost: %s\r\n%s\r\n", path, host,
		 om ? "Accept: application/openmetrics-text; version=1.0.0\r\n" : "");
	if (send_all(fd, req, strlen(req)))
		return -1;
	return response(fd, body, blen);
}

/* The value of the line starting with pfx, or -1. */
static double value_of(const char *body, const char *pfx)
{
	for (const char *p = body; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p)
		if (!strncmp(p, pfx, strlen(pfx)))
			return strtod(p + strlen(pfx), NULL);
	return -1;
}

static int load_one(int m, const char *pfx)
{
	double last = -1;
	int fd = dial(), bad = 0;

	for (int i = 0; i < m; i++) {
		char *body = NULL;
		size_t blen;
		int st = get(fd, "/metrics", 0, &body, &blen);
		double v = pfx && body ? value_of(body, pfx) : 0;

		if (st != 200 || !strstr(body, "\nrocescope_exporter_scrapes_total ") ||
		    body[blen - 1] != '\n' || (pfx && (v < 0 || v < last))) {
			fprintf(stderr, "scrape_client: bad scrape %d (status %d, %s %g after %g)\n",
				i, st, pfx ? pfx : "", v, last);
			bad++;
			free(body);
			close(fd);
			fd = dial();
			continue;
		}
		last = v;
		free(body);
	}
	close(fd);
	return bad;
}

static int load(int n, int m, const char *pfx)
{
	double t0 = now();
	int fails = 0, status;

	for (int i = 0; i < n; i++)
		if (!fork())
			_exit(load_one(m, pfx) ? 1 : 0);
	while (wait(&status) > 0)
		fails += !WIFEXITED(status) || WEXITSTATUS(status);
	printf("scrapes %d clients %d failed_clients %d seconds %.3f rate %.0f/s\n", n * m, n,
	       fails, now() - t0, n * m / (now() - t0));
	return fails ? 1 : 0;
}

/* Until the server closes fd (read gives 0 or an error), at most ms. */
static int closed_within(int fd, int ms)
{
	char buf[4096];
	double end = now() + ms / 1000.0;

	while (now() < end) {
		if (!readable(fd, 100))
			continue;
		ssize_t n = read(fd, buf, sizeof(buf));

		if (n <= 0)
			return 1;
	}
	return 0;
}

static int raw(void)
{
	char buf[65536], first[256] = "";
	int fd = dial();
	size_t n;

	while ((n = fread(buf, 1, sizeof(buf), stdin)) > 0)
		if (send_all(fd, buf, n))
			break;	/* the server may close before reading it all */
	if (readable(fd, 30000)) {
		ssize_t r = read(fd, first, sizeof(first) - 1);

		first[r > 0 ? r : 0] = '\0';
	}
	first[strcspn(first, "\r\n")] = '\0';
	printf("%s\n", first[0] ? first : "(nothing)");
	return closed_within(fd, 30000) ? 0 : 1;
}

static int slow(int n)
{
	int fds[256], open = n;
	double t0 = now();

	for (int i = 0; i < n; i++) {
		fds[i] = dial();
		send_all(fds[i], "GET /metrics HTTP/1.1\r\nX-Slow: ", 32);
	}
	while (open && now() - t0 < 60) {
		usleep(100000);
		for (int i = 0; i < n; i++)
			if (fds[i] >= 0 && (send_all(fds[i], "a", 1) ||
					    (readable(fds[i], 0) && closed_within(fds[i], 10)))) {
				close(fds[i]);
				fds[i] = -1;
				open--;
			}
	}
	printf("closed %d of %d after %.1f s\n", n - open, n, now() - t0);
	return open ? 1 : 0;
}

static int stall(void)
{
	int fd = dial(), small = 4096;
	double t0 = now();

	setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof(small));
	/* many requests in one go: the responses cannot all fit in the buffers */
	for (int i = 0; i < 200; i++)
		if (send_all(fd, "GET /metrics HTTP/1.1\r\nHost: a\r\n\r\n", 34))
			break;
	/* never read; the server must give up on its own */
	while (now() - t0 < 60) {
		int err = 0;
		socklen_t l = sizeof(err);
		struct pollfd p = { .fd = fd, .events = POLLRDHUP };

		if (poll(&p, 1, 200) == 1 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR))) {
			getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &l);
			printf("dropped after %.1f s\n", now() - t0);
			return 0;
		}
	}
	printf("still open after 60 s\n");
	return 1;
}

static int cap(int n)
{
	int fds[1024], fd, st;
	char *body = NULL;
	size_t blen;

	for (int i = 0; i < n && i < 1024; i++)
		fds[i] = dial();
	usleep(200000);		/* the server accepts them on its next rounds */
	fd = dial();
	st = get(fd, "/metrics", 0, &body, &blen);
	printf("over the cap: %d\n", st);
	free(body);
	close(fd);
	for (int i = 0; i < n && i < 1024; i++)
		close(fds[i]);
	for (int i = 0; i < 100; i++) {	/* until the server saw them close */
		fd = dial();
		st = get(fd, "/metrics", 0, &body, &blen);
		close(fd);
		free(body);
		body = NULL;
		if (st == 200)
			break;
		usleep(100000);
	}
	printf("after: %d\n", st);
	return st == 200 ? 0 : 1;
}

int main(int argc, char **argv)
{
	char *colon;

	if (argc < 3 || !(colon = strrchr(argv[1], ':')) || (size_t)(colon - argv[1]) >= sizeof(host)) {
		fprintf(stderr, "usage: scrape_client ADDR:PORT get|load|raw|slow|stall|cap ...\n");
		return 2;
	}
	memcpy(host, argv[1], (size_t)(colon - argv[1]));
	port = atoi(colon + 1);
	if (!strcmp(argv[2], "get") && argc >= 4) {
		char *body = NULL;
		size_t blen;
		int fd = dial(), st = get(fd, argv[3], argc > 4 && !strcmp(argv[4], "om"), &body, &blen);

		fprintf(stderr, "status %d\n", st);
		if (body)
			fwrite(body, 1, blen, stdout);
		free(body);
		close(fd);
		return st == 200 ? 0 : 1;
	}
	if (!strcmp(argv[2], "load") && argc >= 5)
		return load(atoi(argv[3]), atoi(argv[4]), argc > 5 ? argv[5] : NULL);
	if (!strcmp(argv[2], "raw"))
		return raw();
	if (!strcmp(argv[2], "slow") && argc >= 4)
		return slow(atoi(argv[3]) > 256 ? 256 : atoi(argv[3]));
	if (!strcmp(argv[2], "stall"))
		return stall();
	if (!strcmp(argv[2], "cap") && argc >= 4)
		return cap(atoi(argv[3]));
	fprintf(stderr, "scrape_client: unknown mode %s\n", argv[2]);
	return 2;
}
