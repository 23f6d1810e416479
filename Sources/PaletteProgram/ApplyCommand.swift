import FoundationEssentials
import Glibc
import PaletteApply
import PaletteCommands
import PaletteCore
import PaletteExport
import PaletteText
import TerminalUI

/// `palette-tui apply PROGRAM [COLOR COLOR COLOR]` and `apply --revert PROGRAM`: the theme into a
/// program's config (a theme file beside it and one include line), backed up, reloaded, revertible.
/// What goes where is PaletteApply's (`ApplyTarget`, `ConfigEdit`); this file reads and writes.
func runApply(_ args: [String]) async throws -> Int32 {
    let environment = RunSettings.environment
    let language = LanguageChoice.language(locale: localeName(environment))
    let arguments: Arguments
    do {
        arguments = try Arguments(args, command: CommandTable.apply)
    } catch {
        printError("palette-tui: " + ExportWords.problem(exportProblem(error))(language))
        printError(ApplyWords.tryHelp(language))
        return 2
    }
    let chosen = arguments["lang"].flatMap(Language.init(rawValue:)) ?? language
    if arguments.has("help") {
        print(CommandHelp.text(CommandTable.apply, chosen))
        return 0
    }
    var background: BackgroundQuery?
    defer { background?.finish() }
    do {
        return try apply(arguments, environment: environment, language: chosen, background: &background)
    } catch let failure as ApplyFailure {
        printError("palette-tui: " + ApplyWords.problem(failure.problem)(chosen))
        if failure.isUsage { printError(ApplyWords.tryHelp(chosen)) }
        return failure.isUsage ? 2 : 1
    } catch let failure as ExportFailure {
        printError("palette-tui: " + ExportWords.problem(failure.problem)(chosen))
        if failure.isUsage { printError(ApplyWords.tryHelp(chosen)) }
        return failure.isUsage ? 2 : 1
    }
}

struct ApplyFailure: Error {
    var problem: ApplyProblem
    var isUsage = false
}

/// The files of one program's apply: its config, the theme file, the backup and the marker of a
/// config palette-tui created.
struct ApplyFiles {
    var target: ApplyTarget
    var config: String
    var theme: String
    var line: String
    /// Alacritty's alacritty.yml (Alacritty 0.11-0.12): a YAML theme in its `import:` list.
    var yaml: Bool
    var backup: String { config + ".palette-tui-backup" }
    var createdMarker: String { config + ".palette-tui-created" }

    init(_ target: ApplyTarget, config: String) {
        self.target = target
        self.config = config
        theme = target.themePath(config: config)
        line = target.includeLine(config: config, theme: theme)
        yaml = target == .alacritty && ApplyTarget.isYAML(config: config)
    }
}

private func apply(
    _ arguments: Arguments, environment: [String: String], language: Language, background: inout BackgroundQuery?
) throws -> Int32 {
    guard let name = arguments.positionals.first else { throw ApplyFailure(problem: .missingTarget, isUsage: true) }
    guard let target = ApplyTarget(rawValue: name.lowercased()) else {
        throw ApplyFailure(problem: .unknownTarget(name), isUsage: true)
    }
    let colours = Array(arguments.positionals.dropFirst())
    let revert = arguments.has("revert")
    if revert && (!colours.isEmpty || arguments["variant"] != nil) {
        throw ApplyFailure(problem: .revertTakesNoPalette, isUsage: true)
    }
    guard colours.count <= 1 || colours.count == 3 else { throw ExportFailure.usage(.colourCount(colours.count)) }
    let config: String
    if let given = arguments["config"] {
        config = given.hasPrefix("/") ? given : FileManager.default.currentDirectoryPath + "/" + given
    } else {
        guard let found = target.configPath(environment: environment, exists: { lstatKind($0) != nil }) else {
            throw ApplyFailure(problem: .noConfigHome)
        }
        config = found
    }
    let files = ApplyFiles(target, config: config)
    if revert { return try revertApply(files, dryRun: arguments.has("dry-run"), language: language) }

    let (palette, description) = try exportPalette(
        colours, historyOption: arguments["history"], environment: environment, language: language)
    let variant: ThemeVariant
    switch arguments["variant"] ?? "auto" {
    case "dark": variant = .dark
    case "light": variant = .light
    default:
        if isatty(0) == 1 && isatty(1) == 1,
            let query = BackgroundQuery.ask(insideTmux: environment["TMUX"].map { !$0.isEmpty } ?? false)
        {
            background = query
            if let colour = query.colour {
                variant = TerminalBackground.variant(for: colour)
                printError(ApplyWords.background(colour, variant)(language))
            } else {
                variant = try themeVariant(nil, environment: environment, file: RunSettings.file)
            }
        } else {
            variant = try themeVariant(nil, environment: environment, file: RunSettings.file)
        }
    }
    let themeBytes = target.themeText(
        palette, variant: variant, name: ExportWords.fileName(description, palette, language), language: language,
        config: config)
    switch try applyTheme(themeBytes, files: files, dryRun: arguments.has("dry-run"), environment: environment) {
    case .diff(let out):
        StandardOutput.write(Array(out.utf8))
        printError(ApplyWords.dryRun(language))
    case .done(let messages):
        for m in messages { print(m(language)) }
    }
    return 0
}

