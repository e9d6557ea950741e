# SPDX-License-Identifier: MIT
# The full-screen console (ncursesw).  Only ui/ includes curses.

RS_UI_SOURCES = \
	ui/curses.h ui/ui.h ui/console.h \
	ui/console.c ui/frame.c ui/state.c ui/theme.c ui/recording_keys.c \
	ui/console_panes.c \
	ui/pane_overview.h ui/pane_overview.c ui/pane_overview_draw.c \
	ui/pane_devices.c ui/pane_devices_nic.c ui/pane_gids.c ui/pane_counters.c \
	ui/pane_network.c ui/pane_host.c ui/pane_wizard.c ui/wizard_fix.h ui/wizard_fix.c \
	ui/pane_capture.h ui/pane_capture.c ui/pane_capture_draw.c \
	ui/pane_tests.h ui/pane_tests.c ui/pane_tests_draw.c \
	ui/pane_qps.h ui/pane_qps.c ui/pane_qps_draw.c \
	ui/explain_view.c ui/width.h ui/width.c

rocescope_SOURCES += $(RS_UI_SOURCES)

# The headless tick driver of `make bench-console` (same sources).
noinst_PROGRAMS += ui/console_bench
ui_console_bench_CFLAGS = $(AM_CFLAGS) $(NCURSESW_CFLAGS)
ui_console_bench_SOURCES = ui/console_bench.c $(RS_UI_SOURCES)
ui_console_bench_LDADD = $(RS_CORE_LIBS) $(NCURSESW_LIBS)

# (The console's screen tests are listed in tests/local.mk.)
EXTRA_DIST += tests/bench/gen_root.sh

# `make bench-console`: N refresh ticks of the console on a generated root
# with 16 RoCE ports (tests/bench/gen_root.sh), measured with callgrind
# (instructions per tick, limit 5 million) and /proc/self/status (peak
# resident memory, limit 16 MiB).  `make bench` depends on it.
RS_BENCH_TICKS = 50
bench-console: ui/console_bench$(EXEEXT)
	@rm -rf bench-console-root bench-console.cg
	@sh $(srcdir)/tests/bench/gen_root.sh bench-console-root 16
	@./ui/console_bench$(EXEEXT) --root bench-console-root --ticks $(RS_BENCH_TICKS) >bench-console.txt
	@hwm=$$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' bench-console.txt); \
	echo "console: peak resident memory $$hwm kB (limit 16384 kB)"; \
	test "$$hwm" -lt 16384
	@valgrind --tool=callgrind --callgrind-out-file=bench-console.cg \
		--toggle-collect=rs_console_bench_tick \
		./ui/console_bench$(EXEEXT) --root bench-console-root --ticks $(RS_BENCH_TICKS) \
		>/dev/null 2>bench-console.valgrind
	@ir=$$(sed -n 's/^summary: *\([0-9]*\).*/\1/p' bench-console.cg); \
	per=$$((ir / $(RS_BENCH_TICKS))); \
	echo "console: $$per instructions per refresh tick, 16 ports (limit 5000000)"; \
	test "$$per" -lt 5000000
	@rm -rf bench-console-root
bench: bench-console
.PHONY: bench bench-console
CLEANFILES += bench-console.cg bench-console.txt bench-console.valgrind
