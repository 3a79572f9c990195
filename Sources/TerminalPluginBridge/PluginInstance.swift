import CFeatureHostPluginABI
import FeatureHostCore
import FeatureHostPluginWire
import FeatureHostRuntime
import Foundation
import TerminalUI

/// One created plugin feature: its instance pointer, its frame requests, and, under a manual clock, the
/// bridge that keeps the plugin's own clock at the host's time.
@MainActor
package final class PluginInstance: ManualClockFollower {
    package let file: URL
    let relay: FrameRequestRelay
    private let table: featurehost_plugin
    /// The optional web entry (`WebPluginBridge` uses it); nil for a terminal-only plugin.
    private let web: featurehost_plugin_web?
    private let handle: InstanceHandle
    /// The host clock's time when the plugin's clock was at zero; nil with a live clock.
    private let base: ManualClock.Instant?
    private var probe: StateObservation?

    init(plugin: LoadedPlugin, context: FeatureContext, dataDirectory: URL) throws {
        file = plugin.file
        table = plugin.table.pointee
        web = plugin.web?.pointee
        let manual = context.clock as? ManualClock
        let wire = ContextWire(
            context: context, dataDirectory: dataDirectory, preferencesFile: HostEnvironment.preferencesFile(in: dataDirectory),
            clock: manual == nil ? .live : .manual)
        guard let create = table.create else {
            throw FeatureError("the plugin \(plugin.file.path) has no create function.")
        }
        let relay = FrameRequestRelay()
        let errorSink = ByteSink()
        let bytes = wire.encoded()
        let pointer = withExtendedLifetime(errorSink) {
            bytes.withUnsafeBufferPointer { buffer in
                create(
                    buffer.baseAddress, buffer.count, Unmanaged.passUnretained(relay).toOpaque(), FrameRequestRelay.callback,
                    Unmanaged.passUnretained(errorSink).toOpaque(), ByteSink.write)
            }
        }
        guard let pointer else {
            let message = String(decoding: errorSink.bytes, as: UTF8.self)
            throw FeatureError(message.isEmpty ? "the plugin \(plugin.file.lastPathComponent) did not say why." : message)
        }
        self.relay = relay
        handle = InstanceHandle(pointer: pointer, table: table, relay: relay)
        base = manual?.now
        manual?.addFollower(self)
        // Requests the plugin has in flight count as the host's, so snapshots and tests wait for them.
        probe = context.activity.addProbe { [weak handle] in handle?.busyCount ?? 0 }
    }

    private var pointer: UnsafeMutableRawPointer { handle.pointer }

    func openScene() { table.open_scene?(pointer) }

    // MARK: - Web entry (bytes only; `WebPluginBridge` turns them into a web scene)

    package var hasWebView: Bool { web != nil }

    /// Makes the plugin's web scene; the later `appear` then makes no terminal scene.
    package func openWebScene() { web?.open_web_scene?(pointer) }

    /// The web scene's HTML as UTF-8.
    package func renderedHTML() -> [UInt8] {
        guard let render = web?.render_html else { return [] }
        return ByteSink.collect { sink, write in render(pointer, sink, write) }
    }

    /// One page event as JSON; true when the scene used it.
    package func handlePageEvent(_ json: [UInt8]) -> Bool {
        guard let handle = web?.handle_page_event else { return false }
        return json.withUnsafeBufferPointer { buffer in handle(pointer, buffer.baseAddress, buffer.count) } != 0
    }

    /// Calls `onChange` on each of the plugin's frame requests (terminal or web: the same callback).
    package func observe(_ onChange: @escaping @MainActor () -> Void) -> StateObservation { relay.add(onChange) }

    var minimumSize: Size {
        var width: Int32 = 0
        var height: Int32 = 0
        table.minimum_size?(pointer, &width, &height)
        return Size(width: Int(width), height: Int(height))
    }

    var keyHints: [KeyHint] {
        guard let keyHints = table.key_hints else { return [] }
        let bytes = ByteSink.collect { sink, write in keyHints(pointer, sink, write) }
        let hints = (try? JSONWire.decode([KeyHintWire].self, from: bytes)) ?? []
        return hints.map { KeyHint(key: $0.key, action: $0.action) }
    }

    func renderedBytes(size: Size) -> [UInt8] {
        guard let render = table.render else { return [] }
        let width = Int32(clamping: size.width)
        let height = Int32(clamping: size.height)
        return ByteSink.collect { sink, write in render(pointer, width, height, sink, write) }
    }

    func handle(_ key: Key) -> KeyHandling {
        let bytes = key.terminalBytes
        let handled = bytes.withUnsafeBufferPointer { buffer in table.handle_key?(pointer, buffer.baseAddress, buffer.count) ?? 0 }
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
        table.handle_lifecycle?(pointer, code)
    }

    // MARK: - ManualClockFollower

    package var nextDeadline: ManualClock.Instant? {
        guard let base, let offset = table.next_deadline?(pointer), offset >= 0 else { return nil }
        return base.advanced(by: .nanoseconds(offset))
    }

    package func advance(to instant: ManualClock.Instant) async {
        guard let base, let advance = table.advance else { return }
        let offset = PluginTime.nanoseconds(base.duration(to: instant))
        let pointer = self.pointer
        // The plugin's clock wakes its sleepers on this same main actor and says when they have settled.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = Unmanaged.passRetained(Completion(continuation)).toOpaque()
            advance(pointer, offset, done, Completion.callback)
        }
    }
}

/// Resumes the host's wait when the plugin says an advance has settled; retained until then.
final class Completion: @unchecked Sendable {
    private let continuation: CheckedContinuation<Void, Never>

    init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }

    static let callback: featurehost_done_fn = { context in
        guard let context else { return }
        Unmanaged<Completion>.fromOpaque(context).takeRetainedValue().continuation.resume()
    }
}

/// Owns the plugin's instance pointer: destroys it when the host lets go, and only then the relay it calls.
final class InstanceHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    private let table: featurehost_plugin
    private let relay: FrameRequestRelay

    init(pointer: UnsafeMutableRawPointer, table: featurehost_plugin, relay: FrameRequestRelay) {
        self.pointer = pointer
        self.table = table
        self.relay = relay
    }

    /// Work in flight in the plugin, and one more while its clock is still settling. Thread-safe by the ABI.
    var busyCount: Int {
        Int(clamping: table.in_flight?(pointer) ?? 0) + Int(table.is_advancing?(pointer) ?? 0)
    }

    deinit { table.destroy?(pointer) }
}

/// Where a plugin's frame requests arrive: the C callback finds the relay through its context pointer.
@MainActor
final class FrameRequestRelay {
    private let observers = StateObservers<Int>()
    private var requests = 0

    func add(_ onChange: @escaping @MainActor () -> Void) -> StateObservation { observers.add { _ in onChange() } }

    func fire() {
        requests += 1
        observers.publish(requests, old: requests - 1)
    }

    /// The plugin calls this on the main thread, as the ABI requires.
    static let callback: featurehost_frame_request_fn = { context in
        guard let context else { return }
        let relay = Unmanaged<FrameRequestRelay>.fromOpaque(context).takeUnretainedValue()
        MainActor.assumeIsolated { relay.fire() }
    }
}
