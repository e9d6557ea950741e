/* SPDX-License-Identifier: MIT */
/*
 * snapshot_nic.h - the parts of the model (snapshot.h) below a device and
 * a link that say who uses a NIC and whether it is well: its queue pairs
 * with their owners and PSNs, the CPUs and interrupts around it, its
 * health reporters, FEC, transceiver module and the switches of its
 * congestion control.  Included by snapshot.h; the same rules hold
 * (fixed-size strings, owned arrays, YAML keys are the field names).
 */
#ifndef RS_SNAPSHOT_NIC_H
#define RS_SNAPSHOT_NIC_H

#include <stddef.h>
#include <stdint.h>

#define RS_QP_TYPE_LEN 16

/*
 * One queue pair as RDMA netlink lists it (RDMA_NLDEV_CMD_RES_QP_GET, what
 * `rdma resource show qp` prints), with the rdma_cm ID that owns it
 * (RES_CM_ID_GET) and the per-QP counter bound to it (STAT_GET of the QP
 * counters), when there are.  The kernel gives rqpn and rq_psn for RC and
 * UC QPs only (has_rqpn).
 */
struct rs_qp {
	unsigned lqpn;
	unsigned port;			/* 0: not on a port yet (just created) */
	char type[RS_QP_TYPE_LEN];	/* "RC", "UD", "GSI", ... or "type N" */
	int state;			/* enum ib_qp_state: 0 RESET ... 6 ERR */
	int has_rqpn;
	unsigned rqpn;
	unsigned sq_psn, rq_psn;
	unsigned pdn;			/* 0: not given (kernel QPs) */
	unsigned pid;			/* owner, in the reader's PID namespace; 0 kernel */
	char comm[RS_NAME_LEN];		/* /proc/PID/comm, or the kernel owner ("ib_core") */
	int kernel;			/* owned by a kernel module, not a process */
	int cm;				/* an rdma_cm ID owns it: the addresses below */
	char src_addr[RS_ADDR_LEN];
	unsigned src_port;
	char dst_addr[RS_ADDR_LEN];
	unsigned dst_port;
	unsigned counter_id;		/* 0: no per-QP counter bound to it */
	struct rs_counter_set counters;	/* that counter's values, as the driver names them */
};

/* A process that owns QPs: where it may run and where it last ran. */
struct rs_proc {
	unsigned pid;
	char comm[RS_NAME_LEN];
	char cpus_allowed[RS_TEXT_LEN];	/* /proc/PID/status Cpus_allowed_list */
	int cpu;			/* /proc/PID/stat field 39 "processor", -1 unknown */
};

/* An interrupt of a device's PCI function (its msi_irqs). */
struct rs_irq {
	unsigned irq;
	char name[RS_NAME_LEN];		/* the /proc/interrupts action: mlx5_comp3@pci:... */
	char affinity[RS_TEXT_LEN];	/* /proc/irq/N/smp_affinity_list */
	char effective[RS_TEXT_LEN];	/* effective_affinity_list, "" unknown */
	uint64_t count;			/* interrupts on all CPUs */
};

/* A NUMA node of the host and its CPUs (/sys/devices/system/node). */
struct rs_numa_node {
	unsigned node;
	char cpus[RS_TEXT_LEN];		/* its cpulist */
};

/* A devlink health reporter (DEVLINK_CMD_HEALTH_REPORTER_GET). */
struct rs_reporter {
	char name[RS_NAME_LEN];		/* mlx5: fw, fw_fatal, tx, rx, vnic */
	int port;			/* devlink port index, -1 the device's own */
	int error;			/* DEVLINK_ATTR_HEALTH_REPORTER_STATE: 1 error */
	uint64_t errors;		/* ERR_COUNT */
	uint64_t recovers;		/* RECOVER_COUNT */
	uint64_t grace_ms;		/* GRACEFUL_PERIOD */
	int auto_recover;		/* -1 not said */
};

/* The devlink instance of a link's PCI function and its reporters. */
struct rs_health {
	int known;			/* the reporters were read (maybe none) */
	char error[RS_TEXT_LEN];	/* why not known */
	struct rs_reporter *reporters;
	size_t n_reporters;
};

/* FEC counters of one lane (index 0 is lane 0; the totals are in rs_fec). */
struct rs_fec_lane {
	unsigned lane;
	int has_corrected, has_uncorrectable, has_corr_bits;
	uint64_t corrected, uncorrectable, corr_bits;
};

/* One bin of the FEC histogram: code words with low..high symbol errors. */
struct rs_fec_bin {
	unsigned low, high;
	uint64_t value;
};

/* ETHTOOL_MSG_FEC_GET with statistics (`ethtool -I --show-fec`). */
struct rs_fec {
	int known;
	char error[RS_TEXT_LEN];
	char active[RS_NAME_LEN];	/* "RS", "BaseR", "LLRS", "None", "" not said */
	int has_corrected, has_uncorrectable, has_corr_bits;
	uint64_t corrected, uncorrectable, corr_bits;	/* blocks (bits) in total */
	struct rs_fec_lane *lanes;
	size_t n_lanes;
	struct rs_fec_bin *hist;
	size_t n_hist;
};

/* Monitors of one lane of a transceiver (SFF-8472/8636, CMIS page 11h). */
struct rs_xcvr_lane {
	unsigned lane;			/* 1-based, as the specs number them */
	int has_tx, has_rx, has_bias;
	double tx_mw, rx_mw, bias_ma;
};

/* An alarm or warning flag that is set. */
struct rs_xcvr_flag {
	char name[RS_NAME_LEN];		/* "temperature high", "rx power low", "rx LOS" */
	unsigned lane;			/* 0: the module's own */
	int alarm;			/* 1 alarm, 0 warning */
};

/* The transceiver module (its EEPROM through ethtool). */
struct rs_xcvr {
	int known;
	char error[RS_TEXT_LEN];
	unsigned id;			/* SFF-8024 identifier byte */
	char spec[RS_NAME_LEN];		/* "SFF-8472", "SFF-8636", "CMIS" */
	char vendor[RS_NAME_LEN], part[RS_NAME_LEN];
	int has_temp, has_vcc;
	double temp_c, vcc_v;
	int flags_known;		/* the alarm and warning flags were read */
	struct rs_xcvr_lane *lanes;
	size_t n_lanes;
	struct rs_xcvr_flag *flags;
	size_t n_flags;
};

#endif
