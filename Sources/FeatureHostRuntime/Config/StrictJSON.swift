/// A strict RFC 8259 syntax check, run before Foundation parses a config. Foundation's `JSONSerialization`
/// accepts trailing commas in arrays and objects (on Linux, and on Darwin since the JSON5 rewrite) and silently
/// keeps the last of two equal keys; a config with either is not JSON, and would be read differently by other
/// tools. Errors name the line and column (1-based, counted in Unicode scalars) and say what to change.
enum StrictJSON {
    struct SyntaxError: Error, Equatable {
        var line: Int
        var column: Int
        var message: String

        var description: String { "line \(line), column \(column): \(message)" }
    }

    static func check(_ bytes: [UInt8]) throws(SyntaxError) {
        var scanner = Scanner(bytes: bytes)
        try scanner.document()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var depth = 0
        static let maximumDepth = 512

        init(bytes: [UInt8]) {
            self.bytes = bytes
            // A UTF-8 byte order mark is allowed to be ignored (RFC 8259, 8.1).
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func document() throws(SyntaxError) {
            skipWhitespace()
            guard index < bytes.count else { throw error("the file is empty; a config is an object, e.g. {\"features\": []}.") }
            try value()
            skipWhitespace()
            if index < bytes.count { throw error("unexpected \(describe(bytes[index])) after the end of the JSON value.") }
        }

        private mutating func value() throws(SyntaxError) {
            guard index < bytes.count else { throw error("the file ends where a value was expected.") }
            switch bytes[index] {
            case UInt8(ascii: "{"): try object()
            case UInt8(ascii: "["): try array()
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case let byte: throw error("expected a value, found \(describe(byte)).")
            }
        }

        private mutating func object() throws(SyntaxError) {
            try enter()
            index += 1
            skipWhitespace()
            if peek(UInt8(ascii: "}")) {
                index += 1
                depth -= 1
                return
            }
            var keys: Set<String> = []
            var comma: Int?
            while true {
                skipWhitespace()
                guard index < bytes.count else { throw error("the file ends inside an object; a \"}\" is missing.") }
                guard bytes[index] == UInt8(ascii: "\"") else {
                    if bytes[index] == UInt8(ascii: "}"), let comma { throw error("a trailing comma before \"}\"; remove it.", at: comma) }
                    throw error("expected a key in double quotes, found \(describe(bytes[index])).")
                }
                let keyStart = index
                let key = try string()
                guard keys.insert(key).inserted else {
                    throw error("the key \"\(key)\" appears twice in one object; keep one.", at: keyStart)
                }
                skipWhitespace()
                guard peek(UInt8(ascii: ":")) else { throw error("expected \":\" after the key \"\(key)\", found \(describeHere()).") }
                index += 1
                skipWhitespace()
                try value()
                skipWhitespace()
                guard index < bytes.count else { throw error("the file ends inside an object; a \"}\" is missing.") }
                if bytes[index] == UInt8(ascii: ",") {
                    comma = index
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "}") else {
                    throw error("expected \",\" or \"}\" after a value in an object, found \(describeHere()).")
                }
                index += 1
                depth -= 1
                return
            }
        }

        private mutating func array() throws(SyntaxError) {
            try enter()
            index += 1
            skipWhitespace()
            if peek(UInt8(ascii: "]")) {
                index += 1
                depth -= 1
                return
            }
            var comma: Int?
            while true {
                skipWhitespace()
                if peek(UInt8(ascii: "]")), let comma { throw error("a trailing comma before \"]\"; remove it.", at: comma) }
                try value()
                skipWhitespace()
                guard index < bytes.count else { throw error("the file ends inside an array; a \"]\" is missing.") }
                if bytes[index] == UInt8(ascii: ",") {
                    comma = index
                    index += 1
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else {
                    throw error("expected \",\" or \"]\" after a value in an array, found \(describeHere()).")
                }
                index += 1
                depth -= 1
                return
            }
        }

        /// Reads a string and returns its raw bytes decoded (escapes left as written: enough to compare keys).
        private mutating func string() throws(SyntaxError) -> String {
            let start = index
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(decoding: bytes[(start + 1)..<(index - 1)], as: UTF8.self)
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.count else { break }
                    switch bytes[index] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        index += 1
                    case UInt8(ascii: "u"):
                        index += 1
                        for _ in 0..<4 {
                            guard index < bytes.count, isHexDigit(bytes[index]) else {
                                throw error("\\u must be followed by four hexadecimal digits.")
                            }
                            index += 1
                        }
                    default:
                        throw error(
                            "\\\(describeRaw(bytes[index])) is not an escape JSON knows; allowed: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX.",
                            at: index - 1)
                    }
                case 0x00..<0x20:
                    throw error("a control character (\(describe(byte))) inside a string; write it as an escape such as \\n or \\t.")
                default:
                    index += 1
                }
            }
            throw error("the string is not closed; a \"\\\"\" is missing.", at: start)
        }

        private mutating func number() throws(SyntaxError) {
            let start = index
            if peek(UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs a digit after \"-\".", at: start) }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count, isDigit(bytes[index]) { throw error("a number cannot start with 0 followed by digits.", at: start) }
            } else {
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if peek(UInt8(ascii: ".")) {
                index += 1
                guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs digits after \".\".", at: start) }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
            if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
                index += 1
                if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
                guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs digits in its exponent.", at: start) }
                while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            }
        }

        private mutating func literal(_ word: String) throws(SyntaxError) {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<(index + expected.count)]) == expected else {
                throw error("expected \(word), or a value such as a string in double quotes.")
            }
            index += expected.count
        }

        private mutating func enter() throws(SyntaxError) {
            depth += 1
            if depth > Self.maximumDepth { throw error("nested more than \(Self.maximumDepth) levels deep.") }
        }

        private mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }
        private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        private func isHexDigit(_ byte: UInt8) -> Bool {
            isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }

        private func describeHere() -> String { index < bytes.count ? describe(bytes[index]) : "the end of the file" }

        private func describe(_ byte: UInt8) -> String {
            switch byte {
            case 0x0A: return "a line break"
            case 0x09: return "a tab"
            case 0x00..<0x20, 0x7F: return "the control character 0x" + String(byte, radix: 16, uppercase: true)
            case 0x80...: return "a non-ASCII character"
            default: return "\"\(describeRaw(byte))\""
            }
        }

        private func describeRaw(_ byte: UInt8) -> String { String(decoding: [byte], as: UTF8.self) }

        private func error(_ message: String, at offset: Int? = nil) -> SyntaxError {
            let offset = min(offset ?? index, bytes.count)
            // The byte order mark is not a column.
            let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? min(3, offset) : 0
            let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? bom
            let line = bytes[..<offset].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
            return SyntaxError(line: line, column: column, message: message)
        }
    }
}
