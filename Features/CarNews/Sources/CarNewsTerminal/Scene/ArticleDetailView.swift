import CarNewsFeature
import TerminalUI

/// The open article as lines for a width: image placeholder, title, date, ingress, each content item, tags. The
/// scene scrolls them; everything below the header moves together.
struct ArticleDetailView {
    enum Line: Equatable {
        /// One row of the picture frame, with its caption (the title, or `No image`).
        case image(ImagePlaceholder.Part, caption: String)
        case text(String, Style)
        case blank
    }


    let detail: CarNewsViewState.Detail

    func lines(width: Int) -> [Line] {
        let textWidth = max(width - 4, 1)
        func wrap(_ text: String, _ style: Style) -> [Line] {
            TextLayout.wrap(text, width: textWidth).map { .text($0, style) }
        }
        let caption = detail.image == nil ? detail.imageLabel : detail.title
        var lines = ImagePlaceholder.parts.map { Line.image($0, caption: caption) }
        lines.append(.blank)
        lines += wrap(detail.title, CarNewsPalette.articleTitle)
        lines += wrap(detail.date, CarNewsPalette.date)
        if detail.isLoading {
            lines.append(.blank)
            lines += wrap(Self.loadingText, CarNewsPalette.date)
        }
        if let problem = HintText.problem(of: detail) {
            lines.append(.blank)
            lines += wrap(problem, CarNewsPalette.problem)
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
    static func viewportHeight(in size: Size) -> Int { max(size.height - Header.height, 1) }

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
        Header.draw(title: "Car News › Article", status: status ?? position, into: &frame)
        for (offset, line) in lines[scroll..<last].enumerated() {
            let y = Header.height + offset
            switch line {
            case .image(let part, let caption):
                ImagePlaceholder.draw(part, caption: caption, in: Rect(x: 2, y: y, width: max(size.width - 4, 0), height: 1), into: &frame)
            case .text(let text, let style):
                frame.put(text, in: Rect(x: 2, y: y, width: max(size.width - 4, 0), height: 1), style: style)
            case .blank:
                continue
            }
        }
    }
}