/// What an apply did: the dry run's diff, or what was done, in order.
enum ApplyOutcome {
    case diff(String)
    case done([Localized])
}

/// The theme file written, the include added once (backup first), the program reloaded: the one
/// way both `palette-tui apply` and the app's "apply to this terminal" change a config.
func applyTheme(_ themeBytes: [UInt8], files: ApplyFiles, dryRun: Bool, environment: [String: String]) throws
    -> ApplyOutcome
{
    let target = files.target
    let config = files.config
    let themeText = String(decoding: themeBytes, as: UTF8.self)
    let oldTheme = try existingTheme(files.theme)

    // The config: what it is now and what it becomes (nil: unchanged).
    let current = try readText(config, target: target)
    // A TOML config named that does not exist, beside the alacritty.yml Alacritty reads: a new
    // TOML would hide the YAML from Alacritty 0.13+ and be ignored by 0.11-0.12.
    let besideYAML = URL(fileURLWithPath: config).deletingLastPathComponent().path + "/alacritty.yml"
    if target == .alacritty, !files.yaml, current == nil, lstatKind(besideYAML) != nil {
        throw ApplyFailure(problem: .refused(path: config, .yamlBeside(besideYAML)))
    }
    var changed: String?
    if !target.isCode {
        do {
            changed = try ConfigEdit.added(target, to: current ?? "", line: files.line, yaml: files.yaml)
        } catch {
            throw ApplyFailure(problem: .refused(path: config, error))
        }
        if changed != nil, let backup = try readText(files.backup, target: nil), backup != (current ?? "") {
            throw ApplyFailure(problem: .changedSinceApply(path: config, backup: files.backup))
        }
    }

    if dryRun {
        var out = UnifiedDiff.diff(old: oldTheme, new: themeText, oldName: files.theme, newName: files.theme)
        if let changed {
            out += UnifiedDiff.diff(old: current, new: changed, oldName: config, newName: config)
        }
        return .diff(out)
    }

    // Everything that will be written must be writable before anything is.
    if changed != nil { try checkWritable(config, exists: current != nil) }
    try checkWritable(files.theme, exists: oldTheme != nil)

    var messages: [Localized] = []
    try makeFolders(for: files.theme)
    try write(themeBytes, to: files.theme)
    messages.append(ApplyWords.wroteTheme(files.theme))
    if let changed {
        try makeFolders(for: config)
        let hasBackup = lstatKind(files.backup) != nil || lstatKind(files.createdMarker) != nil
        if !hasBackup {
            if let current {
                try write(Array(current.utf8), to: files.backup, replace: false)
                messages.append(ApplyWords.backup(files.backup))
            } else {
                try write([], to: files.createdMarker, replace: false)
            }
        }
        try write(Array(changed.utf8), to: config)
        messages.append(ApplyWords.added(files.line, config))
    } else if target.isCode {
        let has = current.map { ConfigEdit.contains(files.line, in: $0) }
        messages.append(has == true ? ApplyWords.alreadyByHand(config) : ApplyWords.addByHand(files.line, config))
    } else {
        messages.append(ApplyWords.alreadyIncluded(config))
    }
    let overriding = ConfigEdit.overriding(target, in: current ?? "", yaml: files.yaml)
    if !overriding.isEmpty { messages.append(ApplyWords.overridden(config, overriding)) }
    messages.append(ApplyWords.reload(reload(files, environment: environment), target))
    return .done(messages)
}

