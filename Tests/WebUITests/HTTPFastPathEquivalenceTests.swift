import FeatureHostCore
import Foundation
import Testing

@testable import WebHTML
@testable import WebServer
@testable import WebUI

/// The request parsing every static file goes through was made cheaper (no string per header-name lookup, no array
/// per token byte, requests' targets and cookies read in their bytes). Each faster form is checked here against the
/// form it replaced, kept below as the reference, on many random inputs: the answers must not change.
struct HTTPFastPathEquivalenceTests {
    @Test func tokenCharactersAreTheSame() {
        for byte in UInt8.min...UInt8.max {
            let reference: Bool
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                reference = true
            default: reference = Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
            }
            #expect(HTTPToken.isTokenCharacter(byte) == reference, "\(byte)")
        }
    }

    @Test func headerNamesCompareAsLowercasedStringsDid() {
        var random = SplitMix64(seed: 1)
        let pieces = ["host", "HOST", "Host", "cookie", "Cookie", "İ", "i̇", "ß", "SS", "k", "K", "é", "É", "-", "", "x"]
        for _ in 0..<20_000 {
            let a = (0..<random.below(4)).map { _ in pieces[random.below(pieces.count)] }.joined()
            let b = random.below(3) == 0 ? a.uppercased() : (0..<random.below(4)).map { _ in pieces[random.below(pieces.count)] }.joined()
            #expect(HTTPHeaders.sameName(a, b) == (a.lowercased() == b.lowercased()), "\(a) \(b)")
        }
    }

    @Test func strictUTF8AcceptsAndRefusesTheSameBytes() {
        var random = SplitMix64(seed: 2)
        for _ in 0..<20_000 {
            let bytes = (0..<random.below(12)).map { _ in
                random.below(4) == 0 ? UInt8(truncatingIfNeeded: random.next()) : UInt8(0x20 + random.below(0x5F))
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let reference = text.utf8.elementsEqual(bytes) ? text : nil
            #expect(strictUTF8(bytes) == reference, "\(bytes)")
            #expect(strictUTF8(bytes[...]) == reference)
        }
    }

    @Test func cookiesAreReadAsTheSplitsReadThem() {
        var random = SplitMix64(seed: 3)
        let pieces = ["featurehost-token", "token", "=", "=", ";", ";", " ", "\t", "abc", "x", "é", "\u{301}", "==", "; "]
        for _ in 0..<30_000 {
            let headers = (0..<(1 + random.below(2))).map { _ in
                (0..<random.below(9)).map { _ in pieces[random.below(pieces.count)] }.joined()
            }
            for name in ["featurehost-token", "token", "x"] {
                #expect(AccessGuard.cookies(named: name, in: headers) == referenceCookies(named: name, in: headers), "\(headers)")
            }
        }
    }

    @Test func requestTargetsAndLinesParseAsBefore() {
        var random = SplitMix64(seed: 4)
        let pieces = ["/", "/", "a", "?", "%", "%2", "%2F", "%00", "%e2%82%ac", "%ff", "+", "=", "&", "~", " ", "\u{7F}", "é", "x"]
        for _ in 0..<30_000 {
            let text = (0..<random.below(8)).map { _ in pieces[random.below(pieces.count)] }.joined()
            let bytes = ArraySlice(Array(text.utf8))
            let fast = Result { () throws(HTTPRequestError) in try RequestTarget(bytes) }.map { [$0.raw, $0.path, $0.query ?? "∅"] }
            #expect(fast == referenceTarget(bytes), "\(text)")
            for line in ["GET \(text) HTTP/1.1", "GET  \(text) HTTP/1.1", "GET \(text)", "\(text) GET HTTP/1.1 x", "POST \(text) HTTP/1.0"]
            {
                let bytes = ArraySlice(Array(line.utf8))
                let fast = Result { () throws(HTTPRequestError) in try RequestLine(bytes) }.map {
                    "\($0.method) \($0.target.raw) \($0.version)"
                }
                #expect(fast == referenceLine(bytes), "\(line)")
            }
        }
    }

    // MARK: the forms replaced

    private func referenceCookies(named name: String, in headers: [String]) -> [String] {
        var values: [String] = []
        for header in headers {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, trimmed(parts[0]) == name else { continue }
                values.append(String(trimmed(parts[1])))
            }
        }
        return values
    }

    private func trimmed(_ text: Substring) -> Substring {
        var text = text
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }

    private func referenceTarget(_ bytes: ArraySlice<UInt8>) -> Result<[String], HTTPRequestError> {
        guard bytes.first == UInt8(ascii: "/"), bytes.allSatisfy({ (0x21...0x7E).contains($0) }),
            let raw = referenceStrictUTF8(bytes)
        else { return .failure(.malformedRequestLine) }
        let pieces = raw.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let path = referenceDecode(pieces[0]), !path.contains("\0") else { return .failure(.malformedTarget) }
        if pieces.count > 1, referenceDecode(pieces[1]) == nil { return .failure(.malformedTarget) }
        return .success([raw, path, pieces.count > 1 ? String(pieces[1]) : "∅"])
    }

    private func referenceLine(_ line: ArraySlice<UInt8>) -> Result<String, HTTPRequestError> {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, let methodText = referenceStrictUTF8(parts[0]), HTTPToken.isToken(parts[0]) else {
            return .failure(.malformedRequestLine)
        }
        guard let method = HTTPMethod(rawValue: methodText) else { return .failure(.methodNotAllowed(methodText)) }
        let target: [String]
        switch referenceTarget(parts[1]) {
        case .success(let value): target = value
        case .failure(let error): return .failure(error)
        }
        let version = Array(parts[2])
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard version.count == 8, version.starts(with: Array("HTTP/".utf8)), digits.contains(version[5]),
            version[6] == UInt8(ascii: "."), digits.contains(version[7])
        else { return .failure(.malformedRequestLine) }
        switch (version[5], version[7]) {
        case (UInt8(ascii: "1"), UInt8(ascii: "0")): return .success("\(method) \(target[0]) \(HTTPVersion.http10)")
        case (UInt8(ascii: "1"), UInt8(ascii: "1")): return .success("\(method) \(target[0]) \(HTTPVersion.http11)")
        default: return .failure(.unsupportedVersion)
        }
    }

    private func referenceStrictUTF8<C: Collection<UInt8>>(_ bytes: C) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    private func referenceDecode<S: StringProtocol>(_ text: S) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            let hex = { (byte: UInt8?) -> UInt8? in byte.flatMap { UInt8(String(UnicodeScalar($0)), radix: 16) } }
            guard let high = hex(iterator.next()), let low = hex(iterator.next()) else { return nil }
            bytes.append(high << 4 | low)
        }
        return referenceStrictUTF8(bytes)
    }
}

extension SplitMix64 {
    fileprivate mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int.random(in: 0..<bound, using: &self) }
}
