/* SPDX-License-Identifier: MIT */
/*
 * snapshot.h - the model: one RoCE host at one moment.
 *
 * Plain structs, filled by the collectors (src/collect/), saved and loaded as
 * YAML (src/model/snapshot_yaml.c), read by the views and the console.  No
 * pointer in here points outside the snapshot: every array is owned by it and
 * freed by rs_snapshot_free().  Strings are fixed-size, NUL-terminated, and
 * empty when unknown; numbers use 0 (or -1 where 0 is meaningful) for
 * "unknown", as documented on each field.  The sizes fit what real hosts
 * hold (the kernel's own limits, the longest values seen); a value that
 * still does not fit is kept cut with an ellipsis ("..." as U+2026, util.h)
 * and a collection note, never cut silently.
 *
 * The YAML keys are the field names below, so a field rename is a file-format
 * change: bump RS_SNAPSHOT_VERSION.
 */
#ifndef RS_SNAPSHOT_H
#define RS_SNAPSHOT_H

#include <stddef.h>
#include <stdint.h>

#define RS_SNAPSHOT_VERSION 2	/* 2: errors carry their area */

#define RS_NAME_LEN 64		/* device (IB_DEVICE_NAME_MAX), netdev, counter names */
#define RS_TEXT_LEN 128		/* free text: rate strings, kernel, distro, board ids */
#define RS_ADDR_LEN 48		/* textual IPv4/IPv6 address, fits INET6_ADDRSTRLEN */
#define RS_CIDR_LEN 56		/* address/prefix */
#define RS_MAC_LEN 96		/* aa:bb:...: MAX_ADDR_LEN 32 bytes (IPoIB has 20) */
#define RS_GID_LEN 40		/* fe80:0000:...: 8 groups of 4 hex digits */
#define RS_MSG_LEN 256		/* error text */

/* A named counter value.  Counter sets keep the order they were read in. */
struct rs_counter {
	char name[RS_NAME_LEN];
	uint64_t value;
};

/*
 * One reading of a group of counters (a port's counters/ or hw_counters/, a
 * netdev's statistics, its ethtool -S).  ts_ns is CLOCK_MONOTONIC at the time
 * of the reading; 0 when unknown (a loaded snapshot keeps the saved value).
 */
struct rs_counter_set {
	struct rs_counter *items;
	size_t count;
	uint64_t ts_ns;
};

enum rs_gid_type {
	RS_GID_TYPE_UNKNOWN = 0,
	RS_GID_TYPE_ROCE_V1,	/* sysfs "IB/RoCE v1" */
	RS_GID_TYPE_ROCE_V2,	/* sysfs "RoCE v2" */
};

/*
 * No GID table is that long (rxe has 1024 slots, mlx5 256): a GID index
 * from a file at or past it is made up, and refused.  Verbs can only name
 * the first 256 entries (sgid_index is 8 bits): RS_GID_INDEX_VERBS_MAX.
 */
#define RS_GID_TBL_MAX 65536
#define RS_GID_INDEX_VERBS_MAX 255

struct rs_gid {
	unsigned index;
	char gid[RS_GID_LEN];		/* as sysfs prints it: 8 groups of 4 hex digits */
	enum rs_gid_type type;		/* UNKNOWN: no types file read (on an
					 * InfiniBand port: the IB type, rs_gid_type_of()) */
	char netdev[RS_NAME_LEN];	/* gid_attrs/ndevs/N, empty if none */
	char ip[RS_ADDR_LEN];		/* IPv4 for ::ffff:a.b.c.d, else IPv6 text */
	int ipv4;			/* 1 when ip is IPv4 */
	int vlan;			/* VLAN id of netdev, -1 when none */
};

/* Port states as sysfs and ibv_port_state number them. */
enum rs_port_state {
	RS_PORT_NOP = 0,
	RS_PORT_DOWN = 1,
	RS_PORT_INIT = 2,
	RS_PORT_ARMED = 3,
	RS_PORT_ACTIVE = 4,
	RS_PORT_ACTIVE_DEFER = 5,
};

/* Physical port states (IBTA PortPhysicalState, sysfs phys_state). */
enum rs_port_phys_state {
	RS_PHYS_SLEEP = 1,
	RS_PHYS_POLLING = 2,
	RS_PHYS_DISABLED = 3,
	RS_PHYS_TRAINING = 4,
	RS_PHYS_LINK_UP = 5,
	RS_PHYS_ERROR_RECOVERY = 6,
	RS_PHYS_TEST = 7,
};

