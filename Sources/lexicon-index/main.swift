import Foundation
import PaletteEngine

// Writes Sources/PaletteEngine/LexiconIndexData.swift: the offline engine's lexicon indexes,
// built from the terms in LexiconData.swift (tools/gen_lexicon.py writes that, then runs this).
//
//     swift run lexicon-index [output path]

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let path =
    CommandLine.arguments.count > 1
    ? CommandLine.arguments[1] : root.appendingPathComponent("Sources/PaletteEngine/LexiconIndexData.swift").path
do {
    try Data(LexiconIndexSource.generated().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    print("lexicon-index: wrote \(path)")
} catch {
    FileHandle.standardError.write(Data("lexicon-index: cannot write \(path): \(error)\n".utf8))
    exit(1)
}
