# The command-line views, the snapshot sources and the demo host.
# The model side (source, demo, GID recommendation) goes into librscore so
# the console links the same code; the views only into the rocescope binary.
librscore_a_SOURCES += \
	src/diag/gid_recommend.h src/diag/gid_recommend.c
