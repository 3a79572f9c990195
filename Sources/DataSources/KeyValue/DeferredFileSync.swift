import FeatureHostCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes a file's latest replacement durable against a power loss a moment after it was written, once for a burst
/// of saves rather than once per save.
///
/// A save that killed the process (SIGKILL) still finds its bytes: `write` and `rename` reach the kernel's page
/// cache, which outlives the process, so a save written with `AtomicFileWriter.replace(_:with:syncing: false)` is
/// kept whole or not at all without any fsync. Only a power loss needs the fsyncs, and they were 11 % of the server's
/// CPU per pin click (two per toggle). Here they run on a background queue `delay` after the first unsynced save,
/// covering every save made until then: a power loss loses at most that window, a kill nothing that was written.
package final class DeferredFileSync: Sendable {
    static let delay: DispatchTimeInterval = .seconds(1)

    private let file: URL
    private let queue = DispatchQueue(label: "featurehost.file-sync", qos: .utility)
    /// Whether a sync is due.
    private let pending = Locked(false)

    init(file: URL) { self.file = file }

    /// Called after each replacement of the file: schedules one sync unless one is already due.
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

    /// The file and its folder to disk now (also what a test calls rather than waiting).
    package func syncNow() {
        pending.withLock { $0 = false }
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
        AtomicFileWriter.syncFolder(of: file)
    }
}
