# Collectors: fill struct rs_snapshot from the host (or a fixture root).
librscore_a_SOURCES += \
	src/collect/collect.h \
	src/collect/net_priv.h \
	src/collect/netlink.c \
	src/collect/route_get.c \
	src/collect/net_sysfs.c \
	src/collect/ethtool.c
