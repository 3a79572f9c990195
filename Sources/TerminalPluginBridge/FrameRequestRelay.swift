import CFeatureHostPluginABI
import FeatureHostCore
import FeatureHostPluginWire
import Foundation
import Observation

/// Where a plugin's frame requests arrive. The C callback finds the relay through its context number
/// (`CallbackTargets`), so a request after the instance is gone is dropped. The ABI asks for the main thread;
/// a request from another thread is not trusted to be rare or harmless, so it is moved to the main actor,
/// coalesced: however many arrive before the main actor gets to them, one frame request is delivered.
///
/// Observable: the plugin's scenes read `requests` when they render, so a request is a change the surface's
/// render loop sees, like a built-in presenter's.
@MainActor
@Observable
final class FrameRequestRelay {
    /// The relays of live instances, by context number.
    nonisolated static let live = CallbackTargets<FrameRequestRelay>()

    /// How many requests were delivered on the main actor.
    private(set) var requests = 0
    /// Set while a hop to the main actor is queued; guarded by its own lock, as other threads set it.
    @ObservationIgnored private nonisolated let hopQueued = HopLatch()

    /// How many requests were delivered.
    var delivered: Int { requests }

    func fire() {
        requests += 1
    }

    /// A request from a thread other than the main one: delivered on the main actor, once per queued hop.
    nonisolated func fireFromAnotherThread() {
        guard hopQueued.queue() else { return }
        Task { @MainActor in
            // Cleared first: a request that arrives while this one is delivered queues the next hop.
            self.hopQueued.clear()
            self.fire()
        }
    }

    static let callback: featurehost_frame_request_fn = { context in
        guard let relay = live.target(context) else { return }
        if MainQueueMark.isOnMainActor {
            MainActor.assumeIsolated { relay.fire() }
        } else {
            relay.fireFromAnotherThread()
        }
    }
}

/// Whether a hop is queued; set by any thread, cleared by the main actor.
final class HopLatch: Sendable {
    private let queued = Locked(false)

    /// True when this call queued the hop (none was queued).
    func queue() -> Bool {
        queued.withLock { queued in
            defer { queued = true }
            return !queued
        }
    }

    func clear() { queued.withLock { $0 = false } }
}

/// Tells whether the caller runs on the main actor without trapping. The main actor's executor is the main
/// dispatch queue, so a mark set on that queue is seen by its jobs, whichever thread drains it: in `swift test`
/// on Linux that is not the main thread. Only a true answer is acted on (`MainActor.assumeIsolated`); a false
/// one costs a hop, never safety.
enum MainQueueMark {
    static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Inside a host call on this thread (cheap, the common case), on the main thread, or in a main-queue job.
    static var isOnMainActor: Bool { HostCall.isCurrent || Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true }
}
