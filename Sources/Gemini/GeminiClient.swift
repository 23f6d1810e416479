import Foundation
import PaletteCore

/// Palettes from Google's Gemini API over URLSession.
public actor GeminiClient {
    public init() {}
}
