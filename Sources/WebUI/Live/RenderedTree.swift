import Foundation

/// A page's content (what goes inside `#fh-root`) rendered once: its markup, the very bytes `HTML.render()`
/// writes, and for every node of the tree a browser builds from it (fragments flattened, adjacent texts merged,
/// empty texts dropped) where its markup lies, a hash of its subtree and its key. A session keeps the last one,
/// and the diff compares the next render against it without rendering either again.
///
/// Nodes are in document order; a node's children follow it, and `subtreeEnd` skips past them, so walking a
/// sibling list visits each sibling once, whatever lies below it.
struct RenderedTree: Sendable {
    enum Kind: UInt8, Sendable {
        case element, text, trusted
    }

    struct Node: Sendable {
        var kind: Kind
        /// The element's tag; nil for text and trusted markup.
        var tag: HTMLTag?
        /// `markup[start..<end]` is the node's markup.
        var start: Int
        var end: Int
        /// An element's children are `markup[contentStart..<contentEnd]`: its opening tag ends at `contentStart`.
        /// A text's or trusted markup's content is the node's whole markup.
        var contentStart: Int
        var contentEnd: Int
        /// The index in `nodes` just past this node's subtree: its next sibling's, when it has one.
        var subtreeEnd: Int
        /// Of the whole subtree's markup, structurally: equal subtrees have equal hashes. Only ever a shortcut:
        /// equal hashes are confirmed by comparing the bytes.
        var hash: UInt64
        /// The attributes of an element with a key, as rendered, in name order:
        /// `attributes[attributeStart..<attributeEnd]` (only an element with an address ever gets an `attrs` op).
        var attributeStart: Int
        var attributeEnd: Int
        /// The element's `id`.
        var key: String?
    }

    /// The rendered content, UTF-8.
    let markup: [UInt8]
    let nodes: [Node]
    let attributes: [(name: String, value: String?)]
    /// Every key that occurs exactly once, with its node. Only these address a node: the client finds an
    /// element by its `id`, which a repeated one would not name. `HTMLDiff.rootKey` never addresses a node inside.
    let addresses: [String: Int]

    /// The empty content.
    static let empty = RenderedTree(markup: [], nodes: [], attributes: [], addresses: [:])

    private init(markup: [UInt8], nodes: [Node], attributes: [(name: String, value: String?)], addresses: [String: Int]) {
        self.markup = markup
        self.nodes = nodes
        self.attributes = attributes
        self.addresses = addresses
    }

    /// Renders `content` once; nil when its markup would be longer than `byteLimit` (rendering stops there).
    /// `previous`, the last render of the same page, sizes the buffers (the next render is usually much the same).
    init?(_ content: HTML, byteLimit: Int = .max, sizedLike previous: RenderedTree? = nil) {
        var builder = Builder(byteLimit: byteLimit)
        if let previous {
            builder.markup.reserveCapacity(min(previous.markup.count + previous.markup.count / 8, byteLimit) + 64)
            builder.nodes.reserveCapacity(previous.nodes.count + previous.nodes.count / 8 + 8)
            builder.attributes.reserveCapacity(previous.attributes.count + 8)
        }
        builder.append(content)
        builder.closeText()
        guard !builder.overflowed else { return nil }
        var addresses: [String: Int] = [:]
        for (key, node) in builder.keys where node >= 0 && key != HTMLDiff.rootKey { addresses[key] = node }
        self.init(markup: builder.markup, nodes: builder.nodes, attributes: builder.attributes, addresses: addresses)
    }

    /// The markup as a string: what a page or a whole-root morph carries.
    var markupString: String { String(decoding: markup, as: UTF8.self) }

    /// The key that addresses `node`, if it has one.
    func address(of node: Int) -> String? {
        guard let key = nodes[node].key, addresses[key] == node else { return nil }
        return key
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: markup[range], as: UTF8.self)
    }

    /// The range of the content (children) of `node`, or of the whole tree for nil (the root).
    func contentRange(of node: Int?) -> Range<Int> {
        guard let node else { return 0..<markup.count }
        return nodes[node].contentStart..<nodes[node].contentEnd
    }

    /// The indices in `nodes` of `node`'s children, or of the root's for nil: `first` then each `subtreeEnd`.
    func children(of node: Int?) -> (first: Int, end: Int) {
        guard let node else { return (0, nodes.count) }
        return (node + 1, nodes[node].subtreeEnd)
    }
}

// MARK: - Comparing two renders

extension RenderedTree {
    /// Whether `node` renders exactly as `other`'s `otherNode`: the hashes first, then the bytes.
    func same(_ node: Int, as otherNode: Int, in other: RenderedTree) -> Bool {
        let a = nodes[node]
        let b = other.nodes[otherNode]
        guard a.hash == b.hash, a.end - a.start == b.end - b.start else { return false }
        return bytesEqual(a.start..<a.end, other, b.start..<b.end)
    }

    /// Whether two elements' opening tags (tag and attributes) are the same bytes.
    func sameOpeningTag(_ node: Int, as otherNode: Int, in other: RenderedTree) -> Bool {
        let a = nodes[node]
        let b = other.nodes[otherNode]
        return bytesEqual(a.start..<a.contentStart, other, b.start..<b.contentStart)
    }

    private func bytesEqual(_ range: Range<Int>, _ other: RenderedTree, _ otherRange: Range<Int>) -> Bool {
        guard range.count == otherRange.count else { return false }
        guard !range.isEmpty else { return true }
        return markup.withUnsafeBytes { mine in
            other.markup.withUnsafeBytes { theirs in
                memcmp(mine.baseAddress! + range.lowerBound, theirs.baseAddress! + otherRange.lowerBound, range.count) == 0
            }
        }
    }
}

