# SPDX-License-Identifier: MIT
# The wizard: troubleshooting trees as data (profiles/trees/*.yaml) and the
# runner that walks them with the checks and the probes.
librscore_a_SOURCES += \
	src/wizard/tree.h src/wizard/tree.c \
	src/wizard/run.h src/wizard/run.c \
	src/wizard/explain_report.h src/wizard/explain_report.c
nodist_librscore_a_SOURCES += src/wizard/trees_data.c

# The shipped trees, in the order of rs_tree_names[] (tree.c), become C
# string literals, as the demo host does (src/model/local.mk), so `check
# --tree NAME` needs no installation; they are installed too, for people.
RS_TREES = connection-failure low-bandwidth large-message-crash first-time-setup
RS_TREE_FILES = $(RS_TREES:%=profiles/trees/%.yaml)
BUILT_SOURCES += src/wizard/trees_data.c
CLEANFILES += src/wizard/trees_data.c
src/wizard/trees_data.c: $(RS_TREE_FILES:%=$(top_srcdir)/%)
	$(AM_V_GEN)$(MKDIR_P) src/wizard && { \
	  printf '%s\n' '/* Generated from profiles/trees/ by src/wizard/local.mk: do not edit. */' \
	    '#include <stddef.h>' '' 'extern const char *const rs_tree_texts[];' \
	    'const char *const rs_tree_texts[] = {'; \
	  for t in $(RS_TREES); do \
	    sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n"/' \
	      $(top_srcdir)/profiles/trees/$$t.yaml && echo ','; \
	  done; \
	  printf '%s\n' 'NULL,' '};'; \
	} > $@-t && mv -f $@-t $@
