import PaletteApply
import PaletteCore
import PaletteExport

/// Why `palette-tui apply` stopped.
public enum ApplyProblem: Hashable, Sendable {
    case missingTarget
    case unknownTarget(String)
    /// `--revert` takes no colours or `--variant`.
    case revertTakesNoPalette
    /// Neither HOME nor XDG_CONFIG_HOME says where configs live.
    case noConfigHome
    case refused(path: String, ConfigRefusal)
    /// The config changed since palette-tui applied (its backup no longer matches).
    case changedSinceApply(path: String, backup: String)
    case readOnly(String)
    case writeFailed(path: String, reason: WriteReason)
    case readFailed(path: String, reason: WriteReason)
    /// A file where the theme goes that palette-tui did not write.
    case notOurs(String)
    /// Nothing of palette-tui's in this program's config.
    case nothingToRevert(String)
    /// The include is there but the backup is gone: revert cannot restore the original.
    case noBackup(config: String, backup: String)
}

/// Why a file could not be written: the system's error number, or a refusal of what is there.
public enum WriteReason: Hashable, Sendable {
    case system(Int32)
    case refused(FileRefusal)

    var words: Localized {
        switch self {
        case .system(let code): return Messages.systemError(code)
        case .refused(let refusal): return Messages.fileRefusal(refusal)
        }
    }
}

/// The words of `palette-tui apply`.
public enum ApplyWords {
    public static let tryHelp = Localized(
        "Try 'palette-tui apply --help' for usage.", "用法請見 palette-tui apply --help。",
        "用法请见 palette-tui apply --help。")

    public static func problem(_ p: ApplyProblem) -> Localized {
        switch p {
        case .missingTarget:
            let list = ApplyTarget.allCases.map(\.rawValue).joined(separator: ", ")
            return Localized(
                "which program? one of: \(list)", "要套用到哪個程式？可選：\(list)", "要应用到哪个程序？可选：\(list)")
        case .unknownTarget(let t):
            let list = ApplyTarget.allCases.map(\.rawValue).joined(separator: ", ")
            return Localized(
                "unknown program '\(t)'; one of: \(list)", "不認得的程式「\(t)」；可選：\(list)", "不认识的程序“\(t)”；可选：\(list)")
        case .revertTakesNoPalette:
            return Localized(
                "--revert takes no colours and no --variant", "--revert 不接受顏色，也不接受 --variant",
                "--revert 不接受颜色，也不接受 --variant")
        case .noConfigHome:
            return Localized(
                "cannot tell where configs live: set HOME or XDG_CONFIG_HOME, or give --config FILE",
                "無法得知設定檔位置：請設定 HOME 或 XDG_CONFIG_HOME，或以 --config 指定檔案",
                "无法得知配置文件位置：请设置 HOME 或 XDG_CONFIG_HOME，或以 --config 指定文件")
        case .refused(let path, let why):
            let r = refusal(why)
            return Localized(
                "\(path): \(r.english); left unchanged", "\(path)：\(r.traditional)；未做任何變更",
                "\(path)：\(r.simplified)；未做任何更改")
        case .changedSinceApply(let path, let backup):
            return Localized(
                "\(path) changed since palette-tui applied the theme; left unchanged (the original is in \(backup): "
                    + "restore it by hand or delete it)",
                "\(path) 在 palette-tui 套用主題後已被修改；未做任何變更（原檔在 \(backup)：請自行還原或刪除）",
                "\(path) 在 palette-tui 应用主题后已被修改；未做任何更改（原文件在 \(backup)：请自行还原或删除）")
        case .readOnly(let path):
            return Localized(
                "\(path) is read-only; nothing was changed", "\(path) 是唯讀的；未做任何變更", "\(path) 是只读的；未做任何更改")
        case .writeFailed(let path, let why):
            let reason = why.words
            return Localized(
                "could not write \(path): \(reason.english); the config is unchanged",
                "無法寫入 \(path)：\(reason.traditional)；設定檔未變更", "无法写入 \(path)：\(reason.simplified)；配置文件未更改")
        case .readFailed(let path, let why):
            let r = why.words
            return Localized(
                "could not read \(path): \(r.english)", "無法讀取 \(path)：\(r.traditional)", "无法读取 \(path)：\(r.simplified)")
        case .notOurs(let path):
            return Localized(
                "\(path) exists and was not written by palette-tui; left unchanged",
                "\(path) 已存在且不是 palette-tui 寫的；未做任何變更", "\(path) 已存在且不是 palette-tui 写的；未做任何更改")
        case .nothingToRevert(let program):
            return Localized(
                "palette-tui has not applied a theme to \(program)", "palette-tui 尚未把主題套用到 \(program)",
                "palette-tui 尚未把主题应用到 \(program)")
        case .noBackup(let config, let backup):
            return Localized(
                "\(config) includes the theme but its backup \(backup) is gone; remove the line by hand",
                "\(config) 含有主題，但備份 \(backup) 不見了；請自行刪除那一行", "\(config) 含有主题，但备份 \(backup) 不见了；请自行删除那一行")
        }
    }

