# The core library, librscore.a: everything under src/ but the command
# line.  Each folder below adds its own files (src/*/local.mk).  The core
# never includes curses.
noinst_LIBRARIES += librscore.a
librscore_a_CFLAGS = $(AM_CFLAGS) $(IBVERBS_CFLAGS) $(NL3_CFLAGS) $(YAML_CFLAGS)
librscore_a_SOURCES = \
	src/snapshot.h \
	src/util.h src/util.c \
	src/json.h src/json.c

RS_CORE_LIBS = librscore.a $(IBVERBS_LIBS) $(RDMACM_LIBS) $(NL3_LIBS) $(YAML_LIBS) $(PCAP_LIBS)
