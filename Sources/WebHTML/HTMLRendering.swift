extension HTML {
    /// The markup for this node: every text and attribute value escaped, attributes in name order, void
    /// elements without a closing tag.
    public func render() -> String {
        var output = ""
        render(into: &output)
        return output
    }

    /// A whole page: the doctype, then this node (normally `Tag.html { … }`).
    public func renderDocument() -> String {
        var output = "<!DOCTYPE html>"
        render(into: &output)
        return output
    }

    func render(into output: inout String) {
        switch node {
        case .text(let text):
            HTMLEscaping.escape(text, into: &output)
        case .trusted(let markup):
            output += markup
        case .fragment(let children):
            for child in children { child.render(into: &output) }
        case .element(let element):
            element.render(into: &output)
        }
    }
}

extension HTMLElement {
    func render(into output: inout String) {
        renderOpeningTag(into: &output)
        // Void elements are built without children (their constructors take none), so nothing is lost here.
        guard !tag.isVoid else { return }
        for child in children { child.render(into: &output) }
        output += "</" + tag.rawValue + ">"
    }

    /// `<tag name="value" …>`: attributes escaped and in name order.
    func renderOpeningTag(into output: inout String) {
        output += "<" + tag.rawValue
        for attribute in HTMLAttribute.normalized(attributes) {
            output += " " + attribute.name
            if let value = attribute.value {
                output += "=\""
                HTMLEscaping.escape(value, into: &output)
                output += "\""
            }
        }
        output += ">"
    }
}
