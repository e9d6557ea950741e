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
