import ChatsFeature
import FeatureHostCore
import TerminalUI

/// The avatar circle, five columns by three rows.
/// - With pictures (the shell lends them and the terminal has the colours): a loaded avatar is its picture, cropped
///   to fill and drawn as half blocks in a circle (5 × 6 pixels, anti-aliased); while it loads or decodes, and when
///   it has none, the solid `#C8C8C8` circle of the same shape. A picture the host cannot decode (a GIF, a damaged
///   file) shows the initials on the person's colour, in the same circle.
/// - Without: a loaded avatar is the person's initials on their colour; while loading, after a failure and
///   without a URL it is the solid `#C8C8C8` circle.
enum AvatarView {
    static let cells = Size(width: 5, height: 3)

    /// Without pictures: the initials when loaded, else the grey circle.
    static func draw(_ row: ChatRowState, into frame: inout Frame, at origin: Point, background: Color) {
        drawArt(row, loaded: row.avatar.isLoaded, into: &frame, at: origin, background: background)
    }

    @MainActor
    static func draw(
        _ row: ChatRowState, into frame: inout Frame, at origin: Point, background: Color, pictures: (any TerminalPictures)?
    ) {
        guard let pictures, pictures.mode.showsPictures else {
            drawArt(row, loaded: row.avatar.isLoaded, into: &frame, at: origin, background: background)
            return
        }
        guard case .loaded(let reference) = row.avatar else {
            drawPlaceholder(into: &frame, at: origin, background: background)
            return
        }
        switch pictures.picture(reference, cells: cells, shape: .ellipse) {
        case .ready(let picture):
            frame.drawPicture(picture, at: origin, background: background, shape: .ellipse, colors: pictures.mode.cellColors)
        case .pending:
            drawPlaceholder(into: &frame, at: origin, background: background)
        case .failed:
            frame.drawPictureShape(.ellipse, cells: cells, at: origin, color: ChatsPalette.avatar(row.avatarColor), background: background)
            drawInitials(row, color: ChatsPalette.avatar(row.avatarColor), into: &frame, at: origin)
        }
    }

    /// The `#C8C8C8` circle in the picture's own shape.
    static func drawPlaceholder(into frame: inout Frame, at origin: Point, background: Color) {
        frame.drawPictureShape(.ellipse, cells: cells, at: origin, color: ChatsPalette.placeholder, background: background)
    }

    /// The circle of blocks: the initials on the person's colour, or the solid grey.
    private static func drawArt(_ row: ChatRowState, loaded: Bool, into frame: inout Frame, at origin: Point, background: Color) {
        let color = loaded ? ChatsPalette.avatar(row.avatarColor) : ChatsPalette.placeholder
        let edge = Style(foreground: color, background: background)
        frame.put(" ▄▄▄ ", at: origin, style: edge)
        frame.put(" ▀▀▀ ", at: Point(x: origin.x, y: origin.y + 2), style: edge)
        let fill = Style(foreground: color, background: color)
        frame.put("█████", at: Point(x: origin.x, y: origin.y + 1), style: fill)
        guard loaded else { return }
        drawInitials(row, color: color, into: &frame, at: origin)
    }

    /// The initials on the circle's middle row.
    private static func drawInitials(_ row: ChatRowState, color: Color, into frame: inout Frame, at origin: Point) {
        let initials = fitting(row.initials, width: 3)
        let offset = (5 - DisplayWidth.of(initials)) / 2
        frame.put(
            initials, at: Point(x: origin.x + offset, y: origin.y + 1),
            style: Style(foreground: ChatsPalette.background, background: color, bold: true))
    }

    /// The leading characters of `text` that fit in `width` columns (`山花` → `山`).
    static func fitting(_ text: String, width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let w = DisplayWidth.of(character)
            if used + w > width { break }
            result.append(character)
            used += w
        }
        return result
    }
}

extension Optional where Wrapped == ImageState {
    fileprivate var isLoaded: Bool {
        if case .loaded = self { return true }
        return false
    }
}
