import ChatsFeature
import TerminalUI

/// Draws the list screen: title, summary, an optional notice, then the rows (or the empty, loading or error
/// content). Measures only the rows near the viewport, so 100,000 chats cost what 10 do.
@MainActor
struct ChatListView {
    let state: ChatListState
    /// The scene's scroll: the first row it last put at the top; moved here only to keep the selection in view.
    let scrollTop: Int
    /// Draws loaded avatars as pictures when lent.
    var pictures: (any TerminalPictures)? = nil

    /// The drawn frame and the rows that ended up on screen.
    struct Output {
        var frame: Frame
        var layout: ListLayout
        /// Rows fully inside the viewport: the page size for PgUp/PgDn.
        var fullyVisible: Int
        var viewportHeight: Int
    }

    static let headerRows = 2

    func render(size: Size) -> Output {
        var frame = Frame(size: size, fill: ChatsPalette.blankCell)
        let width = size.width
        frame.put(state.title, at: Point(x: 2, y: 0), style: Style(foreground: ChatsPalette.text, bold: true))
        if let label = state.refreshing, case .rows = state.content {
            frame.put(
                label, in: Rect(x: 2, y: 0, width: width - 3, height: 1), style: Style(foreground: ChatsPalette.secondary),
                alignment: .trailing)
        }
        frame.put(state.summary, in: Rect(x: 2, y: 1, width: width - 3, height: 1), style: Style(foreground: ChatsPalette.secondary))
        var top = Self.headerRows
        if let notice = state.notice {
            let lines = TextLayout.wrap(notice, width: max(1, width - 4)).prefix(3)
            for line in lines {
                frame.put(line, at: Point(x: 2, y: top), style: Style(foreground: ChatsPalette.error))
                top += 1
            }
        }
        frame.fill(
            Rect(x: 0, y: top, width: width, height: 1), with: "─",
            style: Style(foreground: ChatsPalette.separator, background: ChatsPalette.background))
        top += 1
        let viewport = Rect(x: 0, y: top, width: width, height: max(0, size.height - top))

        switch state.content {
        case .rows(let rows):
            return drawRows(rows, into: frame, viewport: viewport)
        case .loading(let text):
            frame.put(
                text, in: Rect(x: 0, y: viewport.y + viewport.height / 2, width: width, height: 1),
                style: Style(foreground: ChatsPalette.secondary), alignment: .center)
        case .empty(let title, let message):
            let y = viewport.y + max(0, viewport.height / 2 - 1)
            frame.put(
                title, in: Rect(x: 1, y: y, width: width - 2, height: 1), style: Style(foreground: ChatsPalette.text, bold: true),
                alignment: .center)
            frame.putWrapped(
                message, in: Rect(x: 2, y: y + 1, width: width - 4, height: 2), style: Style(foreground: ChatsPalette.secondary),
                alignment: .center)
        case .failed(let title, let message, let hint, let retry):
            drawError(title: title, message: message, hint: hint, retry: retry, into: &frame, viewport: viewport)
        }
        return Output(frame: frame, layout: ListLayout(scrollOffset: 0, rows: []), fullyVisible: 0, viewportHeight: viewport.height)
    }

    private func drawRows(_ rows: ChatRows, into frame: Frame, viewport: Rect) -> Output {
        var frame = frame
        var layouts: [Int: (ChatRowState, ChatRowView)] = [:]
        func measured(_ index: Int) -> (ChatRowState, ChatRowView) {
            if let known = layouts[index] { return known }
            let row = rows[index]
            let value = (row, ChatRowView(row: row, width: viewport.width))
            layouts[index] = value
            return value
        }
        let layout = ListLayout.layout(
            rowCount: rows.count, viewportHeight: viewport.height, selectedIndex: state.selectedIndex,
            scrollOffset: scrollTop, rowHeight: { measured($0).1.height })
        // Rows draw into their own frame so a row cut by the viewport's bottom edge is clipped there.
        var list = Frame(size: viewport.size, fill: ChatsPalette.blankCell)
        var fullyVisible = 0
        for placed in layout.rows {
            let (row, rowLayout) = measured(placed.index)
            rowLayout.draw(row, selected: placed.index == state.selectedIndex, into: &list, y: placed.y, pictures: pictures)
            if placed.y + placed.height <= viewport.height { fullyVisible += 1 }
        }
        frame.draw(list, at: viewport.origin)
        return Output(frame: frame, layout: layout, fullyVisible: max(1, fullyVisible), viewportHeight: viewport.height)
    }

    private func drawError(title: String, message: String, hint: String, retry: String, into frame: inout Frame, viewport: Rect) {
        let width = viewport.width
        let textWidth = max(1, min(width - 4, 60))
        let messageLines = TextLayout.wrap(message, width: textWidth)
        let hintLines = TextLayout.wrap(hint, width: textWidth)
        let height = 1 + 1 + messageLines.count + 1 + hintLines.count + 1 + 1
        var y = viewport.y + max(0, (viewport.height - height) / 2)
        frame.put(
            title, in: Rect(x: 1, y: y, width: width - 2, height: 1), style: Style(foreground: ChatsPalette.error, bold: true),
            alignment: .center)
        y += 2
        for line in messageLines {
            frame.put(
                line, in: Rect(x: 2, y: y, width: width - 4, height: 1), style: Style(foreground: ChatsPalette.text), alignment: .center)
            y += 1
        }
        y += 1
        for line in hintLines {
            frame.put(
                line, in: Rect(x: 2, y: y, width: width - 4, height: 1), style: Style(foreground: ChatsPalette.secondary),
                alignment: .center)
            y += 1
        }
        y += 1
        let buttonWidth = Frame.buttonWidth(retry)
        frame.drawButton(
            retry, at: Point(x: max(0, (width - buttonWidth) / 2), y: y), focused: true,
            style: Style(foreground: ChatsPalette.text), accent: ChatsPalette.orange)
    }
}
