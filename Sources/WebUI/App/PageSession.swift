import FeatureHostCore

/// One page load: its feature's scene, the HTML the browser has (by version), and the event streams that
/// carry the changes. The scene is rendered by one `RenderLoop`, which tracks what its render read: changes in
/// one main-actor turn become one render and at most one patch. A page event's answer is rendered at the end of
/// the turn that handled it (so it goes out before the POST's 204); a change from elsewhere (a timer, a
/// finished request) on the next turn.
@MainActor
final class PageSession {
    let id: String
    let featureID: FeatureID
    /// The running feature; nil once the page ended it (`end(showing:)`), so its presenter is released.
    private(set) var feature: PageFeature?
    /// The feature's title, kept when the feature ends (its panel names it).
    private(set) var title: String
    private(set) var preferences: PagePreferences
    /// The version of `rendered`: what a client that has seen every patch holds.
    private(set) var version = 0
    /// The content as last rendered, which the next render is diffed against.
    private(set) var rendered: RenderedTree
    private var streams: [ObjectIdentifier: any EventStreamSink] = [:]
    /// The streams a patch went to since the last heartbeat: the page counts any event as the host being there, so
    /// a ticking page needs no beat besides its patches.
    private var spokeSinceBeat: Set<ObjectIdentifier> = []
    private var renders: RenderLoop?
    /// The app's shared renders, and the one this page shows when its scene is a `SharedRenderScene`.
    private let shared: SharedRenders
    private var showing: SharedRender?
    /// Whether `rendered` holds a render yet: the first one is the page as served, not a patch.
    private var hasTree = false
    /// Renders of the scene, whatever made them: what the tests of one render per input count.
    private(set) var renderCount = 0
    /// When the last stream went away (or the page was served, before any stream): the grace period counts from it.
    private(set) var lastSeen: Duration
    private(set) var hasAppeared = false
    private(set) var hasGreeted = false
    /// What the page last said: the grace period it gets without a stream depends on it.
    private(set) var isVisible = true
    /// In the background because its last stream closed while visible (`detach`), not because it was hidden.
    private(set) var isAwayInBackground = false
    private(set) var isClosed = false
    /// Whether the feature stopped running on this page (`end(showing:)`): its streams stay open for the banner
    /// and the heartbeat, and its page events are ignored.
    var hasEnded: Bool { feature == nil && !isClosed }

    /// What the page's browser said (its languages, then its hello's clock): what its preferences are asked for again
    /// when the config's conventions change.
    var browser: BrowserPreferences

    init(
        id: String, featureID: FeatureID, feature: PageFeature, preferences: PagePreferences, browser: BrowserPreferences,
        now: Duration, shared: SharedRenders = SharedRenders()
    ) {
        self.id = id
        self.shared = shared
        self.featureID = featureID
        self.feature = feature
        title = feature.title
        self.preferences = preferences
        self.browser = browser
        lastSeen = now
        rendered = .empty
        startRendering()
    }

    var streamCount: Int { streams.count }

    /// The page's content as the client has it at `version`: rendered already, so serving the page renders nothing.
    var content: HTML { .trustedMarkup(rendered.markupString) }

    // MARK: streams

    /// A client's event stream: it hears every patch from now on, and first a whole-root morph when it holds
    /// another version than the current one (a reconnect after missed patches, or a resync after a fault).
    func attach(_ stream: any EventStreamSink, clientVersion: Int) {
        let wasAway = streams.isEmpty
        streams[ObjectIdentifier(stream)] = stream
        if clientVersion != version {
            send(PatchMessage(from: clientVersion, to: version, ops: HTMLDiff.resync(to: rendered)), to: stream)
        }
        if wasAway, isAwayInBackground {
            isAwayInBackground = false
            if isVisible { setVisible(true) }
        }
    }

