import InvitationsFeature
import TerminalUI

/// The request form, in a popup over the dimmed page: each field as a label, an input line and an error
/// line; the status (sending, or why the last attempt failed); the Send button.
///
/// The status takes every row the window has to spare, the popup's blank top and bottom rows too, so a
/// server's message shows whole where it can; one longer than that scrolls (`statusTop`, PgUp/PgDn), with `…`
/// on the last row while more follows.
enum FormView {
    static let maximumWidth = 64
    /// Borders, the blank rows above the fields, above Send and below it, and Send: all but the fields and status.
    private static let fixedRows = 2 + 1 + 1 + 1 + 1

    /// Which status lines the last draw showed: what PgUp/PgDn scroll, and whether they are needed.
    struct StatusWindow: Equatable {
        var lines = 0
        var rows = 1
        var top = 0
        var overflows: Bool { lines > rows }
        var maximumTop: Int { max(0, lines - rows) }
    }

    @discardableResult
    static func draw(
        _ form: InvitationsPresenter.ViewState.RequestForm, in frame: inout Frame, statusTop: Int = 0
    ) -> StatusWindow {
        let popupWidth = min(maximumWidth, frame.size.width - 2)
        // Interior: 2 columns of margin each side; the left one holds the focus marker.
        let contentWidth = popupWidth - 2 - 4
        let status = form.status.map { TextLayout.wrap($0.text, width: contentWidth) } ?? []
        let spare = frame.size.height - fixedRows - 3 * form.fields.count
        // A message longer than the spare rows takes the blank rows below Send and above the fields first.
        let squeezed = min(2, max(0, status.count - spare))
        let statusRows = max(1, min(status.count, spare + squeezed))
        var window = StatusWindow(lines: status.count, rows: statusRows)
        window.top = min(max(0, statusTop), window.maximumTop)
        let popupHeight = fixedRows - squeezed + 3 * form.fields.count + statusRows
        let interior = frame.drawPopup(
            size: Size(width: popupWidth, height: popupHeight), title: form.title, lineStyle: .rounded,
            style: Style(foreground: InvitationsPalette.brand))
        let left = interior.x + 2
        var y = interior.y + (squeezed == 2 ? 0 : 1)
        for field in form.fields {
            drawField(field, x: left, y: y, width: contentWidth, locked: form.isSending, in: &frame)
            y += 3
        }
        if let tone = form.status?.tone {
            let color = tone == .progress ? InvitationsPalette.progress : InvitationsPalette.error
            var rows = Array(status.dropFirst(window.top).prefix(statusRows))
            if window.top + statusRows < status.count, let last = rows.popLast() {
                rows.append(TextLayout.withEllipsis(last, width: contentWidth))
            }
            for (index, row) in rows.enumerated() {
                frame.put(row, in: Rect(x: left, y: y + index, width: contentWidth, height: 1), style: .foreground(color))
            }
        }
        y += statusRows + 1
        let buttonWidth = Frame.buttonWidth(form.sendButton)
        let button = Point(x: interior.x + (interior.width - buttonWidth) / 2, y: y)
        let focused = form.isSendFocused && !form.isSending
        frame.drawButton(
            form.sendButton, at: button, focused: focused,
            style: Style(foreground: form.isSending ? nil : InvitationsPalette.brand, dim: form.isSending))
        if focused { FocusMarkerView.draw(before: button, in: &frame) }
        return window
    }

    private static func drawField(
        _ field: InvitationsPresenter.ViewState.Field, x: Int, y: Int, width: Int, locked: Bool, in frame: inout Frame
    ) {
        let labelStyle = field.isFocused ? Style.foreground(InvitationsPalette.brand, bold: true) : Style.plain
        frame.put(field.label, in: Rect(x: x, y: y, width: width, height: 1), style: labelStyle)
        let input = Rect(x: x, y: y + 1, width: width, height: 1)
        let background = field.isFocused ? InvitationsPalette.focusedFieldBackground : InvitationsPalette.fieldBackground
        // The field paints its background, so its text has a colour of its own: the terminal's may be dark.
        let text = Style(foreground: InvitationsPalette.fieldText, background: background)
        frame.fill(input, style: text)
        if field.isFocused {
            FocusMarkerView.draw(before: Point(x: x - 1, y: y + 1), in: &frame)
        }
        let window = TextFieldWindow(text: field.text, cursor: field.cursor, width: width)
        if field.text.isEmpty {
            frame.put(field.placeholder, in: input, style: .foreground(InvitationsPalette.muted))
        } else {
            frame.put(window.text, at: input.origin, style: Style(foreground: text.foreground, dim: locked), maxWidth: width)
        }
        if field.isFocused, !locked {
            // The cursor: the character under it (or the placeholder's first, or a space) drawn reversed,
            // redrawn whole so a wide character keeps both of its cells.
            let under = window.cursorCharacter ?? (field.text.isEmpty ? field.placeholder.first : nil) ?? " "
            frame.put(
                String(under), at: Point(x: x + window.cursorColumn, y: y + 1),
                style: Style(foreground: text.foreground, background: background, reverse: true))
        }
        if let error = field.error {
            frame.put(error, in: Rect(x: x, y: y + 2, width: width, height: 1), style: .foreground(InvitationsPalette.error))
        }
    }
}