    static func refusal(_ r: ConfigRefusal) -> Localized {
        switch r {
        case .notText:
            return Localized("not a text file", "不是文字檔", "不是文本文件")
        case .notTOML(let line):
            return Localized(
                "line \(line) is not TOML palette-tui can read", "第 \(line) 行不是 palette-tui 能讀的 TOML",
                "第 \(line) 行不是 palette-tui 能读的 TOML")
        case .notYAML(let line):
            return Localized(
                "line \(line) is YAML palette-tui does not edit (it edits a plain `key:` mapping)",
                "第 \(line) 行的 YAML 寫法 palette-tui 不會修改（它只修改一般的 `key:` 對應）",
                "第 \(line) 行的 YAML 写法 palette-tui 不会修改（它只修改一般的 `key:` 映射）")
        case .yamlBeside(let yaml):
            return Localized(
                "no such file, and Alacritty reads \(yaml) instead: apply with --config \(yaml)",
                "檔案不存在，Alacritty 讀取的是 \(yaml)：請以 --config \(yaml) 套用",
                "文件不存在，Alacritty 读取的是 \(yaml)：请以 --config \(yaml) 应用")
        case .continuedLastLine:
            return Localized(
                "its last line continues with a backslash", "最後一行以反斜線接續下一行", "最后一行以反斜杠接续下一行")
        case .unexpectedLayout(let key):
            return Localized(
                "its `\(key)` is laid out in a way palette-tui does not edit", "其 `\(key)` 的寫法 palette-tui 不會修改",
                "其 `\(key)` 的写法 palette-tui 不会修改")
        }
    }

    public static func wroteTheme(_ path: String) -> Localized {
        Localized("wrote the theme to \(path)", "已把主題寫入 \(path)", "已把主题写入 \(path)")
    }

    public static func added(_ line: String, _ config: String) -> Localized {
        Localized("added `\(line)` to \(config)", "已在 \(config) 加入 `\(line)`", "已在 \(config) 加入 `\(line)`")
    }

    public static func alreadyIncluded(_ config: String) -> Localized {
        Localized(
            "\(config) already includes the theme (unchanged)", "\(config) 已含有主題（未變更）", "\(config) 已含有主题（未更改）")
    }

    public static func overridden(_ config: String, _ keys: [String]) -> Localized {
        let shown = keys.prefix(4).joined(separator: ", ") + (keys.count > 4 ? ", …" : "")
        return Localized(
            "note: \(config) sets \(shown) itself, which the program reads after the theme: remove them to see the theme's",
            "注意：\(config) 自行設定了 \(shown)，程式會在主題之後讀取它們：刪除它們才會看到主題的顏色",
            "注意：\(config) 自行设置了 \(shown)，程序会在主题之后读取它们：删除它们才会看到主题的颜色")
    }

    public static func backup(_ path: String) -> Localized {
        Localized("the original is kept in \(path)", "原檔保留在 \(path)", "原文件保留在 \(path)")
    }

    public static func addByHand(_ line: String, _ config: String) -> Localized {
        Localized(
            "\(config) is code, so palette-tui does not edit it; add this line to it:\n  \(line)",
            "\(config) 是程式碼，palette-tui 不會修改；請在其中加入這一行：\n  \(line)",
            "\(config) 是代码，palette-tui 不会修改；请在其中加入这一行：\n  \(line)")
    }

    public static func alreadyByHand(_ config: String) -> Localized {
        Localized(
            "\(config) already has the line that loads it", "\(config) 已有載入它的那一行", "\(config) 已有加载它的那一行")
    }

