import FeatureHostCore
import FeatureHostPluginWire

/// Keys: the shell must know at once whether the plugin takes a key, and the plugin must never hold the host's main
/// actor while it thinks about one.
extension PluginProcessInstance {
    /// Who a key belongs to when the plugin cannot say in time.
    public enum KeyOwner: Sendable {
        /// The plugin: the key is sent (or waits its turn) and counts as handled.
        case plugin
        /// The shell (Esc when the plugin's last key hints leave it to the shell): it counts as not handled, so the
        /// shell acts on it, and is not sent if it has not been yet.
        case shell
    }

    /// Sends the key and blocks at most `replyWait` for whether the plugin took it: the whole deadline under a
    /// manual clock, so tests and `snapshot` get the plugin's own answer; 10 ms with a live clock, which a plugin
    /// that does not think answers well within. When the reply does not come in that time, or a key before this
    /// one is still on its way, the answer is `whenBusy`'s, from the plugin's last key hints, and the main actor
    /// goes on: a key waits its turn behind the one on its way (at most `PluginLimits.queuedKeys`; more are dropped
    /// and noted in the plugin's log) and each reply's frame requests are drawn when it comes. A plugin slow on keys
    /// is stopped by `slowCallsInARow`, as for any call.
    public func handleKey(_ bytes: [UInt8], whenBusy owner: KeyOwner = .plugin) -> Bool {
        guard isRunning else { return false }
        // A key the shell takes is not queued: it would reach the plugin after the shell acted on it.
        if keys.isSending, owner == .shell { return false }
        switch keys.arrive(bytes, limit: library.limits.queuedKeys) {
        case .send:
            switch sendKey(bytes, blocking: nil) {
            case .taken(let taken):
                _ = keys.answered()
                return taken
            case .stopped:
                dropWaitingKeys()
                return false
            case .later:
                return owner == .plugin
            }
        case .queued:
            // Work in flight until it is answered, so `snapshot` and tests wait for it.
            waiting.withLock { $0 += 1 }
            return true
        case .dropped(let first):
            if first {
                library.output.note(
                    "the host dropped keys for \(name): \(library.limits.queuedKeys) were waiting for it to answer the one before")
            }
            return true
        }
    }

    /// Keys dropped because `PluginLimits.queuedKeys` were already waiting.
    public var droppedKeys: Int { keys.dropped }

    /// Keys on their way to the plugin or waiting behind one: 0 while it has answered every key.
    public var unansweredKeys: Int { keys.count + (keys.isSending ? 1 : 0) }

    private enum KeyAnswer {
        /// The reply came within the wait: whether the plugin took the key.
        case taken(Bool)
        /// The plugin is not running, or the key stopped it.
        case stopped
        /// On its way: its reply sends the next key waiting.
        case later
    }

    /// Sends one key; the queue is the caller's to move on.
    private func sendKey(_ bytes: [UInt8], blocking: Duration?) -> KeyAnswer {
        let epoch = keys.epoch
        let answer = call(.key(instance: number, bytes: bytes), blocking: blocking) { [weak self] _ in
            // A reply from before a restart: the new instance's keys are its own.
            guard let self, self.keys.epoch == epoch else { return }
            self.sendNextKey()
        }
        switch answer {
        case .reply(let reply): return .taken(reply.number == 1)
        case .none: return .stopped
        case .later: return .later
        }
    }

    /// The key on its way was answered: the next ones waiting go, in order, without blocking (this runs on the main
    /// actor), until one is on its way.
    private func sendNextKey() {
        while let next = keys.answered() {
            waiting.withLock { $0 -= 1 }
            switch sendKey(next, blocking: .zero) {
            case .taken: continue
            case .stopped: return dropWaitingKeys()
            case .later: return
            }
        }
    }

    /// A stopped or new instance is sent none of the keys that waited.
    func dropWaitingKeys() {
        let count = keys.reset()
        if count > 0 { waiting.withLock { $0 -= count } }
    }
}
