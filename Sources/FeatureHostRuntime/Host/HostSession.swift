import FeatureHostCore

/// What runs for one user of the host, whatever the surface: each enabled feature or why it could not
/// start, which features have appeared, and the lifecycle every running feature hears. The terminal shell
/// has one; the web surface has one per page load. A surface reports what happened (a feature shown, focus
/// lost, a tab hidden); the session decides who hears it.
@MainActor
public final class HostSession {
    public final class Entry {
        public enum State {
            case running(any FeatureInstance)
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

        public var feature: (any FeatureInstance)? {
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

    /// The features in config order, then the error entries (plugins that failed); a reload replaces it (`apply`).
    public private(set) var entries: [Entry]
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

    /// What a reload did to the running features, for the surfaces to follow.
    public struct Applied {
        /// New instances (turned on, restarted, or tried again after failing): a surface showing one opens it afresh.
        public var started: Set<FeatureID> = []
        /// Closed because the new config turned them off, with their titles.
        public var stopped: [FeatureID: String] = [:]
    }

    /// Applies a validated config's `diff`: a feature turned off is closed, one turned on or restarted (another
    /// source, settings or build) is launched with `launcher`, and every other entry is kept as it is, its instance
    /// untouched (a countdown goes on, typed text stays). New locale settings reach each kept instance as the
    /// launcher's conventions (`FeatureInstance.reformat(for:)`); one that cannot format again in place is made again.
    /// One that had failed to start is tried again.
    /// `features` are the new config's enabled features in order; `extra` the new error entries.
    @discardableResult
    public func apply(_ diff: ConfigDiff, features: [ResolvedFeature], launcher: FeatureLauncher, extra: [Entry] = []) -> Applied {
        guard !isClosed else { return Applied() }
        var applied = Applied()
        let current = Dictionary(entries.map { ($0.manifest.id, $0) }, uniquingKeysWith: { first, _ in first })
        let kept = Set(features.map(\.id)).subtracting(diff.removed)
        // New conventions: each kept instance formats again in place when it can; the others are made again.
        var reformatted: Set<FeatureID> = []
        if diff.localeChanged {
            let conventions = launcher.conventions
            for entry in entries where diff.keeps(entry.manifest.id) && entry.feature?.reformat(for: conventions) == true {
                reformatted.insert(entry.manifest.id)
            }
        }
        let keeps = { (entry: Entry) in diff.keeps(entry.manifest.id) && (!diff.localeChanged || reformatted.contains(entry.manifest.id)) }
        for entry in entries where !kept.contains(entry.manifest.id) || entry.feature != nil && !keeps(entry) {
            if diff.removed.contains(entry.manifest.id) { applied.stopped[entry.manifest.id] = entry.manifest.title }
            // Closed before its successor is made: an instance may hold what the next one opens (a database, a file).
            entry.close()
        }
        entries =
            features.map { resolved in
                if let entry = current[resolved.id], entry.feature != nil, keeps(entry) { return entry }
                applied.started.insert(resolved.id)
                return Entry(launcher.launch(resolved))
            } + extra
        return applied
    }

    /// Lets every feature go: presenters are released, and their effects and timers cancelled with them.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        for entry in entries { entry.close() }
    }
}
