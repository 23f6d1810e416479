#ifndef PALETTE_TUI_BUILD_INFO_H
#define PALETTE_TUI_BUILD_INFO_H

/// The git commit the binary was built from (`git rev-parse --short=12 HEAD`, with `-dirty`
/// when tracked files had changes), as the Makefile linked it in; "" when the build did not
/// know it (no git, or a plain `swift build`).
const char *palette_tui_build_commit(void);

#endif
