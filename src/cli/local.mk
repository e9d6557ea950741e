# The command-line views, the snapshot sources and the demo host.
# The model side (source, demo, GID recommendation) goes into librscore so
# the console links the same code; the views only into the rocescope binary.
librscore_a_SOURCES += \
	src/model/source.h src/model/source.c \
	src/model/demo.h src/model/demo.c \
	src/diag/gid_recommend.h src/diag/gid_recommend.c
nodist_librscore_a_SOURCES = src/model/demo_host_yaml.c

rocescope_SOURCES += \
	src/cli/cli.h src/cli/view.h src/cli/view.c \
	src/cli/view_devices.c src/cli/view_gids.c \
	src/cli/view_snapshot.c src/cli/view_counters.c \
	src/cli/view_check.c

EXTRA_DIST += docs/cli.md docs/demo.md

# Bash completion: generated with the data directory (wizard trees), and
# installed as "rocescope" in $(bashcompletiondir) (configure.ac), where
# bash-completion loads it on the first TAB after "rocescope".
noinst_DATA = src/cli/rocescope.bash
CLEANFILES += src/cli/rocescope.bash
EXTRA_DIST += src/cli/rocescope.bash.in
src/cli/rocescope.bash: src/cli/rocescope.bash.in Makefile
	$(AM_V_GEN)$(MKDIR_P) src/cli && \
	sed -e 's|@''PKGDATADIR''@|$(pkgdatadir)|g' $(srcdir)/src/cli/rocescope.bash.in >$@-t && \
	mv -f $@-t $@
install-data-local: rs-install-completion
uninstall-local: rs-uninstall-completion
rs-install-completion: src/cli/rocescope.bash
	$(MKDIR_P) '$(DESTDIR)$(bashcompletiondir)'
	$(INSTALL_DATA) src/cli/rocescope.bash '$(DESTDIR)$(bashcompletiondir)/rocescope'
rs-uninstall-completion:
	rm -f '$(DESTDIR)$(bashcompletiondir)/rocescope'
.PHONY: rs-install-completion rs-uninstall-completion
