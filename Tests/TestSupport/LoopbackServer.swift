import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A scripted HTTP server from `Tests/TestSupport/Servers/` running on loopback for one test.
///
/// The server prints its port as its first line and records every request as a JSON line in
/// `recordFile`. Its standard input is a pipe this object holds (with `--watch-stdin`), so the
/// server also exits when the test process dies; `stop()` or deinit ends it sooner.
public final class LoopbackServer: @unchecked Sendable {
    /// Where the server scripts are.
    public static let scripts = Repository.url("Tests/TestSupport/Servers")

    public let port: Int
    private let recordFile: URL
    private let pid: pid_t
    private let stdinWrite: Int32
    private let lock = NSLock()
    private var stopped = false

    /// `http://127.0.0.1:PORT`, as a URL.
    public var baseURL: URL { URL(string: endpoint)! }
    /// `http://127.0.0.1:PORT`, as text (for an environment variable or an option).
    public var endpoint: String { "http://127.0.0.1:\(port)" }

    /// Starts `script` (a file in `Tests/TestSupport/Servers/`) with `arguments`; waits at most
    /// 10 s for it to print its port. Python starts without `site` (`-S`): the servers use the
    /// standard library only, and the suite starts about 400 of them (19 ms of CPU each saved).
    public init(script: String = "gemini_server.py", arguments: [String]) throws {
        recordFile = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("loopback-requests-\(UUID().uuidString).jsonl")
        let path = LoopbackServer.scripts.appendingPathComponent(script).path
        let argv =
            ["python3", "-S", path, "--watch-stdin", "--max-seconds", "300", "--record", recordFile.path] + arguments
        let input = try Spawn.makePipe()
        let output: (read: Int32, write: Int32)
        do { output = try Spawn.makePipe() } catch {
            close(input.read)
            close(input.write)
            throw error
        }
        let child: pid_t
        do {
            child = try Spawn.spawn(argv) { actions in
                posix_spawn_file_actions_adddup2(&actions, input.read, 0)
                posix_spawn_file_actions_adddup2(&actions, output.write, 1)
            }
        } catch {
            [input.read, input.write, output.read, output.write].forEach { close($0) }
            throw error
        }
        close(input.read)
        close(output.write)
        var reader = LineReader(fd: output.read)
        let line = reader.next(timeout: 10)
        close(output.read)
        guard let line, let port = Int(line.trimmingCharacters(in: .whitespaces)) else {
            kill(child, SIGKILL)
            _ = Spawn.wait(child)
            close(input.write)
            throw SpawnError("the loopback server \(script) did not print its port")
        }
        self.pid = child
        self.stdinWrite = input.write
        self.port = port
    }

    /// The Gemini stand-in with a script of steps (see `gemini_server.py`'s docstring).
    public convenience init(steps: [[String: Any]]) throws {
        try self.init(script: "gemini_server.py", steps: steps)
    }

    /// The Gemini stand-in with a named scenario (`gemini_server.py --list-scenarios`).
    public convenience init(scenario: String) throws {
        try self.init(arguments: ["--scenario", scenario])
    }

    deinit { stop() }

    /// Stops the server, waits for it, and removes the request log.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        kill(pid, SIGTERM)
        close(stdinWrite)
        _ = Spawn.wait(pid)
        try? FileManager.default.removeItem(at: recordFile)
    }

    /// The requests received so far, in order.
    public func requests() throws -> [RecordedRequest] {
        try records().filter { $0.event == nil }
    }

    /// The events logged so far (such as `client-disconnected`), in order.
    public func events() throws -> [String] {
        try records().compactMap(\.event)
    }

    private func records() throws -> [RecordedRequest] {
        guard let text = try? String(contentsOf: recordFile, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map {
            try JSONDecoder().decode(RecordedRequest.self, from: Data($0.utf8))
        }
    }
}

/// One line of a loopback server's log: a request, or an event.
public struct RecordedRequest: Decodable, Sendable {
    public var event: String?
    public var method: String = ""
    public var path: String = ""
    public var headers: [String: String] = [:]
    public var body: String = ""
    /// The client's port: the same for two requests means one connection, reused.
    public var peer: Int?

