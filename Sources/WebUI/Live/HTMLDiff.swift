/// The patch between two renders of a page's content (`RenderedTree`), as ops addressed by key: the `id` of an
/// element that occurs once in the page (`RenderedTree.addresses`), or the root.
///
/// An element with an address, or the root, is an *anchor*. The diff walks both trees from the root, once:
/// - Where nothing changed (equal hashes, then equal bytes), it goes no further.
/// - An anchor present in both with the same tag gets an `attrs` op when its attributes changed, and its
///   children are compared in turn.
/// - Elements without an address are compared in place: the same tag and attributes at the same position of a
///   sibling list of the same length, their children likewise. A change there (a text, an attribute, a child
///   more or less) can only be said by morphing the nearest anchor above it.
/// - Where an element with an address leaves the page and another node takes its place (a countdown digit with a
///   new key), the old element is `replace`d, unless the new one is an element the old page holds elsewhere.
/// - An anchor whose fine ops would take more bytes than one `morph` of it is morphed instead.
/// So no op names a position, and the server never models how the browser's parser builds the tree. That holds
/// for markup that nests as HTML allows (what the builder's scenes write); see docs/web-surface.md.
public enum HTMLDiff {
    /// The key of the root: `#fh-root`, the `<main>` the page shell puts the content in. An element of the content
    /// with this id is never an address.
    public static let rootKey = "fh-root"

    /// The ops that turn the DOM rendered from `old` into `new`; both are the content of `#fh-root`.
    static func ops(from old: RenderedTree, to new: RenderedTree) -> [PatchOp] {
        var differ = Differ(old: old, new: new)
        differ.anchor(old: nil, new: nil)
        return differ.pending.map { differ.op($0) }
    }

    /// The ops between two renders of content given as values (tests and tools; a session keeps its last render).
    public static func ops(from old: HTML, to new: HTML) -> [PatchOp] {
        ops(from: RenderedTree(old) ?? .empty, to: RenderedTree(new) ?? .empty)
    }

    /// The whole-root resynchronisation: one `morph` of the root with all the content.
    static func resync(to new: RenderedTree) -> [PatchOp] {
        [.morph(key: rootKey, html: new.markupString)]
    }

    public static func resync(to new: HTML) -> [PatchOp] {
        resync(to: RenderedTree(new) ?? .empty)
    }
}

/// One walk of two trees. Ops are first noted by node (`Pending`) with their estimated size, and made into
/// strings at the end, so an anchor's fine ops given up for its morph cost nothing more.
private struct Differ {
    enum Pending {
        case attributes(old: Int, new: Int)
        /// The root for nil.
        case morph(new: Int?)
        case replace(old: Int, new: Int)
    }

    let old: RenderedTree
    let new: RenderedTree
    private(set) var pending: [Pending] = []
    /// `bytesBefore[i]`: the estimated bytes of `pending[0..<i]`.
    private var bytesBefore: [Int] = [0]

    init(old: RenderedTree, new: RenderedTree) {
        self.old = old
        self.new = new
    }

    /// Two anchors that are the same element (or both the root): its attributes, then its content.
    mutating func anchor(old oldNode: Int?, new newNode: Int?) {
        if let oldNode, let newNode, !old.sameOpeningTag(oldNode, as: newNode, in: new) {
            push(.attributes(old: oldNode, new: newNode))
        }
        // Not a comparison of the whole content: that would read an anchor's bytes once per anchor above them.
        // Its children are compared one by one, each skipped whole when its hash and bytes are unchanged.
        let mark = pending.count
        let inPlace = siblings(old: old.children(of: oldNode), new: new.children(of: newNode))
        let morph = Pending.morph(new: newNode)
        if !inPlace || bytesBefore[pending.count] - bytesBefore[mark] > estimate(morph) {
            pending.removeSubrange(mark...)
            bytesBefore.removeSubrange((mark + 1)...)
            push(morph)
        }
    }

