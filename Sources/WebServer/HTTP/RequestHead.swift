/// The request line, checked as it arrives so a bad method or version is refused before the headers.
struct RequestLine: Sendable {
    let method: HTTPMethod
    let target: RequestTarget
    let version: HTTPVersion

    init(_ line: ArraySlice<UInt8>) throws(HTTPRequestError) {
        // Exactly three parts between exactly two spaces (a split that keeps empty parts, without making one).
        let space = UInt8(ascii: " ")
        guard let first = line.firstIndex(of: space), let second = line[(first + 1)...].firstIndex(of: space),
            !line[(second + 1)...].contains(space)
        else { throw .malformedRequestLine }
        let parts = [line[..<first], line[(first + 1)..<second], line[(second + 1)...]]
        guard let methodText = strictUTF8(parts[0]),
            HTTPToken.isToken(parts[0])
        else { throw .malformedRequestLine }
        guard let method = HTTPMethod(rawValue: methodText) else { throw .methodNotAllowed(methodText) }
        let target = try RequestTarget(parts[1])
        self.method = method
        self.target = target
        self.version = try Self.version(parts[2])
    }

    /// `HTTP/` DIGIT `.` DIGIT, case-sensitive (RFC 9112 §2.3).
    private static func version(_ bytes: ArraySlice<UInt8>) throws(HTTPRequestError) -> HTTPVersion {
        let text = Array(bytes)
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard text.count == 8, text.starts(with: Array("HTTP/".utf8)), digits.contains(text[5]),
            text[6] == UInt8(ascii: "."), digits.contains(text[7])
        else { throw .malformedRequestLine }
        switch (text[5], text[7]) {
        case (UInt8(ascii: "1"), UInt8(ascii: "0")): return .http10
        case (UInt8(ascii: "1"), UInt8(ascii: "1")): return .http11
        default: throw .unsupportedVersion
        }
    }
}

/// A request target: the origin-form `/path` with an optional `?query`, or the absolute-form
/// `http://authority/path?query` (RFC 9112 §3.2.2: a server MUST accept it), which is kept as its origin-form and
/// its authority.
struct RequestTarget: Sendable {
    /// The origin-form (`/path?query`), whichever form came.
    let raw: String
    let path: String
    let query: String?
    /// An absolute-form target's authority, which stands for `Host` (RFC 9112 §3.2.2: the server uses it and
    /// ignores the received Host).
    let authority: String?

    init(_ bytes: ArraySlice<UInt8>) throws(HTTPRequestError) {
        // Visible ASCII only: browsers percent-encode everything else, so a raw byte outside it is not a browser.
        guard bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else { throw .malformedRequestLine }
        if bytes.first == UInt8(ascii: "/") {
            try self.init(originForm: bytes, authority: nil)
            return
        }
        // The scheme is case-insensitive; this server speaks plain http only.
        let scheme = Array("http://".utf8)
        guard bytes.count > scheme.count, zip(bytes, scheme).allSatisfy({ ($0 | 0x20) == $1 }) else {
            throw .malformedRequestLine
        }
        let authorityStart = bytes.startIndex + scheme.count
        let authorityEnd = bytes[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? bytes.endIndex
        let authority = bytes[authorityStart..<authorityEnd]
        // No userinfo (RFC 9110 §4.2.4: treated as an error), no empty host.
        guard !authority.isEmpty, authority.first != UInt8(ascii: ":"), HostField.isValid(authority) else { throw .malformedRequestLine }
        var originForm = Array(bytes[authorityEnd...])
        if originForm.first != UInt8(ascii: "/") { originForm.insert(UInt8(ascii: "/"), at: 0) }
        try self.init(originForm: originForm[...], authority: String(decoding: authority, as: UTF8.self))
    }

    private init(originForm bytes: ArraySlice<UInt8>, authority: String?) throws(HTTPRequestError) {
        // Visible ASCII is UTF-8, one byte a character: the pieces are found in the bytes.
        let question = bytes.firstIndex(of: UInt8(ascii: "?"))
        let pathBytes = bytes[..<(question ?? bytes.endIndex)]
        guard let path = PercentDecoding.decode(bytes: pathBytes), !path.utf8.contains(0) else { throw .malformedTarget }
        if let question {
            // The query's escapes must be well-formed too, even though it is kept raw.
            guard PercentDecoding.decode(bytes: bytes[(question + 1)...]) != nil else { throw .malformedTarget }
        }
        self.raw = String(decoding: bytes, as: UTF8.self)
        self.path = path
        self.query = question.map { String(decoding: bytes[($0 + 1)...], as: UTF8.self) }
        self.authority = authority
    }
}

/// The head as a whole, once the blank line arrived and the framing is settled.
struct CompleteHead: Sendable {
    let method: HTTPMethod
    let target: RequestTarget
    let version: HTTPVersion
    let headers: HTTPHeaders
    let contentLength: Int
    /// Whether the connection may stay open after the answer, read from `Connection` as the headers came.
    let keepAlive: Bool
}

/// The head being read, line by line.
struct RequestHead: Sendable {
    var requestLine: RequestLine?
    var headers = HTTPHeaders()
    /// Every `Connection` field's options so far, read from the bytes once (not again for each answer).
    var connection = ConnectionOptions()
    /// The fields the framing and the Host check need, noted as each line is taken: finding them afterwards took
    /// three passes over every header by name, a tenth of a static answer's CPU with a browser's dozen headers.
    var hosts: [String] = []
    var contentLengths: [String] = []
    var transferEncoding = false

