/* SPDX-License-Identifier: MIT */
/* checks_lib.c - helpers of the cmocka tests of the checks (checks_lib.h). */
#include "checks_lib.h"
#include "model/demo.h"
#include "model/snapshot_yaml.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

const struct rs_finding *rs_ct_get(const struct rs_findings *f, const char *id,
				   const char *object, enum rs_verdict v)
{
	const struct rs_finding *x = rs_findings_get(f, id, object);

	if (!x)
		fail_msg("no finding %s about %s", id, object ? object : "(any)");
	if (x->verdict != v)
		fail_msg("%s %s: verdict %s, want %s (%s)", id, x->object,
			 rs_verdict_name(x->verdict), rs_verdict_name(v), x->summary);
	return x;
}

void rs_ct_demo(struct rs_snapshot *s)
{
	char err[256];

	if (rs_snapshot_load_yaml(s, rs_demo_host_yaml, rs_demo_host_yaml_len, "demo", err,
				  sizeof(err)))
		fail_msg("the demo host does not load: %s", err);
}

void rs_ct_run(const struct rs_snapshot *s, struct rs_findings *f)
{
	struct rs_check_ctx ctx = { .snap = s };

	rs_findings_init(f);
	assert_int_equal(rs_checks_run(&ctx, f), 0);
}

void rs_ct_rising(struct rs_snapshot *s, struct rs_series *ser, struct rs_findings *f)
{
	struct rs_check_ctx ctx = { .snap = s, .series = ser };

	rs_series_update(ser, s);
	rs_findings_free(f);
	assert_int_equal(rs_check_run(&ctx, "counters.error_rising", f), 0);
}

struct rs_device *rs_ct_device(struct rs_snapshot *s, const char *name, const char *drv)
{
	struct rs_device *d = RS_APPEND(s->devices, s->n_devices);

	snprintf(d->name, sizeof(d->name), "%s", name);
	snprintf(d->driver, sizeof(d->driver), "%s", drv);
	d->present = 1;
	return d;
}

struct rs_port *rs_ct_port(struct rs_device *d, unsigned num, int state, const char *ll,
			   const char *netdev)
{
	struct rs_port *p = RS_APPEND(d->ports, d->n_ports);

	p->num = num;
	p->state = state;
	snprintf(p->state_name, sizeof(p->state_name), "%s", state == 4 ? "ACTIVE" : "DOWN");
	snprintf(p->phys_state_name, sizeof(p->phys_state_name), "%s",
		 state == 4 ? "LinkUp" : "Disabled");
	snprintf(p->link_layer, sizeof(p->link_layer), "%s", ll);
	snprintf(p->netdev, sizeof(p->netdev), "%s", netdev);
	return p;
}

struct rs_link *rs_ct_link(struct rs_snapshot *s, const char *name, unsigned mtu)
{
	struct rs_link *l = RS_APPEND(s->links, s->n_links);

	snprintf(l->name, sizeof(l->name), "%s", name);
	l->mtu = mtu;
	l->vlan_id = -1;
	return l;
}
