# profiles/: data shipped with rocescope.  The demo host is installed for
# people to read and copy, and compiled into the binary so --demo works
# without an installation.
demodir = $(pkgdatadir)/demo
dist_demo_DATA = profiles/demo/host.yaml

# The YAML becomes one C string literal: escape backslashes, quotes and
# '?' (no trigraphs), one "line\n" per line.  Generated in the build tree
# from the source tree, so VPATH builds and distcheck work.
BUILT_SOURCES += src/model/demo_host_yaml.c
CLEANFILES += src/model/demo_host_yaml.c
src/model/demo_host_yaml.c: $(top_srcdir)/profiles/demo/host.yaml
	$(AM_V_GEN)$(MKDIR_P) src/model && { \
	  printf '%s\n' '/* Generated from profiles/demo/host.yaml by profiles/local.mk: do not edit. */' \
	    '#include "model/demo.h"' '' 'const char rs_demo_host_yaml[] =' && \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n"/' \
	    $(top_srcdir)/profiles/demo/host.yaml && \
	  printf '%s\n' ';' 'const size_t rs_demo_host_yaml_len = sizeof(rs_demo_host_yaml) - 1;'; \
	} > $@-t && mv -f $@-t $@
