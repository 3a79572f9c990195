import InvitationsFeature

/// The line-editing keys a terminal user's fingers know (readline's, as in a shell prompt), as the presenter's
/// own editing commands: Ctrl-A and Ctrl-E go to the start and the end, Ctrl-U deletes to the start, Ctrl-K to
/// the end, Ctrl-W the word before the cursor (the spaces before it, then the word).
enum LineEditing {
    typealias Action = InvitationsPresenter.Action

    /// The actions for Ctrl-`byte` (`0x01` is Ctrl-A) in a field holding `text` with the cursor at `cursor`
    /// (in characters); none for another control byte.
    static func actions(control byte: UInt8, text: String, cursor: Int) -> [Action] {
        let characters = Array(text)
        let cursor = min(max(0, cursor), characters.count)
        switch byte {
        case 0x01: return [.moveCursor(.start)]
        case 0x05: return [.moveCursor(.end)]
        case 0x15: return Array(repeating: .deleteBackward, count: cursor)
        case 0x0B: return Array(repeating: .deleteForward, count: characters.count - cursor)
        case 0x17:
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            return Array(repeating: .deleteBackward, count: cursor - start)
        default: return []
        }
    }
}
