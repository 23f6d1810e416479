#ifndef PALETTE_TUI_BUILD_INFO_H
#define PALETTE_TUI_BUILD_INFO_H

/// The git commit the binary was built from (`git rev-parse --short=12 HEAD`, with `-dirty` when
/// the tree had changes), as the Makefile passed it in PALETTE_TUI_COMMIT; "" when the build did
/// not know it (no git, or a plain `swift build`).
const char *palette_tui_build_commit(void);

#endif
