import Foundation

/// Objects the other side of the plugin boundary reaches through a context pointer. The pointer carries a
/// number, never an address: a call that comes late (after a timeout, after `destroy`), twice, from another
/// thread, or with a number never handed out finds nothing, instead of freed memory.
public final class CallbackTargets<Target: AnyObject & Sendable>: @unchecked Sendable {
    // @unchecked: `next` and `targets` are only touched while `lock` is held.
    private let lock = NSLock()
    private var next: UInt = 0
    private var targets: [UInt: Target] = [:]

    public init() {}

    /// Keeps `target` until `remove`, and returns the context pointer that finds it.
    public func add(_ target: Target) -> UnsafeMutableRawPointer? {
        let number: UInt = lock.withLock {
            next += 1
            targets[next] = target
            return next
        }
        return UnsafeMutableRawPointer(bitPattern: number)
    }

    /// The target a context pointer stands for, while it is kept.
    public func target(_ pointer: UnsafeMutableRawPointer?) -> Target? {
        let number = UInt(bitPattern: pointer)
        return lock.withLock { targets[number] }
    }

    /// Forgets the target; later calls with its pointer find nothing. Returns it if it was still kept.
    @discardableResult
    public func remove(_ pointer: UnsafeMutableRawPointer?) -> Target? {
        let number = UInt(bitPattern: pointer)
        return lock.withLock { targets.removeValue(forKey: number) }
    }

    /// How many targets are kept (a test's check that nothing is left behind).
    public var count: Int { lock.withLock { targets.count } }
}
