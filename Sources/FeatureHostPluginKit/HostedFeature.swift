import DataSources
import FeatureHostCore
import FeatureHostPluginWire
import Foundation
import TerminalUI
import WebUI

/// The plugin's side of one instance: the feature built from the host's context, its scene, and its clock.
///
/// The plugin's surface host: each render the host asks for (a frame or the web page's HTML) runs inside one
/// `RenderTracker`, and the first change to what it read (the plugin's presenter, its scene's own state) asks the
/// host for a frame, once, until the host renders again. The host then renders on its next turn, so a run of
/// changes between two of its renders is one request and one render.
@MainActor
final class HostedFeature {
    /// What the host may ask from any thread.
    nonisolated let status: HostedStatus
    private let feature: any Feature
    private let clock: ManualClock?
    private var scene: (any TerminalScene)?
    /// Made instead of the terminal scene when the host shows the feature on the web.
    private var webScene: (any WebScene)?
    private var appeared = false
    /// How the host reads key hints (`ContextWire.keyHintsForm`).
    let keyHintsForm: Int?
    /// What the host's last render read.
    private let renders: RenderTracker
    /// Sizes beyond this are clamped: a frame is rendered for a terminal, not for whatever number arrives.
    static let largestSide = 1000

    init(contextJSON: [UInt8], frameRequest: FrameRequest) throws {
        let wire = try ContextWire.decode(contextJSON)
        keyHintsForm = wire.keyHintsForm
        guard let make = exported.make else { throw FeatureError("the plugin exports no feature.") }
        let activity = ActivityTracker()
        let clock: any Clock<Duration>
        let now: @Sendable () -> Date
        switch wire.clock {
        case .live:
            clock = ContinuousClock()
            now = { Date() }
            self.clock = nil
        case .manual:
            let manual = ManualClock()
            let start = Date(timeIntervalSince1970: wire.now)
            clock = manual
            now = manual.wallClock(startingAt: start)
            self.clock = manual
        }
        let transport = TrackedTransport(LiveHTTPTransport(), activity: activity)
        let payloadCacheFile = URL(fileURLWithPath: wire.payloadCacheFile)
        let context = FeatureContext(
            id: FeatureID(wire.id), clock: clock, now: now,
            transport: transport,
            storageDirectory: URL(fileURLWithPath: wire.storageDirectory, isDirectory: true),
            locale: Locale(identifier: wire.locale), timeZone: wire.resolvedTimeZone, hourCycle: wire.resolvedHourCycle,
            settings: wire.featureSettings, source: try wire.source?.configuration(),
            keyValueStore: try PlistFileStore(suiteFile: URL(fileURLWithPath: wire.preferencesFile), prefix: "\(wire.id)."),
            activity: activity, payloadCacheFile: payloadCacheFile,
            // Beside the host's own image cache (`cache/images`), never in it: the plugin's copy of the cache
            // keeps its own index. The web surface serves from both (`DataLayout`).
            images: ImageCache(
                directory: DataLayout(URL(fileURLWithPath: wire.dataDirectory, isDirectory: true))
                    .pluginImageCacheDirectory(for: FeatureID(wire.id)),
                transport: transport))
        let status = HostedStatus(activity: activity, clock: self.clock)
        self.status = status
        // Checked on every request: a timer may outlive the instance, and the host's context pointer with it.
        renders = RenderTracker { if !status.isClosed { frameRequest() } }
        feature = try make(context)
    }

    /// The host's `appear`: makes the terminal scene, unless the web scene is open, and tells the feature once. A
    /// feature without a terminal scene (web-only) is not shown in the terminal, so it does not appear there.
    func openScene() {
        guard !appeared else { return }
        if webScene == nil {
            guard let terminal = feature as? any TerminalFeature else { return }
            scene = terminal.makeScene()
        }
        appeared = true
        feature.handle(.appear)
    }

    // MARK: - Web

    /// Makes the web scene (once) and starts nothing; `appear` comes through `openScene`.
    func openWebScene() {
        guard webScene == nil, scene == nil, let web = feature as? any WebFeature else { return }
        webScene = web.makeWebScene()
    }

    func renderHTML() -> String { renders.track { webScene?.render() }?.render() ?? "" }

    func handle(_ event: PageEvent) -> Bool { webScene?.handle(event) == .handled }

    var minimumSize: Size { scene?.minimumSize ?? Size(width: 0, height: 0) }
    var keyHints: [KeyHint] { scene?.keyHints ?? [] }
    /// Said only when it is not what the hints say (a screen that swallows Esc without naming it).
    var leavesEscapeToShell: Bool? {
        guard let scene, scene.leavesEscapeToShell == scene.keyHints.contains(where: { $0.names("Esc") }) else { return nil }
        return scene.leavesEscapeToShell
    }

    func render(width: Int, height: Int) -> [UInt8] {
        let size = Size(width: min(max(width, 0), Self.largestSide), height: min(max(height, 0), Self.largestSide))
        return FrameCodec.encode(renders.track { scene?.render(size: size) } ?? Frame(size: size))
    }

    /// One key's bytes; a fresh parser each time, so a lone ESC is the Esc key.
    func handleKey(_ bytes: [UInt8]) -> Bool {
        guard let scene else { return false }
        var parser = KeyParser()
        let results = (parser.feed(bytes) + parser.flushPendingEscape()).map(scene.handle)
        return results.contains(.handled)
    }

    func handle(_ event: LifecycleEvent) { feature.handle(event) }

    /// The host's new conventions: the feature formats again in place, or says it cannot.
    func reformat(for conventions: FormatConventions) -> Bool { feature.reformat(for: conventions) }

    /// Moves the manual clock on the main actor, then tells the host. Usually the clock only has timers to run,
    /// and `done` comes before this returns, so the host's wait for it ends without suspending; otherwise (work
    /// in flight, a task to resume) the rest of the advance runs in a task, as `ManualClock.advance` needs.
    func advance(to offset: Int64, then done: Done) {
        guard let clock else { return done() }
        let target = ManualClock.Instant(offset: .nanoseconds(offset))
        // No `is_advancing` mark on this path: it ends within this call, on the main thread.
        if clock.advanceWithoutSuspending(to: target) { return done() }
        status.beginAdvance()
        let status = self.status
        Task { @MainActor in
            await clock.advance(to: target)
            status.endAdvance()
            done()
        }
    }
}

/// The thread-safe part of an instance.
final class HostedStatus: Sendable {
    let activity: ActivityTracker
    private let clock: ManualClock?
    private let state = Locked<(advancing: Int, closed: Bool)>((0, false))

    init(activity: ActivityTracker, clock: ManualClock?) {
        self.activity = activity
        self.clock = clock
    }

    var isAdvancing: Bool { state.withLock { $0.advancing > 0 } }
    /// Set when the host destroys the instance: no frame request may follow.
    var isClosed: Bool { state.withLock { $0.closed } }
    func close() { state.withLock { $0.closed = true } }
    func beginAdvance() { state.withLock { $0.advancing += 1 } }
    func endAdvance() { state.withLock { $0.advancing -= 1 } }

    /// Nanoseconds since the instance was made, or -1 when nothing sleeps on its clock.
    var nextDeadline: Int64 {
        guard let deadline = clock?.nextDeadline else { return -1 }
        return PluginTime.nanoseconds(deadline.offset)
    }
}
