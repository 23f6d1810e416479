import FoundationEssentials
import Glibc
import PaletteCore

/// An API key that never shows itself.
///
/// `description`, `debugDescription` and reflection all print a placeholder, so a key that
/// ends up in string interpolation, `dump`, an error or a log line reveals nothing. The secret
/// itself is not public: it leaves the value only into a request header
/// (`HTTPRequest.setValue(_:forHTTPHeaderField:prefix:)`), and `ServerText` removes it from
/// anything a server echoes.
public struct APIKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    let secret: String

    /// Nil for an empty or all-blank key, so an empty variable counts as no key.
    public init?(_ secret: String) {
        let trimmed = secret.trimmed()
        guard !trimmed.isEmpty else { return nil }
        self.secret = trimmed
    }

    /// The key in the first of `variables` that holds one (blank counts as unset).
    ///
    /// Keys come from the environment only, never from an option, so they stay out of shell
    /// history and process listings.
    public static func from(environment: [String: String], variables: [String]) -> APIKey? {
        for name in variables {
            if let value = environment[name], let key = APIKey(value) { return key }
        }
        return nil
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// `text` with every form of the key replaced (`SecretRedactor`: any case, percent- or
    /// otherwise escaped, with separators between its characters).
    func redact(_ text: String) -> String {
        SecretRedactor(secrets: [secret]).redact(text)
    }
}

extension HTTPRequest {
    /// Puts the key in a header, after `prefix` (`"Bearer "` for an Authorization header).
    ///
    /// The one way a key's secret leaves an `APIKey`: in a header, never in the URL or body.
    public mutating func setValue(_ key: APIKey, forHTTPHeaderField field: String, prefix: String = "") {
        setValue(prefix + key.secret, forHTTPHeaderField: field)
    }
}
