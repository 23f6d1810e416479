import Foundation
import XCTest

/// A server's own published request types over recorded bodies
/// (`Readers/validate_chat_request.py`): OpenAI's from the `openai` package, Ollama's from the
/// `ollama` package, both installed by `make test-deps`.
public enum ChatRequestCheck {
    public enum Server: String {
        case openai, ollama
    }

    /// Checks each body; status 0 when all are valid, 1 when one is not (the reason on stderr).
    /// Skips the test only when the package cannot be imported.
    public static func run(
        _ server: Server, _ bodies: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws -> ChildResult {
        let scratch = try TemporaryDirectory(prefix: "bodies")
        var paths: [String] = []
        for (i, body) in bodies.enumerated() {
            let path = scratch.file("body-\(i).json")
            try Data(body.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let script = Repository.url("Tests/TestSupport/Readers/validate_chat_request.py").path
        let result = try Spawn.run(["python3", script, server.rawValue] + paths)
        if result.status == 3 {
            throw XCTSkip(
                "the \(server.rawValue) package is not installed (run `make test-deps`): \(result.stderr)",
                file: file, line: line)
        }
        return result
    }
}