    enum CodingKeys: String, CodingKey { case event, method, path, headers, body, peer }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        event = try c.decodeIfPresent(String.self, forKey: .event)
        method = try c.decodeIfPresent(String.self, forKey: .method) ?? ""
        path = try c.decodeIfPresent(String.self, forKey: .path) ?? ""
        headers = try c.decodeIfPresent([String: String].self, forKey: .headers) ?? [:]
        body = try c.decodeIfPresent(String.self, forKey: .body) ?? ""
        peer = try c.decodeIfPresent(Int.self, forKey: .peer)
    }

    /// The body parsed as a JSON object.
    public func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(body.utf8))
        guard let dict = object as? [String: Any] else { throw SpawnError("the body is not a JSON object") }
        return dict
    }
}

/// Google's strict v1beta parser over request bodies (`Servers/validate_gemini_request.py`).
public enum StrictGeminiCheck {
    /// Checks each body; the result's status is 0 when all are valid, 1 when one is not (the
    /// reason on stderr). Skips the test only when the Python package cannot be imported
    /// (`make test-deps` installs it).
    public static func run(_ bodies: [String], file: StaticString = #filePath, line: UInt = #line) throws -> ChildResult
    {
        let scratch = try TemporaryDirectory(prefix: "bodies")
        var paths: [String] = []
        for (i, body) in bodies.enumerated() {
            let path = scratch.file("body-\(i).json")
            try Data(body.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let script = LoopbackServer.scripts.appendingPathComponent("validate_gemini_request.py").path
        let result = try Spawn.run(["python3", script] + paths)
        if result.status == 3 {
            throw XCTSkip(
                "google-ai-generativelanguage is not installed (run `make test-deps`): \(result.stderr)",
                file: file, line: line)
        }
        return result
    }
}

/// A bare listening socket on loopback that never answers: it only tells whether anyone connected.
public final class SilentListener: @unchecked Sendable {
    public let port: Int
    private var fd: Int32

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SpawnError("socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Bool in
                bind(fd, raw, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(fd)
            throw SpawnError("bind/listen on loopback failed")
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close() }

    public func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }

    /// Whether a connection is waiting to be accepted, checked every 20 ms for up to `seconds`.
    public func sawConnection(within seconds: Double) async throws -> Bool {
        let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        repeat {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 0) > 0 { return true }
            try await Task.sleep(for: .milliseconds(20))
        } while ContinuousClock.now < end
        return false
    }
}

extension LoopbackServer {
    /// `script` started with `steps` as its script (`--steps`, JSON) and `arguments`.
    public convenience init(script: String, steps: [[String: Any]], arguments: [String] = []) throws {
        let data = try JSONSerialization.data(withJSONObject: steps)
        try self.init(script: script, arguments: ["--steps", String(decoding: data, as: UTF8.self)] + arguments)
    }

    /// The colours of the last palette the server's model answered (its event
    /// `answered #RRGGBB #RRGGBB #RRGGBB`).
    public func answeredColours() throws -> [String] {
        let event = try XCTUnwrap(try events().last { $0.hasPrefix("answered #") }, "the server answered a palette")
        return event.split(separator: " ").dropFirst().map(String.init)
    }
}

/// The loopback servers a test starts, stopped together when it ends (`stopAll` in `tearDown`).
public final class ServerPool: @unchecked Sendable {
    private let lock = NSLock()
    private var servers: [LoopbackServer] = []

    public init() {}

    /// Starts a server (`LoopbackServer(script:steps:arguments:)`) and keeps it for `stopAll`.
    public func start(
        _ script: String = "gemini_server.py", steps: [[String: Any]], arguments: [String] = []
    ) throws -> LoopbackServer {
        keep(try LoopbackServer(script: script, steps: steps, arguments: arguments))
    }

    /// Keeps a server started otherwise, for `stopAll`.
    @discardableResult
    public func keep(_ server: LoopbackServer) -> LoopbackServer {
        lock.lock()
        servers.append(server)
        lock.unlock()
        return server
    }

    public func stopAll() {
        lock.lock()
        let all = servers
        servers = []
        lock.unlock()
        all.forEach { $0.stop() }
    }
}