struct rs_port {
	unsigned num;
	int state;			/* enum rs_port_state; 0 unknown (or NOP) */
	char state_name[RS_NAME_LEN];	/* "ACTIVE", from "4: ACTIVE"; "" exactly when the
					 * state was not read (a real 0 is "NOP") */
	int phys_state;			/* enum rs_port_phys_state; 0 unknown */
	char phys_state_name[RS_NAME_LEN];
	char rate[RS_TEXT_LEN];		/* "100 Gb/sec (4X EDR)" */
	double rate_gbps;		/* parsed from rate, 0 unknown */
	char link_layer[RS_NAME_LEN];	/* "Ethernet" or "InfiniBand" */
	char netdev[RS_NAME_LEN];	/* Ethernet netdev of the port, "" unknown */
	int active_mtu;			/* bytes, from libibverbs; 0 unknown */
	int max_mtu;			/* bytes, from libibverbs; 0 unknown */
	unsigned gid_tbl_len;		/* slots in the GID table; 0 unknown */
	struct rs_gid *gids;		/* valid entries only, by index */
	size_t n_gids;
	struct rs_counter_set counters;		/* ports/P/counters (raw values) */
	struct rs_counter_set hw_counters;	/* ports/P/hw_counters, without lifespan */
	unsigned hw_lifespan_ms;	/* hw_counters/lifespan, 0 unknown */
	uint32_t max_msg_sz;		/* largest message, from libibverbs; 0 unknown */
	/* rdma_cm's defaults for the port (configfs rdma_cm/DEV/ports/N/):
	 * what an rdma_cm connection gets when the application sets nothing. */
	int cm_known;			/* 1 when the configfs group was read */
	char cm_roce_mode[RS_NAME_LEN];	/* default_roce_mode: "RoCE v2", "IB/RoCE v1" */
	int cm_roce_tos;		/* default_roce_tos, 0..255 */
};

struct rs_pci_link {
	char addr[RS_NAME_LEN];		/* 0000:a2:00.0 */
	unsigned vendor_id, device_id;	/* 0x15b3, 0x1017 ... ; 0 unknown */
	char revision[RS_NAME_LEN];	/* "0x21" as sysfs says; "" unknown (HIP08 vs HIP09) */
	char vendor_name[RS_TEXT_LEN];	/* from pci.ids: "Broadcom Inc. and subsidiaries" */
	char device_name[RS_TEXT_LEN];	/* from pci.ids: "MT27800 Family [ConnectX-5]" */
	char names_note[RS_TEXT_LEN];	/* why a name is "" (not in pci.ids 2023.04.10, ...) */
	char cur_speed[RS_NAME_LEN];	/* "8.0 GT/s PCIe" as sysfs says */
	char max_speed[RS_NAME_LEN];
	double cur_gts, max_gts;	/* parsed, 0 unknown */
	int cur_width, max_width;	/* lanes, 0 unknown */
};

/*
 * The RDMA resources a device holds now, from RDMA netlink
 * (RDMA_NLDEV_CMD_RES_GET and RES_QP_GET: what `rdma resource show` prints):
 * how many queue pairs, completion queues, memory regions and protection
 * domains exist on it, and the states of its QPs.  known = 0 when they were
 * not read (a recorded host without recorded replies, a kernel without RDMA
 * netlink): error says why.  Counts include the kernel's own objects (the
 * GSI QP of every port, ib_core's PD and CQs).
 */
struct rs_rdma_res {
	int known;
	char error[RS_TEXT_LEN];	/* why not known */
	uint64_t qp, cq, mr, pd;	/* RES_SUMMARY "qp", "cq", "mr", "pd" */
	uint64_t cm_id, ctx, srq;	/* "cm_id", "ctx" (user contexts), "srq" */
	int qp_states_known;		/* 1 when the QP list was read */
	/* QPs listed by RES_QP_GET in each state (enum ib_qp_state order) */
	unsigned qp_reset, qp_init, qp_rtr, qp_rts, qp_sqd, qp_sqe, qp_err;
};

#include "snapshot_nic.h"