    public static func restored(_ config: String) -> Localized {
        Localized(
            "restored \(config) as it was before", "已將 \(config) 還原為原本的內容", "已将 \(config) 还原为原本的内容")
    }

    public static func removedCreated(_ config: String) -> Localized {
        Localized(
            "removed \(config), which palette-tui had created", "已刪除 palette-tui 建立的 \(config)",
            "已删除 palette-tui 创建的 \(config)")
    }

    public static func removed(_ path: String) -> Localized {
        Localized("removed \(path)", "已刪除 \(path)", "已删除 \(path)")
    }

    public static func removeByHand(_ line: String, _ config: String) -> Localized {
        Localized(
            "remove this line from \(config) by hand:\n  \(line)", "請自行從 \(config) 刪除這一行：\n  \(line)",
            "请自行从 \(config) 删除这一行：\n  \(line)")
    }

    public static let dryRun = Localized(
        "dry run: nothing was written", "試跑：沒有寫入任何檔案", "试运行：没有写入任何文件")

    public static func background(_ colour: RGB, _ variant: ThemeVariant) -> Localized {
        Localized(
            "the terminal's background is \(colour.hex): \(variant.rawValue) theme",
            "終端機背景為 \(colour.hex)：使用 \(variant.rawValue) 主題", "终端背景为 \(colour.hex)：使用 \(variant.rawValue) 主题")
    }

    public static func reload(_ outcome: ReloadOutcome, _ target: ApplyTarget) -> Localized {
        let name = target.displayName
        switch outcome {
        case .signalled(let n):
            return Localized(
                "asked \(n) running kitty \(n == 1 ? "process" : "processes") to reload its config (SIGUSR1)",
                "已請 \(n) 個執行中的 kitty 重新載入設定（SIGUSR1）", "已请 \(n) 个运行中的 kitty 重新加载配置（SIGUSR1）")
        case .noneRunning:
            return Localized(
                "\(name) is not running: it takes the theme when it starts", "\(name) 未在執行：啟動時就會套用主題",
                "\(name) 未在运行：启动时就会应用主题")
        case .tmuxSourced:
            return Localized(
                "this tmux server sourced the theme", "這個 tmux 伺服器已載入主題", "这个 tmux 服务器已加载主题")
        case .tmuxFailed(let why):
            return Localized(
                "tmux could not source the theme: \(why)", "tmux 無法載入主題：\(why)", "tmux 无法加载主题：\(why)")
        case .tmuxNotInside(let theme):
            return Localized(
                "not inside tmux: new servers read it; in a running one, run tmux source-file \(theme)",
                "不在 tmux 內：新的伺服器會讀取它；執行中的伺服器請執行 tmux source-file \(theme)",
                "不在 tmux 内：新的服务器会读取它；运行中的服务器请执行 tmux source-file \(theme)")
        case .alacrittyLive:
            return Localized(
                "Alacritty reloads its config by itself (live_config_reload)",
                "Alacritty 會自行重新載入設定（live_config_reload）",
                "Alacritty 会自行重新加载配置（live_config_reload）")
        case .footRestart:
            return Localized(
                "foot reads its config when it starts: open a new window (restart foot --server if you use it)",
                "foot 只在啟動時讀取設定：請開新視窗（若使用 foot --server 請重新啟動它）",
                "foot 只在启动时读取配置：请开新窗口（若使用 foot --server 请重新启动它）")
        case .ghosttyKey:
            return Localized(
                "in Ghostty, reload the config with ctrl+shift+, (reload_config)",
                "在 Ghostty 中按 ctrl+shift+,（reload_config）重新載入設定",
                "在 Ghostty 中按 ctrl+shift+,（reload_config）重新加载配置")
        case .weztermAuto:
            return Localized(
                "WezTerm reloads its config when the file changes", "設定檔變更時 WezTerm 會自行重新載入",
                "配置文件更改时 WezTerm 会自行重新加载")
        case .neovimCommand:
            return Localized(
                "in a running Neovim, run :colorscheme palette-tui", "在執行中的 Neovim 執行 :colorscheme palette-tui",
                "在运行中的 Neovim 执行 :colorscheme palette-tui")
        case .helixCommand:
            return Localized(
                "in a running Helix, run :config-reload", "在執行中的 Helix 執行 :config-reload",
                "在运行中的 Helix 执行 :config-reload")
        }
    }
}
