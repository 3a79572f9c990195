import Foundation

/// The methods the web surface serves; anything else is answered 405 with `Allow`.
public enum HTTPMethod: String, Sendable, CaseIterable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"

    /// The value of the `Allow` header on a 405.
    public static let allowHeaderValue = allCases.map(\.rawValue).joined(separator: ", ")
}

public enum HTTPVersion: String, Sendable {
    case http10 = "HTTP/1.0"
    case http11 = "HTTP/1.1"
}

/// Header fields in arrival order; names compare case-insensitively (RFC 9110 §5.1).
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    public struct Field: Sendable, Equatable {
        public let name: String
        public let value: String
    }

    public private(set) var fields: [Field] = []

    public init(_ pairs: [(String, String)] = []) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    mutating func append(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Every field of `name` gets `value` (or one is added): an absolute-form target's authority stands for Host.
    mutating func replaceValues(of name: String, with value: String) {
        let kept = fields.filter { !Self.sameName($0.name, name) }
        fields = kept + [Field(name: name, value: value)]
    }

    /// The first value under `name`, any case.
    public subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value under `name`, any case, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// `a.lowercased() == b.lowercased()`, without making either string when both are ASCII (header names are
    /// tokens, so always on the server's side): every request asks for Host, Connection, Cookie and the framing.
    static func sameName(_ a: String, _ b: String) -> Bool {
        let (x, y) = (a.utf8, b.utf8)
        guard x.allSatisfy({ $0 < 0x80 }), y.allSatisfy({ $0 < 0x80 }) else { return a.lowercased() == b.lowercased() }
        return x.count == y.count && zip(x, y).allSatisfy { asciiLower($0) == asciiLower($1) }
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}

/// One parsed request. `path` is percent-decoded; `rawQuery` is as sent, `queryItems` decoded.
public struct HTTPServerRequest: Sendable, Equatable {
    public let method: HTTPMethod
    public let rawTarget: String
    public let path: String
    public let rawQuery: String?
    public let version: HTTPVersion
    public let headers: HTTPHeaders
    public let body: [UInt8]
    /// Whether the connection may stay open after the response (RFC 9112 §9.3): HTTP/1.1 unless `Connection`
    /// names `close`, HTTP/1.0 only when it names `keep-alive`. Read once, by the parser, from the header bytes.
    public let keepAlive: Bool

    /// Form-style query items (`+` is a space), in order; a name without `=` has an empty value.
    public var queryItems: [(name: String, value: String)] {
        guard let rawQuery, !rawQuery.isEmpty else { return [] }
        return rawQuery.split(separator: "&", omittingEmptySubsequences: true).compactMap { item in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let plus = { (s: Substring) in s.replacingOccurrences(of: "+", with: " ") }
            guard let name = PercentDecoding.decode(plus(parts[0])) else { return nil }
            let value = parts.count > 1 ? PercentDecoding.decode(plus(parts[1])) : ""
            guard let value else { return nil }
            return (name, value)
        }
    }

}

enum PercentDecoding {
    /// Decodes `%XX` escapes; nil on a malformed escape or bytes that are not UTF-8.
    static func decode<S: StringProtocol>(_ text: S) -> String? {
        // Nothing escaped: the text itself (a string's bytes are always UTF-8).
        if !text.utf8.contains(UInt8(ascii: "%")) { return String(text) }
        return decode(bytes: text.utf8)
    }

    /// The same for bytes as they came (a request target).
    static func decode<C: Collection<UInt8>>(bytes text: C) -> String? {
        if !text.contains(UInt8(ascii: "%")) { return strictUTF8(text) }
        var bytes: [UInt8] = []
        var iterator = text.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return strictUTF8(bytes)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// The bytes as a string if they are valid UTF-8, else nil. (`String(validating:as:)` needs macOS 15; decoding
/// repairs bad bytes to U+FFFD, so a round trip that changes the bytes means they were not UTF-8.)
func strictUTF8<C: Collection<UInt8>>(_ bytes: C) -> String? {
    // ASCII is always UTF-8 (a request's line and most headers are): one pass instead of decoding and comparing.
    if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
}
