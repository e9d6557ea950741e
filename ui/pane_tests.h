/* SPDX-License-Identifier: MIT */
/*
 * pane_tests.h - what the Tests pane's two files share: the view's state
 * kept in struct ui (the options last typed per test, the test waiting for
 * the peer's address, the last message).  pane_tests.c reads keys and
 * starts tests through the session's test job (src/session/perf_job.h);
 * pane_tests_draw.c draws what the job's run says.
 */
#ifndef RS_UI_PANE_TESTS_H
#define RS_UI_PANE_TESTS_H

#include "session/perf_job.h"
#include "ui/ui.h"

struct ui_tests {
	char opts[RS_TEST_KINDS][256];	/* as typed after `rocescope bw|lat PEER` */
	int last;			/* the last test started, kind + 1; 0 none */
	int want;			/* waiting for the peer, kind + 1; 0 none */
	char say[RS_MSG_LEN];		/* the last message, until the next key */
};

struct ui_tests *ui_tests(struct ui *ui);
void ui_tests_draw(struct ui *ui, struct ui_pane *p);

#endif
