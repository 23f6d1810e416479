/// The descriptions the field gave up, oldest first, and where ↑ and ↓ are among them: like a
/// shell's line history, the text being typed is kept while an earlier one is shown, and set
/// aside in its turn when the shown one is edited or generated, so no text the field held is
/// lost (docs/decisions.md, "typing after a generation").
public struct DescriptionRecall: Hashable, Sendable {
    /// The most descriptions kept (each at most `TextField.defaultCapacity` characters).
    public static let capacity = 100

    public private(set) var texts: [String] = []
    /// Which of `texts` the field shows while ↑ and ↓ walk them; nil: the field's own text.
    public private(set) var index: Int?
    /// The field's own text while an earlier one is shown.
    private var own = ""

    public init() {}

    /// Keeps `text` as the newest (once: an older copy goes), unless it is blank.
    mutating func setAside(_ text: String) {
        guard text.contains(where: { !$0.isWhitespace }) else { return }
        texts.removeAll { $0 == text }
        texts.append(text)
        if texts.count > Self.capacity { texts.removeFirst(texts.count - Self.capacity) }
    }

    /// ↑: the description before the one shown (the field's own text `current` is kept), or
    /// nil at the oldest.
    mutating func older(than current: String) -> String? {
        if let i = index {
            guard i > 0 else { return nil }
            index = i - 1
        } else {
            guard !texts.isEmpty else { return nil }
            own = current
            index = texts.count - 1
        }
        return index.map { texts[$0] }
    }

    /// ↓: the description after the one shown, the field's own text after the newest, or nil
    /// when the field shows its own text.
    mutating func newer() -> String? {
        guard let i = index else { return nil }
        if i + 1 < texts.count {
            index = i + 1
            return texts[i + 1]
        }
        index = nil
        defer { own = "" }
        return own
    }

    /// The shown description is edited or generated: it becomes the field's own text, and the
    /// text that was typed before ↑ is set aside.
    mutating func settle() {
        guard index != nil else { return }
        index = nil
        setAside(own)
        own = ""
    }
}
