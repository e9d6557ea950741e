# SPDX-License-Identifier: MIT
# The model: the snapshot and its YAML form, counter rates, series and
# groups, the demo host.  Pure data and arithmetic: no I/O but the YAML file.
# One group per line: branches that add a file each add a line, so merges
# cannot tear a backslash-continued list apart.
librscore_a_SOURCES += src/model/snapshot.c
librscore_a_SOURCES += src/model/kernel_values.c
librscore_a_SOURCES += src/model/rate.h src/model/rate.c
librscore_a_SOURCES += src/model/units.h src/model/units.c
librscore_a_SOURCES += src/model/counter_groups.h src/model/counter_groups.c
librscore_a_SOURCES += src/model/series.h src/model/series.c
librscore_a_SOURCES += src/model/snapshot_yaml.h src/model/snapshot_schema.h
librscore_a_SOURCES += src/model/snapshot_schema.c src/model/snapshot_yaml.c
librscore_a_SOURCES += src/model/snapshot_yaml_load.c src/model/snapshot_file.c
librscore_a_SOURCES += src/model/snapshot_check.h src/model/snapshot_check.c
librscore_a_SOURCES += src/model/demo.h src/model/demo.c src/model/demo_nic.c
librscore_a_SOURCES += src/model/name_index.h src/model/name_index.c
librscore_a_SOURCES += src/model/snap_index.h src/model/snap_index.c
librscore_a_SOURCES += src/model/port_rates.h src/model/port_rates.c
librscore_a_SOURCES += src/model/peer_view.h src/model/ydoc.h src/model/ydoc.c
librscore_a_SOURCES += src/model/route_resolve.h src/model/route_resolve.c
librscore_a_SOURCES += src/model/gid_recommend.h src/model/gid_recommend.c
librscore_a_SOURCES += src/model/qp_track.h src/model/qp_track.c
librscore_a_SOURCES += src/model/cpus.h src/model/cpus.c
nodist_librscore_a_SOURCES += src/model/demo_host_yaml.c
nodist_librscore_a_SOURCES += src/model/demo_pcap.c
nodist_librscore_a_SOURCES += src/model/demo_tests.c

# The demo host (profiles/demo/host.yaml) becomes one C string literal:
# escape backslashes, quotes and '?' (no trigraphs), one "line\n" per
# line.  Generated in the build tree from the source tree, so VPATH builds
# and distcheck work.
BUILT_SOURCES += src/model/demo_host_yaml.c
CLEANFILES += src/model/demo_host_yaml.c
src/model/demo_host_yaml.c: $(top_srcdir)/profiles/demo/host.yaml
	$(AM_V_GEN)$(MKDIR_P) src/model && { \
	  printf '%s\n' '/* Generated from profiles/demo/host.yaml by src/model/local.mk: do not edit. */' \
	    '#include "model/demo.h"' '' 'const char rs_demo_host_yaml[] =' && \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n"/' \
	    $(top_srcdir)/profiles/demo/host.yaml && \
	  printf '%s\n' ';' 'const size_t rs_demo_host_yaml_len = sizeof(rs_demo_host_yaml) - 1;'; \
	} > $@-t && mv -f $@-t $@

# The demo's capture (a real rxe capture, CC BY-SA 4.0) becomes a byte
# array the Capture pane replays on --demo: no file to find at run time.
RS_DEMO_PCAP = tests/fixtures/pcaps/linlinw5-rdma_ib_tutorial/rdma_cm.pcap
BUILT_SOURCES += src/model/demo_pcap.c
CLEANFILES += src/model/demo_pcap.c
src/model/demo_pcap.c: $(top_srcdir)/$(RS_DEMO_PCAP)
	$(AM_V_GEN)$(MKDIR_P) src/model && { \
	  printf '%s\n' '/* Generated from $(RS_DEMO_PCAP) by src/model/local.mk: do not edit. */' \
	    '#include "model/demo.h"' '' \
	    'const char rs_demo_pcap_name[] = "rdma_cm.pcap";' \
	    'const char rs_demo_pcap_credit[] = "rdma_cm.pcap: github.com/linlinw5/rdma_ib_tutorial, CC BY-SA 4.0";' \
	    'const unsigned char rs_demo_pcap[] = {' && \
	  od -An -v -tu1 $(top_srcdir)/$(RS_DEMO_PCAP) | sed -e 's/  */,/g' -e 's/^,//' -e 's/$$/,/' && \
	  printf '%s\n' '};' 'const size_t rs_demo_pcap_len = sizeof(rs_demo_pcap);'; \
	} > $@-t && mv -f $@-t $@

# The demo's embedded tests: a bandwidth and a latency run recorded in the
# Soft-RoCE lab (profiles/demo/README.tests), replayed by the Tests pane on
# --demo.  Each file becomes one C string, as the demo host does.
RS_DEMO_TESTS = profiles/demo/test-bw.jsonl profiles/demo/test-lat.jsonl
BUILT_SOURCES += src/model/demo_tests.c
CLEANFILES += src/model/demo_tests.c
src/model/demo_tests.c: $(top_srcdir)/profiles/demo/test-bw.jsonl \
		$(top_srcdir)/profiles/demo/test-lat.jsonl
	$(AM_V_GEN)$(MKDIR_P) src/model && { \
	  printf '%s\n' '/* Generated from $(RS_DEMO_TESTS) by src/model/local.mk: do not edit. */' \
	    '#include "model/demo.h"' '' 'const char rs_demo_test_bw[] =' && \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n"/' \
	    $(top_srcdir)/profiles/demo/test-bw.jsonl && \
	  printf '%s\n' ';' '' 'const char rs_demo_test_lat[] =' && \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n"/' \
	    $(top_srcdir)/profiles/demo/test-lat.jsonl && \
	  printf '%s\n' ';'; \
	} > $@-t && mv -f $@-t $@

# The counter meaning tables (profiles/counters/*.yaml, counter_tables.h)
# become C strings as the troubleshooting trees do: one per file, in the
# order of the lookup (ib_pma first, then mlx5 and rxe, whose names win for
# a device of no known driver).
librscore_a_SOURCES += src/model/counter_tables.h src/model/counter_tables.c
nodist_librscore_a_SOURCES += src/model/counter_tables_data.c
RS_CTR_TABLES = ib_pma mlx5 rxe bnxt_re irdma hns qedr mana_ib erdma siw
RS_CTR_TABLE_FILES = $(RS_CTR_TABLES:%=profiles/counters/%.yaml)
BUILT_SOURCES += src/model/counter_tables_data.c
CLEANFILES += src/model/counter_tables_data.c
src/model/counter_tables_data.c: $(RS_CTR_TABLE_FILES:%=$(top_srcdir)/%)
	$(AM_V_GEN)$(MKDIR_P) src/model && { \
	  printf '%s\n' '/* Generated from profiles/counters/ by src/model/local.mk: do not edit. */' \
	    '#include <stddef.h>' '' 'extern const char *const rs_ctr_table_texts[];' \
	    'extern const char *const rs_ctr_table_files[];' \
	    'const char *const rs_ctr_table_texts[] = {'; \
	  for t in $(RS_CTR_TABLES); do \
	    sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n"/' \
	      $(top_srcdir)/profiles/counters/$$t.yaml && echo ','; \
	  done; \
	  printf '%s\n' 'NULL,' '};' 'const char *const rs_ctr_table_files[] = {'; \
	  for t in $(RS_CTR_TABLES); do printf '"profiles/counters/%s.yaml",\n' $$t; done; \
	  printf '%s\n' 'NULL,' '};'; \
	} > $@-t && mv -f $@-t $@
