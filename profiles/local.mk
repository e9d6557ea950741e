# SPDX-License-Identifier: MIT
# profiles/: data shipped with rocescope.  The demo host is installed for
# people to read and copy; src/model/local.mk also compiles it into the
# binary, so --demo works without an installation.
demodir = $(pkgdatadir)/demo
dist_demo_DATA = profiles/demo/host.yaml profiles/demo/README.capture \
	profiles/demo/README.tests profiles/demo/test-bw.jsonl profiles/demo/test-lat.jsonl \
	tests/fixtures/pcaps/linlinw5-rdma_ib_tutorial/rdma_cm.pcap \
	tests/fixtures/pcaps/linlinw5-rdma_ib_tutorial/LICENSE.CC-BY-SA-4.0.txt

# The troubleshooting trees and the site profiles (docs/wizard.md).
treesdir = $(pkgdatadir)/trees
dist_trees_DATA = profiles/trees/connection-failure.yaml profiles/trees/low-bandwidth.yaml \
	profiles/trees/large-message-crash.yaml profiles/trees/first-time-setup.yaml
sitedir = $(pkgdatadir)/profiles
dist_site_DATA = profiles/lab.yaml profiles/lossless.yaml

# The counter meaning tables (docs/collectors-rdma.md), compiled in too.
countersdir = $(pkgdatadir)/counters
dist_counters_DATA = profiles/counters/ib_pma.yaml profiles/counters/mlx5.yaml \
	profiles/counters/rxe.yaml profiles/counters/bnxt_re.yaml profiles/counters/irdma.yaml \
	profiles/counters/hns.yaml profiles/counters/qedr.yaml profiles/counters/mana_ib.yaml \
	profiles/counters/erdma.yaml profiles/counters/siw.yaml
