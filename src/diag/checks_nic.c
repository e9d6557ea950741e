/* SPDX-License-Identifier: MIT */
/*
 * checks_nic.c - is the NIC under each RDMA interface well: its devlink
 * health reporters, uncorrectable FEC blocks, the transceiver module's
 * alarms, link flaps, and pause storms with the PFC storm guard.
 *
 * These are the NIC's own words (devlink, ethtool netlink, the module's
 * EEPROM, the driver's ethtool -S) read by src/collect/nic_health.c; a
 * link that cannot say (a veth, a driver without devlink, a recorded host
 * without the replies) is skipped with the reason, never judged.
 */
#include "diag/check.h"
#include "model/series.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The Ethernet links that carry RDMA: each port's netdev, once. */
#define FOR_EACH_RDMA_LINK(ctx, k)						\
	for (size_t _i = 0; _i < (ctx)->snap->n_links; _i++)			\
		if (((k) = &(ctx)->snap->links[_i]), rs_ctx_rdma_netdev((ctx), (k)->name))

static struct rs_finding *link_finding(struct rs_findings *out, const struct rs_check *c,
				       enum rs_verdict v, const struct rs_link *k)
{
	return rs_finding_netdev(out, c, v, k->name);
}

/* A link that cannot say: fmt_why names the link and the reason (why, the
 * collector's words), fmt_none the link alone, for a reason not given.
 * Whole formats, so that a translation says each one in its own order. */
#define SKIP_LINK(out, c, k, fmt_why, fmt_none, why) do {			\
	struct rs_finding *_f = link_finding((out), (c), RS_SKIP, (k));		\
										\
	if ((why)[0])								\
		RS_FSUMMARY(_f, fmt_why, (k)->name, (why));			\
	else									\
		RS_FSUMMARY(_f, fmt_none, (k)->name);				\
} while (0)

/* --------------------------------------------------------- reporters */

static void reporter_problem(struct rs_findings *out, const struct rs_check *c,
			     const struct rs_link *k, const struct rs_reporter *r)
{
	struct rs_finding *f = link_finding(out, c, r->error ? RS_FAIL : RS_WARN, k);
	char port[24] = "";

	/* `devlink health show` names a port's reporter pci/BUS/PORT: */
	if (r->port >= 0)
		snprintf(port, sizeof(port), "/%d", r->port);
	RS_FSUMMARY(f, r->error ? N_("%s: health reporter %s in error (%llu errors, %llu "
				     "recovered)") :
		    N_("%s: health reporter %s recovered from errors (%llu errors, %llu "
		       "recovered)"), k->name, r->name,
		    (unsigned long long)r->errors, (unsigned long long)r->recovers);
	RS_FSET(f->evidence, _("devlink health: pci/%s%s reporter %s state %s, error %llu, "
		"recover %llu"), k->bus, port, r->name, r->error ? "error" : "healthy",
		(unsigned long long)r->errors, (unsigned long long)r->recovers);
	RS_FSET(f->expected, _("every reporter healthy with 0 errors"));
	RS_FSET(f->remedy, !strcmp(r->name, "fw_fatal") ?
		_("devlink health diagnose pci/%s%s reporter %s; devlink health dump show "
		  "pci/%s%s reporter %s (the driver's record of it); fw_fatal: the firmware "
		  "reset the function, a firmware update or an RMA case") :
		_("devlink health diagnose pci/%s%s reporter %s; devlink health dump show "
		  "pci/%s%s reporter %s (the driver's record of it)"),
		k->bus, port, r->name, k->bus, port, r->name);
}

void rs_check_health_reporter(const struct rs_check_ctx *ctx, const struct rs_check *c,
			      struct rs_findings *out)
{
	const struct rs_link *k;

	FOR_EACH_RDMA_LINK(ctx, k) {
		size_t bad = 0;

		if (!k->health.known) {
			SKIP_LINK(out, c, k, N_("%s: health reporters unknown: %s"),
				  N_("%s: health reporters unknown: not read"), k->health.error);
			continue;
		}
		for (size_t i = 0; i < k->health.n_reporters; i++) {
			const struct rs_reporter *r = &k->health.reporters[i];

			if (r->error || r->errors) {
				reporter_problem(out, c, k, r);
				bad++;
			}
		}
		if (!bad) {
			struct rs_finding *f = link_finding(out, c, RS_PASS, k);

			RS_FSUMMARY(f, "%s: %zu health reporters healthy, no errors", k->name,
				    k->health.n_reporters);
		}
	}
}

