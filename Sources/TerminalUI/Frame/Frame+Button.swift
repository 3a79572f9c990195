extension Frame {
    /// The columns a button with this title takes: `[ Title ]`.
    public static func buttonWidth(_ title: String) -> Int { DisplayWidth.of(title) + 4 }

    /// Draws `[ Title ]` at `point` and returns its rectangle. A focused button is bold and reversed (or
    /// filled with `accent` when given), so focus shows even without colour.
    @discardableResult
    public mutating func drawButton(
        _ title: String, at point: Point, focused: Bool, style: Style = .plain, accent: Color? = nil
    ) -> Rect {
        var look = style
        if focused {
            look.bold = true
            if let accent {
                look.background = accent
                // A painted background needs its own text colour: the terminal's may be either.
                if look.foreground == nil { look.foreground = accent.readableText }
            } else {
                look.reverse = true
                // Reversed, the text colour becomes the background: give the text one too, so the button does
                // not take the terminal's background (dark or light) as its text colour. Without colour
                // (NO_COLOR) it is plain reverse video.
                if let text = look.foreground, look.background == nil { look.background = text.readableText }
            }
        }
        let width = put("[ " + title + " ]", at: point, style: look)
        return Rect(x: point.x, y: point.y, width: width, height: 1)
    }
}
