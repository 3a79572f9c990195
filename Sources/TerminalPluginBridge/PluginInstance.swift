import CFeatureHostPluginABI
import FeatureHostCore
import FeatureHostPluginWire
import FeatureHostRuntime
import Foundation
import TerminalUI

/// One created plugin feature as the surfaces use it, wherever its code runs: in its own process
/// (`ProcessPluginInstance`, the default) or in the host's (`TablePluginInstance`). Bytes in and out; the scenes
/// decode them. While the plugin is not running, `stop` says why and the scenes show it in the feature's panel.
@MainActor
package protocol PluginInstance: AnyObject, Sendable {
    var file: URL { get }
    /// Why the plugin is not running; nil while it is.
    var stop: PluginStop? { get }
    var hasWebView: Bool { get }
    /// Makes the plugin's web scene; the later `appear` then makes no terminal scene.
    func openWebScene()
    /// The web scene's HTML as UTF-8; nil once the plugin is stopped.
    func renderedHTML() -> [UInt8]?
    /// One page event as JSON; true when the scene used it.
    func handlePageEvent(_ json: [UInt8]) -> Bool
    /// The plugin's frame requests (terminal or web), stops and restarts so far. Observable: a scene reads it in
    /// `render`, so each one is a change its surface's render loop draws.
    var frameRequests: Int { get }
    var minimumSize: Size { get }
    var keyHints: [KeyHint] { get }
    /// Whether the plugin's screen leaves Esc to the shell: what it said (`KeyHintsWire`), else whether no hint names Esc.
    var leavesEscapeToShell: Bool { get }
    /// The frame's bytes for `size`; nil once the plugin is stopped (maybe by this render).
    func renderedBytes(size: Size) -> [UInt8]?
    func handle(_ key: Key) -> KeyHandling
    func handle(_ event: LifecycleEvent)
    /// Brings a stopped plugin back (out of process: loads the library again); false when it could not.
    func restart() -> Bool
}

extension PluginInstance {
    /// Why the plugin was stopped, naming its file; nil while it runs.
    package var stopReason: String? { stop?.reason }
}

extension KeyHintsWire {
    var keyHints: [KeyHint] { hints.map { KeyHint(key: $0.key, action: $0.action) } }

    /// What the plugin said, else what its hints say, as `TerminalScene`'s default does.
    var leavesEscape: Bool { leavesEscapeToShell ?? !keyHints.contains { $0.names("Esc") } }
}