struct rs_device {
	char name[RS_NAME_LEN];		/* mlx5_0, rxe0 */
	char node_guid[RS_NAME_LEN];
	char fw_ver[RS_TEXT_LEN];
	char board_id[RS_TEXT_LEN];	/* PSID on Mellanox; a product name on hfi1 (72 bytes) */
	char hca_type[RS_TEXT_LEN];
	char driver[RS_NAME_LEN];	/* kernel driver of the PCI function */
	char generation[RS_NAME_LEN];	/* "ConnectX-5", "Soft-RoCE", "" unknown */
	int weak_roce_v2;		/* 1 for ConnectX-3/mlx4: RoCE v2 is limited */
	struct rs_pci_link pci;
	int verbs;			/* 1 when libibverbs opened it (live only) */
	uint64_t max_mr_size;		/* largest memory region, from libibverbs; 0 unknown */
	int present;			/* 0 when it vanished since the last refresh
					 * (a loaded file without the key: 1) */
	struct rs_rdma_res res;		/* RDMA netlink resources */
	struct rs_port *ports;
	size_t n_ports;
	/* Its queue pairs (RDMA netlink), read with res; qps_note says what
	 * could not be read (the list itself when qps_known is 0). */
	int qps_known;
	char qps_note[RS_TEXT_LEN];
	char qp_counter_mode[RS_NAME_LEN];	/* "none", "auto", "manual", "" unknown */
	struct rs_qp *qps;
	size_t n_qps;
	/* Locality of its PCI function: sysfs numa_node and local_cpulist. */
	int numa_node;			/* -1 unknown or no NUMA */
	char local_cpus[RS_TEXT_LEN];
	struct rs_irq *irqs;		/* its MSI interrupts */
	size_t n_irqs;
};

struct rs_pause {
	int known;			/* 0 when the ioctl failed or not supported */
	int autoneg, rx, tx;		/* 802.3x pause, ETHTOOL_GPAUSEPARAM */
};

/*
 * Data center bridging of a link (IEEE 802.1Qaz/Qbb) as the driver reports
 * it through DCB netlink (RTM_GETDCB).  known = 0 when the driver has no
 * DCB (veth, lo, most non-RDMA NICs: EOPNOTSUPP) or it was not read (a
 * recorded host): error says which.
 */
struct rs_dcb {
	int known;
	char error[RS_TEXT_LEN];	/* why not known */
	unsigned pfc_cap;		/* priorities the port can pause, 0 unknown */
	unsigned pfc_en;		/* bit n: PFC on priority n */
	char trust[RS_NAME_LEN];	/* "dscp" (DSCP APP entries or trust table), "pcp", "" */
	unsigned dscp_apps;		/* APP entries mapping a DSCP to a priority */
};

/*
 * RoCE ECN and DCQCN of a link as the driver shows them (MLNX_OFED sysfs
 * ecn/roce_np|roce_rp/: enable/N per priority, then one file per
 * parameter).  The parameters are kept by name, as the driver names them.
 */
struct rs_ecn {
	int known;			/* the sysfs tree exists */
	unsigned np_en;			/* bit n: notification point (CNPs sent) on priority n */
	unsigned rp_en;			/* bit n: reaction point (rate cut) on priority n */
	int cnp_dscp;			/* roce_np/cnp_dscp, -1 unknown */
	int cnp_prio;			/* roce_np/cnp_802p_prio, -1 unknown */
	struct rs_counter_set np_params;	/* the other roce_np files */
	struct rs_counter_set rp_params;	/* the roce_rp files (rpg_*, rate_*, dce_tcp_*) */
};

struct rs_link {
	int ifindex;
	char name[RS_NAME_LEN];
	char kind[RS_NAME_LEN];		/* "veth", "vlan", "bond", "" for a NIC */
	char mac[RS_MAC_LEN];
	unsigned mtu;
	char operstate[RS_NAME_LEN];	/* "UP", "DOWN", "LOWERLAYERDOWN", ... */
	int up;				/* IFF_UP */
	int carrier;			/* IFF_LOWER_UP / carrier */
	int noarp;			/* IFF_NOARP: `ip link set X arp off` */
	char master[RS_NAME_LEN];	/* bond or bridge master, "" none */
	int vlan_id;			/* -1 when not a VLAN */
	char vlan_parent[RS_NAME_LEN];
	struct rs_counter_set stats;	/* netdev statistics (rtnl_link_stat) */
	struct rs_counter_set ethtool;	/* ethtool -S via SIOCETHTOOL */
	struct rs_pause pause;
	char driver[RS_NAME_LEN];	/* ethtool -i: mlx5_core, or the sysfs driver link */
	char driver_version[RS_NAME_LEN];
	char fw_version[RS_TEXT_LEN];	/* ethtool -i firmware-version */
	struct rs_dcb dcb;
	struct rs_ecn ecn;
	/* Effective address-handling sysctls: max of conf/all and conf/IF. */
	int rp_filter;			/* 0 off, 1 strict, 2 loose; -1 unknown */
	int arp_ignore;			/* -1 unknown */
	int arp_announce;		/* -1 unknown */
	/* The NIC under it (nic_health.c): its PCI function (the devlink
	 * handle), health reporters, FEC, module; the PFC storm guard. */
	char bus[RS_NAME_LEN];		/* "0000:3b:00.0" from the device link, "" none */
	struct rs_health health;
	struct rs_fec fec;
	struct rs_xcvr xcvr;
	int pfc_prevention_ms;		/* ETHTOOL_PFC_PREVENTION_TOUT: 0 off, 65535 auto, -1 unknown */
	char pfc_prevention_error[RS_TEXT_LEN];	/* why unknown */
};

