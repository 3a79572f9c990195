/// Decodes raw terminal input into keys. Input may arrive in pieces: an incomplete escape sequence, UTF-8
/// character or bracketed paste is kept until the next `feed`.
///
/// A lone ESC is ambiguous: it is the Esc key or the start of a sequence. It is held until more bytes come
/// or the driver, after a short quiet time, calls `flushPendingEscape()`. ESC followed in the same input by a
/// character, Enter, Tab or Backspace is that key with Alt (`Key.alt`), as terminals send it.
///
/// Between `ESC [200~` and `ESC [201~` (bracketed paste, which the live terminal turns on) every byte is text:
/// the paste becomes one `Key.paste`, at most `maximumPasteBytes` of it kept, however many reads it spans.
public struct KeyParser: Sendable {
    private var pending: [UInt8] = []
    /// The bytes of a bracketed paste under way; nil outside one.
    private var paste: [UInt8]?

    /// Longest escape sequence kept while waiting for its end; longer ones are garbage and dropped.
    static let maximumSequenceLength = 32
    /// The most of one paste that is kept (the rest, up to its end, is dropped): far more than any field
    /// takes (an email field takes 254 characters), and a bound on what one key can carry.
    public static let maximumPasteBytes = 64 * 1024
    /// What a terminal sends around a paste once bracketed paste (`ESC [?2004h`) is on.
    public static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    public static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    public init() {}

    /// True while bytes are held back, i.e. the driver should call `flushPendingEscape()` after a timeout.
    public var hasPendingInput: Bool { !pending.isEmpty || paste != nil }

    /// True inside a bracketed paste whose end has not come yet: the driver waits longer before flushing, since
    /// a big paste may arrive in several reads.
    public var isInPaste: Bool { paste != nil }

    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        return parse(final: false)
    }

    /// Treats held input as complete: a lone ESC becomes `.escape`, an unfinished sequence becomes `.escape`
    /// followed by its other bytes as keys, an unfinished UTF-8 character is dropped, and a paste whose end
    /// never came ends with what arrived of it.
    public mutating func flushPendingEscape() -> [Key] {
        parse(final: true)
    }

    private mutating func parse(final: Bool) -> [Key] {
        var keys: [Key] = []
        var index = 0
        let bytes = pending
        while index < bytes.count {
            if paste != nil {
                guard let next = takePaste(bytes, from: index, final: final, into: &keys) else { return keys }
                index = next
                continue
            }
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                if Self.matches(Self.pasteStart, in: bytes, at: index) {
                    paste = []
                    index += Self.pasteStart.count
                    continue
                }
                switch EscapeSequence.decode(bytes, at: index) {
                case .incomplete:
                    if !final {
                        pending = Array(bytes[index...])
                        return keys
                    }
                    // The quiet time passed: the ESC was a key press; what followed it is ordinary input.
                    keys.append(.escape)
                    index += 1
                case .complete(let key, let length):
                    if let key { keys.append(key) }
                    index += length
                }
            case 0x0D, 0x0A:
                keys.append(.enter)
                index += 1
            case 0x09:
                keys.append(.tab)
                index += 1
            case 0x7F, 0x08:
                keys.append(.backspace)
                index += 1
            case 0x03:
                keys.append(.ctrlC)
                index += 1
            case 0x00...0x1F:
                keys.append(.control(byte))
                index += 1
            default:
                let length = UTF8Run.length(of: bytes, from: index)
                if length == 0 {
                    if !final {
                        pending = Array(bytes[index...])
                        return keys
                    }
                    index = bytes.count
                    break
                }
                keys += UTF8Run.characters(in: bytes[index..<(index + length)]).map(Key.character)
                index += length
            }
        }
        pending = []
        // A paste whose every byte was already taken, and whose end never came.
        if final, paste != nil { finishPaste(into: &keys) }
        return keys
    }

    /// Adds the paste's bytes from `start` on, up to its end marker (then appends the paste as a key) or up to
    /// a tail that may be the start of that marker (kept in `pending`; returns nil). Returns where parsing
    /// goes on.
    private mutating func takePaste(_ bytes: [UInt8], from start: Int, final: Bool, into keys: inout [Key]) -> Int? {
        let marker = Self.pasteEnd
        var end = start
        while end < bytes.count, !Self.matches(marker, in: bytes, at: end) {
            // Only a prefix of the marker at the very end of the input may still become the marker.
            if !final, bytes.count - end < marker.count, Self.matches(bytes[end...], prefixOf: marker) { break }
            end += 1
        }
        keep(bytes[start..<end])
        if end < bytes.count, Self.matches(marker, in: bytes, at: end) {
            finishPaste(into: &keys)
            return end + marker.count
        }
        if final {
            finishPaste(into: &keys)
            return bytes.count
        }
        pending = Array(bytes[end...])
        return nil
    }

    private mutating func keep(_ bytes: ArraySlice<UInt8>) {
        guard var kept = paste else { return }
        paste = nil  // so `kept` is the only reference and grows in place
        kept += bytes.prefix(max(0, Self.maximumPasteBytes - kept.count))
        paste = kept
    }

    private mutating func finishPaste(into keys: inout [Key]) {
        let text = UTF8Run.pastedText(paste ?? [])
        paste = nil
        if !text.isEmpty { keys.append(.paste(text)) }
    }

    private static func matches(_ marker: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        bytes.count - index >= marker.count && bytes[index..<(index + marker.count)].elementsEqual(marker)
    }

    private static func matches(_ tail: ArraySlice<UInt8>, prefixOf marker: [UInt8]) -> Bool {
        tail.count <= marker.count && tail.elementsEqual(marker.prefix(tail.count))
    }
}

