/// The ids of the effects and timers that really start, in the order they start: the seam a test store reads to
/// assert them. An `EffectRunner` notes each `run`, each `after`, and each `timer` that starts (not one whose id
/// already runs). A context carries one only in tests (`TestHost`); in production it is nil, and the runner's
/// only cost is that nil check.
///
/// Shared by every runner made from the contexts that carry it: a store reads the starts of every presenter on
/// its host.
public final class EffectLog: Sendable {
    private let ids = Locked<[String]>([])

    public init() {}

    /// Notes that the effect or timer `id` started.
    public func record(_ id: String) {
        ids.withLock { $0.append(id) }
    }

    /// The ids noted since the log was made or last taken from, oldest first; forgets them.
    public func take() -> [String] {
        ids.withLock { ids in
            let taken = ids
            ids = []
            return taken
        }
    }
}
