extension Frame {
    /// Dims everything drawn so far, then draws a box of `size` centred over it with a cleared interior.
    /// Returns the interior, where the caller draws the popup's content.
    @discardableResult
    public mutating func drawPopup(
        size popupSize: Size, title: String? = nil, lineStyle: LineStyle = .rounded, style: Style = .plain
    ) -> Rect {
        dim()
        let rect = bounds.centered(popupSize)
        fill(rect, style: style)
        drawBox(rect, lineStyle: lineStyle, style: style, title: title, titleStyle: bolded(style))
        return rect.insetBy(dx: 1, dy: 1)
    }

    private func bolded(_ style: Style) -> Style {
        var style = style
        style.bold = true
        return style
    }
}
