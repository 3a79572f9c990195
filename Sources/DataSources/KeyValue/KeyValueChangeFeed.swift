import FeatureHostCore
import Foundation

/// Tells every store of one preferences file which values changed: those saved by another store of the file in
/// this process (two web pages of one run, the shell and a page) at once, and those changed by another process
/// (`featurehost store set`, a second host over the same data directory) when asked to look
/// (`lookForOutsideChanges`: `serve` looks every few seconds and whenever a page is shown or focused; the shell
/// every few seconds and when its terminal regains focus).
///
/// One per file and run, made by the host (`HostEnvironment`). Looking costs a `stat` of the file while it is
/// unchanged; when it changed, one read, compared with the values last seen.
public final class KeyValueChangeFeed: Sendable {
    /// Full names (`<feature id>.<key>`), as the file holds them.
    private let broadcast: ChangeBroadcast<Set<String>>
    private let reader: PlistFileStore
    private let activity: ActivityTracker?
    private let queue = DispatchQueue(label: "featurehost.key-value-changes")
    /// The values as last saved here or looked at.
    private let seen: Locked<[String: Data]>

    /// - Parameters:
    ///   - suiteFile: the file as `PlistFileStore` names it (without `.plist`).
    ///   - activity: where a change still to be delivered, or a look under way, counts as in flight.
    public init(suiteFile: URL, activity: ActivityTracker? = nil) {
        reader = PlistFileStore(file: suiteFile, prefix: "")
        self.activity = activity
        broadcast = ChangeBroadcast(countingOn: activity)
        seen = Locked(reader.allValues() ?? [:])
    }

    /// A store of the file saved `name` (nil data: removed): its observers elsewhere hear it now.
    func didSave(_ name: String, data: Data?, from store: ObjectIdentifier) {
        seen.withLock { $0[name] = data }
        broadcast.post([name], from: store)
    }

    /// What a store of the file (`store`, whose own saves it does not hear) observes: its names, without `prefix`.
    func observe<Owner: AnyObject & Sendable>(
        _ owner: Owner, store: ObjectIdentifier, prefix: String, _ onChange: @escaping @MainActor @Sendable (Owner, Set<String>) -> Void
    ) {
        broadcast.observe(owner, as: store) { owner, names in
            let keys = Set(names.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
            if !keys.isEmpty { onChange(owner, keys) }
        }
    }

    /// Looks, off the caller's thread, for values another process changed since they were last seen, and tells
    /// the observers. Counted as in flight until they have heard.
    public func lookForOutsideChanges() {
        activity?.begin()
        queue.async { [self] in
            lookNow()
            activity?.end()
        }
    }

    /// The same, on the caller's thread; returns the names that changed. A file that cannot be read now changes
    /// nothing (its stores say why when they read).
    @discardableResult
    public func lookNow() -> Set<String> {
        guard let values = reader.allValues() else { return [] }
        let changed: Set<String> = seen.withLock { seen in
            let names = Set(values.keys).union(seen.keys).filter { values[$0] != seen[$0] }
            seen = values
            return names
        }
        if !changed.isEmpty { broadcast.post(changed) }
        return changed
    }
}