struct rs_addr {
	char ifname[RS_NAME_LEN];
	int family;			/* 4 or 6 */
	char addr[RS_ADDR_LEN];
	int prefixlen;
	char scope[RS_NAME_LEN];	/* "global", "link", "host" */
};

struct rs_route {
	int family;			/* 4 or 6 */
	char dst[RS_CIDR_LEN];		/* "default" or "10.99.0.0/24" */
	char gateway[RS_ADDR_LEN];	/* "" when direct */
	char dev[RS_NAME_LEN];
	char prefsrc[RS_ADDR_LEN];
	unsigned table;			/* 254 = main */
	unsigned metric;
	char scope[RS_NAME_LEN];
	char type[RS_NAME_LEN];		/* "unicast", "local", ... */
};

struct rs_neigh {
	char dev[RS_NAME_LEN];
	int family;
	char ip[RS_ADDR_LEN];
	char mac[RS_MAC_LEN];		/* "" when none (INCOMPLETE, FAILED) */
	char state[RS_NAME_LEN];	/* "REACHABLE", "STALE", "FAILED", ... */
};

/* What the kernel would do to reach a peer: `ip route get PEER`. */
struct rs_route_lookup {
	char peer[RS_ADDR_LEN];		/* "" when no peer was asked for */
	int ok;				/* 1 when the lookup found a route */
	char dev[RS_NAME_LEN];
	char src[RS_ADDR_LEN];
	char gateway[RS_ADDR_LEN];
	char error[RS_MSG_LEN];		/* why not, when ok == 0 */
	/* The errno of the kernel's refusal (ENETUNREACH, EHOSTUNREACH, ...),
	 * 0 when none or unknown.  Not saved: a loaded lookup keeps only the
	 * words, which say the same to a person. */
	int err;
	/* 1: computed from the snapshot's routes for a peer the recording did
	 * not look up (model/route_resolve.h), not the kernel's answer.  Not
	 * saved: it is derived, and the snapshot command writes the recorded
	 * lookup instead. */
	int computed;
};

struct rs_hugepages {
	unsigned long size_kb;		/* 2048, 1048576 */
	unsigned long total;
	unsigned long free;
};

struct rs_module {
	char name[RS_NAME_LEN];
	int loaded;
};

#define RS_MEMLOCK_UNLIMITED UINT64_MAX

struct rs_host {
	char hostname[RS_TEXT_LEN];
	char kernel[RS_TEXT_LEN];	/* uname -r */
	char os[RS_TEXT_LEN];		/* os-release PRETTY_NAME */
	uint64_t mem_total_kb;
	struct rs_module *modules;	/* the modules that matter, loaded or not */
	size_t n_modules;
	struct rs_hugepages *hugepages;
	size_t n_hugepages;
	int cap_ipc_lock;		/* 1: this process may lock any amount, -1 unknown */
	uint64_t memlock_soft;		/* RLIMIT_MEMLOCK bytes, or RS_MEMLOCK_UNLIMITED */
	uint64_t memlock_hard;
	int memlock_known;		/* 1 when memlock_soft/hard were read */
	char memlock_conf[RS_TEXT_LEN];	/* what limits.conf/limits.d set: "unlimited", "65536", "" none */
	char memlock_conf_file[RS_TEXT_LEN];	/* where that came from */
	struct rs_numa_node *numa;	/* the NUMA nodes and their CPUs */
	size_t n_numa;
};

/*
 * The three parts of a host a snapshot describes.  Each collector fills one
 * and records its errors against it, so a re-collection of one part (the
 * network after a netlink event) replaces exactly that part, and each error
 * is shown where its data would be.
 */
enum rs_area {
	RS_AREA_RDMA = 0,		/* devices, ports, GIDs, their counters */
	RS_AREA_NET,			/* links, addresses, routes, neighbours, the peer lookup */
	RS_AREA_HOST,			/* kernel, modules, memory, limits */
	RS_AREA_COUNT,
};

