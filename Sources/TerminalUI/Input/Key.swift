/// A key press (or terminal focus report, or a paste) decoded from terminal input.
public enum Key: Sendable, Hashable {
    /// A printable grapheme.
    case character(Character)
    case enter, tab, backTab
    case up, down, left, right
    case home, end, pageUp, pageDown
    case escape, backspace, delete
    case ctrlC
    /// The terminal window gained or lost focus (`ESC [ I` / `ESC [ O`, once focus reporting is on).
    case focusIn, focusOut
    /// Any other control byte (0x00...0x1F), e.g. 0x1A for Ctrl-Z.
    case control(UInt8)
    /// A character typed with Alt (Meta), which the terminal sends after an ESC in the same write (`ESC q`); Alt
    /// with Enter, Tab or Backspace carries `\r`, `\t` or DEL (U+007F). Nothing acts on it so far; it exists so
    /// that Alt+q never reads as Esc, then q.
    case alt(Character)
    /// Text pasted while the terminal brackets pastes (`ESC [200~` … `ESC [201~`), as one value: never keys, so
    /// a pasted Tab, line break or `q` moves nothing and quits nothing. Tabs and line breaks are kept for the
    /// receiver to turn into spaces; other control characters and invalid UTF-8 are dropped; at most
    /// `KeyParser.maximumPasteBytes` bytes are kept.
    case paste(String)
}
