import TerminalUI

/// The part of a field's text that fits its width, scrolled so the cursor stays visible, and the cursor's
/// column in it. Measured in display columns, so wide characters scroll correctly.
struct TextFieldWindow: Equatable {
    var text: String
    var cursorColumn: Int
    /// The character the cursor sits on; nil at the end of the text.
    var cursorCharacter: Character?

    init(text: String, cursor: Int, width: Int) {
        let characters = Array(text)
        let cursor = min(max(cursor, 0), characters.count)
        guard width > 0 else {
            self.text = ""
            cursorColumn = 0
            cursorCharacter = nil
            return
        }
        let widths = characters.map(DisplayWidth.of)
        // The cursor needs a cell of its own, so the text before it gets at most width - 1 columns.
        var start = 0
        var before = widths[0..<cursor].reduce(0, +)
        while before > width - 1, start < cursor {
            before -= widths[start]
            start += 1
        }
        var used = 0
        var end = start
        while end < characters.count, used + widths[end] <= width {
            used += widths[end]
            end += 1
        }
        self.text = String(characters[start..<end])
        cursorColumn = before
        cursorCharacter = cursor < end ? characters[cursor] : nil
    }
}
