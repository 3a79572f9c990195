/// A URL's host as the network sees it: an IPv4 or IPv6 address, or a name still to be resolved, and which part of
/// the network an address belongs to.
///
/// IPv4 is read the way URL parsers and `inet_aton` read it (WHATWG URL, "IPv4 parser"): one to four parts, each
/// decimal, octal (`0177`) or hexadecimal (`0x7f`), the last filling the remaining bytes, so `2130706433`,
/// `0x7f.1` and `127.1` are all 127.0.0.1. A host whose last label is numeric but is not such an address is
/// `invalid`: a browser or curl would refuse it or read it differently, and the host refuses it too.
public enum HostAddress: Sendable, Equatable {
    case ipv4([UInt8])
    case ipv6([UInt8])
    /// A DNS name, lowercased and without a trailing dot.
    case name(String)
    case invalid

    /// Which part of the network an address or name reaches.
    public enum Scope: String, Sendable, Equatable {
        case `public`
        /// This machine: 127.0.0.0/8, ::1, `localhost` and every name under `.localhost`.
        case loopback
        /// 0.0.0.0/8 and ::, which reach this machine on Linux.
        case unspecified
        /// 10/8, 172.16/12, 192.168/16, 100.64/10 (carrier NAT), fc00::/7 and the old fec0::/10.
        case privateNetwork
        /// 169.254/16 (where cloud metadata services live) and fe80::/10.
        case linkLocal
        case multicast
        /// Documentation, benchmarking, IETF and unassigned ranges: nothing public lives there.
        case reserved
        /// A name: public or not is decided once it resolves.
        case unresolved
        case invalid
    }

    public init(host: String) {
        var text = host.lowercased()
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        if text.contains(":") {
            // A zone (`fe80::1%eth0`, `%25eth0` in a URL) names an interface, not another address.
            let address = text.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
            self = Self.parseIPv6(address).map(HostAddress.ipv6) ?? .invalid
            return
        }
        if text.hasSuffix("."), text.count > 1 { text.removeLast() }
        guard !text.isEmpty, text.utf8.count <= 253 else {
            self = .invalid
            return
        }
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        if let last = labels.last, Self.looksNumeric(last) {
            self = Self.parseIPv4(labels).map(HostAddress.ipv4) ?? .invalid
            return
        }
        self = .name(text)
    }

    public var scope: Scope {
        switch self {
        case .ipv4(let bytes): return Self.scope(ipv4: bytes)
        case .ipv6(let bytes): return Self.scope(ipv6: bytes)
        case .name(let name): return name == "localhost" || name.hasSuffix(".localhost") ? .loopback : .unresolved
        case .invalid: return .invalid
        }
    }

