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
	src/model/peer_view.h src/model/ydoc.h src/model/ydoc.c
nodist_librscore_a_SOURCES += src/model/demo_host_yaml.c

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
