import OfferCountdownFeature
import WebUI

/// The timer as HTML: four boxes of two digits with `:` between them.
///
/// Every digit is an element keyed by its position and value (`d7-4`: the eighth digit showing 4), so a digit
/// that changes becomes a new element: the browser starts its roll animation exactly once, and the live diff
/// sends one small `replace` for it while the other digits stay as they are. A digit that rolled carries the
/// digit it rolled from in `data-from`; the stylesheet draws that above it and rolls both up over `--roll`.
/// The markup is deliberately terse: it is what crosses the wire every second.
enum OfferTimerMarkup {
    static func timer(_ countdown: CountdownState, rolledFrom froms: [Int?]) -> HTML {
        Tag.div(.class("offer-timer"), .role("timer"), .aria("label", OfferWebCopy.timerLabel)) {
            for (box, start) in stride(from: 0, to: countdown.digits.count, by: 2).enumerated() {
                if box > 0 { Tag.span(.class("offer-colon")) { ":" } }
                Tag.span(.class("offer-box")) {
                    for position in start..<min(start + 2, countdown.digits.count) {
                        digit(countdown.digits[position].digit, at: position, from: position < froms.count ? froms[position] : nil)
                    }
                }
            }
        }
    }

    /// `<span data-from="5" id="d7-4">4</span>`, or without `data-from` for a digit that did not roll.
    static func digit(_ value: Int, at position: Int, from: Int?) -> HTML {
        let text = String(value)
        let element = if let from { Tag.span(.data("from", String(from))) { text } } else { Tag.span { text } }
        return element.id(digitKey(position: position, digit: value))
    }

    static func digitKey(position: Int, digit: Int) -> String { "d\(position)-\(digit)" }
}
