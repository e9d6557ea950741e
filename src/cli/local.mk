# The rocescope program: the command line (one file per command) on top of
# the core; ui/local.mk adds the console.
bin_PROGRAMS += rocescope
rocescope_CFLAGS = $(AM_CFLAGS) $(NCURSESW_CFLAGS)
rocescope_LDADD = $(RS_CORE_LIBS) $(NCURSESW_LIBS)
rocescope_SOURCES = \
	src/cli/main.c src/cli/cli.h \
	src/cli/view.h src/cli/view.c \
	src/cli/view_devices.c src/cli/view_gids.c \
	src/cli/view_snapshot.c src/cli/view_counters.c \
	src/cli/view_check.c
