/* SPDX-License-Identifier: MIT */
/*
 * fix_act.c - one action of `rocescope fix` (src/fix/act_*.c) run by hand,
 * for the tests of the changes no test host can make for real: DCB PFC and
 * trust, 802.3x pause (a veth has neither, so the real request goes out
 * and the driver's answer comes back).
 *
 *   fix_act KIND TARGET            read: "old VALUE", or "error MESSAGE"
 *   fix_act KIND TARGET WANT       read, then apply WANT: "applied", or
 *                                  "error MESSAGE"
 *
 * KIND is a kind name of fix.h (pfc, trust, pause, mtu, ...).  Exit 0 when
 * every step ran, 1 when one said error, 2 usage.
 */
#include "fix/fix_priv.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

static const struct rs_fix_action *action(enum rs_fix_kind k)
{
	switch (k) {
	case RS_FIX_MODULE: return &rs_fix_act_module;
	case RS_FIX_MTU: return &rs_fix_act_mtu;
	case RS_FIX_VALUE: return &rs_fix_act_value;
	case RS_FIX_NEIGH: return &rs_fix_act_neigh;
	case RS_FIX_ROUTE: return &rs_fix_act_route;
	case RS_FIX_PFC: return &rs_fix_act_pfc;
	case RS_FIX_TRUST: return &rs_fix_act_trust;
	case RS_FIX_PAUSE: return &rs_fix_act_pause;
	default: return &rs_fix_act_file;
	}
}

int main(int argc, char **argv)
{
	struct rs_fix_env env = { .force = 1 };
	struct rs_fix_entry e = { 0 };
	const struct rs_fix_action *a;
	char err[RS_MSG_LEN];

	if (argc < 3 || argc > 4 || rs_fix_kind_parse(argv[1], &e.kind)) {
		fprintf(stderr, "usage: fix_act KIND TARGET [WANT]\n");
		return 2;
	}
	a = action(e.kind);
	RS_STRCPY(e.target, argv[2]);
	if (a->read(&e, &env, err, sizeof(err))) {
		printf("error %s\n", err);
		return 1;
	}
	printf("old %s\n", e.old);
	if (argc < 4)
		return 0;
	RS_STRCPY(e.want, argv[3]);
	if (a->apply(&e, &env, err, sizeof(err))) {
		printf("error %s\n", err);
		return 1;
	}
	printf("applied\n");
	return 0;
}
