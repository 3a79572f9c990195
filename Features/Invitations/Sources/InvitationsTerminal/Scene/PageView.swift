import InvitationsFeature
import TerminalUI

/// The page under any modal: brand, heading, text and the one button, sandwiched in the middle; a notice
/// below when there is one.
enum PageView {
    static let contentWidth = 60

    static func draw(_ state: InvitationsPresenter.ViewState, in frame: inout Frame) {
        let page = state.page
        let width = min(contentWidth, frame.size.width - 4)
        let left = (frame.size.width - width) / 2
        let title = TextLayout.wrap(page.title, width: width)
        let text = TextLayout.wrap(page.text, width: width)
        let notice = state.notice.map { TextLayout.wrap($0, width: width) } ?? []
        // brand, rule, gap, title, gap, text, gap, button (+ gap, notice)
        let height = 3 + title.count + 1 + text.count + 2 + (notice.isEmpty ? 0 : notice.count + 1)
        var y = max(0, (frame.size.height - height) / 2)

        let line = Rect(x: left, y: y, width: width, height: 1)
        frame.put(state.brand, in: line, style: .foreground(InvitationsPalette.brand, bold: true), alignment: .center)
        y += 1
        let ruleWidth = min(DisplayWidth.of(state.brand), width)
        let ruleX = left + (width - ruleWidth) / 2
        frame.put(String(repeating: "─", count: ruleWidth), at: Point(x: ruleX, y: y), style: .foreground(InvitationsPalette.brandLight))
        y += 2
        for row in title {
            frame.put(row, in: Rect(x: left, y: y, width: width, height: 1), style: Style(bold: true), alignment: .center)
            y += 1
        }
        y += 1
        for row in text {
            frame.put(
                row, in: Rect(x: left, y: y, width: width, height: 1), style: .foreground(InvitationsPalette.muted), alignment: .center)
            y += 1
        }
        y += 1
        let buttonWidth = Frame.buttonWidth(page.button)
        // Focus is reversed colours (not a background colour), so it shows with NO_COLOR too.
        let color = page.kind == .registered ? InvitationsPalette.error : InvitationsPalette.brand
        frame.drawButton(
            page.button, at: Point(x: (frame.size.width - buttonWidth) / 2, y: y), focused: page.isButtonFocused,
            style: .foreground(color))
        y += 2
        for row in notice {
            frame.put(
                row, in: Rect(x: left, y: y, width: width, height: 1), style: .foreground(InvitationsPalette.warning), alignment: .center)
            y += 1
        }
    }
}
