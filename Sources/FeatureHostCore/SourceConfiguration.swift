import Foundation

/// A feature's data source as resolved from the config: the kind and where it reads from.
public struct SourceConfiguration: Sendable, Equatable {
    public var kind: SourceKind
    /// An absolute file for the file kinds; `nil` means the feature's bundled sample.
    public var path: URL?
    /// The endpoint for `http`.
    public var url: URL?
    /// Seconds before an `http` request fails.
    public var timeout: Double
    /// Whether an `http` source keeps its last good payload to serve when the server cannot be reached.
    public var cache: Bool

    public static let defaultTimeout: Double = 15

    public init(kind: SourceKind, path: URL? = nil, url: URL? = nil, timeout: Double = defaultTimeout, cache: Bool? = nil) {
        self.kind = kind
        self.path = path
        self.url = url
        self.timeout = timeout
        self.cache = cache ?? (kind == .http)
    }

    public static func http(_ url: URL, timeout: Double = defaultTimeout, cache: Bool = true) -> SourceConfiguration {
        SourceConfiguration(kind: .http, url: url, timeout: timeout, cache: cache)
    }

    /// What `featurehost list` prints after the kind.
    public var location: String {
        switch kind {
        case .http: return url?.absoluteString ?? "(no url)"
        case .plist, .jsonFile: return path?.path ?? "bundled sample"
        case .inMemory: return "bundled sample"
        }
    }
}