/* --------------------------------------------------------------- FEC */

void rs_check_fec_uncorrectable(const struct rs_check_ctx *ctx, const struct rs_check *c,
				struct rs_findings *out)
{
	const struct rs_link *k;

	FOR_EACH_RDMA_LINK(ctx, k) {
		const struct rs_fec *fec = &k->fec;
		char lanes[RS_FINDING_LEN / 2] = "";
		struct rs_finding *f;
		size_t n = 0;

		if (fec->known && !fec->has_uncorrectable) {
			f = link_finding(out, c, RS_SKIP, k);
			RS_FSUMMARY(f, "%s: FEC statistics unknown: the driver counts no "
				    "uncorrectable blocks", k->name);
			continue;
		}
		if (!fec->known) {
			SKIP_LINK(out, c, k, N_("%s: FEC statistics unknown: %s"),
				  N_("%s: FEC statistics unknown: not read"), fec->error);
			continue;
		}
		for (size_t i = 0; i < fec->n_lanes && n < sizeof(lanes); i++)
			if (fec->lanes[i].has_uncorrectable && fec->lanes[i].uncorrectable)
				n += (size_t)snprintf(lanes + n, sizeof(lanes) - n, "%slane %u: %llu",
						      n ? ", " : " (", fec->lanes[i].lane,
						      (unsigned long long)fec->lanes[i].uncorrectable);
		if (n && n < sizeof(lanes) - 1)
			strcat(lanes, ")");
		f = link_finding(out, c, fec->uncorrectable ? RS_WARN : RS_PASS, k);
		RS_FSUMMARY(f, "%s: %llu uncorrectable FEC blocks%s, %llu corrected (FEC %s)",
			k->name, (unsigned long long)fec->uncorrectable, lanes,
			(unsigned long long)fec->corrected, fec->active[0] ? fec->active : "?");
		RS_FSET(f->evidence, _("ethtool netlink FEC_GET: active %s, corrected_blocks %llu, "
			"uncorrectable_blocks %llu (since the driver started counting)"),
			fec->active[0] ? fec->active : "?", (unsigned long long)fec->corrected,
			(unsigned long long)fec->uncorrectable);
		RS_FSET(f->expected, _("0 uncorrectable blocks: each one is a frame lost on the wire"));
		if (fec->uncorrectable)
			RS_FSET(f->remedy, _("the link drops frames RoCE must retransmit: reseat or "
				"replace the cable/optics (the lane named), clean the fibre, look at "
				"the module (nic.module_alarm) and the switch port's FEC counters; "
				"ethtool -I --show-fec %s"), k->name);
	}
}

/* ------------------------------------------------------------ module */

static double dbm(double mw)
{
	return mw > 0 ? 10.0 * log10(mw) : -40.0;
}

/* The flag's reading: "0.005 mW (-23.0 dBm)" for power, "72.0 degC". */
static void flag_value(char *buf, size_t len, const struct rs_xcvr *x,
		       const struct rs_xcvr_flag *fl)
{
	buf[0] = '\0';
	for (size_t i = 0; i < x->n_lanes; i++) {
		const struct rs_xcvr_lane *l = &x->lanes[i];

		if (l->lane != fl->lane)
			continue;
		if (!strncmp(fl->name, "rx power", 8) && l->has_rx)
			snprintf(buf, len, ": %.4f mW (%.1f dBm)", l->rx_mw, dbm(l->rx_mw));
		else if (!strncmp(fl->name, "tx power", 8) && l->has_tx)
			snprintf(buf, len, ": %.4f mW (%.1f dBm)", l->tx_mw, dbm(l->tx_mw));
		else if (!strncmp(fl->name, "tx bias", 7) && l->has_bias)
			snprintf(buf, len, ": %.1f mA", l->bias_ma);
	}
	if (!strncmp(fl->name, "temperature", 11) && x->has_temp)
		snprintf(buf, len, ": %.1f degC", x->temp_c);
	else if (!strncmp(fl->name, "Vcc", 3) && x->has_vcc)
		snprintf(buf, len, ": %.3f V", x->vcc_v);
}

