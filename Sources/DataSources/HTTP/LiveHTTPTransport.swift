import CFeatureHostCurl
import FeatureHostCore
import Foundation

/// The live transport: libcurl, driven so that nothing a server sends is trusted.
///
/// - Every reply is bounded while it arrives, by the smaller of `maximumBodySize` and the request's own limit
///   (`defaultMaximumBodySize` for a request that names none): by
///   `Content-Length` before the body, then by counting, after decompression (gzip and deflate are inflated by curl
///   into our counter, 16 KiB at a time; other encodings are refused).
/// - Redirects are followed here, at most `maximumRedirects`, each hop checked like the first (`HTTPDestination`)
///   and none of their bodies read; every address a name resolves to is checked just before curl connects.
/// - The request's timeout is a deadline for the whole exchange, redirects included.
///
/// URLSession cannot do this on Linux: it has no streaming read, a cancelled task goes on inflating a compressed
/// body to its end (a 2 MiB gzip reply that inflates to 2 GiB took a process to 2.3 GB although cancelled at 8
/// MiB), and a redirect's body is kept whole before any delegate sees it. Where libcurl cannot be loaded (iOS),
/// the transport falls back to URLSession with the limit checked after the body has arrived; on Linux, where
/// FoundationNetworking itself needs libcurl, a request then fails naming what is missing.
public struct LiveHTTPTransport: HTTPTransport {
    /// The most body bytes any reply may have, whatever the request asks.
    public var maximumBodySize: Int

    /// Names curl resolves to fixed addresses without asking DNS, in curl's `name:port:address` form: how a test
    /// makes a name resolve to 127.0.0.1 to show that the address, not the name, is what gets checked.
    public var resolving: [String]

    /// The limit of a request that names none of its own.
    public static let defaultMaximumBodySize = 16 * 1024 * 1024
    /// The most a request may ask for (car-news' feed of 100,000 articles asks for 96 MiB): the default ceiling.
    public static let largestBodySize = 256 * 1024 * 1024
    public static let maximumRedirects = 10

    public init(maximumBodySize: Int = largestBodySize, resolving: [String] = []) {
        self.maximumBodySize = max(0, maximumBodySize)
        self.resolving = resolving
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let limit = min(maximumBodySize, max(0, request.maximumBodySize ?? Self.defaultMaximumBodySize))
        if let refusal = HTTPDestination.refusal(of: request.url, trusting: request.trustedOrigin) {
            throw HTTPError.cannotConnect(request.url, reason: "\(refusal), and \(HTTPDestination.rule)")
        }
        guard let loop = CurlLoop.shared else {
            #if os(Linux)
                throw HTTPError.failed(request.url, reason: CurlLoop.loadFailure)
            #else
                return try await FoundationSessionTransport(maximumBodySize: limit).send(request)
            #endif
        }
        let deadline = Deadline(seconds: request.timeout)
        var hop = request
        for redirects in 0...Self.maximumRedirects {
            try Task.checkCancellation(or: request.url)
            guard let remaining = deadline.remainingMilliseconds else { throw HTTPError.timedOut(request.url, seconds: request.timeout) }
            guard
                let transfer = CurlTransfer(
                    method: hop.method, url: hop.url, headers: hop.headers, body: hop.body, limit: limit,
                    timeoutMilliseconds: remaining, trustedOrigin: request.trustedOrigin, resolving: resolving)
            else { throw HTTPError.failed(request.url, reason: "libcurl could not start the request") }
            switch await loop.perform(transfer) {
            case .response(let status, let headers, let body):
                return HTTPResponse(status: status, headers: headers, body: body)
            case .cancelled:
                throw HTTPError.cancelled(request.url)
            case .failed(let code):
                throw Self.error(forCurlCode: code, url: request.url, timeout: request.timeout)
            case .stopped(let stop):
                switch stop {
                case .bodyTooLarge: throw HTTPError.bodyTooLarge(request.url, limit: limit)
                case .headTooLarge:
                    throw HTTPError.failed(request.url, reason: "the reply's headers are larger than \(CurlTransfer.maximumHeadSize) bytes")
                case .encoding(let encoding):
                    throw HTTPError.failed(request.url, reason: "the reply is compressed as \"\(encoding)\", which the host does not read")
                case .malformedHead(let fault):
                    throw HTTPError.failed(request.url, reason: "the server's reply is not valid HTTP: \(fault)")
                case .refusedAddress(let refusal):
                    throw HTTPError.cannotConnect(request.url, reason: "\(refusal), and \(HTTPDestination.rule)")
                case .redirect(let location, let status):
                    guard redirects < Self.maximumRedirects else {
                        throw HTTPError.failed(request.url, reason: "it redirected more than \(Self.maximumRedirects) times")
                    }
                    hop = try Self.follow(location, from: hop, status: status, original: request)
                }
            }
        }
        throw HTTPError.failed(request.url, reason: "it redirected more than \(Self.maximumRedirects) times")
    }

