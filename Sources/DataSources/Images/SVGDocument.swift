import Foundation

/// Whether bytes are an SVG image the host may serve from its own origin: well-formed UTF-8 XML whose root is `svg`
/// in the SVG namespace, with no document type (so no entities to expand), no `script` or `foreignObject` element
/// and no event-handler attribute (`onload`, …). One pass, linear in the size, nesting at most 256 deep.
///
/// This is not a full XML parser: it checks what decides safety and shape (tags nest and close, attributes are
/// quoted, references are the five predefined entities or numeric), and refuses what it does not understand.
public enum SVGDocument {
    static let namespace = "http://www.w3.org/2000/svg"
    static let maximumDepth = 256

    public static func isSafeSVG(_ data: Data) -> Bool {
        // Cheap refusal for the common case (a PNG, an HTML page) before any decoding.
        guard data.prefix(1024).contains(UInt8(ascii: "<")), isUTF8(data) else { return false }
        var scanner = Scanner(Array(data))
        return scanner.document()
    }

    /// Every byte sequence is UTF-8 (a picture is at most 8 MiB, so decoding scalar by scalar is fast enough).
    private static func isUTF8(_ data: Data) -> Bool {
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var open: [ArraySlice<UInt8>] = []

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func document() -> Bool {
            // Prolog: white space, the XML declaration, comments, processing instructions; never a DOCTYPE.
            while true {
                skipSpace()
                if starts("<?") {
                    guard skip(past: "?>") else { return false }
                } else if starts("<!--") {
                    guard skip(past: "-->") else { return false }
                } else {
                    break
                }
            }
            guard starts("<"), !starts("<!"), !starts("</") else { return false }
            guard let root = startTag(isRoot: true) else { return false }
            if !root.selfClosing {
                guard content() else { return false }
            }
            // After the root: white space, comments and processing instructions only.
            while true {
                skipSpace()
                if index == bytes.count { return true }
                if starts("<!--") {
                    guard skip(past: "-->") else { return false }
                } else if starts("<?") {
                    guard skip(past: "?>") else { return false }
                } else {
                    return false
                }
            }
        }

        /// Everything inside the root until it closes.
        mutating func content() -> Bool {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<") {
                    if starts("</") {
                        index += 2
                        guard let name = name(), let expected = open.popLast(), name == expected else { return false }
                        skipSpace()
                        guard starts(">") else { return false }
                        index += 1
                        if open.isEmpty { return true }
                    } else if starts("<!--") {
                        guard skip(past: "-->") else { return false }
                    } else if starts("<![CDATA[") {
                        guard skip(past: "]]>") else { return false }
                    } else if starts("<?") {
                        guard skip(past: "?>") else { return false }
                    } else if starts("<!") {
                        return false
                    } else {
                        guard startTag(isRoot: false) != nil else { return false }
                    }
                } else if byte == UInt8(ascii: "&") {
                    guard reference() else { return false }
                } else {
                    index += 1
                }
            }
            return false  // the root never closed
        }

        /// `<name attr="value" …>` or `…/>`; pushes the name when the element stays open.
        mutating func startTag(isRoot: Bool) -> (name: ArraySlice<UInt8>, selfClosing: Bool)? {
            index += 1
            guard let name = name() else { return nil }
            let local = name.split(separator: UInt8(ascii: ":")).last.map { String(decoding: $0, as: UTF8.self).lowercased() } ?? ""
            if isRoot && name != ArraySlice("svg".utf8) { return nil }
            if local == "script" || local == "foreignobject" { return nil }
            var attributes: Set<String> = []
            var hasNamespace = false
            while true {
                let hadSpace = skipSpace()
                guard index < bytes.count else { return nil }
                if starts("/>") {
                    index += 2
                    guard !isRoot || hasNamespace else { return nil }
                    return (name, true)
                }
                if starts(">") {
                    index += 1
                    guard !isRoot || hasNamespace else { return nil }
                    guard open.count < SVGDocument.maximumDepth else { return nil }
                    open.append(name)
                    return (name, false)
                }
                guard hadSpace, let attribute = self.name() else { return nil }
                let attributeName = String(decoding: attribute, as: UTF8.self)
                guard attributes.insert(attributeName).inserted, !attributeName.lowercased().hasPrefix("on") else { return nil }
                skipSpace()
                guard starts("=") else { return nil }
                index += 1
                skipSpace()
                guard let value = quotedValue() else { return nil }
                if attributeName == "xmlns" {
                    guard value == ArraySlice(SVGDocument.namespace.utf8) else { return nil }
                    hasNamespace = true
                }
            }
        }

        mutating func quotedValue() -> ArraySlice<UInt8>? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") { return nil }
                if bytes[index] == UInt8(ascii: "&") {
                    guard reference() else { return nil }
                } else {
                    index += 1
                }
            }
            guard index < bytes.count else { return nil }
            let value = bytes[start..<index]
            index += 1
            return value
        }

        /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` `&#123;` `&#x1F;`, nothing else.
        mutating func reference() -> Bool {
            guard let end = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { return false }
            let body = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            index = end + 1
            if ["lt", "gt", "amp", "quot", "apos"].contains(body) { return true }
            if body.hasPrefix("#x") { return body.count > 2 && UInt32(body.dropFirst(2), radix: 16).map(Self.isXMLCharacter) == true }
            if body.hasPrefix("#") { return body.count > 1 && UInt32(body.dropFirst()).map(Self.isXMLCharacter) == true }
            return false
        }

        static func isXMLCharacter(_ value: UInt32) -> Bool {
            value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
                || (0x10000...0x10FFFF).contains(value)
        }

        /// An XML name: a letter, `_` or `:` (or any non-ASCII byte), then those, digits, `-` and `.`.
        mutating func name() -> ArraySlice<UInt8>? {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                let isStart = (65...90).contains(byte) || (97...122).contains(byte) || byte == 95 || byte == 58 || byte >= 0x80
                let isLater = (48...57).contains(byte) || byte == 45 || byte == 46
                guard isStart || (index > start && isLater) else { break }
                index += 1
            }
            return index > start ? bytes[start..<index] : nil
        }

        @discardableResult
        mutating func skipSpace() -> Bool {
            let start = index
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            return index > start
        }

        func starts(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard bytes.count - index >= count else { return false }
            return text.withUTF8Buffer { prefix in
                for offset in 0..<count where bytes[index + offset] != prefix[offset] { return false }
                return true
            }
        }

        /// Moves past the next `end`; false when there is none.
        mutating func skip(past end: StaticString) -> Bool {
            while index < bytes.count {
                if starts(end) {
                    index += end.utf8CodeUnitCount
                    return true
                }
                index += 1
            }
            return false
        }
    }
}