static void module_flag(struct rs_findings *out, const struct rs_check *c,
			const struct rs_link *k, const struct rs_xcvr *x,
			const struct rs_xcvr_flag *fl)
{
	struct rs_finding *f = link_finding(out, c, fl->alarm ? RS_FAIL : RS_WARN, k);
	char val[64];

	flag_value(val, sizeof(val), x, fl);
	/* TRANSLATORS: the second %s is the module's flag (its EEPROM's name, such
	 * as "rx power low"); the last %s its reading (": 0.0050 mW (-23.0 dBm)"). */
	if (fl->lane)
		RS_FSUMMARY(f, fl->alarm ? N_("%s: module %s alarm on lane %u%s") :
			    N_("%s: module %s warning on lane %u%s"), k->name, fl->name,
			    fl->lane, val);
	else
		RS_FSUMMARY(f, fl->alarm ? N_("%s: module %s alarm%s") :
			    N_("%s: module %s warning%s"), k->name, fl->name, val);
	if (fl->lane)
		RS_FSET(f->evidence, fl->alarm ?
			_("module EEPROM (%s, %s %s): the alarm flag of %s on lane %u is set") :
			_("module EEPROM (%s, %s %s): the warning flag of %s on lane %u is set"),
			x->spec, x->vendor, x->part, fl->name, fl->lane);
	else
		RS_FSET(f->evidence, fl->alarm ?
			_("module EEPROM (%s, %s %s): the alarm flag of %s is set") :
			_("module EEPROM (%s, %s %s): the warning flag of %s is set"),
			x->spec, x->vendor, x->part, fl->name);
	RS_FSET(f->expected, _("no alarm or warning flag set"));
	RS_FSET(f->remedy, "%s", _(!strncmp(fl->name, "rx", 2) ?
		N_("the light arriving is wrong: clean the fibre ends, check the far end's "
		   "transmitter, the cable type and length; ethtool -m for the thresholds") :
		!strncmp(fl->name, "temperature", 11) ?
		N_("the module runs hot: the cage's airflow, the fans, the module's power "
		   "class") :
		N_("the module's own transmitter or supply is failing: replace the module")));
}

void rs_check_module_alarm(const struct rs_check_ctx *ctx, const struct rs_check *c,
			   struct rs_findings *out)
{
	const struct rs_link *k;

	FOR_EACH_RDMA_LINK(ctx, k) {
		const struct rs_xcvr *x = &k->xcvr;

		if (x->known && !x->flags_known) {
			struct rs_finding *f = link_finding(out, c, RS_SKIP, k);

			RS_FSUMMARY(f, "%s: module alarms unknown: the module has no alarm flags",
				    k->name);
			continue;
		}
		if (!x->known) {
			SKIP_LINK(out, c, k, N_("%s: module alarms unknown: %s"),
				  N_("%s: module alarms unknown: not read"), x->error);
			continue;
		}
		for (size_t i = 0; i < x->n_flags; i++)
			module_flag(out, c, k, x, &x->flags[i]);
		if (!x->n_flags) {
			struct rs_finding *f = link_finding(out, c, RS_PASS, k);

			RS_FSUMMARY(f, "%s: module %s %s, no alarm or warning (%.1f degC)",
				    k->name, x->vendor, x->part, x->temp_c);
		}
	}
}

/* ------------------------------------------------------- link flaps */

static const struct rs_series_ctr *netdev_ctr(const struct rs_check_ctx *ctx,
					      const struct rs_link *k, enum rs_corigin o,
					      const char *name)
{
	const struct rs_series_set *set = ctx->series ?
		rs_series_netdev_set(ctx->series, k->name, o) : NULL;

	for (size_t i = 0; set && i < set->n; i++)
		if (!strcmp(set->ctrs[i].name, name))
			return &set->ctrs[i];
	return NULL;
}

void rs_check_link_flaps(const struct rs_check_ctx *ctx, const struct rs_check *c,
			 struct rs_findings *out)
{
	const struct rs_link *k;

	FOR_EACH_RDMA_LINK(ctx, k) {
		const struct rs_counter *total = rs_counter_set_find(&k->stats, "carrier_changes");
		const struct rs_series_ctr *ctr = netdev_ctr(ctx, k, RS_CO_NETDEV,
							     "carrier_changes");
		int rising = ctr && ctr->has_rate && ctr->delta;
		struct rs_finding *f;

		if (!total) {
			f = link_finding(out, c, RS_SKIP, k);
			RS_FSUMMARY(f, "%s: carrier changes unknown: IFLA_CARRIER_CHANGES not read",
				    k->name);
			continue;
		}
		f = link_finding(out, c, rising ? RS_WARN : RS_PASS, k);
		RS_FSUMMARY(f, rising ? N_("%s: the link flapped in the last interval (%llu "
					   "carrier changes since it was created)") :
			    N_("%s: no flap in the last interval (%llu carrier changes since "
			       "it was created)"), k->name, (unsigned long long)total->value);
		RS_FSET(f->evidence, _("IFLA_CARRIER_CHANGES %llu, +%llu since the reading before"),
			(unsigned long long)total->value,
			(unsigned long long)(ctr ? ctr->delta : 0));
		RS_FSET(f->expected, _("a carrier that stays up: every flap stalls RDMA traffic for "
			"the time the link retrains"));
		if (rising)
			RS_FSET(f->remedy, _("the cable, the module (nic.module_alarm), the switch "
				"port (its log and error counters); ip -s link show %s"), k->name);
	}
}

