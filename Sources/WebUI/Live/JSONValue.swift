/// A parsed JSON value, as small as client messages need. Objects keep their members in order.
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    /// What the value is, for an error message: "a string", "a number".
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A strict RFC 8259 parser over UTF-8 bytes with limits, so a hostile body costs little: no string longer
/// than `maxStringBytes`, no object or array with more than `maxMembers`, no nesting deeper than `maxDepth`.
struct JSONReader {
    struct Limits: Sendable {
        var maxStringBytes = 16 * 1024
        var maxMembers = 64
        var maxDepth = 8
    }

    private let bytes: [UInt8]
    private let limits: Limits
    private var index = 0

    /// Parses the whole of `bytes` as one JSON value; the error names the fault and its byte offset.
    static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(ClientMessageError) -> JSONValue {
        var reader = JSONReader(bytes: bytes, limits: limits)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0, at: "")
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.fault("unexpected \(reader.describeNext()) after the value") }
        return value
    }

    private init(bytes: [UInt8], limits: Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// `location` is a field path (`fields.name`), empty for the body itself.
    private static func describe(_ location: String) -> String {
        location.isEmpty ? "body" : "field '\(location)'"
    }

    private func fault(_ message: String) -> ClientMessageError {
        ClientMessageError("body is not valid JSON: \(message) at byte \(index)")
    }

    private func describeNext() -> String {
        guard index < bytes.count else { return "end of body" }
        let byte = bytes[index]
        return (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func value(depth: Int, at location: String) throws(ClientMessageError) -> JSONValue {
        guard index < bytes.count else { throw fault("unexpected end of body") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < limits.maxDepth else { throw ClientMessageError("\(Self.describe(location)): nested deeper than \(limits.maxDepth) levels") }
            return try object(depth: depth + 1, at: location)
        case UInt8(ascii: "["):
            guard depth < limits.maxDepth else { throw ClientMessageError("\(Self.describe(location)): nested deeper than \(limits.maxDepth) levels") }
            return try array(depth: depth + 1, at: location)
        case UInt8(ascii: "\""):
            return .string(try string(at: location))
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try number())
        default:
            throw fault("unexpected \(describeNext())")
        }
    }

    private mutating func literal(_ word: String) throws(ClientMessageError) {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw fault("unexpected \(describeNext())")
        }
        index += expected.count
    }

    private mutating func number() throws(ClientMessageError) -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { throw fault("a number needs digits") }
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw fault("a number has a leading zero") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fault("a number needs digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fault("a number needs digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text), number.isFinite else { throw fault("the number \(text) is out of range") }
        return number
    }

    private mutating func string(at location: String) throws(ClientMessageError) -> String {
        index += 1  // the opening quote
        var scalars = String.UnicodeScalarView()
        var byteCount = 0
        let start = index
        while true {
            guard index < bytes.count else { throw fault("a string is not closed") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            guard byte >= 0x20 else { throw fault("a control character must be escaped in a string") }
            if byte == UInt8(ascii: "\\") {
                index += 1
                scalars.append(try escape())
            } else {
                // The body was checked to be UTF-8 as a whole, so a run of non-escape bytes decodes cleanly.
                let runStart = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
                    index += 1
                }
                scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
            }
            byteCount = index - start
            guard byteCount <= limits.maxStringBytes else {
                throw ClientMessageError("\(Self.describe(location)): a string longer than \(limits.maxStringBytes) bytes")
            }
        }
        index += 1  // the closing quote
        return String(scalars)
    }

    private mutating func escape() throws(ClientMessageError) -> Unicode.Scalar {
        guard index < bytes.count else { throw fault("a string is not closed") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hex4()
            if (0xD800...0xDBFF).contains(unit) {
                guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw fault("a lone surrogate \\u\(String(unit, radix: 16))")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low), let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) else {
                    throw fault("a lone surrogate \\u\(String(unit, radix: 16))")
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(unit) else { throw fault("a lone surrogate \\u\(String(unit, radix: 16))") }
            return scalar
        default:
            index -= 1
            throw fault("unknown escape \\\(describeNext())")
        }
    }

    private mutating func hex4() throws(ClientMessageError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw fault("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else {
                throw fault("a \\u escape needs four hex digits")
            }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func array(depth: Int, at location: String) throws(ClientMessageError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth, at: "\(location)[\(items.count)]"))
            guard items.count <= limits.maxMembers else {
                throw ClientMessageError("\(Self.describe(location)): more than \(limits.maxMembers) items")
            }
            skipWhitespace()
            guard index < bytes.count else { throw fault("an array is not closed") }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw fault("expected ',' or ']' but found \(describeNext())") }
            index += 1
        }
    }

    private mutating func object(depth: Int, at location: String) throws(ClientMessageError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fault("expected a field name in quotes but found \(describeNext())")
            }
            let key = try string(at: location)
            let memberLocation = location.isEmpty ? key : "\(location).\(key)"
            guard !members.contains(where: { $0.key == key }) else { throw ClientMessageError("\(Self.describe(memberLocation)) appears twice") }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fault("expected ':' but found \(describeNext())") }
            index += 1
            skipWhitespace()
            members.append((key, try value(depth: depth, at: memberLocation)))
            guard members.count <= limits.maxMembers else {
                throw ClientMessageError("\(Self.describe(location)): more than \(limits.maxMembers) fields")
            }
            skipWhitespace()
            guard index < bytes.count else { throw fault("an object is not closed") }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw fault("expected ',' or '}' but found \(describeNext())") }
            index += 1
        }
    }
}
