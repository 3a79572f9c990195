import OfferCountdownFeature
import TerminalUI

/// Where every element of the offer screen goes at a given terminal size: a pure function, shared by the
/// scene and the layout test, so the test checks the very rectangles that are drawn.
///
/// Artwork on the left (two fifths of the width), the content column on the right. Sizes and spacing adapt:
/// the timer's boxes are 7 rows tall (room for a three-row roll) when the height allows, else 5; the button is
/// 3 rows, else 1; the gaps between groups grow from 1 to 3 rows, and the column is centred vertically.
public struct OfferLayout: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        case fits(OfferLayout)
        /// Taller than wide, counting two rows per column: landscape only, like the app.
        case portrait(neededWidth: Int)
        case tooSmall
    }

    /// The smallest size with the 5-row boxes, a 1-row button and 1-row gaps.
    public static let minimumSize = Size(width: 48, height: 17)

    public var size: Size
    public var artwork: Rect
    public var close: Rect
    public var headline: Rect
    public var subheadline: Rect
    public var discount: Rect
    public var audience: Rect
    public var timer: Rect
    /// Day, hour, minute, second.
    public var boxes: [Rect]
    /// The `:` between the boxes, on the digits' row.
    public var separators: [Rect]
    /// The row under the timer (always a gap there), where `This offer has expired.` goes once it has.
    public var expiredNote: Rect
    public var caption: Rect
    public var button: Rect
    public var footerLinks: [Rect]
    public var popup: Rect
    public var popupTitle: Rect
    /// The row under the title, one column right, where its coloured shadow falls.
    public var popupTitleShadow: Rect
    /// Wide enough for the longest message, `Offer activated at 99:23:59:59`.
    public var popupMessage: Rect
    /// The row under the message, for `Already activated earlier.`
    public var popupNote: Rect

    /// Rows inside a timer box; the digits sit on the middle one.
    public var boxInnerHeight: Int { (boxes.first?.height ?? 2) - 2 }
    /// The row of the digits and the `:` separators.
    public var digitsRow: Int { timer.y + timer.height / 2 }

    /// Every element a person sees on the main screen, by name, for the overlap and clipping checks. The
    /// close button sits on the artwork by design, so it is checked to be inside it rather than apart.
    public var mainElements: [(name: String, rect: Rect)] {
        [
            ("artwork", artwork), ("headline", headline), ("subheadline", subheadline), ("discount", discount),
            ("audience", audience),
        ]
            + boxes.enumerated().map { ("box \($0.offset)", $0.element) }
            + separators.enumerated().map { ("separator \($0.offset)", $0.element) }
            + [("expired note", expiredNote), ("caption", caption), ("button", button)]
            + footerLinks.enumerated().map { ("footer link \($0.offset)", $0.element) }
    }

    public static func make(size: Size, copy: OfferCopy = .design) -> Outcome {
        guard size.fits(minimumSize) else { return .tooSmall }
        guard size.height * 2 <= size.width else { return .portrait(neededWidth: size.height * 2) }
        return Builder(size: size, copy: copy).build().map(Outcome.fits) ?? .tooSmall
    }
}

/// The arithmetic of `OfferLayout.make`, kept apart so the type above reads as the list of what is placed.
private struct Builder {
    let size: Size
    let copy: OfferCopy

    static let separatorWidth = 3  // " : "
    static let minimumArtworkWidth = 12
    static let gapToArtwork = 2
    static let rightMargin = 1
    static let maximumGap = 3
    /// (box height, button height), largest first.
    static let tiers = [(7, 3), (5, 3), (5, 1)]

