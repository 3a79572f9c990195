/// The tree a browser's parser builds from rendered `HTML`, which is what op paths index: fragments flattened,
/// adjacent texts merged, empty texts dropped (the builder writes no whitespace of its own).
///
/// Where the parser would NOT build the tree the values describe, the node is `isOpaque`: its DOM shape is
/// unknown, so the diff never indexes into or past it and morphs its parent instead. That covers trusted
/// markup, and elements whose content the HTML parser restructures (WHATWG HTML §13.2.6.4.7):
/// - `p` holding a block element (`div`, `p`, `ul`, `li`, `h1`–`h3`, `section`, `header`, `footer`, `nav`,
///   `main`, `form`) anywhere below it: the block closes the paragraph;
/// - `a` inside `a`, `button` inside `button`, `form` inside `form`, `li` inside `li` without a `ul` between;
/// - `h1`–`h3` directly inside a heading; `title` holding elements (its content is text);
/// - `html`, `head`, `body` inside the content (the parser drops those tags);
/// - `svg` holding an HTML element (it breaks out of SVG content); a text of only U+0000 (the parser drops it);
/// - any element holding such an element: what the parser moves can meet an ancestor's rules in turn, so a
///   change anywhere in a page holding one is a whole-root morph. Scenes should not write such markup.
/// Everything else is assumed to nest as written (trusted markup is vouched to be well-formed on its own).
struct LiveNode: Sendable {
    enum Kind: Sendable {
        case element(LiveElement)
        case text(String)
        case trusted(String)
    }

    let kind: Kind
    /// The markup this node renders to: the same bytes `HTML.render()` gives.
    let rendered: String
    let isOpaque: Bool

    var key: String? {
        guard case .element(let element) = kind else { return nil }
        return element.key
    }
}

struct LiveElement: Sendable {
    let tag: HTMLTag
    /// Rendered attributes in name order; a bare boolean attribute has the value `nil`.
    let attributes: [(name: String, value: String?)]
    let children: [LiveNode]

    var key: String? { attributes.first { $0.name == "id" }?.value ?? nil }

    /// The markup of the children: what a `morph` of this element sends.
    var childrenRendered: String { children.map(\.rendered).joined() }
}

enum LiveTree {
    /// The normalised children of `html`, the content of an element (or of `#fh-root`).
    static func children(of html: HTML) -> [LiveNode] {
        var flat: [HTML.Node] = []
        flatten(html, into: &flat)
        var nodes: [LiveNode] = []
        var pendingText = ""
        func flushText() {
            guard !pendingText.isEmpty else { return }
            let onlyNUL = pendingText.unicodeScalars.allSatisfy { $0 == "\u{0}" }
            nodes.append(LiveNode(kind: .text(pendingText), rendered: HTMLEscaping.escaped(pendingText), isOpaque: onlyNUL))
            pendingText = ""
        }
        for node in flat {
            switch node {
            case .text(let text):
                pendingText += text
            case .trusted(let markup):
                flushText()
                nodes.append(LiveNode(kind: .trusted(markup), rendered: markup, isOpaque: true))
            case .element(let element):
                flushText()
                nodes.append(self.element(element))
            case .fragment:
                break  // flattened away
            }
        }
        flushText()
        return nodes
    }

    static func children(of nodes: [HTML]) -> [LiveNode] {
        children(of: HTML.fragment(nodes))
    }

    private static func flatten(_ html: HTML, into flat: inout [HTML.Node]) {
        if case .fragment(let children) = html.node {
            for child in children { flatten(child, into: &flat) }
        } else {
            flat.append(html.node)
        }
    }

    private static func element(_ element: HTMLElement) -> LiveNode {
        let attributes = HTMLAttribute.normalized(element.attributes)
        let children = element.tag.isVoid ? [] : children(of: element.children)
        let live = LiveElement(tag: element.tag, attributes: attributes, children: children)
        // Built from the children's markup, which is already rendered: each level copies it once instead of
        // rendering (escaping) the whole subtree again. The same bytes `HTML.render()` writes.
        var rendered = ""
        element.renderOpeningTag(into: &rendered)
        if !element.tag.isVoid {
            for child in children { rendered += child.rendered }
            rendered += "</" + element.tag.rawValue + ">"
        }
        return LiveNode(kind: .element(live), rendered: rendered, isOpaque: ParserRestructuring.restructures(live))
    }
}

/// Which elements the browser's parser would not build as written (see `LiveTree`).
enum ParserRestructuring {
    private static let closesParagraph: Set<HTMLTag> = [
        .div, .p, .ul, .li, .h1, .h2, .h3, .section, .header, .footer, .nav, .main, .form,
    ]
    private static let headings: Set<HTMLTag> = [.h1, .h2, .h3]
    private static let svgTags: Set<HTMLTag> = [.svg, .g, .path, .circle]

    static func restructures(_ element: LiveElement) -> Bool {
        // What the parser moves out of a restructured element can meet any ancestor's rules in turn (a `div`
        // escaping an `svg` closes the `h1` around it), so restructuring counts all the way up.
        let holdsRestructured = element.children.contains { child in
            if case .element = child.kind { child.isOpaque } else { false }
        }
        if holdsRestructured { return true }
        switch element.tag {
        case .html, .head, .body:
            return true
        case .title:
            return element.children.contains { if case .text = $0.kind { false } else { true } }
        case .p:
            return hasDescendant(element) { closesParagraph.contains($0.tag) }
        case .a, .button, .form:
            return hasDescendant(element) { $0.tag == element.tag }
        case .li:
            return hasDescendant(element, through: { $0.tag != .ul }) { $0.tag == .li }
        case .h1, .h2, .h3:
            return element.children.contains { if case .element(let child) = $0.kind { headings.contains(child.tag) } else { false } }
        case .svg:
            return hasDescendant(element) { !svgTags.contains($0.tag) }
        default:
            return false
        }
    }

    /// Whether an element below `element` matches, descending only through elements `through` accepts.
    private static func hasDescendant(
        _ element: LiveElement, through: (LiveElement) -> Bool = { _ in true }, matching: (LiveElement) -> Bool
    ) -> Bool {
        for child in element.children {
            guard case .element(let child) = child.kind else { continue }
            if matching(child) { return true }
            if through(child), hasDescendant(child, through: through, matching: matching) { return true }
        }
        return false
    }
}
