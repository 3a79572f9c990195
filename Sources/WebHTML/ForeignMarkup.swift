/// Markup from outside the host (a plugin's scene, rendered by its own copy of the builder), rebuilt as `HTML`
/// values so it gets everything the builder guarantees: closed tag and attribute lists, escaping, URL policy.
///
/// Only the builder's own canonical form is accepted: lowercase tags from `HTMLTag`, attributes from
/// `HTMLAttribute`'s list (or a checked `data-`/`aria-` suffix) with double-quoted values, text and values with
/// `&amp; &lt; &gt; &quot; &#39;` (or numeric) references, no comments, no doctype. Refused outright: the
/// page shell's own tags (`html`, `head`, `body`, `title`, `meta`, `link`, `script`), `style` attributes (the
/// CSP ignores them), ids starting with `fh-` and `data-fh-` attributes other than `data-fh-vars` (the
/// shell's names). Anything else is an error naming what and where, never a best guess.
public enum ForeignMarkup {
    /// Bounds, so a plugin cannot make the host do unbounded work for one render.
    public static let maximumBytes = 1 << 20
    public static let maximumDepth = 64

    static let shellTags: Set<HTMLTag> = [.html, .head, .body, .title, .meta, .link, .script]

    /// The markup as `HTML` values; throws a `ForeignMarkupError` naming the first fault and its offset.
    public static func parse(_ markup: String) throws(ForeignMarkupError) -> HTML {
        let scalars = Array(markup.unicodeScalars)
        guard markup.utf8.count <= maximumBytes else {
            throw ForeignMarkupError(offset: 0, message: "the markup is \(markup.utf8.count) bytes; at most \(maximumBytes) are accepted")
        }
        var parser = ForeignMarkupParser(scalars: scalars)
        let children = try parser.children(closing: nil, depth: 0)
        return .fragment(children)
    }
}

/// Why foreign markup was refused: what was wrong, and at which character (counted in Unicode scalars).
public struct ForeignMarkupError: Error, Sendable, Equatable, CustomStringConvertible {
    public let offset: Int
    public let message: String

    public var description: String { "\(message) (at character \(offset))" }
}