// MARK: - Building

/// Renders an `HTML` value into markup and nodes in one pass: each node's markup is written once, and each node's
/// hash is made from its own bytes and its children's hashes, so the whole costs one pass over the output.
private struct Builder {
    var markup: [UInt8] = []
    var nodes: [RenderedTree.Node] = []
    var attributes: [(name: String, value: String?)] = []
    /// One element's attributes while it is written.
    private var scratch: [(name: String, value: String?)] = []
    /// Each key's node, or -1 for a key seen more than once.
    var keys: [String: Int] = [:]
    /// The text node being written, while texts follow each other.
    var openText: Int?
    let byteLimit: Int
    private(set) var overflowed = false

    init(byteLimit: Int) {
        self.byteLimit = byteLimit
    }

    mutating func append(_ html: HTML) {
        guard !overflowed else { return }
        switch html.node {
        case .fragment(let children):
            for child in children { append(child) }
        case .text(let text):
            guard !text.isEmpty else { return }
            if openText == nil {
                openText = nodes.count
                nodes.append(RenderedTree.Node(kind: .text, start: markup.count))
            }
            HTMLEscaping.escape(text, into: &markup)
            checkLimit()
        case .trusted(let trusted):
            closeText()
            // An empty string is no node at all in the browser.
            guard !trusted.isEmpty else { return }
            let start = markup.count
            markup.append(contentsOf: trusted.utf8)
            nodes.append(
                finishedLeaf(RenderedTree.Node(kind: .trusted, start: start), salt: 0x7472_7573_7465_6400, subtreeEnd: nodes.count + 1))
            checkLimit()
        case .element(let element):
            closeText()
            self.element(element)
        }
    }

    /// Ends the text node being written, if any: a sibling element, the parent's end or the content's end.
    mutating func closeText() {
        guard let index = openText else { return }
        openText = nil
        nodes[index] = finishedLeaf(nodes[index], salt: 0x7465_7874_0000_0000, subtreeEnd: index + 1)
    }

    /// A text or trusted markup whose bytes end here.
    private func finishedLeaf(_ leaf: RenderedTree.Node, salt: UInt64, subtreeEnd: Int) -> RenderedTree.Node {
        var node = leaf
        node.end = markup.count
        node.contentStart = node.start
        node.contentEnd = node.end
        node.subtreeEnd = subtreeEnd
        node.hash = markup.withUnsafeBytes { ContentHash.bytes(UnsafeRawBufferPointer(rebasing: $0[node.start..<node.end])) } ^ salt
        return node
    }

    private mutating func element(_ element: HTMLElement) {
        let index = nodes.count
        let start = markup.count
        HTMLAttribute.normalize(element.attributes, into: &scratch)
        let name = element.tag.rawValue.utf8
        markup.append(UInt8(ascii: "<"))
        markup.append(contentsOf: name)
        var key: String?
        for attribute in scratch {
            markup.append(UInt8(ascii: " "))
            markup.append(contentsOf: attribute.name.utf8)
            if let value = attribute.value {
                markup.append(UInt8(ascii: "="))
                markup.append(UInt8(ascii: "\""))
                HTMLEscaping.escape(value, into: &markup)
                markup.append(UInt8(ascii: "\""))
                if attribute.name == "id" { key = value }
            }
        }
        markup.append(UInt8(ascii: ">"))
        let attributeStart = attributes.count
        if key != nil { attributes.append(contentsOf: scratch) }
        var node = RenderedTree.Node(kind: .element, start: start)
        node.tag = element.tag
        node.contentStart = markup.count
        node.attributeStart = attributeStart
        node.attributeEnd = attributes.count
        node.key = key
        nodes.append(node)
        if let key { keys[key] = keys[key] == nil ? index : -1 }

        if !element.tag.isVoid {
            for child in element.children { append(child) }
            closeText()
        }
        let contentEnd = markup.count
        if !element.tag.isVoid {
            markup.append(UInt8(ascii: "<"))
            markup.append(UInt8(ascii: "/"))
            markup.append(contentsOf: name)
            markup.append(UInt8(ascii: ">"))
        }
        var hash = markup.withUnsafeBytes { ContentHash.bytes(UnsafeRawBufferPointer(rebasing: $0[start..<node.contentStart])) }
        var child = index + 1
        while child < nodes.count {
            hash = ContentHash.mix(hash, nodes[child].hash)
            child = nodes[child].subtreeEnd
        }
        nodes[index].hash = ContentHash.mix(hash, 0x656C_656D_656E_7400)
        nodes[index].contentEnd = contentEnd
        nodes[index].end = markup.count
        nodes[index].subtreeEnd = nodes.count
        checkLimit()
    }

    private mutating func checkLimit() {
        if markup.count > byteLimit { overflowed = true }
    }
}

extension RenderedTree.Node {
    fileprivate init(kind: RenderedTree.Kind, start: Int) {
        self.init(
            kind: kind, tag: nil, start: start, end: start, contentStart: start, contentEnd: start, subtreeEnd: 0, hash: 0,
            attributeStart: 0, attributeEnd: 0, key: nil)
    }
}

/// A fast 64-bit hash of bytes, eight at a time, seeded once per process (so no page can be made to collide on
/// purpose). It only lets the diff skip comparing bytes that differ; equal hashes are always confirmed.
enum ContentHash {
    static let seed = UInt64.random(in: 0...UInt64.max)

    static func bytes(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = mix(hash, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        return mix(hash, tail)
    }

    /// One step of splitmix64's finaliser over `hash ^ value`: order matters, so children in another order differ.
    static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
        var x = (hash ^ value) &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 31
        x = x &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 29)
    }
}
