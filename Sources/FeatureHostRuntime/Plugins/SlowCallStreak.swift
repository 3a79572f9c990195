/// One plugin instance's slow calls in a row (`PluginLimits.slowCallThreshold`), counted per kind of call: a
/// plugin slow on every page event is still slow when a fast render comes between two of them, so only a fast call
/// of the same kind ends a streak.
struct SlowCallStreak {
    private var counts: [String: Int] = [:]

    /// Records one call of `kind` that took `duration` of real time; true when it made `limit` slow ones in a row
    /// (never with a `limit` of 0 or less: the bound is off).
    mutating func record(_ kind: String, took duration: Duration, threshold: Duration, limit: Int) -> Bool {
        guard duration > threshold else {
            counts[kind] = nil
            return false
        }
        let count = (counts[kind] ?? 0) + 1
        counts[kind] = count
        return limit > 0 && count >= limit
    }

    /// A new instance (a restart) starts with no streak.
    mutating func reset() { counts = [:] }
}
