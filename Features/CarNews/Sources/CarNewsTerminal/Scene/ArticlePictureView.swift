import CarNewsFeature
import FeatureHostCore
import TerminalUI

/// An article's picture when the shell lends pictures: the photo cropped to fill its rectangle, as half blocks,
/// or, while it loads or decodes and when there is none, the `#C8C8C8` placeholder of the same size with the
/// image's name in the middle. A picture that could not be fetched or decoded is a plain darker grey that says
/// `Picture not available` over its name: offline, a loading one and a failed one must not look alike. The title lies over the bottom rows on a darkened band of the photo itself (a
/// scrim, one colour per cell), as the spec's "title as an image overlay".
@MainActor
struct ArticlePictureView {
    let pictures: any TerminalPictures

    /// Rows of a card's picture: as tall as a 16:9 photo the card's width would be (two pixels a row), but at most
    /// three fifths of the list's `listHeight` rows (a card and a half on a screen, as on a phone), and at least the
    /// placeholder strip's three.
    static func cardRows(width: Int, listHeight: Int) -> Int {
        let natural = (width * 9 + 16) / 32
        return min(max(natural, 3), max(listHeight * 3 / 5, 3))
    }

    /// Rows of the open article's picture: the same shape, at most two thirds of the rows it scrolls in.
    static func detailRows(width: Int, viewportHeight: Int) -> Int {
        let natural = (width * 9 + 16) / 32
        return min(max(natural, 3), max(viewportHeight * 2 / 3, 3))
    }

    /// Draws the picture (or its placeholder) over `rect`, only the cells inside `clip`; then `title` lines, if
    /// any, over its bottom rows in `overlay` colours (the scrim takes `overlay`'s background as a tint).
    func draw(
        _ image: ImageState?, label: String, in rect: Rect, clip: Rect, into frame: inout Frame, title: [String] = [],
        focused: Bool = false
    ) {
        guard !rect.isEmpty else { return }
        var canvas = Frame(size: rect.size)
        var picture: Picture?
        switch image {
        case .loaded(let reference):
            switch pictures.picture(reference, cells: rect.size) {
            case .ready(let ready):
                picture = ready
                canvas.drawPicture(
                    ready, at: Point(x: 0, y: 0), background: CarNewsPalette.pictureBackground, colors: pictures.mode.cellColors)
            case .pending:
                drawPlaceholder(label: label, into: &canvas, title: !title.isEmpty)
            case .failed:
                drawFailed(label: label, into: &canvas, title: !title.isEmpty)
            }
        case .failed:
            drawFailed(label: label, into: &canvas, title: !title.isEmpty)
        case .loading, nil:
            drawPlaceholder(label: label, into: &canvas, title: !title.isEmpty)
        }
        let lines = Array(title.prefix(max(rect.height - 1, 1)))
        for (offset, line) in lines.enumerated() {
            let y = rect.height - lines.count + offset
            for x in 0..<rect.width {
                let under = picture.map { $0.cellColor(column: x, row: y, over: CarNewsPalette.pictureBackground) }
                canvas[x, y] = Cell(" ", style: Style(background: Self.scrim(under, focused: focused, mode: pictures.mode)))
            }
            canvas.put(
                line, in: Rect(x: 2, y: y, width: max(rect.width - 4, 1), height: 1),
                style: Style(foreground: CarNewsPalette.overlayText, bold: true))
        }
        // A pixel protocol shows the photo above the title's band only: the band stays cells.
        if let picture {
            canvas.clipPlacements(to: Rect(x: 0, y: 0, width: rect.width, height: rect.height - lines.count), of: picture)
        }
        for y in 0..<rect.height {
            for x in 0..<rect.width where clip.contains(Point(x: rect.x + x, y: rect.y + y)) {
                frame[rect.x + x, rect.y + y] = canvas[x, y]
            }
        }
        for placement in canvas.placements {
            if let moved = placement.moved(by: rect.origin, clippedTo: clip.intersection(frame.bounds)) { frame.place(moved) }
        }
    }

    /// The band under the title: the photo darkened to a third of its light (white text then reads at 4.5:1 or
    /// better over any photo), or the plain overlay colour on the placeholder; tinted with the accent when focused.
    static func scrim(_ under: Color?, focused: Bool, mode: PictureMode) -> Color {
        guard let under else { return focused ? CarNewsPalette.accent : CarNewsPalette.overlayBackground }
        var band = Color.interpolate(from: under, to: .rgb(0, 0, 0), fraction: 0.62)
        if focused { band = Color.interpolate(from: band, to: CarNewsPalette.accent, fraction: 0.55) }
        guard mode.cellColors == .ansi256 else { return band }
        let (r, g, b) = band.components
        let shown = ColorConversion.rgb(ansi256: ColorConversion.ansi256(red: r, green: g, blue: b))
        return .rgb(shown.red, shown.green, shown.blue)
    }

    /// A picture that failed: plain (no shading), darker, `Picture not available` with the name under it.
    private func drawFailed(label: String, into canvas: inout Frame, title: Bool) {
        canvas.fill(canvas.bounds, with: " ", style: CarNewsPalette.pictureFailed)
        let labelRow = title ? max((canvas.size.height - 2) / 2 - 1, 0) : max(canvas.size.height / 2 - 1, 0)
        guard canvas.size.width > 6 else { return }
        for (offset, text) in [Self.failedText, label].enumerated() where !text.isEmpty {
            let row = labelRow + offset
            guard row < canvas.size.height - (title ? 1 : 0) else { break }
            canvas.put(
                TextLayout.ellipsize(text, width: canvas.size.width - 6),
                in: Rect(x: 2, y: row, width: canvas.size.width - 4, height: 1), style: CarNewsPalette.pictureFailed,
                alignment: .center)
        }
    }

    static let failedText = "Picture not available"

    /// The grey placeholder: `#C8C8C8`, the image's name on the middle row (above the title's band).
    private func drawPlaceholder(label: String, into canvas: inout Frame, title: Bool) {
        canvas.fill(canvas.bounds, with: "░", style: CarNewsPalette.picturePlaceholder)
        let labelRow = title ? max((canvas.size.height - 2) / 2, 0) : canvas.size.height / 2
        guard !label.isEmpty, canvas.size.width > 6 else { return }
        let text = TextLayout.ellipsize(label, width: canvas.size.width - 6)
        canvas.put(
            " \(text) ", in: Rect(x: 2, y: labelRow, width: canvas.size.width - 4, height: 1),
            style: CarNewsPalette.picturePlaceholderLabel,
            alignment: .center)
    }
}