struct ForeignMarkupParser {
    let scalars: [Unicode.Scalar]
    var index = 0

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    private func fail(_ message: String, at offset: Int? = nil) -> ForeignMarkupError {
        ForeignMarkupError(offset: offset ?? index, message: message)
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    /// Children until `</closing>` (consumed) or, at the top, the end.
    mutating func children(closing: HTMLTag?, depth: Int) throws(ForeignMarkupError) -> [HTML] {
        var children: [HTML] = []
        var text = ""
        func flush() {
            if !text.isEmpty { children.append(.text(text)) }
            text = ""
        }
        while let scalar = peek() {
            if scalar == "<" {
                if peek(1) == "/" {
                    let start = index
                    index += 2
                    let name = readName()
                    guard peek() == ">" else { throw fail("a closing tag </\(name) is not closed with >") }
                    index += 1
                    guard let closing, name == closing.rawValue else {
                        throw fail("</\(name)> closes nothing that is open", at: start)
                    }
                    flush()
                    return children
                }
                flush()
                children.append(try element(depth: depth + 1))
            } else if scalar == "&" {
                text.unicodeScalars.append(try reference())
            } else if scalar == ">" {
                throw fail("a bare > in text (the builder writes &gt;)")
            } else {
                text.unicodeScalars.append(scalar)
                index += 1
            }
        }
        if let closing { throw fail("<\(closing.rawValue)> is never closed") }
        flush()
        return children
    }

    private mutating func element(depth: Int) throws(ForeignMarkupError) -> HTML {
        let start = index
        index += 1
        let name = readName()
        guard !name.isEmpty else { throw fail("a < that starts no tag (the builder writes &lt;)", at: start) }
        guard let tag = HTMLTag(rawValue: name) else { throw fail("the tag <\(name)> is not one the host allows", at: start) }
        guard !ForeignMarkup.shellTags.contains(tag) else { throw fail("the tag <\(name)> belongs to the page shell", at: start) }
        guard depth <= ForeignMarkup.maximumDepth else {
            throw fail("elements nest deeper than \(ForeignMarkup.maximumDepth)", at: start)
        }
        var attributes: [HTMLAttribute] = []
        while true {
            guard let scalar = peek() else { throw fail("the tag <\(name)> is not closed with >", at: start) }
            if scalar == ">" {
                index += 1
                break
            }
            guard scalar == " " else { throw fail("unexpected \"\(scalar)\" in the tag <\(name)>") }
            index += 1
            attributes.append(try attribute(in: name))
        }
        let children = tag.isVoid ? [] : try self.children(closing: tag, depth: depth)
        return .element(tag, attributes, children)
    }

    private mutating func attribute(in tagName: String) throws(ForeignMarkupError) -> HTMLAttribute {
        let start = index
        let name = readName()
        guard !name.isEmpty else { throw fail("an attribute without a name in <\(tagName)>") }
        var value: String?
        if peek() == "=" {
            guard peek(1) == "\"" else { throw fail("the value of \(name) is not in double quotes") }
            index += 2
            var text = ""
            while true {
                guard let scalar = peek() else { throw fail("the value of \(name) is never closed", at: start) }
                if scalar == "\"" {
                    index += 1
                    break
                } else if scalar == "&" {
                    text.unicodeScalars.append(try reference())
                } else if scalar == "<" || scalar == ">" {
                    throw fail("a bare \(scalar) in the value of \(name)")
                } else {
                    text.unicodeScalars.append(scalar)
                    index += 1
                }
            }
            value = text
        }
        return try Self.attribute(named: name, value: value, at: start)
    }

    /// The builder's attribute for a name, through the same constructors a scene uses (URLs re-checked).
    static func attribute(named name: String, value: String?, at offset: Int) throws(ForeignMarkupError) -> HTMLAttribute {
        func refuse(_ why: String) -> ForeignMarkupError { ForeignMarkupError(offset: offset, message: "the attribute \(name) \(why)") }
        if name.hasPrefix("data-") || name.hasPrefix("aria-") {
            let suffix = String(name.dropFirst(5))
            guard HTMLAttribute.isValidSuffix(suffix) else { throw refuse("has a name the builder cannot write") }
            if name.hasPrefix("data-fh-"), name != "data-fh-vars" { throw refuse("belongs to the page shell") }
            let text = value ?? ""
            return name.hasPrefix("data-") ? .data(suffix, text) : .aria(suffix, text)
        }
        guard let known = HTMLAttribute.Known(rawValue: name) else { throw refuse("is not one the host allows") }
        switch known {
        case .style: throw refuse("is not allowed: the page's CSP ignores inline styles; use a class and the plugin's stylesheet")
        case .disabled, .hidden, .defer:
            guard value == nil else { throw refuse("is boolean and takes no value") }
            return HTMLAttribute(.known(known), .present)
        default:
            guard let value else { throw refuse("needs a value") }
            if known == .id, value.hasPrefix("fh-") { throw refuse("\"\(value)\" uses the page shell's fh- prefix") }
            switch known {
            case .href: return .href(value)
            case .src: return .src(value)
            case .action: return .action(value)
            default: return HTMLAttribute(known, value)
            }
        }
    }

    /// A tag or attribute name: lowercase letters, digits and `-` (SVG's `viewBox` keeps its capital).
    private mutating func readName() -> String {
        var name = ""
        while let scalar = peek(),
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
        {
            name.unicodeScalars.append(scalar)
            index += 1
        }
        return name
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;` or another numeric reference.
    private mutating func reference() throws(ForeignMarkupError) -> Unicode.Scalar {
        let start = index
        var body = ""
        index += 1
        while let scalar = peek(), scalar != ";", body.unicodeScalars.count < 10 {
            body.unicodeScalars.append(scalar)
            index += 1
        }
        guard peek() == ";" else { throw fail("an & that starts no character reference (the builder writes &amp;)", at: start) }
        index += 1
        switch body {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        default:
            let number: UInt32?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                number = UInt32(body.dropFirst(2), radix: 16)
            } else if body.hasPrefix("#") {
                number = UInt32(body.dropFirst())
            } else {
                number = nil
            }
            guard let number, number != 0, let scalar = Unicode.Scalar(number) else {
                throw fail("&\(body); is not a reference the host reads", at: start)
            }
            return scalar
        }
    }
}
