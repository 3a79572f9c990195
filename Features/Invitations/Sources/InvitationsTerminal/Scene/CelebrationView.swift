import InvitationsFeature
import TerminalUI

/// The congratulations and cancelled views: confetti across the dimmed screen and a card in the middle
/// with a gradient title, the message and OK.
enum CelebrationView {
    static let maximumWidth = 52

    static func draw(_ celebration: InvitationsPresenter.ViewState.Celebration, in frame: inout Frame) {
        frame.dim()
        let cardWidth = min(maximumWidth, frame.size.width - 4)
        let contentWidth = cardWidth - 6
        let message = TextLayout.wrap(celebration.message, width: contentWidth)
        let card = frame.bounds.centered(Size(width: cardWidth, height: 2 + 1 + 1 + 1 + message.count + 1 + 1 + 1))
        drawConfetti(celebration.confetti, avoiding: card, in: &frame)

        let registered = celebration.kind == .registered
        let (start, end) =
            registered
            ? (InvitationsPalette.brand, InvitationsPalette.brandLight)
            : (InvitationsPalette.farewell, InvitationsPalette.farewellLight)
        frame.fill(card)
        frame.drawBox(card, lineStyle: .rounded, style: .foreground(start))
        let interior = card.insetBy(dx: 1, dy: 1)
        var y = interior.y + 1
        drawGradientTitle(celebration.title, y: y, in: interior, from: start, to: end, frame: &frame)
        y += 2
        for row in message {
            frame.put(row, in: Rect(x: interior.x + 2, y: y, width: contentWidth, height: 1), alignment: .center)
            y += 1
        }
        y += 1
        let buttonWidth = Frame.buttonWidth(celebration.button)
        frame.drawButton(
            celebration.button, at: Point(x: interior.x + (interior.width - buttonWidth) / 2, y: y), focused: true,
            style: .foreground(start))
    }

    /// Pieces are placed by their fractions of the screen; none is drawn over the card.
    private static func drawConfetti(_ pieces: [ConfettiPiece], avoiding card: Rect, in frame: inout Frame) {
        let width = frame.size.width
        let height = frame.size.height
        guard width > 0, height > 0 else { return }
        for piece in pieces {
            let point = Point(x: Int((piece.x * Double(width - 1)).rounded()), y: Int(piece.y * Double(height)))
            guard !card.contains(point) else { continue }
            frame.put(String(piece.glyph), at: point, style: .foreground(InvitationsPalette.confetti(piece.color), bold: true))
        }
    }

    /// The title letter by letter, its colour sweeping from `start` to `end`.
    private static func drawGradientTitle(
        _ title: String, y: Int, in rect: Rect, from start: Color, to end: Color, frame: inout Frame
    ) {
        let text = TextLayout.ellipsize(title, width: rect.width)
        let width = DisplayWidth.of(text)
        var x = rect.x + (rect.width - width) / 2
        let span = max(width - 1, 1)
        var column = 0
        for character in text {
            let color = Color.interpolate(from: start, to: end, fraction: Double(column) / Double(span))
            frame.put(String(character), at: Point(x: x, y: y), style: .foreground(color, bold: true))
            let step = DisplayWidth.of(character)
            x += step
            column += step
        }
    }
}