/// One created plugin feature in the host's own process: its instance pointer, its frame requests, and, under a
/// manual clock, the bridge that keeps the plugin's own clock at the host's time.
///
/// Every call checks `stopReason` first: once the plugin is stopped (`PluginStops`) it is never called again,
/// and the surfaces show the reason in its panel. Every wait on the plugin is bounded (`PluginLimits`), except a
/// call that never returns: only the process boundary bounds that.
@MainActor
package final class TablePluginInstance: PluginInstance, ManualClockFollower {
    package let file: URL
    let relay: FrameRequestRelay
    /// Shared by every instance of the library: a stop by one stops them all.
    private let health: PluginHealth
    private let table: featurehost_plugin
    /// The optional web entry (`WebPluginBridge` uses it); nil for a terminal-only plugin.
    private let web: featurehost_plugin_web?
    private let handle: InstanceHandle
    private let limits: PluginLimits
    /// The host clock's time when the plugin's clock was at zero; nil with a live clock.
    private let base: ManualClock.Instant?
    private var probe: ActivityProbe?

    init(
        plugin: LoadedPlugin, table tablePointer: UnsafePointer<featurehost_plugin>, web webPointer: UnsafePointer<featurehost_plugin_web>?,
        context: FeatureContext, dataDirectory: URL, limits: PluginLimits = .standard
    ) throws {
        file = plugin.file
        let health = PluginStops.shared.health(of: tablePointer)
        self.health = health
        table = tablePointer.pointee
        web = webPointer?.pointee
        self.limits = limits
        let name = plugin.file.lastPathComponent
        if let reason = health.stopReason { throw FeatureError(reason) }
        let manual = context.clock as? ManualClock
        let wire = ContextWire(
            context: context, dataDirectory: dataDirectory, preferencesFile: HostEnvironment.preferencesFile(in: dataDirectory),
            clock: manual == nil ? .live : .manual)
        guard let create = table.create else {
            throw FeatureError("the plugin \(plugin.file.path) has no create function.")
        }
        let relay = FrameRequestRelay()
        let relayContext = FrameRequestRelay.live.add(relay)
        let errorSink = ByteSink(limit: limits.errorMessageBytes)
        let outcome = errorSink.receive { sink, write in
            HostCall.run {
                CreateGuard.create(
                    create, context: wire.encoded(), hostContext: relayContext, requestFrame: FrameRequestRelay.callback,
                    errorSink: sink, writeError: write)
            }
        }
        let pointer: UnsafeMutableRawPointer
        switch outcome {
        case .created(let created):
            pointer = created
        case .refused:
            FrameRequestRelay.live.remove(relayContext)
            var message = String(decoding: errorSink.bytes, as: UTF8.self)
            if errorSink.isOverLimit { message += "… (cut: the plugin \(name) wrote more than \(ByteCount.text(errorSink.limit)))" }
            throw FeatureError(message.isEmpty ? "the plugin \(name) did not say why." : message)
        case .crashed(let signal):
            FrameRequestRelay.live.remove(relayContext)
            let reason =
                "the plugin \(name) crashed in create with \(PluginSignal.describe(signal)). The host caught it and will not "
                + "call this plugin again in this run; fix the plugin and restart the host."
            health.stop(reason)
            throw FeatureError(reason)
        }
        self.relay = relay
        handle = InstanceHandle(
            pointer: pointer, table: tablePointer, stopped: health.isStoppedForOtherThreads, relayContext: relayContext)
        base = manual?.now
        manual?.addFollower(self)
        // Requests the plugin has in flight count as the host's, so snapshots and tests wait for them.
        probe = context.activity.addProbe { [weak handle] in handle?.busyCount ?? 0 }
    }

    private var pointer: UnsafeMutableRawPointer { handle.pointer }

    /// In process a stop is for the rest of the run: after a crash or a hang nothing the library holds can be
    /// trusted, and it cannot be loaded again.
    package var stop: PluginStop? { health.stopReason.map { PluginStop(reason: $0) } }
    private var isRunning: Bool { health.stopReason == nil }

    package func restart() -> Bool { isRunning }

    /// Stops the plugin for the rest of the run and asks the surfaces to draw its panel again.
    private func stop(_ reason: String) {
        health.stop(reason)
        relay.fire()
    }

    private var name: String { file.lastPathComponent }

    func openScene() {
        guard isRunning else { return }
        HostCall.run { table.open_scene?(pointer) }
    }

    // MARK: - Web entry (bytes only; `WebPluginBridge` turns them into a web scene)

    package var hasWebView: Bool { web != nil }

    /// Makes the plugin's web scene; the later `appear` then makes no terminal scene.
    package func openWebScene() {
        guard isRunning else { return }
        HostCall.run { web?.open_web_scene?(pointer) }
    }

    /// The web scene's HTML as UTF-8; nil once the plugin is stopped (it is stopped here when it sends more
    /// than `PluginLimits.htmlBytes`).
    package func renderedHTML() -> [UInt8]? {
        guard isRunning else { return nil }
        guard let render = web?.render_html else { return [] }
        let pointer = self.pointer
        do {
            return try ByteSink.collect(limit: limits.htmlBytes) { sink, write in HostCall.run { render(pointer, sink, write) } }
        } catch {
            stop(
                "the plugin \(name) was stopped: it sent \(error.description) of HTML for one render, and the host accepts "
                    + "at most \(ByteCount.text(error.limit)). It will not be called again in this run.")
            return nil
        }
    }

    /// One page event as JSON; true when the scene used it.
    package func handlePageEvent(_ json: [UInt8]) -> Bool {
        guard isRunning, let handle = web?.handle_page_event else { return false }
        let pointer = self.pointer
        return HostCall.run { json.withUnsafeBufferPointer { buffer in handle(pointer, buffer.baseAddress, buffer.count) } } != 0
    }

    /// The plugin's frame requests so far (terminal or web: the same callback), one more when it is stopped.
    /// Observable: a scene reads it in `render`, so each request is a change its surface's render loop sees.
    package var frameRequests: Int { relay.requests }

    package var minimumSize: Size {
        guard isRunning else { return Size(width: 0, height: 0) }
        var width: Int32 = 0
        var height: Int32 = 0
        HostCall.run { table.minimum_size?(pointer, &width, &height) }
        return Size(width: Int(width), height: Int(height))
    }

    package var keyHints: [KeyHint] { keyHintsWire.keyHints }

    package var leavesEscapeToShell: Bool { keyHintsWire.leavesEscape }

    private var keyHintsWire: KeyHintsWire {
        guard isRunning, let keyHints = table.key_hints else { return KeyHintsWire(hints: []) }
        let pointer = self.pointer
        do {
            let bytes = try ByteSink.collect(limit: limits.keyHintBytes) { sink, write in HostCall.run { keyHints(pointer, sink, write) } }
            return KeyHintsWire.decode(bytes) ?? KeyHintsWire(hints: [])
        } catch {
            stop(
                "the plugin \(name) was stopped: it sent \(error.description) of key hints, and the host accepts at most "
                    + "\(ByteCount.text(error.limit)). It will not be called again in this run.")
            return KeyHintsWire(hints: [])
        }
    }

    /// The frame's bytes for `size`; nil once the plugin is stopped (it is stopped here when it sends more
    /// than `PluginLimits.frameBytes`).
    package func renderedBytes(size: Size) -> [UInt8]? {
        guard isRunning else { return nil }
        guard let render = table.render else { return [] }
        let width = Int32(clamping: size.width)
        let height = Int32(clamping: size.height)
        let pointer = self.pointer
        do {
            return try ByteSink.collect(limit: limits.frameBytes) { sink, write in
                HostCall.run { render(pointer, width, height, sink, write) }
            }
        } catch {
            stop(
                "the plugin \(name) was stopped: it sent \(error.description) for one \(size.width)×\(size.height) frame, and "
                    + "the host accepts at most \(ByteCount.text(error.limit)). It will not be called again in this run.")
            return nil
        }
    }

    package func handle(_ key: Key) -> KeyHandling {
        guard isRunning, let handleKey = table.handle_key else { return .ignored }
        let pointer = self.pointer
        let handled = HostCall.run {
            key.terminalBytes.withUnsafeBufferPointer { buffer in handleKey(pointer, buffer.baseAddress, buffer.count) }
        }
        return handled == 0 ? .ignored : .handled
    }

    /// `.appear` is the table's `open_scene` (ABI version 1 has no lifecycle code for it).
    package func handle(_ event: LifecycleEvent) {
        let code: Int32
        switch event {
        case .appear: return openScene()
        case .didEnterBackground: code = FEATUREHOST_LIFECYCLE_DID_ENTER_BACKGROUND
        case .willEnterForeground: code = FEATUREHOST_LIFECYCLE_WILL_ENTER_FOREGROUND
        }
        guard isRunning else { return }
        HostCall.run { table.handle_lifecycle?(pointer, code) }
    }

    // MARK: - ManualClockFollower

    package var nextDeadline: ManualClock.Instant? {
        guard isRunning, let base, let offset = table.next_deadline?(pointer), offset >= 0 else { return nil }
        return base.advanced(by: .nanoseconds(offset))
    }

    /// Moves the plugin's clock and waits for its `done`: not at all when it comes within the call (a plugin
    /// whose clock ran only timers), else at most `PluginLimits.advanceTimeout` of real time, after which the
    /// plugin is stopped and the host's clock goes on without it.
    package func advance(to instant: ManualClock.Instant) async {
        guard isRunning, let base, let advance = table.advance else { return }
        let offset = PluginTime.nanoseconds(base.duration(to: instant))
        let pending = AdvanceWaits.shared.call { context in HostCall.run { advance(pointer, offset, context, AdvanceWaits.done) } }
        guard let pending else { return }
        guard await AdvanceWaits.shared.settled(pending, within: limits.advanceTimeout) else {
            stop(
                "the plugin \(name) was stopped: it did not finish advancing its clock to \(Self.seconds(offset)) within "
                    + "\(limits.advanceTimeout) of real time (its advance never called done). It will not be called again in this run.")
            return
        }
    }

    private static func seconds(_ nanoseconds: Int64) -> String {
        let whole = nanoseconds / 1_000_000_000
        let milliseconds = nanoseconds % 1_000_000_000 / 1_000_000
        return milliseconds == 0 ? "\(whole) s" : "\(whole).\(String(milliseconds + 1000).dropFirst()) s"
    }
}

