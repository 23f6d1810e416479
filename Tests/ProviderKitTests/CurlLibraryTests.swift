import Foundation
import PaletteCore
import XCTest

@testable import ProviderKit

/// libcurl is opened with dlopen at the first request (`CurlLibrary`), not linked: the installed
/// one loads, and one that cannot be loaded is a typed failure of every request, never a crash.
/// `HTTPRequest`'s header fields behave as `URLRequest`'s did.
final class CurlLibraryTests: XCTestCase {
    static let absent = "libpalette-tui-no-such-library.so.4"

    func testTheSystemsLibcurlLoadsWithEveryFunction() throws {
        XCTAssertEqual(CurlLibrary.soname, "libcurl.so.4")
        XCTAssertEqual(CurlLibrary.package, "libcurl4")
        let curl = try CurlLibrary.functions.get()
        let text = curl.easyStrerror(.init(rawValue: 0)).map { String(cString: $0) }
        XCTAssertEqual(text, "No error", "a function called through its pointer")
    }

    func testALibcurlThatCannotBeLoadedIsATypedError() {
        let missing = CurlFunctions.load(Self.absent, package: "libcurl4")
        guard case .failure(let error) = missing else { return XCTFail("loaded \(Self.absent)") }
        XCTAssertEqual(error, CurlLibraryMissing(library: Self.absent, package: "libcurl4"))
        XCTAssertEqual(
            error.failure.reason, .libraryMissing(library: Self.absent, package: "libcurl4"))
        XCTAssertFalse(error.failure.retryable)
        // A library without libcurl's functions (zlib is loaded by every build of the app).
        guard case .failure(let other) = CurlFunctions.load("libz.so.1", package: "libcurl4") else {
            return XCTFail("zlib taken for libcurl")
        }
        XCTAssertEqual(other, CurlLibraryMissing(library: "libz.so.1", package: "libcurl4"))
    }

    /// Without libcurl, the warm-up makes nothing and every request fails with `libraryMissing`:
    /// final (another attempt would not load it either) and not a fallback (the user has to
    /// install it).
    func testEveryRequestFailsWithLibraryMissingWithoutLibcurl() async throws {
        let absent = Self.absent
        let http = ProviderHTTPClient(
            provider: "made-up", timeout: 30, retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.05, maxDelay: 0.2),
            maxResponseBytes: 1024, secrets: [], jitter: { 0.5 },
            library: { CurlFunctions.load(absent, package: "libcurl4") })
        let request = HTTPRequest(url: URL(string: "http://127.0.0.1:9/v1/palette")!)
        http.prepare(rehearsing: request)
        XCTAssertFalse(http.transport.isPrepared, "nothing is made without libcurl")
        for _ in 0..<2 {
            let task = Task {
                try await http.send(request, by: http.startDeadline()) { reply in .success(reply.status) }
            }
            guard case .failure(let error) = await task.result else { return XCTFail("sent without libcurl") }
            let failure = try XCTUnwrap(error as? ProviderFailure, "\(error)")
            XCTAssertEqual(
                failure, ProviderFailure(provider: "made-up", .libraryMissing(library: absent, package: "libcurl4")))
            XCTAssertEqual(failure.kind, .misconfigured)
            XCTAssertFalse(failure.fallsBack)
        }
        XCTAssertFalse(http.transport.isPrepared)
    }

    func testHeaderFieldsAreMatchedInAnyCaseAndReplaced() throws {
        var request = HTTPRequest(url: URL(string: "http://127.0.0.1:9/")!)
        XCTAssertEqual(request.method, "GET")
        XCTAssertNil(request.body)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("a", forHTTPHeaderField: "X-Goog-Api-Key")
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        XCTAssertEqual(request.value(forHTTPHeaderField: "accept"), "application/json")
        XCTAssertEqual(request.value(forHTTPHeaderField: "CONTENT-TYPE"), "text/plain")
        request.setValue("b", forHTTPHeaderField: "x-goog-api-key")
        XCTAssertEqual(request.value(forHTTPHeaderField: "X-Goog-Api-Key"), "b")
        XCTAssertEqual(
            request.headerFields.map { "\($0.name): \($0.value)" },
            ["Accept: application/json", "x-goog-api-key: b", "Content-Type: text/plain"],
            "one field a name, spelt as last set, in the order first set")
        request.setValue(nil, forHTTPHeaderField: "accept")
        XCTAssertNil(request.value(forHTTPHeaderField: "Accept"))
        XCTAssertEqual(request.headerFields.map(\.name), ["x-goog-api-key", "Content-Type"])
        let key = try XCTUnwrap(APIKey("sk-live-9c1e"))
        request.setValue(key, forHTTPHeaderField: "X-GOOG-API-KEY", prefix: "")
        XCTAssertEqual(request.value(forHTTPHeaderField: "x-goog-api-key"), "sk-live-9c1e")
        XCTAssertEqual(request.headerFields.count, 2)
        XCTAssertFalse(request.url.absoluteString.contains("9c1e"), "the key goes in its header only")
        XCTAssertEqual("\(request)", "GET http://127.0.0.1:9/")
        XCTAssertEqual(String(reflecting: request), "GET http://127.0.0.1:9/")
        var dumped = ""
        dump(request, to: &dumped)
        XCTAssertFalse(dumped.contains("9c1e"), dumped)
    }
}
