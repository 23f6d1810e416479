import PaletteCore
import ScreenCore

/// The user's colour request: `--color` or `PALETTE_TUI_COLOR`; `auto` asks the terminal.
public enum ColorRequest: String, CaseIterable, Sendable {
    case auto
    case truecolor
    case indexed256 = "256"
    case none

    /// Reads `--color` first, then `PALETTE_TUI_COLOR`; an unknown value is an error naming the choices.
    public static func from(option: String?, environment: [String: String]) throws(TerminalSetupError) -> ColorRequest {
        if let option {
            guard let request = ColorRequest(rawValue: option) else {
                throw .invalidChoice(option: "--color", value: option, choices: allCases.map(\.rawValue))
            }
            return request
        }
        if let value = environment["PALETTE_TUI_COLOR"], !value.isEmpty {
            guard let request = ColorRequest(rawValue: value) else {
                throw .invalidChoice(option: "PALETTE_TUI_COLOR", value: value, choices: allCases.map(\.rawValue))
            }
            return request
        }
        return .auto
    }
}

/// What ncurses reported about the terminal it opened, the input of the mode choice.
public struct TerminalCapabilities: Hashable, Sendable {
    public var hasColors: Bool
    /// terminfo's `RGB` flag.
    public var rgbFlag: Bool
    /// terminfo's `colors`: 16777216 for `*-direct` entries.
    public var colors: Int

    public init(hasColors: Bool, rgbFlag: Bool, colors: Int) {
        self.hasColors = hasColors
        self.rgbFlag = rgbFlag
        self.colors = colors
    }
}

/// Picks the colour mode and the terminfo entry to open. Pure, so every rule is unit-tested.
public enum ColorChoice {
    /// The colour mode for an opened terminal.
    ///
    /// The user's explicit request wins, even over NO_COLOR (no-color.org allows a flag to
    /// override it); then NO_COLOR; then what the terminfo entry says. ncurses can only send
    /// 24-bit values through an entry with 2^24 colours, so a forced `truecolor` on any other
    /// entry (no `*-direct` entry installed) degrades to what the entry can do.
    public static func mode(
        request: ColorRequest, environment: [String: String],
        capabilities: TerminalCapabilities
    ) -> ColorMode {
        let direct = capabilities.rgbFlag || capabilities.colors >= 0x100_0000
        switch request {
        case .truecolor:
            if direct { return .direct }
            return capabilities.colors >= 256 ? .indexed256 : .none
        case .indexed256: return .indexed256
        case .none: return .none
        case .auto: break
        }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        guard capabilities.hasColors else { return .none }
        if direct { return .direct }
        if capabilities.colors >= 256 { return .indexed256 }
        return .none
    }

    /// The `*-direct` terminfo entry to try before `$TERM`, or nil to open `$TERM` as it is.
    ///
    /// Only when the terminal exports COLORTERM=truecolor|24bit (its promise of 24-bit colour)
    /// or the user forced `truecolor`, and not when they asked for fewer colours. `screen*`
    /// inside tmux maps to `tmux-direct`, since tmux still runs as `screen` in many setups.
    public static func directTerminalName(request: ColorRequest, environment: [String: String]) -> String? {
        switch request {
        case .indexed256, .none:
            return nil
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return nil }
            guard let colorterm = environment["COLORTERM"]?.lowercased(),
                colorterm == "truecolor" || colorterm == "24bit"
            else { return nil }
        case .truecolor:
            break
        }
        guard let term = environment["TERM"], !term.isEmpty, !term.hasSuffix("-direct") else { return nil }
        var base = term
        for suffix in ["-256color-bce", "-256color", "-88color", "-16color", "-color"] where base.hasSuffix(suffix) {
            base = String(base.dropLast(suffix.count))
            break
        }
        if base == "dumb" { return nil }
        if base.hasPrefix("screen") {
            return environment["TMUX"].map { _ in "tmux-direct" }
        }
        return base + "-direct"
    }
}

/// Turns the renderer's colours into ncurses colour numbers for one colour mode.
public struct ColorMapper: Sendable {
    public let mode: ColorMode

    public init(mode: ColorMode) {
        self.mode = mode
    }

    /// The ncurses colour number: -1 for the terminal's default, else `0xRRGGBB` (direct) or the
    /// nearest fixed xterm-256 index by CIEDE2000 (PaletteCore's `Xterm256.nearestIndex`: a table
    /// read for most colours).
    ///
    /// Direct values 0...7 are sent by `*-direct` entries as palette colours 0-7 (the user's
    /// theme), so they are nudged to 8, which is indistinguishable from black.
    public func number(for color: TermColor) -> Int32 {
        guard case .rgb(let rgb) = color else { return -1 }
        switch mode {
        case .direct: return Int32(max(rgb.packed, 8))
        case .indexed256: return Int32(Xterm256.nearestIndex(to: rgb))
        case .none: return -1
        }
    }
}
