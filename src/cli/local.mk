# SPDX-License-Identifier: MIT
# The rocescope program: the command line (one file per command) on top of
# the core; ui/local.mk adds the console.
bin_PROGRAMS += rocescope
rocescope_CFLAGS = $(AM_CFLAGS) $(NCURSESW_CFLAGS)
rocescope_LDADD = $(RS_CORE_LIBS) $(NCURSESW_LIBS)
rocescope_SOURCES = \
	src/cli/main.c src/cli/cli.h \
	src/cli/view.h src/cli/view.c \
	src/cli/view_devices.c src/cli/view_gids.c src/cli/view_qps.c \
	src/cli/view_snapshot.c src/cli/view_counters.c src/cli/view_replay.c \
	src/cli/cmd_record.c \
	src/cli/view_check.c src/cli/view_tree.c src/cli/cmd_exporter.c \
	src/cli/fix_out.h src/cli/cmd_fix.c src/cli/cmd_fix_out.c \
	src/cli/cmd_capture.c src/cli/cmd_explain.c \
	src/cli/perf_cli.h src/cli/perf_out.h src/cli/perf_opts.c src/cli/perf_out.c \
	src/cli/perf_out_end.c src/cli/cmd_serve.c src/cli/cmd_bw.c src/cli/cmd_lat.c

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
