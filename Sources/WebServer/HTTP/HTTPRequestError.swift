/// A status line's code and reason phrase.
public struct HTTPStatus: Sendable, Equatable, CustomStringConvertible {
    public let code: Int
    public let reason: String

    public init(code: Int, reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code) \(reason)" }

    // Every status the web surface sends, in one list.
    public static let ok = HTTPStatus(code: 200, reason: "OK")
    public static let noContent = HTTPStatus(code: 204, reason: "No Content")
    public static let seeOther = HTTPStatus(code: 303, reason: "See Other")
    public static let badRequest = HTTPStatus(code: 400, reason: "Bad Request")
    public static let forbidden = HTTPStatus(code: 403, reason: "Forbidden")
    public static let notFound = HTTPStatus(code: 404, reason: "Not Found")
    public static let methodNotAllowed = HTTPStatus(code: 405, reason: "Method Not Allowed")
    public static let requestTimeout = HTTPStatus(code: 408, reason: "Request Timeout")
    public static let lengthRequired = HTTPStatus(code: 411, reason: "Length Required")
    public static let contentTooLarge = HTTPStatus(code: 413, reason: "Content Too Large")
    public static let uriTooLong = HTTPStatus(code: 414, reason: "URI Too Long")
    public static let unsupportedMediaType = HTTPStatus(code: 415, reason: "Unsupported Media Type")
    public static let misdirectedRequest = HTTPStatus(code: 421, reason: "Misdirected Request")
    public static let headerFieldsTooLarge = HTTPStatus(code: 431, reason: "Request Header Fields Too Large")
    public static let internalServerError = HTTPStatus(code: 500, reason: "Internal Server Error")
    public static let serviceUnavailable = HTTPStatus(code: 503, reason: "Service Unavailable")
    public static let versionNotSupported = HTTPStatus(code: 505, reason: "HTTP Version Not Supported")
}

/// Why a request was refused. Each maps to one status; the server answers it and closes the connection.
public enum HTTPRequestError: Error, Sendable, Equatable {
    /// The request line did not end within the head limit.
    case requestLineTooLong
    /// Request line and headers together exceed the head limit.
    case headersTooLarge
    /// `Content-Length` above the body limit.
    case bodyTooLarge
    /// Not `method SP origin-form SP HTTP/x.y` with single spaces.
    case malformedRequestLine
    /// A well-formed token that is not GET, HEAD or POST.
    case methodNotAllowed(String)
    /// `HTTP/x.y` other than 1.0 and 1.1 (the one refusal that is not 4xx: RFC 9110 §15.6.6 names it).
    case unsupportedVersion
    /// A bad `%` escape, a decoded NUL, or bytes that are not UTF-8.
    case malformedTarget
    /// A line ended by LF alone; we require CR LF so there is one reading of where a header ends.
    case bareLineFeed
    /// A header line continued on the next (obs-fold, RFC 9112 §5.2).
    case obsoleteLineFolding
    /// A name that is not a token, no colon, whitespace before the colon, or a control byte or non-UTF-8 in the value.
    case malformedHeader
    /// HTTP/1.1 without exactly one Host, or more than one Host in 1.0.
    case missingOrRepeatedHost
    /// A `Host` (or an absolute-form target's authority) outside `uri-host [ ":" port ]`: RFC 9112 §3.2 says 400.
    case invalidHost
    /// Repeated, negative, non-numeric or list-valued `Content-Length`.
    case invalidContentLength
    /// Any `Transfer-Encoding`: the server reads bodies by `Content-Length` only.
    case transferEncodingNotSupported

    public var status: HTTPStatus {
        switch self {
        case .requestLineTooLong: .uriTooLong
        case .headersTooLarge: .headerFieldsTooLarge
        case .bodyTooLarge: .contentTooLarge
        case .methodNotAllowed: .methodNotAllowed
        case .unsupportedVersion: .versionNotSupported
        case .transferEncodingNotSupported: .lengthRequired
        case .malformedRequestLine, .malformedTarget, .bareLineFeed, .obsoleteLineFolding, .malformedHeader,
            .missingOrRepeatedHost, .invalidHost, .invalidContentLength:
            .badRequest
        }
    }

    /// A short, fixed explanation for the response body; never echoes what the client sent.
    public var detail: String {
        switch self {
        case .requestLineTooLong: "request line too long"
        case .headersTooLarge: "header section too large"
        case .bodyTooLarge: "body too large"
        case .malformedRequestLine: "malformed request line"
        case .methodNotAllowed: "method not allowed"
        case .unsupportedVersion: "only HTTP/1.0 and HTTP/1.1"
        case .malformedTarget: "malformed request target"
        case .bareLineFeed: "lines must end with CR LF"
        case .obsoleteLineFolding: "folded header line"
        case .malformedHeader: "malformed header field"
        case .missingOrRepeatedHost: "exactly one Host header required"
        case .invalidHost: "invalid Host"
        case .invalidContentLength: "invalid Content-Length"
        case .transferEncodingNotSupported: "Transfer-Encoding not supported; send Content-Length"
        }
    }

    /// Headers the answer must carry besides the usual ones.
    public var extraHeaders: [(String, String)] {
        if case .methodNotAllowed = self { return [("Allow", HTTPMethod.allowHeaderValue)] }
        return []
    }
}
