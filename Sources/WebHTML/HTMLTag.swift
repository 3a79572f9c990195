/// The tags pages may use. A closed list, so a tag name can never come from data; `script` is here only for
/// `Tag.script(src:)`, which takes no children (the CSP forbids inline script).
package enum HTMLTag: String, Sendable {
    case html, head, body, meta, title, link, script
    case main, section, header, footer, nav, div, span, p, h1, h2, h3, ul, li, a, code
    case button, form, label, input, img
    case svg, g, path, circle

    /// Void elements have no content and no closing tag.
    package var isVoid: Bool {
        switch self {
        case .meta, .link, .input, .img: true
        default: false
        }
    }
}
