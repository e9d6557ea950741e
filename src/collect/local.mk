# Collectors: fill struct rs_snapshot from the host (or a fixture root).
librscore_a_SOURCES += \
	src/collect/collect.h

# Network: libnl-route-3, the route lookup, sysfs links under a fixture root,
# and the ethtool ioctl.
librscore_a_SOURCES += \
	src/collect/net_priv.h \
	src/collect/netlink.c \
	src/collect/route_get.c \
	src/collect/net_sysfs.c \
	src/collect/ethtool.c

# RDMA (sysfs + libibverbs) and the NIC generation table.
librscore_a_SOURCES += \
	src/collect/rdma_priv.h \
	src/collect/rdma_sysfs.c \
	src/collect/rdma_gids.c \
	src/collect/nic_generation.h \
	src/collect/nic_generation.c \
	src/collect/verbs.c
