import Foundation
import TestSupport
import XCTest

/// Reads test fixtures from the source tree: `Tests/PaletteCoreTests/Fixtures`.
enum Fixture {
    static let directory = Repository.url("Tests/PaletteCoreTests/Fixtures")

    static func text(_ path: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }

    /// Rows of a CSV without quoted fields, as header -> value dictionaries.
    static func csv(_ path: String) throws -> [[String: String]] {
        let lines = try text(path).split(whereSeparator: \.isNewline).map(String.init)
        guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false).map(String.init) else {
            return []
        }
        return lines.dropFirst().map { line in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return Dictionary(uniqueKeysWithValues: zip(header, cells))
        }
    }

    static func json(_ path: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent(path)))
    }
}

extension Dictionary where Key == String, Value == String {
    /// A numeric cell; fails the test when it is missing or not a number.
    func number(_ key: String, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        try XCTUnwrap(self[key].flatMap(Double.init), "no number in column \(key)", file: file, line: line)
    }
}
