# The embedded bandwidth and latency tests (docs/tests.md): protocol,
# control channel, engine, JSON lines.  Core, no curses.
librscore_a_SOURCES += \
	src/perf/proto.h src/perf/proto.c src/perf/peer_sniff.c \
	src/perf/fail.h src/perf/fail.c \
	src/perf/endpoint.h src/perf/endpoint.c \
	src/perf/ctrl.h src/perf/ctrl_priv.h src/perf/ctrl.c src/perf/ctrl_sock.c \
	src/perf/engine.h src/perf/engine_priv.h src/perf/engine.c \
	src/perf/bw.c src/perf/lat.c src/perf/stats.c \
	src/perf/test.h src/perf/client.c src/perf/server.c \
	src/perf/outcome.h src/perf/jsonl.h src/perf/jsonl.c src/perf/jsonl_write.c \
	src/perf/perftest.h src/perf/perftest.c
EXTRA_DIST += docs/tests.md
