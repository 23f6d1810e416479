import Foundation
import PaletteApp
import TestSupport
import XCTest

/// The completions palette-docs writes, installed where each shell looks for them (under a
/// temporary `share/`, the layout `make install` uses) and loaded by the real shell: bash with
/// Debian's bash-completion, zsh through its completion system (compinit, driven in tmux),
/// fish through `complete -C`. Each completes a command, an option, a `--format` value, a
/// file, and an operand with words.
final class CompletionTests: XCTestCase {
    /// `share/` with the three scripts at their installed paths.
    private func installed() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory(prefix: "completions")
        let docs = try Repository.product("palette-docs")
        for (shell, path) in [
            ("bash", "share/bash-completion/completions/palette-tui"),
            ("zsh", "share/zsh/vendor-completions/_palette-tui"),
            ("fish", "share/fish/vendor_completions.d/palette-tui.fish"),
        ] {
            let result = try Spawn.run([docs, "completion", shell])
            XCTAssertEqual(result.status, 0, result.stderr)
            let url = URL(fileURLWithPath: dir.file(path))
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(result.stdout.utf8).write(to: url)
        }
        _ = FileManager.default.createFile(atPath: dir.file("history-old.jsonl"), contents: Data())
        // The command on PATH, as installed (fish loads a completion only for a command it finds).
        try FileManager.default.createDirectory(atPath: dir.file("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: dir.file("bin/palette-tui"), withDestinationPath: try Repository.paletteTUI())
        return dir
    }

    /// What each command line completes to (the words only), by line.
    private func sections(_ output: String) -> [String: [String]] {
        var out: [String: [String]] = [:]
        var current: String?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("=== ") {
                current = String(line.dropFirst(4))
                out[current!] = []
            } else if let current, !line.isEmpty {
                out[current]!.append(String(line.split(separator: "\t").first ?? ""))
            }
        }
        return out
    }

    /// The cases every shell must get right: (command line, words that must be offered,
    /// words that must not).
    private func cases(_ dir: TemporaryDirectory) -> [(String, [String], [String])] {
        [
            ("palette-tui gen", ["generate"], ["parse"]),
            ("palette-tui ", ["generate", "parse", "inspect", "history", "export", "audit", "repair"], []),
            ("palette-tui generate --for", ["--format"], ["--variant"]),
            ("palette-tui generate --format ", ["text", "json", "hex", "css"], ["jsonl"]),
            ("palette-tui history --format ", ["text", "jsonl", "json"], ["hex"]),
            ("palette-tui audit -f ", ["text", "json"], ["hex"]),
            ("palette-tui export kitty --variant ", ["dark", "light"], []),
            ("palette-tui export ki", ["kitty"], ["css"]),
            ("palette-tui repair acc", ["accent"], []),
            ("palette-tui --col", ["--color"], ["--format"]),
            ("palette-tui --clipboard ", ["osc52", "wl-copy", "none"], []),
            ("palette-tui history --history \(dir.path)/history-o", ["\(dir.path)/history-old.jsonl"], []),
        ]
    }

    private func check(_ shell: String, _ got: [String: [String]], _ dir: TemporaryDirectory) {
        for (line, wanted, unwanted) in cases(dir) {
            guard let words = got[line] else {
                XCTFail("\(shell): no answer for '\(line)'")
                continue
            }
            // A file may be offered by its whole path or, as zsh does, by its name in the directory typed.
            for word in wanted {
                XCTAssertTrue(
                    words.contains { $0 == word || word.hasSuffix("/" + $0) },
                    "\(shell): '\(line)' offers \(word): \(words)")
            }
            for word in unwanted {
                XCTAssertFalse(words.contains(word), "\(shell): '\(line)' does not offer \(word): \(words)")
            }
        }
    }

    func testBash() throws {
        let dir = try installed()
        // bash-completion finds the script in $XDG_DATA_DIRS/bash-completion/completions, as it
        // finds /usr/share/bash-completion/completions/palette-tui; then each line is completed
        // by calling the function `complete -p` names, as bash does on Tab.
        let script = """
            source /usr/share/bash-completion/bash_completion || exit 3
            __load_completion palette-tui || { echo "palette-tui completion not found"; exit 4; }
            fn=$(complete -p palette-tui | sed -E 's/.* -F ([^ ]+) .*/\\1/')
            for line in "$@"; do
                COMP_LINE=$line
                COMP_POINT=${#line}
                read -ra COMP_WORDS <<< "$line"
                [[ $line == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                COMPREPLY=()
                "$fn" palette-tui "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                echo "=== $line"
                printf '%s\\n' "${COMPREPLY[@]}"
            done
            """
        let result = try Spawn.run(
            ["bash", "--norc", "--noprofile", "-c", script, "bash"] + cases(dir).map(\.0),
            environment: [
                "PATH": dir.file("bin") + ":/usr/bin:/bin", "HOME": dir.path, "XDG_DATA_DIRS": dir.file("share"),
            ])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        check("bash", sections(result.stdout), dir)
    }