/// Owns the plugin's instance pointer: destroys it when the host lets go (unless the plugin was stopped: a
/// stopped plugin is never called again), and only then forgets the relay it calls.
final class InstanceHandle: @unchecked Sendable {
    // @unchecked: every field is a constant; the table's `in_flight` and `is_advancing` are thread-safe by the ABI.
    let pointer: UnsafeMutableRawPointer
    private let table: UnsafePointer<featurehost_plugin>
    private let stopped: StoppedMark
    private let relayContext: UnsafeMutableRawPointer?

    init(
        pointer: UnsafeMutableRawPointer, table: UnsafePointer<featurehost_plugin>, stopped: StoppedMark,
        relayContext: UnsafeMutableRawPointer?
    ) {
        self.pointer = pointer
        self.table = table
        self.stopped = stopped
        self.relayContext = relayContext
    }

    private var isStopped: Bool { stopped.isSet }

    /// Work in flight in the plugin, and one more while its clock is still settling; 0 once it is stopped, so a
    /// stopped plugin never holds up a snapshot.
    var busyCount: Int {
        guard !isStopped else { return 0 }
        return Int(clamping: table.pointee.in_flight?(pointer) ?? 0) + Int(table.pointee.is_advancing?(pointer) ?? 0)
    }

    deinit {
        if !isStopped { table.pointee.destroy?(pointer) }
        FrameRequestRelay.live.remove(relayContext)
    }
}
