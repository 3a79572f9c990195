import TerminalUI
import TransactionsFeature

/// The Insights tab: the ring of shares with the pinned total in its hole, above one row per category with its
/// pinned sum and share. When there is no room for a ring, a one-line bar of the same shares stands in for it.
enum InsightsView {
    /// The tallest ring: past it the ring only grows emptier.
    static let maximumRingHeight = 12

    static func draw(_ insights: TransactionsPresenter.ViewState.Insights, in rect: Rect, into frame: inout Frame) {
        let listHeight = insights.rows.count
        let segments = insights.rows.map {
            RingChartView.Segment(perMille: $0.perMille, color: TransactionsPalette.color($0.color))
        }
        // The list sits right under the chart, both centred in a column no wider than reads well.
        let column = rect.centered(Size(width: min(rect.width, 56), height: rect.height))
        let totalLine = "\(insights.totalLabel): \(insights.total)"
        let labels = [(insights.totalLabel, TransactionsPalette.secondary), (insights.total, Style(bold: true))]
        let labelWidth = labels.map { DisplayWidth.of($0.0) }.max() ?? 0
        func chartRect(height: Int) -> Rect { Rect(x: rect.x, y: rect.y, width: rect.width, height: height) }
        func labelsFit(ringHeight: Int) -> Bool {
            let hole = RingChartView.hole(in: chartRect(height: ringHeight))
            return hole.height >= 2 && hole.width >= labelWidth
        }
        // Every category is always listed: the list takes its rows first (with a blank row above it), and the
        // chart shrinks into what is left: a ring with the total in its hole, a ring over a total line, a bar
        // over a total line, the total line alone.
        let chartRoom = rect.height - listHeight - 1
        var ringHeight = min(chartRoom, maximumRingHeight)
        if !labelsFit(ringHeight: ringHeight) { ringHeight = min(chartRoom - 1, maximumRingHeight) }
        var used = 0
        if ringHeight >= 6 {
            let hole = RingChartView.draw(segments, in: chartRect(height: ringHeight), into: &frame)
            used = ringHeight
            if labelsFit(ringHeight: ringHeight) {
                let top = hole.y + (hole.height - 2) / 2
                for (index, label) in labels.enumerated() {
                    frame.put(
                        label.0, in: Rect(x: hole.x, y: top + index, width: hole.width, height: 1), style: label.1,
                        alignment: .center)
                }
            } else {
                frame.put(
                    totalLine, in: Rect(x: rect.x, y: rect.y + used, width: rect.width, height: 1),
                    style: Style(bold: true), alignment: .center)
                used += 1
            }
        } else if chartRoom >= 1 {
            if chartRoom >= 2 {
                drawBar(
                    segments, in: Rect(x: column.x + 2, y: rect.y, width: column.width - 4, height: 1), into: &frame)
                used = 1
            }
            frame.put(
                totalLine, in: Rect(x: rect.x, y: rect.y + used, width: rect.width, height: 1),
                style: Style(bold: true), alignment: .center)
            used += 1
        }
        let listTop = used > 0 ? rect.y + used + 1 : rect.y
        drawList(insights, in: Rect(x: column.x, y: listTop, width: column.width, height: listHeight), into: &frame)
    }

    private static func drawList(
        _ insights: TransactionsPresenter.ViewState.Insights, in rect: Rect, into frame: inout Frame
    ) {
        let shareWidth = insights.rows.map { DisplayWidth.of($0.share) }.max() ?? 0
        let amountWidth = insights.rows.map { DisplayWidth.of($0.amount) }.max() ?? 0
        let content = rect.insetBy(dx: 2, dy: 0)
        for (index, row) in insights.rows.enumerated() {
            let y = rect.y + index
            frame.put("●", at: Point(x: content.x, y: y), style: TransactionsPalette.foreground(row.color))
            frame.put(
                row.title,
                in: Rect(
                    x: content.x + 2, y: y, width: max(content.width - shareWidth - amountWidth - 5, 0), height: 1),
                style: TransactionsPalette.foreground(row.color, bold: true))
            let shareRect = Rect(x: content.maxX - shareWidth, y: y, width: shareWidth, height: 1)
            frame.put(row.share, in: shareRect, style: TransactionsPalette.secondary, alignment: .trailing)
            frame.put(
                row.amount, in: Rect(x: shareRect.x - 3 - amountWidth, y: y, width: amountWidth, height: 1),
                style: Style(bold: true), alignment: .trailing)
        }
    }

    /// The shares as one line of coloured blocks, in proportion; a grey track when nothing is pinned.
    private static func drawBar(_ segments: [RingChartView.Segment], in rect: Rect, into frame: inout Frame) {
        guard rect.width > 0 else { return }
        let total = segments.reduce(0) { $0 + $1.perMille }
        guard total > 0 else {
            frame.put(
                String(repeating: "░", count: rect.width), at: rect.origin,
                style: Style(foreground: TransactionsPalette.track))
            return
        }
        var x = rect.x
        var cumulative = 0
        for segment in segments {
            cumulative += segment.perMille
            let end = rect.x + (cumulative * rect.width + total / 2) / total
            if end > x {
                frame.put(
                    String(repeating: "█", count: end - x), at: Point(x: x, y: rect.y),
                    style: Style(foreground: segment.color))
            }
            x = max(x, end)
        }
    }
}
