import CarNewsFeature
import TerminalUI

/// Draws the list screen: header, offline banner, the cards (or a message), and notices at the bottom.
@MainActor
struct ArticleListView {
    /// Lines of one card: three of picture frame (the title over its lower rows, inside the frame), the date,
    /// and a blank line between cards. With pictures the picture is taller (`ArticlePictureView.cardRows`).
    static let cardHeight = 5
    /// The banner and the notices wrap to as many lines as they need, as long as one card (less its blank
    /// line) still fits under them; only past that are they shortened with `…`.
    static let rowsKeptForACard = cardHeight - 1

    let state: CarNewsViewState
    /// The shell's pictures; nil or off: the placeholder strip.
    var pictures: (any TerminalPictures)? = nil

    /// The lent pictures, when the terminal shows them.
    private var shownPictures: (any TerminalPictures)? { pictures.flatMap { $0.mode.showsPictures ? $0 : nil } }

    /// Rows of a card's picture in the list area of `size`.
    private func pictureRows(in size: Size) -> Int {
        guard shownPictures != nil else { return 3 }
        return ArticlePictureView.cardRows(width: max(size.width - 5, 0), listHeight: listArea(in: size).height)
    }

    /// A card's lines: picture, date, blank.
    func cardHeight(in size: Size) -> Int { pictureRows(in: size) + 2 }

    /// The rectangle the cards scroll in, for `size`; the scene pages by it.
    func listArea(in size: Size) -> Rect {
        let top = HeaderView.height + bannerHeight(in: size)
        let bottom = size.height - noticeLines(in: size).count
        return Rect(x: 0, y: top, width: size.width, height: max(bottom - top, 0))
    }

    /// Whole cards that fit in the list area: what PageUp/PageDown move by.
    func cardsPerPage(in size: Size) -> Int {
        max(listArea(in: size).height / cardHeight(in: size), 1)
    }

    func draw(into frame: inout Frame, scrollOffset: Int) -> Int {
        let size = frame.size
        HeaderView.draw(title: state.title, status: state.status ?? state.count ?? "", into: &frame)
        drawBanner(into: &frame)
        drawNotices(into: &frame)
        let area = listArea(in: size)
        switch state.body {
        case .message(let message):
            MessageView.draw(message, in: area, into: &frame)
            return 0
        case .list:
            return drawCards(in: area, into: &frame, scrollOffset: scrollOffset)
        }
    }

    private func drawCards(in area: Rect, into frame: inout Frame, scrollOffset: Int) -> Int {
        let height = cardHeight(in: frame.size)
        let layout = ListLayout.layout(
            rowCount: state.rowCount, viewportHeight: area.height, selectedIndex: state.selectedIndex,
            scrollOffset: scrollOffset, rowHeight: { _ in height })
        var cards = Frame(size: area.size)
        for visible in layout.rows {
            // The presenter holds the rows around the selection; after a far jump, for the moment their window is
            // read, a card is left blank.
            guard let row = state.row(at: visible.index) else { continue }
            let focused = visible.index == state.selectedIndex
            if let pictures = shownPictures {
                drawPictureCard(row, focused: focused, top: visible.y, pictureRows: height - 2, pictures: pictures, into: &cards)
            } else {
                drawCard(row, focused: focused, top: visible.y, into: &cards)
            }
        }
        frame.draw(cards, at: area.origin)
        return layout.scrollOffset
    }

    private func drawCard(_ row: CarNewsViewState.Row, focused: Bool, top: Int, into frame: inout Frame) {
        let x = 3
        let width = max(frame.size.width - x - 2, 0)
        // The title lies over the bottom of the picture, inside its frame; the middle row names the picture
        // only when there is none (`No image`).
        ImagePlaceholderView.draw(
            caption: row.image == nil ? row.imageLabel : nil, in: Rect(x: x, y: top, width: width, height: 3), into: &frame)
        let titleWidth = max(width - 4, 1)
        var lines = TextLayout.wrap(row.title, width: titleWidth)
        if lines.count > 2 {
            lines = [lines[0], TextLayout.withEllipsis(lines[1], width: titleWidth)]
        }
        let overlay = focused ? CarNewsPalette.focusedOverlay : CarNewsPalette.overlay
        for (offset, line) in lines.enumerated() {
            let y = top + 3 - lines.count + offset
            frame.fill(Rect(x: x + 1, y: y, width: max(width - 2, 0), height: 1), style: overlay)
            frame.put(line, in: Rect(x: x + 2, y: y, width: titleWidth, height: 1), style: overlay)
        }
        frame.put(row.date, in: Rect(x: x + 2, y: top + 3, width: titleWidth, height: 1), style: CarNewsPalette.date)
        if focused {
            for y in top..<(top + 4) { frame.put("▌", at: Point(x: 1, y: y), style: CarNewsPalette.marker) }
            frame.put("▶", at: Point(x: 1, y: top + 2), style: CarNewsPalette.marker)
        }
    }

