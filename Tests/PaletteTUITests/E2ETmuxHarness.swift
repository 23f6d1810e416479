import Foundation
import XCTest

/// Runs a program with `posix_spawnp` and waits for it with a deadline.
///
/// Not `Foundation.Process`: tmux's `new-session` forks a server that inherits descriptors,
/// and `Process.waitUntilExit()` then never returns on Linux.
enum Spawn {
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `argv` with exactly `environment`, stdin from `stdinPath`, and returns its exit
    /// status (128 + signal when killed) with everything it wrote.
    static func run(_ argv: [String], environment: [String: String], stdinPath: String = "/dev/null",
                    timeout: Double = 10) throws -> Result {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(getpid())-\(UUID().uuidString)")
        let outPath = scratch.path + ".out", errPath = scratch.path + ".err"
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let args: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let env: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            args.forEach { free($0) }
            env.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, argv[0], &actions, nil, args, env)
        guard rc == 0 else { throw Failure(description: "cannot start \(argv[0]): \(String(cString: strerror(rc)))") }
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r < 0 && errno != EINTR { throw Failure(description: "waitpid failed for \(argv[0])") }
            if Date() > deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                throw Failure(description: "\(argv.joined(separator: " ")) did not finish within \(timeout) s")
            }
            usleep(5_000)
        }
        let code: Int32 = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: code, output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                      error: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }
}

/// Polls `condition` every 20 ms until it holds or `timeout` passes: no fixed sleeps.
func eventually<T>(timeout: Double = 10, _ what: @autoclosure () -> String,
                   _ condition: () throws -> T?) throws -> T {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if let value = try condition() { return value }
        if Date() > deadline { throw Spawn.Failure(description: "timed out after \(timeout) s waiting for \(what())") }
        usleep(20_000)
    }
}

/// The `palette-tui` binary built beside the test bundle.
///
/// On Linux the test bundle is an executable `…/debug/palette-tuiPackageTests.xctest` and
/// `Bundle(for:)` names its directory; on macOS it is a bundle directory in that same folder.
func paletteTUIPath() -> String {
    var directory = Bundle(for: TmuxSession.self).bundleURL
    if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
    return directory.appendingPathComponent("palette-tui").path
}

/// The real app inside a private tmux server (its own socket, no config file, an environment
/// built from scratch), driven by keys and read back with `capture-pane`.
///
/// Each session has a scratch directory holding the socket, the history file, and what the
/// wrapper script records: the app's pid, its exit status and `stty -a` before and after.
final class TmuxSession {
    let directory: URL
    let environment: [String: String]
    let target = "app"
    private var socket: String { directory.appendingPathComponent("s").path }

    /// The terminfo entry that gives exact colour: `tmux-direct` from ncurses-term, or a
    /// private entry compiled with tic when that package is missing.
    static func directTerminal(in directory: URL) throws -> (term: String, environment: [String: String]) {
        let base = ["PATH": "/usr/local/bin:/usr/bin:/bin"]
        if try Spawn.run(["infocmp", "-x", "tmux-direct"], environment: base).status == 0 {
            return ("tmux-direct", [:])
        }
        let source = directory.appendingPathComponent("palette-test-direct.ti")
        try privateDirectEntry.write(to: source, atomically: true, encoding: .utf8)
        let terminfo = directory.appendingPathComponent("terminfo").path
        let tic = try Spawn.run(["tic", "-x", "-o", terminfo, source.path], environment: base)
        guard tic.status == 0 else { throw Spawn.Failure(description: "tic failed: \(tic.error)") }
        return ("palette-test-direct", ["TERMINFO": terminfo])
    }

    /// tmux-256color plus direct colour, in the `38;2;R;G;B` form tmux parses.
    static let privateDirectEntry = """
    palette-test-direct|tmux-256color with direct colour for palette-tui tests,
    \tRGB, colors#0x1000000, pairs#0x10000,
    \tsetab=\\E[%?%p1%{8}%<%t4%p1%d%e48;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m,
    \tsetaf=\\E[%?%p1%{8}%<%t3%p1%d%e38;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m,
    \tuse=tmux-256color,

    """

