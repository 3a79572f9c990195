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

    /// The first value under `name`, any case.
    public subscript(name: String) -> String? {
        let key = name.lowercased()
        return fields.first { $0.name.lowercased() == key }?.value
    }

    /// Every value under `name`, any case, in order.
    public func values(for name: String) -> [String] {
        let key = name.lowercased()
        return fields.filter { $0.name.lowercased() == key }.map(\.value)
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

    /// Whether the connection may stay open after the response (RFC 9112 §9.3).
    public var keepAlive: Bool {
        let tokens = headers.values(for: "Connection")
            .flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        switch version {
        case .http11: return !tokens.contains("close")
        case .http10: return tokens.contains("keep-alive") && !tokens.contains("close")
        }
    }
}

enum PercentDecoding {
    /// Decodes `%XX` escapes; nil on a malformed escape or bytes that are not UTF-8.
    static func decode<S: StringProtocol>(_ text: S) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
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
    let text = String(decoding: bytes, as: UTF8.self)
    return text.utf8.elementsEqual(bytes) ? text : nil
}
