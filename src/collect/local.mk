# SPDX-License-Identifier: MIT
# The collectors: each fills one area of a snapshot from one source of the
# host (sysfs, libibverbs, netlink, the ethtool ioctl, procfs, limits.conf).
librscore_a_SOURCES += \
	src/collect/collect.h src/collect/producer.h \
	src/collect/rdma_priv.h src/collect/rdma_sysfs.c src/collect/rdma_gids.c \
	src/collect/nic_generation.h src/collect/nic_generation.c src/collect/pci_names.c \
	src/collect/verbs.c \
	src/collect/nl_util.h src/collect/nl_util.c \
	src/collect/rdma_res.h src/collect/rdma_res.c src/collect/rdma_res_parse.c \
	src/collect/rdma_qp.h src/collect/rdma_qp.c src/collect/rdma_qp_parse.c src/collect/locality.c \
	src/collect/net_priv.h src/collect/netlink.c \
	src/collect/route.h src/collect/route_get.c \
	src/collect/net_monitor.c src/collect/net_sysfs.c src/collect/ethtool.c \
	src/collect/net_conf.c src/collect/dcb.c \
	src/collect/nic_health.h src/collect/nic_health.c src/collect/nic_parse.c \
	src/collect/xcvr.c \
	src/collect/host.c src/collect/host_limits.h src/collect/limits_conf.c \
	src/collect/sysfs_files.h src/collect/sysfs_files.c
