/// The one JSON reader for what comes from outside as JSON text the host reads itself: the config file (the user's,
/// read strictly so every tool reads it alike), the page events a browser POSTs (anyone's, read with tight
/// limits), the invitation backend's reply and the plugin wire's JSON. Strict RFC 8259 over UTF-8 bytes: no trailing
/// comma, no repeated key in an object (Foundation's `JSONSerialization` accepts the first and keeps the last of the
/// second), no comment, no bytes that are not UTF-8 in a string, no number a `Double` cannot hold. What it costs is bounded by its input and its `Limits`: one pass,
/// no recursion deeper than `maximumDepth`, no string longer than `maximumStringBytes`, no object or array with more
/// than `maximumMembers` members. A fault says what to change and where (`JSONReadError`).
public struct JSONReader {
    public struct Limits: Sendable, Equatable {
        /// The longest string (a key or a value), in bytes as written (escapes count as written).
        public var maximumStringBytes: Int
        /// The most members one object or array may have.
        public var maximumMembers: Int
        /// How deeply objects and arrays may nest (the value itself is depth 1 when it is one).
        public var maximumDepth: Int

        public init(maximumStringBytes: Int = .max, maximumMembers: Int = .max, maximumDepth: Int = 512) {
            self.maximumStringBytes = maximumStringBytes
            self.maximumMembers = maximumMembers
            self.maximumDepth = maximumDepth
        }
    }

    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    private let bytes: [UInt8]
    private let limits: Limits
    /// Where the text starts: after a byte order mark when one is allowed and present.
    private let origin: Int
    private var index: Int
    private var depth = 0
    private var path: [PathComponent] = []
    /// False for `validate`: the same checks, without keeping what was read (a feed of 100,000 articles is checked
    /// before `JSONDecoder` builds its own values from it).
    private var keepsValues = true

    /// Reads the whole of `bytes` as one JSON value. A UTF-8 byte order mark is skipped when
    /// `allowingByteOrderMark` (RFC 8259, 8.1 lets a reader ignore one; a config written by some editors has one).
    public static func parse(
        _ bytes: [UInt8], limits: Limits = Limits(), allowingByteOrderMark: Bool = false
    ) throws(JSONReadError) -> JSONValue {
        var reader = JSONReader(bytes: bytes, limits: limits, allowingByteOrderMark: allowingByteOrderMark)
        reader.skipWhitespace()
        guard reader.index < bytes.count else { throw reader.syntax("there is no value, only the end of the text.") }
        let value = try reader.value()
        reader.skipWhitespace()
        guard reader.index == bytes.count else {
            throw reader.syntax("unexpected \(reader.describeHere()) after the end of the JSON value.")
        }
        return value
    }

    /// Throws what `parse` would throw, except for a number too large for a `Double` (valid JSON, left to the reader
    /// of its field): for text another decoder reads, which is not strict about members it does not read
    /// (Foundation's `JSONDecoder` accepts `-01` or a raw control character there).
    public static func validate(
        _ bytes: [UInt8], limits: Limits = Limits(), allowingByteOrderMark: Bool = false
    ) throws(JSONReadError) {
        var reader = JSONReader(bytes: bytes, limits: limits, allowingByteOrderMark: allowingByteOrderMark)
        reader.keepsValues = false
        reader.skipWhitespace()
        guard reader.index < bytes.count else { throw reader.syntax("there is no value, only the end of the text.") }
        _ = try reader.value()
        reader.skipWhitespace()
        guard reader.index == bytes.count else {
            throw reader.syntax("unexpected \(reader.describeHere()) after the end of the JSON value.")
        }
    }

    private init(bytes: [UInt8], limits: Limits, allowingByteOrderMark: Bool) {
        self.bytes = bytes
        self.limits = limits
        origin = allowingByteOrderMark && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        index = origin
    }

    // MARK: values

    private mutating func value() throws(JSONReadError) -> JSONValue {
        guard index < bytes.count else { throw syntax("the text ends where a value was expected.") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default: throw syntax("expected a value, found \(describeHere()).")
        }
    }

