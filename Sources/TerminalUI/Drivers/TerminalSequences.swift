/// The control sequences that switch a terminal in and out of full-screen mode.
enum TerminalSequences {
    /// Alternate screen, hidden cursor, focus reporting on, bracketed paste on, screen cleared.
    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1004h\u{1B}[?2004h\u{1B}[0m\u{1B}[2J"
    /// Default style, bracketed paste off, focus reporting off, cursor shown, main screen back.
    static let leave = "\u{1B}[0m\u{1B}[?2004l\u{1B}[?1004l\u{1B}[?25h\u{1B}[?1049l"
    /// Clears the screen before a full redraw, so nothing of an older, differently sized frame survives.
    static let clear = "\u{1B}[0m\u{1B}[2J"
}
