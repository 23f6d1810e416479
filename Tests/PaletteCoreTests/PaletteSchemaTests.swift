import Foundation
import XCTest

@testable import PaletteCore

/// The schema we ask models for and the parser that reads their answers agree.
final class PaletteSchemaTests: XCTestCase {
    private let schema = PaletteSchema.palette
    private let colours: [Role: String] = [.primary: "#4A6B4F", .secondary: "#DCE5D0", .accent: "#E8B86D"]

    /// An answer built the way the schema describes it: one key per property, a colour each.
    private func answer(_ properties: [PaletteSchema.Property], options: JSONSerialization.WritingOptions = []) throws
        -> String
    {
        var object: [String: String] = [:]
        for property in properties { object[property.name] = colours[property.role] }
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: options), as: UTF8.self)
    }

    func testSchemaNamesExactlyTheThreeRoles() {
        XCTAssertEqual(schema.properties.map(\.role), Role.allCases)
        XCTAssertEqual(schema.properties.map(\.name), ["primary", "secondary", "accent"])
        XCTAssertEqual(schema.required, ["primary", "secondary", "accent"], "every role is required")
        XCTAssertEqual(schema.propertyOrdering, schema.required, "written in role order")
        for property in schema.properties {
            XCTAssertTrue(property.description.contains("#RRGGBB"), "\(property.name) says which form the colour takes")
        }
    }

    func testAnObjectBuiltToTheSchemaParsesRoleByRole() throws {
        for options: JSONSerialization.WritingOptions in [[], [.sortedKeys], [.prettyPrinted]] {
            let text = try answer(schema.properties, options: options)
            let palette = try PaletteParser.parse(text)
            for role in Role.allCases {
                XCTAssertEqual(palette[role].hex, colours[role], "\(role) read from \(text)")
            }
        }
        let reversed = try answer(schema.properties.reversed(), options: [.sortedKeys])
        XCTAssertEqual(
            try PaletteParser.parse(reversed).colors.map(\.hex), ["#4A6B4F", "#DCE5D0", "#E8B86D"],
            "the keys, not their order, say which colour is which")
    }

    func testEveryPropertyNameIsOneThatThePaletteParserClaimsForItsRole() {
        for property in schema.properties {
            let claimed = RoleWords.role(forKey: property.name)
            XCTAssertEqual(claimed?.role, property.role, property.name)
            XCTAssertEqual(
                claimed?.isStrong, true,
                "\(property.name) must be a strong role word, so a bad value is reported, not skipped")
        }
    }

    func testAnAnswerMissingARequiredPropertyIsRejected() throws {
        for missing in schema.properties {
            let text = try answer(schema.properties.filter { $0 != missing })
            XCTAssertThrowsError(try PaletteParser.parse(text), "without \(missing.name)") {
                XCTAssertEqual($0 as? PaletteParseError, .wrongColorCount(2), text)
            }
        }
    }
}
