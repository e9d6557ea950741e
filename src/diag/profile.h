/* SPDX-License-Identifier: MIT */
/*
 * profile.h - a site profile: what a good host looks like at this site, so
 * the checks compare against it instead of generic advice.  A YAML file
 * (the files in profiles/ ship a lab and a lossless production one), loaded with
 * libyaml through ydoc.h; every key is optional and absent means "no
 * expectation" (the profile checks then skip).
 *
 *   profile: lossless              # its name
 *   description: text
 *   mtu: 9000                      # netdev MTU of the RDMA ports
 *   pfc_priority: 3                # or "none": PFC expected off
 *   trust: dscp                    # dscp or pcp
 *   ecn: true                      # RoCE ECN on the PFC priority
 *   roce_tos: 106                  # rdma_cm's default ToS (DSCP 26 << 2, ECT)
 *   hugepages: 1024                # 2 MiB huge pages to reserve
 *   modules: [rdma_rxe, rdma_ucm]  # kernel modules the site's RDMA needs
 *   link_speed_gbps: 100
 *   bandwidth_floor_gbps: 80       # what a bandwidth test must reach
 *   known_good:                    # firmware/driver pairs known to work
 *     - generation: ConnectX-5
 *       firmware: 16.35.2000
 *       driver: mlx5_core
 */
#ifndef RS_PROFILE_H
#define RS_PROFILE_H

#include "snapshot.h"

#define RS_PROFILE_KNOWN_GOOD 32
#define RS_PROFILE_MODULES 16
#define RS_PFC_NONE (-1)		/* pfc_priority: expected off */
#define RS_PFC_UNSET (-2)		/* pfc_priority: no expectation */

struct rs_known_good {
	char generation[RS_NAME_LEN];	/* "ConnectX-5"; "" matches any */
	char firmware[RS_NAME_LEN];
	char driver[RS_NAME_LEN];	/* "" matches any */
};

struct rs_profile {
	char name[RS_NAME_LEN];
	char path[RS_TEXT_LEN];
	char description[RS_TEXT_LEN];
	unsigned mtu;			/* 0: no expectation */
	int pfc_priority;		/* 0..7, RS_PFC_NONE or RS_PFC_UNSET */
	char trust[RS_NAME_LEN];	/* "" no expectation */
	int ecn;			/* 1 on, 0 off, -1 no expectation */
	int roce_tos;			/* rdma_cm default_roce_tos 0..255, -1 none */
	unsigned long hugepages;	/* 2 MiB pages to reserve, 0 none */
	char modules[RS_PROFILE_MODULES][RS_NAME_LEN];	/* modules the site needs */
	size_t n_modules;
	double link_speed_gbps;		/* 0: none */
	double bandwidth_floor_gbps;	/* 0: none */
	struct rs_known_good known_good[RS_PROFILE_KNOWN_GOOD];
	size_t n_known_good;
};

/* Load path; on failure -errno and "path:line:col: why" in err. */
int rs_profile_load(struct rs_profile *p, const char *path, char *err, size_t errlen);
int rs_profile_parse(struct rs_profile *p, const char *buf, size_t len, const char *name,
		     char *err, size_t errlen);
/* An empty profile named name: no expectation at all. */
void rs_profile_init(struct rs_profile *p, const char *name);
/*
 * One key of the file format set from text (`fix --set mtu=9000`, an
 * answer typed in the console), with the file's own checks: "mtu", "9000".
 * 0, or -EINVAL with why in err.
 */
int rs_profile_set(struct rs_profile *p, const char *key, const char *value, char *err,
		   size_t errlen);

#endif
