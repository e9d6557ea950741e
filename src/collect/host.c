/* SPDX-License-Identifier: MIT */
/*
 * host.c - the host facts that decide whether RDMA can work at all: kernel,
 * distribution, memory, the RDMA kernel modules, huge pages and the
 * locked-memory limit (ibv_reg_mr pins pages: a 64 KiB RLIMIT_MEMLOCK makes
 * "Couldn't allocate MR" without CAP_IPC_LOCK).
 *
 * Everything is read through the root of util.h, so fixture trees work;
 * only the memlock rlimit of this very process is a live-only source
 * (rs_collect_memlock: getrlimit), whose recorded twin reads
 * <root>/proc/self/limits (rs_collect_memlock_recorded).
 * What limits.conf would give a login session is computed separately
 * (limits_conf.c), because a service or a container often runs with a
 * different limit than an SSH login: showing both explains the mismatch.
 */
#include "collect/collect.h"
#include "collect/producer.h"
#include "collect/host_limits.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/capability.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Kernel modules a RoCE/RDMA host may need, in the order they are shown. */
static const char *const rdma_modules[] = {
	"mlx5_core", "mlx5_ib", "mlx4_core", "mlx4_ib", "mlx4_en",
	"ib_core", "ib_uverbs", "ib_umad", "rdma_ucm", "rdma_cm",
	"ib_cm", "iw_cm", "rdma_rxe", "siw", "ib_ipoib", "nvme_rdma",
};

/*
 * The other vendors' Ethernet driver and the RDMA driver that goes with it
 * (profiles/counters/DRIVER.yaml): listed after the others, both of a pair, once
 * its Ethernet driver is loaded - the RDMA driver can then be missing.
 */
static const char *const vendor_pairs[][2] = {
	{ "bnxt_en", "bnxt_re" }, { "ice", "irdma" }, { "i40e", "irdma" },
	{ "hns3", "hns_roce_hw_v2" }, { "qede", "qedr" }, { "mana", "mana_ib" },
	{ "erdma", "erdma" },
};

static struct rs_module *module_of(struct rs_host *h, const char *name)
{
	for (size_t i = 0; i < h->n_modules; i++)
		if (!strcmp(h->modules[i].name, name))
			return &h->modules[i];
	return NULL;
}

/* Loaded: in /proc/modules (seen, 1) or /sys/module under the root. */
static int module_present(const char *name, char **seen, size_t n_seen)
{
	char path[4096];

	for (size_t i = 0; i < n_seen; i++)
		if (!strcmp(seen[i], name))
			return 1;
	return !rs_path(path, sizeof(path), "/sys/module/%s", name) && !access(path, F_OK);
}

static void add_vendor_modules(struct rs_snapshot *s, char **seen, size_t n_seen)
{
	for (size_t i = 0; i < RS_ARRAY_SIZE(vendor_pairs); i++) {
		if (!module_present(vendor_pairs[i][0], seen, n_seen))
			continue;
		for (int k = 0; k < 2; k++) {
			struct rs_module *m;

			if (module_of(&s->host, vendor_pairs[i][k]))
				continue;
			m = RS_APPEND(s->host.modules, s->host.n_modules);
			RS_STRCPY(m->name, vendor_pairs[i][k]);
			m->loaded = module_present(m->name, seen, n_seen);
		}
	}
}

/* A regular file under the root, never blocking (util.h). */
static FILE *root_fopen(const char *path)
{
	char full[4096];

	if (rs_path(full, sizeof(full), "%s", path)) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	return rs_fopen_read(full);
}

/* A value too long for its field is kept cut, with the note. */
static void read_text(struct rs_snapshot *s, char *dst, size_t len, const char *what,
		      const char *path)
{
	int ret = rs_read_str(dst, len, "%s", path);

	if (ret)
		rs_snapshot_add_error(s, RS_AREA_HOST, "host", what, "%s: %s", path,
				      rs_strerror(ret));
}

/* Value of an os-release assignment: shell quoting, as os-release(5) says. */
static void os_release_value(char *dst, size_t len, const char *v)
{
	size_t n = 0;
	char q = 0;

	if (*v == '"' || *v == '\'')
		q = *v++;
	for (; *v; v++) {
		if (q ? *v == q : (*v == ' ' || *v == '\t' || *v == '\n'))
			break;
		if (q == '"' && *v == '\\' && v[1] && strchr("\"\\$`", v[1]))
			v++;
		if (n + 1 >= len) {
			rs_mark_cut(dst, len);
			return;
		}
		dst[n++] = *v;
	}
	dst[n] = '\0';
}

/* 0 when the file was there (os set, "Linux" without PRETTY_NAME). */
static int read_os_release(char *dst, size_t len, const char *path)
{
	char line[1024];
	FILE *f = root_fopen(path);

	if (!f)
		return -errno;
	/* os-release(5): a missing PRETTY_NAME defaults to "Linux". */
	rs_strlcpy(dst, "Linux", len);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "PRETTY_NAME=", 12))
			os_release_value(dst, len, line + 12);
	fclose(f);
	return 0;
}

