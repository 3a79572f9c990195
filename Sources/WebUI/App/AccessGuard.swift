/// Who may talk to the server: a request must name the bound address in `Host` (a page of another site that
/// rebinds its DNS name to 127.0.0.1 still sends its own name), carry the run's token (as the cookie the first
/// page set, or once in the URL the command printed), and a POST must come from our own origin.
public struct AccessGuard: Sendable, Equatable {
    public static let cookieName = "featurehost-token"

    public let token: String
    /// `127.0.0.1:PORT` and `localhost:PORT`.
    public let allowedHosts: Set<String>

    public init(token: String, port: Int) {
        self.token = token
        allowedHosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
    }

    public enum Verdict: Sendable, Equatable {
        case allowed
        /// The token came in the URL: set the cookie and send the browser to the same path without it.
        case acceptToken(redirectTo: String)
        case refused(HTTPStatus, String)
    }

    public func check(_ request: HTTPServerRequest) -> Verdict {
        let host = (request.headers["Host"] ?? "").lowercased()
        guard allowedHosts.contains(host) else {
            return .refused(.misdirectedRequest, "This server answers to \(allowedHosts.sorted().joined(separator: " or ")) only, not \"\(host)\".")
        }
        if request.method == .post {
            guard let origin = request.headers["Origin"]?.lowercased(), origin == "http://\(host)" else {
                return .refused(.forbidden, "A POST must come from a page of http://\(host).")
            }
        }
        if let offered = request.queryItems.first(where: { $0.name == "token" })?.value {
            guard Self.constantTimeEqual(offered, token) else { return .refused(.forbidden, Self.tokenHelp) }
            let path = request.rawTarget.split(separator: "?", maxSplits: 1).first.map(String.init) ?? "/"
            return request.method == .get ? .acceptToken(redirectTo: path.isEmpty ? "/" : path) : .allowed
        }
        guard let cookie = Self.cookie(named: Self.cookieName, in: request.headers.values(for: "Cookie")),
            Self.constantTimeEqual(cookie, token)
        else { return .refused(.forbidden, Self.tokenHelp) }
        return .allowed
    }

    static let tokenHelp = "Open the address `featurehost serve` printed (it carries this run's token)."

    /// The cookie that proves the token: never readable by script, never sent by another site.
    public var setCookieHeader: String {
        "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
    }

    static func cookie(named name: String, in headers: [String]) -> String? {
        for header in headers {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingSpaces == name else { continue }
                return String(parts[1].trimmingSpaces)
            }
        }
        return nil
    }

    /// Compares every byte whatever the first difference, so timing tells nothing about the token.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
