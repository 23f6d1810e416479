/// Hands out ncurses colour-pair numbers for (foreground, background) colour numbers.
///
/// ncurses draws a colour only through a pair, and a history list of swatches needs many of
/// them. The cache gives each distinct combination its own pair, defined once with
/// `init_extended_pair` and applied through the `opts` pointer, so numbers above 255 work.
/// When every pair is taken it starts over from pair 1 and says so: the caller must then
/// repaint everything, because cells on screen may carry redefined pairs.
/// (`alloc_pair` recycles silently, which would leave such a cache pointing at reused pairs.)
public struct PairCache: Sendable {
    public struct Key: Hashable, Sendable {
        public var foreground: Int32
        public var background: Int32

        public init(foreground: Int32, background: Int32) {
            self.foreground = foreground
            self.background = background
        }
    }

    /// What the caller must do for one lookup.
    public struct Lookup: Equatable, Sendable {
        public var pair: Int32
        /// The pair is new: define it with `init_extended_pair(pair, fg, bg)`.
        public var needsDefinition: Bool
        /// The cache was full and started over: repaint the whole screen.
        public var didReset: Bool
    }

    /// Pair numbers 1..<capacity are used; 0 is the terminal's default pair.
    public let capacity: Int32
    private var pairs: [Key: Int32] = [:]
    private var next: Int32 = 1

    public init(capacity: Int32) {
        self.capacity = max(capacity, 2)
    }

    public var count: Int { pairs.count }

    /// The pair for `key`; pair 0 for the default colours on both sides.
    public mutating func lookup(_ key: Key) -> Lookup {
        if key.foreground == -1 && key.background == -1 {
            return Lookup(pair: 0, needsDefinition: false, didReset: false)
        }
        if let pair = pairs[key] {
            return Lookup(pair: pair, needsDefinition: false, didReset: false)
        }
        var didReset = false
        if next >= capacity {
            pairs.removeAll(keepingCapacity: true)
            next = 1
            didReset = true
        }
        let pair = next
        next += 1
        pairs[key] = pair
        return Lookup(pair: pair, needsDefinition: true, didReset: didReset)
    }

    /// Forgets every pair, for a terminal whose pairs were reset.
    public mutating func removeAll() {
        pairs.removeAll()
        next = 1
    }
}