static void collect_os(struct rs_snapshot *s)
{
	int ret = read_os_release(s->host.os, sizeof(s->host.os), "/etc/os-release");

	if (ret == -ENOENT)
		ret = read_os_release(s->host.os, sizeof(s->host.os), "/usr/lib/os-release");
	if (ret)
		rs_snapshot_add_error(s, RS_AREA_HOST, "host", "os-release",
				      "/etc/os-release, /usr/lib/os-release: %s", rs_strerror(ret));
}

static void collect_meminfo(struct rs_snapshot *s)
{
	unsigned long long kb;
	char line[256];
	FILE *f = root_fopen("/proc/meminfo");
	int found = 0;

	if (!f) {
		rs_snapshot_add_error(s, RS_AREA_HOST, "host", "meminfo", "/proc/meminfo: %s", rs_strerror(errno));
		return;
	}
	while (!found && fgets(line, sizeof(line), f))
		if (sscanf(line, "MemTotal: %llu kB", &kb) == 1) {
			s->host.mem_total_kb = kb;
			found = 1;
		}
	fclose(f);
	if (!found)
		rs_snapshot_add_error(s, RS_AREA_HOST, "host", "meminfo", "/proc/meminfo: no MemTotal line");
}

/*
 * A module counts as loaded when /proc/modules lists it or /sys/module/NAME
 * exists: the second catches drivers built into the kernel (ib_core=y),
 * which /proc/modules never lists, and kernels without loadable modules at
 * all, which have no /proc/modules.
 */
static void collect_modules(struct rs_snapshot *s)
{
	char line[512], name[RS_NAME_LEN + 1], path[4096], *seen[16];
	size_t n_seen = 0;
	FILE *f = root_fopen("/proc/modules");
	int err = f ? 0 : errno;

	if (!f && (rs_path(path, sizeof(path), "/sys/module") || access(path, F_OK))) {
		/* No list at all: "not loaded" would be a guess, leave them out. */
		rs_snapshot_add_error(s, RS_AREA_HOST, "host", "modules", "/proc/modules: %s", rs_strerror(err));
		return;
	}
	for (size_t i = 0; i < RS_ARRAY_SIZE(rdma_modules); i++) {
		struct rs_module *m = RS_APPEND(s->host.modules, s->host.n_modules);

		RS_STRCPY(m->name, rdma_modules[i]);
		m->loaded = !rs_path(path, sizeof(path), "/sys/module/%s", m->name) &&
			    !access(path, F_OK);
	}
	while (f && fgets(line, sizeof(line), f)) {
		/* "mlx5_core 1234 1 mlx5_ib, Live 0x0": the name is the first word. */
		if (sscanf(line, "%64s", name) != 1)
			continue;
		for (size_t i = 0; i < s->host.n_modules; i++)
			if (!strcmp(s->host.modules[i].name, name))
				s->host.modules[i].loaded = 1;
		for (size_t i = 0; i < RS_ARRAY_SIZE(vendor_pairs) && n_seen < RS_ARRAY_SIZE(seen);
		     i++)
			for (int k = 0; k < 2; k++)
				if (!strcmp(vendor_pairs[i][k], name) && n_seen < RS_ARRAY_SIZE(seen))
					seen[n_seen++] = rs_xstrdup(name);
	}
	if (f)
		fclose(f);
	add_vendor_modules(s, seen, n_seen);
	for (size_t i = 0; i < n_seen; i++)
		free(seen[i]);
}

static void collect_hugepages(struct rs_snapshot *s)
{
	const char *dir = "/sys/kernel/mm/hugepages";
	char **names;
	int n = rs_list_dir(&names, "%s", dir);

	/* No directory: the kernel has no hugetlb support, nothing to show. */
	if (n == -ENOENT)
		return;
	if (n < 0) {
		rs_snapshot_add_error(s, RS_AREA_HOST, "host", "hugepages", "%s: %s", dir, rs_strerror(n));
		return;
	}
	for (int i = 0; i < n; i++) {
		struct rs_hugepages *hp;
		uint64_t total, free_pages;
		unsigned long kb;
		char tail;
		int r1, r2;

		if (sscanf(names[i], "hugepages-%lukB%c", &kb, &tail) != 1)
			continue;
		r1 = rs_read_u64(&total, "%s/%s/nr_hugepages", dir, names[i]);
		r2 = rs_read_u64(&free_pages, "%s/%s/free_hugepages", dir, names[i]);
		if (r1 || r2) {
			rs_snapshot_add_error(s, RS_AREA_HOST, "host", "hugepages", "%s/%s: %s", dir, names[i],
					      r1 == -EINVAL || r2 == -EINVAL ? "not a decimal number" :
					      rs_strerror(r1 ? r1 : r2));
			continue;
		}
		hp = RS_APPEND(s->host.hugepages, s->host.n_hugepages);
		hp->size_kb = kb;
		hp->total = total;
		hp->free = free_pages;
	}
	rs_strv_free(names);
}

