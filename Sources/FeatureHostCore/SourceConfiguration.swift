import Foundation

/// A feature's data source as resolved from the config: the kind and where it reads from.
public struct SourceConfiguration: Sendable, Equatable {
    public var kind: SourceKind
    /// An absolute file for the file kinds; `nil` means the feature's bundled sample.
    public var path: URL?
    /// The endpoint for `http`.
    public var url: URL?
    /// Seconds before an `http` request fails, inside `timeoutRange` (a value outside it is moved to the nearest
    /// bound; `featurehost validate` refuses it first).
    public var timeout: Double {
        get { boundedTimeout }
        set { boundedTimeout = Self.timeoutRange.clamping(newValue, nanGives: Self.defaultTimeout) }
    }
    private var boundedTimeout: Double
    /// Whether an `http` source keeps its last good payload to serve when the server cannot be reached.
    public var cache: Bool
    /// How an `http` source's reply is read; nil: as its `Content-Type` says (JSON when it names neither).
    public var format: PayloadFormat?

    public static let defaultTimeout: Double = HTTPRequest.defaultTimeout
    /// `source.timeout`'s range: the one every request is held to.
    public static let timeoutRange = HTTPRequest.timeoutRange

    public init(
        kind: SourceKind, path: URL? = nil, url: URL? = nil, timeout: Double = defaultTimeout, cache: Bool? = nil,
        format: PayloadFormat? = nil
    ) {
        self.kind = kind
        self.path = path
        self.url = url
        boundedTimeout = Self.timeoutRange.clamping(timeout, nanGives: Self.defaultTimeout)
        self.cache = cache ?? (kind == .http)
        self.format = format
    }

    public static func http(
        _ url: URL, timeout: Double = defaultTimeout, cache: Bool = true, format: PayloadFormat? = nil
    ) -> SourceConfiguration {
        SourceConfiguration(kind: .http, url: url, timeout: timeout, cache: cache, format: format)
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
