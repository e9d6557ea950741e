/* SPDX-License-Identifier: MIT */
/*
 * curses.h - the one door to ncursesw (like htop's ProvideCurses.h).
 *
 * Every ui/ file that needs curses includes this and nothing else from
 * ncurses; src/ never does.  Wide-character support is requested here so
 * the whole UI agrees on it (UTF-8 box drawing and sparklines).
 */
#ifndef RS_UI_CURSES_H
#define RS_UI_CURSES_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>

#endif
