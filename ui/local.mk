# The full-screen console (ncursesw).  Only ui/ includes curses.
# counter_groups is pure model code (no curses), used by the Counters pane.
librscore_a_SOURCES += src/model/counter_groups.h src/model/counter_groups.c

RS_UI_SOURCES = \
	ui/curses.h ui/ui.h ui/console.h \
	ui/console.c ui/frame.c ui/state.c ui/theme.c ui/counters.c \
	ui/panes.c \
	ui/pane_devices.c ui/pane_gids.c ui/pane_counters.c \
	ui/pane_network.c ui/pane_host.c

# Until the snapshot source (src/model/source.c), rates and the GID
# recommendation are merged, the console builds as a library that rocescope
# does not link yet.
noinst_LIBRARIES += librsui.a
librsui_a_CFLAGS = $(AM_CFLAGS) $(NCURSESW_CFLAGS)
librsui_a_SOURCES = $(RS_UI_SOURCES)

EXTRA_DIST += tests/test_console.sh tests/bench/gen_root.sh
