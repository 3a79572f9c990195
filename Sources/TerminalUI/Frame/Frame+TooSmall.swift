extension Frame {
    /// A frame of `size` that asks for a bigger terminal, centred:
    /// `Make the window at least 80×24 (now 60×20).` Wraps when the window is narrower than the message.
    public static func tooSmall(size: Size, minimum: Size) -> Frame {
        tooSmall(size: size, minimum: minimum, window: size)
    }

    /// The same message drawn in `size` but naming the whole `window` and the window's `minimum`: a shell that
    /// keeps rows of its own (a footer) gives the scene less than the window, and the user resizes the window.
    public static func tooSmall(size: Size, minimum: Size, window: Size) -> Frame {
        var frame = Frame(size: size)
        let message = "Make the window at least \(minimum) (now \(window))."
        let lines = TextLayout.wrap(message, width: frame.size.width)
        let top = max((frame.size.height - lines.count) / 2, 0)
        for (row, line) in lines.enumerated() {
            frame.put(line, in: Rect(x: 0, y: top + row, width: frame.size.width, height: 1), alignment: .center)
        }
        return frame
    }
}
