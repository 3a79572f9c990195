/// The focus order of a screen's controls. Every feature uses the same keys: Tab and ↓ move to the next
/// control, Shift-Tab and ↑ to the previous one, wrapping around at either end.
public struct FocusRing<ID: Hashable & Sendable>: Sendable, Equatable {
    public private(set) var ids: [ID]
    /// The focused control; nil only when the ring is empty.
    public private(set) var focused: ID?

    /// Focuses `focused` when it is one of `ids`, otherwise the first id.
    public init(_ ids: [ID], focused: ID? = nil) {
        self.ids = ids
        self.focused = focused.flatMap { ids.contains($0) ? $0 : nil } ?? ids.first
    }

    public func isFocused(_ id: ID) -> Bool { focused == id }

    public mutating func next() { step(by: 1) }

    public mutating func previous() { step(by: -1) }

    /// Focuses `id` if it is in the ring; otherwise leaves focus where it is.
    public mutating func focus(_ id: ID) {
        if ids.contains(id) { focused = id }
    }

    /// Replaces the controls (a popup opened, a button disappeared), keeping focus on the same id when it
    /// is still there and falling back to the first.
    public mutating func setIDs(_ newIDs: [ID]) {
        ids = newIDs
        if let current = focused, newIDs.contains(current) { return }
        focused = newIDs.first
    }

    /// Moves focus for Tab, Shift-Tab, ↓ and ↑; other keys are ignored.
    public mutating func handle(_ key: Key) -> KeyHandling {
        switch key {
        case .tab, .down: next()
        case .backTab, .up: previous()
        default: return .ignored
        }
        return .handled
    }

    private mutating func step(by delta: Int) {
        guard !ids.isEmpty else { return }
        let current = focused.flatMap { ids.firstIndex(of: $0) } ?? (delta > 0 ? ids.count - 1 : 0)
        let nextIndex = (current + delta + ids.count) % ids.count
        focused = ids[nextIndex]
    }
}
