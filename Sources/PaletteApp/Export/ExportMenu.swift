import FoundationEssentials
import Glibc
import PaletteCore
import PaletteExport
import PaletteSystem

/// One row of the export menu: a format, and for tailwind which config it writes; or one of the
/// design system's formats (`palette-tui system`).
public struct ExportChoice: Hashable, Sendable {
    /// The palette or theme format; for a system row, unused (`system` says what is written).
    public var format: ExportFormat
    public var tailwindV3: Bool
    /// A design-system format: the row writes what `palette-tui system --format X` writes.
    public var system: SystemFormat?

    public init(format: ExportFormat, tailwindV3: Bool) {
        self.format = format
        self.tailwindV3 = tailwindV3
        self.system = nil
    }

    public init(system: SystemFormat) {
        self.format = .css
        self.tailwindV3 = false
        self.system = system
    }

    /// The menu's groups, in their order.
    public enum Group: Hashable, Sendable {
        case palette, system, theme
    }

    public var group: Group {
        if system != nil { return .system }
        return format.kind == .theme ? .theme : .palette
    }

    /// The menu's rows: palette formats in `export --list` order, the design system's formats,
    /// then themes; tailwind's v3 config is a row of its own, after the v4 one.
    public static let all: [ExportChoice] = {
        var rows: [ExportChoice] = []
        for format in ExportFormat.allCases.filter({ $0.kind == .palette }) {
            rows.append(ExportChoice(format: format, tailwindV3: false))
            if format == .tailwind { rows.append(ExportChoice(format: format, tailwindV3: true)) }
        }
        rows += SystemFormat.allCases.map { ExportChoice(system: $0) }
        rows += ExportFormat.allCases.filter { $0.kind == .theme }.map { ExportChoice(format: $0, tailwindV3: false) }
        return rows
    }()

    /// `tailwind-v3` for the v3 row, `system-css` for a system row, else the format's name as
    /// `export` takes it.
    public var label: String {
        if let system { return "system-" + system.rawValue }
        return tailwindV3 ? "tailwind-v3" : format.rawValue
    }

    /// Whether the file is binary (a PNG).
    public var isBinary: Bool { system?.isBinary ?? format.isBinary }

    /// The extension a file of this choice ends in (`.css`, `.json` for `.tokens.json`, `.js`
    /// for tailwind's v3 config); nil where any name is usual (ghostty's theme files).
    public var expectedExtension: String? {
        let full: String
        if let system {
            full = system.fileExtension
        } else if tailwindV3 {
            full = ".js"
        } else {
            full = format.fileExtension
        }
        guard let dot = full.lastIndex(of: ".") else { return nil }
        return String(full[dot...])
    }

    /// Whether the last part of `path` ends in the extension this choice writes (any case;
    /// `.yml` for `.yaml`). True where the choice has no usual extension.
    public func extensionFits(_ path: String) -> Bool {
        guard let expected = expectedExtension?.lowercased() else { return true }
        let name = (path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path)
            .lowercased()
        if name.hasSuffix(expected) { return true }
        return expected == ".yaml" && name.hasSuffix(".yml")
    }
}

/// The export menu while it is open (`e`): the chosen row, the theme variant, and the file.
public struct ExportMenu: Hashable, Sendable {
    /// Index into `ExportChoice.all`.
    public internal(set) var selected = 0
    public internal(set) var variant: ThemeVariant = .dark
    /// The file, as the user reads and edits it: relative to `AppState.exportDirectory`.
    public internal(set) var path = TextField(capacity: 1024)
    /// The path field has the keyboard (Tab), rather than the list.
    var isEditingPath = false
    /// The user changed the file name: it no longer follows the format, and is not numbered.
    var pathEdited = false
    /// The file this path names exists: the next Enter replaces it.
    var confirmReplace: String?
    /// A file name whose extension does not fit the format was questioned: Enter with this same
    /// name writes it anyway.
    var confirmExtension: String?
    /// That question is on the status line now: Esc goes back to editing the name.
    var askingExtension = false
    /// A write is under way: Enter waits for it.
    var isWriting = false