    /// A card with pictures: the photo (or its placeholder) with the title over its bottom rows, the date under it.
    private func drawPictureCard(
        _ row: CarNewsViewState.Row, focused: Bool, top: Int, pictureRows: Int, pictures: any TerminalPictures, into frame: inout Frame
    ) {
        let x = 3
        let width = max(frame.size.width - x - 2, 0)
        let titleWidth = max(width - 4, 1)
        var lines = TextLayout.wrap(row.title, width: titleWidth)
        if lines.count > 2 {
            lines = [lines[0], TextLayout.withEllipsis(lines[1], width: titleWidth)]
        }
        let rect = Rect(x: x, y: top, width: width, height: pictureRows)
        ArticlePictureView(pictures: pictures).draw(
            row.image, label: row.imageLabel, in: rect, clip: frame.bounds, into: &frame, title: lines, focused: focused)
        frame.put(row.date, in: Rect(x: x + 2, y: top + pictureRows, width: titleWidth, height: 1), style: CarNewsPalette.date)
        if focused {
            for y in top..<(top + pictureRows + 1) { frame.put("▌", at: Point(x: 1, y: y), style: CarNewsPalette.marker) }
            frame.put("▶", at: Point(x: 1, y: top + pictureRows - lines.count), style: CarNewsPalette.marker)
        }
    }

    // MARK: - Banner and notices

    private func bannerLines(in size: Size) -> [String] {
        guard let banner = state.banner else { return [] }
        let width = max(size.width - 8, 1)
        let lines = ReasonText.wrap(HintText.text(of: banner), width: width)
        let limit = max(size.height - HeaderView.height - 2 - Self.rowsKeptForACard, 1)
        guard lines.count > limit else { return lines }
        let kept = Array(lines.prefix(limit))
        return kept.dropLast() + [TextLayout.withEllipsis(kept[kept.count - 1], width: width)]
    }

    private func bannerHeight(in size: Size) -> Int {
        state.banner == nil ? 0 : bannerLines(in: size).count + 2
    }

    private func drawBanner(into frame: inout Frame) {
        guard let banner = state.banner else { return }
        let width = frame.size.width
        let lines = bannerLines(in: frame.size)
        let box = Rect(x: 1, y: HeaderView.height, width: max(width - 2, 0), height: lines.count + 2)
        frame.drawBox(
            box, lineStyle: .rounded, style: CarNewsPalette.banner, title: banner.title, titleStyle: CarNewsPalette.bannerTitle)
        for (offset, line) in lines.enumerated() {
            frame.put(line, in: Rect(x: 3, y: box.y + 1 + offset, width: max(width - 8, 0), height: 1))
        }
    }

    private func noticeLines(in size: Size) -> [String] {
        let wrapWidth = max(size.width - 4, 1)
        let lines = state.notices.flatMap { ReasonText.wrap($0, width: wrapWidth) }
        let room = size.height - HeaderView.height - bannerHeight(in: size) - Self.rowsKeptForACard
        let limit = max(room, 1)
        guard lines.count > limit else { return lines }
        let kept = Array(lines.prefix(limit))
        return kept.dropLast() + [TextLayout.withEllipsis(kept[kept.count - 1], width: wrapWidth)]
    }

    private func drawNotices(into frame: inout Frame) {
        let lines = noticeLines(in: frame.size)
        let top = frame.size.height - lines.count
        for (offset, line) in lines.enumerated() {
            frame.put(
                line, in: Rect(x: 2, y: top + offset, width: max(frame.size.width - 4, 0), height: 1),
                style: CarNewsPalette.notice)
        }
    }
}
