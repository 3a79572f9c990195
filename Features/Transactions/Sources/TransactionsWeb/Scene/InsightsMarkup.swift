import Foundation
import TransactionsFeature
import WebUI

/// The Insights tab: the ring of the pinned shares with the total in its hole, then one row per category
/// (colour key, name, pinned sum, share).
enum InsightsMarkup {
    static func content(_ insights: TransactionsPresenter.ViewState.Insights) -> HTML {
        Tag.section(.class("tx-insights"), .aria("label", TransactionsWebCopy.insightsLabel)) {
            Tag.div(.class("tx-chart")) {
                RingChartMarkup.ring(insights.rows, label: ringLabel(insights))
                Tag.p(.class("tx-chart-hole")) {
                    Tag.span(.class("tx-chart-label")) { insights.totalLabel }
                    Tag.span(.class("tx-chart-total")) { insights.total }
                }
            }
            Tag.ul(.class("tx-insight-list")) {
                for row in insights.rows {
                    Tag.li(.class("tx-insight")) {
                        Tag.span(.class("tx-key tx-c-\(row.color.rawValue)"), .aria("hidden", "true"))
                        Tag.span(.class("tx-insight-title")) { row.title }
                        Tag.span(.class("tx-insight-amount")) { row.amount }
                        Tag.span(.class("tx-insight-share")) { row.share }
                    }
                    .id("tx-insight-\(row.title)")
                }
            }
        }
    }

    /// The chart's text alternative: each category's share, in list order.
    private static func ringLabel(_ insights: TransactionsPresenter.ViewState.Insights) -> String {
        let shares = insights.rows.map { "\($0.title) \($0.share)" }.joined(separator: ", ")
        return "\(TransactionsWebCopy.ringLabelPrefix): \(shares)"
    }
}

/// The ring as SVG: a grey track, and over it one arc per category with a share, clockwise from 12 o'clock in
/// category order, sized by the same tenths of a percent as the list. Colours come from the stylesheet.
enum RingChartMarkup {
    static let size = 120
    static let radius = 48.0

    static func ring(_ rows: [TransactionsPresenter.ViewState.InsightRow], label: String) -> HTML {
        Tag.svg(
            .class("tx-ring"), .viewBox("0 0 \(size) \(size)"), .role("img"), .aria("label", label), .fill("none"),
            .strokeWidth("16")
        ) {
            Tag.circle(.class("tx-ring-track"), .cx(center), .cy(center), .r(format(radius)))
            for segment in RingSegments.segments(perMille: rows.map(\.perMille)) {
                let color = rows[segment.index].color.rawValue
                if segment.isWhole {
                    Tag.circle(.class("tx-arc tx-s-\(color)"), .cx(center), .cy(center), .r(format(radius)))
                } else {
                    Tag.path(.class("tx-arc tx-s-\(color)"), .d(arc(from: segment.start, to: segment.end)))
                }
            }
        }
    }

    private static var center: String { format(Double(size) / 2) }

    /// An arc of the ring between two shares of the whole turn (0…1000), clockwise.
    static func arc(from start: Int, to end: Int) -> String {
        let (x0, y0) = point(at: start)
        let (x1, y1) = point(at: end)
        let large = end - start > 500 ? 1 : 0
        return "M\(format(x0)) \(format(y0))A\(format(radius)) \(format(radius)) 0 \(large) 1 \(format(x1)) \(format(y1))"
    }

    private static func point(at perMille: Int) -> (Double, Double) {
        let angle = Double(perMille) / 1000 * 2 * Double.pi - Double.pi / 2
        let middle = Double(size) / 2
        return (middle + radius * cos(angle), middle + radius * sin(angle))
    }

    /// Three decimals, locale-independent, no `-0`.
    static func format(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = thousandths.magnitude
        var fraction = String(magnitude % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return sign + String(magnitude / 1000) + (fraction.isEmpty ? "" : "." + fraction)
    }
}

/// Where each category's arc starts and ends, in tenths of a percent of the turn.
enum RingSegments {
    struct Segment: Equatable {
        var index: Int
        var start: Int
        var end: Int
        var isWhole: Bool { end - start >= 1000 }
    }

    /// Categories with no share get no arc; shares add up to 1000, or all 0 when nothing is pinned (no arc).
    static func segments(perMille: [Int]) -> [Segment] {
        var start = 0
        var segments: [Segment] = []
        for (index, share) in perMille.enumerated() where share > 0 {
            segments.append(Segment(index: index, start: start, end: start + share))
            start += share
        }
        return segments
    }
}
