import PaletteCore

/// Why the history could not be found, read or written, as a typed value.
///
/// The store never words its failures: the app's status line and the command line word them
/// in the user's language (PaletteApp's catalogue), once, from these fields. Paths and system
/// error codes are kept as evidence; nothing here is a sentence.
public struct HistoryFailure: Error, Hashable, Sendable {
    /// What kind of failure this is, for tests and for deciding what to say.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// Neither an option nor the environment says where the file lives.
        case noLocation
        /// The file exists but cannot be opened or read.
        case unreadable
        /// The file or its folder cannot be written.
        case unwritable
        /// The file is not a palette-tui history file; it is left untouched.
        case foreign
        /// The path itself cannot work: a part of it is a file, it is too long, it loops, it is a
        /// link to nothing.
        case pathProblem
    }

    /// What the store was doing when the system refused.
    public enum Operation: String, Hashable, Sendable {
        case read, write, createFolder
    }

    /// Why a file is taken for someone else's.
    public enum ForeignEvidence: Hashable, Sendable {
        /// A folder, a device, a pipe: not a regular file.
        case notARegularFile
        /// Its first byte is not `{`.
        case notJSONObject
        /// None of its first `lines` lines is a history record.
        case noRecords(lines: Int)
    }

    /// One case per thing the user can act on; the wording lives in PaletteApp.
    public enum Reason: Hashable, Sendable {
        /// Neither `XDG_STATE_HOME` nor `HOME` is set (and no `--history`, no `PALETTE_TUI_HISTORY`).
        case noLocation
        /// `blocker`, a part of the history file's path, exists and is not a folder.
        case notAFolder(blocker: String)
        /// `link`, the history file or one of its folders, is a symbolic link to `target`, which
        /// does not exist. Nothing is created through it: the user says where the history lives.
        case danglingLink(link: String, target: String)
        /// The system refused `operation` on `path` with the error number `code` (errno).
        case system(Operation, path: String, code: Int32)
        /// The file is not a history file.
        case foreign(ForeignEvidence)
    }

    /// The history file's path; nil when there is no location at all.
    public var path: String?
    public var reason: Reason

    public init(path: String?, _ reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The system error numbers that mean the path cannot work whatever the permissions.
    /// ENOTDIR 20, ENAMETOOLONG 36, ELOOP 40 on Linux.
    public static let pathErrorCodes: Set<Int32> = [20, 36, 40]

    public var kind: Kind {
        switch reason {
        case .noLocation: return .noLocation
        case .notAFolder, .danglingLink: return .pathProblem
        case .foreign: return .foreign
        case .system(let operation, _, let code):
            if HistoryFailure.pathErrorCodes.contains(code) { return .pathProblem }
            return operation == .read ? .unreadable : .unwritable
        }
    }
}

/// Something the user should know about a history file that was read: lines that were skipped.
public enum HistoryWarning: Hashable, Sendable {
    /// Line `number` could not be read; it was skipped and kept in the file.
    case skippedLine(number: Int, HistoryLineProblem)
    /// `count` more unreadable lines were skipped (kept in the file) beyond those listed.
    case moreSkipped(count: Int)
}

/// Why one line of the history file could not be read.
public enum HistoryLineProblem: Hashable, Sendable {
    /// Zero bytes: a write was interrupted.
    case zeroBytes
    /// The last line has no end: a write was interrupted.
    case incompleteLastLine
    /// The line is not a record; the finding names the field, never the line's text.
    case notARecord(HistoryLineFinding)
}

/// Why a line is not a record, typed so that PaletteApp words it in the user's language.
/// Field names and change names are the file's own, cleaned and cut to 40 columns.
public enum HistoryLineFinding: Hashable, Sendable {
    /// Not JSON (or not UTF-8).
    case notJSON
    /// JSON, but not an object.
    case notAnObject
    /// A field a record needs is missing.
    case missingField(String)
    /// A field is null.
    case nullField(String)
    /// A field holds the wrong kind of JSON value.
    case wrongType(String)
    /// The field (`created`) is not an RFC 3339 time.
    case notATime(String)
    /// A colour field does not hold a colour.
    case notAColour(String, ColorParseError)
    /// A field's value cannot be read for another reason.
    case unreadable(String)
    /// The entry's `id` is empty.
    case emptyID
    /// A change record whose operation this version does not know.
    case unknownChange(String)
    /// A favourite change without `"favorite": true` or `false`.
    case favoriteWithoutValue
    /// Not a history record for a reason the decoder did not say.
    case notARecord

    /// A name from the file as a finding carries it.
    static func name(_ text: String) -> String { TextSanitizer.clean(text, toWidth: 40) }
}
