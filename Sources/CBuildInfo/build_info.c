// The commit the binary was built from. This weak definition is the empty default; the
// Makefile compiles a strong one with the commit (.build/build-info/commit.c) and links it in
// with `-Xlinker`, so a new commit relinks the binary and recompiles nothing.
#include "build_info.h"

__attribute__((weak)) const char palette_tui_build_commit_value[] = "";

const char *palette_tui_build_commit(void) { return palette_tui_build_commit_value; }
