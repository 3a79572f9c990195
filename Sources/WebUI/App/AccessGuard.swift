/// Who may talk to the server: a request must name this run's own host name in `Host` (a page of another site
/// that rebinds its DNS name to 127.0.0.1 still sends its own name), carry the run's token (as the cookie the
/// first page set, or once in the URL the command printed), and a POST must come from our own origin.
///
/// The host name is this run's alone (`fh-<random>.localhost`, which browsers resolve to loopback by themselves):
/// cookies are scoped by host and not by port, so a token cookie set for `127.0.0.1` or `localhost` would go to
/// every other server the user opens on that host, which could replay it. Under a name no other server has, the
/// host-only cookie (no `Domain` attribute) goes nowhere else.
///
/// So the name is told to no one who does not already use it: a refusal never echoes it (nor the token). And the
/// host's own cookies carry a random tag of the run's in their names (`featurehost-token-<tag>`): another local
/// server that got the browser to the run's name at its own port could set cookies there (cookies ignore the
/// port), but without the tag its `featurehost-token=planted` is another cookie beside ours, not ours replaced,
/// and its planted clock cookies are not read.
public struct AccessGuard: Sendable, Equatable {
    /// The token cookie's name without the run's tag; a client other than a browser may send the token under it.
    public static let cookieName = "featurehost-token"

    public let token: String
    /// 64 random bits in hex, in the names of the cookies the host sets (`cookieName(_:)`).
    public let cookieTag: String
    /// `featurehost-<random>.localhost`.
    public let hostName: String
    public let port: Int
    /// `featurehost-<random>.localhost:PORT`: the only `Host` answered.
    public let allowedHost: String
    /// The command whose `serve` printed the address (`featurehost`, `myapp`): what the refusals tell the user to open.
    public let commandName: String

    public init(
        token: String, hostName: String, port: Int, cookieTag: String = String(RandomToken.make().prefix(16)),
        commandName: String = "featurehost"
    ) {
        self.token = token
        self.commandName = commandName
        self.cookieTag = cookieTag
        self.hostName = hostName.lowercased()
        self.port = port
        allowedHost = "\(self.hostName):\(port)"
    }

    /// `http://featurehost-<random>.localhost:PORT`: what the page is served as, and the only `Origin` a POST may have.
    public var origin: String { "http://\(allowedHost)" }

    /// The address `featurehost serve` prints: the home page, with the token once.
    public var startAddress: String { "\(origin)/?token=\(token)" }

    /// A fresh name for one run: the app's label (`featurehost`, `myapp`), `-` and 64 random bits in hex, under
    /// `.localhost` (RFC 6761: always loopback; Chromium and Firefox resolve every `*.localhost` name to it without
    /// asking a DNS server).
    public static func makeHostName(label: String = "fh") -> String {
        "\(label)-\(RandomToken.make().prefix(16)).localhost"
    }

    /// Whether a request names `hostName` in `Host` (at any port: the port is the listener's anyway), for the
    /// server's preference at the connection cap (`HTTPServer.Configuration.isPreferred`). Only a client told the
    /// name (the user's browser, from the printed address) sends it. Quick: one header, compared in its bytes.
    public static func namesHost(_ hostName: String) -> @Sendable (HTTPServerRequest) -> Bool {
        let name = Array(hostName.lowercased().utf8)
        return { request in
            guard let host = request.headers["Host"]?.utf8, host.count >= name.count else { return false }
            let lowered = host.lazy.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
            return lowered.starts(with: name) && (host.count == name.count || lowered.dropFirst(name.count).first == UInt8(ascii: ":"))
        }
    }

    public enum Verdict: Sendable, Equatable {
        case allowed
        /// The token came in the URL: set the cookie and send the browser to the same path without it.
        case acceptToken(redirectTo: String)
        case refused(HTTPStatus, String)
    }

    /// Served to anyone, whatever the Host and without the token: the base stylesheet, the same bytes in every run
    /// (it names no host and holds no secret), so a refusal page (403, 421) is styled like the rest.
    public static let publicPaths: Set<String> = [PageShell.stylesheetPath]

