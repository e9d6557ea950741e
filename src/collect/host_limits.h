/* SPDX-License-Identifier: MIT */
/*
 * host_limits.h - what pam_limits would set as the soft memlock limit of a
 * login session of the user running rocescope (internal to src/collect/).
 */
#ifndef RS_HOST_LIMITS_H
#define RS_HOST_LIMITS_H

#include "snapshot.h"

/*
 * Read <root>/etc/security/limits.conf then limits.d/ *.conf and fill
 * memlock_conf ("unlimited", a KiB number, or "" when nothing applies) and
 * memlock_conf_file (the file of the line that won).  The user is this
 * process's (live: getpwuid, getgrouplist) or, for a recorded host, the
 * same uid looked up in the root's /etc/passwd and /etc/group.  A file that
 * exists but cannot be read is recorded as an error in s.
 */
void rs_limits_conf_memlock(struct rs_snapshot *s, int live);

#endif
