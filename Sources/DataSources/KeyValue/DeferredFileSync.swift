import FeatureHostCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes a settings file's latest saves durable against a power loss a moment after they were made, once for a burst
/// of saves rather than once per save: the journal folded into the file, or the file fsynced (`PlistFileStore.foldJournal`).
///
/// A save that killed the process (SIGKILL) still finds its bytes: `write` and `rename` reach the kernel's page
/// cache, which outlives the process, so a save written without any fsync is kept whole or not at all. Only a power
/// loss needs the fsyncs, and they were 11 % of the server's CPU per pin click (two per toggle). Here they run on a
/// background queue `delay` after the first unsynced save, covering every save made until then: a power loss loses
/// at most that window, a kill nothing that was written.
package final class DeferredFileSync: Sendable {
    static let delay: DispatchTimeInterval = .seconds(1)

    private let sync: @Sendable () -> Void
    private let queue = DispatchQueue(label: "featurehost.file-sync", qos: .utility)
    /// Whether a sync is due.
    private let pending = Locked(false)

    init(_ sync: @escaping @Sendable () -> Void) { self.sync = sync }

    /// Called after each save: schedules one sync unless one is already due.
    func didReplace() {
        let schedule = pending.withLock { pending in
            defer { pending = true }
            return !pending
        }
        guard schedule else { return }
        queue.asyncAfter(deadline: .now() + Self.delay) { [self] in syncNow() }
    }

    /// Whether a sync is due: saves since the last one are in the page cache only.
    package var isPending: Bool { pending.withLock { $0 } }

    /// The saves to disk now (also what a test calls rather than waiting, and a short-lived command before it exits).
    package func syncNow() {
        pending.withLock { $0 = false }
        sync()
    }
}
