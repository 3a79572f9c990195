/// One change to the page's DOM, addressed by `key`: the `id` of an element that occurs once in the page, or
/// `HTMLDiff.rootKey` (`fh-root`, the `<main>` the content lives in) for the root. No op names a position, so the
/// client never has to build the tree the server has in mind: it finds the element by its id, and an op whose
/// element is missing makes it resynchronise instead of corrupting the page.
public enum PatchOp: Sendable, Equatable {
    /// Change the element's attributes in place; a boolean attribute that is present is set to `""`.
    case attributes(key: String, set: [String: String], remove: [String])
    /// Morph the element's children to the parsed `html`, keeping matched elements alive (by id, then by
    /// position and tag); `HTMLDiff.rootKey` is the whole content.
    case morph(key: String, html: String)
    /// Replace the element itself with the parsed `html` (a new element, a text, or nothing).
    case replace(key: String, html: String)
}
