import Foundation
import PaletteCore

/// The history file: JSON Lines, append-only. Provisional interface; the durable store replaces it.
final class HistoryStore: Sendable {
    let url: URL

    init(url: URL) {
        self.url = url
    }

    /// Reads every entry, skipping (and reporting) lines that cannot be read.
    func load() throws -> (entries: [HistoryEntry], warnings: [String]) {
        ([], [])
    }

    /// Appends one entry, durably.
    func append(_ entry: HistoryEntry) throws {}

    func setFavorite(id: String, _ favorite: Bool) throws {}
    func delete(id: String) throws {}
    func restore(id: String) throws {}
}
