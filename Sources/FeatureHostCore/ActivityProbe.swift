import Foundation

/// Keeps a probe of an `ActivityTracker` counting until `cancel()` is called or the probe is released.
public final class ActivityProbe: @unchecked Sendable {
    // @unchecked: `cancelled` is only touched while `lock` is held.
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    public var isCancelled: Bool { lock.withLock { cancelled } }

    public func cancel() { lock.withLock { cancelled = true } }

    deinit { cancel() }
}
