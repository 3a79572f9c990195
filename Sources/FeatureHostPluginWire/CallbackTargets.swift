import FeatureHostCore
import Foundation

/// Objects the other side of the plugin boundary reaches through a context pointer. The pointer carries a
/// number, never an address: a call that comes late (after a timeout, after `destroy`), twice, from another
/// thread, or with a number never handed out finds nothing, instead of freed memory.
public final class CallbackTargets<Target: AnyObject & Sendable>: Sendable {
    private struct State {
        var next: UInt = 0
        var targets: [UInt: Target] = [:]
    }
    private let state = Locked(State())

    public init() {}

    /// Keeps `target` until `remove`, and returns the context pointer that finds it.
    public func add(_ target: Target) -> UnsafeMutableRawPointer? {
        let number: UInt = state.withLock { state in
            state.next += 1
            state.targets[state.next] = target
            return state.next
        }
        return UnsafeMutableRawPointer(bitPattern: number)
    }

    /// The target a context pointer stands for, while it is kept.
    public func target(_ pointer: UnsafeMutableRawPointer?) -> Target? {
        let number = UInt(bitPattern: pointer)
        return state.withLock { $0.targets[number] }
    }

    /// Forgets the target; later calls with its pointer find nothing. Returns it if it was still kept.
    @discardableResult
    public func remove(_ pointer: UnsafeMutableRawPointer?) -> Target? {
        let number = UInt(bitPattern: pointer)
        return state.withLock { $0.targets.removeValue(forKey: number) }
    }

    /// How many targets are kept (a test's check that nothing is left behind).
    public var count: Int { state.withLock { $0.targets.count } }
}