    /// The last stream going means no page shows this session now (a reload left it behind, the connection
    /// dropped): a visible one goes to the background until a stream is back, so it keeps nothing that belongs
    /// to the run (the offer's countdown) going while it waits out its grace period.
    func detach(_ stream: any EventStreamSink, now: Duration) {
        guard streams.removeValue(forKey: ObjectIdentifier(stream)) != nil else { return }
        spokeSinceBeat.remove(ObjectIdentifier(stream))
        guard streams.isEmpty else { return }
        lastSeen = now
        guard isVisible, hasAppeared, let feature, !isClosed else { return }
        isAwayInBackground = true
        feature.lifecycle(.didEnterBackground)
        renders?.renderIfStale()
    }

    /// A heartbeat, `beat` with `{"every": ms}` (how often the next come): keeps idle streams open, notices the
    /// ones whose reader went away, and lets the page tell a host that stopped answering (a hang, a dead
    /// connection no error reached) from a quiet one: three beats missed and it says the host is gone.
    /// A stream that had a patch since the last beat is left out: the patch told the page as much (its first beat,
    /// at the open, gave the interval).
    func sendBeat(every interval: Duration) {
        let beat = Self.beat(every: interval)
        for (key, stream) in streams where !spokeSinceBeat.contains(key) { stream.write(beat) }
        spokeSinceBeat.removeAll(keepingCapacity: true)
    }

    /// An event that is not a patch (a heartbeat, the config banner) to every open stream of the page.
    func broadcast(_ bytes: [UInt8]) {
        for stream in streams.values { stream.write(bytes) }
    }

    static func beat(every interval: Duration) -> [UInt8] {
        let milliseconds = interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000
        return ServerSentEvent(event: "beat", data: "{\"every\":\(milliseconds)}").bytes
    }

    /// Whether the page is gone: no stream for longer than `grace`.
    func hasExpired(now: Duration, grace: Duration) -> Bool {
        streams.isEmpty && now - lastSeen > grace
    }

    // MARK: changes

    /// Renders and sends what changed since the last patch; nothing when the HTML is the same (a roll step
    /// the page animates by itself, say). Only the render loop calls it.
    private func flush() {
        guard !isClosed, let feature else { return }
        renderCount += 1
        if let scene = feature.scene as? any SharedRenderScene {
            show(scene)
        } else {
            publish(feature.scene.render())
        }
    }

    /// `content` as the page's new content: the page as served when there is no tree yet, else a patch from the
    /// old tree to every stream.
    private func publish(_ content: HTML) {
        showing = nil
        guard hasTree else {
            rendered = PageBudget.rendered(content)
            hasTree = true
            return
        }
        let new = PageBudget.rendered(content, sizedLike: rendered)
        let ops = HTMLDiff.ops(from: rendered, to: new)
        rendered = new
        guard !ops.isEmpty else { return }
        version += 1
        let message = PatchMessage(from: version - 1, to: version, ops: ops)
        let bytes = ServerSentEvent(event: "patch", data: message.json, id: String(message.to)).bytes
        for stream in streams.values { send(bytes, to: stream) }
    }

    /// A shared scene's page: an input equal to the one shown is no change (no render, no diff); another is the
    /// app's shared render of it, and the ops from the one shown are diffed once for every page that makes the
    /// same change (`SharedRenders`). Only the version in the frame is this page's own.
    private func show<Scene: SharedRenderScene>(_ scene: Scene) {
        let input = scene.renderInput()
        if let showing, let shown = showing.input as? Scene.RenderInput, shown == input { return }
        let new = shared.render(Scene.self, input)
        let old = showing
        showing = new
        guard hasTree else {
            rendered = new.tree
            hasTree = true
            return
        }
        let json: [UInt8]?
        if let old {
            json = shared.ops(from: old, to: new)
        } else {
            // The page showed another scene's render (the feature was replaced): diffed for this page alone.
            let ops = HTMLDiff.ops(from: rendered, to: new.tree)
            json = ops.isEmpty ? nil : PatchMessage.opsJSON(ops)
        }
        rendered = new.tree
        guard let json else { return }
        version += 1
        let bytes = PatchMessage.event(from: version - 1, to: version, opsJSON: json)
        for stream in streams.values { send(bytes, to: stream) }
    }