    /// Starts `palette-tui arguments` in a `width` x `height` pane (through `launcher`, if any).
    ///
    /// `term` nil picks the direct-colour entry. TERM is set with `default-terminal`
    /// because tmux overrides a TERM given to `new-session -e`.
    init(_ arguments: [String], width: Int = 100, height: Int = 30, term: String? = nil,
         environment extra: [String: String] = [:], clipboardOn: Bool = true,
         directory existing: URL? = nil, launcher: [String] = []) throws {
        // Short path: a unix socket path must fit in 108 bytes.
        directory = existing ?? URL(fileURLWithPath: "/tmp/pt-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let direct = try TmuxSession.directTerminal(in: directory)
        let home = directory.appendingPathComponent("home").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        environment = [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8",
            "SWIFT_BACKTRACE": "interactive=no", "XDG_STATE_HOME": home + "/state",
        ].merging(direct.environment) { $1 }.merging(extra) { $1 }

        let wrapper = directory.appendingPathComponent("wrap.sh")
        try """
        #!/bin/sh
        d=$1; shift
        stty -a > "$d/stty.before" 2>&1
        sh -c 'echo $$ > "$0/pid.tmp"; mv "$0/pid.tmp" "$0/pid"; exec "$@"' "$d" "$@"
        st=$?
        stty -a > "$d/stty.after" 2>&1
        echo $st > "$d/status.tmp"; mv "$d/status.tmp" "$d/status"
        echo "[exited $st]"
        exec cat -v

        """.write(to: wrapper, atomically: true, encoding: .utf8)
        var commands = ["start-server", ";", "set-option", "-g", "default-terminal", term ?? direct.term, ";",
                        "set-option", "-g", "remain-on-exit", "on", ";",
                        "set-option", "-g", "status", "off", ";",
                        "set-option", "-s", "escape-time", "0", ";"]
        if clipboardOn { commands += ["set-option", "-s", "set-clipboard", "on", ";"] }
        commands += ["new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)", "-c", directory.path,
                     "sh", wrapper.path, directory.path] + launcher + [paletteTUIPath()] + arguments
        try tmux(commands)
    }

    deinit {
        _ = try? Spawn.run(["tmux", "-S", socket, "-f", "/dev/null", "kill-server"], environment: environment, timeout: 5)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs one tmux command against this server; throws when it fails.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let result = try Spawn.run(["tmux", "-S", socket, "-f", "/dev/null"] + arguments, environment: environment)
        guard result.status == 0 else {
            throw Spawn.Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.error)")
        }
        return result.output
    }

    /// Types `text` literally (UTF-8 safe).
    func type(_ text: String) throws { try tmux(["send-keys", "-t", target, "-l", text]) }
    /// Sends named keys: Enter, Escape, BTab, C-c, Up, NPage...
    func press(_ keys: String...) throws { try tmux(["send-keys", "-t", target] + keys) }