    /// How a person reads the address in a message.
    public var text: String {
        switch self {
        case .ipv4(let bytes): return bytes.map(String.init).joined(separator: ".")
        case .ipv6(let bytes):
            // Only ::ffff:a.b.c.d is written dotted; a 6to4 or NAT64 address with 0xff in byte 10 is not mapped.
            if bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
                return "::ffff:" + bytes[12...].map(String.init).joined(separator: ".")
            }
            return Self.compressedText(ipv6: bytes)
        case .name(let name): return name
        case .invalid: return "(not a valid address)"
        }
    }

    /// RFC 5952: lowercase hex groups, the longest run of two or more zero groups as `::`.
    static func compressedText(ipv6 bytes: [UInt8]) -> String {
        let groups = stride(from: 0, to: 16, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        var best: Range<Int>?
        var start: Int?
        for index in 0...groups.count {
            if index < groups.count, groups[index] == 0 {
                if start == nil { start = index }
            } else if let runStart = start {
                if index - runStart >= 2, index - runStart > (best?.count ?? 0) { best = runStart..<index }
                start = nil
            }
        }
        let text = groups.map { String($0, radix: 16) }
        guard let best else { return text.joined(separator: ":") }
        return text[..<best.lowerBound].joined(separator: ":") + "::" + text[best.upperBound...].joined(separator: ":")
    }

    // MARK: - Scopes

    static func scope(ipv4 b: [UInt8]) -> Scope {
        guard b.count == 4 else { return .invalid }
        switch (b[0], b[1], b[2]) {
        case (0, _, _): return .unspecified
        case (127, _, _): return .loopback
        case (10, _, _), (192, 168, _): return .privateNetwork
        case (172, 16...31, _): return .privateNetwork
        case (100, 64...127, _): return .privateNetwork
        case (169, 254, _): return .linkLocal
        case (192, 0, 0), (192, 0, 2), (198, 51, 100), (203, 0, 113), (198, 18...19, _): return .reserved
        case (224...239, _, _): return .multicast
        case (240...255, _, _): return .reserved
        default: return .public
        }
    }

    static func scope(ipv6 b: [UInt8]) -> Scope {
        guard b.count == 16 else { return .invalid }
        if let embedded = embeddedIPv4(b) { return scope(ipv4: embedded) }
        if b.allSatisfy({ $0 == 0 }) { return .unspecified }
        if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] == 1 { return .loopback }
        if b[0] == 0xFF { return .multicast }
        if b[0] & 0xFE == 0xFC { return .privateNetwork }
        if b[0] == 0xFE && b[1] & 0xC0 == 0x80 { return .linkLocal }
        if b[0] == 0xFE && b[1] & 0xC0 == 0xC0 { return .privateNetwork }
        // 64:ff9b:1::/48, local-use NAT64: translates to addresses the operator chooses.
        if b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xFF && b[3] == 0x9B && b[4] == 0 && b[5] == 1 { return .privateNetwork }
        // 2001::/32 (Teredo tunnels, which embed other addresses) and 2001:db8::/32 (documentation).
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x00 && b[3] == 0x00 { return .reserved }
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0D && b[3] == 0xB8 { return .reserved }
        // Only 2000::/3 is handed out for the public internet.
        return b[0] & 0xE0 == 0x20 ? .public : .reserved
    }

    /// The IPv4 address inside IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d)
    /// and 6to4 (2002:aabb:ccdd::) addresses: where a connection to them really goes.
    static func embeddedIPv4(_ b: [UInt8]) -> [UInt8]? {
        guard b.count == 16 else { return nil }
        let tail = Array(b[12..<16])
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xFF && b[11] == 0xFF { return tail }
        // ::a.b.c.d, but not :: and ::1, which are IPv6's own.
        if b[0..<12].allSatisfy({ $0 == 0 }) && !(b[12] == 0 && b[13] == 0 && b[14] == 0 && b[15] <= 1) { return tail }
        if b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xFF && b[3] == 0x9B && b[4..<12].allSatisfy({ $0 == 0 }) { return tail }
        if b[0] == 0x20 && b[1] == 0x02 { return Array(b[2..<6]) }
        return nil
    }

    // MARK: - Parsing

    /// True when a label is what the URL standard calls a number: all decimal digits, or `0x` and hex digits.
    private static func looksNumeric(_ label: Substring) -> Bool {
        if !label.isEmpty && label.utf8.allSatisfy({ (48...57).contains($0) }) { return true }
        let utf8 = Array(label.utf8)
        return utf8.count >= 2 && utf8[0] == 48 && (utf8[1] == 120 || utf8[1] == 88) && utf8[2...].allSatisfy(isHexDigit)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (97...102).contains(byte) || (65...70).contains(byte)
    }

    /// One to four parts; every part but the last is one byte, the last fills what remains.
    static func parseIPv4(_ labels: [Substring]) -> [UInt8]? {
        guard (1...4).contains(labels.count) else { return nil }
        var numbers: [UInt64] = []
        for label in labels {
            guard let number = parseIPv4Number(label) else { return nil }
            numbers.append(number)
        }
        let last = numbers.removeLast()
        guard numbers.allSatisfy({ $0 <= 255 }) else { return nil }
        let remaining = 4 - numbers.count
        guard last < (UInt64(1) << (8 * UInt64(remaining))) else { return nil }
        var bytes = numbers.map { UInt8($0) }
        for index in stride(from: remaining - 1, through: 0, by: -1) {
            bytes.append(UInt8(truncatingIfNeeded: last >> (8 * UInt64(index))))
        }
        return bytes
    }

    /// A decimal, `0`-octal or `0x`-hex number, without overflow: more than 32 bits is not an address anyway.
    private static func parseIPv4Number(_ label: Substring) -> UInt64? {
        var digits = Array(label.utf8)
        guard !digits.isEmpty else { return nil }
        var radix: UInt64 = 10
        if digits.count >= 2, digits[0] == 48, digits[1] == 120 || digits[1] == 88 {
            radix = 16
            digits.removeFirst(2)
            if digits.isEmpty { return 0 }
        } else if digits.count >= 2, digits[0] == 48 {
            radix = 8
            digits.removeFirst()
        }
        var value: UInt64 = 0
        for digit in digits {
            let number: UInt64
            switch digit {
            case 48...57: number = UInt64(digit - 48)
            case 97...102: number = UInt64(digit - 87)
            case 65...70: number = UInt64(digit - 55)
            default: return nil
            }
            guard number < radix else { return nil }
            value = value * radix + number
            guard value <= UInt64(UInt32.max) else { return nil }
        }
        return value
    }

    /// RFC 4291 text: eight groups of up to four hex digits, one `::` for a run of zero groups, and an optional
    /// dotted IPv4 address as the last 32 bits.
    static func parseIPv6(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard !utf8.isEmpty, utf8.count <= 45 else { return nil }
        var groups: [UInt16] = []
        var compressAt: Int?
        var index = 0
        if utf8.starts(with: [58, 58]) {
            compressAt = 0
            index = 2
            if index == utf8.count { return [UInt8](repeating: 0, count: 16) }
        } else if utf8.first == 58 {
            return nil
        }
        while index < utf8.count {
            // A dotted IPv4 tail: the rest of the text, in exactly four decimal parts.
            if let dot = utf8[index...].firstIndex(of: 46), !utf8[index..<dot].contains(58) {
                guard groups.count <= 6, let quad = parseDottedQuad(utf8[index...]) else { return nil }
                groups.append(UInt16(quad[0]) << 8 | UInt16(quad[1]))
                groups.append(UInt16(quad[2]) << 8 | UInt16(quad[3]))
                index = utf8.count
                break
            }
            var value: UInt16 = 0
            var count = 0
            while index < utf8.count, isHexDigit(utf8[index]) {
                guard count < 4 else { return nil }
                let digit = utf8[index]
                let number = UInt16(digit <= 57 ? digit - 48 : (digit | 0x20) - 87)
                value = value << 4 | number
                count += 1
                index += 1
            }
            guard count > 0 else { return nil }
            groups.append(value)
            guard groups.count <= 8 else { return nil }
            if index == utf8.count { break }
            guard utf8[index] == 58 else { return nil }
            index += 1
            if index < utf8.count, utf8[index] == 58 {
                guard compressAt == nil else { return nil }
                compressAt = groups.count
                index += 1
                if index == utf8.count { break }
            } else if index == utf8.count {
                return nil
            }
        }
        if let compressAt {
            guard groups.count < 8 else { return nil }
            groups.insert(contentsOf: [UInt16](repeating: 0, count: 8 - groups.count), at: compressAt)
        }
        guard groups.count == 8 else { return nil }
        return groups.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    /// Exactly four decimal parts of one to three digits, each at most 255.
    private static func parseDottedQuad(_ utf8: ArraySlice<UInt8>) -> [UInt8]? {
        let parts = utf8.split(separator: 46, omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var quad: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ (48...57).contains($0) }) else { return nil }
            let value = part.reduce(0) { $0 * 10 + Int($1 - 48) }
            guard value <= 255 else { return nil }
            quad.append(UInt8(value))
        }
        return quad
    }
}