/// `--revert`: the config back as it was before the first apply, the theme file removed.
private func revertApply(_ files: ApplyFiles, dryRun: Bool, language: Language) throws -> Int32 {
    let target = files.target
    let config = files.config
    let current = try readText(config, target: target)
    let theme = try existingTheme(files.theme)
    var restore: [UInt8]??  // nil: leave; .some(nil): remove the config palette-tui created
    var messages: [String] = []
    if target.isCode {
        if theme == nil { throw ApplyFailure(problem: .nothingToRevert(target.displayName)) }
        if let current, ConfigEdit.contains(files.line, in: current) {
            messages.append(ApplyWords.removeByHand(files.line, config)(language))
        }
    } else if let backup = try readText(files.backup, target: nil) {
        let expected = (try? ConfigEdit.added(target, to: backup, line: files.line, yaml: files.yaml)) ?? backup
        guard current == expected || current == backup else {
            throw ApplyFailure(problem: .changedSinceApply(path: config, backup: files.backup))
        }
        if current != backup { restore = .some(Array(backup.utf8)) }
        messages.append(ApplyWords.restored(config)(language))
    } else if lstatKind(files.createdMarker) != nil {
        let expected = (try? ConfigEdit.added(target, to: "", line: files.line, yaml: files.yaml)) ?? ""
        guard current == nil || current == expected || current == "" else {
            throw ApplyFailure(problem: .changedSinceApply(path: config, backup: files.createdMarker))
        }
        if current != nil { restore = .some(nil) }
        messages.append(ApplyWords.removedCreated(config)(language))
    } else {
        let included =
            current.map { (try? ConfigEdit.added(target, to: $0, line: files.line, yaml: files.yaml)) == nil } ?? false
        if included { throw ApplyFailure(problem: .noBackup(config: config, backup: files.backup)) }
        if theme == nil { throw ApplyFailure(problem: .nothingToRevert(target.displayName)) }
    }
    if dryRun {
        var out = ""
        if let restore {
            out += UnifiedDiff.diff(
                old: current, new: restore.map { String(decoding: $0, as: UTF8.self) }, oldName: config, newName: config
            )
        }
        if let theme { out += UnifiedDiff.diff(old: theme, new: nil, oldName: files.theme, newName: files.theme) }
        StandardOutput.write(Array(out.utf8))
        printError(ApplyWords.dryRun(language))
        return 0
    }
    if restore != nil { try checkWritable(config, exists: true) }
    switch restore {
    case .some(.some(let bytes)): try write(bytes, to: config)
    case .some(.none): unlink(config)
    case .none: break
    }
    unlink(files.backup)
    unlink(files.createdMarker)
    if theme != nil {
        unlink(files.theme)
        messages.append(ApplyWords.removed(files.theme)(language))
    }
    for m in messages { print(m) }
    return 0
}

// MARK: - Files

/// The kind of what is at `path` without following a link (S_IFREG, S_IFLNK...), nil for nothing.
func lstatKind(_ path: String) -> mode_t? {
    var st = stat()
    return lstat(path, &st) == 0 ? st.st_mode & S_IFMT : nil
}

/// A file's text, nil when there is none. A config that is not UTF-8 text is refused.
private func readText(_ path: String, target: ApplyTarget?) throws -> String? {
    var st = stat()
    if stat(path, &st) != 0 {
        if errno == ENOENT { return nil }
        throw ApplyFailure(problem: .readFailed(path: path, reason: .system(errno)))
    }
    guard st.st_mode & S_IFMT == S_IFREG else {
        throw ApplyFailure(problem: .readFailed(path: path, reason: .system(EINVAL)))
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        throw ApplyFailure(
            problem: .readFailed(path: path, reason: .system(errno == 0 ? EACCES : errno)))
    }
    guard let text = String(validating: Array(data), as: UTF8.self) else {
        throw ApplyFailure(problem: .refused(path: path, .notText))
    }
    return text
}

/// The theme file's text if there is one; one palette-tui did not write is refused.
private func existingTheme(_ path: String) throws -> String? {
    guard let text = try readText(path, target: nil) else { return nil }
    let first = text.prefix { $0 != "\n" }
    guard first.contains("palette-tui") else { throw ApplyFailure(problem: .notOurs(path)) }
    return text
}

/// Refuses a file (or, for a new one, the nearest existing folder) the user cannot write, before
/// anything is written. A link is checked at the file it ends at.
private func checkWritable(_ path: String, exists: Bool) throws {
    if exists {
        if access(path, W_OK) != 0 { throw ApplyFailure(problem: .readOnly(path)) }
        return
    }
    var dir = URL(fileURLWithPath: path).deletingLastPathComponent()
    while lstatKind(dir.path) == nil && dir.path != "/" { dir = dir.deletingLastPathComponent() }
    if access(dir.path, W_OK) != 0 { throw ApplyFailure(problem: .readOnly(dir.path)) }
}

