# The core: model, collectors, views.  Never includes curses.
noinst_LIBRARIES += librscore.a
librscore_a_CFLAGS = $(AM_CFLAGS) $(IBVERBS_CFLAGS) $(NL3_CFLAGS) $(YAML_CFLAGS) $(PCAP_CFLAGS)
librscore_a_SOURCES = \
	src/snapshot.h \
	src/util.h src/util.c \
	src/json.h src/json.c \
	src/model/snapshot.c

RS_CORE_LIBS = librscore.a $(IBVERBS_LIBS) $(RDMACM_LIBS) $(NL3_LIBS) $(YAML_LIBS) $(PCAP_LIBS)

bin_PROGRAMS += rocescope
rocescope_CFLAGS = $(AM_CFLAGS) $(NCURSESW_CFLAGS)
rocescope_SOURCES = src/cli/main.c
rocescope_LDADD = $(RS_CORE_LIBS) $(NCURSESW_LIBS)

# Model: rates, snapshot YAML save/load; host collector and rs_collect_all.
librscore_a_SOURCES += \
	src/model/rate.h src/model/rate.c \
	src/model/snapshot_yaml.h src/model/snapshot_schema.h \
	src/model/snapshot_schema.c src/model/snapshot_yaml.c \
	src/model/snapshot_yaml_load.c
EXTRA_DIST += docs/snapshot-format.md docs/counters-rate.md docs/host-collector.md

# Host collector, limits.conf evaluation, and the collect-everything calls.
# collect.c calls the rdma/net/ethtool/verbs collectors of other parts: a
# program that does not call rs_collect_all/rs_collect_counters never pulls
# collect.o out of the archive, so the tests here link without them.
librscore_a_SOURCES += \
	src/collect/host.c src/collect/host_limits.h src/collect/limits_conf.c \
	src/collect/collect.c
