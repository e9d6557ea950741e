/* SPDX-License-Identifier: MIT */
/*
 * capture_verdicts.c - the capture's wire rules: from the totals of a
 * capture (capture/analysis.h), the two answers at the top of it - "is
 * this really RoCE v2" and "is the wire healthy" - each a verdict and the
 * reasons, as plain data (struct rs_cap_verdicts).  They are judgements,
 * so they live with the other checks; the capture only counts, and the
 * checks capture.roce_v2 and capture.wire_health (checks_capture.c) turn
 * these answers into findings.
 *
 * Rules: a bad ICRC and the NAKs that mean an application or memory
 * registration error (invalid request, remote access, remote operational)
 * fail the wire; loss signs (PSN gaps, retransmissions, PSN sequence error
 * NAKs, duplicate ACKs), RNR NAKs, malformed packets, congestion marks
 * (CNP, ECN CE), RoCE that is not ECN-capable (DCQCN cannot work) and
 * capture drops warn; no RoCE packet at all is a skip, or a failure when
 * traffic is claimed to run.  Unknown is never bad.
 *
 * Each reason's verdict is what its text says, and the reasons are kept
 * worst first, so the first one shown is the wire's verdict.
 */
#include "capture/analysis.h"
#include "diag/check.h"
#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* fmt in the reader's language into text, and in English into en when
 * that is another ("" when not translating): findings keep both. */
RS_PRINTF(5, 0)
static void say(char *text, size_t len, char *en, size_t en_len, const char *fmt, va_list ap)
{
	va_list again;

	va_copy(again, ap);
	vsnprintf(text, len, _(fmt), ap);
	if (rs_i18n_translating())
		vsnprintf(en, en_len, fmt, again);
	else
		en[0] = '\0';
	va_end(again);
}

RS_PRINTF(4, 5)
static void reason(struct rs_cap_verdicts *v, enum rs_verdict verdict, const char *id,
		   const char *fmt, ...)
{
	struct rs_cap_reason *r;
	va_list ap;

	if (v->n_reasons == RS_CAP_REASONS)
		return;
	r = &v->reasons[v->n_reasons++];
	r->verdict = verdict;
	RS_STRCPY(r->id, id);
	va_start(ap, fmt);
	say(r->text, sizeof(r->text), r->text_en, sizeof(r->text_en), fmt, ap);
	va_end(ap);
	if (verdict != RS_SKIP && verdict > v->health)
		v->health = verdict;
}

RS_PRINTF(2, 3)
static void roce_say(struct rs_cap_verdicts *v, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say(v->roce_text, sizeof(v->roce_text), v->roce_text_en, sizeof(v->roce_text_en), fmt,
	    ap);
	va_end(ap);
}

/* No RoCE packet: where the traffic is, and the caller's hint (may be NULL). */
static void nothing_seen(const struct rs_cap_totals *t, int claimed, const char *hint,
			 struct rs_cap_verdicts *v)
{
	unsigned long long frames = (unsigned long long)t->frames;

	if (!hint || !hint[0])
		roce_say(v, claimed ? N_("no RoCE packet in %llu frames: the RDMA traffic does "
					 "not pass here (another path, or the NIC offloads it)") :
			 N_("no RoCE packet in %llu frames: no RDMA traffic on this path"), frames);
	else
		/* TRANSLATORS: the last %s is a hint, e.g. where else to capture. */
		roce_say(v, claimed ? N_("no RoCE packet in %llu frames: the RDMA traffic does not "
					 "pass here (another path, or the NIC offloads it); %s") :
			 N_("no RoCE packet in %llu frames: no RDMA traffic on this path; %s"),
			 frames, hint);
}

static void roce_answer(const struct rs_cap_totals *t, int claimed, const char *hint,
			struct rs_cap_verdicts *v)
{
	v->seen = t->roce_v2 && t->roce_v1 ? RS_SEEN_BOTH : t->roce_v2 ? RS_SEEN_V2 :
		  t->roce_v1 ? RS_SEEN_V1 : RS_SEEN_NOTHING;
	switch (v->seen) {
	case RS_SEEN_V2:
		v->roce = RS_PASS;
		roce_say(v, N_("RoCE v2: %llu packets to UDP port 4791"),
			 (unsigned long long)t->roce_v2);
		break;
	case RS_SEEN_V1:
	case RS_SEEN_BOTH:
		v->roce = RS_WARN;
		roce_say(v, N_("RoCE v1 seen: %llu packets with EtherType 0x8915 (and %llu RoCE "
			       "v2): v1 is not routable; use a RoCE v2 GID index (rocescope gids)"),
			 (unsigned long long)t->roce_v1, (unsigned long long)t->roce_v2);
		break;
	case RS_SEEN_NOTHING:
		v->roce = claimed ? RS_FAIL : RS_SKIP;
		nothing_seen(t, claimed, hint, v);
		break;
	}
}

