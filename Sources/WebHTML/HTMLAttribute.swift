import FeatureHostCore

/// One attribute of an element. Names come only from a closed list or from `data(_:_:)` / `aria(_:_:)` with a
/// checked suffix, so no event handler (`onclick` and friends) can be written at all: the page's CSP forbids
/// inline script, and the builder makes it unsayable too.
public struct HTMLAttribute: Sendable, Equatable {
    enum Name: Sendable, Hashable {
        case known(Known)
        case data(String)
        case aria(String)

        var rendered: String {
            switch self {
            case .known(let known): known.rawValue
            case .data(let suffix): "data-" + suffix
            case .aria(let suffix): "aria-" + suffix
            }
        }
    }

    enum Known: String, Sendable {
        case id, `class`, role, type, name, value, href, src, alt, autocomplete, disabled, hidden, style
        case `for`, rel, charset, content, lang, placeholder, tabindex, action, method, `defer`
        case viewBox, d, fill, stroke, strokeWidth = "stroke-width", cx, cy, r, width, height, xmlns
        case novalidate
        case readonly
        case maxlength
    }

    enum Value: Sendable, Equatable {
        case string(String)
        /// A boolean attribute that is present: rendered as its bare name.
        case present
        /// A boolean attribute that is absent: rendered as nothing.
        case absent
    }

    /// `nil` when a `data-`/`aria-` suffix was refused: the attribute is then left out.
    let name: Name?
    let value: Value

    /// A value loses its invisible controls as text does (`HTML.text(_:)`): an `alt` or `aria-label` from a
    /// feed cannot reorder what it labels either.
    init(_ name: Name?, _ value: Value) {
        self.name = name
        if case .string(let text) = value {
            self.value = .string(InvisibleControls.removed(from: text))
        } else {
            self.value = value
        }
    }

    init(_ known: Known, _ value: String) {
        self.init(.known(known), .string(value))
    }
}

// MARK: - Constructors

extension HTMLAttribute {
    public static func id(_ value: String) -> Self { Self(.id, value) }
    /// Several `class` attributes on one element are joined with spaces, in the order written.
    public static func `class`(_ value: String) -> Self { Self(.class, value) }
    public static func role(_ value: String) -> Self { Self(.role, value) }
    public static func type(_ value: String) -> Self { Self(.type, value) }
    public static func name(_ value: String) -> Self { Self(.name, value) }
    public static func value(_ value: String) -> Self { Self(.value, value) }
    public static func alt(_ value: String) -> Self { Self(.alt, value) }
    public static func autocomplete(_ value: String) -> Self { Self(.autocomplete, value) }
    /// Escaped like any value; only ever pass our own CSS here, never data (CSS can leak it through `url()`).
    public static func style(_ value: String) -> Self { Self(.style, value) }
    public static func `for`(_ value: String) -> Self { Self(.for, value) }
    public static func rel(_ value: String) -> Self { Self(.rel, value) }
    public static func charset(_ value: String) -> Self { Self(.charset, value) }
    public static func content(_ value: String) -> Self { Self(.content, value) }
    public static func lang(_ value: String) -> Self { Self(.lang, value) }
    public static func placeholder(_ value: String) -> Self { Self(.placeholder, value) }
    public static func tabindex(_ value: Int) -> Self { Self(.tabindex, String(value)) }
    public static func method(_ value: String) -> Self { Self(.method, value) }

    /// A link target, checked by `URLPolicy`: a scheme other than http(s) renders as `#`.
    public static func href(_ url: String) -> Self { Self(.href, URLPolicy.sanitized(url, allowingImageData: false)) }
    /// A resource URL, checked by `URLPolicy`: http(s), relative or `data:image/`; anything else renders as `#`.
    public static func src(_ url: String) -> Self { Self(.src, URLPolicy.sanitized(url, allowingImageData: true)) }
    /// A form target, checked like `href`.
    public static func action(_ url: String) -> Self { Self(.action, URLPolicy.sanitized(url, allowingImageData: false)) }

