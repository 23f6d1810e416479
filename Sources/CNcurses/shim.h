/* The C surface palette-tui needs from ncursesw, made importable by Swift 6.
 * Function-like macros and C globals cannot be used from Swift directly (macros do not
 * import; globals are "not concurrency-safe"), so each gets a static inline accessor. */
#ifndef PALETTE_CNCURSES_SHIM_H
#define PALETTE_CNCURSES_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <string.h>
#include <wchar.h>
#include <stdio.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

static inline attr_t pt_a_normal(void) { return A_NORMAL; }
static inline attr_t pt_a_bold(void) { return A_BOLD; }
static inline attr_t pt_a_dim(void) { return A_DIM; }
static inline attr_t pt_a_reverse(void) { return A_REVERSE; }
static inline attr_t pt_a_underline(void) { return A_UNDERLINE; }

static inline WINDOW *pt_stdscr(void) { return stdscr; }
static inline int pt_color_pairs(void) { return COLOR_PAIRS; }

/* Sets the character-type locale from the environment (ncursesw needs only LC_CTYPE, and
 * leaving the others at "C" keeps number formatting predictable); when that is not UTF-8
 * (LANG unset in CI or cron) falls back to C.UTF-8. Returns 1 when the codeset ends up UTF-8. */
static inline int pt_setlocale_utf8(void) {
    setlocale(LC_CTYPE, "");
    const char *codeset = nl_langinfo(CODESET);
    if (codeset != NULL && strcmp(codeset, "UTF-8") == 0) return 1;
    if (setlocale(LC_CTYPE, "C.UTF-8") == NULL && setlocale(LC_CTYPE, "C.utf8") == NULL) return 0;
    codeset = nl_langinfo(CODESET);
    return (codeset != NULL && strcmp(codeset, "UTF-8") == 0) ? 1 : 0;
}

/* newterm on the process's own stdout/stdin; NULL (not exit) when TERM is unknown. */
static inline SCREEN *pt_newterm(const char *type) { return newterm(type, stdout, stdin); }

static inline int pt_wcwidth(unsigned int codepoint) { return wcwidth((wchar_t)codepoint); }

static inline int pt_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int pt_getmaxx(WINDOW *w) { return getmaxx(w); }

/* 1 when the current terminal has the string capability `name` (tigetstr returns NULL when it is
 * absent and (char *)-1 when `name` is not a string capability, which Swift cannot compare). */
static inline int pt_has_string_cap(const char *name) {
    const char *value = tigetstr(name);
    return (value != NULL && value != (const char *)-1) ? 1 : 0;
}

/* setcchar with an extended pair number: the short argument only holds 0..32767, so ncurses 6
 * reads the real pair from the opts pointer. */
static inline int pt_setcchar(cchar_t *cell, const wchar_t *text, attr_t attrs, int pair) {
    return setcchar(cell, text, attrs, 0, &pair);
}

#endif
