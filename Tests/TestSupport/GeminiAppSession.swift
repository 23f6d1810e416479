import Foundation

extension TmuxSession {
    /// The app against a Gemini stand-in at `endpoint`: `--provider gemini` (no offline
    /// fallback to hide a failure), the key in the environment only, the history in the
    /// session's folder (`h.jsonl`); started and ready for keys.
    public static func gemini(endpoint: String, key: String, width: Int = 100) throws -> TmuxSession {
        let session = try TmuxSession(
            ["--provider", "gemini", "--endpoint", endpoint, "--history", "h.jsonl"], width: width,
            environment: ["GEMINI_API_KEY": key])
        try session.waitForStart()
        return session
    }

    /// Types `description` into the field and presses Enter: one generation asked for.
    public func generate(_ description: String) throws {
        try type(description)
        try press("Enter")
    }
}
