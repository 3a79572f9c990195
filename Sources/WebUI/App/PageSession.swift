import FeatureHostCore

/// One page load: its feature's scene, the HTML the browser has (by version), and the event streams that
/// carry the changes. Changes in one main-actor turn become one patch.
@MainActor
final class PageSession {
    let id: String
    let featureID: FeatureID
    private(set) var feature: PageFeature
    private(set) var preferences: PagePreferences
    /// The version of `rendered`: what a client that has seen every patch holds.
    private(set) var version = 0
    /// The content as last rendered, which the next render is diffed against.
    private(set) var rendered: RenderedTree
    private var streams: [ObjectIdentifier: any EventStreamSink] = [:]
    private var observation: StateObservation?
    private var flushScheduled = false
    /// When the last stream went away (or the page was served, before any stream): the grace period counts from it.
    private(set) var lastSeen: Duration
    private(set) var hasAppeared = false
    private(set) var hasGreeted = false
    private(set) var isVisible = true
    private(set) var isClosed = false
    /// Bytes of patches written, for the benchmark.
    private(set) var bytesSent = 0

    init(id: String, featureID: FeatureID, feature: PageFeature, preferences: PagePreferences, now: Duration) {
        self.id = id
        self.featureID = featureID
        self.feature = feature
        self.preferences = preferences
        lastSeen = now
        rendered = PageBudget.rendered(feature.scene.render())
        observe()
    }

    var streamCount: Int { streams.count }

    /// The page's content as the client has it at `version`: rendered already, so serving the page renders nothing.
    var content: HTML { .trustedMarkup(rendered.markupString) }

    // MARK: streams

    /// A client's event stream: it hears every patch from now on, and first a whole-root morph when it holds
    /// another version than the current one (a reconnect after missed patches, or a resync after a fault).
    func attach(_ stream: any EventStreamSink, clientVersion: Int) {
        streams[ObjectIdentifier(stream)] = stream
        if clientVersion != version {
            send(PatchMessage(from: clientVersion, to: version, ops: HTMLDiff.resync(to: rendered)), to: stream)
        }
    }

    func detach(_ stream: any EventStreamSink, now: Duration) {
        guard streams.removeValue(forKey: ObjectIdentifier(stream)) != nil else { return }
        if streams.isEmpty { lastSeen = now }
    }

    /// A comment line that keeps idle streams open and notices the ones whose reader went away.
    func sendKeepAlive() {
        for stream in streams.values { stream.write(Array(ServerSentEvent.comment("keep-alive").utf8)) }
    }

    /// Whether the page is gone: no stream for longer than `grace`.
    func hasExpired(now: Duration, grace: Duration) -> Bool {
        streams.isEmpty && now - lastSeen > grace
    }

    // MARK: changes

    /// Renders and sends what changed since the last patch; nothing when the HTML is the same (a roll step
    /// the page animates by itself, say).
    func flush() {
        flushScheduled = false
        guard !isClosed else { return }
        let new = PageBudget.rendered(feature.scene.render(), sizedLike: rendered)
        let ops = HTMLDiff.ops(from: rendered, to: new)
        rendered = new
        guard !ops.isEmpty else { return }
        version += 1
        let message = PatchMessage(from: version - 1, to: version, ops: ops)
        for stream in streams.values { send(message, to: stream) }
    }

    private func send(_ message: PatchMessage, to stream: any EventStreamSink) {
        let bytes = ServerSentEvent(event: "patch", data: message.json, id: String(message.to)).bytes
        bytesSent += bytes.count
        stream.write(bytes)
    }

    private func observe() {
        observation = feature.scene.observe { [weak self] in self?.scheduleFlush() }
    }

    private func scheduleFlush() {
        guard !flushScheduled else { return }
        flushScheduled = true
        Task { @MainActor [weak self] in self?.flush() }
    }

    // MARK: events and lifecycle

    func handle(_ event: PageEvent) -> WebEventHandling {
        guard !isClosed else { return .ignored }
        let handling = feature.scene.handle(event)
        flush()  // the answer to a click goes out now, not a turn later
        return handling
    }

    /// The first hello: whether the page is visible decides between `appear` and waiting in the background.
    func greet(visible: Bool) {
        guard !hasGreeted, !isClosed else { return }
        hasGreeted = true
        setVisible(visible)
    }

    /// Visible: `appear` the first time, `willEnterForeground` after; hidden: `didEnterBackground`.
    func setVisible(_ visible: Bool) {
        guard !isClosed else { return }
        isVisible = visible
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
        flush()
    }

    /// Swaps in a feature built with other preferences (the browser's hour cycle, say), before it appeared:
    /// nothing has started yet, so nothing is lost. The page gets the difference as a patch.
    func replaceFeature(_ newFeature: PageFeature, preferences newPreferences: PagePreferences) {
        guard !hasAppeared, !isClosed else {
            newFeature.close()
            return
        }
        observation?.cancel()
        feature.close()
        feature = newFeature
        preferences = newPreferences
        observe()
        flush()
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        observation?.cancel()
        feature.close()
        for stream in streams.values {
            stream.write(ServerSentEvent(event: "gone", data: "{}").bytes)
            stream.close()
        }
        streams.removeAll()
    }
}