static void errors(const struct rs_cap_totals *t, struct rs_cap_verdicts *v)
{
	uint64_t app = t->naks[RS_NAK_INVALID_REQ] + t->naks[RS_NAK_REMOTE_ACCESS] +
		       t->naks[RS_NAK_REMOTE_OP] + t->naks[RS_NAK_INVALID_RD];

	if (t->icrc_bad)
		reason(v, RS_FAIL, "icrc_bad", N_("%llu RoCE packets with a bad ICRC: corrupted on "
		       "the path, or a device rewrote a field the ICRC covers"),
		       (unsigned long long)t->icrc_bad);
	if (app)
		reason(v, RS_FAIL, "nak_error", N_("%llu error NAKs (invalid request %llu, remote "
		       "access %llu, remote operational %llu, invalid RD %llu): the application or "
		       "its memory registration is wrong, not the wire"), (unsigned long long)app,
		       (unsigned long long)t->naks[RS_NAK_INVALID_REQ],
		       (unsigned long long)t->naks[RS_NAK_REMOTE_ACCESS],
		       (unsigned long long)t->naks[RS_NAK_REMOTE_OP],
		       (unsigned long long)t->naks[RS_NAK_INVALID_RD]);
}

static void loss(const struct rs_cap_totals *t, struct rs_cap_verdicts *v)
{
	if (t->naks[RS_NAK_PSN_SEQ])
		reason(v, RS_WARN, "nak_psn_seq", N_("%llu PSN sequence error NAKs: the responder "
		       "missed packets (loss on the path)"),
		       (unsigned long long)t->naks[RS_NAK_PSN_SEQ]);
	if (t->psn_gaps)
		reason(v, RS_WARN, "psn_gaps", N_("%llu PSN gaps, %llu packets missing: loss or "
		       "reordering (or packets this capture did not see)"),
		       (unsigned long long)t->psn_gaps, (unsigned long long)t->psn_missing);
	if (t->psn_repeats || t->dup_acks)
		reason(v, RS_WARN, "retransmissions", N_("%llu repeated PSNs and %llu duplicate "
		       "ACKs: retransmissions (timeouts or NAKs)"),
		       (unsigned long long)t->psn_repeats,
		       (unsigned long long)t->dup_acks);
	if (t->rnr_naks)
		reason(v, RS_WARN, "rnr_nak", N_("%llu RNR NAKs: the receiver had no receive "
		       "buffer posted (the application is slow to post receives)"),
		       (unsigned long long)t->rnr_naks);
	if (t->naks[RS_NAK_OTHER])
		reason(v, RS_WARN, "nak_reserved", N_("%llu NAKs with a reserved code"),
		       (unsigned long long)t->naks[RS_NAK_OTHER]);
}

static void congestion(const struct rs_cap_totals *t, struct rs_cap_verdicts *v)
{
	uint64_t roce = t->roce_v2 + t->roce_v1;

	if (t->cnp || t->ecn[3])
		reason(v, RS_WARN, "congestion", N_("congestion on the path: %llu CNPs, %llu "
		       "packets marked ECN CE (DCQCN is slowing senders down)"),
		       (unsigned long long)t->cnp,
		       (unsigned long long)t->ecn[3]);
	else if (roce && t->ecn[0] == roce)
		reason(v, RS_WARN, "ecn_off", N_("no RoCE packet is ECN-capable (ECT not set): "
		       "switches cannot mark them, so DCQCN cannot react to congestion"));
}

/* How bad a verdict is: fail, warn, pass, then skip (judges nothing). */
static int severity(enum rs_verdict v)
{
	return v == RS_FAIL ? 3 : v == RS_WARN ? 2 : v == RS_PASS ? 1 : 0;
}

/* Worst first, in the order found among equals (an insertion sort of a few). */
static void worst_first(struct rs_cap_verdicts *v)
{
	for (size_t i = 1; i < v->n_reasons; i++) {
		struct rs_cap_reason r = v->reasons[i];
		size_t j = i;

		for (; j > 0 && severity(v->reasons[j - 1].verdict) < severity(r.verdict); j--)
			v->reasons[j] = v->reasons[j - 1];
		v->reasons[j] = r;
	}
}

void rs_cap_verdicts(const struct rs_cap_analysis *a, uint64_t drops, int traffic_claimed,
		     const char *hint, struct rs_cap_verdicts *v)
{
	const struct rs_cap_totals *t = rs_cap_totals(a);

	memset(v, 0, sizeof(*v));
	roce_answer(t, traffic_claimed, hint, v);
	if (v->seen == RS_SEEN_NOTHING) {
		v->health = RS_SKIP;
		reason(v, RS_SKIP, "no_roce", N_("no RoCE packet: nothing to judge the wire by"));
		return;
	}
	v->health = RS_PASS;
	errors(t, v);
	loss(t, v);
	if (t->malformed)
		reason(v, RS_WARN, "malformed", N_("%llu malformed frames (lengths that do "
		       "not add up)"),
		       (unsigned long long)t->malformed);
	if (drops)
		reason(v, RS_WARN, "capture_drops", N_("the capture dropped %llu packets: its "
		       "counts are low, and gaps may be the capture's"), (unsigned long long)drops);
	/* Errors and loss are judged: congestion is another question. */
	if (v->health == RS_PASS)
		reason(v, RS_PASS, "clean", N_("no bad ICRC, no NAK, no PSN gap or retransmission "
		       "in %llu RoCE packets (%llu ACK latencies measured)"),
		       (unsigned long long)(t->roce_v2 + t->roce_v1), (unsigned long long)t->lat_n);
	congestion(t, v);
	worst_first(v);
}
