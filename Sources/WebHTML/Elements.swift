/// The element constructors the DSL is written with: `Tag.div(.class("countdown")) { Tag.span { "01" } }`.
/// Each takes its attributes first and its content as a trailing `@HTMLBuilder` closure; void elements take
/// no content. There is no constructor for a tag outside `HTMLTag`, and none that takes a raw tag name.
///
/// A namespace rather than global functions, so `button`, `form`, `label`, `path` or `title` in a scene's own
/// code (a parameter, a property) never shadow an element or are shadowed by one. Not static members on
/// `HTML` written `.div`: in a builder block a line starting with `.` continues the line before it.
public enum Tag {
    public static func html(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.html, attributes, [content()])
    }

    public static func head(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.head, attributes, [content()])
    }

    public static func body(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.body, attributes, [content()])
    }

    public static func title(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.title, attributes, [content()])
    }

    public static func main(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.main, attributes, [content()])
    }

    public static func section(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.section, attributes, [content()])
    }

    public static func header(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.header, attributes, [content()])
    }

    public static func footer(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.footer, attributes, [content()])
    }

    public static func nav(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.nav, attributes, [content()])
    }

    public static func div(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.div, attributes, [content()])
    }

    public static func span(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.span, attributes, [content()])
    }

    public static func p(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.p, attributes, [content()])
    }

    /// A command or a piece of an address, as the user types it.
    public static func code(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.code, attributes, [content()])
    }

    public static func h1(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.h1, attributes, [content()])
    }

    public static func h2(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.h2, attributes, [content()])
    }

    public static func h3(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.h3, attributes, [content()])
    }

    public static func ul(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.ul, attributes, [content()])
    }

    public static func li(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.li, attributes, [content()])
    }

    public static func a(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.a, attributes, [content()])
    }

    public static func button(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.button, attributes, [content()])
    }

    public static func form(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.form, attributes, [content()])
    }

    public static func label(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.label, attributes, [content()])
    }

    public static func svg(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.svg, attributes, [content()])
    }

    public static func g(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.g, attributes, [content()])
    }

    public static func path(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.path, attributes, [content()])
    }

    public static func circle(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML {
        .element(.circle, attributes, [content()])
    }

    public static func meta(_ attributes: HTMLAttribute...) -> HTML {
        .element(.meta, attributes, [])
    }

    public static func link(_ attributes: HTMLAttribute...) -> HTML {
        .element(.link, attributes, [])
    }

    public static func input(_ attributes: HTMLAttribute...) -> HTML {
        .element(.input, attributes, [])
    }

    public static func img(_ attributes: HTMLAttribute...) -> HTML {
        .element(.img, attributes, [])
    }

    /// An external script; there is deliberately no way to write an inline one (the CSP forbids it).
    public static func script(src: String, _ attributes: HTMLAttribute...) -> HTML {
        .element(.script, attributes + [.src(src)], [])
    }
}
