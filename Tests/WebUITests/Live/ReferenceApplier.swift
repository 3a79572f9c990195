@testable import WebUI

/// Applies patch ops to a model of the client's DOM, the way the client script does, and fails loudly where the
/// client would resynchronise: a path through an opaque node's siblings, a wrong tag, a text op on an element.
/// `replace` and `morph` carry HTML strings; instead of parsing them, the applier looks the string up among the
/// renders of the NEW tree's nodes (every op's HTML is one of those).
struct ReferenceApplier {
    indirect enum Node: Equatable {
        case element(tag: String, attributes: [String: String], children: [Node])
        case text(String)
        /// Markup whose shape the client may not share with the server's tree: nothing may index into it.
        case opaque(String)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var children: [Node]
    private var nodesByRender: [String: Node] = [:]
    private var childrenByRender: [String: [Node]] = [:]

    init(old: HTML, new: HTML) {
        children = LiveTree.children(of: old).map(Self.model)
        let newChildren = LiveTree.children(of: new)
        childrenByRender[new.render()] = newChildren.map(Self.model)
        for node in newChildren { index(node) }
    }

    static func model(_ node: LiveNode) -> Node {
        switch node.kind {
        case .text(let text) where !node.isOpaque:
            return .text(text)
        case .element(let element) where !node.isOpaque:
            var attributes: [String: String] = [:]
            for attribute in element.attributes { attributes[attribute.name] = attribute.value ?? "" }
            return .element(tag: element.tag.rawValue, attributes: attributes, children: element.children.map(model))
        default:
            return .opaque(node.rendered)
        }
    }

    private mutating func index(_ node: LiveNode) {
        nodesByRender[node.rendered] = Self.model(node)
        guard case .element(let element) = node.kind else { return }
        childrenByRender[element.childrenRendered] = element.children.map(Self.model)
        for child in element.children { index(child) }
    }

    /// The markup of the model, boolean attributes written as `name=""`: two models render the same exactly
    /// when the browser builds the same DOM from them (an empty trusted string is no node at all, say).
    var rendered: String { Self.render(children) }

    static func render(_ nodes: [Node]) -> String {
        nodes.map { node in
            switch node {
            case .text(let text): return HTMLEscaping.escaped(text)
            case .opaque(let markup): return markup
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
        case .text(let path, let text):
            try update(path, in: &children) { node in
                guard case .text = node else { throw Failure(description: "text op at \(path) on \(node)") }
                node = .text(text)
            }
        case .attributes(let path, let tag, let set, let remove):
            try update(path, in: &children) { node in
                guard case .element(tag, var attributes, let children) = node else {
                    throw Failure(description: "attrs op for <\(tag)> at \(path) found \(node)")
                }
                for (name, value) in set { attributes[name] = value }
                for name in remove { attributes[name] = nil }
                node = .element(tag: tag, attributes: attributes, children: children)
            }
        case .replace(let path, let html):
            guard let replacement = nodesByRender[html] else { throw Failure(description: "replace html is no node of the new tree: \(html)") }
            guard !path.isEmpty else { throw Failure(description: "replace of the root") }
            try update(path, in: &children) { node in node = replacement }
        case .morph(let path, let tag, let html):
            guard let newChildren = childrenByRender[html] else { throw Failure(description: "morph html is no child list of the new tree: \(html)") }
            if path.isEmpty {
                guard tag == "main" else { throw Failure(description: "root morph names <\(tag)>") }
                children = newChildren
                return
            }
            try update(path, in: &children) { node in
                guard case .element(tag, let attributes, _) = node else {
                    throw Failure(description: "morph for <\(tag)> at \(path) found \(node)")
                }
                node = .element(tag: tag, attributes: attributes, children: newChildren)
            }
        }
    }

    private func update(_ path: [Int], in nodes: inout [Node], _ change: (inout Node) throws -> Void) throws {
        guard let index = path.first else { throw Failure(description: "an empty path outside a root morph") }
        if nodes.contains(where: { if case .opaque = $0 { true } else { false } }) {
            throw Failure(description: "path \(path) indexes a sibling list holding an opaque node")
        }
        guard nodes.indices.contains(index) else { throw Failure(description: "index \(index) out of \(nodes.count) children") }
        if path.count == 1 {
            try change(&nodes[index])
            return
        }
        guard case .element(let tag, let attributes, var children) = nodes[index] else {
            throw Failure(description: "path \(path) goes through \(nodes[index])")
        }
        try update(Array(path.dropFirst()), in: &children, change)
        nodes[index] = .element(tag: tag, attributes: attributes, children: children)
    }
}
