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

static inline WINDOW *pt_stdscr(void) { return stdscr; }

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

/* The current terminal's string capability `name`, or NULL when it has none (tigetstr returns NULL
 * when it is absent and (char *)-1 when `name` is not a string capability, which Swift cannot compare). */
static inline const char *pt_string_cap(const char *name) {
    const char *value = tigetstr(name);
    return (value != NULL && value != (const char *)-1) ? value : NULL;
}

/* 1 when the current terminal has the string capability `name`. */
static inline int pt_has_string_cap(const char *name) { return pt_string_cap(name) != NULL ? 1 : 0; }

/* 1 when the current terminal has the boolean capability `name` (tigetflag: -1 when not a flag). */
static inline int pt_has_flag(const char *name) { return tigetflag(name) > 0 ? 1 : 0; }

/* How many extended (user-defined) string capabilities the current terminal has; 0 with none set
 * up. ncurses gives the key strings among them (names beginning with k) the key codes KEY_MAX +
 * their index among the extended strings (init_keytry.c), so no code it binds is KEY_MAX + this
 * count or above. TERMTYPE is the public first member of TERMINAL (term.h's CUR macro reads it so). */
static inline int pt_extended_string_count(void) {
    return cur_term != NULL ? (int)((const TERMTYPE *)cur_term)->ext_Strings : 0;
}

/* tiparm is variadic, which Swift cannot call: a wrapper with all nine parameters (unused ones 0).
 * They are passed as long, which is what ncurses reads them as. The result is ncurses' static
 * buffer, valid until the next call. */
static inline const char *pt_tiparm9(const char *cap, long a, long b, long c, long d, long e, long f, long g,
                                     long h, long i) {
    return tiparm(cap, a, b, c, d, e, f, g, h, i);
}

#endif
