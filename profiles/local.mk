# SPDX-License-Identifier: MIT
# profiles/: data shipped with rocescope.  The demo host is installed for
# people to read and copy; src/model/local.mk also compiles it into the
# binary, so --demo works without an installation.
demodir = $(pkgdatadir)/demo
dist_demo_DATA = profiles/demo/host.yaml
