/// The `Host` field's grammar (RFC 9112 §3.2, RFC 3986 §3.2.2): `uri-host [ ":" port ]`, where `uri-host` is an
/// IP literal in brackets, or a reg-name of unreserved characters, `%` escapes and sub-delims, and `port` is digits.
/// A value outside it (a space, userinfo, a path, a second colon) is a malformed request: 400, not "another host"
/// (421). An empty value is well-formed (RFC 9112 §3.2 has a client send one when the target has no authority): it
/// names no host of ours and is answered 421 by the access check.
enum HostField {
    static func isValid(_ value: String) -> Bool {
        isValid(ArraySlice(value.utf8))
    }

    static func isValid(_ bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes
        if rest.first == UInt8(ascii: "[") {
            guard let close = rest.firstIndex(of: UInt8(ascii: "]")), close > rest.startIndex + 1,
                rest[(rest.startIndex + 1)..<close].allSatisfy({ isUnreserved($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") })
            else { return false }
            rest = rest[(close + 1)...]
        } else {
            let end = rest.firstIndex(of: UInt8(ascii: ":")) ?? rest.endIndex
            guard isRegName(rest[..<end]) else { return false }
            rest = rest[end...]
        }
        guard let colon = rest.first else { return true }
        return colon == UInt8(ascii: ":") && rest.dropFirst().allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// `*( unreserved / pct-encoded / sub-delims )`.
    private static func isRegName(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
                else { return false }
                index += 3
                continue
            }
            guard isUnreserved(byte) || isSubDelimiter(byte) else { return false }
            index += 1
        }
        return true
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// `!$&'()*+,;=`
    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }
}
