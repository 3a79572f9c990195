import FuzzSupport
import TerminalUI

/// The terminal key parser: any bytes give keys, and what they type does not depend on how the bytes were
/// split into reads (the parser holds an unfinished sequence or character until the next `feed`).
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
    return 0
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
