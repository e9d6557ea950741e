# SPDX-License-Identifier: MIT
# The problem checks, pure functions of a context (docs/checks.md), and the
# capture's wire rules.
librscore_a_SOURCES += \
	src/diag/check.h src/diag/check.c \
	src/diag/checks_device.c src/diag/checks_network.c src/diag/checks_host.c \
	src/diag/checks_counters.c src/diag/checks_qos.c src/diag/checks_setup.c \
	src/diag/checks_peer.c src/diag/checks_capture.c src/diag/capture_verdicts.c \
	src/diag/checks_perf.c \
	src/diag/checks_qps.c src/diag/checks_nic.c src/diag/checks_dcqcn.c \
	src/diag/checks_neigh.c \
	src/diag/checks_peer.c src/diag/checks_capture.c src/diag/checks_perf.c \
	src/diag/subnets.c \
	src/diag/profile.h src/diag/profile.c
# `rocescope explain`: the messages it knows (data) and the matcher.
librscore_a_SOURCES += \
	src/diag/explain.h src/diag/explain.c \
	src/diag/explain_table.c src/diag/explain_kernel.c src/diag/explain_stacks.c \
	src/diag/explain_wc.c src/diag/explain_context.c src/diag/explain_rank.c \
	src/diag/explain_listings.c src/diag/explain_errno.c src/diag/explain_more.c \
	src/diag/explain_firmware.c src/diag/explain_nccl_ucx.c src/diag/explain_modules.c \
	src/diag/explain_crash.c src/diag/explain_nccl.c \
	src/diag/explain_verbs.c src/diag/explain_ucx.c
