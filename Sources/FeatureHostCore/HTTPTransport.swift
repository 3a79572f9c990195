import Foundation

/// A request the host's transport sends. Plain values, so tests and the shell share one transport seam.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?
    /// Seconds before the request fails with `HTTPError.timedOut`, always inside `timeoutRange` (a value outside
    /// it is moved to the nearest bound, NaN to the default), so no transport ever converts 1e300 s to nanoseconds.
    public var timeout: Double {
        get { boundedTimeout }
        set { boundedTimeout = Self.timeoutRange.clamping(newValue, nanGives: Self.defaultTimeout) }
    }
    private var boundedTimeout: Double
    /// The most body bytes the caller takes (after any decompression); the transport's own limit applies too. A
    /// larger reply fails with `HTTPError.bodyTooLarge` while it arrives, not after. nil: the transport's limit.
    public var maximumBodySize: Int?
    /// Besides public hosts, the one origin this request and each of its redirects may reach. By default the URL's
    /// own, because whoever builds a request from the config named it; a URL named by data (an image in a feed, an
    /// avatar in a chat list) trusts only the origin of the source the user configured, or none.
    public var trustedOrigin: HTTPOrigin?

    /// The timeouts a request may have, in seconds: what `featurehost validate` accepts for `source.timeout`
    /// (`SourceConfiguration.timeoutRange` is this range) and what every request is held to.
    public static let timeoutRange: ClosedRange<Double> = 0.001...3600
    public static let defaultTimeout: Double = 15

    public init(
        method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: Double = defaultTimeout,
        maximumBodySize: Int? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        boundedTimeout = Self.timeoutRange.clamping(timeout, nanGives: Self.defaultTimeout)
        self.maximumBodySize = maximumBodySize
        trustedOrigin = HTTPOrigin(url)
    }
}

/// An http(s) scheme, host and port: what "the same server" means when a URL named by data is checked against the
/// source the user configured.
public struct HTTPOrigin: Sendable, Hashable, CustomStringConvertible {
    public var scheme: String
    /// Lowercased, without the brackets of an IPv6 address or a trailing dot.
    public var host: String
    public var port: Int

    /// nil unless `url` is http or https with a host.
    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            var host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix("."), host.count > 1 { host.removeLast() }
        self.scheme = scheme
        self.host = host
        port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    public var description: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shown):\(port)"
    }
}

public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// Sends requests. Any status comes back as a response; only failures to get one throw `HTTPError`.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// Why no response (or no usable one) arrived. Each case reads as a sentence a person can act on.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    case timedOut(URL, seconds: Double)
    case cannotConnect(URL, reason: String)
    case status(Int, URL)
    case bodyTooLarge(URL, limit: Int)
    case cancelled(URL)
    case failed(URL, reason: String)

    public var description: String {
        switch self {
        case .timedOut(let url, let seconds):
            return "The request to \(url.absoluteString) timed out after \(Self.format(seconds)) s."
        case .cannotConnect(let url, let reason):
            return "Could not connect to \(url.host ?? url.absoluteString): \(reason)."
        case .status(let status, let url):
            return "The server answered HTTP \(status) for \(url.absoluteString)."
        case .bodyTooLarge(let url, let limit):
            return "The reply from \(url.absoluteString) is larger than the \(limit)-byte limit."
        case .cancelled(let url):
            return "The request to \(url.absoluteString) was cancelled."
        case .failed(let url, let reason):
            return "The request to \(url.absoluteString) failed: \(reason)."
        }
    }

    /// Whole seconds without a fraction; any other value (a fraction, a huge or non-finite one) as Swift prints it.
    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(saturating: seconds)) : String(seconds)
    }
}
