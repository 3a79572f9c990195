import FuzzSupport
import TerminalUI

/// The terminal key parser: any bytes give keys, and what they type does not depend on how the bytes were
/// split into reads (the parser holds an unfinished sequence, character or bracketed paste until the next
/// `feed`). Each key's own bytes read back as that key (plugins get keys as bytes). The same bytes pasted
/// (between the bracketed-paste markers) are one `paste` value, never keys: no tab, line break or `q` acts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyParser(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    var whole = KeyParser()
    let keys = whole.feed(input.bytes) + whole.flushPendingEscape()
    fuzzInvariant(!whole.hasPendingInput, "input still pending after a flush")

    var piecewise = KeyParser()
    var pieces: [Key] = []
    for byte in input.bytes { pieces += piecewise.feed([byte]) }
    pieces += piecewise.flushPendingEscape()
    fuzzInvariant(Typed(keys) == Typed(pieces), "one read gave \(keys), byte by byte gave \(pieces)")

    for key in keys {
        var again = KeyParser()
        let read = again.feed(key.terminalBytes) + again.flushPendingEscape()
        fuzzInvariant(read == [key], "\(key) as bytes \(key.terminalBytes) reads back as \(read)")
    }

    checkPaste(input.bytes)
    return 0
}

/// Bytes inside a bracketed paste: one `paste` key (none when nothing printable is left), holding no control
/// character but tabs and line breaks, at most `maximumPasteBytes` long.
private func checkPaste(_ bytes: [UInt8]) {
    guard !contains(bytes, KeyParser.pasteEnd) else { return }  // an end marker in the text ends the paste early
    var parser = KeyParser()
    let keys = parser.feed(KeyParser.pasteStart + bytes + KeyParser.pasteEnd) + parser.flushPendingEscape()
    fuzzInvariant(keys.count <= 1, "a paste gave several keys: \(keys)")
    guard let key = keys.first else { return }
    guard case .paste(let text) = key else {
        fuzzInvariant(false, "a paste gave \(key)")
        return
    }
    fuzzInvariant(!text.isEmpty && text.utf8.count <= KeyParser.maximumPasteBytes, "paste of \(text.utf8.count) bytes")
    let controls = text.unicodeScalars.filter { scalar in
        let value = scalar.value
        return (value < 0x20 || (value >= 0x7F && value < 0xA0)) && value != 0x09 && value != 0x0A && value != 0x0D
    }
    fuzzInvariant(controls.isEmpty, "a paste kept control characters: \(controls.map(\.value))")
}

private func contains(_ bytes: [UInt8], _ marker: [UInt8]) -> Bool {
    guard bytes.count >= marker.count else { return false }
    return (0...(bytes.count - marker.count)).contains { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }
}

/// Keys as typed text: a run of characters is one string. A grapheme is one key only within a read (the parser
/// cannot wait for a combining mark that may never come), so `e` + U+0301 may be one key or two; the text
/// typed is the same either way.
struct Typed: Equatable {
    enum Part: Equatable {
        case text(String)
        case key(Key)
    }

    var parts: [Part] = []

    init(_ keys: [Key]) {
        for key in keys {
            guard case .character(let character) = key else {
                parts.append(.key(key))
                continue
            }
            if case .text(let text) = parts.last {
                parts[parts.count - 1] = .text(text + String(character))
            } else {
                parts.append(.text(String(character)))
            }
        }
    }
}
