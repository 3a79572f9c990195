import InvitationsFeature
import TerminalUI

/// The warning before cancelling: amber outline, the question, Keep invite and a red Cancel invite.
enum AlertView {
    static let maximumWidth = 54

    static func draw(_ alert: InvitationsPresenter.ViewState.CancelAlert, in frame: inout Frame) {
        let popupWidth = min(maximumWidth, frame.size.width - 2)
        let contentWidth = popupWidth - 6
        let message = TextLayout.wrap(alert.message, width: contentWidth)
        let interior = frame.drawPopup(
            size: Size(width: popupWidth, height: 2 + 1 + message.count + 1 + 1 + 1), title: alert.title, lineStyle: .rounded,
            style: .foreground(InvitationsPalette.warning, bold: true))
        var y = interior.y + 1
        for row in message {
            frame.put(row, in: Rect(x: interior.x + 2, y: y, width: contentWidth, height: 1), alignment: .center)
            y += 1
        }
        y += 1
        let gap = 3
        let keepWidth = Frame.buttonWidth(alert.keepButton)
        let total = keepWidth + gap + Frame.buttonWidth(alert.cancelButton)
        let x = interior.x + (interior.width - total) / 2
        let keep = Point(x: x, y: y)
        let cancel = Point(x: x + keepWidth + gap, y: y)
        frame.drawButton(alert.keepButton, at: keep, focused: alert.focus == .keep, style: .foreground(InvitationsPalette.brand))
        frame.drawButton(
            alert.cancelButton, at: cancel, focused: alert.focus == .cancelInvite, style: .foreground(InvitationsPalette.error))
        FocusMarkerView.draw(before: alert.focus == .keep ? keep : cancel, in: &frame)
    }
}
