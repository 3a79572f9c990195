@testable import WebHTML
@testable import WebServer
@testable import WebUI

/// Applies patch ops to a model of the client's DOM the way the client script does, and fails loudly where the
/// client would resynchronise or could go wrong: a key no element has, a key two elements have (the client would
/// take the first), a `replace` of the root, an `attrs` op on it.
///
/// The model is the tree the server rendered, with no browser parser in it: that is the promise the keyed diff
/// makes (markup that nests as HTML allows is built as written; the browser replay of `DiffFixtureTests` checks
/// that part against Chromium). `replace` and `morph` carry HTML strings; instead of parsing them, the applier
/// looks the string up among the renders of the NEW tree's nodes (every op's HTML is one of those).
struct ReferenceApplier {
    indirect enum Node: Equatable {
        case element(tag: String, attributes: [String: String], children: [Node])
        /// A text, as its markup (escaped).
        case text(String)
        /// Trusted markup: the client's DOM of it is its own; nothing looks into it.
        case opaque(String)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var children: [Node]
    private var nodesByRender: [String: Node] = [:]
    private var childrenByRender: [String: [Node]] = [:]

    init(old: HTML, new: HTML) {
        children = Self.model(RenderedTree(old) ?? .empty)
        let newTree = RenderedTree(new) ?? .empty
        childrenByRender[newTree.markupString] = Self.model(newTree)
        for index in newTree.nodes.indices {
            let node = newTree.nodes[index]
            nodesByRender[newTree.string(node.start..<node.end)] = Self.model(newTree, index)
            if node.kind == .element {
                childrenByRender[newTree.string(node.contentStart..<node.contentEnd)] = Self.model(newTree, childrenOf: index)
            }
        }
    }

    /// The model of a whole tree (the root's children).
    static func model(_ tree: RenderedTree) -> [Node] {
        model(tree, childrenOf: nil)
    }

    private static func model(_ tree: RenderedTree, childrenOf parent: Int?) -> [Node] {
        var nodes: [Node] = []
        var (index, end) = tree.children(of: parent)
        while index < end {
            nodes.append(model(tree, index))
            index = tree.nodes[index].subtreeEnd
        }
        return nodes
    }

    private static func model(_ tree: RenderedTree, _ index: Int) -> Node {
        let node = tree.nodes[index]
        switch node.kind {
        case .text:
            return .text(tree.string(node.start..<node.end))
        case .trusted:
            return .opaque(tree.string(node.start..<node.end))
        case .element:
            var attributes: [String: String] = [:]
            for attribute in tree.attributes[node.attributeStart..<node.attributeEnd] { attributes[attribute.name] = attribute.value ?? "" }
            return .element(tag: node.tag?.rawValue ?? "?", attributes: attributes, children: model(tree, childrenOf: index))
        }
    }

    /// The markup of the model, boolean attributes written as `name=""`: two models render the same exactly
    /// when the browser builds the same DOM from them.
    var rendered: String { Self.render(children) }

    static func render(_ nodes: [Node]) -> String {
        nodes.map { node in
            switch node {
            case .text(let markup), .opaque(let markup): return markup
            case .element(let tag, let attributes, let children):
                let attributeText = attributes.keys.sorted().map { " \($0)=\"\(HTMLEscaping.escaped(attributes[$0] ?? ""))\"" }.joined()
                return "<\(tag)\(attributeText)>" + render(children) + "</\(tag)>"
            }
        }.joined()
    }

    mutating func apply(_ ops: [PatchOp]) throws {
        for op in ops { try apply(op) }
    }

    private mutating func apply(_ op: PatchOp) throws {
        switch op {
        case .attributes(let key, let set, let remove):
            guard key != HTMLDiff.rootKey else { throw Failure(description: "attrs op on the root") }
            try update(key) { node in
                guard case .element(let tag, var attributes, let children) = node else { return }
                for (name, value) in set { attributes[name] = value }
                for name in remove { attributes[name] = nil }
                node = .element(tag: tag, attributes: attributes, children: children)
            }
        case .replace(let key, let html):
            guard key != HTMLDiff.rootKey else { throw Failure(description: "replace of the root") }
            guard let replacement = nodesByRender[html] else {
                throw Failure(description: "replace html is no node of the new tree: \(html)")
            }
            try update(key) { node in node = replacement }
        case .morph(let key, let html):
            guard let newChildren = childrenByRender[html] else {
                throw Failure(description: "morph html is no child list of the new tree: \(html)")
            }
            if key == HTMLDiff.rootKey {
                children = newChildren
                return
            }
            try update(key) { node in
                guard case .element(let tag, let attributes, _) = node else { return }
                node = .element(tag: tag, attributes: attributes, children: newChildren)
            }
        }
    }

    /// Changes the one element whose `id` is `key`, as the client's `getElementById` inside the root finds it.
    private mutating func update(_ key: String, _ change: (inout Node) -> Void) throws {
        let count = Self.count(key, in: children)
        guard count == 1 else { throw Failure(description: "key \(key) names \(count) elements") }
        _ = Self.update(key, in: &children, change)
    }

    private static func count(_ key: String, in nodes: [Node]) -> Int {
        nodes.reduce(0) { total, node in
            guard case .element(_, let attributes, let children) = node else { return total }
            return total + (attributes["id"] == key ? 1 : 0) + count(key, in: children)
        }
    }

    private static func update(_ key: String, in nodes: inout [Node], _ change: (inout Node) -> Void) -> Bool {
        for index in nodes.indices {
            guard case .element(let tag, let attributes, var children) = nodes[index] else { continue }
            if attributes["id"] == key {
                change(&nodes[index])
                return true
            }
            if update(key, in: &children, change) {
                nodes[index] = .element(tag: tag, attributes: attributes, children: children)
                return true
            }
        }
        return false
    }
}
