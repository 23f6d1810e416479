import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The real app inside a private tmux server (its own socket, no config file, an environment
/// built from scratch), driven by keys and read back with `capture-pane`.
///
/// Each session has a scratch directory holding the socket, the history file, and what the
/// wrapper script records: the app's pid, its exit status and `stty -a` before and after.
public final class TmuxSession {
    public let directory: URL
    public let environment: [String: String]
    public let target = "app"
    private var socket: String { directory.appendingPathComponent("s").path }

    /// The terminfo entry that gives exact colour: `tmux-direct` from ncurses-term, or a
    /// private entry compiled with tic when that package is missing.
    static func directTerminal(in directory: URL) throws -> (term: String, environment: [String: String]) {
        let base = ["PATH": "/usr/local/bin:/usr/bin:/bin"]
        if try Spawn.run(["infocmp", "-x", "tmux-direct"], environment: base, timeout: 10).status == 0 {
            return ("tmux-direct", [:])
        }
        let source = directory.appendingPathComponent("palette-test-direct.ti")
        try privateDirectEntry.write(to: source, atomically: true, encoding: .utf8)
        let terminfo = directory.appendingPathComponent("terminfo").path
        let tic = try Spawn.run(["tic", "-x", "-o", terminfo, source.path], environment: base, timeout: 10)
        guard tic.status == 0 else { throw SpawnError("tic failed: \(tic.stderr)") }
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

    /// Starts `palette-tui arguments` in a `width` x `height` pane (through `launcher`, if any),
    /// after the tmux commands `serverOptions` (such as `set-option -g window-style bg=…`).
    ///
    /// `term` nil picks the direct-colour entry. TERM is set with `default-terminal`
    /// because tmux overrides a TERM given to `new-session -e`.
    public init(
        _ arguments: [String], width: Int = 100, height: Int = 30, term: String? = nil,
        environment extra: [String: String] = [:], clipboardOn: Bool = true,
        directory existing: URL? = nil, launcher: [String] = [], serverOptions: [[String]] = []
    ) throws {
        // Short path: a unix socket path must fit in 108 bytes.
        directory = existing ?? URL(fileURLWithPath: "/tmp/pt-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let binary = try Repository.paletteTUI()
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
        var commands = [
            "start-server", ";", "set-option", "-g", "default-terminal", term ?? direct.term, ";",
            "set-option", "-g", "remain-on-exit", "on", ";",
            "set-option", "-g", "status", "off", ";",
            "set-option", "-s", "escape-time", "0", ";",
        ]
        if clipboardOn { commands += ["set-option", "-s", "set-clipboard", "on", ";"] }
        for option in serverOptions { commands += option + [";"] }
        commands +=
            [
                "new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)", "-c", directory.path,
                "sh", wrapper.path, directory.path,
            ] + launcher + [binary] + arguments
        try tmux(commands)
    }

    deinit {
        _ = try? Spawn.run(
            ["tmux", "-S", socket, "-f", "/dev/null", "kill-server"], environment: environment, timeout: 5)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs one tmux command against this server; throws when it fails.
    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String {
        let result = try Spawn.run(
            ["tmux", "-S", socket, "-f", "/dev/null"] + arguments, environment: environment, timeout: 10)
        guard result.status == 0 else {
            throw SpawnError("tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderr)")
        }
        return result.stdout
    }

    /// Types `text` literally (UTF-8 safe).
    public func type(_ text: String) throws { try tmux(["send-keys", "-t", target, "-l", text]) }
    /// Sends named keys: Enter, Escape, BTab, C-c, Up, NPage...
    public func press(_ keys: String...) throws { try tmux(["send-keys", "-t", target] + keys) }

    /// The visible screen; with `escapes`, SGR sequences as tmux re-creates them.
    public func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", target] + (escapes ? ["-e"] : []))
    }

    /// A tmux format of the pane, such as `#{alternate_on}`.
    public func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", target, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the screen satisfies `predicate`; the failure shows the last screen.
    @discardableResult
    public func waitForScreen(
        timeout: Double = 10, escapes: Bool = false, _ what: String,
        _ predicate: (String) -> Bool
    ) throws -> String {
        var last = ""
        do {
            return try eventually(timeout: timeout, what) { () -> String? in
                last = try screen(escapes: escapes)
                return predicate(last) ? last : nil
            }
        } catch {
            throw SpawnError("\(error)\n--- last screen ---\n\(last)")
        }
    }

    /// Presses `key` until the screen contains `text`, at most `limit` times, each press waited
    /// for (the screen changes) before the screen is read again: a read before the last press
    /// was drawn would press once too often and step past `text`. Then waits for `text`.
    @discardableResult
    public func press(_ key: String, until text: String, limit: Int = 40) throws -> String {
        for _ in 0..<limit {
            let before = try screen()
            if before.contains(text) { return before }
            try press(key)
            try waitForScreen("the screen to change after \(key)") { $0 != before }
        }
        return try waitFor(text)
    }

    /// Waits until the screen contains every one of `texts`.
    @discardableResult
    public func waitFor(_ texts: String..., timeout: Double = 10) throws -> String {
        try waitForScreen(timeout: timeout, texts.joined(separator: ", ")) { screen in texts.allSatisfy(screen.contains)
        }
    }

    private func file(_ name: String) -> String? {
        try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// The app's process id, once it has started.
    public func appPID() throws -> pid_t {
        try eventually("the app's pid") {
            file("pid").flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// Bytes the app has read so far, from every descriptor (`rchar` of /proc/PID/io).
    public func bytesRead() throws -> Int {
        let pid = try appPID()
        let io = try String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)
        guard let line = io.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") }),
            let count = Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces))
        else { throw SpawnError("no rchar in /proc/\(pid)/io: \(io)") }
        return count
    }

    /// Presses `keys` and waits until the app has read them (its read count grew), so that
    /// what is sent next arrives in a read of its own however busy the machine is. For an
    /// idle app only: any read counts.
    public func pressAndWaitForRead(_ keys: String...) throws {
        let before = try bytesRead()
        try tmux(["send-keys", "-t", target] + keys)
        _ = try eventually("the app to read \(keys.joined(separator: " "))") {
            try bytesRead() > before ? true : nil
        }
    }

    /// Waits for the app to enter the alternate screen: its first frame is on the way.
    public func waitForStart() throws {
        _ = try appPID()
        _ = try eventually("the alternate screen") { try format("#{alternate_on}") == "1" ? true : nil }
    }

    /// Waits for the app to exit and returns its status.
    public func waitForExit(timeout: Double = 10) throws -> Int32 {
        try eventually(timeout: timeout, "the app to exit") {
            file("status").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// Checks that the terminal is back as it was: same `stty` modes, normal screen, cursor
    /// shown, keypad mode off, and no bracketed paste (pasting into `cat -v` shows no markers).
    public func assertTerminalRestored(file: StaticString = #filePath, line: UInt = #line) throws {
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
        let screen = try waitForScreen("the pasted probe echoed by cat -v") {
            $0.components(separatedBy: "pasted-probe").count >= 3
        }
        XCTAssertFalse(screen.contains("[200~"), "bracketed paste left on:\n\(screen)", file: file, line: line)
    }

    /// tmux's newest paste buffer, where OSC 52 (set-clipboard on) and `load-buffer` land.
    public func pasteBuffer() throws -> String {
        try tmux(["show-buffer"])
    }
}
