/// The patch between two renders of `#fh-root`'s content, computed on the normalised trees (`LiveTree`).
///
/// - Same child count, same tag and key at each position: diffed in place (an `attrs` op, then the children).
///   A changed text is one `text` op; a position whose key, tag or node type changed is one `replace`.
/// - A changed child count, or a key that moved to another position: a `morph` of the parent, which keeps
///   matched elements alive in the client.
/// - A sibling list holding an opaque node (trusted markup, or an element the parser restructures) that changed:
///   a `morph` of the parent, since the DOM indices past that node are unknown.
/// - When an element's child ops would take more bytes than one `morph` of it, the `morph` goes instead.
public enum HTMLDiff {
    /// The ops that turn the DOM rendered from `old` into `new`; both are the CONTENT of `#fh-root`.
    public static func ops(from old: HTML, to new: HTML) -> [PatchOp] {
        let oldChildren = LiveTree.children(of: old)
        let newChildren = LiveTree.children(of: new)
        guard let ops = childOps(from: oldChildren, to: newChildren, path: []) else { return resync(to: new) }
        return ops
    }

    /// The whole-root resynchronisation: `[.morph(path: [], tag: "main", html: new.render())]`.
    public static func resync(to new: HTML) -> [PatchOp] {
        [.morph(path: [], tag: HTMLTag.main.rawValue, html: new.render())]
    }

    /// The ops for a sibling list diffed in place, or `nil` when its parent must be morphed.
    static func childOps(from old: [LiveNode], to new: [LiveNode], path: [Int]) -> [PatchOp]? {
        guard old.count == new.count else { return nil }
        let changed = old.indices.filter { old[$0].rendered != new[$0].rendered }
        guard !changed.isEmpty else { return [] }
        if old.contains(where: \.isOpaque) || new.contains(where: \.isOpaque) { return nil }
        if keyMoved(from: old, to: new) { return nil }
        var ops: [PatchOp] = []
        for index in changed {
            ops += nodeOps(from: old[index], to: new[index], path: path + [index])
        }
        return ops
    }

    /// Whether a key present on both sides sits at another position: a reorder, which only a morph keeps alive.
    private static func keyMoved(from old: [LiveNode], to new: [LiveNode]) -> Bool {
        var oldPositions: [String: Int] = [:]
        for (index, node) in old.enumerated() {
            if let key = node.key { oldPositions[key] = index }
        }
        for (index, node) in new.enumerated() {
            if let key = node.key, let oldIndex = oldPositions[key], oldIndex != index { return true }
        }
        return false
    }

    private static func nodeOps(from old: LiveNode, to new: LiveNode, path: [Int]) -> [PatchOp] {
        switch (old.kind, new.kind) {
        case (.text, .text(let text)):
            return [.text(path: path, text: text)]
        case (.element(let oldElement), .element(let newElement))
        where oldElement.tag == newElement.tag && oldElement.key == newElement.key:
            let tag = newElement.tag.rawValue
            var ops: [PatchOp] = []
            if let attributes = attributeOp(from: oldElement, to: newElement, path: path) { ops.append(attributes) }
            guard oldElement.childrenRendered != newElement.childrenRendered else { return ops }
            let morph = PatchOp.morph(path: path, tag: tag, html: newElement.childrenRendered)
            guard let children = childOps(from: oldElement.children, to: newElement.children, path: path) else {
                return ops + [morph]
            }
            let childBytes = children.reduce(0) { $0 + $1.json.utf8.count + 1 }
            // Escaping only adds bytes, so a morph is never smaller than its rendered children: often no need to encode it.
            guard childBytes > newElement.childrenRendered.utf8.count else { return ops + children }
            return ops + (childBytes > morph.json.utf8.count ? [morph] : children)
        default:
            return [.replace(path: path, html: new.rendered)]
        }
    }

    private static func attributeOp(from old: LiveElement, to new: LiveElement, path: [Int]) -> PatchOp? {
        var oldValues: [String: String?] = [:]
        for attribute in old.attributes { oldValues[attribute.name] = .some(attribute.value) }
        var set: [String: String] = [:]
        var remove: [String] = []
        var newNames: Set<String> = []
        for attribute in new.attributes {
            newNames.insert(attribute.name)
            if oldValues[attribute.name] != .some(attribute.value) { set[attribute.name] = attribute.value ?? "" }
        }
        for attribute in old.attributes where !newNames.contains(attribute.name) { remove.append(attribute.name) }
        guard !set.isEmpty || !remove.isEmpty else { return nil }
        return .attributes(path: path, tag: new.tag.rawValue, set: set, remove: remove.sorted())
    }
}
