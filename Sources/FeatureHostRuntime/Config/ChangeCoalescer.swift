/// When a burst of file events becomes one "the config changed": after `settle` of quiet, but never later
/// than `longest` after the burst's first event, so a file rewritten without pause still notifies a few
/// times a second, and the last change is always followed by one notice. Times are offsets on one clock
/// the caller chooses; the value does no timing of its own.
public struct ChangeCoalescer: Sendable, Equatable {
    public let settle: Duration
    public let longest: Duration
    /// The first event of the burst not yet reported; nil when nothing is pending.
    public private(set) var firstEvent: Duration?
    /// The latest event of that burst.
    public private(set) var lastEvent: Duration?

    /// `longest` defaults to four times `settle`; it is never shorter than `settle`.
    public init(settle: Duration, longest: Duration? = nil) {
        let settle = max(settle, .zero)
        self.settle = settle
        self.longest = max(longest ?? settle * 4, settle)
    }

    /// An event seen at `time`.
    public mutating func event(at time: Duration) {
        if let lastEvent {
            self.lastEvent = max(lastEvent, time)
        } else {
            firstEvent = time
            lastEvent = time
        }
    }

    /// When the pending burst is due to be reported; nil when nothing is pending.
    public var nextDeadline: Duration? {
        guard let firstEvent, let lastEvent else { return nil }
        return min(lastEvent + settle, firstEvent + longest)
    }

    public func due(at time: Duration) -> Bool {
        guard let deadline = nextDeadline else { return false }
        return time >= deadline
    }

    /// True, and the burst is cleared, when it is due at `time`: the caller then reports one change.
    public mutating func take(at time: Duration) -> Bool {
        guard due(at: time) else { return false }
        firstEvent = nil
        lastEvent = nil
        return true
    }
}
