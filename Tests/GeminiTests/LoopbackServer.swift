import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `Tests/Support/gemini_server.py` running on loopback for one test, started with posix_spawn.
///
/// posix_spawn rather than Foundation.Process: the child gets exactly the descriptors we hand
/// it, and its standard input is a pipe we hold, so it exits by itself if the test process dies.
final class LoopbackServer {
    static let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let script = sourceRoot.appendingPathComponent("Tests/Support/gemini_server.py")
    static let fixtures = sourceRoot.appendingPathComponent("Tests/GeminiTests/Fixtures")

    let port: Int
    let recordFile: URL
    private let pid: pid_t
    private var stdinWrite: Int32
    private var stopped = false

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts the server with a script of steps (see the server's docstring).
    convenience init(steps: [[String: Any]]) throws {
        let data = try JSONSerialization.data(withJSONObject: steps)
        try self.init(arguments: ["--steps", String(decoding: data, as: UTF8.self)])
    }

    /// Starts the server with a named scenario.
    convenience init(scenario: String) throws {
        try self.init(arguments: ["--scenario", scenario])
    }

    /// Starts the server answering every request with one fixture.
    convenience init(fixture: String, status: Int? = nil) throws {
        var step: [String: Any] = ["fixture": fixture]
        if let status { step["status"] = status }
        try self.init(steps: [step])
    }

    private init(arguments: [String]) throws {
        recordFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("gemini-requests-\(UUID().uuidString).jsonl")
        var inPipe: [Int32] = [0, 0]
        var outPipe: [Int32] = [0, 0]
        guard pipe(&inPipe) == 0, pipe(&outPipe) == 0 else { throw SpawnError("pipe failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        for fd in [inPipe[0], inPipe[1], outPipe[0], outPipe[1]] {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        let argv = ["python3", LoopbackServer.script.path, "--watch-stdin", "--max-seconds", "300",
                    "--record", recordFile.path] + arguments
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawnp(&child, "python3", &actions, nil, &cArgs, environ)
        close(inPipe[0])
        close(outPipe[1])
        guard rc == 0 else {
            close(inPipe[1]); close(outPipe[0])
            throw SpawnError("posix_spawnp python3 failed: \(String(cString: strerror(rc)))")
        }
        pid = child
        stdinWrite = inPipe[1]
        let line = LoopbackServer.readLine(outPipe[0], timeout: 10)
        close(outPipe[0])
        guard let line, let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            throw SpawnError("the loopback server did not print its port")
        }
        self.port = port
    }

    deinit { stop() }

    /// Stops the server and waits for it, then removes the request log.
    func stop() {
        guard !stopped else { return }
        stopped = true
        kill(pid, SIGTERM)
        close(stdinWrite)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(at: recordFile)
    }

    /// The requests received so far, in order.
    func requests() throws -> [RecordedRequest] {
        try records().filter { $0.event == nil }
    }

    /// The events logged so far (such as `client-disconnected`).
    func events() throws -> [String] {
        try records().compactMap(\.event)
    }

    private func records() throws -> [RecordedRequest] {
        guard let text = try? String(contentsOf: recordFile, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map {
            try JSONDecoder().decode(RecordedRequest.self, from: Data($0.utf8))
        }
    }

    /// Reads one line from `fd`, waiting at most `timeout` seconds.
    private static func readLine(_ fd: Int32, timeout: Double) -> String? {
        var collected: [UInt8] = []
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, 100)
            if ready <= 0 { continue }
            var byte: UInt8 = 0
            let n = read(fd, &byte, 1)
            if n <= 0 { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: collected, as: UTF8.self) }
            collected.append(byte)
        }
        return nil
    }
}

/// One request as the server recorded it.
struct RecordedRequest: Decodable {
    var event: String?
    var method: String = ""
    var path: String = ""
    var headers: [String: String] = [:]
    var body: String = ""
    /// The client's port: the same for two requests means one connection, reused.
    var peer: Int?

    enum CodingKeys: String, CodingKey { case event, method, path, headers, body, peer }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        event = try c.decodeIfPresent(String.self, forKey: .event)
        method = try c.decodeIfPresent(String.self, forKey: .method) ?? ""
        path = try c.decodeIfPresent(String.self, forKey: .path) ?? ""
        headers = try c.decodeIfPresent([String: String].self, forKey: .headers) ?? [:]
        body = try c.decodeIfPresent(String.self, forKey: .body) ?? ""
        peer = try c.decodeIfPresent(Int.self, forKey: .peer)
    }

    /// The body parsed as a JSON object.
    func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(body.utf8))
        guard let dict = object as? [String: Any] else { throw SpawnError("the body is not a JSON object") }
        return dict
    }
}

struct SpawnError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A bare listening socket on loopback that never answers: it only tells whether anyone connected.
final class SilentListener {
    let port: Int
    private var fd: Int32

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    init() throws {
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
        guard bound else { Glibc.close(fd); throw SpawnError("bind/listen on loopback failed") }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close() }

    func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }

    /// Whether a connection is waiting to be accepted, checked every 20 ms for up to `seconds`.
    func sawConnection(within seconds: Double) async throws -> Bool {
        let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        repeat {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 0) > 0 { return true }
            try await Task.sleep(for: .milliseconds(20))
        } while ContinuousClock.now < end
        return false
    }
}
