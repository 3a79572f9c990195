/// Which URLs an `href`, `src` or `action` may carry. Escaping stops a value breaking out of its attribute, but
/// not `javascript:` running when followed, so the scheme is checked too. Allowed: relative URLs (no scheme,
/// including `/path`, `?query`, `//host`), fragments (`#id`), `http:` and `https:`, and for `src` only
/// `data:image/…`. Anything else (`javascript:`, `vbscript:`, `data:text/html`, `mailto:`, a scheme hidden
/// behind spaces or tabs) is rendered as `#`: a dead link, never an error, so a bad feed item cannot break a page.
enum URLPolicy {
    /// What a refused URL renders as.
    static let refused = "#"

    static func sanitized(_ url: String, allowingImageData: Bool) -> String {
        // A scheme is whatever comes before a ':' that precedes any '/', '?' or '#'; without one the URL is relative.
        guard let end = url.firstIndex(where: { ":/?#".contains($0) }), url[end] == ":" else { return url }
        switch url[..<end].lowercased() {
        case "http", "https":
            return url
        case "data" where allowingImageData && url.lowercased().hasPrefix("data:image/"):
            return url
        default:
            return refused
        }
    }
}
