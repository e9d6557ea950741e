# Tests report TAP: cmocka programs through CMOCKA_MESSAGE_OUTPUT=TAP, shell
# tests print it themselves.  Exit 77 or "1..0 # SKIP why" skips with a reason.
LOG_DRIVER = env AM_TAP_AWK='$(AWK)' $(SHELL) $(top_srcdir)/build-aux/tap-driver.sh
AM_TESTS_ENVIRONMENT = \
	CMOCKA_MESSAGE_OUTPUT=TAP; export CMOCKA_MESSAGE_OUTPUT; \
	top_srcdir='$(abs_top_srcdir)'; export top_srcdir; \
	top_builddir='$(abs_top_builddir)'; export top_builddir; \
	ROCESCOPE='$(abs_top_builddir)/rocescope'; export ROCESCOPE;

RS_TEST_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) $(IBVERBS_CFLAGS) $(NL3_CFLAGS) $(YAML_CFLAGS)
RS_TEST_LIBS = $(RS_CORE_LIBS) $(CMOCKA_LIBS)

check_PROGRAMS += tests/test_util
tests_test_util_SOURCES = tests/test_util.c
tests_test_util_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_util_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_util

EXTRA_DIST += tests/lib.sh

# RDMA collectors on fixture trees (sysfs copies, see tests/fixtures/).
check_PROGRAMS += tests/test_collect_rdma
tests_test_collect_rdma_SOURCES = tests/test_collect_rdma.c
tests_test_collect_rdma_CFLAGS = $(RS_TEST_CFLAGS)
tests_test_collect_rdma_LDADD = $(RS_TEST_LIBS)
TESTS += tests/test_collect_rdma
EXTRA_DIST += tests/fixtures

# The fixture trees are sysfs copies: relative symlinks, some of them
# cycles as on a real host (infiniband/mlx5_0/device -> the PCI function
# that contains it), and paths longer than the 99 characters of the v7 tar
# format.  Automake's default `tar chof` follows symlinks (it would recurse
# forever on those) and writes v7, so the tarball is POSIX (pax) format and
# keeps links as links.
am__tar = $${TAR-tar} --format=posix -cf - "$$tardir"
