/// The DSL: a block of strings and nodes becomes one fragment. A string is text (escaped); `if`, `if let`,
/// `switch` and `for` work as in any Swift block.
@resultBuilder
public enum HTMLBuilder {
    public static func buildExpression(_ node: HTML) -> HTML { node }
    public static func buildExpression(_ text: String) -> HTML { .text(text) }
    public static func buildBlock(_ parts: HTML...) -> HTML { .fragment(parts) }
    public static func buildOptional(_ part: HTML?) -> HTML { part ?? .empty }
    public static func buildEither(first part: HTML) -> HTML { part }
    public static func buildEither(second part: HTML) -> HTML { part }
    public static func buildArray(_ parts: [HTML]) -> HTML { .fragment(parts) }
    public static func buildLimitedAvailability(_ part: HTML) -> HTML { part }
}

extension HTML {
    /// A fragment written with the DSL, for a scene's helper that returns several siblings.
    public static func build(@HTMLBuilder _ content: () -> HTML) -> HTML {
        content()
    }
}
