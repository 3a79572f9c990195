import Foundation

/// Keeps a probe of an `ActivityTracker` counting until `cancel()` is called or the probe is released.
public final class ActivityProbe: Sendable {
    private let cancelled = Locked(false)

    public init() {}

    public var isCancelled: Bool { cancelled.withLock { $0 } }

    public func cancel() { cancelled.withLock { $0 = true } }

    deinit { cancel() }
}