    /// The visible screen; with `escapes`, SGR sequences as tmux re-creates them.
    func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", target] + (escapes ? ["-e"] : []))
    }

    /// A tmux format of the pane, such as `#{alternate_on}`.
    func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the screen satisfies `predicate`; the failure shows the last screen.
    @discardableResult
    func waitForScreen(timeout: Double = 10, escapes: Bool = false, _ what: String,
                       _ predicate: (String) -> Bool) throws -> String {
        var last = ""
        do {
            return try eventually(timeout: timeout, what) { () -> String? in
                last = try screen(escapes: escapes)
                return predicate(last) ? last : nil
            }
        } catch {
            throw Spawn.Failure(description: "\(error)\n--- last screen ---\n\(last)")
        }
    }

    /// Waits until the screen contains every one of `texts`.
    @discardableResult
    func waitFor(_ texts: String..., timeout: Double = 10) throws -> String {
        try waitForScreen(timeout: timeout, texts.joined(separator: ", ")) { screen in texts.allSatisfy(screen.contains) }
    }

    private func file(_ name: String) -> String? {
        try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// The app's process id, once it has started.
    func appPID() throws -> pid_t {
        try eventually("the app's pid") { file("pid").flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }
    }

    /// Waits for the app to enter the alternate screen: its first frame is on the way.
    func waitForStart() throws {
        _ = try appPID()
        _ = try eventually("the alternate screen") { try format("#{alternate_on}") == "1" ? true : nil }
    }

    /// Waits for the app to exit and returns its status.
    func waitForExit(timeout: Double = 10) throws -> Int32 {
        try eventually(timeout: timeout, "the app to exit") {
            file("status").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// Checks that the terminal is back as it was: same `stty` modes, normal screen, cursor
    /// shown, keypad mode off, and no bracketed paste (pasting into `cat -v` shows no markers).
    func assertTerminalRestored(file: StaticString = #filePath, line: UInt = #line) throws {
        let before = self.file("stty.before") ?? "missing"
        let after = self.file("stty.after") ?? "missing"
        XCTAssertEqual(after, before, "stty modes after the app differ from before", file: file, line: line)
        XCTAssertTrue(before.contains(" icanon") && before.contains(" echo "), before, file: file, line: line)
        XCTAssertEqual(try format("#{alternate_on}"), "0", "still on the alternate screen", file: file, line: line)
        XCTAssertEqual(try format("#{cursor_flag}"), "1", "cursor left hidden", file: file, line: line)
        XCTAssertEqual(try format("#{keypad_cursor_flag}"), "0", "keypad mode left on", file: file, line: line)
        try tmux(["set-buffer", "-b", "probe", "pasted-probe"])
        try tmux(["paste-buffer", "-p", "-b", "probe", "-t", target])
        try press("Enter")
        let screen = try waitForScreen("the pasted probe echoed by cat -v") { $0.components(separatedBy: "pasted-probe").count >= 3 }
        XCTAssertFalse(screen.contains("[200~"), "bracketed paste left on:\n\(screen)", file: file, line: line)
    }

    /// tmux's newest paste buffer, where OSC 52 (set-clipboard on) and `load-buffer` land.
    func pasteBuffer() throws -> String {
        try tmux(["show-buffer"])
    }
}

/// The scripted Gemini stand-in (`Tests/Support/gemini_server.py`) on a loopback port.
///
/// Started with `--watch-stdin` on a pipe this object holds, so the server also dies when the
/// test process does.
final class LoopbackGemini {
    let port: Int
    let record: URL
    private let pid: pid_t
    private let stdinWrite: Int32

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Support/gemini_server.py").path
    }

    var endpoint: String { "http://127.0.0.1:\(port)" }

    /// `script` is a scenario name, or a JSON array of steps when it starts with `[`.
    init(scenario script: String, in directory: URL) throws {
        record = directory.appendingPathComponent("requests.jsonl")
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        guard pipe(&input) == 0, pipe(&output) == 0 else { throw Spawn.Failure(description: "pipe failed") }
        _ = fcntl(input[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(output[0], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let source = script.hasPrefix("[") ? ["--steps", script] : ["--scenario", script]
        let argv = ["python3", LoopbackGemini.script] + source + ["--record", record.path,
                    "--watch-stdin", "--max-seconds", "120"]
        let args: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let environment: [String] = ["PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8"]
        let env: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            args.forEach { free($0) }
            env.forEach { free($0) }
        }
        var child: pid_t = 0
        let rc = posix_spawnp(&child, "python3", &actions, nil, args, env)
        close(input[0])
        close(output[1])
        guard rc == 0 else {
            close(input[1])
            close(output[0])
            throw Spawn.Failure(description: "cannot start the loopback server: \(String(cString: strerror(rc)))")
        }
        pid = child
        stdinWrite = input[1]
        // The first line of its output is the port; read it with a deadline.
        var line: [UInt8] = []
        let deadline = Date().addingTimeInterval(10)
        var fds = [pollfd(fd: output[0], events: Int16(POLLIN), revents: 0)]
        while !line.contains(0x0A) {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard left > 0, poll(&fds, 1, left) > 0 else { break }
            var byte: UInt8 = 0
            guard read(output[0], &byte, 1) == 1 else { break }
            line.append(byte)
        }
        close(output[0])
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(child, SIGKILL)
            waitpid(child, nil, 0)
            close(input[1])
            throw Spawn.Failure(description: "the loopback server did not report its port")
        }
        self.port = port
    }

    deinit {
        close(stdinWrite)
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// The requests and events the server recorded, one JSON object each.
    func recorded() -> [[String: Any]] {
        guard let text = try? String(contentsOf: record, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }
}