    private func send(_ message: PatchMessage, to stream: any EventStreamSink) {
        send(ServerSentEvent(event: "patch", data: message.json, id: String(message.to)).bytes, to: stream)
    }

    private func send(_ bytes: [UInt8], to stream: any EventStreamSink) {
        spokeSinceBeat.insert(ObjectIdentifier(stream))
        stream.write(bytes)
    }

    /// A render loop for the current scene, and its first render, now: the page's content when the session is
    /// made, a patch from the old tree when the feature was replaced.
    private func startRendering() {
        renders?.stop()
        let loop = RenderLoop { [weak self] in self?.flush() }
        renders = loop
        loop.renderNow()
    }

    // MARK: events and lifecycle

    func handle(_ event: PageEvent) -> WebEventHandling {
        guard !isClosed, let feature else { return .ignored }
        let handling = feature.scene.handle(event)
        renders?.renderIfStale()  // the answer to a click goes out now, not a turn later
        return handling
    }

    /// The first hello: whether the page is visible decides between `appear` and waiting in the background.
    func greet(visible: Bool) {
        guard !hasGreeted, !isClosed else { return }
        hasGreeted = true
        setVisible(visible)
    }

    /// Visible: `appear` the first time, `willEnterForeground` after; hidden: `didEnterBackground`.
    /// Without a stream after being away, only what the page says is kept: the next stream brings it back.
    func setVisible(_ visible: Bool) {
        guard !isClosed, let feature else { return }
        isVisible = visible
        if isAwayInBackground {
            // Already in the background; hidden now, it stays there when its stream is back.
            if !visible { isAwayInBackground = false }
            return
        }
        if visible {
            if hasAppeared {
                feature.lifecycle(.willEnterForeground)
            } else {
                hasAppeared = true
                feature.lifecycle(.willEnterForeground)
                feature.lifecycle(.appear)
            }
        } else {
            feature.lifecycle(.didEnterBackground)
        }
        renders?.renderIfStale()
    }

    /// Swaps in another instance of the page's feature: one built with the browser's clock before it appeared
    /// (nothing has started yet, so nothing is lost), or one the config restarted. The old one closes first; the
    /// page gets the difference as a patch from what it shows. A page that had appeared and is visible makes the
    /// new one appear at once; a hidden one lets it appear when it is shown again, as a first load would.
    func replaceFeature(_ newFeature: PageFeature, preferences newPreferences: PagePreferences) {
        guard !isClosed, let old = feature else {
            newFeature.close()
            return
        }
        renders?.stop()
        old.close()
        feature = newFeature
        title = newFeature.title
        preferences = newPreferences
        startRendering()
        guard hasAppeared else { return }
        hasAppeared = false
        if isVisible { setVisible(true) }
    }

    /// Other preferences for the running instance: it formats again in place (its render loop sees the change), or,
    /// when it cannot, false and nothing changed.
    func reformat(_ newPreferences: PagePreferences) -> Bool {
        guard !isClosed, let feature, feature.reformat(newPreferences) else { return false }
        preferences = newPreferences
        return true
    }

    /// The feature stops running on this page: it is closed and released, and the page's content becomes
    /// `panel`, patched over the open streams; later page events are ignored. The session stays until its page
    /// goes, so the page keeps its heartbeat and banner.
    func end(showing panel: HTML) {
        guard !isClosed, let old = feature else { return }
        renders?.stop()
        renders = nil
        feature = nil
        old.close()
        publish(panel)
    }

    /// `gone` tells the page its session ended (it expired or was pushed out): the page reloads for a new one.
    static let gone = ServerSentEvent(event: "gone", data: "{}").bytes

    /// Closes the session; its streams hear `farewell` first (`gone`, or the host's `stopping`).
    func close(saying farewell: [UInt8] = PageSession.gone) {
        guard !isClosed else { return }
        isClosed = true
        renders?.stop()
        feature?.close()
        feature = nil
        for stream in streams.values {
            stream.write(farewell)
            stream.close()
        }
        streams.removeAll()
        spokeSinceBeat.removeAll()
    }
}