    mutating func addHeader(_ line: ArraySlice<UInt8>) throws(HTTPRequestError) {
        guard let first = line.first else { throw .malformedHeader }
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { throw .obsoleteLineFolding }
        // The name runs to the colon; no whitespace before it (RFC 9112 §5.1).
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), HTTPToken.isToken(line[..<colon]),
            let name = strictUTF8(line[..<colon])
        else { throw .malformedHeader }
        let value = Self.trimmingWhitespace(line[(colon + 1)...])
        // Field values: visible bytes, SP and HTAB; no CR, LF, NUL or other controls; UTF-8.
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }),
            let text = strictUTF8(value)
        else { throw .malformedHeader }
        switch FramingField(line[..<colon]) {
        case .connection: connection.read(value)
        case .host: hosts.append(text)
        case .contentLength: contentLengths.append(text)
        case .transferEncoding: transferEncoding = true
        case nil: break
        }
        headers.append(name: name, value: text)
    }

    func complete(bodyLimit: Int) throws(HTTPRequestError) -> CompleteHead {
        guard let requestLine else { throw .malformedRequestLine }
        switch requestLine.version {
        case .http11: guard hosts.count == 1 else { throw .missingOrRepeatedHost }
        case .http10: guard hosts.count <= 1 else { throw .missingOrRepeatedHost }
        }
        guard hosts.allSatisfy(HostField.isValid) else { throw .invalidHost }
        var headers = headers
        if let authority = requestLine.target.authority { headers.replaceValues(of: "Host", with: authority) }
        if transferEncoding { throw .transferEncodingNotSupported }
        let lengths = contentLengths
        var contentLength = 0
        if !lengths.isEmpty {
            guard lengths.count == 1 else { throw .invalidContentLength }
            contentLength = try Self.contentLength(lengths[0], limit: bodyLimit)
        }
        return CompleteHead(
            method: requestLine.method, target: requestLine.target, version: requestLine.version, headers: headers,
            contentLength: contentLength, keepAlive: connection.keepsAlive(requestLine.version))
    }

    /// 1*DIGIT; a numeral above the limit is 413 however long it is (no overflow).
    private static func contentLength(_ text: String, limit: Int) throws(HTTPRequestError) -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw .invalidContentLength
        }
        var value = 0
        for digit in text.utf8 {
            let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
            value = tens + Int(digit - UInt8(ascii: "0"))
            if overflow || value > limit { throw .bodyTooLarge }
        }
        return value
    }

    private static func trimmingWhitespace(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isWhitespace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isWhitespace($0) }),
            let last = bytes.lastIndex(where: { !isWhitespace($0) })
        else { return [] }
        return bytes[first...last]
    }
}

/// The header names the parser itself reads, told from a name's bytes (a token, so ASCII) without making a string.
enum FramingField {
    case host, connection, contentLength, transferEncoding

    init?(_ name: ArraySlice<UInt8>) {
        switch name.count {
        case 4 where Self.equalsIgnoringCase(name, Self.hostName): self = .host
        case 10 where Self.equalsIgnoringCase(name, Self.connectionName): self = .connection
        case 14 where Self.equalsIgnoringCase(name, Self.contentLengthName): self = .contentLength
        case 17 where Self.equalsIgnoringCase(name, Self.transferEncodingName): self = .transferEncoding
        default: return nil
        }
    }

    private static let hostName = Array("host".utf8)
    private static let connectionName = Array("connection".utf8)
    private static let contentLengthName = Array("content-length".utf8)
    private static let transferEncodingName = Array("transfer-encoding".utf8)

    /// `lowercase` is lowercase ASCII of the same length.
    private static func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ lowercase: [UInt8]) -> Bool {
        zip(bytes, lowercase).allSatisfy { byte, expected in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == expected : byte == expected
        }
    }
}

enum HTTPToken {
    /// RFC 9110 §5.6.2: 1*tchar.
    static func isToken(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isTokenCharacter)
    }

    static func isToken(_ text: String) -> Bool { isToken(ArraySlice(text.utf8)) }

    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        // "!#$%&'*+-.^_`|~", spelled as cases: no array made per byte of every header name.
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
