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

    /// The timeouts a request may have, in seconds: what `featurehost validate` accepts for `source.timeout`
    /// (`SourceConfiguration.timeoutRange` is this range) and what every request is held to.
    public static let timeoutRange: ClosedRange<Double> = 0.001...3600
    public static let defaultTimeout: Double = 15

    public init(
        method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: Double = defaultTimeout
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        boundedTimeout = Self.timeoutRange.clamping(timeout, nanGives: Self.defaultTimeout)
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

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(saturating: seconds)) : String(seconds)
    }
}
