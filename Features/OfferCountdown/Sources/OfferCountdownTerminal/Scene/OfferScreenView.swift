import OfferCountdownFeature
import TerminalUI

/// Draws the offer screen's view state at a size: pure, so golden frames and the live shell agree.
enum OfferScreenView {
    static func render(_ state: OfferCountdownPresenter.ViewState, size: Size) -> Frame {
        switch OfferLayout.make(size: size, copy: state.copy) {
        case .tooSmall:
            return Frame.tooSmall(size: size, minimum: OfferLayout.minimumSize)
        case .portrait(let neededWidth):
            return portraitMessage(size: size, neededWidth: neededWidth)
        case .fits(let layout):
            var frame = Frame(size: size)
            draw(state, layout: layout, into: &frame)
            return frame
        }
    }

    private static func draw(_ state: OfferCountdownPresenter.ViewState, layout: OfferLayout, into frame: inout Frame) {
        let copy = state.copy
        frame.drawOfferArtwork(layout: layout, close: copy.close)
        // On the terminal's own background: its own text colour, which reads on dark and light themes alike.
        frame.put(copy.headline, in: layout.headline, style: Style(bold: true))
        frame.put(copy.subheadline, in: layout.subheadline, style: Style(foreground: OfferCountdownPalette.secondary))
        frame.put(copy.discount, in: layout.discount, style: Style(foreground: OfferCountdownPalette.color(.pink), bold: true))
        frame.put(copy.audience, in: layout.audience, style: Style(foreground: OfferCountdownPalette.secondary))
        frame.drawCountdown(state.countdown, layout: layout)
        if let note = state.expiredNote {
            frame.put(note, in: layout.expiredNote, style: Style(foreground: OfferCountdownPalette.color(.pink), bold: true))
        }
        frame.put(copy.caption, in: layout.caption, style: Style(foreground: OfferCountdownPalette.secondary))
        drawButton(state.activateButton, focused: state.focus == .activateButton, rect: layout.button, into: &frame)
        let link = Style(foreground: OfferCountdownPalette.secondary, underline: true)
        for (title, rect) in zip(copy.footerLinks, layout.footerLinks) { frame.put(title, in: rect, style: link) }
        if let popup = state.popup { frame.drawOfferPopup(popup, layout: layout) }
    }

    /// The gradient button; focus shows as `> … <` around the title, so it reads without colour too.
    private static func drawButton(_ button: ActivateButtonState, focused: Bool, rect: Rect, into frame: inout Frame) {
        let colors = button.gradient.map(OfferCountdownPalette.color)
        frame.fill(rect, style: Style(foreground: OfferCountdownPalette.white))
        frame.fillGradient(
            rect, from: colors.first ?? OfferCountdownPalette.color(.gray), to: colors.last ?? OfferCountdownPalette.color(.gray))
        let title = focused && button.isEnabled ? "> \(button.title) <" : button.title
        let style = Style(foreground: button.isEnabled ? OfferCountdownPalette.white : OfferCountdownPalette.muted, bold: button.isEnabled)
        frame.put(title, in: Rect(x: rect.x, y: rect.y + rect.height / 2, width: rect.width, height: 1), style: style, alignment: .center)
    }

    private static func portraitMessage(size: Size, neededWidth: Int) -> Frame {
        var frame = Frame(size: size)
        let message =
            "This offer is shown in landscape only. Make the window wider: at least \(neededWidth) columns for \(size.height) rows (now \(size))."
        let lines = TextLayout.wrap(message, width: max(size.width - 2, 1))
        let top = max((size.height - lines.count) / 2, 0)
        for (row, line) in lines.enumerated() {
            frame.put(line, in: Rect(x: 0, y: top + row, width: size.width, height: 1), alignment: .center)
        }
        return frame
    }
}
