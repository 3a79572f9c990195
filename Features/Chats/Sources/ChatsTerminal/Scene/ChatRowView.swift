import ChatsFeature
import TerminalUI

/// Where a chat row's parts go at a given width, and how tall the row is. Nothing is cut: the name and the
/// message wrap onto as many lines as they need, and the row grows to hold them.
///
/// ```
/// ▌ ▄▄▄   Anna Lindqvist                            11:58
/// ▌█AL██  Are we still on for lunch? I’ll book the    (2)
/// ▌ ▀▀▀   table — 12:30 at the usual place.
///         ─────────────────────────────────────────────────
/// ```
struct ChatRowView: Equatable {
    static let avatarX = 1
    static let avatarSize = Size(width: 5, height: 3)
    static let textX = 8
    static let rightMargin = 1

    var nameLines: [String]
    var date: String
    var messageLines: [String]
    var badge: String?
    /// Content lines plus the separator below them.
    var height: Int

    init(row: ChatRowState, width: Int) {
        let textWidth = max(1, width - Self.textX - Self.rightMargin)
        date = row.date
        let dateWidth = DisplayWidth.of(row.date)
        nameLines = TextLayout.wrap(row.name, width: max(1, textWidth - dateWidth - 1))
        badge = row.unreadBadge.map { "(\($0))" }
        let badgeWidth = badge.map { DisplayWidth.of($0) + 1 } ?? 0
        // A tab is spacing between words, as the web page's `pre-line` shows it; the frame drops control characters.
        let message = String(row.message.map { $0 == "\t" ? " " : $0 })
        messageLines = TextLayout.wrap(message, width: max(1, textWidth - badgeWidth))
        if messageLines.isEmpty { messageLines = [""] }
        height = max(Self.avatarSize.height, nameLines.count + messageLines.count) + 1
    }

    /// Draws the row with its top at `y`; `selected` adds the focus bar and tint. The avatar is the initials or the
    /// grey circle.
    func draw(_ row: ChatRowState, selected: Bool, into frame: inout Frame, y: Int) {
        draw(row, selected: selected, into: &frame, y: y) { frame, origin, background in
            AvatarView.draw(row, into: &frame, at: origin, background: background)
        }
    }

    /// The same with the shell's pictures: a loaded avatar is its picture.
    @MainActor
    func draw(_ row: ChatRowState, selected: Bool, into frame: inout Frame, y: Int, pictures: (any TerminalPictures)?) {
        draw(row, selected: selected, into: &frame, y: y) { frame, origin, background in
            AvatarView.draw(row, into: &frame, at: origin, background: background, pictures: pictures)
        }
    }

    private func draw(
        _ row: ChatRowState, selected: Bool, into frame: inout Frame, y: Int, avatar: (inout Frame, Point, Color) -> Void
    ) {
        let width = frame.size.width
        let base = Style(foreground: ChatsPalette.text, background: selected ? ChatsPalette.selection : ChatsPalette.background)
        frame.fill(Rect(x: 0, y: y, width: width, height: height - 1), style: base)
        if selected {
            for line in 0..<(height - 1) {
                frame[0, y + line] = Cell("▌", style: Style(foreground: ChatsPalette.orange, background: base.background))
            }
        }
        avatar(&frame, Point(x: Self.avatarX, y: y), base.background ?? ChatsPalette.background)

        let right = width - Self.rightMargin
        var line = y
        for name in nameLines {
            frame.put(name, at: Point(x: Self.textX, y: line), style: Style(foreground: ChatsPalette.text, bold: true))
            line += 1
        }
        let dateWidth = DisplayWidth.of(date)
        frame.put(date, at: Point(x: right - dateWidth, y: y), style: Style(foreground: ChatsPalette.secondary))
        let messageTop = line
        for message in messageLines {
            frame.put(message, at: Point(x: Self.textX, y: line), style: Style(foreground: ChatsPalette.secondary))
            line += 1
        }
        if let badge {
            frame.put(
                badge, at: Point(x: right - DisplayWidth.of(badge), y: messageTop),
                style: Style(foreground: ChatsPalette.unread, bold: true))
        }
        let separator = Rect(x: Self.textX, y: y + height - 1, width: max(0, width - Self.textX), height: 1)
        frame.fill(Rect(x: 0, y: separator.y, width: width, height: 1), style: ChatsPalette.plain)
        frame.fill(separator, with: "─", style: Style(foreground: ChatsPalette.separator, background: ChatsPalette.background))
    }
}
