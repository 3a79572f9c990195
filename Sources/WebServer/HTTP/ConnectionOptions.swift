/// The two `Connection` options that decide whether a connection stays open (RFC 9112 §9.3), read from the value's
/// bytes. Chromium sends `Connection: keep-alive` on every request, so this runs for every static file and every
/// event POST; splitting, trimming and lowercasing each token through Foundation cost a fifth of a static answer
/// (issue 37). Tokens are compared as ASCII without case, after optional whitespace (space, tab) is dropped.
struct ConnectionOptions: Equatable {
    var close = false
    var keepAlive = false

    /// The options named by every `Connection` field of `headers`.
    init(_ headers: HTTPHeaders) {
        for field in headers.fields where HTTPHeaders.sameName(field.name, "Connection") {
            read(field.value.utf8)
        }
    }

    init(close: Bool, keepAlive: Bool) {
        self.close = close
        self.keepAlive = keepAlive
    }

    /// Each comma-separated token of one field value.
    private mutating func read(_ value: String.UTF8View) {
        var start = value.startIndex
        while start != value.endIndex {
            let end = value[start...].firstIndex(of: UInt8(ascii: ",")) ?? value.endIndex
            classify(value[start..<end])
            start = end == value.endIndex ? end : value.index(after: end)
        }
    }

    private mutating func classify(_ token: Substring.UTF8View) {
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

    /// `lowercase` is already lowercase ASCII.
    private static func equalsIgnoringCase(_ bytes: Substring.UTF8View, _ lowercase: [UInt8]) -> Bool {
        guard bytes.count == lowercase.count else { return false }
        return zip(bytes, lowercase).allSatisfy { byte, expected in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 == expected : byte == expected
        }
    }
}