    public func check(_ request: HTTPServerRequest) -> Verdict {
        if request.method == .get || request.method == .head, Self.publicPaths.contains(request.path) { return .allowed }
        let host = (request.headers["Host"] ?? "").lowercased()
        // The refusal names neither this run's name nor the Host sent (which may be this name at another port): a
        // local program that connects with any Host must not learn the name from the answer.
        guard host == allowedHost else { return .refused(.misdirectedRequest, hostHelp) }
        if request.method == .post {
            guard let origin = request.headers["Origin"]?.lowercased(), origin == self.origin else {
                return .refused(.forbidden, "A POST must come from a page of this server.")
            }
        }
        if let offered = request.queryItems.first(where: { $0.name == "token" })?.value {
            guard Self.constantTimeEqual(offered, token) else { return .refused(.forbidden, tokenHelp) }
            let path = request.rawTarget.split(separator: "?", maxSplits: 1).first ?? "/"
            return request.method == .get ? .acceptToken(redirectTo: Self.sameOriginPath(path)) : .allowed
        }
        // Any cookie under either name may be ours: a browser sends every cookie of a name whose path matches (one
        // per path), so a cookie another page managed to set beside ours must not lock the user out.
        let cookies = request.headers.values(for: "Cookie")
        let offered = Self.cookies(named: tokenCookieName, in: cookies) + Self.cookies(named: Self.cookieName, in: cookies)
        guard offered.contains(where: { Self.constantTimeEqual($0, token) }) else { return .refused(.forbidden, tokenHelp) }
        return .allowed
    }

    /// A cookie of the host's own, by its name without the tag (`featurehost-hour-cycle` → `featurehost-hour-cycle-<tag>`).
    public func cookieName(_ base: String) -> String { "\(base)-\(cookieTag)" }

    /// `featurehost-token-<tag>`: the name the host sets the token under.
    public var tokenCookieName: String { cookieName(Self.cookieName) }

    /// The value of the host's own cookie `base` (tagged), if the request carries it; a cookie of the plain name,
    /// which anyone may have set, is not read.
    public func ownCookie(_ base: String, in request: HTTPServerRequest) -> String? {
        Self.cookie(named: cookieName(base), in: request.headers.values(for: "Cookie"))
    }

    /// The `Set-Cookie` value for one of the host's own cookies: tagged, host-only, never readable by script.
    public func setOwnCookie(_ base: String, value: String) -> String {
        "\(cookieName(base))=\(value); Path=/; HttpOnly; SameSite=Strict"
    }

    var hostHelp: String { "This server does not answer to that host name. Open the address `\(commandName) serve` printed." }

    /// The token link's path as a path of this origin only. A `Location` that starts with `//` (or `/\`, which
    /// browsers read as `//`) names another host, so the leading run of slashes and backslashes becomes one `/`.
    static func sameOriginPath(_ rawPath: Substring) -> String {
        "/" + rawPath.drop { $0 == "/" || $0 == "\\" }
    }

    var tokenHelp: String { "Open the address `\(commandName) serve` printed (it carries this run's token)." }

    /// The cookie that proves the token: never readable by script, never sent by another site, and host-only (no
    /// `Domain`), so it goes to this run's host name and nowhere else, whatever the port.
    public var setCookieHeader: String { setOwnCookie(Self.cookieName, value: token) }

    /// The first cookie of that name.
    static func cookie(named name: String, in headers: [String]) -> String? {
        cookies(named: name, in: headers).first
    }

    /// Every cookie of that name, in the order sent.
    static func cookies(named name: String, in headers: [String]) -> [String] {
        var values: [String] = []
        for header in headers {
            // Every request carries the token cookie: read an ASCII header (a browser's) in its bytes, without a
            // string per pair; anything else by characters, as written below.
            if let found = asciiCookies(named: name, in: header) {
                values += found
                continue
            }
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingSpaces == name else { continue }
                values.append(String(parts[1].trimmingSpaces))
            }
        }
        return values
    }

    /// The same reading for an ASCII header (nil for any other): pairs between `;` (empty ones skipped), a pair's
    /// leading `=` dropped, its name up to the next `=` and its value after it, neither empty, both trimmed of
    /// spaces and tabs. In ASCII a character is a byte, so this is what the splits above give.
    private static func asciiCookies(named name: String, in header: String) -> [String]? {
        var header = header
        return header.withUTF8 { bytes -> [String]? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let wanted = Array(name.utf8)
            var values: [String] = []
            var start = 0
            while start <= bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
                defer { start = end + 1 }
                var pairStart = start
                while pairStart < end, bytes[pairStart] == UInt8(ascii: "=") { pairStart += 1 }
                guard let equals = bytes[pairStart..<end].firstIndex(of: UInt8(ascii: "=")), equals + 1 < end,
                    trimmed(bytes[pairStart..<equals]).elementsEqual(wanted)
                else { continue }
                values.append(String(decoding: trimmed(bytes[(equals + 1)..<end]), as: UTF8.self))
            }
            return values
        }
    }

    private static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) }) else {
            return bytes[bytes.startIndex..<bytes.startIndex]
        }
        return bytes[first...last]
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
