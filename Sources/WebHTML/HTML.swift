import FeatureHostCore

/// A piece of HTML as a value: an element, escaped text, a fragment of siblings, or markup a caller vouches
/// for. Text only ever enters through `text(_:)` or a string in an `@HTMLBuilder` block, and is escaped when
/// rendered; `trustedMarkup(_:)` is the one, deliberately named, way to emit `<` unescaped.
public struct HTML: Sendable, Equatable {
    package enum Node: Sendable, Equatable {
        case element(HTMLElement)
        case text(String)
        case fragment([HTML])
        case trusted(String)
    }

    package let node: Node

    package init(_ node: Node) {
        self.node = node
    }

    /// Text, escaped when rendered (`& < > " '`). Graphemes made only of controls and format characters (bidi
    /// overrides among them) are dropped here, as the terminal drops them (`InvisibleControls`), so no text from a
    /// feed can reorder what the page shows around it; tabs and line breaks stay.
    public static func text(_ text: String) -> HTML {
        HTML(.text(InvisibleControls.removed(from: text)))
    }

    /// Siblings with no wrapping element.
    public static func fragment(_ children: [HTML]) -> HTML {
        HTML(.fragment(children))
    }

    /// Nothing at all: what an `if` without `else` yields when its condition is false.
    public static let empty = HTML(.fragment([]))

    /// Markup emitted exactly as given, never escaped. The name is the contract: the caller vouches that the
    /// string is well-formed and holds nothing from a user, a feed or a file (an inline SVG icon we ship, say).
    /// Keep calls rare so a review can find every one with a single search.
    public static func trustedMarkup(_ markup: String) -> HTML {
        HTML(.trusted(markup))
    }

    package static func element(_ tag: HTMLTag, _ attributes: [HTMLAttribute], _ children: [HTML]) -> HTML {
        HTML(.element(HTMLElement(tag: tag, attributes: attributes, children: children)))
    }

    /// This element with a stable `id`, replacing any it had, so the morphing client can match it across
    /// updates. Text, fragments and trusted markup have no attributes and come back unchanged.
    public func id(_ value: String) -> HTML {
        guard case .element(var element) = node else { return self }
        element.attributes.removeAll { $0.name == .known(.id) }
        element.attributes.append(.id(value))
        return HTML(.element(element))
    }

    /// The stable key a morphing client matches this node by: the element's `id`, if it has one.
    public var key: String? {
        guard case .element(let element) = node else { return nil }
        return HTMLAttribute.normalized(element.attributes).first { $0.name == "id" }?.value
    }
}

/// An element's parts. Only `HTMLTag`'s known names can be a tag, so no tag name needs checking at render time.
package struct HTMLElement: Sendable, Equatable {
    package let tag: HTMLTag
    package var attributes: [HTMLAttribute]
    package let children: [HTML]
}
