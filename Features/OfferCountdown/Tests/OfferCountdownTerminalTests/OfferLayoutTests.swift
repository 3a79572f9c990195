import OfferCountdownFeature
import TerminalUI
import Testing

@testable import OfferCountdownTerminal

@Suite("Layout")
struct OfferLayoutTests {
    /// Every width and height from the minimum to the iPad analogue, in steps that include both ends.
    static let widths = Array(stride(from: 48, through: 250, by: 1))
    static let heights = Array(stride(from: 17, through: 80, by: 1))

    @Test("from the minimum to 250×80, landscape sizes lay out with nothing overlapping and nothing clipped")
    func grid() {
        var checked = 0
        for width in Self.widths {
            for height in Self.heights {
                let size = Size(width: width, height: height)
                switch OfferLayout.make(size: size) {
                case .fits(let layout):
                    checked += 1
                    for problem in Self.problems(layout) {
                        Issue.record("\(size): \(problem)")
                        return
                    }
                case .portrait:
                    #expect(height * 2 > width, "\(size) is landscape but was refused")
                case .tooSmall:
                    Issue.record("\(size) is above the minimum but did not fit")
                    return
                }
            }
        }
        #expect(checked > 8_000)
    }

    @Test("80×24 (the iPhone SE analogue) uses the tall boxes and the 3-row button")
    func phone() throws {
        guard case .fits(let layout) = OfferLayout.make(size: Size(width: 80, height: 24)) else {
            Issue.record("80×24 does not fit")
            return
        }
        #expect(layout.boxInnerHeight == 5)
        #expect(layout.button.height == 3)
        #expect(Self.problems(layout).isEmpty)
    }

    @Test("below the minimum, or taller than wide, there is no layout")
    func refusals() {
        #expect(OfferLayout.make(size: Size(width: 47, height: 17)) == .tooSmall)
        #expect(OfferLayout.make(size: Size(width: 48, height: 16)) == .tooSmall)
        #expect(OfferLayout.make(size: Size(width: 60, height: 40)) == .portrait(neededWidth: 80))
        #expect(OfferLayout.make(size: Size(width: 159, height: 80)) == .portrait(neededWidth: 160))
        if case .fits = OfferLayout.make(size: OfferLayout.minimumSize) {} else { Issue.record("the minimum does not fit") }
    }

    /// Overlaps, elements outside the frame, text wider than its rectangle, and popup parts outside the popup.
    static func problems(_ layout: OfferLayout) -> [String] {
        var problems: [String] = []
        let bounds = Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
        let elements = layout.mainElements
        for (name, rect) in elements where !bounds.contains(rect) { problems.append("\(name) \(rect) is clipped") }
        for i in elements.indices {
            for j in elements.indices where j > i && elements[i].rect.intersects(elements[j].rect) {
                problems.append("\(elements[i].name) overlaps \(elements[j].name)")
            }
        }
        let copy = OfferCopy.design
        let texts: [(String, Rect)] =
            [
                (copy.headline, layout.headline), (copy.subheadline, layout.subheadline), (copy.discount, layout.discount),
                (copy.audience, layout.audience), (copy.caption, layout.caption), ("> \(copy.activateButton) <", layout.button),
                (copy.popupTitle, layout.popupTitle), (copy.popupMessage(time: "99:23:59:59"), layout.popupMessage),
            ]
            + zip(copy.footerLinks, layout.footerLinks).map { ($0, $1) }
        for (text, rect) in texts where DisplayWidth.of(text) > rect.width { problems.append("\"\(text)\" is cut in \(rect)") }
        if !layout.artwork.contains(layout.close) { problems.append("the close button is outside the artwork") }
        for box in layout.boxes where box.height - 2 < 3 { problems.append("box \(box) has no room to roll") }
        for separator in layout.separators where separator.y != layout.digitsRow { problems.append("a : is off the digits' row") }
        let interior = layout.popup.insetBy(dx: 1, dy: 1)
        if !bounds.contains(layout.popup) { problems.append("the popup is clipped") }
        for (name, rect) in [("title", layout.popupTitle), ("shadow", layout.popupTitleShadow), ("message", layout.popupMessage)]
        where !interior.contains(rect) {
            problems.append("the popup's \(name) is outside it")
        }
        if layout.popupTitle.intersects(layout.popupMessage) || layout.popupTitleShadow.intersects(layout.popupMessage) {
            problems.append("the popup's title overlaps its message")
        }
        return problems
    }
}
