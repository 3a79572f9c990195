import TerminalUI

/// Where a picture will go once the terminal can show one: a picture frame (rounded corners, a shaded inside)
/// with a caption centred on its middle row: the article's title, never the image's file name, which means
/// nothing to a reader. Drawn a row at a time, so a scrolled article can show part of it.
enum ImagePlaceholderView {
    enum Part: Equatable {
        case top
        case middle
        case bottom
    }

    /// The three rows of a frame, top to bottom.
    static let parts: [Part] = [.top, .middle, .bottom]

    /// The whole frame over `rect` (three rows tall, or the rows it has): the caption on the middle row.
    static func draw(caption: String?, in rect: Rect, into frame: inout Frame) {
        for (offset, part) in parts.prefix(rect.height).enumerated() {
            draw(part, caption: caption, in: Rect(x: rect.x, y: rect.y + offset, width: rect.width, height: 1), into: &frame)
        }
    }

    /// One row of the frame in the one-row `rect`.
    static func draw(_ part: Part, caption: String?, in rect: Rect, into frame: inout Frame) {
        guard rect.width >= 2 else {
            frame.fill(rect, with: "░", style: CarNewsPalette.image)
            return
        }
        let inside = Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: 1)
        let (left, fill, right): (String, Character, String)
        switch part {
        case .top: (left, fill, right) = ("╭", "─", "╮")
        case .middle: (left, fill, right) = ("│", "░", "│")
        case .bottom: (left, fill, right) = ("╰", "─", "╯")
        }
        frame.put(left, at: Point(x: rect.x, y: rect.y), style: CarNewsPalette.image)
        frame.fill(inside, with: fill, style: CarNewsPalette.image)
        frame.put(right, at: Point(x: rect.maxX - 1, y: rect.y), style: CarNewsPalette.image)
        guard part == .middle, let caption, !caption.isEmpty, inside.width > 4 else { return }
        let text = TextLayout.ellipsize(caption, width: inside.width - 4)
        frame.put(
            " \(text) ", in: Rect(x: inside.x + 1, y: rect.y, width: inside.width - 2, height: 1), style: CarNewsPalette.imageLabel,
            alignment: .center)
    }
}
