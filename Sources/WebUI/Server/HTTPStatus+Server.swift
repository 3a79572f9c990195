extension HTTPStatus {
    /// The refusals the server loop itself gives, besides the parser's.
    public static let requestTimeout = HTTPStatus(code: 408, reason: "Request Timeout")
    public static let internalServerError = HTTPStatus(code: 500, reason: "Internal Server Error")
    public static let serviceUnavailable = HTTPStatus(code: 503, reason: "Service Unavailable")
}
