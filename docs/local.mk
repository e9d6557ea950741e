# SPDX-License-Identifier: MIT
# docs/: how each part works, its evidence and its decisions.
EXTRA_DIST += \
	docs/architecture.md docs/cli.md docs/console.md docs/demo.md \
	docs/checks.md docs/collectors-rdma.md docs/collectors-net.md \
	docs/host-collector.md docs/snapshot-format.md docs/counters-rate.md \
	docs/session.md docs/lab.md docs/wizard.md docs/explain.md \
	docs/recording.md docs/fix.md docs/facts.md docs/guide.md

# The user documents installed in $(docdir), and the manual pages
# (docs/man/*.1.in, written by hand in roff; docs/packaging.md says why one
# page per command).  A new command gets docs/man/rocescope-NAME.1.in and
# one word in RS_MAN_COMMANDS; tests/test_man.sh fails until both exist.
dist_doc_DATA += docs/cli.md docs/console.md docs/checks.md docs/demo.md \
	docs/snapshot-format.md docs/packaging.md docs/wizard.md \
	docs/capture.md docs/explain.md docs/exporter.md docs/fleet.md \
	docs/recording.md docs/fix.md docs/facts.md docs/guide.md

RS_MAN_COMMANDS = devices gids qps counters record snapshot check fix exporter capture explain serve bw lat
RS_MAN_PAGES = docs/man/rocescope.1 \
	$(RS_MAN_COMMANDS:%=docs/man/rocescope-%.1)
man_MANS = $(RS_MAN_PAGES)
CLEANFILES += $(RS_MAN_PAGES)
EXTRA_DIST += $(RS_MAN_PAGES:=.in)

# The pages name the version and the installed paths; a path gets a break
# point (\:) after each slash, or a long prefix (distcheck's) cannot be
# set in the line and groff warns.
$(RS_MAN_PAGES): Makefile $(RS_MAN_PAGES:=.in)
	$(AM_V_GEN)$(MKDIR_P) docs/man && \
	pkgdata=$$(echo '$(pkgdatadir)' | sed 's|/|/\\\\:|g') && \
	doc=$$(echo '$(docdir)' | sed 's|/|/\\\\:|g') && \
	sed -e 's|@''VERSION''@|$(PACKAGE_VERSION)|g' -e "s|@""PKGDATADIR""@|$$pkgdata|g" \
	  -e "s|@""DOCDIR""@|$$doc|g" $(srcdir)/$@.in >$@-t && mv -f $@-t $@

# rocescope(1)'s NAME, SYNOPSIS and DESCRIPTION in Simplified Chinese
# (docs/i18n.md), made as the pages above are and installed where man(1)
# looks in a zh_CN locale; the Chinese quick start beside the docs.
rszhman1dir = $(mandir)/zh_CN/man1
rszhman1_DATA = docs/man/zh_CN/rocescope.1
CLEANFILES += docs/man/zh_CN/rocescope.1
EXTRA_DIST += docs/man/zh_CN/rocescope.1.in
docs/man/zh_CN/rocescope.1: Makefile $(srcdir)/docs/man/zh_CN/rocescope.1.in
	$(AM_V_GEN)$(MKDIR_P) docs/man/zh_CN && \
	doc=$$(echo '$(docdir)' | sed 's|/|/\\\\:|g') && \
	sed -e 's|@''VERSION''@|$(PACKAGE_VERSION)|g' -e "s|@""DOCDIR""@|$$doc|g" \
	  $(srcdir)/$@.in >$@-t && mv -f $@-t $@
rszhdocdir = $(docdir)/zh_CN
dist_rszhdoc_DATA = docs/zh_CN/README.md
dist_doc_DATA += docs/i18n.md

# `make installcheck` (also run by distcheck): the installed binary opens
# the demo host, and the pages and the completion are where they belong.
installcheck-local:
	'$(DESTDIR)$(bindir)/rocescope$(EXEEXT)' --version
	'$(DESTDIR)$(bindir)/rocescope$(EXEEXT)' --demo devices >/dev/null
	test -f '$(DESTDIR)$(mandir)/man1/rocescope.1'
	for c in $(RS_MAN_COMMANDS); do \
	  test -f "$(DESTDIR)$(mandir)/man1/rocescope-$$c.1" || exit 1; done
	test -f '$(DESTDIR)$(bashcompletiondir)/rocescope'
	test -f '$(DESTDIR)$(demodir)/host.yaml'
	test -f '$(DESTDIR)$(systemdsystemunitdir)/rocescope-exporter.service'
	test -f '$(DESTDIR)$(mandir)/zh_CN/man1/rocescope.1'
	test -f '$(DESTDIR)$(docdir)/zh_CN/README.md'
	if test '$(USE_NLS)' = yes; then \
	  test -f '$(DESTDIR)$(localedir)/zh_CN/LC_MESSAGES/rocescope.mo' || exit 1; \
	  LC_ALL= LC_MESSAGES= ROCESCOPE_LOCALEDIR='$(DESTDIR)$(localedir)' LANG=C.UTF-8 LANGUAGE=zh_CN \
	    '$(DESTDIR)$(bindir)/rocescope$(EXEEXT)' --demo check \
	    --tree first-time-setup | grep -q '首次配置 RoCE v2' || { \
	    echo "installcheck: the installed catalogue is not used in zh_CN"; exit 1; }; \
	fi
