/// A key press (or terminal focus report) decoded from terminal input.
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
}