    func testFish() throws {
        let dir = try installed()
        // fish looks in $XDG_DATA_DIRS/fish/vendor_completions.d, as in /usr/share/fish/...
        var script = ""
        for (line, _, _) in cases(dir) {
            script += "echo '=== \(line)'; complete -C '\(line)'\n"
        }
        for (lang, expected) in [("zh_TW.UTF-8", "輸出格式"), ("zh_CN.UTF-8", "输出格式"), ("C.UTF-8", "output format")] {
            let result = try Spawn.run(
                ["fish", "-c", script],
                environment: [
                    "PATH": dir.file("bin") + ":/usr/bin:/bin", "HOME": dir.path, "LANG": lang,
                    "XDG_DATA_DIRS": dir.file("share") + ":/usr/share", "XDG_CONFIG_HOME": dir.file("config"),
                ])
            XCTAssertEqual(result.status, 0, result.stderr)
            check("fish", sections(result.stdout), dir)
            XCTAssertTrue(
                result.stdout.contains("--format\t" + expected), "fish describes options in the locale's language")
        }
    }

    func testZsh() throws {
        let dir = try installed()
        // An interactive zsh in tmux with the script's directory in fpath and compinit run, as a
        // user's shell has /usr/share/zsh/vendor-completions. Tab runs the real completion
        // widget; a compadd wrapper writes each match it adds to a file, then `<done>`.
        let capture = dir.file("capture")
        let rc = """
            fpath=(\(dir.file("share/zsh/vendor-completions")) $fpath)
            autoload -Uz compinit
            compinit -u -D
            zstyle ':completion:*' menu no
            compadd() {
                if [[ " $* " == *' -O '* || " $* " == *' -A '* || " $* " == *' -D '* ]]; then
                    builtin compadd "$@"
                    return
                fi
                local -a got
                builtin compadd -O got "$@"
                (( $#got )) && print -rl -- $got >> \(capture)
                builtin compadd "$@"
            }
            capture-complete() {
                zle complete-word
                print -r -- '<done>' >> \(capture)
            }
            zle -N capture-complete
            bindkey '^I' capture-complete
            PS1='ready> '

            """
        try Data(rc.utf8).write(to: URL(fileURLWithPath: dir.file(".zshrc")))
        let socket = dir.file("tmux.sock")
        let env = [
            "PATH": dir.file("bin") + ":/usr/bin:/bin", "HOME": dir.path, "ZDOTDIR": dir.path, "LANG": "C.UTF-8",
            "TERM": "xterm",
        ]
        func tmux(_ args: [String]) throws -> ChildResult {
            try Spawn.run(["tmux", "-S", socket, "-f", "/dev/null"] + args, environment: env, timeout: 10)
        }
        XCTAssertEqual(try tmux(["new-session", "-d", "-x", "200", "-y", "50", "zsh", "-i"]).status, 0)
        defer { _ = try? tmux(["kill-server"]) }
        _ = try eventually(timeout: 20, "the zsh prompt") {
            (try tmux(["capture-pane", "-p"])).stdout.contains("ready>") ? true : nil
        }
        var output = ""
        for (line, _, _) in cases(dir) {
            _ = FileManager.default.createFile(atPath: capture, contents: Data())
            _ = try tmux(["send-keys", "-t", "0", "-l", line])
            _ = try tmux(["send-keys", "-t", "0", "Tab"])
            let words = try eventually(timeout: 20, "zsh completing '\(line)'") { () -> String? in
                let text = (try? String(contentsOfFile: capture, encoding: .utf8)) ?? ""
                return text.contains("<done>") ? text : nil
            }
            _ = try tmux(["send-keys", "-t", "0", "C-u"])
            output += "=== \(line)\n" + words.replacingOccurrences(of: "<done>\n", with: "")
        }
        check("zsh", sections(output), dir)
    }
}
