/// The two `Connection` options that decide whether a connection stays open (RFC 9112 §9.3), read from the value's
/// bytes as the parser takes each header, so once per request. Chromium sends `Connection: keep-alive` on every
/// request, so this runs for every static file and every event POST; splitting, trimming and lowercasing each token
/// through Foundation, twice per answer, cost a fifth of a static answer (issue 37). Tokens are compared as ASCII
/// without case, after optional whitespace (space, tab) is dropped. The value is already within the head limit.
struct ConnectionOptions: Equatable, Sendable {
    var close = false
    var keepAlive = false

    init() {}

    /// Whether a request of `version` with these options keeps its connection: HTTP/1.1 unless `close`, HTTP/1.0
    /// only with `keep-alive` (and no `close`).
    func keepsAlive(_ version: HTTPVersion) -> Bool {
        switch version {
        case .http11: !close
        case .http10: keepAlive && !close
        }
    }

    /// Each comma-separated token of one field value.
    mutating func read<Value: BidirectionalCollection<UInt8>>(_ value: Value) {
        var start = value.startIndex
        while start != value.endIndex {
            let end = value[start...].firstIndex(of: UInt8(ascii: ",")) ?? value.endIndex
            classify(value[start..<end])
            start = end == value.endIndex ? end : value.index(after: end)
        }
    }

    private mutating func classify<Token: BidirectionalCollection<UInt8>>(_ token: Token) {
        guard let first = token.firstIndex(where: { !Self.isWhitespace($0) }),
            let last = token.lastIndex(where: { !Self.isWhitespace($0) })
        else { return }
        let trimmed = token[first...last]
        if Self.equalsIgnoringCase(trimmed, Self.closeToken) {
            close = true
        } else if Self.equalsIgnoringCase(trimmed, Self.keepAliveToken) {
            keepAlive = true
        }
    }

    private static let closeToken = Array("close".utf8)
    private static let keepAliveToken = Array("keep-alive".utf8)

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// `lowercase` is already lowercase ASCII; a byte above ASCII never matches.
    private static func equalsIgnoringCase<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ lowercase: [UInt8]) -> Bool {
        guard bytes.count == lowercase.count else { return false }
        return zip(bytes, lowercase).allSatisfy { byte, expected in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == expected : byte == expected
        }
    }
}