    private mutating func object() throws(JSONReadError) -> JSONValue {
        try enter()
        index += 1
        skipWhitespace()
        var members: [(key: String, value: JSONValue)] = []
        if peek(UInt8(ascii: "}")) {
            index += 1
            depth -= 1
            return .object(members)
        }
        // By code unit, as RFC 8259 (8.3) compares names: `String`'s == calls "é" and "e\u{301}" the same.
        var keys: Set<[UInt8]> = []
        var count = 0
        var comma: Int?
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw syntax("it ends inside an object; a \"}\" is missing.") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "}"), let comma { throw syntax("a trailing comma before \"}\"; remove it.", at: comma) }
                throw syntax("expected a key in double quotes, found \(describeHere()).")
            }
            let keyStart = index
            let key = try string()
            guard keys.insert(Array(key.utf8)).inserted else {
                throw syntax("the key \"\(Self.excerpt(key))\" appears twice in one object; keep one.", at: keyStart)
            }
            guard count < limits.maximumMembers else { throw limit("more than \(limits.maximumMembers) fields.") }
            count += 1
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else {
                throw syntax("expected \":\" after the key \"\(Self.excerpt(key))\", found \(describeHere()).")
            }
            index += 1
            skipWhitespace()
            path.append(.key(key))
            let member = try value()
            path.removeLast()
            if keepsValues { members.append((key, member)) }
            skipWhitespace()
            guard index < bytes.count else { throw syntax("it ends inside an object; a \"}\" is missing.") }
            if bytes[index] == UInt8(ascii: ",") {
                comma = index
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else {
                throw syntax("expected \",\" or \"}\" after a value in an object, found \(describeHere()).")
            }
            index += 1
            depth -= 1
            return .object(members)
        }
    }

    private mutating func array() throws(JSONReadError) -> JSONValue {
        try enter()
        index += 1
        skipWhitespace()
        var items: [JSONValue] = []
        var count = 0
        if peek(UInt8(ascii: "]")) {
            index += 1
            depth -= 1
            return .array(items)
        }
        var comma: Int?
        while true {
            skipWhitespace()
            if peek(UInt8(ascii: "]")), let comma { throw syntax("a trailing comma before \"]\"; remove it.", at: comma) }
            guard count < limits.maximumMembers else { throw limit("more than \(limits.maximumMembers) items.") }
            path.append(.index(count))
            let item = try value()
            path.removeLast()
            count += 1
            if keepsValues { items.append(item) }
            skipWhitespace()
            guard index < bytes.count else { throw syntax("it ends inside an array; a \"]\" is missing.") }
            if bytes[index] == UInt8(ascii: ",") {
                comma = index
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else {
                throw syntax("expected \",\" or \"]\" after a value in an array, found \(describeHere()).")
            }
            index += 1
            depth -= 1
            return .array(items)
        }
    }

    /// A string's value, escapes decoded; the index is on its opening quote.
    private mutating func string() throws(JSONReadError) -> String {
        let start = index
        index += 1
        var scalars = String.UnicodeScalarView()
        while true {
            guard index < bytes.count else { throw syntax("the string is not closed; a \"\\\"\" is missing.", at: start) }
            guard index - start - 1 <= limits.maximumStringBytes else {
                throw limit("a string longer than \(limits.maximumStringBytes) bytes.")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                index += 1
                scalars.append(try escape())
            case 0x00..<0x20:
                throw syntax("a control character (\(describe(byte))) inside a string; write it as an escape such as \\n or \\t.")
            default:
                // A run of plain bytes, checked to be UTF-8 as a whole.
                let runStart = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
                    index += 1
                }
                guard let run = ValidUTF8.string(bytes[runStart..<index]) else {
                    throw syntax("a string holds bytes that are not UTF-8; save the file as UTF-8.", at: firstInvalidUTF8(from: runStart))
                }
                scalars.append(contentsOf: run.unicodeScalars)
            }
        }
    }

    /// One escape; the index is just past its backslash.
    private mutating func escape() throws(JSONReadError) -> Unicode.Scalar {
        guard index < bytes.count else { throw syntax("the string is not closed; a \"\\\"\" is missing.") }
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
            let escapeStart = index - 2
            let unit = try hex4()
            if (0xD800...0xDBFF).contains(unit) {
                guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw syntax("\\u\(Self.hex(unit)) is half of a surrogate pair without its other half.", at: escapeStart)
                }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low), let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                else {
                    throw syntax("\\u\(Self.hex(unit)) is half of a surrogate pair without its other half.", at: escapeStart)
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(unit) else {
                throw syntax("\\u\(Self.hex(unit)) is half of a surrogate pair without its other half.", at: escapeStart)
            }
            return scalar
        default:
            throw syntax(
                "\\\(describeRaw(byte)) is not an escape JSON knows; allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX.",
                at: index - 2)
        }
    }

    /// Where the first byte that is not part of valid UTF-8 is, from `start` (on the error path only).
    private func firstInvalidUTF8(from start: Int) -> Int {
        var offset = start
        var iterator = bytes[start..<index].makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput, .error: return offset
            }
        }
    }

    private mutating func hex4() throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
                throw syntax("\\u must be followed by four hexadecimal digits.")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func number() throws(JSONReadError) -> Double {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw syntax("a number needs a digit after \"-\".", at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, Self.isDigit(bytes[index]) {
                throw syntax("a number cannot start with 0 followed by digits.", at: start)
            }
        } else {
            skipDigits()
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw syntax("a number needs digits after \".\".", at: start) }
            skipDigits()
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw syntax("a number needs digits in its exponent.", at: start) }
            skipDigits()
        }
        // `validate` checks the grammar only: a number past what a `Double` holds is still JSON (RFC 8259, 6 leaves
        // the range to the reader), and the decoder that reads it refuses it in its field alone.
        guard keepsValues else { return 0 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw syntax("the number \(Self.excerpt(text)) is too large for a number here.", at: start)
        }
        return number
    }

    private mutating func literal(_ word: String) throws(JSONReadError) {
        let expected = word.utf8
        guard bytes.count - index >= expected.count, bytes[index..<(index + expected.count)].elementsEqual(expected) else {
            throw syntax("expected \(word), or a value such as a string in double quotes.")
        }
        index += expected.count
    }

    private mutating func enter() throws(JSONReadError) {
        guard depth < limits.maximumDepth else { throw limit("nested deeper than \(limits.maximumDepth) levels.") }
        depth += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func skipDigits() {
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }

    private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: faults

    private func describeHere() -> String { index < bytes.count ? describe(bytes[index]) : "the end" }

    private func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x0A: "a line break"
        case 0x09: "a tab"
        case 0x00..<0x20, 0x7F: "the control character 0x" + String(byte, radix: 16, uppercase: true)
        case 0x80...: "a non-ASCII character"
        default: "\"\(describeRaw(byte))\""
        }
    }

    private func describeRaw(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16, uppercase: true)
    }

    /// A key or number quoted in a message: enough to recognise it, never the whole of a huge one.
    private static func excerpt(_ text: String) -> String {
        guard text.unicodeScalars.count > 80 else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(79))) + "…"
    }

    private func syntax(_ message: String, at offset: Int? = nil) -> JSONReadError {
        fault(.syntax, message, at: offset ?? index, path: "")
    }

    private func limit(_ message: String) -> JSONReadError {
        fault(.limit, message, at: index, path: renderedPath)
    }

    /// `fields.name`, `x[0][1]`: the member being read.
    private var renderedPath: String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += text.isEmpty ? Self.excerpt(key) : "." + Self.excerpt(key)
            case .index(let position): text += "[\(position)]"
            }
        }
        return text
    }

    private func fault(_ kind: JSONReadError.Kind, _ message: String, at offset: Int, path: String) -> JSONReadError {
        let offset = min(max(offset, origin), bytes.count)
        var line = 1
        var lineStart = origin
        for position in origin..<offset where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        return JSONReadError(kind: kind, message: message, offset: offset, line: line, column: column, path: path)
    }
}
