/// A scene whose page is a pure function of one small value, its `RenderInput`: pages whose scenes of one type
/// show equal inputs show the same bytes. The host then renders and diffs each change once for all of them
/// (`SharedRenders`) and sends every page the same ops, and a change of view state that leaves the input equal
/// (the offer's roll steps, which the browser animates by itself) costs no render at all.
///
/// A scene that shows many pages of one run the same thing adopts it (the offer's countdown: one per run, every
/// tab ticking the same digits); `render()` is then `Self.render(renderInput())`.
@MainActor public protocol SharedRenderScene: WebScene {
    associatedtype RenderInput: Equatable & Sendable
    /// What the page shows now, as a value: reads the observable state the page depends on (the session tracks it
    /// as it tracks `render()`), and may note view-local memory as `render()` would (it is called once per render).
    func renderInput() -> RenderInput
    /// The page's content for `input`: the same input always gives the same HTML, whichever scene asks.
    static func render(_ input: RenderInput) -> HTML
}

extension SharedRenderScene {
    public func render() -> HTML { Self.render(renderInput()) }
}
