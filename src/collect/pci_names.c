/* SPDX-License-Identifier: MIT */
/*
 * pci_names.c - the NIC named from its PCI ids through libpci and the
 * system's pci.ids (collect.h), as lspci names it.
 *
 * libpci is asked for names only (no access method is initialised, so no
 * device is opened and nothing needs privilege) and never on its own
 * database over the network or udev's hwdb: pci.ids alone, so a fixture
 * root and the live host read the same names.  The database is parsed on
 * the first lookup (1.3 MB, once per process); a file that is missing or
 * unreadable is said in the note of every device and the rest goes on.
 * libpci calls its error callback on a malformed pci.ids and expects it
 * not to return (the default exits the program): ours jumps back to the
 * lookup, which then says the database is unusable.
 */
#include "collect/collect.h"
#include "util.h"

#include <errno.h>
#include <pci/pci.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct {
	int opened;
	struct pci_access *pacc;
	char path[512];
	char version[32];	/* the database's "# Version:" */
	char why[RS_TEXT_LEN];	/* why it cannot be used, "" when it can */
} db;

static jmp_buf on_error;

static void quiet(char *msg, ...)
{
	(void)msg;
}

static void PCI_NONRET fail(char *msg, ...)
{
	va_list ap;

	va_start(ap, msg);
	vsnprintf(db.why, sizeof(db.why), msg, ap);
	va_end(ap);
	db.why[strcspn(db.why, "\n")] = '\0';
	longjmp(on_error, 1);
}

/* "2023.04.10" from the head of pci.ids, "" when it says none. */
static void read_version(const char *path)
{
	char line[256];
	FILE *f = fopen(path, "re");

	for (int i = 0; f && i < 40 && fgets(line, sizeof(line), f); i++)
		if (sscanf(line, "# Version: %31s", db.version) == 1)
			break;
	if (f)
		fclose(f);
}

static void open_db(void)
{
	const char *env = getenv("RS_PCI_IDS");

	if (db.opened)
		return;
	db.opened = 1;
	db.pacc = pci_alloc();
	if (!db.pacc) {
		snprintf(db.why, sizeof(db.why), "libpci: cannot allocate");
		return;
	}
	db.pacc->error = fail;
	db.pacc->warning = db.pacc->debug = quiet;
	if (env && env[0])
		pci_set_name_list_path(db.pacc, (char *)env, 0);
	RS_STRCPY(db.path, db.pacc->id_file_name ? db.pacc->id_file_name : "pci.ids");
	/* libpci opens "pci.ids.gz", else the same name without ".gz" */
	if (access(db.path, R_OK) && strlen(db.path) > 3 &&
	    !strcmp(db.path + strlen(db.path) - 3, ".gz")) {
		db.path[strlen(db.path) - 3] = '\0';
		pci_set_name_list_path(db.pacc, rs_xstrdup(db.path), 1);
	}
	if (access(db.path, R_OK)) {
		snprintf(db.why, sizeof(db.why), "%.80s: %s (the pci.ids package)", db.path,
			 strerror(errno));
		return;
	}
	read_version(db.path);
}

static int lookup(char *buf, size_t len, int what, unsigned vendor, unsigned device)
{
	char name[RS_TEXT_LEN];
	const char *volatile r = NULL;

	if (setjmp(on_error))
		return -EINVAL;		/* db.why says what libpci found wrong */
	r = pci_lookup_name(db.pacc, name, sizeof(name),
			    what | PCI_LOOKUP_NO_NUMBERS | PCI_LOOKUP_NO_HWDB, vendor, device);
	if (!r)
		return -ENOENT;
	rs_strcpy_cut(buf, r, len);
	return 0;
}

void rs_pci_names_fill(struct rs_device *d)
{
	struct rs_pci_link *p = &d->pci;
	const char *v;

	p->vendor_name[0] = p->device_name[0] = p->names_note[0] = '\0';
	if (!p->vendor_id) {
		snprintf(p->names_note, sizeof(p->names_note), "%s", p->addr[0] ?
			 "no PCI ids in sysfs" : "no PCI function (a software device)");
		return;
	}
	open_db();
	v = db.version[0] ? db.version : "of unknown version";
	if (db.why[0]) {
		snprintf(p->names_note, sizeof(p->names_note), "PCI ID database unusable: %.100s",
			 db.why);
		return;
	}
	if (lookup(p->vendor_name, sizeof(p->vendor_name), PCI_LOOKUP_VENDOR, p->vendor_id, 0)) {
		if (db.why[0])
			snprintf(p->names_note, sizeof(p->names_note),
				 "PCI ID database unusable: %.100s", db.why);
		else
			snprintf(p->names_note, sizeof(p->names_note),
				 "vendor %04x not in pci.ids %s", p->vendor_id, v);
		return;
	}
	if (lookup(p->device_name, sizeof(p->device_name), PCI_LOOKUP_DEVICE, p->vendor_id,
		   p->device_id))
		snprintf(p->names_note, sizeof(p->names_note), "device %04x:%04x not in pci.ids %s",
			 p->vendor_id, p->device_id, v);
}
