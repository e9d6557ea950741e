# The command-line views, the snapshot sources and the demo host.
# The model side (source, demo, GID recommendation) goes into librscore so
# the console links the same code; the views only into the rocescope binary.
librscore_a_SOURCES += \
	src/model/source.h src/model/source.c \
	src/model/demo.h src/model/demo.c \
	src/diag/gid_recommend.h src/diag/gid_recommend.c
nodist_librscore_a_SOURCES = src/model/demo_host_yaml.c

EXTRA_DIST += docs/demo.md

# Shared headers this part includes (owned elsewhere; listed so dist has them).
EXTRA_DIST += src/model/snapshot_yaml.h src/model/rate.h
