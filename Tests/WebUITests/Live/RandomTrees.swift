import FeatureHostCore
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

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
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

    mutating func tree(depth: Int) -> TreeSpec {
        let roll = Int.random(in: 0..<100, using: &generator)
        if depth <= 0 || roll < 25 { return .text(pick(Self.words)) }
        if roll < 30 { return .trusted(pick(["<i>t</i>", "<b>u</b>v", ""])) }
        if roll < 38 { return .fragment(children(depth: depth - 1)) }
        let tag = pick(Self.tags)
        let key: String? = chance(50) ? freshKey() : nil
        return .element(tag: tag, attributes: attributes(key: key), children: tag.isVoid ? [] : children(depth: depth - 1))
    }

    mutating func children(depth: Int) -> [TreeSpec] {
        (0..<Int.random(in: 0...4, using: &generator)).map { _ in tree(depth: depth) }
    }

    /// A random edit of `spec`: text and attribute edits, inserts, removals, reorders, changed keys and trusted
    /// markup, applied at random places (often several).
    mutating func edit(_ spec: TreeSpec, depth: Int) -> TreeSpec {
        switch spec {
        case .text:
            return chance(30) ? .text(pick(Self.words)) : spec
        case .trusted:
            return chance(20) ? .trusted(pick(["<i>t</i>", "<i>w</i>", ""])) : spec
        case .fragment(let children):
            return .fragment(editList(children, depth: depth))
        case .element(let tag, var attributes, let children):
            if chance(5) { return tree(depth: depth) }
            let key = HTML.element(tag, attributes, []).key
            if chance(20) { attributes = self.attributes(key: chance(10) ? freshKey() : key) }
            return .element(tag: tag, attributes: attributes, children: editList(children, depth: depth - 1))
        }
    }

    private mutating func editList(_ list: [TreeSpec], depth: Int) -> [TreeSpec] {
        var list = list.map { chance(60) ? edit($0, depth: depth) : $0 }
        if chance(10) { list.insert(tree(depth: max(depth, 0)), at: Int.random(in: 0...list.count, using: &generator)) }
        if chance(10), !list.isEmpty { list.remove(at: Int.random(in: 0..<list.count, using: &generator)) }
        if chance(10), list.count > 1 { list.swapAt(0, list.count - 1) }
        return list
    }
}
