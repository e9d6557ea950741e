/* SPDX-License-Identifier: MIT */
/*
 * console.h - entry points of the full-screen console, for main.c and the
 * bench driver.  Does not include curses: the CLI stays curses-free.
 */
#ifndef RS_UI_CONSOLE_H
#define RS_UI_CONSOLE_H

#include <stddef.h>


struct rs_console_opts {
	const char *root;		/* the host: --root DIR, --load FILE, --demo */
	const char *load;
	const char *replay;		/* --replay FILE */
	int demo;
	const char *peer;		/* --peer IP */
	unsigned interval_ms;		/* 0: default (1000) */
};

/* Run the console until the user quits or a signal ends it.  Returns the
 * process exit status (0, or 128 + signal, or 1 on setup failure). */
int rs_console_run(const struct rs_console_opts *o);

/*
 * Headless measurement: open the source, draw into a virtual terminal that
 * writes to /dev/null (cols x rows), run `ticks` refresh ticks back to back
 * without waiting.  The tick itself is rs_console_bench_tick() so callgrind
 * can --toggle-collect it.  Returns 0 or -errno (err set).
 */
int rs_console_bench(const struct rs_console_opts *o, unsigned ticks, int cols, int rows,
		     char *err, size_t errlen);
void rs_console_bench_tick(void *ui);

#endif
