import Foundation

/// A latch a thread waits on until the test opens it, e.g. a `LoopbackHTTPServer` reply held so a request
/// stays in flight for as long as the test looks, whatever the machine's load. Once open it stays open.
///
/// A wait is bounded (30 s by default), so a test that forgets to open the gate fails instead of hanging.
public final class BlockingGate: @unchecked Sendable {
    // NSCondition is thread-safe; `isOpen` is only touched with it locked.
    private let condition = NSCondition()
    private var isOpen = false

    public init() {}

    public func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks the calling thread until the gate opens or `timeout` seconds pass; true when it opened.
    @discardableResult
    public func wait(timeout: Double = 30) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let limit = Date().addingTimeInterval(timeout)
        while !isOpen, condition.wait(until: limit) {}
        return isOpen
    }
}
