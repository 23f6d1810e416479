import FoundationEssentials
import Glibc

/// One HTTP request as a provider builds it and `ProviderHTTPClient` sends it: the URL, the
/// method, the header fields and the body.
///
/// ProviderKit's own value rather than Foundation's `URLRequest`: on Linux that type lives in
/// FoundationNetworking, which links libcurl and its ~30 libraries into every start of the app,
/// network or not (docs/decisions.md, "libcurl is opened at the first request"). Header fields
/// behave as `URLRequest`'s did: a name is matched without regard to case, and setting one
/// replaces the field of that name.
///
/// A header may hold a key (`setValue(_:forHTTPHeaderField:prefix:)`), so `description`,
/// `debugDescription` and reflection show only the method and the URL, never a header or the body.
public struct HTTPRequest: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// One header field, its name spelt as it was last set.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    public var url: URL
    /// The method; sent upper-cased.
    public var method: String
    /// Sent for any method but GET and HEAD; nil is an empty body.
    public var body: Data?
    /// The header fields in the order they were first set.
    public private(set) var headerFields: [Field] = []

    /// A GET of `url` with no header fields and no body.
    public init(url: URL, method: String = "GET", body: Data? = nil) {
        self.url = url
        self.method = method
        self.body = body
    }

    /// The value of the field `name` (any case), or nil.
    public func value(forHTTPHeaderField name: String) -> String? {
        index(of: name).map { headerFields[$0].value }
    }

    /// Sets the field `name` to `value`, replacing any field of that name (in any case), or
    /// removes it when `value` is nil.
    public mutating func setValue(_ value: String?, forHTTPHeaderField name: String) {
        let existing = index(of: name)
        switch (existing, value) {
        case (let i?, let value?): headerFields[i] = Field(name: name, value: value)
        case (let i?, nil): headerFields.remove(at: i)
        case (nil, let value?): headerFields.append(Field(name: name, value: value))
        case (nil, nil): break
        }
    }

    public var description: String { "\(method) \(url.absoluteString)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["method": method, "url": url]) }

    private func index(of name: String) -> Int? {
        let wanted = name.lowercased()
        return headerFields.firstIndex { $0.name.lowercased() == wanted }
    }
}