    public var choice: ExportChoice { ExportChoice.all[selected] }
}

/// What `Effect.exportPalette` writes: everything the file needs, and where.
public struct ExportJob: Hashable, Sendable {
    public var request: ExportRequest
    /// A design-system format: written from `request`'s palette, name and language instead.
    public var system: SystemFormat?
    /// The path as typed (relative to `directory`, or absolute, or `~/...`).
    public var path: String
    public var directory: String
    /// The default name: when taken, the first free `name-2`, `name-3`... is used instead.
    var numberIfTaken: Bool
    /// Replace an existing file (the user confirmed).
    public var replace: Bool

    public init(
        request: ExportRequest, path: String, directory: String, numberIfTaken: Bool, replace: Bool,
        system: SystemFormat? = nil
    ) {
        self.request = request
        self.system = system
        self.path = path
        self.directory = directory
        self.numberIfTaken = numberIfTaken
        self.replace = replace
    }

    /// The absolute path `path` names: `~` is `home`, a relative path is under `directory`.
    public static func resolve(_ path: String, directory: String, home: String?) -> String {
        var p = path.trimmedSpaces()
        if p == "~" || p.hasPrefix("~/"), let home, !home.isEmpty {
            p = home + p.dropFirst()
        }
        if !p.hasPrefix("/") {
            let dir = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
            p = dir + "/" + p
        }
        return p
    }
}

/// Why an export from the app wrote nothing, typed; the reducer words it.
public enum ExportJobFailure: Error, Hashable, Sendable {
    /// The file exists and was not to be replaced.
    case exists(path: String)
    /// The default name and its 98 numbered neighbours are all taken.
    case noFreeName(path: String)
    /// The path ends in `/` or names nothing.
    case noFileName(path: String)
    case writeFailed(FileWriteFailure)
}

/// A file the app's export wrote.
public struct ExportWritten: Hashable, Sendable {
    public var path: String
    public var choice: ExportChoice
    public var variant: ThemeVariant

    public init(path: String, choice: ExportChoice, variant: ThemeVariant) {
        self.path = path
        self.choice = choice
        self.variant = variant
    }
}

extension ExportJob {
    /// The file's bytes: a design-system format exactly as `palette-tui system` writes it for
    /// the same palette and name, else the export format's.
    func render() -> [UInt8] {
        guard let system else { return Exporter.render(request) }
        let design = DesignSystem(palette: request.palette)
        if system == .swatch { return SystemCard.png(design, name: request.name, language: request.language) }
        return Array(SystemWriters.render(design, system, name: request.name).utf8)
    }

    /// Renders the file and writes it through `files`, never over a file unless `replace`:
    /// the path written, or why nothing was. Blocking (fsync): effects call it off the UI thread.
    func perform(files: FileClient, home: String?) -> Result<String, ExportJobFailure> {
        let target = Self.resolve(path, directory: directory, home: home)
        if target.hasSuffix("/") || PathText.lastComponent(target).isEmpty {
            return .failure(.noFileName(path: target))
        }
        let bytes = render()
        if replace {
            do throws(FileWriteFailure) {
                try files.write(target, bytes)
                return .success(target)
            } catch {
                return .failure(.writeFailed(error))
            }
        }
        // A numbered name can be taken between the look and the write: look again, a few times.
        for _ in 0..<4 {
            var candidate = target
            if numberIfTaken {
                let url = URL(fileURLWithPath: target)
                guard
                    let free = ExportPath.free(
                        url.lastPathComponent, in: url.deletingLastPathComponent().path, exists: files.exists)
                else { return .failure(.noFreeName(path: target)) }
                candidate = free
            }
            do throws(FileWriteFailure) {
                try files.create(candidate, bytes)
                return .success(candidate)
            } catch {
                guard error.code == EEXIST else { return .failure(.writeFailed(error)) }
                if !numberIfTaken { return .failure(.exists(path: candidate)) }
            }
        }
        return .failure(.noFreeName(path: target))
    }
}
