/// One change to the page's DOM, addressed by `path`: child indices from `#fh-root` through element and text
/// children, exactly as the normalised tree has them (see `LiveTree`). `tag` names the element the client must
/// find at `path`; a mismatch makes it resynchronise instead of corrupting the page.
public enum PatchOp: Sendable, Equatable {
    /// Set a text node's data.
    case text(path: [Int], text: String)
    /// Change an element's attributes in place; a boolean attribute that is present is set to `""`.
    case attributes(path: [Int], tag: String, set: [String: String], remove: [String])
    /// Replace the node at `path` with the parsed `html` (one element or one text).
    case replace(path: [Int], html: String)
    /// Morph the element's children to the parsed `html`, keeping matched elements alive; `path: []` is the root.
    case morph(path: [Int], tag: String, html: String)
}