static int parse_limit(const char *tok, uint64_t *v)
{
	if (!strcmp(tok, "unlimited")) {
		*v = RS_MEMLOCK_UNLIMITED;
		return 0;
	}
	return rs_parse_u64(tok, v) ? -EINVAL : 0;
}

/* Under a fixture root: "Max locked memory  65536  65536  bytes". */
static void memlock_from_limits_file(struct rs_snapshot *s)
{
	char line[256], soft[32], hard[32];
	FILE *f = root_fopen("/proc/self/limits");

	if (!f)
		return;		/* not recorded: memlock stays unknown */
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "Max locked memory", 17))
			continue;
		if (sscanf(line + 17, "%31s %31s", soft, hard) == 2 &&
		    !parse_limit(soft, &s->host.memlock_soft) &&
		    !parse_limit(hard, &s->host.memlock_hard))
			s->host.memlock_known = 1;
		else
			rs_snapshot_add_error(s, RS_AREA_HOST, "host", "memlock",
					      "/proc/self/limits: unreadable \"Max locked memory\" line");
		break;
	}
	fclose(f);
}

/* CapEff of a status file: bit 14 is CAP_IPC_LOCK.  -1 when unknown. */
static int cap_from_status(void)
{
	char line[256];
	FILE *f = root_fopen("/proc/self/status");
	int cap = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "CapEff:", 7)) {
			unsigned long long v;

			if (sscanf(line + 7, "%llx", &v) == 1)
				cap = (v >> CAP_IPC_LOCK) & 1;
			break;
		}
	fclose(f);
	return cap;
}

int rs_collect_memlock_recorded(struct rs_snapshot *s)
{
	memlock_from_limits_file(s);
	s->host.cap_ipc_lock = cap_from_status();
	rs_limits_conf_memlock(s, 0);
	return 0;
}

int rs_collect_memlock(struct rs_snapshot *s)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct data[2];
	struct rlimit rl;

	/* Root without CAP_IPC_LOCK is limited like anyone (capsh --drop). */
	if (syscall(SYS_capget, &hdr, data) == 0)
		s->host.cap_ipc_lock = (data[0].effective >> CAP_IPC_LOCK) & 1;

	if (getrlimit(RLIMIT_MEMLOCK, &rl) == 0) {
		s->host.memlock_soft = rl.rlim_cur == RLIM_INFINITY ? RS_MEMLOCK_UNLIMITED
								     : (uint64_t)rl.rlim_cur;
		s->host.memlock_hard = rl.rlim_max == RLIM_INFINITY ? RS_MEMLOCK_UNLIMITED
								     : (uint64_t)rl.rlim_max;
		s->host.memlock_known = 1;
	} else {
		rs_snapshot_add_error(s, RS_AREA_HOST, "host", "memlock", "getrlimit: %s",
				      strerror(errno));
	}
	rs_limits_conf_memlock(s, 1);
	return 0;
}

int rs_collect_host(struct rs_snapshot *s)
{
	read_text(s, s->host.hostname, sizeof(s->host.hostname), "hostname",
		  "/proc/sys/kernel/hostname");
	read_text(s, s->host.kernel, sizeof(s->host.kernel), "kernel",
		  "/proc/sys/kernel/osrelease");
	collect_os(s);
	collect_meminfo(s);
	collect_modules(s);
	collect_hugepages(s);
	return rs_collect_numa(s);
}

/* ------------------------------------------------------------ producers */

static int host_collect(struct rs_producer *p, struct rs_session *s, struct rs_snapshot *snap,
			char *err, size_t errlen)
{
	return rs_collect_host(snap);
}

static int memlock_collect(struct rs_producer *p, struct rs_session *s,
			   struct rs_snapshot *snap, char *err, size_t errlen)
{
	return rs_collect_memlock(snap);
}

static int memlock_recorded_collect(struct rs_producer *p, struct rs_session *s,
				    struct rs_snapshot *snap, char *err, size_t errlen)
{
	return rs_collect_memlock_recorded(snap);
}

const struct rs_producer_ops rs_host_producer = {
	.name = "host", .area = RS_AREA_HOST, .collect = host_collect,
};

const struct rs_producer_ops rs_memlock_producer = {
	.name = "memlock", .area = RS_AREA_HOST, .live_only = 1, .collect = memlock_collect,
};

const struct rs_producer_ops rs_memlock_recorded_producer = {
	.name = "memlock-recorded", .area = RS_AREA_HOST, .collect = memlock_recorded_collect,
};
