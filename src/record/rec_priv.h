/* SPDX-License-Identifier: MIT */
/*
 * rec_priv.h - what the reading side of a recording shares inside
 * src/record/: the decoder of one sample, the decoding state and the
 * checkpoints that let a cursor start anywhere.
 */
#ifndef RS_RECORD_PRIV_H
#define RS_RECORD_PRIV_H

#include "record/recording.h"

#define RS_REC_CKPT_EVERY 256		/* samples between checkpoints */

/* The state after decoding sample `sample`, and the totals up to it. */
struct rs_rec_ckpt {
	size_t sample;
	struct rs_rec_state st;
	struct rs_rec_acc acc;
};

void rs_rec_state_init(struct rs_rec_state *st);
void rs_rec_state_free(struct rs_rec_state *st);
void rs_rec_state_copy(struct rs_rec_state *dst, const struct rs_rec_state *src,
		       const struct rs_recording *r);
/* Decode sample k on top of st (the state of sample k - 1, or of any
 * earlier sample when k starts a schema).  0, or -EINVAL with why set. */
int rs_rec_decode(const struct rs_recording *r, size_t k, struct rs_rec_state *st,
		  const char **why);

void rs_rec_acc_init(struct rs_rec_acc *a, size_t n);
void rs_rec_acc_free(struct rs_rec_acc *a);
void rs_rec_acc_copy(struct rs_rec_acc *dst, const struct rs_rec_acc *src, size_t n);
/* Account sample k (decoded in st); returns 1 for each counter that
 * started rising through cb (may be NULL). */
void rs_rec_acc_add(const struct rs_recording *r, struct rs_rec_acc *a,
		    const struct rs_rec_state *st, size_t k,
		    void (*cb)(void *arg, unsigned gid, double rate, int started), void *arg);

/* Note a damaged place (kept up to RS_REC_MAX_DAMAGE, all counted). */
void rs_rec_note_damage(struct rs_recording *r, size_t off, size_t len, const char *why);

/* The second pass: checkpoints, marks, overview.  0 or -EINVAL (a sample
 * that does not decode: format 2 drops it and the samples up to the next
 * key sample, format 1 cuts r->n_samples there). */
int rs_rec_analyze(struct rs_recording *r);
void rs_rec_analysis_free(struct rs_recording *r);

#endif
