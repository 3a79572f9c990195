/// A bounded cache: at most `capacity` units of cost (bytes), the least recently used going first.
struct PictureCache<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, cost: Int, lastUse: UInt64)] = [:]
    private var clock: UInt64 = 0
    private(set) var totalCost = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    var count: Int { entries.count }

    mutating func value(for key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key]?.lastUse = clock
        return entry.value
    }

    func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// Keeps `value` unless it alone is past the capacity; evicts the least recently used until the rest fits.
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        remove(key)
        guard cost <= capacity else { return }
        while totalCost + cost > capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            remove(oldest)
        }
        clock += 1
        entries[key] = (value, cost, clock)
        totalCost += cost
    }

    mutating func remove(_ key: Key) {
        if let old = entries.removeValue(forKey: key) { totalCost -= old.cost }
    }

    mutating func removeAll(where condition: (Key) -> Bool) {
        for key in entries.keys where condition(key) { remove(key) }
    }
}
