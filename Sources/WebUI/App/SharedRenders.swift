/// The renders of `SharedRenderScene`s, shared by every session of the app: a page whose scene shows an input
/// another page's scene of the same type showed is given that render, and a change from one shared render to
/// another is diffed once, its ops kept on the older render for the next page that makes the same change. So a
/// tick of the offer's countdown, which every page of the run shows alike, is one render and one diff, whatever
/// the number of pages; each page then only frames the same ops with its own version.
@MainActor
final class SharedRenders {
    /// Renders kept per scene type besides the ones sessions hold: enough for the few inputs pages of one run
    /// show at once (the offer's digits that rolled before a later page opened differ until they roll again).
    static let recentLimit = 16

    private var recent: [ObjectIdentifier: [SharedRender]] = [:]
    /// Scene renders made (the tests of one render for many pages count them).
    private(set) var renderCount = 0
    /// Diffs made between two shared renders.
    private(set) var diffCount = 0

    init() {}

    /// The render of `input` by scene type `Scene`: a recent one with an equal input, or a new one.
    func render<Scene: SharedRenderScene>(_ scene: Scene.Type, _ input: Scene.RenderInput) -> SharedRender {
        let type = ObjectIdentifier(scene)
        var list = recent[type] ?? []
        if let index = list.firstIndex(where: { ($0.input as? Scene.RenderInput) == input }) {
            let found = list[index]
            if index > 0 {
                list.remove(at: index)
                list.insert(found, at: 0)
                recent[type] = list
            }
            return found
        }
        renderCount += 1
        let made = SharedRender(input: input, tree: PageBudget.rendered(Scene.render(input), sizedLike: list.first?.tree))
        list.insert(made, at: 0)
        if list.count > Self.recentLimit { list.removeLast(list.count - Self.recentLimit) }
        recent[type] = list
        return made
    }

    /// The ops from `old` to `new` as JSON (the elements of the message's `ops` array, comma-separated), or nil when
    /// the two render the same bytes: diffed the first time, then read from `old`.
    func ops(from old: SharedRender, to new: SharedRender) -> [UInt8]? {
        if let known = old.knownOps(to: new) { return known }
        diffCount += 1
        let ops = HTMLDiff.ops(from: old.tree, to: new.tree)
        let json = ops.isEmpty ? nil : PatchMessage.opsJSON(ops)
        old.remember(json, to: new)
        return json
    }
}

/// One render of a shared scene's page: the input it was made from and its tree. Sessions showing it hold it.
@MainActor
final class SharedRender {
    /// Changes from this render to later ones kept at once (a tick's pages all make the same one).
    static let transitionLimit = 4

    let input: any Equatable & Sendable
    let tree: RenderedTree
    /// The ops to a later render, by that render (weakly: a render gone is a transition no page makes again).
    private var transitions: [(to: Weak, json: [UInt8]?)] = []

    init(input: any Equatable & Sendable, tree: RenderedTree) {
        self.input = input
        self.tree = tree
    }

    /// The ops to `new` when they are known (the inner nil: none, the same bytes); nil when not diffed yet.
    fileprivate func knownOps(to new: SharedRender) -> [UInt8]?? {
        guard let known = transitions.first(where: { $0.to.render === new }) else { return nil }
        return .some(known.json)
    }

    fileprivate func remember(_ json: [UInt8]?, to new: SharedRender) {
        transitions.removeAll { $0.to.render == nil }
        transitions.insert((Weak(new), json), at: 0)
        if transitions.count > Self.transitionLimit { transitions.removeLast(transitions.count - Self.transitionLimit) }
    }

    fileprivate struct Weak {
        weak var render: SharedRender?
        init(_ render: SharedRender) { self.render = render }
    }
}
