import FeatureHostCore
import Foundation

/// One fetch per key at a time: later callers wait for the running one. A cancelled caller stops waiting at
/// once; the fetch itself is cancelled only when nobody waits for it any more.
final class ImageFlights: @unchecked Sendable {
    typealias Outcome = Result<ImageReference, ImageFailure>

    private struct Flight {
        var id: UInt64
        var task: Task<Void, Never>
        var waiters: [UInt64: CheckedContinuation<Outcome, Never>]
    }

    private let lock = NSLock()
    private var flights: [String: Flight] = [:]
    private var nextWaiter: UInt64 = 0

    func join(_ key: String, fetch: @escaping @Sendable () async -> Outcome) async -> Outcome {
        let waiter: UInt64 = lock.withLock {
            nextWaiter += 1
            return nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                lock.withLock {
                    if Task.isCancelled {
                        continuation.resume(returning: .failure(ImageFailure("The image request was cancelled.")))
                        return
                    }
                    if flights[key] == nil {
                        let id = waiter
                        let task = Task { [weak self] in
                            let outcome = await fetch()
                            self?.finish(key, flight: id, with: outcome)
                        }
                        flights[key] = Flight(id: id, task: task, waiters: [:])
                    }
                    flights[key]?.waiters[waiter] = continuation
                }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Outcome, Never>? = lock.withLock {
                guard let continuation = flights[key]?.waiters.removeValue(forKey: waiter) else { return nil }
                if flights[key]?.waiters.isEmpty == true {
                    flights[key]?.task.cancel()
                    flights[key] = nil
                }
                return continuation
            }
            continuation?.resume(returning: .failure(ImageFailure("The image request was cancelled.")))
        }
    }

    /// Only the flight that is still current hands out its outcome: one cancelled and replaced stays silent.
    private func finish(_ key: String, flight id: UInt64, with outcome: Outcome) {
        let waiters: [CheckedContinuation<Outcome, Never>] = lock.withLock {
            guard flights[key]?.id == id else { return [] }
            return flights.removeValue(forKey: key)?.waiters.values.map { $0 } ?? []
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }
}
