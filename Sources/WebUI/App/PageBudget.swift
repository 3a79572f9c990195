/// The most a page's content (`#fh-root`) may render to. Past it the page shows a panel that says so instead:
/// the HTML a session keeps, diffs and sends once more on every reconnect stays bounded whatever the data held,
/// and a whole-root resynchronisation (its JSON a little larger) stays well under the server's 4 MiB queue per
/// connection, past which a stream would be closed and the page never drawn. Every text from outside is cut per
/// field first (`TextLimit`), so only a page of very many long items meets this.
enum PageBudget {
    static let maximumContentBytes = 1 << 20

    /// `content`, or the panel when it would render to more than `limit` bytes (counted without rendering).
    static func bounded(_ content: HTML, limit: Int = maximumContentBytes) -> HTML {
        let size = content.renderedByteCount
        guard size > limit else { return content }
        return panel(size: size, limit: limit)
    }

    /// `content` rendered for a session, or the panel when it would take more than `limit` bytes: the render
    /// stops at the limit, and only then is the rest counted (for the panel's figure) without being written.
    static func rendered(_ content: HTML, limit: Int = maximumContentBytes, sizedLike previous: RenderedTree? = nil) -> RenderedTree {
        if let tree = RenderedTree(content, byteLimit: limit, sizedLike: previous) { return tree }
        return RenderedTree(panel(size: content.renderedByteCount, limit: limit)) ?? .empty
    }

    private static func panel(size: Int, limit: Int) -> HTML {
        Tag.div(.class("fh-panel"), .class("fh-too-large"), .role("alert")) {
            Tag.h1 { "This page is too large to show" }
            Tag.p {
                "What it holds would take \(megabytes(size)) of HTML, and a page may take \(megabytes(limit)). "
                    + "The data behind it is unusually large; the other pages work as usual."
            }
        }.id("fh-too-large")
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + 524_288) / 1_048_576
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}

extension HTML {
    /// The number of bytes `render()` would write, counted without writing them: one pass over the text's bytes.
    var renderedByteCount: Int {
        switch node {
        case .text(let text): return HTMLEscaping.escapedByteCount(text)
        case .trusted(let markup): return markup.utf8.count
        case .fragment(let children): return children.reduce(0) { $0 + $1.renderedByteCount }
        case .element(let element):
            let name = element.tag.rawValue.utf8.count
            var count = 2 + name  // <tag>
            for attribute in HTMLAttribute.normalized(element.attributes) {
                count += 1 + attribute.name.utf8.count
                if let value = attribute.value { count += 3 + HTMLEscaping.escapedByteCount(value) }
            }
            guard !element.tag.isVoid else { return count }
            return element.children.reduce(count + 3 + name) { $0 + $1.renderedByteCount }
        }
    }
}
