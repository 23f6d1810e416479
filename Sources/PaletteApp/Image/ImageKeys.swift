import PaletteText

/// The picture's rows of the one key table (`KeyMap.bindings` lists these). Help and the status
/// line show them.
enum ImageKeys {
    static let bindings: [KeyBinding] = [
        // `I` (image) outside the field, ^O in it, where letters are words.
        KeyBinding(
            keys: [.character("I")], label: "I", context: .outsideField, command: .openImagePrompt,
            help: ImageAppText.keyOpenPrompt, footer: nil),
        KeyBinding(
            keys: [.control("o")], label: "^O", context: .description, command: .openImagePrompt,
            help: ImageAppText.keyOpenPrompt, footer: nil),
        // Esc in the description does what it does anywhere, and on an empty field removes the picture.
        KeyBinding(
            keys: [.escape], label: "Esc", context: .description, command: .cancel,
            help: ImageAppText.keyRemove, footer: nil),

        // The path prompt
        KeyBinding(
            keys: [.enter], label: "Enter", context: .imagePath, command: .readImagePath,
            help: ImageAppText.keyReadPath, footer: ImageAppText.footerRead),
        KeyBinding(
            keys: [.escape, .tab, .backTab], label: "Esc", context: .imagePath, command: .closeImagePrompt,
            help: ImageAppText.keyLeavePrompt, footer: ImageAppText.footerBack),
    ]
}
