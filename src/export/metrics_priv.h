/* SPDX-License-Identifier: MIT */
/*
 * metrics_priv.h - the writer the metric families of src/export/ share:
 * one family at a time, its header written before its first sample (a
 * family with no sample writes nothing), labels escaped per the format.
 * Internal to src/export/.
 */
#ifndef RS_METRICS_PRIV_H
#define RS_METRICS_PRIV_H

#include "export/metrics.h"

enum rs_mtype {
	RS_MT_COUNTER,		/* name ends in _total */
	RS_MT_GAUGE,
	RS_MT_INFO,		/* name ends in _info, value 1 (a gauge in 0.0.4) */
};

struct rs_mw {
	struct rs_text *t;
	enum rs_metrics_format f;
	const char *name;	/* the sample name: rocescope_..._total */
	const char *help;
	enum rs_mtype type;
	int header_done;
};

/* Start a family: name is the sample name (with _total or _info). */
void rs_mw_family(struct rs_mw *w, const char *name, enum rs_mtype type, const char *help);
/* One sample; labels are name, value pairs ended by NULL.  Values are
 * escaped; an empty value is written (Prometheus reads it as absent). */
void rs_mw_u64(struct rs_mw *w, uint64_t v, ...) __attribute__((sentinel));
void rs_mw_f64(struct rs_mw *w, double v, ...) __attribute__((sentinel));

/* The families of devices, ports and netdevs (metrics_ports.c). */
void rs_metrics_devices(struct rs_mw *w, const struct rs_metrics_src *src);
void rs_metrics_ports(struct rs_mw *w, const struct rs_metrics_src *src);
void rs_metrics_netdevs(struct rs_mw *w, const struct rs_metrics_src *src);
/* The top QPs, QPs in ERR or stalled, and the NIC's health (metrics_nic.c). */
void rs_metrics_nic(struct rs_mw *w, const struct rs_metrics_src *src);

#endif
