# The command-line views, the snapshot sources and the demo host.
# The model side (source, demo, GID recommendation) goes into librscore so
# the console links the same code; the views only into the rocescope binary.
librscore_a_SOURCES += \
	src/model/source.h src/model/source.c \
	src/model/demo.h src/model/demo.c \
	src/diag/gid_recommend.h src/diag/gid_recommend.c
nodist_librscore_a_SOURCES = src/model/demo_host_yaml.c

rocescope_SOURCES += \
	src/cli/cli.h src/cli/view.h src/cli/view.c \
	src/cli/view_devices.c src/cli/view_gids.c \
	src/cli/view_snapshot.c src/cli/view_counters.c \
	src/cli/view_check.c src/cli/cmd_capture.c

EXTRA_DIST += docs/cli.md docs/demo.md
