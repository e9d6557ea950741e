# SPDX-License-Identifier: MIT
# The active probes (docs/probes.md): ICMP echo, DF path MTU, the next
# hop's neighbour, TCP connect, rdma_cm resolution - the few wizard steps
# that touch the network.  tests/probe_cli runs one from the command line.
librscore_a_SOURCES += \
	src/probe/probe.h src/probe/probe_priv.h src/probe/probe.c \
	src/probe/icmp.c src/probe/ping.c src/probe/pmtu.c \
	src/probe/neigh.c src/probe/arp.c src/probe/tcp.c src/probe/rdma_cm.c \
	src/probe/summary.c
librscore_a_CFLAGS += $(RDMACM_CFLAGS)
EXTRA_DIST += docs/probes.md
