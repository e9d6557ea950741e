/* SPDX-License-Identifier: MIT */
/*
 * query.c - questions about a loaded recording (recording.h): how it
 * ends and where it is damaged, in words; the time of a sample and the
 * sample at a time; the marks and the findings near a sample.
 */
#include "record/rec_priv.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

void rs_rec_tail_text(const struct rs_recording *r, char *buf, size_t len)
{
	switch (r->tail) {
	case RS_REC_ENDED:
		snprintf(buf, len, "ended");
		break;
	case RS_REC_OPEN:
		snprintf(buf, len, "not ended: still being written, or its recorder was killed");
		break;
	case RS_REC_CUT:
		snprintf(buf, len, "cut at byte %zu: %s", r->tail_off, r->tail_why);
		break;
	default:
		snprintf(buf, len, "damaged at byte %zu: %s; loaded up to it", r->tail_off,
			 r->tail_why);
	}
}

void rs_rec_damage_text(const struct rs_recording *r, char *buf, size_t len)
{
	char more[48] = "", lost[64];

	buf[0] = '\0';
	if (!r->damaged)
		return;
	if (r->damaged > 1)
		snprintf(more, sizeof(more), " and in %zu more place%s", r->damaged - 1,
			 r->damaged == 2 ? "" : "s");
	if (r->lost)
		snprintf(lost, sizeof(lost), "%llu sample%s skipped", (unsigned long long)r->lost,
			 r->lost == 1 ? "" : "s");
	else
		snprintf(lost, sizeof(lost), "no sample lost");
	snprintf(buf, len, "damaged at byte %zu (%s)%s: %s", r->damage[0].off, r->damage[0].why,
		 more, lost);
}

double rs_rec_offset_s(const struct rs_recording *r, size_t k)
{
	if (!r->n_samples)
		return 0;
	if (k >= r->n_samples)
		k = r->n_samples - 1;
	return (double)(r->samples[k].ts - r->samples[0].ts) / 1e9;
}

uint64_t rs_rec_wall_ns(const struct rs_recording *r, size_t k)
{
	if (!r->n_hosts || !r->n_samples)
		return 0;
	if (k >= r->n_samples)
		k = r->n_samples - 1;
	return r->hosts[0].wall_ns + (r->samples[k].ts - r->samples[0].ts);
}

size_t rs_rec_at_offset(const struct rs_recording *r, double offset_s)
{
	size_t lo = 0, hi = r->n_samples;

	/* the first sample past offset_s, then one back */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (rs_rec_offset_s(r, mid) <= offset_s)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? lo - 1 : 0;
}

long rs_rec_mark_near(const struct rs_recording *r, size_t k, int dir)
{
	if (dir > 0) {
		for (size_t i = 0; i < r->n_marks; i++)
			if (r->marks[i].sample > k)
				return (long)i;
		return -1;
	}
	for (size_t i = r->n_marks; i-- > 0;)
		if (r->marks[i].sample < k) {
			/* the first mark of that moment */
			while (i > 0 && r->marks[i - 1].sample == r->marks[i].sample)
				i--;
			return (long)i;
		}
	return -1;
}

const struct rs_rec_flist *rs_rec_findings_at(const struct rs_recording *r, size_t k)
{
	if (k >= r->n_samples || r->samples[k].findings < 0)
		return NULL;
	return &r->findings[r->samples[k].findings];
}