    /// Two sibling lists within one anchor: false when only that anchor's morph can say what changed.
    private mutating func siblings(old oldList: (first: Int, end: Int), new newList: (first: Int, end: Int)) -> Bool {
        var oldNode = oldList.first
        var newNode = newList.first
        while oldNode < oldList.end, newNode < newList.end {
            guard compare(oldNode, newNode) else { return false }
            oldNode = old.nodes[oldNode].subtreeEnd
            newNode = new.nodes[newNode].subtreeEnd
        }
        return oldNode == oldList.end && newNode == newList.end
    }

    /// Two nodes at the same position of their lists.
    private mutating func compare(_ oldNode: Int, _ newNode: Int) -> Bool {
        if old.same(oldNode, as: newNode, in: new) { return true }
        let oldAddress = old.address(of: oldNode)
        let newAddress = new.address(of: newNode)
        if let oldTag = old.nodes[oldNode].tag, oldTag == new.nodes[newNode].tag {
            if let oldAddress, oldAddress == newAddress {
                anchor(old: oldNode, new: newNode)
                return true
            }
            if oldAddress == nil, newAddress == nil {
                return old.sameOpeningTag(oldNode, as: newNode, in: new)
                    && siblings(old: old.children(of: oldNode), new: new.children(of: newNode))
            }
        }
        // Another node in the place of an element the client can find: replace it, when no element either page
        // keeps elsewhere is lost or doubled by that.
        guard let oldAddress else { return false }
        let leaves = new.addresses[oldAddress] == nil || newAddress == oldAddress
        let takesNoKeptElement = newAddress == nil || newAddress == oldAddress || old.addresses[newAddress ?? ""] == nil
        guard leaves, takesNoKeptElement else { return false }
        push(.replace(old: oldNode, new: newNode))
        return true
    }

    private mutating func push(_ op: Pending) {
        pending.append(op)
        bytesBefore.append(bytesBefore[bytesBefore.count - 1] + estimate(op))
    }

    /// About the op's JSON size before escaping (the same reckoning as `PatchOp.estimatedBytes`).
    private func estimate(_ op: Pending) -> Int {
        switch op {
        case .attributes(let oldNode, let newNode):
            let (set, remove) = attributeChanges(old: oldNode, new: newNode)
            return PatchOp.attributes(key: new.nodes[newNode].key ?? "", set: set, remove: remove).estimatedBytes
        case .morph(let newNode):
            return 32 + (newNode.flatMap { new.nodes[$0].key?.utf8.count } ?? 7) + new.contentRange(of: newNode).count
        case .replace(let oldNode, let newNode):
            return 32 + (old.nodes[oldNode].key?.utf8.count ?? 0) + new.nodes[newNode].end - new.nodes[newNode].start
        }
    }

    /// The op as it goes on the wire.
    func op(_ op: Pending) -> PatchOp {
        switch op {
        case .attributes(let oldNode, let newNode):
            let (set, remove) = attributeChanges(old: oldNode, new: newNode)
            return .attributes(key: new.nodes[newNode].key ?? "", set: set, remove: remove)
        case .morph(let newNode):
            guard let newNode else { return .morph(key: HTMLDiff.rootKey, html: new.markupString) }
            return .morph(key: new.nodes[newNode].key ?? "", html: new.string(new.contentRange(of: newNode)))
        case .replace(let oldNode, let newNode):
            let node = new.nodes[newNode]
            return .replace(key: old.nodes[oldNode].key ?? "", html: new.string(node.start..<node.end))
        }
    }

    private func attributeChanges(old oldNode: Int, new newNode: Int) -> (set: [String: String], remove: [String]) {
        let before = old.attributes[old.nodes[oldNode].attributeStart..<old.nodes[oldNode].attributeEnd]
        let after = new.attributes[new.nodes[newNode].attributeStart..<new.nodes[newNode].attributeEnd]
        var set: [String: String] = [:]
        var remove: [String] = []
        for attribute in after where !before.contains(where: { $0.name == attribute.name && $0.value == attribute.value }) {
            set[attribute.name] = attribute.value ?? ""
        }
        for attribute in before where !after.contains(where: { $0.name == attribute.name }) {
            remove.append(attribute.name)
        }
        return (set, remove)
    }
}