/* A source that could not be read: shown where its data would be. */
struct rs_error {
	enum rs_area area;
	char source[RS_NAME_LEN];	/* "sysfs", "netlink", "ethtool", "verbs", ... */
	char object[RS_NAME_LEN];	/* "mlx5_0", "eth0", "" */
	char message[RS_MSG_LEN];
};

struct rs_snapshot {
	int version;			/* RS_SNAPSHOT_VERSION */
	char source[RS_NAME_LEN];	/* "live", "root:DIR", "file:PATH", "demo" */
	char taken_at[RS_NAME_LEN];	/* ISO 8601 UTC wall clock */
	struct rs_host host;
	struct rs_device *devices;
	size_t n_devices;
	struct rs_link *links;
	size_t n_links;
	struct rs_addr *addrs;
	size_t n_addrs;
	struct rs_route *routes;
	size_t n_routes;
	struct rs_neigh *neighs;
	size_t n_neighs;
	struct rs_route_lookup peer;
	struct rs_proc *procs;		/* the processes owning QPs (area rdma) */
	size_t n_procs;
	struct rs_error *errors;
	size_t n_errors;
};

void rs_snapshot_init(struct rs_snapshot *s);
/* A new link's fields that are not zero when unknown (VLAN id, sysctls). */
void rs_link_init(struct rs_link *k);
/* The same for a new device (its NUMA node). */
void rs_device_init(struct rs_device *d);
/* Free what a link's NIC parts own (reporters, FEC lanes, module lanes). */
void rs_link_nic_free(struct rs_link *k);
void rs_qps_free(struct rs_qp *qps, size_t n);
void rs_snapshot_free(struct rs_snapshot *s);

/* Append a collection error (printf-style message). */
void rs_snapshot_add_error(struct rs_snapshot *s, enum rs_area area, const char *source,
			   const char *object, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* The same, unless an identical error is already there (refresh paths,
 * which would otherwise add one per tick). */
void rs_snapshot_add_error_once(struct rs_snapshot *s, enum rs_area area, const char *source,
				const char *object, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* Empty one area: its data and its errors (before collecting it again). */
void rs_snapshot_clear_area(struct rs_snapshot *s, enum rs_area area);
const char *rs_area_name(enum rs_area a);	/* "rdma", "net", "host" */
int rs_area_parse(const char *name, enum rs_area *a);	/* 0 or -EINVAL */

/* Append an empty element to a dynamic array and return it (zeroed). */
#define RS_APPEND(arr, n) ((typeof(arr))rs_array_append((void **)&(arr), &(n), sizeof(*(arr))))
void *rs_array_append(void **arr, size_t *n, size_t size);

void rs_counter_set_add(struct rs_counter_set *set, const char *name, uint64_t value);
const struct rs_counter *rs_counter_set_find(const struct rs_counter_set *set, const char *name);
void rs_counter_set_free(struct rs_counter_set *set);

/* Lookups used by views, checks and the console. */
const struct rs_link *rs_snapshot_link(const struct rs_snapshot *s, const char *name);
/* The neighbour entry of ip on dev ("" dev: any), or NULL. */
const struct rs_neigh *rs_snapshot_neigh(const struct rs_snapshot *s, const char *dev,
					 const char *ip);
const char *rs_gid_type_name(enum rs_gid_type t);
/* 1 for a port whose link layer is Ethernet (RoCE); 0 for InfiniBand or unknown. */
int rs_port_is_eth(const struct rs_port *p);
/* 1 for a port whose link layer is known and not Ethernet (InfiniBand, OPA). */
int rs_port_is_ib(const struct rs_port *p);
/* "QPs 12 (RTS 10, ERR 2), CQs 8, MRs 4, PDs 3" (states in the kernel's
 * order, those with no QP left out), or "unknown: WHY". */
void rs_rdma_res_fmt(char *buf, size_t len, const struct rs_rdma_res *r);
/* The QPs of r in state st (0 RESET ... 6 ERR), and the state's name. */
unsigned rs_rdma_res_qps_in(const struct rs_rdma_res *r, int st);
const char *rs_qp_state_name(int st);
#define RS_QP_STATES 7

/*
 * The values the kernel prints for a PCIe link speed and an RDMA port's
 * rate (src/model/kernel_values.c, which cites where): a snapshot or a
 * sysfs tree holding another is refused, never shown.  0 (unknown) is
 * not one of them.
 */
int rs_pcie_gts_known(double gts);
int rs_ib_rate_known(double gbps);
/* IB MTUs (enum ibv_mtu in bytes): 256 .. 4096 */
int rs_ib_mtu_known(int bytes);

#endif
