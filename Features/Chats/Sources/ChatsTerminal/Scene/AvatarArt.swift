import ChatsFeature
import TerminalUI

/// The avatar circle, five columns by three rows. The terminal cannot show the picture, so a loaded avatar
/// is the person's initials on their colour; while loading, after a failure and without a URL it is the
/// solid `#C8C8C8` circle.
enum AvatarArt {
    static func draw(_ row: ChatRowState, into frame: inout Frame, at origin: Point, background: Color) {
        let loaded: Bool
        if case .loaded = row.avatar { loaded = true } else { loaded = false }
        let color = loaded ? ChatsPalette.avatar(row.avatarColor) : ChatsPalette.placeholder
        let edge = Style(foreground: color, background: background)
        frame.put(" ▄▄▄ ", at: origin, style: edge)
        frame.put(" ▀▀▀ ", at: Point(x: origin.x, y: origin.y + 2), style: edge)
        let fill = Style(foreground: color, background: color)
        frame.put("█████", at: Point(x: origin.x, y: origin.y + 1), style: fill)
        guard loaded else { return }
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
