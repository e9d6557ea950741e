# SPDX-License-Identifier: MIT
# `rocescope fix` (docs/fix.md): the plan from the findings (pure), the
# changes through libnl, DCB netlink, the ethtool ioctl, libkmod and files,
# the journal that makes every change undoable.
librscore_a_SOURCES += \
	src/fix/fix.h src/fix/fix_priv.h \
	src/fix/plan.c src/fix/plan_host.c src/fix/plan_files.c \
	src/fix/safety.c src/fix/apply.c src/fix/journal.c \
	src/fix/act_file.c src/fix/act_nl.c src/fix/act_route.c \
	src/fix/act_kmod.c src/fix/act_qos.c
librscore_a_CFLAGS += $(KMOD_CFLAGS)
