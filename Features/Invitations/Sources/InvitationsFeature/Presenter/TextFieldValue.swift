/// An editable single-line text with a cursor, counted in characters (grapheme clusters) so the cursor never
/// lands inside an emoji or an accented letter.
public struct TextFieldValue: Equatable, Sendable {
    /// The longest value a field takes (the longest valid email address); longer pastes are cut here.
    public static let maximumLength = 254

    public private(set) var characters: [Character]
    /// 0...characters.count: the position before which typing inserts.
    public private(set) var cursor: Int

    public init(_ text: String = "") {
        characters = Array(Self.sanitized(text).prefix(Self.maximumLength))
        cursor = characters.count
    }

    public var text: String { String(characters) }

    /// Inserts typed or pasted text at the cursor. Returns whether anything changed.
    @discardableResult
    public mutating func insert(_ text: String) -> Bool {
        let room = Self.maximumLength - characters.count
        let incoming = Array(Self.sanitized(text).prefix(max(0, room)))
        guard !incoming.isEmpty else { return false }
        characters.insert(contentsOf: incoming, at: cursor)
        cursor += incoming.count
        return true
    }

    @discardableResult
    public mutating func deleteBackward() -> Bool {
        guard cursor > 0 else { return false }
        characters.remove(at: cursor - 1)
        cursor -= 1
        return true
    }

    @discardableResult
    public mutating func deleteForward() -> Bool {
        guard cursor < characters.count else { return false }
        characters.remove(at: cursor)
        return true
    }

    @discardableResult
    public mutating func moveCursor(_ move: CursorMove) -> Bool {
        let target: Int
        switch move {
        case .left: target = max(0, cursor - 1)
        case .right: target = min(characters.count, cursor + 1)
        case .start: target = 0
        case .end: target = characters.count
        }
        defer { cursor = target }
        return target != cursor
    }

    /// Tabs and line breaks (a pasted line often ends in one) become spaces; other control characters, which
    /// no single-line field can show (and which would corrupt a terminal), are dropped.
    static func sanitized(_ text: String) -> [Character] {
        text.compactMap { character -> Character? in
            if character.isNewline || character == "\t" { return " " }
            if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return nil }
            return character
        }
    }
}

/// Where a text cursor moves: one character back or forward, or to the start or end of the text.
public enum CursorMove: Equatable, Sendable {
    case left
    case right
    case start
    case end
}
