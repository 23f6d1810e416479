import PaletteText

/// The system view's rows of the one key table (`KeyMap.bindings` ends with these). Help and the
/// status line show them.
enum SystemKeys {
    static let bindings: [KeyBinding] = [
        // Outside the text field: `s` swaps roles, so the system view is the capital.
        KeyBinding(
            keys: [.character("S")], label: "S", context: .outsideField, command: .openSystem,
            help: Localized("Open the design system", "開啟設計系統", "打开设计系统"),
            footer: nil),

        // The system view
        KeyBinding(
            keys: [.escape, .character("S"), .character("q")], label: "Esc S q", context: .system,
            command: .closeSystem,
            help: Localized("Back to where you were", "回到原本的畫面", "回到原来的画面"),
            footer: Localized("back", "返回", "返回")),
        KeyBinding(
            keys: [.character("v"), .tab, .backTab], label: "v Tab", context: .system, command: .toggleSystemTheme,
            help: Localized("Other theme (when narrow)", "另一個主題（窄畫面時）", "另一个主题（窄画面时）"),
            footer: Localized("light/dark", "淺／深", "浅／深")),
        KeyBinding(
            keys: [.character("a")], label: "a", context: .system, command: .toggleSystemPairs,
            help: Localized("Audit the system's pairs", "檢查系統配對的對比", "检查系统配对的对比"),
            footer: Localized("audit pairs", "檢查配對", "检查配对")),
        KeyBinding(keys: [.control("c")], label: "^C", context: .system, command: .interrupt, help: nil, footer: nil),
        KeyBinding(keys: [.control("z")], label: "^Z", context: .system, command: .suspend, help: nil, footer: nil),
    ]
}
