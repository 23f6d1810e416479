// Package.swift turns the PALETTE_TUI_COMMIT environment variable of the build into this
// define (see the Makefile's BUILD_ENV); it is the only file compiled with it, so a new commit
// recompiles this file and relinks, and nothing else.
#include "build_info.h"

#ifndef PALETTE_TUI_COMMIT
#define PALETTE_TUI_COMMIT ""
#endif

const char *palette_tui_build_commit(void) { return PALETTE_TUI_COMMIT; }
