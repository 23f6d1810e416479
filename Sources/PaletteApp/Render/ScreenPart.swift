import PaletteCore
import ScreenCore

/// What every part of a frame depends on: the size, the language, the colour mode, the
/// colour-vision simulation every colour is drawn through, whether the audit panel and a long
/// status message take rows (the layout), and the chrome's ink. When it changes the whole frame is drawn again.
struct FrameKey: Equatable, Sendable {
    var width: Int
    var height: Int
    var language: Language
    var colorMode: ColorMode
    var vision: VisionDeficiency? = nil
    var auditPanel = false
    /// Rows a long status message takes (the history list gives them up).
    var statusRows = 1
    /// The chrome's status colours, for the terminal's background.
    var ink = ChromeInk.standard
    /// A picture is attached: its thumbnail takes a column beside the panes.
    var image = false
}

/// The frame key with the layout and theme that follow from it: all a part's `draw` sees
/// besides the part itself.
struct RenderFrame {
    let key: FrameKey
    let layout: Layout
    let theme: Theme

    init(_ key: FrameKey, layout: Layout) {
        self.key = key
        self.layout = layout
        theme = Theme(mode: key.colorMode, ink: key.ink)
    }

    var width: Int { key.width }
    var height: Int { key.height }
    var language: Language { key.language }
    var colorMode: ColorMode { key.colorMode }
}

/// One part of the screen, drawn the way ratatui draws a widget: the value holds everything its
/// drawing reads besides the frame, so the value is its own cache key.
///
/// `draw` sees only the part and the frame, never the state. An input the drawing needs must
/// therefore be a stored property, and the synthesised equality compares it: a cache key
/// cannot leave an input out. `init(_:)` is the one place that says which state a part shows.
protocol ScreenPart: Equatable, Sendable {
    /// The part as `state` shows it.
    init(_ state: borrowing AppState)
    /// The rows it draws on; no other part draws there.
    static func rows(in layout: Layout) -> Range<Int>
    /// Draws the part on its rows, which are blank.
    func draw(on canvas: inout Canvas, _ frame: RenderFrame)
}

/// A part as it was last drawn, in a box of its own so `update` compares the next part with it
/// where it is stored.
///
/// Kept as an optional part, it was copied out to be compared on every key: `drawn != part`
/// copies both sides into a tuple, and `drawn.map { $0 == part }` copies the unwrapped part
/// (313 bytes for the button row) through its type's metadata, a retain and a release of every
/// string and array in it. Unwrapping the box copies one reference.
final class Drawn<Part: ScreenPart>: Sendable {
    let part: Part

    init(_ part: Part) {
        self.part = part
    }
}

/// The rows a part drew for its last few values, so a value seen again (Tab coming back to an
/// area, the history moving back to an entry) copies its cells instead of drawing them.
///
/// Sound because a part's drawing reads only the part and the frame (`ScreenPart`) and writes
/// only its own rows, which start blank; the cache is emptied whenever the frame key changes.
struct PartRows<Part: ScreenPart>: Sendable {
    /// How many values are kept; the oldest goes first.
    let capacity: Int
    private var parts: [Part] = []
    private var cells: [[Cell]] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The cells drawn for `part`, if it is one of the values kept.
    func cells(for part: Part) -> [Cell]? {
        for i in parts.indices where parts[i] == part { return cells[i] }
        return nil
    }

    mutating func remember(_ part: Part, _ drawn: [Cell]) {
        if parts.count >= capacity {
            parts.removeFirst()
            cells.removeFirst()
        }
        parts.append(part)
        cells.append(drawn)
    }
}

extension Canvas {
    /// Draws `part` over the previous frame unless `drawn`, the part those rows were drawn
    /// from, is the same; then remembers it.
    mutating func update<Part: ScreenPart>(_ part: Part, drawn: inout Drawn<Part>?, _ frame: RenderFrame) {
        if let box = drawn, box.part == part { return }
        clearRows(Part.rows(in: frame.layout))
        part.draw(on: &self, frame)
        drawn = Drawn(part)
    }

    /// `update`, copying the rows from `kept` when the part was drawn with this value before.
    mutating func update<Part: ScreenPart>(
        _ part: Part, drawn: inout Drawn<Part>?, kept: inout PartRows<Part>, _ frame: RenderFrame
    ) {
        if let box = drawn, box.part == part { return }
        let rows = Part.rows(in: frame.layout)
        let lo = max(rows.lowerBound, 0)
        let hi = min(rows.upperBound, height)
        drawn = Drawn(part)
        guard lo < hi else { return }
        let span = (lo * width)..<(hi * width)
        if let copied = kept.cells(for: part), copied.count == span.count {
            markRows(lo..<hi)
            replaceCells(span, with: copied)
            return
        }
        clearRows(lo..<hi)
        part.draw(on: &self, frame)
        kept.remember(part, Array(cells[span]))
    }
}

/// An optional input of a part, compared in place.
///
/// `Optional`'s own `==`, which a part's synthesised equality calls for an optional field,
/// copies both sides into a tuple before it looks at them: a retain and a release of every
/// string and array inside, for every part on every key. This compares the same way (none
/// equals none, some equals some with an equal value) reading both where they are. The
/// part's equality stays synthesised: the wrapper compares the whole value, so no input can
/// be left out.
@propertyWrapper
struct ComparedInPlace<Value: Equatable>: Equatable {
    var wrappedValue: Value?

    static func == (lhs: ComparedInPlace, rhs: ComparedInPlace) -> Bool {
        switch lhs.wrappedValue {
        case .none:
            if case .none = rhs.wrappedValue { return true }
            return false
        case .some(let value):
            if case .some(let other) = rhs.wrappedValue { return value == other }
            return false
        }
    }
}

extension ComparedInPlace: Sendable where Value: Sendable {}
