import FeatureHostCore
import Foundation

/// One fetch per key at a time: later callers wait for the running one. A cancelled caller stops waiting at
/// once; the fetch itself is cancelled only when nobody waits for it any more.
final class ImageFlights: Sendable {
    typealias Outcome = Result<ImageReference, ImageFailure>

    private struct Flight {
        var id: UInt64
        var task: Task<Void, Never>
        var waiters: [UInt64: CheckedContinuation<Outcome, Never>]
    }

    private struct State {
        var flights: [String: Flight] = [:]
        var nextWaiter: UInt64 = 0
    }
    private let state = Locked(State())

    func join(_ key: String, fetch: @escaping @Sendable () async -> Outcome) async -> Outcome {
        let waiter: UInt64 = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                state.withLock { state in
                    if Task.isCancelled {
                        continuation.resume(returning: .failure(ImageFailure("The image request was cancelled.")))
                        return
                    }
                    if state.flights[key] == nil {
                        let id = waiter
                        let task = Task { [weak self] in
                            let outcome = await fetch()
                            self?.finish(key, flight: id, with: outcome)
                        }
                        state.flights[key] = Flight(id: id, task: task, waiters: [:])
                    }
                    state.flights[key]?.waiters[waiter] = continuation
                }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Outcome, Never>? = state.withLock { state in
                guard let continuation = state.flights[key]?.waiters.removeValue(forKey: waiter) else { return nil }
                if state.flights[key]?.waiters.isEmpty == true {
                    state.flights[key]?.task.cancel()
                    state.flights[key] = nil
                }
                return continuation
            }
            continuation?.resume(returning: .failure(ImageFailure("The image request was cancelled.")))
        }
    }

    /// Only the flight that is still current hands out its outcome: one cancelled and replaced stays silent.
    private func finish(_ key: String, flight id: UInt64, with outcome: Outcome) {
        let waiters: [CheckedContinuation<Outcome, Never>] = state.withLock { state in
            guard state.flights[key]?.id == id else { return [] }
            return state.flights.removeValue(forKey: key)?.waiters.values.map { $0 } ?? []
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }
}
