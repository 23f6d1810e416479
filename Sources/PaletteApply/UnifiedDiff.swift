/// A unified diff (`diff -u`) of two texts, for `apply --dry-run`. The changes `apply` makes are
/// one region of a file (a line added or replaced, or a whole theme file), so the diff is the one
/// hunk between the common first and last lines, with three lines of context.
public enum UnifiedDiff {
    /// `old` nil: the file does not exist (`/dev/null`); `new` nil: it is removed. Empty when
    /// nothing changes.
    public static func diff(old: String?, new: String?, oldName: String, newName: String) -> String {
        if old == new { return "" }
        let a = old.map(lines) ?? []
        let b = new.map(lines) ?? []
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let context = 3
        let start = max(0, prefix - context)
        let aEnd = min(a.count, a.count - suffix + context)
        let bEnd = min(b.count, b.count - suffix + context)
        var out = "--- " + (old == nil ? "/dev/null" : oldName) + "\n"
        out += "+++ " + (new == nil ? "/dev/null" : newName) + "\n"
        out += "@@ -\(range(start, aEnd - start)) +\(range(start, bEnd - start)) @@\n"
        for line in a[start..<prefix] { out += " " + line.text + "\n" }
        for line in a[prefix..<(a.count - suffix)] { out += "-" + line.text + "\n" + line.noNewline }
        for line in b[prefix..<(b.count - suffix)] { out += "+" + line.text + "\n" + line.noNewline }
        for line in a[(a.count - suffix)..<aEnd] { out += " " + line.text + "\n" + line.noNewline }
        return out
    }

    struct Line: Equatable {
        var text: String
        var noNewline: String
    }

    static func lines(_ text: String) -> [Line] {
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let ends = parts.last == ""
        if ends { parts.removeLast() }
        return parts.enumerated().map { i, t in
            Line(text: t, noNewline: !ends && i == parts.count - 1 ? "\\ No newline at end of file\n" : "")
        }
    }

    /// `start,count` as diff writes it: 1-based, `0,0` for an empty side.
    static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }
}
