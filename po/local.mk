# SPDX-License-Identifier: MIT
# The message catalogues (docs/i18n.md).  po/ itself is gettext's own
# Makefile (SUBDIRS): it compiles po/LANG.po into po/LANG.gmo, installs it
# as $(localedir)/LANG/LC_MESSAGES/rocescope.mo and runs xgettext.  Here:
# what feeds xgettext besides the C sources, and the translator's step.
#
#   make update-po    the trees' titles (src/wizard/tree_titles.inc) and
#                     po/POTFILES.in from the sources, then po/rocescope.pot
#                     and every po/LANG.po merged with it (msgmerge)
#   make potfiles     only po/POTFILES.in
EXTRA_DIST += po/local.mk src/wizard/tree_titles.inc

# The tool that prints the trees' titles as N_() lines (tree_titles.c).
noinst_PROGRAMS += rs-tree-titles
rs_tree_titles_SOURCES = src/wizard/tree_titles.c
rs_tree_titles_CFLAGS = $(AM_CFLAGS) $(YAML_CFLAGS)
rs_tree_titles_LDADD = $(RS_CORE_LIBS)

# Written only when it changes, so the .pot is not remade needlessly.
rs-tree-titles-inc: rs-tree-titles$(EXEEXT)
	$(AM_V_GEN)b=$$(pwd) && cd $(srcdir) && \
	"$$b/rs-tree-titles$(EXEEXT)" $(RS_TREE_FILES) >src/wizard/tree_titles.inc-t && \
	if cmp -s src/wizard/tree_titles.inc-t src/wizard/tree_titles.inc; then \
	  rm -f src/wizard/tree_titles.inc-t; \
	else mv -f src/wizard/tree_titles.inc-t src/wizard/tree_titles.inc; fi

# Every C file of src/ and ui/ (a file without a mark costs xgettext
# nothing, and a helper marking one need not remember this list), every
# header or .inc with a mark, never a generated file.  tests/test_i18n.sh
# fails, naming the file, when one is missing.
RS_POTFILES_LIST = (cd $(srcdir) && { \
	  find src ui -name '*.c' ! -name version.c ! -name trees_data.c; \
	  find src ui \( -name '*.h' -o -name '*.inc' \) -exec \
	    grep -lE '(^|[^A-Za-z0-9_])(N?_|RS_FSUMMARY|rs_trn)\(' {} +; \
	} | LC_ALL=C sort -u)
potfiles:
	$(AM_V_GEN){ echo '# SPDX-License-Identifier: MIT'; \
	  echo '# The files xgettext reads: `make potfiles` (or update-po) writes this list.'; \
	  $(RS_POTFILES_LIST); } >$(srcdir)/po/POTFILES.in-t && \
	if cmp -s $(srcdir)/po/POTFILES.in-t $(srcdir)/po/POTFILES.in; then \
	  rm -f $(srcdir)/po/POTFILES.in-t; \
	else mv -f $(srcdir)/po/POTFILES.in-t $(srcdir)/po/POTFILES.in; fi

# po/Makefile is made from po/Makefile.in (config.status), which takes
# POTFILES.in in: after a new list, remake it before xgettext runs.
update-po: rs-tree-titles-inc potfiles
	cd po && $(MAKE) Makefile && $(MAKE) update-po
.PHONY: rs-tree-titles-inc potfiles update-po
