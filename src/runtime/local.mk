# SPDX-License-Identifier: MIT
# The runtime: the event loop (fds, timers, signals, children).  Core, no curses.
librscore_a_SOURCES += \
	src/runtime/loop.h src/runtime/loop_priv.h \
	src/runtime/loop.c src/runtime/child.c
