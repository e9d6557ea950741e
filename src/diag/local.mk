# The problem checks: pure functions over a snapshot (docs/checks.md).
# gid_recommend.c is built from src/cli/local.mk (it came first).
librscore_a_SOURCES += \
	src/diag/check.h src/diag/check.c \
	src/diag/checks_device.c src/diag/checks_network.c src/diag/checks_host.c

EXTRA_DIST += docs/checks.md
