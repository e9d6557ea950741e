# SPDX-License-Identifier: MIT
# The model: the snapshot and its YAML form, counter rates, series and
# groups, the demo host.  Pure data and arithmetic: no I/O but the YAML file.
librscore_a_SOURCES += \
	src/model/snapshot.c \
	src/model/rate.h src/model/rate.c \
	src/model/counter_groups.h src/model/counter_groups.c \
	src/model/series.h src/model/series.c \
	src/model/snapshot_yaml.h src/model/snapshot_schema.h \
	src/model/snapshot_schema.c src/model/snapshot_yaml.c \
	src/model/snapshot_yaml_load.c \
	src/model/demo.h src/model/demo.c \
	src/model/port_rates.h src/model/port_rates.c \
	src/model/peer_view.h src/model/ydoc.h src/model/ydoc.c
nodist_librscore_a_SOURCES += src/model/demo_host_yaml.c src/model/demo_pcap.c

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
