import PaletteCore
import XCTest

/// `SharedLibrary`: dlopen on first use, typed lookups, a missing function named.
final class SharedLibraryTests: XCTestCase {
    func testALibraryThatCannotBeLoadedIsNil() {
        XCTAssertNil(SharedLibrary("libpalette-tui-no-such-library.so.0"))
    }

    func testAFunctionIsLookedUpWithItsCType() throws {
        // zlib: every build of the app loads it. crc32 of "abc" is 0x352441C2 (RFC 1952's CRC).
        let zlib = try XCTUnwrap(SharedLibrary("libz.so.1"))
        typealias CRC32 = @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt
        let crc32: CRC32 = try zlib.function("crc32")
        let bytes: [UInt8] = Array("abc".utf8)
        XCTAssertEqual(bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, 3) }, 0x3524_41C2)
        XCTAssertNoThrow(try zlib.address("inflate"))
    }

    func testAMissingFunctionIsNamed() throws {
        let zlib = try XCTUnwrap(SharedLibrary("libz.so.1"))
        XCTAssertThrowsError(try zlib.address("spng_ctx_new")) { error in
            XCTAssertEqual((error as? SharedLibrary.MissingSymbol)?.name, "spng_ctx_new")
        }
        do {
            let _: @convention(c) () -> Void = try zlib.function("curl_easy_init")
            XCTFail("curl_easy_init is not zlib's")
        } catch {
            XCTAssertEqual(error.name, "curl_easy_init")
        }
    }
}
