# SPDX-License-Identifier: MIT
# docs/packaging/: the Debian package (docs/packaging.md).  `make deb`
# unpacks the `make dist` tarball in deb-build/, copies this folder's
# debian/ into it as debian/, and runs dpkg-buildpackage -b (debhelper):
# the .deb lands in the build directory, then lintian checks it and fails
# on any error or warning that debian/rocescope.lintian-overrides does not
# explain.  The test suite is not run again inside the package build
# (the tarball is the one `make distcheck` tests): RS_DEB_BUILD_OPTIONS=
# (empty) runs it there too.
# The exporter's systemd unit (rocescope-exporter.service): the path of the
# installed binary is filled in; installed disabled (the package does not
# enable or start it: docs/packaging.md).
systemdsystemunit_DATA = docs/packaging/rocescope-exporter.service
CLEANFILES += docs/packaging/rocescope-exporter.service
EXTRA_DIST += docs/packaging/rocescope-exporter.service.in
docs/packaging/rocescope-exporter.service: $(srcdir)/docs/packaging/rocescope-exporter.service.in Makefile
	$(AM_V_GEN)$(MKDIR_P) docs/packaging && \
	sed -e 's|@''BINDIR''@|$(bindir)|g' $(srcdir)/docs/packaging/rocescope-exporter.service.in >$@-t && \
	mv -f $@-t $@

RS_DEB_FILES = docs/packaging/debian/control docs/packaging/debian/rules \
	docs/packaging/debian/changelog.in docs/packaging/debian/copyright \
	docs/packaging/debian/source/format \
	docs/packaging/debian/rocescope.lintian-overrides
EXTRA_DIST += $(RS_DEB_FILES)
RS_DEB_BUILD_OPTIONS = nocheck parallel=2
RS_LINTIAN = lintian

deb: dist-gzip
	rm -rf deb-build && $(MKDIR_P) deb-build
	$${TAR-tar} -C deb-build -xzf $(distdir).tar.gz
	cd deb-build/$(distdir) && cp -R docs/packaging/debian debian && \
	c=`cat .tarball-commit 2>/dev/null`; \
	d=`date -R $${SOURCE_DATE_EPOCH:+-d @$$SOURCE_DATE_EPOCH}`; \
	sed -e 's|@''VERSION''@|$(PACKAGE_VERSION)|g' -e "s|@""COMMIT""@|$${c:-unknown}|g" \
	    -e "s|@""DATE""@|$$d|g" debian/changelog.in >debian/changelog && \
	rm debian/changelog.in
	cd deb-build/$(distdir) && \
	DEB_BUILD_OPTIONS='$(RS_DEB_BUILD_OPTIONS)' dpkg-buildpackage -b -us -uc
	rm -f rocescope_*.deb && mv deb-build/rocescope_*.deb .
	@if command -v $(RS_LINTIAN) >/dev/null; then \
	  echo "lintian (errors and warnings fail; overrides: docs/packaging.md)"; \
	  $(RS_LINTIAN) --fail-on error,warning --info rocescope_*.deb; \
	else \
	  echo "lintian is not installed: the package was not checked"; \
	fi
	@ls -l rocescope_*.deb
.PHONY: deb
clean-local: rs-clean-deb
rs-clean-deb:
	rm -rf deb-build rocescope_*.deb
.PHONY: rs-clean-deb