private func makeFolders(for path: String) throws {
    let dir = URL(fileURLWithPath: path).deletingLastPathComponent().path
    do {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    } catch {
        throw ApplyFailure(problem: .writeFailed(path: dir, reason: .system(EACCES)))
    }
}

private func write(_ bytes: [UInt8], to path: String, replace: Bool = true) throws {
    do {
        try AtomicFile.write(bytes, to: path, replace: replace)
    } catch .exists {
        return
    } catch .failed(let code) {
        throw ApplyFailure(problem: .writeFailed(path: path, reason: .system(code)))
    } catch .refused(let refusal) {
        throw ApplyFailure(problem: .writeFailed(path: path, reason: .refused(refusal)))
    }
}

// MARK: - Reload

/// Has the running program take the theme where it documents a way; else says what to do.
private func reload(_ files: ApplyFiles, environment: [String: String]) -> ReloadOutcome {
    switch files.target {
    case .kitty:
        let n = signalKitty()
        return n > 0 ? .signalled(n) : .noneRunning
    case .tmux:
        guard let tmux = environment["TMUX"], !tmux.isEmpty else { return .tmuxNotInside(theme: files.theme) }
        return runTmux(["source-file", files.theme], environment: environment)
    case .alacritty: return .alacrittyLive
    case .foot: return .footRestart
    case .ghostty: return .ghosttyKey
    case .wezterm: return .weztermAuto
    case .neovim: return .neovimCommand
    case .helix: return .helixCommand
    }
}

/// SIGUSR1, kitty's config reload signal, to every kitty of this user that is a terminal
/// (`kitty +kitten ...`, `kitty +runpy` and `kitty @` are not, and SIGUSR1 would end them).
private func signalKitty() -> Int {
    let me = getuid()
    var count = 0
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return 0 }
    for entry in entries {
        guard let pid = pid_t(entry), pid != getpid() else { continue }
        var st = stat()
        guard stat("/proc/\(entry)", &st) == 0, st.st_uid == me else { continue }
        guard let comm = try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8),
            comm.trimmed() == "kitty"
        else { continue }
        let argv = (FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") ?? Data())
            .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        if argv.dropFirst().contains(where: { $0.hasPrefix("+") || $0 == "@" }) { continue }
        if kill(pid, SIGUSR1) == 0 { count += 1 }
    }
    return count
}

/// `tmux ARGS` with the allowed environment (TMUX names the server), two seconds at most.
private func runTmux(_ args: [String], environment: [String: String]) -> ReloadOutcome {
    var pipeFDs: [Int32] = [-1, -1]
    guard pipe(&pipeFDs) == 0 else { return .tmuxFailed(String(cString: strerror(errno))) }
    _ = fcntl(pipeFDs[0], F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 2)
    let argv: [UnsafeMutablePointer<CChar>?] = (["tmux"] + args).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let envp: [UnsafeMutablePointer<CChar>?] = ChildEnvironment.allowed(from: environment).map { strdup($0) } + [nil]
    defer { envp.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, "tmux", &actions, nil, argv, envp)
    close(pipeFDs[1])
    defer { close(pipeFDs[0]) }
    guard spawned == 0 else { return .tmuxFailed(String(cString: strerror(spawned))) }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = ContinuousClock.now + .seconds(2)
    var fds = [pollfd(fd: pipeFDs[0], events: Int16(POLLIN), revents: 0)]
    while ContinuousClock.now < deadline {
        let left = deadline - ContinuousClock.now
        let ms = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
        if poll(&fds, 1, ms) <= 0 { break }
        let n = read(pipeFDs[0], &buffer, buffer.count)
        if n <= 0 { break }
        if output.count < 4096 { output += buffer[0..<n] }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 && ContinuousClock.now < deadline { usleep(5000) }
    if waitpid(pid, &status, WNOHANG) == 0 {
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return .tmuxFailed(String(cString: strerror(ETIMEDOUT)))
    }
    if status & 0x7F == 0 && (status >> 8) & 0xFF == 0 { return .tmuxSourced }
    let message = String(decoding: output, as: UTF8.self).trimmed()
    return .tmuxFailed(message.isEmpty ? "exit \((status >> 8) & 0xFF)" : message)
}
