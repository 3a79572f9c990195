/// The newest reply to a call a scene makes again and again (render, render_html) when its replies may come after
/// the scene has drawn: while one is on its way the scene gets the last one, and the reply that arrives is kept for
/// the next ask, which then makes no call (it is what that ask wants, unless the scene asked again meanwhile: the
/// plugin may have changed since it answered). One call at a time, so a slow plugin is never sent a queue of them.
struct LatestReply<Key: Equatable> {
    /// What an ask does: use these bytes without a call (nil: nothing for this key yet), or call the plugin.
    enum Ask: Equatable {
        case reuse([UInt8]?)
        case call
    }

    private(set) var isWaiting = false
    private var askedAgain = false
    private var fresh: (key: Key, bytes: [UInt8])?
    private var last: (key: Key, bytes: [UInt8])?

    mutating func ask(_ key: Key) -> Ask {
        if isWaiting {
            askedAgain = true
            return .reuse(last(for: key))
        }
        defer {
            fresh = nil
            askedAgain = false
        }
        if let fresh, fresh.key == key, !askedAgain { return .reuse(fresh.bytes) }
        return .call
    }

    /// A reply that came within the call.
    mutating func answered(_ key: Key, _ bytes: [UInt8]) { last = (key, bytes) }

    /// A call whose reply comes later.
    mutating func sent() { isWaiting = true }

    /// The later reply; nil when there is none (the plugin stopped, or a restart made it stale).
    mutating func arrived(_ key: Key, _ bytes: [UInt8]?) {
        isWaiting = false
        guard let bytes else { return }
        last = (key, bytes)
        fresh = (key, bytes)
    }

    /// A new instance (a restart): nothing of the old one is shown.
    mutating func reset() { self = LatestReply() }

    /// The last reply for `key`, if the last one was for it.
    func last(for key: Key) -> [UInt8]? { last.flatMap { $0.key == key ? $0.bytes : nil } }
}