    /// Boolean attributes: present as a bare name, or left out.
    public static func disabled(_ isOn: Bool = true) -> Self { Self(.known(.disabled), isOn ? .present : .absent) }
    public static func hidden(_ isOn: Bool = true) -> Self { Self(.known(.hidden), isOn ? .present : .absent) }
    /// A script that runs once the document is parsed.
    public static func `defer`(_ isOn: Bool = true) -> Self { Self(.known(.defer), isOn ? .present : .absent) }
    /// A form whose fields the page validates itself (inline messages), not with the browser's bubbles.
    public static func novalidate(_ isOn: Bool = true) -> Self { Self(.known(.novalidate), isOn ? .present : .absent) }
    /// A field that keeps its value, focus and caret but cannot be edited (a form locked while it sends).
    public static func readonly(_ isOn: Bool = true) -> Self { Self(.known(.readonly), isOn ? .present : .absent) }
    public static func maxlength(_ value: Int) -> Self { Self(.maxlength, String(value)) }

    /// No attribute: rendered as nothing, for a variadic list whose attribute depends on the state.
    public static let nothing = Self(nil, .absent)

    /// `attribute` when `condition` holds, otherwise nothing: `.when(isSelected, .aria("current", "true"))`.
    public static func when(_ condition: Bool, _ attribute: @autoclosure () -> Self) -> Self { condition ? attribute() : .nothing }

    /// `data-<suffix>`. The suffix must be lowercase ASCII letters, digits and inner hyphens, starting with a
    /// letter (`key`, `feature-id`); any other suffix leaves the attribute out rather than write a name we
    /// have not checked.
    public static func data(_ suffix: String, _ value: String) -> Self {
        Self(isValidSuffix(suffix) ? .data(suffix) : nil, .string(value))
    }

    /// `aria-<suffix>`, checked like `data(_:_:)`.
    public static func aria(_ suffix: String, _ value: String) -> Self {
        Self(isValidSuffix(suffix) ? .aria(suffix) : nil, .string(value))
    }

    // SVG basics, for icons drawn in the page.
    public static func viewBox(_ value: String) -> Self { Self(.viewBox, value) }
    public static func d(_ value: String) -> Self { Self(.d, value) }
    public static func fill(_ value: String) -> Self { Self(.fill, value) }
    public static func stroke(_ value: String) -> Self { Self(.stroke, value) }
    public static func strokeWidth(_ value: String) -> Self { Self(.strokeWidth, value) }
    public static func cx(_ value: String) -> Self { Self(.cx, value) }
    public static func cy(_ value: String) -> Self { Self(.cy, value) }
    public static func r(_ value: String) -> Self { Self(.r, value) }
    public static func width(_ value: String) -> Self { Self(.width, value) }
    public static func height(_ value: String) -> Self { Self(.height, value) }
    public static func xmlns(_ value: String) -> Self { Self(.xmlns, value) }

    static func isValidSuffix(_ suffix: String) -> Bool {
        let scalars = Array(suffix.unicodeScalars)
        guard let first = scalars.first, let last = scalars.last, ("a"..."z").contains(first), last != "-" else {
            return false
        }
        return scalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

// MARK: - Order

extension HTMLAttribute {
    /// The attributes as rendered: refused and absent ones dropped, `class` values joined, otherwise the last
    /// one written wins, sorted by name so the same element always renders the same bytes (stable goldens).
    package static func normalized(_ attributes: [HTMLAttribute]) -> [(name: String, value: String?)] {
        var result: [(name: String, value: String?)] = []
        result.reserveCapacity(attributes.count)
        normalize(attributes, into: &result)
        return result
    }

    /// `normalized`, into `result` (emptied first, its storage kept): the live render reuses one buffer.
    package static func normalize(_ attributes: [HTMLAttribute], into result: inout [(name: String, value: String?)]) {
        // An element has a handful of attributes: a linear search and an insertion sort beat a dictionary and a
        // sort, and this runs for every element of every render.
        result.removeAll(keepingCapacity: true)
        for attribute in attributes {
            guard let name = attribute.name?.rendered else { continue }
            let index = result.firstIndex { $0.name == name }
            switch attribute.value {
            case .string(let value):
                if let index {
                    if name == "class", let earlier = result[index].value {
                        result[index].value = earlier + " " + value
                    } else {
                        result[index].value = value
                    }
                } else {
                    result.append((name, value))
                }
            case .present:
                if let index { result[index].value = nil } else { result.append((name, nil)) }
            case .absent:
                if let index { result.remove(at: index) }
            }
        }
        for sorted in result.indices.dropFirst() {
            var index = sorted
            while index > 0, result[index].name < result[index - 1].name {
                result.swapAt(index, index - 1)
                index -= 1
            }
        }
    }
}
