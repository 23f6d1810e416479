/// The file name an export gets by default: the description as a slug, the variant for a theme,
/// the format's extension; numbered when that name is taken.
public enum ExportPath {
    /// `calm-lake-at-dawn.css`, `calm-lake-at-dawn-dark.conf`, `寧靜的湖.css`: the description's
    /// letters and digits in any script (`stem`); `palette.png` for a description without any.
    public static func fileName(
        description: String, format: ExportFormat, variant: ThemeVariant, tailwindV3: Bool = false
    )
        -> String
    {
        var base = stem(description)
        if format.kind == .theme { base += "-" + variant.rawValue }
        if format == .tailwind && tailwindV3 { return base + ".tailwind.config.js" }
        return base + format.fileExtension
    }

    /// The description as a file name's stem: letters and digits of any script, lower-cased,
    /// every other run (spaces, punctuation, `/`) as one `-`, at most 64 characters; `palette`
    /// when nothing is left. Nothing a shell or a file system treats specially survives.
    public static func stem(_ description: String) -> String {
        var out = ""
        for c in description.lowercased() {
            if c.isLetter || c.isNumber, c.unicodeScalars.allSatisfy({ !$0.properties.isDefaultIgnorableCodePoint }) {
                out.append(c)
            } else if !out.isEmpty && !out.hasSuffix("-") {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        if out.count > 64 {
            out = String(out.prefix(64))
            while out.hasSuffix("-") { out.removeLast() }
        }
        return out.isEmpty ? "palette" : out
    }

    /// `name` in `directory`, or the first of `name-2`, `name-3`... (before the extension) that
    /// `exists` says is free; nil when the first 99 are all taken.
    public static func free(_ name: String, in directory: String, exists: (String) -> Bool) -> String? {
        let dir = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let (stem, ext) = split(name)
        for n in 1...99 {
            let candidate = dir + "/" + (n == 1 ? stem : "\(stem)-\(n)") + ext
            if !exists(candidate) { return candidate }
        }
        return nil
    }

    /// `calm.tailwind.config.js` -> (`calm`, `.tailwind.config.js`); the stem is up to the first dot.
    static func split(_ name: String) -> (String, String) {
        guard let dot = name.firstIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }
}
