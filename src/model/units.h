/* SPDX-License-Identifier: MIT */
/*
 * units.h - counter rates in the units an engineer reads them in: data in
 * bits per second with SI prefixes (Gb/s, as NICs and switch ports are
 * sold: a "100G" port carries 100 000 000 000 bits a second), packets in
 * packets per second (pps, kpps, Mpps), anything else per second.
 *
 * Pure formatting, no I/O: the console's Counters pane and `rocescope
 * counters` both print through here, so they always agree.  The numbers
 * kept underneath (the series, --json, the exporter) stay exact, in bytes
 * per second; only text for people is scaled.
 */
#ifndef RS_UNITS_H
#define RS_UNITS_H

#include <stddef.h>

#include "model/counter_groups.h"

enum rs_rate_unit {
	RS_RU_BITS,		/* a byte counter, shown as bits per second */
	RS_RU_PACKETS,		/* a packet counter: pps */
	RS_RU_EVENTS,		/* anything else: per second */
};

/* What a counter's rate is shown in: the counter tables' unit (cls may be
 * NULL), else packets by name (rx_prio3_packets, an ethtool name). */
enum rs_rate_unit rs_rate_unit_of(const struct rs_counter_class *cls, const char *name);
/* "bytes", "packets" or "count": the unit of a counter's exact value. */
const char *rs_rate_unit_name(enum rs_rate_unit u);

/*
 * A rate for people.  rate is per second in the counter's own unit (bytes
 * for RS_RU_BITS); value gets the scaled number and unit its unit text:
 * 4.1e9 B/s -> 32.8, "Gb/s"; 897500 pps -> 897.5, "kpps"; 3 -> 3, "/s".
 * Prefixes step by 1000 (SI); below 1 unit stays unscaled.
 */
void rs_rate_scale(double rate, enum rs_rate_unit u, double *value, const char **unit);
/* The same as text: "32.80 Gb/s", "897.50 kpps", "3.00 /s" (2 decimals). */
void rs_fmt_rate(char *buf, size_t len, double rate, enum rs_rate_unit u);
/* Shorter, for narrow columns: "32.8 Gb/s", "897.5 kpps", "3 /s". */
void rs_fmt_rate_short(char *buf, size_t len, double rate, enum rs_rate_unit u);

#endif
