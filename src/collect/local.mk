# Collectors: fill struct rs_snapshot from the host (or a fixture root).
librscore_a_SOURCES += \
	src/collect/collect.h \
	src/collect/net_priv.h \
	src/collect/netlink.c \
	src/collect/route_get.c \
	src/collect/net_sysfs.c \
	src/collect/ethtool.c
# Collectors: fill the snapshot from sysfs, procfs, libibverbs, netlink.
# RDMA (sysfs + libibverbs) and NIC generation table:
librscore_a_SOURCES += \
	src/collect/collect.h \
	src/collect/rdma_priv.h \
	src/collect/rdma_sysfs.c \
	src/collect/rdma_gids.c \
	src/collect/nic_generation.h \
	src/collect/nic_generation.c \
	src/collect/verbs.c
