/// The file name an export gets by default: the description as a slug, the variant for a theme,
/// the format's extension; numbered when that name is taken.
public enum ExportPath {
    /// `calm-lake-at-dawn.css`, `calm-lake-at-dawn-dark.conf`, `palette.png` for an empty or
    /// non-Latin description.
    public static func fileName(
        description: String, format: ExportFormat, variant: ThemeVariant, tailwindV3: Bool = false
    )
        -> String
    {
        var base = ExportText.slug(description, fallback: "palette")
        if format.kind == .theme { base += "-" + variant.rawValue }
        if format == .tailwind && tailwindV3 { return base + ".tailwind.config.js" }
        return base + format.fileExtension
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
