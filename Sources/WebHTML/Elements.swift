// The element constructors the DSL is written with: `div(.class("countdown")) { span { "01" } }`.
// Each takes its attributes first and its content as a trailing `@HTMLBuilder` closure; void elements take
// no content. There is no constructor for a tag outside `HTMLTag`, and none that takes a raw tag name.

public func html(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.html, attributes, [content()])
}

public func head(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.head, attributes, [content()])
}

public func body(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.body, attributes, [content()])
}

public func title(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.title, attributes, [content()])
}

public func main(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.main, attributes, [content()])
}

public func section(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.section, attributes, [content()])
}

public func header(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.header, attributes, [content()])
}

public func footer(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.footer, attributes, [content()])
}

public func nav(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.nav, attributes, [content()])
}

public func div(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.div, attributes, [content()])
}

public func span(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.span, attributes, [content()])
}

public func p(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.p, attributes, [content()])
}

/// A command or a piece of an address, as the user types it.
public func code(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.code, attributes, [content()])
}

public func h1(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.h1, attributes, [content()])
}

public func h2(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.h2, attributes, [content()])
}

public func h3(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.h3, attributes, [content()])
}

public func ul(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.ul, attributes, [content()])
}

public func li(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.li, attributes, [content()])
}

public func a(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.a, attributes, [content()])
}

public func button(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.button, attributes, [content()])
}

public func form(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.form, attributes, [content()])
}

public func label(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.label, attributes, [content()])
}

public func svg(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.svg, attributes, [content()])
}

public func g(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.g, attributes, [content()])
}

public func path(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.path, attributes, [content()])
}

public func circle(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
    .element(.circle, attributes, [content()])
}

public func meta(_ attributes: HTMLAttribute...) -> HTML {
    .element(.meta, attributes, [])
}

public func link(_ attributes: HTMLAttribute...) -> HTML {
    .element(.link, attributes, [])
}

public func input(_ attributes: HTMLAttribute...) -> HTML {
    .element(.input, attributes, [])
}

public func img(_ attributes: HTMLAttribute...) -> HTML {
    .element(.img, attributes, [])
}

/// An external script; there is deliberately no way to write an inline one (the CSP forbids it).
public func script(src: String, _ attributes: HTMLAttribute...) -> HTML {
    .element(.script, attributes + [.src(src)], [])
}
