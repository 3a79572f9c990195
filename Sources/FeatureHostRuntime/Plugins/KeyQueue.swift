/// One plugin instance's keys the host has not had an answer for: at most one on its way to the plugin and, behind
/// it, at most `limit` waiting in order. A plugin that thinks is never sent a pile of keys at once (each one's time is
/// its own, for `SlowCallStreak`), and a key flood into a hung one takes bounded memory: a key past the cap is dropped.
struct KeyQueue {
    /// What became of a key that came.
    enum Arrival: Equatable {
        /// Nothing is on its way: send it now.
        case send
        /// It waits behind the key on its way.
        case queued
        /// The queue was full; `first` for the first key dropped since it was last empty.
        case dropped(first: Bool)
    }

    /// A key is on its way to the plugin.
    private(set) var isSending = false
    private var waiting: [[UInt8]] = []
    /// Keys dropped since the instance was made; each flood is noted once, when its first key is dropped.
    private(set) var dropped = 0
    private(set) var isOverflowing = false
    /// Changes with each reset, so a reply to a key of the old instance (before a restart) is recognised.
    private(set) var epoch = 0

    /// The keys waiting behind the one on its way.
    var count: Int { waiting.count }

    mutating func arrive(_ bytes: [UInt8], limit: Int) -> Arrival {
        guard isSending else {
            isSending = true
            return .send
        }
        guard count < max(limit, 0) else {
            dropped += 1
            defer { isOverflowing = true }
            return .dropped(first: !isOverflowing)
        }
        waiting.append(bytes)
        return .queued
    }

    /// The key on its way was answered (or will never be): the next one to send, which is then on its way.
    mutating func answered() -> [UInt8]? {
        guard !waiting.isEmpty else {
            isSending = false
            isOverflowing = false
            return nil
        }
        // At most `limit` to move: a queue that never empties (keys held down into a slow plugin) stays that size.
        return waiting.removeFirst()
    }

    /// The instance stopped or was made anew: nothing of the old one is sent. Returns how many keys were waiting.
    @discardableResult
    mutating func reset() -> Int {
        let count = self.count
        let epoch = self.epoch &+ 1
        let dropped = self.dropped
        self = KeyQueue()
        self.epoch = epoch
        self.dropped = dropped
        return count
    }
}
