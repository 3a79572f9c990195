import CarNewsFeature
import TerminalUI

/// The open article as lines for a width: image placeholder, title, date, ingress, each content item, tags. The
/// scene scrolls them; everything below the header moves together.
@MainActor
struct ArticleDetailView {
    enum Line: Equatable {
        /// One row of the picture frame, with its caption (the title, or `No image`).
        case image(ImagePlaceholderView.Part, caption: String)
        /// Row `row` of the picture, `rows` tall (with the shell's pictures).
        case picture(row: Int, rows: Int)
        case text(String, Style)
        case blank
    }

    let detail: CarNewsViewState.Detail
    /// The shell's pictures; nil or off: the three-row placeholder frame.
    var pictures: (any TerminalPictures)? = nil
    /// How tall the picture is with pictures: it depends on the screen's height (two thirds at most).
    var viewportHeight = 21

    private var shownPictures: (any TerminalPictures)? { pictures.flatMap { $0.mode.showsPictures ? $0 : nil } }

    func lines(width: Int) -> [Line] {
        let textWidth = max(width - 4, 1)
        func wrap(_ text: String, _ style: Style) -> [Line] {
            TextLayout.wrap(text, width: textWidth).map { .text($0, style) }
        }
        let caption = detail.image == nil ? detail.imageLabel : detail.title
        var lines: [Line]
        if shownPictures != nil {
            let rows = ArticlePictureView.detailRows(width: textWidth, viewportHeight: viewportHeight)
            lines = (0..<rows).map { Line.picture(row: $0, rows: rows) }
        } else {
            lines = ImagePlaceholderView.parts.map { Line.image($0, caption: caption) }
        }
        lines.append(.blank)
        lines += wrap(detail.title, CarNewsPalette.articleTitle)
        lines += wrap(detail.date, CarNewsPalette.date)
        if detail.isLoading {
            lines.append(.blank)
            lines += wrap(Self.loadingText, CarNewsPalette.date)
        }
        if let problem = HintText.problem(of: detail) {
            lines.append(.blank)
            lines += ReasonText.wrap(problem, width: textWidth).map { .text($0, CarNewsPalette.problem) }
        }
        if !detail.ingress.isEmpty {
            lines.append(.blank)
            lines += wrap(detail.ingress, CarNewsPalette.ingress)
        }
        for section in detail.sections {
            lines.append(.blank)
            if !section.subject.isEmpty { lines += wrap(section.subject, CarNewsPalette.subject) }
            if !section.description.isEmpty { lines += wrap(section.description, .plain) }
        }
        if let tags = detail.tags {
            lines.append(.blank)
            lines += wrap(tags, CarNewsPalette.date)
        }
        return lines
    }

    /// The rows the article scrolls in, below the header.
    static func viewportHeight(in size: Size) -> Int { max(size.height - HeaderView.height, 1) }

    static func maximumScroll(lineCount: Int, in size: Size) -> Int { max(lineCount - viewportHeight(in: size), 0) }

    /// Shown under the date while the article's text is read from the store.
    static let loadingText = "Loading the article…"

    /// Draws the lines from `scroll` (clamped to the last screenful) under the header.
    func draw(into frame: inout Frame, scroll requested: Int, status: String?) {
        let size = frame.size
        let lines = lines(width: size.width)
        let viewport = Self.viewportHeight(in: size)
        let scroll = min(max(requested, 0), Self.maximumScroll(lineCount: lines.count, in: size))
        let last = min(scroll + viewport, lines.count)
        let position = lines.count > viewport ? "lines \(scroll + 1)–\(last) of \(lines.count)" : ""
        HeaderView.draw(title: "Car News › Article", status: status ?? position, into: &frame)
        for (offset, line) in lines[scroll..<last].enumerated() {
            let y = HeaderView.height + offset
            switch line {
            case .image(let part, let caption):
                ImagePlaceholderView.draw(
                    part, caption: caption, in: Rect(x: 2, y: y, width: max(size.width - 4, 0), height: 1), into: &frame)
            case .picture(let row, let rows):
                // The whole picture placed as if unscrolled, drawn only where this row is.
                guard let pictures = shownPictures else { continue }
                ArticlePictureView(pictures: pictures).draw(
                    detail.image, label: detail.imageLabel, in: Rect(x: 2, y: y - row, width: max(size.width - 4, 0), height: rows),
                    clip: Rect(x: 0, y: y, width: size.width, height: 1), into: &frame)
            case .text(let text, let style):
                frame.put(text, in: Rect(x: 2, y: y, width: max(size.width - 4, 0), height: 1), style: style)
            case .blank:
                continue
            }
        }
    }
}