/// Escape sequences: CSI (`ESC [ params final`) and SS3 (`ESC O final`).
enum EscapeSequence {
    enum Result: Equatable {
        case incomplete
        /// `key` is nil for a recognised-but-unused or unknown sequence, which is dropped.
        case complete(Key?, length: Int)
    }

    static func decode(_ bytes: [UInt8], at start: Int) -> Result {
        guard start + 1 < bytes.count else { return .incomplete }
        switch bytes[start + 1] {
        case UInt8(ascii: "["): return decodeCSI(bytes, at: start)
        case UInt8(ascii: "O"):
            guard start + 2 < bytes.count else { return .incomplete }
            return .complete(ss3Key(bytes[start + 2]), length: 3)
        default:
            return decodeAlt(bytes, at: start)
        }
    }

    /// ESC and a character, Enter, Tab or Backspace in one input: that key with Alt, as terminals send it (and
    /// as nobody types Esc and then a key, which arrive apart). ESC before anything else (another ESC, Ctrl-C,
    /// Ctrl-Z) is the Esc key, and the next byte is parsed on its own.
    private static func decodeAlt(_ bytes: [UInt8], at start: Int) -> Result {
        let next = bytes[start + 1]
        switch next {
        case 0x0D, 0x0A: return .complete(.alt("\r"), length: 2)
        case 0x09: return .complete(.alt("\t"), length: 2)
        case 0x7F, 0x08: return .complete(.alt("\u{7F}"), length: 2)
        case 0x20...0x7E: return .complete(.alt(Character(Unicode.Scalar(next))), length: 2)
        case 0xC2...0xF4:
            let length = UTF8Run.length(ofCharacterAt: start + 1, in: bytes)
            guard length > 0 else { return .incomplete }
            guard let character = UTF8Run.characters(in: bytes[(start + 1)..<(start + 1 + length)]).first else {
                return .complete(.escape, length: 1)
            }
            return .complete(.alt(character), length: 1 + length)
        default:
            return .complete(.escape, length: 1)
        }
    }

    private static func decodeCSI(_ bytes: [UInt8], at start: Int) -> Result {
        var index = start + 2
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20...0x3F:
                index += 1  // parameter and intermediate bytes
                if index - start > KeyParser.maximumSequenceLength { return .complete(nil, length: index - start) }
            case 0x40...0x7E:
                let parameters = Array(bytes[(start + 2)..<index])
                return .complete(csiKey(final: byte, parameters: parameters), length: index - start + 1)
            default:
                // A control or non-ASCII byte cannot be part of a sequence: drop what came before it.
                return .complete(nil, length: index - start)
            }
        }
        return .incomplete
    }

    private static func ss3Key(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    private static func csiKey(final: UInt8, parameters: [UInt8]) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "I") where parameters.isEmpty: return .focusIn
        case UInt8(ascii: "O") where parameters.isEmpty: return .focusOut
        case UInt8(ascii: "~"):
            // `ESC [ n ; modifiers ~`: only the first number names the key.
            let first = parameters.prefix { $0 != UInt8(ascii: ";") }
            switch String(decoding: first, as: UTF8.self) {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }
}

/// Printable UTF-8 text between control bytes.
enum UTF8Run {
    /// The length of the run of complete printable characters starting at `start`, stopping before a
    /// control byte or ESC. Zero when the first character is still incomplete. Invalid bytes are included
    /// and decode as nothing, so garbage never becomes keys.
    static func length(of bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { break }
            let expected = sequenceLength(lead: byte)
            var valid = 1
            while valid < expected, index + valid < bytes.count, bytes[index + valid] & 0xC0 == 0x80 {
                valid += 1
            }
            // Unfinished at the end of the input: hold it for the next read.
            if valid < expected && index + valid == bytes.count { break }
            // A complete character, or an invalid prefix that decodes as nothing.
            index += valid
        }
        return index - start
    }

    /// Decodes the run into characters, dropping invalid bytes and C1 controls.
    static func characters(in bytes: ArraySlice<UInt8>) -> [Character] {
        Array(String(printableScalars(bytes, keepingLayout: false)))
    }

    /// The length of the one UTF-8 scalar starting at `start`: 0 while it is unfinished at the end of the input;
    /// for an invalid one, the bytes that decode as nothing.
    static func length(ofCharacterAt start: Int, in bytes: [UInt8]) -> Int {
        let expected = sequenceLength(lead: bytes[start])
        var valid = 1
        while valid < expected, start + valid < bytes.count, bytes[start + valid] & 0xC0 == 0x80 { valid += 1 }
        return valid < expected && start + valid == bytes.count ? 0 : valid
    }

    /// A paste's bytes as text: invalid UTF-8 (a cut at the size limit included) and control characters dropped,
    /// except tabs and line breaks, which the receiver turns into spaces.
    static func pastedText(_ bytes: [UInt8]) -> String {
        String(printableScalars(bytes[...], keepingLayout: true))
    }

    /// The valid scalars of `bytes` without C0 and C1 controls (but tab, LF and CR when `keepingLayout`).
    private static func printableScalars(_ bytes: ArraySlice<UInt8>, keepingLayout: Bool) -> String.UnicodeScalarView {
        var scalars = String.UnicodeScalarView()
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                let value = scalar.value
                let isLayout = value == 0x09 || value == 0x0A || value == 0x0D
                if !(keepingLayout && isLayout) && (value < 0x20 || (value >= 0x7F && value < 0xA0)) { continue }
                scalars.append(scalar)
            case .emptyInput: break loop
            case .error: continue
            }
        }
        return scalars
    }

    private static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1  // ASCII, or an invalid lead byte that decodes as nothing
        }
    }
}
