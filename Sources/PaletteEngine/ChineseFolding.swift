/// Traditional -> Simplified Chinese, one character to one, from the table the engine embeds
/// (OpenCC's TSCharacters, in `LexiconData`).
///
/// Shared so that history search (the `history` command and the app's `/` filter) folds
/// text exactly as the engine does: 霧 and 雾 meet everywhere, and the table ships once.
public enum ChineseFolding {
    /// Parsed on first use; about 4,100 pairs.
    public static let table: [Unicode.Scalar: Unicode.Scalar] = {
        var map: [Unicode.Scalar: Unicode.Scalar] = [:]
        map.reserveCapacity(4200)
        var pending: Unicode.Scalar?
        for s in LexiconData.traditionalToSimplified.unicodeScalars where !s.properties.isWhitespace {
            if let from = pending {
                map[from] = s
                pending = nil
            } else {
                pending = s
            }
        }
        return map
    }()
}