    func build() -> OfferLayout? {
        let textWidths = [copy.headline, copy.subheadline, copy.discount, copy.audience, copy.caption].map(DisplayWidth.of)
        let footerWidth = footerWidths.reduce(0, +) + 3 * (footerWidths.count - 1)
        let needed = ([timerWidth(boxWidth: 6), buttonMinimumWidth, footerWidth] + textWidths).max() ?? 0
        let artworkWidth = min(
            max(size.width * 2 / 5, Self.minimumArtworkWidth), size.width - Self.gapToArtwork - Self.rightMargin - needed)
        guard artworkWidth >= Self.minimumArtworkWidth else { return nil }
        let columnX = artworkWidth + Self.gapToArtwork
        let column = Rect(x: columnX, y: 0, width: size.width - columnX - Self.rightMargin, height: size.height)
        let boxWidth = column.width >= timerWidth(boxWidth: 8) ? 8 : 6

        // Groups: headline+subheadline, discount+audience, timer, caption, button, footer: five gaps.
        guard let (boxHeight, buttonHeight) = Self.tiers.first(where: { 2 + 2 + $0.0 + 1 + $0.1 + 1 + 5 <= size.height })
        else { return nil }
        let content = 2 + 2 + boxHeight + 1 + buttonHeight + 1
        let gap = min(Self.maximumGap, (size.height - content) / 5)
        var y = (size.height - content - 5 * gap) / 2

        func centred(_ width: Int, height: Int = 1) -> Rect {
            Rect(x: column.x + (column.width - width) / 2, y: y, width: width, height: height)
        }
        func line(_ text: String) -> Rect { centred(DisplayWidth.of(text)) }

        let headline = line(copy.headline)
        y += 1
        let subheadline = line(copy.subheadline)
        y += 1 + gap
        let discount = line(copy.discount)
        y += 1
        let audience = line(copy.audience)
        y += 1 + gap
        let timer = centred(timerWidth(boxWidth: boxWidth), height: boxHeight)
        let boxes = (0..<4).map { Rect(x: timer.x + $0 * (boxWidth + Self.separatorWidth), y: timer.y, width: boxWidth, height: boxHeight) }
        let separators = boxes.dropLast().map { Rect(x: $0.maxX + 1, y: timer.y + boxHeight / 2, width: 1, height: 1) }
        y += boxHeight
        let expiredNote = line(copy.expired)
        y += gap
        let caption = line(copy.caption)
        y += 1 + gap
        let button = centred(max(timer.width, buttonMinimumWidth), height: buttonHeight)
        y += buttonHeight + gap
        let footer = centred(footerWidth)
        var linkX = footer.x
        let footerLinks = footerWidths.map { width in
            defer { linkX += width + 3 }
            return Rect(x: linkX, y: footer.y, width: width, height: 1)
        }

        let artwork = Rect(x: 0, y: 0, width: artworkWidth, height: size.height)
        let popup = popupRects()
        return OfferLayout(
            size: size, artwork: artwork, close: Rect(x: artwork.x + 2, y: artwork.y + 1, width: 1, height: 1),
            headline: headline, subheadline: subheadline, discount: discount, audience: audience, timer: timer,
            boxes: boxes, separators: Array(separators), expiredNote: expiredNote, caption: caption, button: button,
            footerLinks: footerLinks,
            popup: popup.box, popupTitle: popup.title, popupTitleShadow: popup.shadow, popupMessage: popup.message,
            popupNote: Rect(x: popup.message.x, y: popup.message.y + 1, width: popup.message.width, height: 1))
    }

    private var footerWidths: [Int] { copy.footerLinks.map(DisplayWidth.of) }

    /// `> ACTIVATE OFFER <` with a space of gradient either side.
    private var buttonMinimumWidth: Int { max(DisplayWidth.of(copy.activateButton), DisplayWidth.of(copy.activatedButton)) + 6 }

    private func timerWidth(boxWidth: Int) -> Int { 4 * boxWidth + 3 * Self.separatorWidth }

    /// Border, blank, title, its shadow, blank, message, blank, border; three columns of padding each side.
    private func popupRects() -> (box: Rect, title: Rect, shadow: Rect, message: Rect) {
        let titleWidth = DisplayWidth.of(copy.popupTitle)
        let messageWidth = DisplayWidth.of(copy.popupMessage(time: "99:23:59:59"))
        let inner = max(messageWidth, titleWidth + 1, DisplayWidth.of(copy.earlierActivationNote))
        let box = Rect(x: 0, y: 0, width: size.width, height: size.height).centered(Size(width: inner + 8, height: 8))
        let title = Rect(x: box.x + (box.width - titleWidth) / 2, y: box.y + 2, width: titleWidth, height: 1)
        let shadow = Rect(x: title.x + 1, y: title.y + 1, width: titleWidth, height: 1)
        let message = Rect(x: box.x + 4, y: box.y + 5, width: inner, height: 1)
        return (box, title, shadow, message)
    }
}
