/* SPDX-License-Identifier: MIT */
/*
 * writer_meta.c - the records of a recording that are not samples: the
 * magic, the host's snapshot, the findings, the end (recording.h).
 *
 * The host record is the snapshot's YAML (docs/snapshot-format.md) with
 * every counter set emptied: the samples carry the values, so the YAML
 * only says what the host looked like.  It is written again only when
 * that text changes (compared by a 64-bit FNV-1a hash), so a netlink
 * notification that changed nothing costs no bytes, and twice in a row:
 * without it no sample can be shown, so one damaged copy must not lose
 * the samples it describes.  Findings are the problems (warn, fail) only,
 * written when their list changes and whole after each key sample.
 */
#include "record/recording.h"
#include "model/snapshot_yaml.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t fnv1a(const void *p, size_t n)
{
	const unsigned char *c = p;
	uint64_t h = 14695981039346656037ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ c[i]) * 1099511628211ULL;
	return h;
}

/*
 * The snapshot's YAML with its counter sets emptied: a shallow copy whose
 * device, port and link arrays are its own, so the sets can be cleared
 * without touching snap.
 */
static int yaml_without_counters(const struct rs_snapshot *snap, char **text, size_t *len,
				 char *err, size_t errlen)
{
	struct rs_snapshot c = *snap;
	static const struct rs_counter_set none;
	FILE *f;
	int ret;

	c.devices = rs_xcalloc(snap->n_devices ? snap->n_devices : 1, sizeof(*c.devices));
	for (size_t d = 0; d < snap->n_devices; d++) {
		c.devices[d] = snap->devices[d];
		c.devices[d].ports = rs_xcalloc(snap->devices[d].n_ports ? snap->devices[d].n_ports : 1,
						sizeof(struct rs_port));
		for (size_t p = 0; p < snap->devices[d].n_ports; p++) {
			c.devices[d].ports[p] = snap->devices[d].ports[p];
			c.devices[d].ports[p].counters = none;
			c.devices[d].ports[p].hw_counters = none;
		}
	}
	c.links = rs_xcalloc(snap->n_links ? snap->n_links : 1, sizeof(*c.links));
	for (size_t l = 0; l < snap->n_links; l++) {
		c.links[l] = snap->links[l];
		c.links[l].stats = none;
		c.links[l].ethtool = none;
	}
	rs_rec_strip_dynamic(&c);	/* the 'Q' records carry them */
	*text = NULL;
	f = open_memstream(text, len);
	if (!f)
		rs_die("out of memory");
	ret = rs_snapshot_save_yaml(&c, f, err, errlen);
	if (fclose(f) && !ret)
		ret = -ENOMEM;
	for (size_t d = 0; d < snap->n_devices; d++)
		free(c.devices[d].ports);
	free(c.devices);
	free(c.links);
	if (ret) {
		free(*text);
		*text = NULL;
	}
	return ret;
}

int rs_rec_write_host(struct rs_rec_writer *w, const struct rs_snapshot *snap,
		      const char *label, uint64_t wall_ns, char *err, size_t errlen)
{
	char *yaml;
	size_t len, start;
	uint64_t h;
	int ret = yaml_without_counters(snap, &yaml, &len, err, errlen);

	if (ret)
		return ret;
	h = fnv1a(yaml, len);
	if (w->host_hash && h == w->host_hash) {
		free(yaml);
		return 0;
	}
	w->host_hash = h ? h : 1;
	start = rs_frame_begin(&w->out);
	rs_buf_u64(&w->out, wall_ns);
	rs_buf_varint(&w->out, w->hosts++);
	rs_buf_varint(&w->out, w->samples);
	rs_buf_str(&w->out, label);
	rs_buf_varint(&w->out, len);
	rs_buf_put(&w->out, yaml, len);
	rs_frame_end(&w->out, start, RS_REC_HOST);
	rs_frame_copy(&w->out, start);
	free(yaml);
	return 0;
}

int rs_rec_write_begin(struct rs_rec_writer *w, const struct rs_snapshot *snap,
		       const char *label, uint64_t wall_ns, char *err, size_t errlen)
{
	rs_buf_put(&w->out, RS_REC_MAGIC, strlen(RS_REC_MAGIC));
	rs_buf_u16(&w->out, RS_REC_VERSION);
	return rs_rec_write_host(w, snap, label, wall_ns, err, errlen);
}

static void put_finding(struct rs_buf *b, const struct rs_rec_finding *f)
{
	rs_buf_str(b, f->id);
	rs_buf_u8(b, f->verdict);
	rs_buf_u8(b, f->kind);
	rs_buf_str(b, f->object);
	rs_buf_str(b, f->device);
	rs_buf_varint(b, f->port);
	rs_buf_str(b, f->netdev);
	rs_buf_str(b, f->addr);
	rs_buf_varint(b, f->count);
	rs_buf_str(b, f->summary);
}

/* The problems among f[0..count) as recorded (zeroed first: compared
 * with memcmp). */
static size_t problems(const struct rs_finding *f, size_t count, struct rs_rec_finding **out)
{
	struct rs_rec_finding *v = rs_xcalloc(count ? count : 1, sizeof(*v));
	size_t n = 0;

	for (size_t i = 0; i < count; i++) {
		const struct rs_finding *x = &f[i];

		if (!rs_finding_is_problem(x))
			continue;
		RS_STRCPY(v[n].id, x->id);
		v[n].verdict = x->verdict;
		v[n].kind = x->kind;
		RS_STRCPY(v[n].object, x->object);
		RS_STRCPY(v[n].device, x->device);
		v[n].port = x->port;
		RS_STRCPY(v[n].netdev, x->netdev);
		RS_STRCPY(v[n].addr, x->addr);
		v[n].count = x->count;
		RS_STRCPY(v[n].summary, rs_finding_summary_en(x));
		n++;
	}
	*out = v;
	return n;
}

static long same_as(const struct rs_rec_writer *w, const struct rs_rec_finding *f)
{
	for (size_t i = 0; i < w->n_findings; i++)
		if (!memcmp(&w->findings[i], f, sizeof(*f)))
			return (long)i;
	return -1;
}

/*
 * The list, each problem as a reference to the same one in the list last
 * written (its index + 1) or 0 and the problem in full: a summary that
 * changed ("8 error counters rising" -> 9) costs that one problem.
 */
void rs_rec_write_findings(struct rs_rec_writer *w, const struct rs_finding *f, size_t count)
{
	struct rs_rec_finding *now;
	size_t n = problems(f, count, &now), start;

	if (!w->samples || (w->have_findings && n == w->n_findings &&
			    (!n || !memcmp(now, w->findings, n * sizeof(*now))))) {
		free(now);
		return;
	}
	start = rs_frame_begin(&w->out);
	rs_buf_varint(&w->out, w->flists++);
	rs_buf_varint(&w->out, w->samples - 1);
	rs_buf_varint(&w->out, n);
	for (size_t i = 0; i < n; i++) {
		long same = same_as(w, &now[i]);

		rs_buf_varint(&w->out, (uint64_t)(same + 1));
		if (same < 0)
			put_finding(&w->out, &now[i]);
	}
	rs_frame_end(&w->out, start, RS_REC_FINDINGS);
	free(w->findings);
	w->findings = now;
	w->n_findings = n;
	w->have_findings = 1;
}

void rs_rec_write_end(struct rs_rec_writer *w)
{
	size_t start = rs_frame_begin(&w->out);

	rs_buf_varint(&w->out, w->samples);
	rs_frame_end(&w->out, start, RS_REC_END);
}
