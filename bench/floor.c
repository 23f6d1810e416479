/* The C floor for `make bench`: the least an ncursesw program can do that resembles
 * palette-tui's screen. It draws one frame (title, field, three filled panes, a status line
 * ending in the marker given as argv[1]), then echoes every key until Ctrl-C.
 *
 * Built at bench time with `cc -O2 bench/floor.c -lncursesw`. Its start-up, per-key CPU and idle
 * CPU are the baselines the app is measured against, so it must do comparable work per key:
 * read one wide key, edit a line, redraw the field and a counter, refresh. */
#define _XOPEN_SOURCE 700
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <string.h>
#include <wchar.h>
#include <ncursesw/curses.h>

#define FIELD_MAX 200

static void draw_frame(const char *marker) {
    static const short fills[3] = {24, 125, 208};
    static const char *roles[3] = {"Primary", "Secondary", "Accent"};
    static const char *hexes[3] = {"#2E86AB", "#A23B72", "#F18F01"};
    int width = COLS / 3;
    erase();
    attron(A_BOLD);
    mvaddstr(0, 0, "palette-floor  offline");
    attroff(A_BOLD);
    mvaddstr(2, 0, "Description: ");
    mvaddstr(4, 0, "[ Generate ]");
    for (int p = 0; p < 3; p++) {
        if (COLORS >= 256) {
            init_pair((short)(p + 1), 15, fills[p]);
            attron(COLOR_PAIR(p + 1));
        }
        for (int y = 6; y < LINES - 2; y++) {
            mvhline(y, p * width, ' ', width - 1);
        }
        mvaddstr(7, p * width + 1, roles[p]);
        mvaddstr(8, p * width + 1, hexes[p]);
        if (COLORS >= 256) attroff(COLOR_PAIR(p + 1));
    }
    attron(A_REVERSE);
    mvhline(LINES - 1, 0, ' ', COLS);
    mvaddstr(LINES - 1, 0, "Enter generate  Tab focus  ? help  ");
    addstr(marker);
    attroff(A_REVERSE);
    move(2, 13);
    refresh();
}

int main(int argc, char **argv) {
    const char *marker = argc > 1 ? argv[1] : "floor-ready";
    setlocale(LC_ALL, "");
    if (strcmp(nl_langinfo(CODESET), "UTF-8") != 0) setlocale(LC_CTYPE, "C.UTF-8");
    SCREEN *screen = newterm(NULL, stdout, stdin);
    if (screen == NULL) return 1;
    raw();
    noecho();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    if (has_colors()) {
        start_color();
        use_default_colors();
    }
    draw_frame(marker);

    wchar_t field[FIELD_MAX + 1];
    int length = 0;
    long keys = 0;
    for (;;) {
        wint_t ch;
        int rc = get_wch(&ch);
        if (rc == ERR) continue;
        if (rc == OK && ch == 3) break;
        keys++;
        if (rc == KEY_CODE_YES) {
            if (ch == KEY_RESIZE) draw_frame(marker);
            if (ch == KEY_BACKSPACE && length > 0) length--;
        } else if (ch == 127 || ch == 8) {
            if (length > 0) length--;
        } else if (ch == 21) {
            length = 0;
        } else if (ch >= 32) {
            if (length == FIELD_MAX) length = 0;
            field[length++] = (wchar_t)ch;
        }
        field[length] = 0;
        mvaddnwstr(2, 13, field, length);
        clrtoeol();
        mvprintw(3, 0, "keys %ld", keys);
        move(2, 13 + wcswidth(field, (size_t)length));
        refresh();
    }
    endwin();
    delscreen(screen);
    return 0;
}