    /// The next hop: the `Location` resolved against this one, checked like the first; a 303 (or a 301/302 after a
    /// POST) becomes a GET without a body, as browsers do; credentials stay with their origin.
    static func follow(_ location: String, from hop: HTTPRequest, status: Int, original: HTTPRequest) throws -> HTTPRequest {
        let shownLocation = String(location.prefix(200))
        guard let next = URL(string: location, relativeTo: hop.url)?.absoluteURL, HTTPOrigin(next) != nil else {
            throw HTTPError.failed(original.url, reason: "it redirected to \"\(shownLocation)\", which is not an http or https address")
        }
        if let refusal = HTTPDestination.refusal(of: next, trusting: original.trustedOrigin) {
            throw HTTPError.cannotConnect(
                original.url, reason: "it redirected to \(String(next.absoluteString.prefix(200))); \(refusal), and \(HTTPDestination.rule)"
            )
        }
        var request = hop
        request.url = next
        if status == 303 || ((status == 301 || status == 302) && hop.method.uppercased() == "POST") {
            request.method = "GET"
            request.body = nil
            request.headers = request.headers.filter { $0.key.lowercased() != "content-type" }
        }
        if HTTPOrigin(next) != HTTPOrigin(hop.url) {
            request.headers = request.headers.filter { !["authorization", "cookie"].contains($0.key.lowercased()) }
        }
        return request
    }

    static func error(forCurlCode code: Int32, url: URL, timeout: Double) -> HTTPError {
        switch Int(code) {
        case FH_CURLE_OPERATION_TIMEDOUT: return .timedOut(url, seconds: timeout)
        case FH_CURLE_COULDNT_CONNECT: return .cannotConnect(url, reason: "the connection was refused")
        case FH_CURLE_COULDNT_RESOLVE_HOST: return .cannotConnect(url, reason: "the host name could not be found")
        case FH_CURLE_SSL_CONNECT_ERROR, FH_CURLE_PEER_FAILED_VERIFICATION:
            return .cannotConnect(url, reason: "a secure connection could not be made")
        // The address was checked to be http or https before curl saw it (`HTTPDestination`): curl gives this code
        // for a reply whose status line is not HTTP/1.x (RTSP/1.1, HTTP/0.9, HTTP/5.6).
        case FH_CURLE_UNSUPPORTED_PROTOCOL:
            return .failed(url, reason: "the server's reply is not valid HTTP: its status line is not HTTP/1.x")
        case FH_CURLE_URL_MALFORMAT: return .failed(url, reason: "the address is not a URL curl can read")
        case FH_CURLE_PARTIAL_FILE: return .failed(url, reason: "the reply ended before the length it announced")
        case FH_CURLE_GOT_NOTHING: return .failed(url, reason: "the server closed the connection without replying")
        case FH_CURLE_BAD_CONTENT_ENCODING: return .failed(url, reason: "the reply's compressed body is damaged")
        case FH_CURLE_WEIRD_SERVER_REPLY, FH_CURLE_HTTP2: return .failed(url, reason: "the server's reply is not valid HTTP")
        case FH_CURLE_SEND_ERROR, FH_CURLE_RECV_ERROR: return .cannotConnect(url, reason: "the connection was lost")
        default: return .failed(url, reason: String(cString: fh_curl_easy_strerror(code)).lowercased())
        }
    }
}

/// The whole request's deadline, for every hop.
struct Deadline {
    private let end: ContinuousClock.Instant?

    /// A timeout that is not a positive number of seconds has already passed; a very long one (infinity included)
    /// is capped at a year.
    init(seconds: Double) {
        guard !seconds.isNaN, seconds > 0 else {
            end = nil
            return
        }
        end = ContinuousClock.now + .milliseconds(Int64(min(seconds, 86_400 * 365) * 1000))
    }

    /// What is left, in whole milliseconds (at least 1); nil once it has passed.
    var remainingMilliseconds: Int? {
        guard let end else { return nil }
        let left = ContinuousClock.now.duration(to: end)
        guard left > .zero else { return nil }
        let (seconds, attoseconds) = left.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}

extension Task where Success == Never, Failure == Never {
    /// `checkCancellation`, as the transport's own error.
    static func checkCancellation(or url: URL) throws {
        if Task.isCancelled { throw HTTPError.cancelled(url) }
    }
}