/* ------------------------------------------------------- pause storm */

static uint64_t ethtool_value(const struct rs_link *k, const char *name, int *have)
{
	const struct rs_counter *ct = rs_counter_set_find(&k->ethtool, name);

	*have |= ct != NULL;
	return ct ? ct->value : 0;
}

/* The storm counts and the guard's setting, one sentence per setting. */
static void storm_summary(struct rs_finding *f, const struct rs_link *k, uint64_t err,
			  uint64_t warn)
{
	unsigned long long e = err, w = warn;
	int ms = k->pfc_prevention_ms;

	if (ms < 0)
		RS_FSUMMARY(f, "%s: %llu pause storm errors, %llu warnings; PFC storm guard "
			    "unknown (%s)", k->name, e, w, k->pfc_prevention_error);
	else if (ms == 0xffff)
		RS_FSUMMARY(f, "%s: %llu pause storm errors, %llu warnings; PFC storm guard auto",
			    k->name, e, w);
	else if (ms)
		RS_FSUMMARY(f, "%s: %llu pause storm errors, %llu warnings; PFC storm guard %d ms",
			    k->name, e, w, ms);
	else
		RS_FSUMMARY(f, "%s: %llu pause storm errors, %llu warnings; PFC storm guard off",
			    k->name, e, w);
}

void rs_check_pause_storm(const struct rs_check_ctx *ctx, const struct rs_check *c,
			  struct rs_findings *out)
{
	const struct rs_link *k;

	FOR_EACH_RDMA_LINK(ctx, k) {
		int have = 0, pfc = k->dcb.known && k->dcb.pfc_en;
		uint64_t warn = ethtool_value(k, "tx_pause_storm_warning_events", &have);
		uint64_t err = ethtool_value(k, "tx_pause_storm_error_events", &have);
		int guard_off = pfc && k->pfc_prevention_ms == 0;
		char guard[RS_TEXT_LEN + 32];
		struct rs_finding *f;

		if (!have && k->pfc_prevention_ms < 0) {
			f = link_finding(out, c, RS_SKIP, k);
			RS_FSUMMARY(f, "%s: pause storms unknown: the driver counts no pause storm "
				    "events and has no PFC storm guard", k->name);
			continue;
		}
		if (k->pfc_prevention_ms < 0)
			snprintf(guard, sizeof(guard), "unknown (%s)", k->pfc_prevention_error);
		else if (k->pfc_prevention_ms == 0xffff)
			snprintf(guard, sizeof(guard), "auto");
		else if (k->pfc_prevention_ms)
			snprintf(guard, sizeof(guard), "%d ms", k->pfc_prevention_ms);
		else
			snprintf(guard, sizeof(guard), "off");
		f = link_finding(out, c, err ? RS_FAIL : warn || guard_off ? RS_WARN : RS_PASS, k);
		storm_summary(f, k, err, warn);
		RS_FSET(f->evidence, pfc ? _("ethtool -S tx_pause_storm_error_events %llu, "
			"tx_pause_storm_warning_events %llu; ethtool --get-tunable pfc-prevention-tout "
			"%s; PFC on") : _("ethtool -S tx_pause_storm_error_events %llu, "
			"tx_pause_storm_warning_events %llu; ethtool --get-tunable pfc-prevention-tout "
			"%s; PFC off or unknown"), (unsigned long long)err, (unsigned long long)warn,
			guard);
		RS_FSET(f->expected, _("no pause storm, and with PFC on the NIC's storm guard on"));
		if (err || warn)
			RS_FSET(f->remedy, _("this host kept sending pause because it could not drain "
				"its receive buffers (a stuck application, PCIe, CPU): look at "
				"out_of_buffer and rx_discards_phy; the guard (error events) stopped "
				"pause to save the fabric"));
		else if (guard_off)
			RS_FSET(f->remedy, _("ethtool --set-tunable %s pfc-prevention-tout auto: one "
				"stuck host must not pause the whole fabric"), k->name);
	}
}
