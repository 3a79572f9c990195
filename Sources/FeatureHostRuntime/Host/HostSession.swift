import FeatureHostCore

/// What runs for one user of the host, whatever the surface: each enabled feature or why it could not
/// start, which features have appeared, and the lifecycle every running feature hears. The terminal shell
/// has one; the web surface has one per page load. A surface reports what happened (a feature shown, focus
/// lost, a tab hidden); the session decides who hears it.
@MainActor
public final class HostSession {
    public final class Entry {
        public enum State {
            case running(any Feature)
            case failed(String)
        }

        public let manifest: FeatureManifest
        public private(set) var state: State
        /// Whether `.appear` has been delivered.
        public fileprivate(set) var hasAppeared = false

        public init(manifest: FeatureManifest, state: State) {
            self.manifest = manifest
            self.state = state
        }

        public convenience init(_ launched: FeatureLauncher.Launched) {
            switch launched.outcome {
            case .running(let feature): self.init(manifest: launched.resolved.manifest, state: .running(feature))
            case .failed(let message): self.init(manifest: launched.resolved.manifest, state: .failed(message))
            }
        }

        public var feature: (any Feature)? {
            if case .running(let feature) = state { return feature }
            return nil
        }

        public var failure: String? {
            if case .failed(let message) = state { return message }
            return nil
        }

        fileprivate func close() {
            if case .running = state { state = .failed("\(manifest.title) was closed.") }
        }
    }

    public let entries: [Entry]
    /// Background or foreground, as last reported; a repeat is not delivered again.
    public private(set) var lifecycle: LifecycleEvent = .willEnterForeground
    public private(set) var isClosed = false

    public init(entries: [Entry]) { self.entries = entries }

    /// Launches each feature; one that fails becomes an entry with its message, the others are unaffected.
    public convenience init(launching features: [ResolvedFeature], with launcher: FeatureLauncher, extra: [Entry] = []) {
        self.init(entries: features.map { Entry(launcher.launch($0)) } + extra)
    }

    /// A surface shows the feature: it hears `.appear` the first time, and nothing again after that.
    public func appear(_ index: Int) {
        guard !isClosed, entries.indices.contains(index), !entries[index].hasAppeared,
            let feature = entries[index].feature
        else { return }
        entries[index].hasAppeared = true
        feature.handle(.appear)
    }

    /// Background or foreground, to every running feature in order; a repeat of the current state is ignored
    /// (a second focus-out does not pause twice). Returns whether it was delivered.
    @discardableResult
    public func report(_ event: LifecycleEvent) -> Bool {
        guard !isClosed, event != .appear, event != lifecycle else { return false }
        lifecycle = event
        for entry in entries { entry.feature?.handle(event) }
        return true
    }

    /// Lets every feature go: presenters are released, and their effects and timers cancelled with them.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        for entry in entries { entry.close() }
    }
}
