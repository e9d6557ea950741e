# SPDX-License-Identifier: MIT
# `make bench`: time the RDMA collector against a show_gids-style shell
# script on a generated tree of 8 devices x 2 ports x 256 GIDs, and
# `rocescope explain` against grep on 16 MiB logs (bench_explain.sh).  Not part of
# `make check` (it takes minutes: the reference forks per file).
noinst_PROGRAMS += tests/bench/bench_collect
tests_bench_bench_collect_SOURCES = tests/bench/bench_collect.c
tests_bench_bench_collect_CFLAGS = $(AM_CFLAGS)
tests_bench_bench_collect_LDADD = $(RS_CORE_LIBS)
EXTRA_DIST += tests/bench/bench.sh tests/bench/gen_tree.sh tests/bench/show_gids_ref.sh \
	tests/bench/bench_explain.sh

.PHONY: bench
bench: rocescope$(EXEEXT) tests/bench/bench_collect$(EXEEXT)
	$(SHELL) $(top_srcdir)/tests/bench/bench.sh \
		$(abs_top_builddir)/rocescope$(EXEEXT) \
		$(abs_top_builddir)/tests/bench/bench_collect$(EXEEXT)
	$(SHELL) $(top_srcdir)/tests/bench/bench_explain.sh $(abs_top_builddir)/rocescope$(EXEEXT)
