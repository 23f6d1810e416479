import FoundationEssentials
import Glibc
import PaletteApply
import PaletteCore

/// Asks the terminal on standard input and output for its background (OSC 11, DA1 behind it as
/// the sentinel) and waits at most `TerminalBackground.deadlineMilliseconds`. Input stays
/// without echo until `finish`, which reads what came late and then restores the terminal, so a
/// late answer is swallowed rather than shown at the prompt.
final class BackgroundQuery {
    /// The background, if the terminal answered OSC 11 in time.
    let colour: RGB?
    private var saved: termios
    private var answered: Bool

    private init(colour: RGB?, saved: termios, answered: Bool) {
        self.colour = colour
        self.saved = saved
        self.answered = answered
    }

    /// Nil when standard input's modes cannot be changed (the terminal is not asked).
    static func ask(insideTmux: Bool) -> BackgroundQuery? {
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        raw.c_cc.6 = 0  // VMIN
        raw.c_cc.5 = 0  // VTIME
        guard tcsetattr(0, TCSANOW, &raw) == 0 else { return nil }
        let query = TerminalBackground.query(insideTmux: insideTmux)
        _ = query.withUnsafeBytes { write(1, $0.baseAddress!, $0.count) }
        let deadline = ContinuousClock.now + .milliseconds(TerminalBackground.deadlineMilliseconds)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
        while true {
            if case .done(let colour) = TerminalBackground.scan(bytes, insideTmux: insideTmux) {
                return BackgroundQuery(colour: colour, saved: saved, answered: true)
            }
            let left = deadline - ContinuousClock.now
            let ms = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
            if ms <= 0 || bytes.count > 4096 { break }
            let ready = poll(&fds, 1, Int32(ms))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { break }
            let n = read(0, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        // No DA1 in time (inside tmux: no OSC 11 answer): an OSC 11 answer that did come still
        // counts.
        var colour: RGB?
        if case .done(let c) = TerminalBackground.scan(bytes + Array("\u{1B}[?1c".utf8)) { colour = c }
        return BackgroundQuery(colour: colour, saved: saved, answered: false)
    }

    /// Reads (without waiting) what arrived since, when the answers were late, then restores the
    /// terminal's modes and drops unread input.
    func finish() {
        if !answered {
            var buffer = [UInt8](repeating: 0, count: 512)
            var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
            while poll(&fds, 1, 0) > 0, read(0, &buffer, buffer.count) > 0 {}
        }
        _ = tcsetattr(0, answered ? TCSANOW : TCSAFLUSH, &saved)
    }
}
