/* SPDX-License-Identifier: MIT */
/*
 * units.c - the rate units of units.h.
 *
 * Bits, not bytes: link rates, NIC data sheets, switch port speeds and
 * perftest's "BW average[Gb/sec]" are all in bits per second with SI
 * (decimal) prefixes, so a port at line rate shows the number printed on
 * it.  The byte counters stay bytes underneath (port_xmit_data is already
 * scaled to bytes by the series); the factor 8 is applied only here.
 */
#include "model/units.h"

#include <stdio.h>
#include <string.h>

enum rs_rate_unit rs_rate_unit_of(const struct rs_counter_class *cls, const char *name)
{
	if (cls && (cls->flags & RS_CF_BYTES))
		return RS_RU_BITS;
	if (cls && cls->unit == RS_CU_PACKETS)
		return RS_RU_PACKETS;
	if (cls && cls->unit != RS_CU_NONE)
		return RS_RU_EVENTS;
	if (name && (strstr(name, "packets") || strstr(name, "pkts")))
		return RS_RU_PACKETS;
	return RS_RU_EVENTS;
}

const char *rs_rate_unit_name(enum rs_rate_unit u)
{
	switch (u) {
	case RS_RU_BITS: return "bytes";
	case RS_RU_PACKETS: return "packets";
	default: return "count";
	}
}

void rs_rate_scale(double rate, enum rs_rate_unit u, double *value, const char **unit)
{
	static const char *const bits[] = { "b/s", "kb/s", "Mb/s", "Gb/s", "Tb/s", "Pb/s" };
	static const char *const pkts[] = { "pps", "kpps", "Mpps", "Gpps", "Tpps", "Ppps" };
	int i = 0;

	if (u == RS_RU_BITS)
		rate *= 8.0;
	if (u != RS_RU_EVENTS)
		while (rate >= 999.995 && i < 5) {
			rate /= 1000.0;
			i++;
		}
	*value = rate;
	*unit = u == RS_RU_BITS ? bits[i] : u == RS_RU_PACKETS ? pkts[i] : "/s";
}

void rs_fmt_rate(char *buf, size_t len, double rate, enum rs_rate_unit u)
{
	const char *unit;
	double v;

	rs_rate_scale(rate, u, &v, &unit);
	snprintf(buf, len, "%.2f %s", v, unit);
}

void rs_fmt_rate_short(char *buf, size_t len, double rate, enum rs_rate_unit u)
{
	static const char *const ev[] = { "/s", "k/s", "M/s", "G/s", "T/s", "P/s" };
	const char *unit;
	double v;
	int i = 0;

	rs_rate_scale(rate, u, &v, &unit);
	if (u == RS_RU_EVENTS) {
		/* narrow columns scale events too: 150.0 k/s */
		while (v >= 999.95 && i < 5) {
			v /= 1000.0;
			i++;
		}
		unit = ev[i];
	}
	/* zero and whole events plainly; data and packets always with a decimal */
	if (v == 0 || (u == RS_RU_EVENTS && i == 0 && v == (double)(long long)v))
		snprintf(buf, len, "%.0f %s", v, unit);
	else
		snprintf(buf, len, "%.1f %s", v, unit);
}
