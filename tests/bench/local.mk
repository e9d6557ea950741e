# SPDX-License-Identifier: MIT
# `make bench`: time the RDMA collector against a show_gids-style shell
# script on a generated tree of 8 devices x 2 ports x 256 GIDs, and
# `rocescope explain` against `grep -ciE 'error|fail|warn'` on a 1 GiB log
# (bench_explain.sh; BENCH_EXPLAIN_MB=64 for a quick run).  Not part of
# `make check` (it takes minutes: the reference forks per file).
noinst_PROGRAMS += tests/bench/bench_collect
tests_bench_bench_collect_SOURCES = tests/bench/bench_collect.c
tests_bench_bench_collect_CFLAGS = $(AM_CFLAGS)
tests_bench_bench_collect_LDADD = $(RS_CORE_LIBS)
EXTRA_DIST += tests/bench/bench.sh tests/bench/gen_tree.sh tests/bench/show_gids_ref.sh \
	tests/bench/bench_explain.sh tests/bench/bench_exporter.sh

.PHONY: bench
bench: rocescope$(EXEEXT) tests/bench/bench_collect$(EXEEXT)
	$(SHELL) $(top_srcdir)/tests/bench/bench.sh \
		$(abs_top_builddir)/rocescope$(EXEEXT) \
		$(abs_top_builddir)/tests/bench/bench_collect$(EXEEXT)
	$(SHELL) $(top_srcdir)/tests/bench/bench_explain.sh $(abs_top_builddir)/rocescope$(EXEEXT)

# The exporter's CPU per refresh and per scrape on 16 ports, and scrapes/s
# with 1 to 64 concurrent clients (tests/bench/bench_exporter.sh).
.PHONY: bench-exporter
bench-exporter: rocescope$(EXEEXT) tests/scrape_client$(EXEEXT)
	$(SHELL) $(top_srcdir)/tests/bench/bench_exporter.sh \
		$(abs_top_builddir)/rocescope$(EXEEXT) $(abs_top_builddir)/tests/scrape_client$(EXEEXT)
bench: bench-exporter

# The capture's bench: a generated pcap of 1,000,000 RoCE v2 packets, our
# decode + flow accounting against tcpdump's raw read and tshark, same run.
noinst_PROGRAMS += tests/bench/gen_roce_pcap tests/bench/bench_decode
tests_bench_gen_roce_pcap_SOURCES = tests/bench/gen_roce_pcap.c tests/capture/craft.c \
	tests/capture/craft.h
tests_bench_gen_roce_pcap_CFLAGS = $(AM_CFLAGS) $(PCAP_CFLAGS) -I$(top_srcdir)/tests
tests_bench_gen_roce_pcap_LDADD = $(RS_CORE_LIBS)
tests_bench_bench_decode_SOURCES = tests/bench/bench_decode.c
tests_bench_bench_decode_CFLAGS = $(AM_CFLAGS) $(PCAP_CFLAGS)
tests_bench_bench_decode_LDADD = $(RS_CORE_LIBS)
EXTRA_DIST += tests/bench/bench_capture.sh

.PHONY: bench-capture
bench-capture: rocescope$(EXEEXT) tests/bench/gen_roce_pcap$(EXEEXT) tests/bench/bench_decode$(EXEEXT)
	$(SHELL) $(top_srcdir)/tests/bench/bench_capture.sh $(abs_top_builddir)
bench: bench-capture

# `make bench-record`: what a recording costs (docs/recording.md): bytes
# per sample and per hour, the recorder's CPU per sample on 16 ports next
# to the session's own refresh, loading and seeking, and the console's CPU
# while it replays (tests/bench/bench_record.sh).  Figures, no limits.
noinst_PROGRAMS += tests/bench/bench_record
tests_bench_bench_record_SOURCES = tests/bench/bench_record.c
tests_bench_bench_record_CFLAGS = $(AM_CFLAGS) $(IBVERBS_CFLAGS) $(NL3_CFLAGS) $(YAML_CFLAGS)
tests_bench_bench_record_LDADD = $(RS_CORE_LIBS)
EXTRA_DIST += tests/bench/bench_record.sh

.PHONY: bench-record
bench-record: rocescope$(EXEEXT) tests/bench/bench_record$(EXEEXT)
	$(SHELL) $(top_srcdir)/tests/bench/bench_record.sh $(abs_top_builddir)
bench: bench-record

# `make bench-scale`: --load of 40,000 devices and the console on a root of
# 10,000 (tests/bench/bench_scale.sh): times and peak memory.  Minutes and
# about 4 GB of temporary files (the root), so not part of make check.
EXTRA_DIST += tests/bench/bench_scale.sh tests/bench/gen_snapshot.sh
.PHONY: bench-scale
bench-scale: rocescope$(EXEEXT)
	$(SHELL) $(top_srcdir)/tests/bench/bench_scale.sh $(abs_top_builddir)
bench: bench-scale
