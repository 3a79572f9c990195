import FeatureHostCore

@testable import WebHTML
@testable import WebServer
@testable import WebUI

/// A mutable description of an HTML value, for generating random trees and random edits of them.
indirect enum TreeSpec {
    case element(tag: HTMLTag, attributes: [HTMLAttribute], children: [TreeSpec])
    case text(String)
    case trusted(String)
    case fragment([TreeSpec])

    var html: HTML {
        switch self {
        case .element(let tag, let attributes, let children): HTML.element(tag, attributes, children.map(\.html))
        case .text(let text): .text(text)
        case .trusted(let markup): .trustedMarkup(markup)
        case .fragment(let children): .fragment(children.map(\.html))
        }
    }
}

struct RandomTrees {
    var generator: SplitMix64
    private var nextKey = 0
    /// Only markup that nests as HTML allows, which the browser's parser builds as written: what the live page's
    /// promise covers (the browser replay of the diff cases). Otherwise any nesting at all (the Swift model).
    let nestsAsWritten: Bool

    /// Where an element is, for `nestsAsWritten`: what its children may be.
    enum Context {
        case flow, phrasing, list, svg
    }

    init(seed: UInt64, nestsAsWritten: Bool = false) {
        generator = SplitMix64(seed: seed)
        self.nestsAsWritten = nestsAsWritten
    }

    // Mostly tags that nest freely; `p`, `a`, `button`, `li`, `svg` also produce trees the parser restructures.
    private static let tags: [HTMLTag] = [.div, .div, .span, .span, .section, .ul, .li, .p, .a, .button, .h1, .svg, .g, .input]
    private static let words = ["0", "1", "9", "a", "b", "ß", "<x>", "&", "\"q\"", "😀", "\u{2028}", " ", ""]

    mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &generator) < percent
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[Int.random(in: 0..<items.count, using: &generator)]
    }

    mutating func freshKey() -> String {
        nextKey += 1
        return "k\(nextKey)"
    }

    mutating func attributes(key: String?) -> [HTMLAttribute] {
        var attributes: [HTMLAttribute] = []
        if chance(40) { attributes.append(.class(pick(["x", "y", "z"]))) }
        if chance(20) { attributes.append(.data("n", pick(["1", "2"]))) }
        if chance(15) { attributes.append(.hidden()) }
        if let key { attributes.append(.id(key)) }
        return attributes
    }

    /// A key for a new element: mostly fresh (unique), sometimes one that repeats (no address) or the root's own.
    mutating func newKey() -> String? {
        guard chance(50) else { return nil }
        if chance(4) { return pick(["twice", HTMLDiff.rootKey]) }
        return freshKey()
    }

    mutating func tree(depth: Int, in context: Context = .flow) -> TreeSpec {
        let roll = Int.random(in: 0..<100, using: &generator)
        if context == .list && nestsAsWritten && depth > 0 {
            return element(.li, depth: depth)
        }
        if depth <= 0 || roll < 25 { return .text(pick(Self.words)) }
        if roll < 30, !nestsAsWritten || context != .svg { return .trusted(pick(["<i>t</i>", "<b>u</b>v", ""])) }
        if roll < 38 { return .fragment(children(depth: depth - 1, in: context)) }
        return element(pick(tags(in: context)), depth: depth)
    }

    private func tags(in context: Context) -> [HTMLTag] {
        guard nestsAsWritten else { return Self.tags }
        switch context {
        case .flow: return [.div, .div, .span, .span, .section, .ul, .p, .svg, .input]
        case .phrasing: return [.span, .span, .input]
        case .list: return [.li]
        case .svg: return [.g, .circle]
        }
    }

    private mutating func element(_ tag: HTMLTag, depth: Int) -> TreeSpec {
        .element(
            tag: tag, attributes: attributes(key: newKey()), children: tag.isVoid ? [] : children(depth: depth - 1, in: context(of: tag)))
    }

    /// The context an element's children are in.
    private func context(of tag: HTMLTag) -> Context {
        switch tag {
        case .p, .span: return .phrasing
        case .ul: return .list
        case .svg, .g, .circle, .path: return .svg
        default: return .flow
        }
    }

    mutating func children(depth: Int, in context: Context = .flow) -> [TreeSpec] {
        (0..<Int.random(in: 0...4, using: &generator)).map { _ in tree(depth: depth, in: context) }
    }

    /// A random edit of `spec`: text and attribute edits, inserts, removals, reorders, changed keys and trusted
    /// markup, applied at random places (often several).
    mutating func edit(_ spec: TreeSpec, depth: Int, in context: Context = .flow) -> TreeSpec {
        switch spec {
        case .text:
            return chance(30) ? .text(pick(Self.words)) : spec
        case .trusted:
            return chance(20) ? .trusted(pick(["<i>t</i>", "<i>w</i>", ""])) : spec
        case .fragment(let children):
            return .fragment(editList(children, depth: depth, in: context))
        case .element(let tag, var attributes, let children):
            if chance(5) { return tree(depth: depth, in: context) }
            let key = HTML.element(tag, attributes, []).key
            if chance(20) { attributes = self.attributes(key: chance(10) ? freshKey() : key) }
            return .element(tag: tag, attributes: attributes, children: editList(children, depth: depth - 1, in: self.context(of: tag)))
        }
    }

    private mutating func editList(_ list: [TreeSpec], depth: Int, in context: Context) -> [TreeSpec] {
        var list = list.map { chance(60) ? edit($0, depth: depth, in: context) : $0 }
        if chance(10) { list.insert(tree(depth: max(depth, 0), in: context), at: Int.random(in: 0...list.count, using: &generator)) }
        if chance(10), !list.isEmpty { list.remove(at: Int.random(in: 0..<list.count, using: &generator)) }
        if chance(10), list.count > 1 { list.swapAt(0, list.count - 1) }
        return list
    }
}
